"""``--camera full``: the 侯道 strip is the target end (the 侯, the 乏, the 獲者 between them), as wide as it
needs to show that whole at the scale its height allows, the rest of the width the court's; and it names
the 侯道 (the 300 尺 from the 物 to the 侯): the dimension line runs off the strip's top towards the 物, with
an arrowhead, its words inside the strip. Before, the strip took a third of the width with two fifths of it
empty, and the line's 300 尺 was written at the middle of the whole 侯道, far above the strip (unseen)."""

from __future__ import annotations

import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.scene import Clip, Glyphs, Poly
from choreo.render.style import PLAN
from tests.render.boxes import glyph_box


@pytest.fixture(scope="module", params=["xie", "xiang"])
def rite(request):
    return plan_script("xiangshe/full", venue=request.param)


def _inside(box, rect) -> bool:
    left, top, w, h = rect
    return left <= box[0] and box[2] <= left + w and top <= box[1] and box[3] <= top + h


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_strip_is_as_wide_as_the_target_end(rite, size):
    r = FrameRenderer(rite, RenderConfig(size=size, camera="full"))
    far = r.layout.far_bounds
    shown = r.strip_vp.world_bounds
    assert (far[2] - far[0]) / (shown[2] - shown[0]) >= 0.85, "the strip's width is the target end's"
    assert r.strip_vp.scale == pytest.approx(r.strip_vp.rect[3] * 0.88 / (far[3] - far[1]))  # fit by height
    assert r.panels.main[2] + r.panels.strip[2] == size[0]


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_strip_names_the_range_distance(rite, size):
    r = FrameRenderer(rite, RenderConfig(size=size, camera="full"))
    y_mark, y_target = r.layout.range_span
    words = f"侯道{abs(y_mark - y_target):.0f}尺"
    t = rite.step("e6.s13").t1
    (clip,) = [c for c in FrameScene(r).at(t).items if isinstance(c, Clip) and tuple(c.rect) == tuple(r.strip_vp.rect)]
    (g,) = [g for g in clip.items if isinstance(g, Glyphs) and g.text == words]
    box = glyph_box(g)
    assert _inside(box, r.strip_vp.rect), f"「{words}」 at {box} is outside the strip {r.strip_vp.rect}"
    _, p_target = r.strip_vp.to_screen(0, y_target)
    assert box[3] < p_target, "written on the line above the 侯"
    arrows = [p for p in clip.items if isinstance(p, Poly) and p.closed and p.fill == PLAN["label-dim"]
              and len(p.points) == 3]
    assert len(arrows) == 1 and min(y for _, y in arrows[0].points) == r.strip_vp.rect[1], "the line runs on north"
    # the frames the video draws write it in the same place
    surf = r.draw(t)
    x0, y0, x1, y1 = (int(v) for v in box)
    ink = pygame.surfarray.pixels3d(surf)[x0:x1, y0:y1]
    inked = int((ink.astype(int).sum(axis=2) < sum(PLAN["strip-bg"]) - 150).sum())  # well darker than the ground
    assert inked >= 20, f"the frame has {inked} inked pixels where the still writes 「{words}」"


def test_the_auto_strip_keeps_its_plain_dimension():
    """The strip of the other cameras shows the whole 侯道: its 300尺 as before, no arrowhead."""
    rite = plan_script("xiangshe/full")
    r = FrameRenderer(rite, RenderConfig(camera="hall"))
    (clip,) = [c for c in FrameScene(r).at(rite.steps[5].t1).items
               if isinstance(c, Clip) and tuple(c.rect) == tuple(r.strip_vp.rect)]
    assert [g.text for g in clip.items if isinstance(g, Glyphs) and g.text.endswith("00尺")] == ["300尺"]
    assert not [p for p in clip.items if isinstance(p, Poly) and p.closed and p.fill == PLAN["label-dim"]]
