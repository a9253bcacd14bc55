"""The video timeline of a comparison: a's timeline, with the time b needs where b has more to show.

A frame is played on a's clock (its segments captioned with a's steps) except in two kinds of
inserted segment, captioned with a Step of b and so played on b's clock (FrameRenderer.enter):

- a step of b only (敖's s07b): b's figures, the ghosts, act it while a's wait; it is paced as any
  clause (its reading time, at the video's speed), after the step it follows;
- the rest of a shared step that lasts longer under b: a stands at the step's end while b's
  ghosts finish (before this, a still or a video cut b's longer step short).

Each run of inserted pieces is played where a's clock reaches the moment a waits at during them (the end of
a's step, or the moment a's figures wait at under a step of b only): after a's step on screen then (for a
step that an overlapping later one hides, a's clock reaches its end in that later step's time), so that
a's figures do not jump to that moment and back.

A step of a only needs no time of its own: it is a's, and b's figures wait (Comparison.other_time).
Chapters and durations read the same Timeline, so they count the inserted time. The runs are also where
a comparison's camera switches clock (choreo.render.comparecamera). Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo.compare import Comparison
from choreo.model import Choreography, Step
from choreo.render.timeline import Pace, Segment, Timeline, build_timeline

OVERHANG = 1e-6  # s: b's step longer than a's by less than this is the same length
WAIT_EPS = 1e-6  # s: a's clock at a run's moment, within rounding


@dataclass(frozen=True)
class Run:
    """b's pieces played one after another after a's step ``after``, while a's figures wait at a's moment
    ``wait``: each (b's step, the moment of b it starts at)."""

    after: Step
    wait: float
    pieces: tuple[tuple[Step, float], ...]


def runs(comparison: Comparison) -> tuple[Run, ...]:
    """Every run of b's pieces, in play order: after each of a's steps, the rest of b's step of the same
    clause when b's is the longer, then b's own steps that follow it (none before a's first step)."""
    out: list[Run] = []
    after, wait, pieces = None, 0.0, []
    for e in comparison.entries():
        if e.a is not None:
            if after is not None and pieces:
                out.append(Run(after, wait, tuple(pieces)))
            after, pieces = e.a, []
            if e.b is not None and (e.b.t1 - e.b.t0) - (e.a.t1 - e.a.t0) > OVERHANG:
                wait = e.a.t1
                pieces.append((e.b, e.b.t0 + (e.a.t1 - e.a.t0)))
        elif after is not None:
            if not pieces:
                wait = e.hold_a
            pieces.append((e.b, e.b.t0))
    if after is not None and pieces:
        out.append(Run(after, wait, tuple(pieces)))
    return tuple(out)


def waiting_step(a: Choreography, run: Run) -> Step:
    """a's step on screen where the run is played (see the module's docstring): its own when it ends there
    (or has no length), else the one a's clock is in just before its moment."""
    k = run.after
    if k.t1 <= k.t0 or k.t1 == run.wait and a.step_at(run.wait - WAIT_EPS) is k:
        return k
    return a.step_at(run.wait - WAIT_EPS) or k


def compare_timeline(comparison: Comparison, pace: Pace, steps: tuple[Step, ...] | list[Step]) -> Timeline:
    """``pace``'s timeline of a's ``steps``, with b's own steps and b's longer rests inserted (see above)."""
    steps = tuple(steps)
    base = pace.timeline(steps)
    at = {id(s): k for k, s in enumerate(steps)}
    shown = [r for r in runs(comparison) if id(r.after) in at]
    if not shown:
        return base
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, seg in enumerate(base.segments):
        if seg.step is not None and not seg.card:
            first.setdefault(seg.step, i)
            last[seg.step] = i
    inserted: dict[int, list[Run]] = {}  # base segment index → the runs played after it
    for r in shown:
        k = at[id(r.after)]
        # a step with no segment of its own (hidden by a later one begun with it, and no hold to pause on):
        # the run is played where a's clock reaches its moment all the same
        i = next((j for j in range(first.get(k, 0), len(base.segments)) if not base.segments[j].card
                  and base.segments[j].c1 >= r.wait - WAIT_EPS), last.get(k))
        if i is None:
            continue
        inserted.setdefault(i, []).append(r)
    # the captioned steps in order: a's, each followed by b's played in the runs after it (passages stay whole)
    order: list[Step] = []
    index: dict[int, int] = {}  # a's step index → its index in ``order``
    played: dict[int, list[int]] = {}  # id of a run → the indices in ``order`` of its pieces' steps
    after: dict[int, list[Run]] = {}
    for r in shown:
        after.setdefault(at[id(r.after)], []).append(r)
    for k, s in enumerate(steps):
        index[k] = len(order)
        order.append(s)
        for r in after.get(k, ()):
            played[id(r)] = list(range(len(order), len(order) + len(r.pieces)))
            order += [b_step for b_step, _ in r.pieces]
    segments: list[Segment] = []
    v = 0.0
    for i, seg in enumerate(base.segments):
        dv = seg.v1 - seg.v0
        segments.append(Segment(v, v + dv, seg.c0, seg.c1, None if seg.step is None else index[seg.step], seg.card))
        v += dv
        for r in inserted.get(i, ()):
            for j, (b_step, start) in zip(played[id(r)], r.pieces, strict=True):
                for piece in _played(b_step, start if start > b_step.t0 else None, pace):
                    d = piece.v1 - piece.v0
                    segments.append(Segment(v, v + d, piece.c0, piece.c1, j))
                    v += d
    return Timeline(tuple(order), tuple(segments), base.start, base.end)


def _played(step: Step, rest: float | None, pace: Pace) -> tuple[Segment, ...]:
    """The segments (from video 0) of b's ``step`` alone: paced as a clause; a rest at the video's speed."""
    if rest is None:
        return build_timeline([step], pace.speed, pace.hold, rate=pace.rate,
                              quick=pace.quick, quick_by=pace.quick_by).segments
    speed = pace.speed * (pace.quick_by if step.id in pace.quick else 1.0)
    return (Segment(0.0, (step.t1 - rest) / speed, rest, step.t1, 0),)
