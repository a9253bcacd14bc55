"""The automatic camera: frame the figures acting in the current step, smoothly, as a pure function of t.

For ceremony time t the camera takes the step on screen and the figures it names, samples where
they are over a window around t (so it pans ahead of a walker rather than chasing him), and fits
that box. Across a change of step it blends from the previous step's box to the new one (centre
linearly, size geometrically) over ``blend`` seconds. The result depends on t and the Choreography
only: the same frame is drawn whether the export starts at 0 or jumps to t.

The hall is some 40 尺 wide and the 侯 300 尺 away: a box spanning both would shrink the hall to a
few pixels. When the actors are split between the hall and the range, the main view keeps the ones
in the hall and the 侯道 strip beside it shows the whole range with everyone on it.
"""

from __future__ import annotations

import math

import numpy as np

from choreo.model import Choreography, Step
from choreo.render.planlayout import PlanLayout
from choreo.render.viewport import Bounds, Rect, Viewport, fit

WINDOW = 4.0  # ceremony seconds looked ahead and back (modelling choice: about two paces)
SAMPLES = 9
MIN_SPAN = 48.0  # 尺: never zoom in closer than this (modelling choice: the 堂 stays in context)
PAD = 6.0  # 尺 of margin round the actors (room for labels)


def _smooth(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


class Camera:
    """Viewports for the main panel at any ceremony time."""

    def __init__(self, choreo: Choreography, layout: PlanLayout, rect: Rect, mode: str = "auto",
                 blend: float = 3.0) -> None:
        self.choreo = choreo
        self.layout = layout
        self.rect = rect
        self.mode = mode
        self.blend = blend
        self._steps = choreo.steps
        self._persons = [n for n, f in choreo.figures.items() if f.kind != "object" and n in choreo.tracks]

    def actors(self, step: Step | None, t: float) -> list[str]:
        """The figures the camera frames: those the step names and that are present, else everyone."""
        names = [n for n in (step.figures if step else ()) if n in self.choreo.tracks]
        present = [n for n in names if self.choreo.tracks[n].at(t) is not None]
        if present:
            return present
        return [n for n in self._persons if self.choreo.tracks[n].at(t) is not None]

    def _box(self, names: list[str], t: float) -> Bounds:
        pts = []
        for name in names:
            track = self.choreo.tracks[name]
            for dt in np.linspace(-WINDOW, WINDOW, SAMPLES):
                at = track.at(t + dt)
                if at is not None:
                    pts.append((at[0], at[1]))
        if not pts:
            return self.layout.hall_bounds
        arr = np.array(pts)
        hall = arr[arr[:, 1] >= self.layout.range_top]
        if len(hall) and len(hall) < len(arr):
            arr = hall  # actors in the range are shown by the strip
        minx, miny = arr.min(axis=0) - PAD
        maxx, maxy = arr.max(axis=0) + PAD
        cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
        _, _, w, h = self.rect
        aspect = w / max(h, 1)
        span_w = max(maxx - minx, (maxy - miny) * aspect, MIN_SPAN * aspect)
        span_h = span_w / aspect
        return (cx - span_w / 2, cy - span_h / 2, cx + span_w / 2, cy + span_h / 2)

    def _step_index(self, step: Step | None) -> int | None:
        if step is None:
            return None
        for i, s in enumerate(self._steps):
            if s is step or s.id == step.id:
                return i
        return None

    def box(self, t: float, step: Step | None) -> Bounds:
        if self.mode == "hall":
            return self.layout.hall_bounds
        if self.mode == "full":
            return self.layout.full_bounds
        cur = self._box(self.actors(step, t), t)
        i = self._step_index(step)
        if i is None or i == 0:
            return cur
        u = _smooth((t - step.t0) / self.blend) if self.blend > 0 else 1.0
        if u >= 1.0:
            return cur
        prev = self._box(self.actors(self._steps[i - 1], t), t)
        return _blend(prev, cur, u)

    def viewport(self, t: float, step: Step | None) -> Viewport:
        return fit(self.box(t, step), self.rect, margin=0.0)


def _blend(a: Bounds, b: Bounds, u: float) -> Bounds:
    """Centre linearly, size geometrically (a zoom feels even that way)."""
    acx, acy = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    bcx, bcy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    aw, ah = a[2] - a[0], a[3] - a[1]
    bw, bh = b[2] - b[0], b[3] - b[1]
    cx, cy = acx + u * (bcx - acx), acy + u * (bcy - acy)
    w = math.exp(math.log(aw) + u * (math.log(bw) - math.log(aw)))
    h = math.exp(math.log(ah) + u * (math.log(bh) - math.log(ah)))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
