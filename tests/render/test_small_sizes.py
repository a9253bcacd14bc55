"""Small outputs (GIF sizes): figure labels in a tight file do not overlap one another, nor the discs
and badges, and the plan's furniture shrinks with the frame (issue 5)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from choreo.planning import find_script, plan_script  # noqa: E402
from choreo.render.config import RenderConfig  # noqa: E402
from choreo.render.drawplan import overlay_boxes  # noqa: E402
from choreo.render.frame import FrameRenderer  # noqa: E402
from choreo.render.placement import _overlaps  # noqa: E402


@pytest.fixture(scope="module")
def first_round():
    return plan_script(find_script("xiangshe/e02-first-round"))


def _label_boxes(r: FrameRenderer, t: float):
    step = r.choreo.step_at(t)
    vp = r.main_viewport(t, step)
    figs = r._layout_figures(vp, t, step, small=False)
    taken = [b for f in figs for b in f.boxes] + overlay_boxes(vp, r.texts, r.cfg)
    bodies = list(taken)
    labels = r._place_figure_labels(figs, taken, vp.rect)
    boxes = []
    for text, lx, ly, size, vertical in labels:
        w, h = r.texts.vertical_size(text, int(size)) if vertical else (
            r.texts.width(text, int(size)) + 2 * max(1, int(size) // 9), int(size) * 1.25 + 2 * max(1, int(size) // 9))
        boxes.append((text, (lx, ly, lx + w, ly + h)))
    return figs, bodies, boxes


@pytest.mark.parametrize("size", [(640, 360), (480, 270)])
def test_file_of_archers_labels_do_not_overlap(first_round, size):
    r = FrameRenderer(first_round, RenderConfig(size=size))
    t = 60.0  # the six archers stand in a file west of the 司射位, a pace apart
    figs, bodies, boxes = _label_boxes(r, t)
    archers = [f for f in figs if f.name.endswith("射") and f.info.kind != "object"]
    assert len(archers) >= 6
    shown = {text for text, _ in boxes}
    assert len(shown) >= 6  # most of the file is labelled, not left out
    for i, (ta, a) in enumerate(boxes):
        for tb, b in boxes[i + 1:]:
            assert not _overlaps(a, b), f"labels {ta} and {tb} overlap at {size}"
        for body in bodies[:len(bodies) - 2]:  # discs and badges (the last two: scale bar, north arrow)
            assert not _overlaps(a, body), f"label {ta} covers a disc or badge at {size}"


def test_furniture_scales_with_the_frame():
    big, gif = RenderConfig(size=(1280, 720)), RenderConfig(size=(640, 360))
    assert big.deco_px(15) == 15 and big.dim(6) == 6
    assert gif.deco_px(12) < gif.px(12) and gif.deco_px(15) < gif.px(15)  # smaller than figure labels
    assert gif.deco_px(12) >= 8 and gif.dim(6) < 6  # legible floor for text, none for lengths
