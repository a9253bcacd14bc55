"""Video time → ceremony time: play at ``speed``, but keep every clause up long enough to be read.

A pure function of the steps and the pace (no pygame), so it is tested directly. The ceremony span
is cut at every step boundary; a piece during which step k is on screen plays slower when step k
would otherwise be shown for less than its floor: ``hold`` seconds, or the time its clause takes to
read at ``rate`` characters a second when that is longer. A step of zero length gets a pause (the
ceremony clock stops while its text is shown). With ``card`` > 0, each passage opens with a title
card of that many seconds, the ceremony clock stopped at the passage's first moment.

So a long walk is sped up more than a clause: the walk plays at ``speed``, the clause keeps its
reading time.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from choreo.model import Step
from choreo.steptime import StepClock


@dataclass(frozen=True)
class Segment:
    v0: float  # video seconds
    v1: float
    c0: float  # ceremony seconds
    c1: float
    step: int | None  # index into Timeline.steps of the step captioned, or None
    card: bool = False  # the title card of the passage that ``step`` opens


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

    def card_at(self, v: float) -> bool:
        """Whether video time v shows a passage's title card (the step :meth:`at` gives opens it)."""
        return bool(self.segments) and self._segment(max(0.0, v)).card

    def chapters(self) -> list[tuple[float, float, Step]]:
        """(video start, video end, first step) of each passage: where a title card begins, or the
        first step's first moment when there are no cards (MP4 chapter marks)."""
        starts = [(seg.v0, self.steps[seg.step]) for seg in self.segments
                  if seg.card and seg.step is not None]
        if not starts:
            firsts = passage_starts(self.steps)
            starts = [(self._video_of(self.steps[i]), self.steps[i]) for i in firsts]
        return [(v0, starts[k + 1][0] if k + 1 < len(starts) else self.duration, step)
                for k, (v0, step) in enumerate(starts)]

    def _video_of(self, step: Step) -> float:
        for seg in self.segments:
            if seg.step is not None and self.steps[seg.step] is step:
                return seg.v0
        return 0.0


HAN = re.compile(r"[\u3400-\u9fff\U00020000-\U0002ffff]")


def reading_seconds(text: str, rate: float) -> float:
    """Seconds to read a clause at ``rate`` characters a second (punctuation is not read)."""
    return len(HAN.findall(text)) / rate if rate > 0 else 0.0


def passage_starts(steps: tuple[Step, ...]) -> list[int]:
    """Indices of the steps that open a passage: the first step, and each whose passage differs
    from the step before it."""
    return [i for i, s in enumerate(steps) if i == 0 or s.passage != steps[i - 1].passage]


def build_timeline(steps: tuple[Step, ...] | list[Step], speed: float, hold: float,
                   start: float | None = None, end: float | None = None, *, rate: float = 0.0,
                   card: float = 0.0, quick: frozenset[str] = frozenset(), quick_by: float = 1.0) -> Timeline:
    """The piecewise-linear map for ``steps`` played at ``speed``, each step up for at least ``hold``
    seconds or its reading time at ``rate`` characters a second, each passage opened by a ``card``.

    The steps whose ids are in ``quick`` (a comparison's steps where nothing differs) pass quickly: at
    ``quick_by`` times the speed, their clause up for QUICK_HOLD seconds at most."""
    steps = tuple(steps)
    floor = [min(QUICK_HOLD, hold) if s.id in quick else max(hold, reading_seconds(s.text, rate)) for s in steps]
    if start is None:
        start = min((s.t0 for s in steps), default=0.0)
    if end is None:
        end = max((s.t1 for s in steps), default=start)
    cuts = sorted({start, end, *(s.t0 for s in steps if start <= s.t0 <= end),
                   *(s.t1 for s in steps if start <= s.t1 <= end)})
    clock = StepClock([s.t0 for s in steps], [s.t1 for s in steps])
    pieces = []  # (c0, c1, step index): the step on screen, the one covering the piece
    for c0, c1 in zip(cuts[:-1], cuts[1:], strict=False):
        pieces.append((c0, c1, clock.covering((c0 + c1) / 2)))
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
    cards = [i for i in passage_starts(steps) if start <= steps[i].t0 <= end] if card > 0 else []
    pi = ci = 0

    def stops_before(c: float) -> None:
        """The cards and pauses due at ceremony time c, in the order of their steps."""
        nonlocal v, pi, ci
        while True:
            due_card = ci < len(cards) and steps[cards[ci]].t0 <= c
            due_pause = pi < len(pauses) and steps[pauses[pi]].t0 <= c
            if due_card and (not due_pause or cards[ci] <= pauses[pi]):
                at = min(max(steps[cards[ci]].t0, start), end)
                segments.append(Segment(v, v + card, at, at, cards[ci], card=True))
                v += card
                ci += 1
            elif due_pause:
                if floor[pauses[pi]] > 0:
                    at = c if c < end else end
                    segments.append(Segment(v, v + floor[pauses[pi]], at, at, pauses[pi]))
                    v += floor[pauses[pi]]
                pi += 1
            else:
                return

    for c0, c1, k in pieces:
        stops_before(c0)
        dv = (c1 - c0) / (speed * quick_by if k is not None and steps[k].id in quick else speed)
        if k is not None and floor[k] > 0:
            need = floor[k]  # seconds of video the step must stay
            total = shown_len[k] / speed
            if total < need:
                dv *= need / total
        segments.append(Segment(v, v + dv, c0, c1, k))
        v += dv
    stops_before(float("inf"))
    if not segments:
        segments.append(Segment(0.0, max(hold, 1.0 / 25), start, end, 0 if steps else None))
    return Timeline(steps, tuple(segments), start, end)


