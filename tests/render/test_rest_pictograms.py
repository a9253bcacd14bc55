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


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_bi_and_the_zhong_waiting_at_one_place_are_two_squares_each_named(rite, size):
    """The 楅 and the 中 wait at the 堂西 at one point until they are set (e.1–e.3): drawn there, they were
    one square with two names beside it; now the second stands just above the first, both are drawn
    (their colour read back at each one's centre) and each name stands nearer its own square."""
    from choreo.render.style import colour_of

    r = FrameRenderer(rite, RenderConfig(size=size))
    step = rite.step("e1.s08")
    t = step.t1
    p, q = rite.pose_at("obj.楅", t), rite.pose_at("obj.中", t)
    assert (p.x, p.y) == (q.x, q.y)  # one place in the model
    fl = r.frame_layout(t, step)
    bi, zhong = (next(f for f in fl.figures if f.name == n) for n in ("obj.楅", "obj.中"))
    a, b = bi.boxes[0], zhong.boxes[0]
    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), "the two squares overlap"
    img = np.frombuffer(pygame.image.tobytes(r.draw(t, step), "RGB"), np.uint8).reshape(size[1], size[0], 3)
    for f in (bi, zhong):
        assert tuple(int(v) for v in img[round(f.py), round(f.px)]) == colour_of(f.info)
    names = {lab[0]: box for lab, box in zip(fl.labels, fl.label_boxes, strict=True)}
    for f, other in ((bi, zhong), (zhong, bi)):
        cx, cy = (names[f.label][0] + names[f.label][2]) / 2, (names[f.label][1] + names[f.label][3]) / 2
        assert abs(cx - f.px) + abs(cy - f.py) < abs(cx - other.px) + abs(cy - other.py), f"{f.label} named by the other"
