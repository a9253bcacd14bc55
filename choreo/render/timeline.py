"""Video time → ceremony time: play at ``speed``, but keep every step's text up at least ``hold`` s.

A pure function of the steps, the speed and the hold (no pygame), so it is tested directly. The
ceremony span is cut at every step boundary; a piece during which step k is on screen plays slower
when step k would otherwise be shown for less than ``hold`` seconds of video; a step of zero length
gets a pause (the ceremony clock stops for ``hold`` seconds while its text is shown).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from choreo.model import Step


@dataclass(frozen=True)
class Segment:
    v0: float  # video seconds
    v1: float
    c0: float  # ceremony seconds
    c1: float
    step: int | None  # index into Timeline.steps of the step captioned, or None


@dataclass(frozen=True)
class Timeline:
    steps: tuple[Step, ...]
    segments: tuple[Segment, ...]
    start: float
    end: float

    @property
    def duration(self) -> float:
        """Video seconds."""
        return self.segments[-1].v1 if self.segments else 0.0

    def frame_count(self, fps: int) -> int:
        return max(1, int(round(self.duration * fps)))

    @cached_property
    def _ends(self) -> list[float]:
        return [seg.v1 for seg in self.segments]

    def _segment(self, v: float) -> Segment:
        i = bisect.bisect_right(self._ends, v)
        return self.segments[min(i, len(self.segments) - 1)]

    def at(self, v: float) -> tuple[float, Step | None]:
        """(ceremony time, the step whose text is on screen) at video time v."""
        if not self.segments:
            return self.start, None
        seg = self._segment(max(0.0, v))
        if seg.v1 <= seg.v0:
            c = seg.c1
        else:
            u = min(1.0, max(0.0, (v - seg.v0) / (seg.v1 - seg.v0)))
            c = seg.c0 + u * (seg.c1 - seg.c0)
        return c, (self.steps[seg.step] if seg.step is not None else None)

    def ceremony(self, v: float) -> float:
        return self.at(v)[0]


def _shown(steps: tuple[Step, ...], t: float) -> int | None:
    """Index of the step on screen at ceremony time t: the latest-starting one covering t
    (Choreography.step_at's rule)."""
    current = None
    for i, s in enumerate(steps):
        if s.t0 <= t < s.t1:
            current = i
    return current


def build_timeline(steps: tuple[Step, ...] | list[Step], speed: float, hold: float,
                   start: float | None = None, end: float | None = None) -> Timeline:
    """The piecewise-linear map for ``steps`` played at ``speed`` with at least ``hold`` s per step."""
    steps = tuple(steps)
    if start is None:
        start = min((s.t0 for s in steps), default=0.0)
    if end is None:
        end = max((s.t1 for s in steps), default=start)
    cuts = sorted({start, end, *(s.t0 for s in steps if start <= s.t0 <= end),
                   *(s.t1 for s in steps if start <= s.t1 <= end)})
    pieces = []  # (c0, c1, step index)
    for c0, c1 in zip(cuts[:-1], cuts[1:], strict=False):
        pieces.append((c0, c1, _shown(steps, (c0 + c1) / 2)))
    shown_len: dict[int, float] = {}
    for c0, c1, k in pieces:
        if k is not None:
            shown_len[k] = shown_len.get(k, 0.0) + (c1 - c0)
    segments: list[Segment] = []
    v = 0.0
    # Steps never on screen through the pieces (zero length, or hidden by an overlapping later step)
    # get a pause at their start so their text is still read.
    paused = {i for i, s in enumerate(steps) if i not in shown_len and start <= s.t0 <= end}
    pauses = sorted(paused, key=lambda i: (steps[i].t0, i))
    pi = 0
    for c0, c1, k in pieces:
        while pi < len(pauses) and steps[pauses[pi]].t0 <= c0:
            if hold > 0:
                segments.append(Segment(v, v + hold, c0, c0, pauses[pi]))
                v += hold
            pi += 1
        dv = (c1 - c0) / speed
        if k is not None and hold > 0:
            need = hold  # seconds of video the step must stay
            total = shown_len[k] / speed
            if total < need:
                dv *= need / total
        segments.append(Segment(v, v + dv, c0, c1, k))
        v += dv
    while pi < len(pauses):
        if hold > 0:
            segments.append(Segment(v, v + hold, end, end, pauses[pi]))
            v += hold
        pi += 1
    if not segments:
        segments.append(Segment(0.0, max(hold, 1.0 / 25), start, end, 0 if steps else None))
    return Timeline(steps, tuple(segments), start, end)


def fit_pace(steps: tuple[Step, ...] | list[Step], speed: float, hold: float,
             max_video: float) -> tuple[float, float]:
    """The (speed, hold) to use so that the video lasts at most ``max_video`` seconds.

    ``speed`` and ``hold`` are kept when the video fits. Otherwise the hold is first shortened (to
    no less than 1 s: a clause is still seen, if not read aloud) so that the held texts take at most
    half of the video, then the speed is raised until the whole fits (or as near as the holds allow). A modelling choice for the whole rite,
    which lasts well over an hour of ceremony: a lecturer asks for a passage to see it at 4×.
    """
    steps = tuple(steps)
    if build_timeline(steps, speed, hold).duration <= max_video:
        return speed, hold
    floor = build_timeline(steps, 1e9, hold).duration  # the holds alone
    if floor > max_video / 2:
        hold = max(1.0, hold * (max_video / 2) / floor)
    lo, hi = speed, speed
    while build_timeline(steps, hi, hold).duration > max_video and hi < 512:
        lo, hi = hi, hi * 2
    for _ in range(30):
        mid = (lo + hi) / 2
        if build_timeline(steps, mid, hold).duration > max_video:
            lo = mid
        else:
            hi = mid
    return round(hi, 2), round(hold, 2)


def sample_times(timeline: Timeline, fps: int) -> np.ndarray:
    """Ceremony times of every frame (frame k shows video time k / fps)."""
    n = timeline.frame_count(fps)
    return np.array([timeline.ceremony(k / fps) for k in range(n)])