# Modelling choice: in a comparison video a step where the two readings agree plays 8× faster than the
# rest and its clause stays up 1 s (it is still seen, but the video is about the differences).
QUICK_BY = 8.0
QUICK_HOLD = 1.0


@dataclass(frozen=True)
class Pace:
    """How fast a video plays: ``speed`` (ceremony seconds per video second), the least ``hold`` a
    clause stays up, the reading ``rate`` (characters a second; 0: no reading floor), the seconds of
    each passage's title ``card`` (0: none). ``given_up`` says what was traded to fit a length."""

    speed: float
    hold: float
    rate: float = 0.0
    card: float = 0.0
    given_up: str = ""
    quick: frozenset[str] = frozenset()  # ids of steps that pass quickly (QUICK_BY, QUICK_HOLD)
    quick_by: float = QUICK_BY

    def timeline(self, steps, start: float | None = None, end: float | None = None) -> Timeline:
        return build_timeline(steps, self.speed, self.hold, start, end, rate=self.rate, card=self.card,
                              quick=self.quick, quick_by=self.quick_by)


MAX_SPEED = 512.0  # beyond this a walk is a jump cut anyway


def fit_pace(steps: tuple[Step, ...] | list[Step], pace: Pace, max_video: float) -> Pace:
    """The pace to use so that the video lasts at most ``max_video`` seconds.

    ``pace`` is kept when the video fits. Otherwise the speed is raised first (the walks between
    clauses go faster; every clause keeps its reading time). When even the clauses and cards alone do
    not fit, the reading rate is raised (clauses shown for less than their reading time), then the
    cards and the least hold shortened, and ``given_up`` says so. A modelling choice for the whole
    rite, which lasts hours of ceremony: a passage asked for by itself plays at the pace given.
    """
    steps = tuple(steps)
    if pace.timeline(steps).duration <= max_video:
        return pace
    notes = []
    floors = replace(pace, speed=1e9).timeline(steps).duration  # clauses and cards alone
    if floors > max_video * 0.9:
        # A tenth of the video is kept for the movement itself (a modelling choice: below that the
        # figures jump from clause to clause); the clauses and cards shrink to the rest.
        shrunk = _shrink_floors(steps, pace, max_video * 0.9)
        if shrunk.rate == 0 and pace.rate > 0:
            notes.append(f"no clause is up for its reading time at {pace.rate:g} characters a second")
        elif shrunk.rate != pace.rate:
            notes.append(f"clauses shown at {shrunk.rate:.1f} characters a second instead of the "
                         f"reading rate of {pace.rate:g}")
        if shrunk.card != pace.card:
            notes.append(f"title cards {shrunk.card:.1f} s instead of {pace.card:g} s")
        if shrunk.hold != pace.hold:
            notes.append(f"each clause up at least {shrunk.hold:.1f} s instead of {pace.hold:g} s")
        pace = shrunk
    lo, hi = pace.speed, pace.speed
    while replace(pace, speed=hi).timeline(steps).duration > max_video and hi < MAX_SPEED:
        lo, hi = hi, min(MAX_SPEED, hi * 2)
    for _ in range(30):
        mid = (lo + hi) / 2
        if replace(pace, speed=mid).timeline(steps).duration > max_video:
            lo = mid
        else:
            hi = mid
    # rounded up: a speed a little higher keeps the video inside the limit
    return replace(pace, speed=math.ceil(hi * 100) / 100, given_up="; ".join(notes))


def _shrink_floors(steps: tuple[Step, ...], pace: Pace, budget: float) -> Pace:
    """The pace whose clauses and cards alone last about ``budget`` seconds: the reading rate raised
    first, then (when the least hold alone is too much) the cards and the hold scaled down too."""
    def floors(p: Pace) -> float:
        return replace(p, speed=1e9).timeline(steps).duration

    bare = replace(pace, rate=0.0)
    if pace.rate > 0 and floors(bare) <= budget:
        lo, hi = pace.rate, pace.rate
        while floors(replace(pace, rate=hi)) > budget:
            lo, hi = hi, hi * 2
        for _ in range(30):
            mid = (lo + hi) / 2
            if floors(replace(pace, rate=mid)) > budget:
                lo = mid
            else:
                hi = mid
        return replace(pace, rate=math.ceil(hi * 10) / 10)  # the floors shrink as the rate grows
    scale = budget / max(floors(bare), 1e-9)
    return replace(pace, rate=0.0, hold=round(max(0.2, pace.hold * scale), 2),
                        card=round(pace.card * scale, 2))


def sample_times(timeline: Timeline, fps: int) -> np.ndarray:
    """Ceremony times of every frame (frame k shows video time k / fps)."""
    n = timeline.frame_count(fps)
    return np.array([timeline.ceremony(k / fps) for k in range(n)])
