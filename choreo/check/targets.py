"""What an assertion's X names: a figure (moving), a landmark, or a relation like 司射之南.

Figures are looked up first (a figure's position at the relevant time), then landmarks (``西階.top``
for the top of a 階, ``射位一[1]`` for the first place of a rank, [x, y] for a point), then relation strings through ``stage.relations.resolve`` with the current
positions of every figure present. An unknown name is a ScriptError at the assertion's position.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from choreo.check import kinematics as kin
from choreo.errors import ScriptError, YiliError, suggest
from choreo.model import Assertion, Choreography, Track
from stage.vocabulary import rank_slot


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
    """Resolve X; relation strings are resolved once, with the figures where they are at ``t_ref``."""
    loc = getattr(expr, "loc", None) or assertion.loc
    if isinstance(expr, (list, tuple)) and len(expr) == 2 and all(isinstance(v, (int, float)) for v in expr):
        return Target(f"({expr[0]}, {expr[1]})", "point", point=(float(expr[0]), float(expr[1])))
    if not isinstance(expr, str) or not expr:
        raise ScriptError(f"{assertion.kind}: target must be a name, got {expr!r}", loc)
    if expr in ch.figures and expr in ch.tracks and len(ch.tracks[expr].samples):
        return Target(expr, "figure", track=ch.tracks[expr])
    venue = ch.venue
    base, _, attr = expr.partition(".")
    if base in venue.landmarks and attr in ("", "top"):
        lm = venue.landmarks[base]
        if attr == "top":
            if lm.top is None:
                raise ScriptError(f"{assertion.kind}: landmark '{base}' has no top", loc)
            return Target(expr, "landmark", point=(float(lm.top[0]), float(lm.top[1])))
        return Target(expr, "landmark", point=(float(lm.x), float(lm.y)))
    slot = rank_slot(expr)
    if slot and slot[0] in venue.landmarks:  # a rank place, counted from 1 as in scripts
        k = slot[1]
        if k < 1:
            raise ScriptError(f"{assertion.kind}: rank places count from 1: '{expr}'", loc)
        x, y = venue.landmarks[slot[0]].slot(k - 1)
        return Target(expr, "landmark", point=(float(x), float(y)))
    known = list(ch.figures) + list(venue.landmarks)
    try:
        from stage.relations import resolve as resolve_relation
    except ImportError:
        raise ScriptError(f"{assertion.kind}: '{expr}' is not a figure or a landmark of {venue.key}",
                          loc, suggest(expr, known)) from None
    try:
        place = resolve_relation(venue, str(expr), positions=positions_at(ch, t_ref), loc=loc)
    except YiliError as exc:
        raise ScriptError(f"{assertion.kind}: cannot resolve '{expr}': {exc.message}", loc,
                          exc.suggestion or suggest(expr, known)) from None
    return Target(expr, "relation", point=(float(place.x), float(place.y)))
