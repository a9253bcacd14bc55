"""Small outputs (GIF sizes): figure labels in a tight file do not overlap one another, nor the discs
and badges, and the plan's furniture shrinks with the frame (issue 5)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from choreo.planning import find_script, plan_script  # noqa: E402
from choreo.render.config import RenderConfig  # noqa: E402
from choreo.render.drawplan import label_measure  # noqa: E402
from choreo.render.frame import FrameRenderer  # noqa: E402
from choreo.render.placement import _overlaps  # noqa: E402


@pytest.fixture(scope="module")
def first_round():
    return plan_script(find_script("xiangshe/e02-first-round"))


def _label_boxes(r: FrameRenderer, t: float):
    step = r.choreo.step_at(t)
    vp = r.main_viewport(t, step)
    figs = r.figures.layout(vp, t, step, small=False)
    taken = [b for f in figs for b in f.boxes] + list(r.furniture(t, step))
    bodies = list(taken)
    labels = r.figures.place_labels(figs, taken, vp.rect)
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


def test_legend_fits_the_caption_band_at_480(first_round):
    """At 480×270 the role legend used to run off the band's right edge (its last entry cut): the
    entries that do not fit are left out whole, so the band's right margin stays empty."""
    import numpy as np
    import pygame

    cfg = RenderConfig(size=(480, 270))
    r = FrameRenderer(first_round, cfg)
    step = first_round.steps[len(first_round.steps) // 2]
    frame = r.draw(step.t1, step)
    left, top, w, h = r.panels.bottom_band
    band = pygame.surfarray.array3d(frame)[left + w - cfg.px(18):left + w, top:top + cfg.px(10) + cfg.px(16) * 2]
    background = np.array(frame.get_at((left + w - 1, top + 1))[:3])
    assert (band == background).all(), "something is drawn in the caption band's right margin"
    legend = r.caption._legends[max(r.caption._legends)]
    assert legend is not None and legend.get_width() > 0  # some of the legend is still shown


def test_a_file_of_archers_is_labelled_beside_their_discs_clear_of_the_facing(first_round):
    """The 三耦 standing 東面 in file at the 司射位 (e.2 s04a): each archer's name stands beside his
    disc, not over it, not over the wedge that shows which way he faces, and not over the point a
    landmark stands for (a label used to start inside the disc it names, so every horizontal spot
    was refused and most of the file went unlabelled)."""
    cfg = RenderConfig(size=(1280, 720))
    r = FrameRenderer(first_round, cfg)
    step = first_round.step("s04a")
    t = step.t1
    r.draw(t, step)
    vp = r.main_viewport(t, step)
    figs = r.figures.layout(vp, t, step, small=False)
    labels = r.figures.place_labels(figs, [b for f in figs for b in f.boxes], vp.rect)
    measure = label_measure(r.texts)
    boxes = {}
    for text, lx, ly, size, vertical in labels:
        w, h = r.texts.vertical_size(text, int(size)) if vertical else measure(text, size)
        boxes[text] = (lx, ly, lx + w, ly + h)
    archers = [f for f in figs if "耦" in f.name and f.name.endswith("射")]
    assert len(archers) == 6
    for f in archers:
        assert f.name in boxes, f"{f.name} has no label"
        assert not boxes[f.name][3] < f.py - f.r and not boxes[f.name][1] > f.py + f.r, "not beside him"
    for f in figs:
        disc = f.boxes[0]
        for text, box in boxes.items():
            assert not _overlaps(box, disc), f"label {text} covers {f.name} or his facing"
