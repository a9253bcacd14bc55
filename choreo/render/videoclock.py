"""A comparison video's view eased in video time: every change of framing spread over EASE video seconds.

A comparison video plays the steps where the readings agree QUICK_BY times faster, and b's rests and own
steps between a's: the cameras ease in ceremony time, each into its step over the blend or half the step
when that is shorter, so a step a few frames long on screen (a quick clause of 2 s, 敖's 1.2-s rest) is eased
into in a frame or two, and a run of them jumps from framing to framing. Here the view of each frame is the
comparison camera's (comparecamera.CompareView) averaged over the EASE video seconds round it, on the
video's own clock: a run of quick steps shorter than an ease is crossed by one continuous glide, and a cut
left anywhere (a flip of the room the ghosts need, a bystander's shift) becomes a glide of EASE seconds.
A steady pan is kept as it is (the weights are symmetric: the average of a line is the line), and a still
framing stays exact. The clock is the motion of the video: its title cards and pauses (the ceremony clock
standing) take none of it, so that a frame is a function of (t, step) alone, as every frame is.
Pure: no pygame.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable

from choreo.model import Step
from choreo.render.timeline import Timeline
from choreo.render.viewport import Bounds

# Modelling choice: a cut averaged over EASE seconds glides at most as fast as the plain render's camera
# eases one (its 3-s blend at a passage's 4×, 0.75 s on screen, by a smoothstep: steepest slope 1.5 / 0.75;
# the weights' is 2 / EASE); sampled every EASE / SAMPLES of motion (about a frame and a half at 25 fps).
EASE = 1.0
SAMPLES = 16


class MotionClock:
    """Where each frame (t, step) of a timeline falls on its clock of motion: video seconds with the title
    cards and the pauses (segments where the ceremony clock stands) taken out, and back.

    ``same_clock(a, b)`` (optional): whether steps a and b are played on one ceremony clock; a frame of a
    step the timeline does not caption at t (the viewer keeps the step it was sent to while it lasts, where
    the timeline captions a later one begun with it) then falls where the segment of that clock holding t
    does."""

    def __init__(self, timeline: Timeline, same_clock: Callable[[Step, Step], bool] | None = None) -> None:
        self.steps = timeline.steps
        self._same_clock = same_clock
        self._segments: list[tuple[float, float, float, float, int]] = []  # (m0, m1, c0, c1, step index)
        self._of_step: dict[int, list[tuple[float, float, float, float]]] = {}  # id(step) → (c0, c1, m0, m1)
        m = 0.0
        for seg in timeline.segments:
            if seg.step is None:
                continue
            step = timeline.steps[seg.step]
            d = seg.v1 - seg.v0
            if seg.card or seg.c1 <= seg.c0 or d <= 0:  # a pause: the frames of it stand at one moment
                self._of_step.setdefault(id(step), []).append((seg.c0, seg.c0, m, m))
                continue
            self._segments.append((m, m + d, seg.c0, seg.c1, seg.step))
            self._of_step.setdefault(id(step), []).append((seg.c0, seg.c1, m, m + d))
            m += d
        self.length = m
        self._starts = [s[0] for s in self._segments]

    def motion(self, t: float, step: Step | None) -> float | None:
        """The motion clock of the frame showing ``step`` at ceremony t (None when the timeline has no such
        frame): the first of its segments holding t (a moment two of them share is the later's start)."""
        if step is None:
            return None
        rows = self._of_step.get(id(step))
        if not rows:
            return self._on_clock(t, step) if self._same_clock is not None else None
        for c0, c1, m0, m1 in rows:
            if c0 <= t < c1 or (t == c0 == c1):
                return m0 if c1 <= c0 else m0 + (t - c0) / (c1 - c0) * (m1 - m0)
        c0, c1, m0, m1 = rows[-1]
        if t == c1:
            return m1
        return self._on_clock(t, step) if self._same_clock is not None else None

    def _on_clock(self, t: float, step: Step) -> float | None:
        for m0, m1, c0, c1, k in self._segments:
            if c0 <= t < c1 and self._same_clock(self.steps[k], step):
                return m0 + (t - c0) / (c1 - c0) * (m1 - m0)
        return None

    def frame(self, m: float) -> tuple[float, Step]:
        """The frame (ceremony t, step) at motion m (clamped to the clock; a boundary: the later segment's)."""
        m = min(max(m, 0.0), self.length)
        i = max(0, min(bisect.bisect_right(self._starts, m) - 1, len(self._segments) - 1))
        m0, m1, c0, c1, k = self._segments[i]
        u = min(1.0, max(0.0, (m - m0) / (m1 - m0)))
        return c0 + u * (c1 - c0), self.steps[k]


def _mass(x: float) -> tuple[float, float]:
    """The averaging weight cos²(πx) (|x| ≤ 1/2, x in eases from the frame; 0 with a flat tangent at the
    edges, so that nothing comes in or leaves at once) integrated from 0 to x: its mass and first moment."""
    s, c = math.sin(2 * math.pi * x), math.cos(2 * math.pi * x)
    return x / 2 + s / (4 * math.pi), x * x / 4 + x * s / (4 * math.pi) + (c - 1) / (8 * math.pi ** 2)


class EasedInVideo:
    """``view(t, step)`` → (box, settled), averaged over ``ease`` seconds of the clock's motion round each
    frame (see the module's docstring); a frame the clock does not hold is given as ``view`` gives it."""

    def __init__(self, clock: MotionClock, view: Callable[[float, Step | None], tuple[Bounds, bool]],
                 ease: float = EASE, samples: int = SAMPLES) -> None:
        self.clock = clock
        self._view = view
        self.ease = ease
        self.step = ease / samples
        self._at: dict[int, tuple] = {}  # sample index → centre, log sizes, settled, box

    def _sample(self, k: int) -> tuple:
        hit = self._at.get(k)
        if hit is None:
            box, settled = self._view(*self.clock.frame(k * self.step))
            hit = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, math.log(box[2] - box[0]),
                   math.log(box[3] - box[1]), settled, box)
            if len(self._at) > 4096:
                self._at.clear()
            self._at[k] = hit
        return hit

    def view(self, t: float, step: Step | None) -> tuple[Bounds, bool]:
        m = self.clock.motion(t, step) if self.clock.length > 0 else None
        if m is None:
            return self._view(t, step)
        # the weights' integral over the samples joined by straight lines, exactly: a steady pan is the pan
        lo = math.floor((m - self.ease / 2) / self.step)
        hi = math.ceil((m + self.ease / 2) / self.step)
        last = math.ceil(self.clock.length / self.step)  # past the clock's ends its first and last frames stand
        rows = [self._sample(min(max(k, 0), last)) for k in range(lo, hi + 1)]
        if all(r[5] == rows[0][5] for r in rows):  # a still framing: as it is, to the bit
            return rows[0][5], all(r[4] for r in rows)
        acc = [0.0, 0.0, 0.0, 0.0]
        for j in range(hi - lo):
            xa, xb = ((lo + j) * self.step - m) / self.ease, ((lo + j + 1) * self.step - m) / self.ease
            a, b = max(xa, -0.5), min(xb, 0.5)
            if b <= a:
                continue
            (m0a, m1a), (m0b, m1b) = _mass(a), _mass(b)
            mass, moment = m0b - m0a, m1b - m1a
            for n in range(4):  # the line through the two samples, p + q x
                q = (rows[j + 1][n] - rows[j][n]) / (xb - xa)
                acc[n] += (rows[j][n] - q * xa) * mass + q * moment
        cx, cy, hw, hh = acc[0] * 2, acc[1] * 2, math.exp(acc[2] * 2) / 2, math.exp(acc[3] * 2) / 2  # mass 1/2
        # the zoom is settled where every sample has the same (the renderer pans its cached plan then)
        settled = all(r[4] for r in rows) and len({round(r[2], 9) for r in rows}) == 1
        return (cx - hw, cy - hh, cx + hw, cy + hh), settled
