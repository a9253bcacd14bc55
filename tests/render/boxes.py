"""Box tests the layout tests share: boxes are (left, top, right, bottom) in pixels."""

from __future__ import annotations


def glyph_box(g) -> tuple:
    """A scene Glyphs' box (x, y, w, h) as (left, top, right, bottom)."""
    x, y, w, h = g.box
    return (x, y, x + w, y + h)


def meets(a, b) -> bool:
    """The two boxes overlap by more than half a pixel each way (anti-aliased edges may touch)."""
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5
