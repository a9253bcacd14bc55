"""The 算 lying on the ground in a frame: each piece's sticks, its 末 marked, a 委's tie (choreo/counters.py).

:func:`counter_strokes` turns the Choreography's pieces lying at t into pixel polylines (no pygame), which
the frame paints with pygame (:func:`draw_counters`) and the scene builder writes as primitives for
SVG/PDF (choreo/render/framescene.py): one computation, two painters.
"""

from __future__ import annotations

from choreo import counters as cnt
from choreo.model import Choreography
from choreo.render.style import PLAN
from choreo.render.viewport import Viewport

XY = tuple[float, float]
COLOUR = PLAN["object"]
MIN_PX = 3.0  # below this a 算 is not drawn (a far zoom would draw a smudge)


def counter_strokes(ch: Choreography, vp: Viewport, t: float, k: float) -> list[tuple[tuple[XY, ...], float]]:
    """(points, width in px) of every stroke that draws the 算 lying at t: a line per stick, an open head at
    each stick's 末, a tie across a 委."""
    if vp.length(cnt.LENGTH) < MIN_PX:
        return []
    out = []
    width = max(2.0, round(2 * k))
    head = max(2.0, vp.length(0.25))
    for piece in cnt.lying(ch.laid, t):
        for base, tip in cnt.sticks(piece):
            b, e = vp.to_screen(*base), vp.to_screen(*tip)
            out.append(((b, e), width))
            out.append((tuple(cnt.tip_mark(b, e, head)), width))
        tie = cnt.bundle_tie(piece)
        if tie is not None:
            out.append((tuple(vp.to_screen(*p) for p in tie), width + 1))
    return out


def draw_counters(surf, vp: Viewport, ch: Choreography, t: float, k: float) -> None:
    import pygame

    for pts, width in counter_strokes(ch, vp, t, k):
        pygame.draw.lines(surf, COLOUR, False, [tuple(map(round, p)) for p in pts], int(width))
