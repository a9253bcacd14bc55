"""Objects at rest (the 觶 on the 豐, the 撲 at the 階西, the 俎 set out) are drawn as the pictograms of
assets/pictograms.yaml, outlined, and named by their label in the frame's placement pass; a thing
the file says has none (楅, 中) keeps its landmark's outline or a square."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.marks.pictograms import pictogram_of, without_pictogram
from choreo.render.scene import Poly


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


@pytest.mark.parametrize("script", ["xiangshe/full", "dashe/full"])
def test_every_object_has_a_pictogram_or_the_data_says_it_has_none(script):
    ch = plan_script(script)
    labels = {info.label for info in ch.figures.values() if info.kind == "object"}
    missing = {lab for lab in labels if pictogram_of(lab) is None and lab not in without_pictogram()}
    assert not missing, f"no pictogram and no `none:` note in assets/pictograms.yaml: {sorted(missing)}"
    assert {"楅", "中"} <= set(without_pictogram())


def test_the_cup_on_the_stand_is_drawn_as_a_cup_on_top_of_the_stand_and_named(rite):
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720), camera="hall"))
    step = rite.step("e9.s04")  # the winner's 弟子 has set the 觶 on the 豐 and gone down
    t = step.t1
    fl = r.frame_layout(t, step)
    cup = next(f for f in fl.figures if f.name == "obj.觶")
    stand = next(f for f in fl.figures if f.name == "obj.豐")
    assert rite.rest_of("obj.觶", t).landmark == "豐"
    c, s = cup.boxes[0], stand.boxes[0]
    side = r.figures.pictogram_px()
    assert round(c[2] - c[0]) == side == round(s[2] - s[0]), "both drawn at the pictograms' size"
    assert c[3] <= s[1] + 0.5 and abs(c[0] - s[0]) < 1, "the cup stands on top of the stand, not over it"
    named = {lab[0] for lab in fl.labels}
    assert {"觶", "豐"} <= named
    img = np.frombuffer(pygame.image.tobytes(r.draw(t, step), "RGB"), np.uint8).reshape(720, 1280, 3).astype(int)
    for box in (c, s):
        x0, y0, x1, y1 = (round(v) for v in box)
        patch = img[y0:y1, x0:x1]
        dark = (patch.sum(axis=2) < 250).sum()
        pale = (patch.min(axis=2) > 235).sum()
        assert dark > 15 and pale > 40, "a pictogram (ink on a pale square), not a filled square"
    scene = FrameScene(r).at(t, step)
    polys = [p for p in _walk(scene.items) if isinstance(p, Poly) and p.points]
    for box in (c, s):  # the SVG/PDF still draws the same squares
        assert any(abs(min(x for x, _ in p.points) - box[0]) < 1 and abs(min(y for _, y in p.points) - box[1]) < 1
                   and abs(max(x for x, _ in p.points) - box[2]) < 1 for p in polys)


def _walk(items):
    for it in items:
        inner = getattr(it, "items", None)
        if inner is not None:
            yield from _walk(inner)
        else:
            yield it
