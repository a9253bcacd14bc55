"""Turns, read from a track's unwrapped facing, and the arc with an arrowhead that shows one.

A track stores facing unwrapped (choreo/model.py): a 左還 decreases it (counter-clockwise seen from
above), a 右還 increases it, a 周 goes on the same way to a full circle, a 毋周 comes back the other
way. So the arc's sense is the sign of the change, not a guess from the verb's name.

A turn in place is a run of samples at one place whose facing changes one way by TURN_MIN or more. A
turn while walking is a chain of smaller changes of one sense with steps between them (the planner
turns a walker a little at each bend of his path: round the 西楹 to the 物, 還 on the way), each within
WALK_GAP of the last, together TURN_MIN or more; its arc goes with the walker while he turns and then
stays where the turn ended, fading.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

from choreo.model import Choreography
from choreo.render.marks.shapes import RGB, Mark, mix, toward

TURN_MIN = 30.0  # degrees: a smaller change of facing is a shuffle, not a turn worth an arc (choice)
TURN_FADE = 2.5  # ceremony seconds the arc stays after the turn, fading (choice: long enough to see)
SWEEP_MAX = 340.0  # degrees of arc drawn at most: a full circle (周) keeps a gap where it began (choice)
STILL = 1e-6  # 尺: a figure moving less than this between two samples turns in place
WALK_GAP = 4.0  # ceremony seconds between two bends of one turn while walking, at most (choice: a few paces)


@dataclass(frozen=True)
class Turn:
    """One turn in place: from facing ``f0`` at ``t0`` to ``f1`` at ``t1`` (unwrapped degrees)."""

    figure: str
    t0: float
    t1: float
    f0: float
    f1: float
    end: tuple[float, float] | None = None  # a turn while walking: where he is when it ends (world); None: in place

    @property
    def sense(self) -> int:
        """-1 counter-clockwise (左還: the bearing decreases), +1 clockwise (右還)."""
        return -1 if self.f1 < self.f0 else 1

    def facing_at(self, t: float) -> float:
        u = 1.0 if self.t1 <= self.t0 else min(1.0, max(0.0, (t - self.t0) / (self.t1 - self.t0)))
        return self.f0 + u * (self.f1 - self.f0)


def turns_of(figure: str, samples) -> tuple[Turn, ...]:
    """The turns of one track, in place and while walking, in time order."""
    rows = samples.tolist() if hasattr(samples, "tolist") else list(samples)
    pieces = _pieces(rows)
    out = [Turn(figure, t0, t1, f0, f1, None if still else end)
           for t0, f0, t1, f1, _, end, still in pieces if abs(f1 - f0) >= TURN_MIN]
    chain: list = []  # small pieces of one sense, with walking between them

    def close():
        if len(chain) > 1 and abs(chain[-1][3] - chain[0][1]) >= TURN_MIN:
            out.append(Turn(figure, chain[0][0], chain[-1][2], chain[0][1], chain[-1][3], chain[-1][5]))
        chain.clear()

    for piece in pieces:
        t0, f0, t1, f1, sense, _, _ = piece
        if abs(f1 - f0) >= TURN_MIN:  # a turn in place of its own: it ends a chain
            close()
            continue
        if chain and (sense != chain[-1][4] or t0 - chain[-1][2] > WALK_GAP):
            close()
        chain.append(piece)
    close()
    return tuple(sorted(out, key=lambda tu: tu.t0))


def _pieces(rows) -> list:
    """Runs of consecutive samples whose facing changes one way: (t0, f0, t1, f1, sense, where at t1, still).
    A run is at one place (still), or a single segment that moves and turns at once."""
    out: list = []
    run = None  # [t0, f0, t1, f1, sense, (x, y)]
    for (ta, xa, ya, fa), (tb, xb, yb, fb) in zip(rows[:-1], rows[1:], strict=False):
        still = abs(xb - xa) < STILL and abs(yb - ya) < STILL
        sense = 0 if abs(fb - fa) < 1e-9 else (1 if fb > fa else -1)
        if run is not None and still and run[6] and sense == run[4] and abs(ta - run[2]) < 1e-9:
            run[2], run[3], run[5] = tb, fb, (xb, yb)
            continue
        if run is not None:
            out.append(tuple(run))
            run = None
        if sense:
            run = [ta, fa, tb, fb, sense, (xb, yb), still]
    if run is not None:
        out.append(tuple(run))
    return out


class TurnIndex:
    """Every figure's turns, found once; which one to draw at t."""

    def __init__(self, choreo: Choreography) -> None:
        self.turns = {name: turns_of(name, tr.samples) for name, tr in choreo.tracks.items()
                      if choreo.figures.get(name) is None or choreo.figures[name].kind != "object"}
        self._starts = {name: [turn.t0 for turn in ts] for name, ts in self.turns.items()}

    def cuts(self) -> list[float]:
        """The times at which :meth:`at` may answer otherwise, for any figure: the same for all t in
        [c_k, c_{k+1}) (a turn begins, or its fade ends)."""
        return sorted({v for ts in self.turns.values() for turn in ts for v in (turn.t0, turn.t1 + TURN_FADE)})

    def at(self, figure: str, t: float) -> Turn | None:
        """The latest turn begun by t that is under way or ended less than TURN_FADE ago."""
        starts = self._starts.get(figure)
        if not starts:
            return None
        i = bisect.bisect_right(starts, t) - 1
        if i < 0:
            return None
        turn = self.turns[figure][i]
        return turn if t < turn.t1 + TURN_FADE else None


def turn_arc(turn: Turn, t: float, cx: float, cy: float, radius: float, colour: RGB, background: RGB,
             width: float) -> list[Mark]:
    """The arc round a disc centred at (cx, cy), ``radius`` px out, from where the turn began to where
    the figure faces at t, with an arrowhead at its end pointing the way he turns; faded after it ends."""
    now = turn.facing_at(t)
    sweep = now - turn.f0
    if abs(sweep) < 1.0:
        return []
    if abs(sweep) > SWEEP_MAX:
        sweep = math.copysign(SWEEP_MAX, sweep)
    start = now - sweep
    n = max(3, int(abs(sweep) / 8) + 1)
    pts = tuple(toward(cx, cy, start + sweep * i / (n - 1), radius) for i in range(n))
    age = max(0.0, t - turn.t1) / TURN_FADE
    ink = mix(colour, background, 0.15 + 0.75 * age)
    head = width * 2.6
    ex, ey = pts[-1]
    # the tangent at the end, the way of the turn: d/db of (sin b, -cos b) is (cos b, sin b)
    a = math.radians(now)
    s = 1 if sweep > 0 else -1
    tx, ty = math.cos(a) * s, math.sin(a) * s
    nx, ny = math.sin(a), -math.cos(a)
    tip = (ex + tx * head, ey + ty * head)
    b1 = (ex - tx * head * 0.4 + nx * head * 0.75, ey - ty * head * 0.4 + ny * head * 0.75)
    b2 = (ex - tx * head * 0.4 - nx * head * 0.75, ey - ty * head * 0.4 - ny * head * 0.75)
    return [Mark("line", pts, ink, width), Mark("polygon", (tip, b1, b2), ink)]


def signed_area(points) -> float:
    """Twice the signed area of a polyline closed on itself, in screen axes (y down): positive when it
    runs clockwise as seen on the screen (a 右還), negative counter-clockwise (a 左還)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))
