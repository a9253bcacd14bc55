"""A branch of the text chosen (``--outcome``) is named on the frame beside the reading, in the video's
frame and in its print still alike, and the plates name it in their header."""

from __future__ import annotations

import numpy as np
import pygame

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.scene import Glyphs
from choreo.render.style import CAPTION


def _frame(options):
    ch = plan_script("xiangshe/e08-shuhuo", venue="xie", options=options)
    step = ch.step("s13")
    t = (step.t0 + step.t1) / 2
    renderer = FrameRenderer(ch, RenderConfig(size=(1280, 720), quiet=True))
    pixels = pygame.surfarray.array3d(renderer.draw(t, step)).swapaxes(0, 1).astype(int)
    return FrameScene(renderer).at(t, step), pixels


def _meta_pixels(pixels, box) -> int:
    x, y, w, h = (int(v) for v in box)
    patch = pixels[y:y + h, x:x + w]
    return int((np.abs(patch - np.array(CAPTION["meta"])).max(axis=2) <= 40).sum())


def test_the_option_s_title_is_drawn_beside_the_reading_s():
    scene, pixels = _frame(("tie",))
    runs = [g for g in scene.walk() if isinstance(g, Glyphs)]
    title = next(g for g in runs if g.text == "若左右鈞")
    read = next(g for g in runs if g.text == "鄭注・賈疏")
    assert title.box[0] > read.box[0] and abs(title.box[1] - read.box[1]) < 2  # on its line, after it
    assert _meta_pixels(pixels, title.box) > 40  # drawn there, in the caption's colour
    plain, default = _frame(())
    assert not any(isinstance(g, Glyphs) and g.text == "若左右鈞" for g in plain.walk())
    assert _meta_pixels(default, title.box) < _meta_pixels(pixels, title.box) // 4  # nothing there by default


def test_the_compare_caption_and_the_title_card_name_the_option_too():
    from choreo.compare import Comparison
    from choreo.render.card import card_lines

    zheng, ao = (plan_script("xiangshe/e08-shuhuo", venue="xie", reading=r, options=("tie",)) for r in ("zheng", "ao"))
    step = zheng.step("s11")
    renderer = FrameRenderer(zheng, RenderConfig(size=(1280, 720), quiet=True), comparison=Comparison(zheng, ao))
    runs = [g.text for g in FrameScene(renderer).at((step.t0 + step.t1) / 2, step).walk() if isinstance(g, Glyphs)]
    assert runs.index("若左右鈞") == runs.index("敖繼公《儀禮集說》") + 1  # after the two sides compared
    assert card_lines(zheng, zheng.steps[0])[2].split(" · ")[:3] == ["榭（州學）", "鄭注・賈疏", "若左右鈞"]
