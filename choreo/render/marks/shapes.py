"""The drawing primitives of the marks, in pixels (x right, y down): what a backend draws, nothing more.

A bearing (0 = north, clockwise) becomes a screen direction here and only here: a figure's disc is
already on screen, and the plan is never rotated (the Viewport maps north to up), so "up" is north.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RGB = tuple[int, int, int]
XY = tuple[float, float]


@dataclass(frozen=True)
class Mark:
    """One primitive: ``line`` (an open polyline of ``width`` px), ``polygon`` (filled, outlined in
    ``outline`` when set; four points and a ``radius``: a rectangle with rounded corners), ``circle`` (``points[0]`` the centre, ``radius``; ``width`` 0 = filled) or
    ``text`` (``text`` centred on ``points[0]``, ``radius`` its size in px)."""

    kind: str
    points: tuple[XY, ...]
    colour: RGB
    width: float = 1.0
    radius: float = 0.0
    outline: RGB | None = None
    text: str = ""


def toward(cx: float, cy: float, bearing: float, dist: float) -> XY:
    """The point ``dist`` px from (cx, cy) in the direction of ``bearing`` (degrees, 0 = up)."""
    a = math.radians(bearing)
    return cx + math.sin(a) * dist, cy - math.cos(a) * dist


def mix(a: RGB, b: RGB, u: float) -> RGB:
    """``a`` faded toward ``b`` by u in [0, 1] (the frames' palette is flat: fading is mixing)."""
    u = min(1.0, max(0.0, u))
    return tuple(int(round(a[i] + (b[i] - a[i]) * u)) for i in range(3))


def bounds(marks) -> tuple[float, float, float, float] | None:
    """The pixel box the marks cover (None for none)."""
    xs, ys = [], []
    for m in marks:
        pad = m.radius if m.kind in ("circle", "text") else m.width / 2
        for x, y in m.points:
            xs += [x - pad, x + pad]
            ys += [y - pad, y + pad]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None
