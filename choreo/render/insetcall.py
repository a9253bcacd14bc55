"""Where the 獲者's call (獲) stands in the shot inset: beside him, clear of the inset's names and marks.

Pure geometry (no pygame): boxes are (x0, y0, x1, y1) pixels. The call used to stand above his disc to
the west, always; at 640×360 the inset is small and it covered the 乏's name, written just west of the
乏 where he stands. Now the first spot round him that covers no name, mark or disc already drawn in the
inset is taken, and where there is none, the call goes into the inset's top row after its title (as
for a caller out of the inset's view).
"""

from __future__ import annotations

from collections.abc import Sequence

Box = tuple[float, float, float, float]


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, area: Box) -> bool:
    return area[0] <= a[0] and a[2] <= area[2] and area[1] <= a[1] and a[3] <= area[3]


def call_spots(at: tuple[float, float], r: float, size: tuple[float, float], gap: float = 2.0) -> list[Box]:
    """The boxes the call may take round the caller's disc (centre ``at``, radius ``r``; his 旌 rises on
    his east side), best first: above to the west (where it always stood), above him west of the 旌's pole,
    to the west, below to the west, below, to the east under the 旌's cloth, then the same a row further out."""
    (cx, cy), (w, h) = at, size
    pole = cx + 0.6 * r
    near = [(cx - r - gap - w, cy - 2.6 * r), (pole - gap - w, cy - r - gap - h), (cx - r - gap - w, cy - h / 2),
            (cx - r - gap - w, cy + r + gap), (cx - w / 2, cy + r + gap), (cx + r + gap, cy + r * 0.4 + gap),
            (pole + 1.8 * r + gap, cy - 3.2 * r)]
    far = [(x, y - h - gap) for x, y in near[:2]] + [(x, y + h + gap) for x, y in near[3:5]] + \
          [(x - w - gap, y) for x, y in near[:4]]
    return [(x, y, x + w, y + h) for x, y in near + far]


def place_call(at: tuple[float, float], r: float, size: tuple[float, float], taken: Sequence[Box], area: Box,
               gap: float = 2.0) -> Box | None:
    """The first of :func:`call_spots` inside ``area`` (the inset's picture, between its rows of text) that
    meets none of ``taken`` (the inset's words, marks and discs); None where every spot is taken."""
    return next((b for b in call_spots(at, r, size, gap) if _inside(b, area) and not any(_meets(b, t) for t in taken)),
                None)
