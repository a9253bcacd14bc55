"""The other reading's pieces played in the viewer where the comparison video plays them (pure: no pygame).

With the ghosts overlaid, a video plays, where the drawn reading's clock reaches a run's moment, that run's
pieces on the other reading's clock (a step of its own, the rest of a step it makes longer:
choreo.render.comparetime.runs), our figures waiting. The viewer playing does the same: its clock stops at
the run's moment while a :class:`Detour` plays the pieces at the viewer's speed, then goes on.
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo.model import Step
from choreo.render.comparetime import Run


@dataclass(frozen=True)
class Detour:
    """Where the viewer is in a run: its ``piece`` (index into run.pieces) at the other reading's moment t."""

    run: Run
    piece: int
    t: float

    @property
    def step(self) -> Step:
        return self.run.pieces[self.piece][0]

    @property
    def key(self) -> tuple:
        """What the picture depends on (the Steps themselves are compared by identity)."""
        return id(self.run), self.piece, self.t


def start(run: Run, piece: int = 0) -> Detour:
    return Detour(run, piece, run.pieces[piece][1])


def crossed(runs: tuple[Run, ...], t0: float, t1: float) -> Run | None:
    """The first run whose moment our clock passes going from t0 to t1 (t0 < moment ≤ t1): a clock that
    starts at the moment (a step begun there) has already passed it."""
    hits = [r for r in runs if t0 < r.wait <= t1]
    return min(hits, key=lambda r: r.wait) if hits else None


def advance(d: Detour, dt: float) -> tuple[Detour | None, float]:
    """``d`` moved on by dt seconds of the other reading's clock, piece after piece; (None, the time left
    over) once the run is played."""
    piece, t = d.piece, d.t + dt
    while True:
        end = d.run.pieces[piece][0].t1
        if t < end:
            return Detour(d.run, piece, t), 0.0
        left = t - end
        piece += 1
        if piece == len(d.run.pieces):
            return None, left
        t = d.run.pieces[piece][1] + left


def run_of(runs: tuple[Run, ...], step: Step) -> tuple[Run, int] | None:
    """The run and the index of the piece that plays the other reading's ``step``, if any."""
    for r in runs:
        for i, (s, _) in enumerate(r.pieces):
            if s is step:
                return r, i
    return None
