"""The one world → pixel transform (pymunk's ``to_pygame`` idea).

World (尺)                       Screen (pixels)
      y (north)                  (left, top) ──────► px
      ▲                                │
      │                                │
      └──────► x (east)                ▼ py (down)

``px = left + (x - x0) * scale``, ``py = top + (y1 - y) * scale`` where ``(x0, y1)`` is the world
point at the panel's top-left corner. The y flip happens in :meth:`Viewport.to_screen` only; every
other drawing function goes through it (or through :meth:`to_screen_many` which calls the same
formula on arrays). Nothing here imports pygame: the SVG writer uses the same transform.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

Bounds = tuple[float, float, float, float]  # (minx, miny, maxx, maxy) in 尺
Rect = tuple[int, int, int, int]  # (left, top, width, height) in pixels


@dataclass(frozen=True)
class Viewport:
    """A panel of the picture showing the world window whose top-left is (x0, y1) at ``scale`` px/尺."""

    rect: Rect
    x0: float
    y1: float
    scale: float

    def __post_init__(self) -> None:
        # Python floats, not numpy's (the camera's box is computed with numpy): every pixel position
        # drawn and every box the placement pass compares derives from these, and arithmetic on numpy
        # scalars costs several times more than on floats, for the same IEEE doubles
        for name in ("x0", "y1", "scale"):
            object.__setattr__(self, name, float(getattr(self, name)))

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """World (尺, y north) → pixel (y down). The only place the y axis is flipped."""
        left, top, _, _ = self.rect
        return left + (x - self.x0) * self.scale, top + (self.y1 - y) * self.scale

    def to_screen_many(self, xy: np.ndarray) -> np.ndarray:
        """The same transform on an (n, 2) array; defined through :meth:`to_screen`'s formula."""
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        left, top, _, _ = self.rect
        out = np.empty_like(xy)
        out[:, 0] = left + (xy[:, 0] - self.x0) * self.scale
        out[:, 1] = top + (self.y1 - xy[:, 1]) * self.scale
        return out

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        """Pixel → world, the inverse of :meth:`to_screen`."""
        left, top, _, _ = self.rect
        return self.x0 + (px - left) / self.scale, self.y1 - (py - top) / self.scale

    def length(self, chi: float) -> float:
        """A world length in pixels."""
        return chi * self.scale

    @property
    def world_bounds(self) -> Bounds:
        _, _, w, h = self.rect
        return (self.x0, self.y1 - h / self.scale, self.x0 + w / self.scale, self.y1)

    def zoomed(self, factor: float, about: tuple[float, float] | None = None) -> Viewport:
        """Zoom by ``factor`` keeping the world point ``about`` (default: the centre) in place."""
        if about is None:
            b = self.world_bounds
            about = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
        ax, ay = about
        scale = self.scale * factor
        return Viewport(self.rect, ax - (ax - self.x0) / factor, ay + (self.y1 - ay) / factor, scale)

    def panned(self, dx_px: float, dy_px: float) -> Viewport:
        """Move the picture by (dx, dy) pixels (a drag to the right shows what lies to the west)."""
        return Viewport(self.rect, self.x0 - dx_px / self.scale, self.y1 + dy_px / self.scale, self.scale)


def fit(bounds: Bounds, rect: Rect, margin: float = 0.05) -> Viewport:
    """The viewport showing ``bounds`` whole and centred in ``rect``, north up.

    ``margin`` is a fraction of the panel kept free on every side (labels need room).
    """
    minx, miny, maxx, maxy = bounds
    left, top, w, h = rect
    bw = max(maxx - minx, 1e-6)
    bh = max(maxy - miny, 1e-6)
    usable_w = w * (1 - 2 * margin)
    usable_h = h * (1 - 2 * margin)
    scale = min(usable_w / bw, usable_h / bh)
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    return Viewport(rect, cx - w / 2 / scale, cy + h / 2 / scale, scale)


def centred(centre: tuple[float, float], scale: float, rect: Rect) -> Viewport:
    """The viewport with world point ``centre`` in the middle of ``rect`` at ``scale`` px/尺."""
    _, _, w, h = rect
    return Viewport(rect, centre[0] - w / 2 / scale, centre[1] + h / 2 / scale, scale)
