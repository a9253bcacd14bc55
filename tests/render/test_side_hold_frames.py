"""The arrow held 兼諸弦面鏃 (執一個) is drawn beside the figure while he holds it so, and not once he has
nocked it across (挾): read from real frames."""

import numpy as np
import pygame

from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.rangemarks import side_hold_mark
from choreo.render.scenepaint import paint
from tests.planner.helpers import plan_text

SCRIPT = """
title: t
venue: xie
figures:
  司射: {at: 司射位, facing: 東面, role: official}
steps:
  - id: s1
    text: 左執弓，右執一個，兼諸弦，面镞
    do:
      司射: [執弓, 執一個, {俟: 6}, 挾, {俟: 6}]
"""


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)


def test_the_side_hold_is_drawn_while_held_and_not_after_the_arrow_is_nocked():
    ch = plan_text(SCRIPT)
    (held,) = [e for e in ch.events if e.kind == "執"]
    (nocked,) = [e for e in ch.events if e.kind == "挾"]
    r = FrameRenderer(ch, RenderConfig(size=(1280, 720), camera="hall", labels=False, trails=False))
    during, after = (held.t + nocked.t) / 2, nocked.t + 3
    vp = r.main_viewport(during)
    (placed,) = [f for f in r.figures.layout(vp, during, ch.step_at(during), small=False) if f.name == "司射"]
    px, py, radius = placed.px, placed.py, placed.r  # the disc as drawn
    k = r.cfg.font_scale
    shaft, head = side_hold_mark(px, py, radius, ch.pose_at("司射", during).bearing, k)
    # he faces east: the mark lies on his right, below the disc on screen (south), and runs east
    assert min(y for _, y in shaft) > py + radius and head[0][0] > shaft[0][0]
    a, b = _pixels(r.draw(during)), _pixels(r.draw(after))
    # the still (PNG, SVG, PDF) is painted from the frame's scene: the same mark there
    still = _pixels(paint(FrameScene(r).at(during), r.texts))
    still_after = _pixels(paint(FrameScene(r).at(after), r.texts))
    xs = np.linspace(shaft[0][0], shaft[1][0], 9).round().astype(int)
    ys = np.linspace(shaft[0][1], shaft[1][1], 9).round().astype(int)
    dark = lambda img: (img[ys, xs].max(axis=1) < 90).sum()  # noqa: E731 - the ink of the mark
    assert dark(a) >= 6 and dark(b) <= 2
    assert dark(still) >= 6 and dark(still_after) <= 2
