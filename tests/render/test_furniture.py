"""The fixed furniture (scale bar, north arrow) hides no figure: at real steps of the bundled rite
its boxes, as the frame places them, cover no figure's disc or held object and no figure label;
figures are drawn after it; the scale bar is a bar with ticks, not an opaque box; in the main view
each landmark is labelled once and never again by a figure's label."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.drawplan import label_measure
from choreo.render.frame import FrameRenderer
from choreo.render.style import PLAN
from choreo.render.text import TextCache

# steps where, before, the scale bar's box or the 北 arrow covered a figure (樂正, 執算者, the 次耦)
STEPS = ("e1.s08", "e2.s04", "e2.s12", "e2.s19", "e5.s08", "e6.d2")


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _drawn(r: FrameRenderer, t: float, step, monkeypatch):
    """(figures painted in the main view, their label boxes, landmark label texts) of one frame."""
    r.draw(t + 0.5, step)  # the strip's plan labels are drawn (and cached) by an earlier frame
    painted, labels, plan = [], [], []
    paint, blit = r.figures.paint, r.figures.blit_labels
    render = TextCache.render

    def rec_paint(surf, vp, figs, t, *, small, **kw):
        if not small:
            painted.append(figs)
        return paint(surf, vp, figs, t, small=small, **kw)

    def rec_blit(surf, labs):
        labels.append(labs)
        return blit(surf, labs)

    def rec_render(self, text, size, colour, halo=None, where="label"):
        if where == "plan label":
            plan.append(text)
        return render(self, text, size, colour, halo, where)

    monkeypatch.setattr(r.figures, "paint", rec_paint)
    monkeypatch.setattr(r.figures, "blit_labels", rec_blit)
    monkeypatch.setattr(TextCache, "render", rec_render)
    surf = r.draw(t, step)
    monkeypatch.undo()
    measure = label_measure(r.texts)
    boxes = []
    for text, lx, ly, size, vertical in labels[0]:  # the main view's, drawn before the strip's
        w, h = r.texts.vertical_size(text, int(size)) if vertical else measure(text, size)
        boxes.append((text, (lx, ly, lx + w, ly + h)))
    return surf, painted[0], boxes, plan


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_furniture_covers_no_figure_nor_label(rite, size, monkeypatch):
    r = FrameRenderer(rite, RenderConfig(size=size))
    for sid in STEPS:
        step = rite.step(sid)
        t = (step.t0 + step.t1) / 2
        surf, figs, labels, _ = _drawn(r, t, step, monkeypatch)
        furniture = r.furniture(t, step)
        left, top, w, h = r.panels.main
        for box in furniture:
            assert left <= box[0] and box[2] <= left + w and top <= box[1] and box[3] <= top + h
        assert not _meets(*furniture)
        for f in figs:
            for body in f.boxes:
                assert not any(_meets(body, b) for b in furniture), (sid, f.name, body, furniture)
        for text, box in labels:
            assert not any(_meets(box, b) for b in furniture), (sid, text, box, furniture)


def test_scale_bar_is_ticks_on_a_line_not_a_box(rite):
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    step = rite.step("e2.s04")
    t = (step.t0 + step.t1) / 2
    frame = pygame.surfarray.array3d(r.draw(t, step)).transpose(1, 0, 2)
    bar, _ = r.furniture(t, step)
    x0, y0, x1, y1 = (round(v) for v in bar)
    ink = np.all(frame == PLAN["label"], axis=-1)
    halo = np.all(frame == PLAN["halo"], axis=-1)
    region = slice(y0, y1), slice(x0, x1)
    assert halo[region].mean() < 0.5  # before: the whole box was filled with the halo colour
    # a row a little above the bar's line crosses three ticks: its two ends and its middle
    rows = [np.diff(ink[y, x0:x1].astype(int)).clip(0).sum() for y in range(y0, y1)]
    assert 3 in rows


def test_each_landmark_is_labelled_once_in_the_main_view(rite, monkeypatch):
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    for step in rite.steps[::9]:
        t = (step.t0 + step.t1) / 2
        _, _, labels, plan = _drawn(r, t, step, monkeypatch)
        twice = {text for text, n in Counter(plan).items() if n > 1}
        assert not twice, (step.id, twice)
        assert not set(plan) & {text for text, _ in labels}, step.id


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_landmark_names_cover_no_other_point_and_keep_apart(venue):
    """「上物」 lay over the 下物's point, its name edge to edge with 「下物」: read as 「上物下物」."""
    from choreo.render.planlayer import PlanLayer
    from choreo.render.planlayout import build_layout
    from stage.loader import load_venue

    cfg = RenderConfig(size=(1280, 720))
    layer = PlanLayer(build_layout(load_venue(venue)), cfg, TextCache())
    for scale in (12.0, 18.0, 24.0):  # a hall and a half to a part of it across the frame
        placed = layer.labels(scale)
        boxes = [(lab.x * scale + lab.dx, -lab.y * scale + lab.dy) for lab in placed]
        boxes = [(x, y, x + lab.w, y + lab.h) for (x, y), lab in zip(boxes, placed, strict=True)]
        names = {lab.text for lab in placed}
        assert {"上物", "下物"} <= names
        for i, (lab, box) in enumerate(zip(placed, boxes, strict=True)):
            for j, other in enumerate(placed):
                if i == j:
                    continue
                px, py = other.x * scale, -other.y * scale
                assert not (box[0] < px < box[2] and box[1] < py < box[3]), (scale, lab.text, other.text)
                # the boxes carry a space after each name: two boxes that do not overlap keep it
                assert not _meets(box, boxes[j]), (scale, lab.text, other.text)
