"""A 相左's number tag sits on the rim of its party's disc at 640×360 as at 1280×720: read from the frame's
layout (each numbered figure's disc and layout box) and the marks drawn on the disc (FigureLayer.disc_marks,
what the frame paints), and its ink found in the frame drawn.

The tag (number_tag) overlaps the rim by a quarter of the number's size: its nearest point lies inside the
disc and its farthest within ``REACH`` tag diameters of the rim. The figure's layout box, which names keep off,
holds the whole tag (it is computed from the same number_tag_spot)."""

from __future__ import annotations

import math

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import INK, PLAN

REACH = 1.0  # the tag's far edge lies at most one tag diameter (plus a pixel) beyond the disc's rim


def _close(c, colour) -> bool:
    return sum(abs(a - b) for a, b in zip(c, colour, strict=True)) < 40


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/e02-first-round")


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_number_tag_touches_its_disc(rite, size):
    renderer = FrameRenderer(rite, RenderConfig(size=size, quiet=True))
    passings = renderer.figures.passings.passings
    assert len(passings) >= 3
    seen = looked = 0
    for p in passings:
        fl = renderer.frame_layout(p.t)
        surf = renderer.draw(p.t)
        for f in fl.figures:
            n = renderer.figures.passings.number(f.name, p.t)
            if n is None:
                continue
            tags = [m for m in renderer.figures.disc_marks(f, p.t) if m.kind == "circle" and m.outline is not None]
            texts = [m for m in renderer.figures.disc_marks(f, p.t) if m.kind == "text" and m.text == str(n)]
            assert len(tags) == 1 and len(texts) == 1, f"{p.step} {f.name}: one tag with his number"
            (cx, cy), rt = tags[0].points[0], tags[0].radius
            d = math.hypot(cx - f.px, cy - f.py)
            assert d - rt < f.r, f"{size} {p.step} {f.name}: the tag stands off the disc ({d - rt - f.r:.1f} px)"
            assert d + rt <= f.r + REACH * 2 * rt + 1, f"{size} {p.step} {f.name}: the tag floats away"
            assert cx < f.px and cy < f.py, "at the disc's upper left"
            box = fl.figures[fl.figures.index(f)].boxes[0]
            assert box[0] <= cx - rt and box[1] <= cy - rt and cx + rt <= box[2] and cy + rt <= box[3], \
                f"{size} {p.step} {f.name}: the layout box {box} leaves out the tag"
            seen += 1
            if any(g is not f and math.hypot(g.px - cx, g.py - cy) < g.r + rt for g in fl.figures):
                continue  # a neighbour's disc may be drawn over it (a pair passing a pair)
            # drawn there (the sprite's whole pixels: a pixel or two off the float centre): the tag's ink rim
            # round its halo fill, on the upper left quadrant, the side away from the disc
            rim = fill = 0
            for x in range(math.floor(cx - rt - 2), math.ceil(cx) + 1):
                for y in range(math.floor(cy - rt - 2), math.ceil(cy) + 1):
                    c, dist = tuple(surf.get_at((x, y)))[:3], math.hypot(x - cx, y - cy)
                    rim += rt - 2.5 <= dist <= rt + 2.5 and _close(c, INK)
                    fill += dist <= rt - 2.5 and _close(c, PLAN["halo"])
            assert rim >= rt and fill >= rt / 2, f"{size} {p.step} {f.name}: no tag drawn at {cx:.0f}, {cy:.0f}"
            looked += 1
    assert seen >= 6 and looked >= 1  # both parties of every 相左 of the passage; a tag no disc covers, drawn
