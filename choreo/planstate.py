"""The planner's working state between steps: timelines, meetings to synchronise, objects carried,
and snapshots taken before every step so that planning can resume from any of them.

Mutable, and private to the planning: the Choreography built from it is frozen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from choreo.errors import Location
from choreo.model import Event, Step
from choreo.timeline import XY, Timeline


@dataclass
class Meeting:
    """One party's arrival at the point of a 相左."""

    step: str
    figure: str
    partner: str
    t: float
    wait_key: tuple[str, str, int]  # the action to delay if this party is early
    loc: Location | None = None


@dataclass
class Carry:
    """An object in someone's hands or at rest over [t0, t1): frozen into the Choreography's Holds,
    and a declared object's own track is derived from them.

    ``obj`` is ``obj.NAME`` for a declared object (one of it: its records follow each other), else
    the thing as the script names it (弓, 酒: each holder has his own). Ownership changes when a
    take begins, when a hand-over or a set-down ends; in between the object travels between hand
    and place: in the hand from ``grip``, leaving it at ``release`` (None: t0, t1).
    """

    obj: str
    t0: float
    t1: float
    carrier: str | None  # None: at rest at ``place``
    place: XY | None = None
    landmark: str = ""
    step: str = ""
    grip: float | None = None
    release: float | None = None


@dataclass
class PlanRun:
    timelines: dict[str, Timeline]
    stations: dict[str, str] = field(default_factory=dict)  # each figure's 位 now
    steps: list[Step] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)
    carries: list[Carry] = field(default_factory=list)

    def _open(self, obj: str, holder: str | None = None) -> list[Carry]:
        return [c for c in self.carries if c.obj == obj and math.isinf(c.t1)
                and (holder is None or c.carrier == holder)]

    def holder(self, obj: str) -> str | None:
        """Who has ``obj`` in his hands now (a declared object), None if it rests or is unknown."""
        held = [c for c in self._open(obj) if c.carrier is not None]
        return held[-1].carrier if held else None

    def take(self, obj: str, figure: str, t: float, done: float, step: str) -> None:
        """``figure`` takes up ``obj`` at t; it is in his hand at ``done``."""
        if obj.startswith("obj."):
            for c in self._open(obj):
                c.t1 = t
                if c.carrier is not None:
                    c.release = t
        elif self._open(obj, figure):
            return  # he holds one already
        self.carries.append(Carry(obj, t, math.inf, figure, step=step, grip=done))

    def hand_over(self, obj: str, giver: str, receiver: str, done: float, step: str) -> None:
        """``giver`` hands ``obj`` to ``receiver``; it is in the receiver's hands at ``done``."""
        for c in self._open(obj) if obj.startswith("obj.") else self._open(obj, giver):
            c.t1 = done
        if obj.startswith("obj.") or not self._open(obj, receiver):
            self.carries.append(Carry(obj, done, math.inf, receiver, step=step))

    def set_down(self, obj: str, figure: str, t: float, done: float, step: str, spot: XY | None = None,
                 landmark: str = "") -> None:
        """``figure`` sets ``obj`` down from t; it rests at ``spot`` from ``done``."""
        for c in self._open(obj, figure):
            c.t1, c.release = done, t
        if obj.startswith("obj."):
            self.carries.append(Carry(obj, done, math.inf, None, spot, landmark, step))


def copy_open(carries: list[Carry]) -> list[Carry]:
    """Carries still open (the object still in someone's hands) are changed when it is set down;
    closed ones never change again and can be shared between snapshots."""
    return [replace(c) if math.isinf(c.t1) else c for c in carries]


@dataclass
class Snapshot:
    """The planning state before a step, so that a later pass can start again from there."""

    timelines: dict[str, tuple[list[list[float]], float]]
    steps: list[Step]
    events: list[Event]
    meetings: list[Meeting]
    carries: list[Carry]
    ends: dict[str, tuple[float, float]]
    previous_end: float
    stations: dict[str, str]

    @classmethod
    def take(cls, run: PlanRun, ends: dict, previous_end: float) -> Snapshot:
        # Sample rows are never changed once appended: a shallow copy of each list is enough.
        return cls({n: (list(tl.samples), tl.t) for n, tl in run.timelines.items()}, list(run.steps),
                   list(run.events), list(run.meetings), copy_open(run.carries), dict(ends),
                   previous_end, dict(run.stations))

    def restore(self) -> tuple[PlanRun, dict, float]:
        timelines = {}
        for name, (samples, t) in self.timelines.items():
            tl = Timeline(name, 0.0, 0.0, 0.0)
            tl.samples, tl.t = list(samples), t
            timelines[name] = tl
        run = PlanRun(timelines, dict(self.stations), list(self.steps), list(self.events), list(self.meetings),
                      copy_open(self.carries))
        return run, dict(self.ends), self.previous_end
