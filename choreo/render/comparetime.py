"""The video timeline of a comparison: a's timeline, with the time b needs where b has more to show.

A frame is played on a's clock (its segments captioned with a's steps) except in two kinds of
inserted segment, captioned with a Step of b and so played on b's clock (FrameRenderer.enter):

- a step of b only (敖's s07b): b's figures, the ghosts, act it while a's wait; it is paced as any
  clause (its reading time, at the video's speed), after the step it follows;
- the rest of a shared step that lasts longer under b: a stands at the step's end while b's
  ghosts finish (before this, a still or a video cut b's longer step short).

A step of a only needs no time of its own: it is a's, and b's figures wait (Comparison.other_time).
Chapters and durations read the same Timeline, so they count the inserted time. Pure: no pygame.
"""

from __future__ import annotations

from choreo.compare import Comparison
from choreo.model import Step
from choreo.render.timeline import Pace, Segment, Timeline, build_timeline

OVERHANG = 1e-6  # s: b's step longer than a's by less than this is the same length


def compare_timeline(comparison: Comparison, pace: Pace, steps: tuple[Step, ...] | list[Step]) -> Timeline:
    """``pace``'s timeline of a's ``steps``, with b's own steps and b's longer rests inserted (see above)."""
    steps = tuple(steps)
    base = pace.timeline(steps)
    extras = _extras(comparison, steps)
    if not any(extras.values()):
        return base
    last = {}
    for i, seg in enumerate(base.segments):
        if seg.step is not None and not seg.card:
            last[seg.step] = i
    order: list[Step] = []  # the captioned steps in play order: a's, each followed by b's inserted after it
    index: dict[int, int] = {}  # base step index → index in ``order``
    inserted: dict[int, list[int]] = {}
    for k, s in enumerate(steps):
        index[k] = len(order)
        order.append(s)
        inserted[k] = []
        for b_step, _ in extras.get(k, ()):
            inserted[k].append(len(order))
            order.append(b_step)
    segments: list[Segment] = []
    v = 0.0
    for i, seg in enumerate(base.segments):
        dv = seg.v1 - seg.v0
        k = seg.step
        segments.append(Segment(v, v + dv, seg.c0, seg.c1, None if k is None else index[k], seg.card))
        v += dv
        if k is None or last.get(k) != i:
            continue
        for j, (b_step, rest) in zip(inserted[k], extras.get(k, ()), strict=True):
            for piece in _played(b_step, rest, pace):
                d = piece.v1 - piece.v0
                segments.append(Segment(v, v + d, piece.c0, piece.c1, j))
                v += d
    return Timeline(tuple(order), tuple(segments), base.start, base.end)


def _extras(comparison: Comparison, steps: tuple[Step, ...]) -> dict[int, list[tuple[Step, float | None]]]:
    """For each of a's steps (by index), the steps of b played after it: (b's step, the moment of b
    its rest starts at) for a longer shared step, (b's step, None) for each step of b only."""
    out: dict[int, list[tuple[Step, float | None]]] = {}
    at = {s.id: k for k, s in enumerate(steps)}
    k = None  # a's step played last (None before the first shown: b's steps there are left out)
    for e in comparison.entries():
        if e.a is not None:
            k = at.get(e.a.id)
            if k is not None and e.b is not None and (e.b.t1 - e.b.t0) - (e.a.t1 - e.a.t0) > OVERHANG:
                out.setdefault(k, []).append((e.b, e.b.t0 + (e.a.t1 - e.a.t0)))
        elif k is not None:
            out.setdefault(k, []).append((e.b, None))
    return out


def _played(step: Step, rest: float | None, pace: Pace) -> tuple[Segment, ...]:
    """The segments (from video 0) of b's ``step`` alone: paced as a clause; a rest at the video's speed."""
    if rest is None:
        return build_timeline([step], pace.speed, pace.hold, rate=pace.rate,
                              quick=pace.quick, quick_by=pace.quick_by).segments
    speed = pace.speed * (pace.quick_by if step.id in pace.quick else 1.0)
    return (Segment(0.0, (step.t1 - rest) / speed, rest, step.t1, 0),)
