"""What a verb may ask of the planner while one step is planned: a declared, narrow protocol.

Verbs receive a ``VerbContext`` and nothing else of the planner: they never import
``choreo.planner`` nor write its state, and each can be run against a small fake context.
``choreo.planner.StepContext`` implements it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from choreo.model import Event
from choreo.planstate import Carry, ShotBook
from choreo.script import Action, FigureDecl, Script, StepDecl
from choreo.timeline import XY, Timeline
from stage.model import Venue
from stage.relations import Place
from stage.routing import Router


class VerbContext(Protocol):
    """The planner as a verb sees it during one step."""

    @property
    def venue(self) -> Venue:
        """The venue the script is planned in."""

    @property
    def script(self) -> Script:
        """The script being planned (its figures, groups and params)."""

    @property
    def step(self) -> StepDecl:
        """The step being planned."""

    @property
    def action(self) -> Action | None:
        """The action being planned (None before the first)."""

    book: ShotBook
    """The shots, calls, counters, music and counts planned so far (append-only; see choreo.verbs.shooting)."""

    # -- parameters and figures
    def param(self, name: str) -> float:
        """A parameter: the script's if it sets it, else the venue's."""

    def timeline(self, figure: str) -> Timeline:
        """The figure's (or object's) timeline as planned so far."""

    def has_timeline(self, name: str) -> bool:
        """Whether a figure or object of that name is on the floor (has a timeline)."""

    def replace_timeline(self, figure: str, timeline: Timeline) -> None:
        """Put a trial timeline in the figure's place (a walk tried again from a copy)."""

    def decl(self, figure: str) -> FigureDecl:
        """The figure's declaration in the script."""

    def station(self, figure: str) -> str:
        """The figure's 位 now (where 反位 takes him)."""

    def router(self, figure: str) -> Router:
        """The routing graph for a body of the figure's radius."""

    def record(self, figure: str, verb: str) -> None:
        """Note that the figure enacted ``verb`` in this step (for the conformance check)."""

    # -- events
    def event(self, figure: str, kind: str, duration: float = 0.0, detail: str = "") -> None:
        """An event at the figure's present time; he is busy for ``duration``."""

    def event_at(self, figure: str, kind: str, t: float, duration: float = 0.0, detail: str = "") -> None:
        """An event at time ``t`` that does not move the figure's clock."""

    def events(self) -> Sequence[Event]:
        """The events planned so far, in the order they were planned."""

    def contact(self, a: str, b: str, t0: float, t1: float, what: str) -> None:
        """A touch between two figures in this step (a hand-over): not a collision."""

    # -- places and motion
    def positions(self, t: float) -> dict[str, XY]:
        """Where every figure and object is at time ``t``."""

    def place(self, expr: Any, figure: str | None = None, *, side: str | None = None,
              offset: float | None = None) -> Place:
        """Resolve a place written in the script: a landmark, a relation, a rank slot, a figure."""

    def outside(self, figure: str) -> bool:
        """Whether the figure is outside the venue now: an 出 not yet followed by an 入."""

    def walk(self, figure: str, goal: XY, via: list[XY] | None = None, *, pace: float | None = None,
             duration: float | None = None) -> None:
        """Route the figure to ``goal`` through ``via`` and walk it, facing the way of travel."""

    def face(self, figure: str, bearing: float, direction: str = "short") -> None:
        """Turn the figure to ``bearing`` (degrees), the short way unless told."""

    def meet(self, figure: str, partner: str, t: float) -> None:
        """The figure passes ``partner`` (相左) at time ``t``: the planner synchronises the two."""

    def forget_meetings(self, figure: str) -> None:
        """Drop the meetings the present action recorded for the figure (its walk is tried again)."""

    # -- objects
    def holder(self, thing: str) -> str | None:
        """Who carries the object now (None if it rests)."""

    def carries(self, thing: str) -> Sequence[Carry]:
        """The object's carries and rests so far, in the order they were planned."""

    def take(self, figure: str, thing: str, t: float, done: float) -> None:
        """The figure takes up the object from ``t``, holding it from ``done``."""

    def hand_over(self, giver: str, receiver: str, thing: str, done: float) -> None:
        """The giver hands the object to the receiver, who holds it from ``done``."""

    def set_down(self, figure: str, thing: str, t: float, done: float, spot: XY, landmark: str = "",
                 parts: tuple[tuple[str, str], ...] = ()) -> None:
        """The figure sets the object down at ``spot`` (by ``landmark``) from ``t`` to ``done``."""
