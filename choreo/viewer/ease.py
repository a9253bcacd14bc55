"""The camera while paused: stepping to another clause eases the view to that clause's framing over
a fraction of a second of wall time (the automatic camera eases in ceremony time, which stands still
while paused, so a step's first moment would otherwise show the previous clause's view for good).

The ease starts from the camera's own view at that moment (what the renderer's main_viewport gives,
so the first frame after a step is the frame the video has there) and ends on the camera's view once
it has eased into the step. Pure: boxes in 尺, times in seconds; no pygame.
"""

from __future__ import annotations

from collections.abc import Hashable

from choreo.render.camera import _blend, _smooth
from choreo.render.viewport import Bounds

PAUSED_EASE = 0.6  # wall seconds (modelling choice: quick enough for stepping, slow enough to follow)


class PausedEase:
    """The box shown while paused: from the camera's box to the step's settled box, over PAUSED_EASE."""

    def __init__(self) -> None:
        self.shown: Bounds | None = None
        self._run: tuple[Bounds, Bounds, float] | None = None  # (from, to, wall start)
        self._key: Hashable = None

    def follow(self, box: Bounds) -> Bounds:
        """Playing: the camera's own box is shown as it is."""
        self._run, self._key = None, None
        self.shown = box
        return box

    def toward(self, start: Bounds, target: Bounds, now: float, key: Hashable) -> Bounds:
        """Paused: the box to show now. A new ``key`` (another step, another plan) starts an ease from
        ``start`` to ``target``; the same key keeps the ease running (to a changed target at once)."""
        if key != self._key or self._run is None:
            self._run, self._key = (start, target, now), key
        elif self._run[1] != target:
            self._run = (target, target, now)
        a, b, t0 = self._run
        u = 1.0 if PAUSED_EASE <= 0 else min(1.0, (now - t0) / PAUSED_EASE)
        self.shown = b if u >= 1.0 else a if u <= 0.0 else _blend(a, b, _smooth(u))
        return self.shown

    def moving(self, now: float) -> bool:
        return self._run is not None and now - self._run[2] < PAUSED_EASE and self._run[0] != self._run[1]
