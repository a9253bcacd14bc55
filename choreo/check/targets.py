"""What an assertion's X names: a figure (moving), a landmark, or a relation like 司射之南.

Figures are looked up first (a figure moves: his track); every other place — a landmark, ``西階.top``,
a rank place ``射位一[1]``, [x, y], a relation — through ``stage.relations.resolve``, the planner's
own vocabulary, with the positions of every figure present. An unknown name is a ScriptError at the
assertion's position.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from choreo.check import kinematics as kin
from choreo.errors import ScriptError, YiliError, suggest
from choreo.model import Assertion, Choreography, Track
from stage.relations import is_point
from stage.relations import resolve as resolve_place


@dataclass(frozen=True, eq=False)
class Target:
    name: str
    kind: str  # figure | landmark | relation
    point: tuple[float, float] | None = None
    track: Track | None = None

    def positions(self, times: np.ndarray, side: str = "right") -> np.ndarray:
        if self.track is not None:
            return kin.positions(self.track, times, side)
        return np.broadcast_to(np.asarray(self.point, float), (len(times), 2))

    def present(self, times: np.ndarray) -> np.ndarray:
        if self.track is not None:
            return kin.present(self.track, times)
        return np.ones(len(times), bool)


def figure(ch: Choreography, name, assertion: Assertion) -> Track:
    """The track of a figure named in an assertion, or a ScriptError with a suggestion."""
    if not isinstance(name, str) or name not in ch.figures:
        raise ScriptError(f"{assertion.kind}: unknown figure '{name}' in step {assertion.step}",
                          getattr(name, "loc", None) or assertion.loc, suggest(str(name), ch.figures))
    track = ch.tracks.get(name)
    if track is None or len(track.samples) == 0:
        raise ScriptError(f"{assertion.kind}: figure '{name}' never appears (no track)",
                          getattr(name, "loc", None) or assertion.loc)
    return track


def positions_at(ch: Choreography, t: float) -> dict[str, tuple[float, float]]:
    out = {}
    for name, track in ch.tracks.items():
        at = track.at(t)
        if at is not None and not name.startswith("obj."):
            out[name] = (at[0], at[1])
    return out


def resolve(ch: Choreography, expr, assertion: Assertion, t_ref: float) -> Target:
    """Resolve X: a figure follows his track; any other place (a landmark, ``西階.top``, a rank place,
    [x, y], a relation) is the planner's own reading of it (``stage.relations.resolve``), with the
    figures where they are at ``t_ref``."""
    loc = getattr(expr, "loc", None) or assertion.loc
    if is_point(expr):
        return Target(f"({expr[0]}, {expr[1]})", "point", point=(float(expr[0]), float(expr[1])))
    if not isinstance(expr, str) or not expr:
        raise ScriptError(f"{assertion.kind}: target must be a name, got {expr!r}", loc)
    if expr in ch.figures and expr in ch.tracks and len(ch.tracks[expr].samples):
        return Target(expr, "figure", track=ch.tracks[expr])
    try:
        place = resolve_place(ch.venue, str(expr), positions=positions_at(ch, t_ref), loc=loc)
    except YiliError as exc:
        known = list(ch.figures) + list(ch.venue.landmarks)
        raise ScriptError(f"{assertion.kind}: cannot resolve '{expr}': {exc.message}", loc,
                          exc.suggestion or suggest(expr, known)) from None
    kind = "landmark" if place.relation in ("", "top") or place.relation.startswith("slot") else "relation"
    return Target(expr, kind, point=(float(place.x), float(place.y)))
