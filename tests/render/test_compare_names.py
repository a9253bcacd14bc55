"""Names in a comparison frame: the header of a piece of the other reading says where it stands in the drawn
reading's numbering (and whose it is), and every ghost of a person in view is named, the actors first, with a
leader where the name must stand off (敖's 獲者 at e.10 s07b went unnamed in the crowd at the 侯)."""

from __future__ import annotations

import pytest

from choreo.compare import Comparison
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.drawplan import label_measure
from choreo.render.frame import FrameRenderer

XIAN_HUOZHE = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"


@pytest.fixture(scope="module")
def comparison():
    return Comparison(plan_script(XIAN_HUOZHE, venue="xie", reading="zheng"),
                      plan_script(XIAN_HUOZHE, venue="xie", reading="ao"))


def _meta(renderer, step) -> list[str]:
    """The band's first row (the passage, the count, the two sides)."""
    lines = renderer.caption.lines(step)
    top = lines[0][4]
    return [text for text, _, _, _, y, _ in lines if y == top]


def test_the_header_numbers_the_other_readings_pieces_in_the_drawn_readings_steps(comparison):
    """敖's own s07b is played after 鄭's s07: its header says so in 鄭's numbering (not 敖's, whose count of
    steps differs) and names 敖 as the reading that has it; the rest of 敖's longer s08 is numbered as 鄭's s08."""
    a, b = comparison.a, comparison.b
    renderer = FrameRenderer(a, RenderConfig(size=(1280, 720)), comparison=comparison)
    total = len(a.steps)
    assert total != len(b.steps)
    s07, s07b = a.step("s07"), b.step("s07b")
    meta = _meta(renderer, s07b)
    assert f"after {s07.index + 1}/{total}, 敖繼公《儀禮集說》 only" in meta
    assert not any(f"/{len(b.steps)}" in m for m in meta)
    assert f"{a.step('s08').index + 1}/{total}" in _meta(renderer, b.step("s08"))  # b's rest of s08
    assert comparison.owns(b.step("s08"))
    assert f"{s07.index + 1}/{total}" in _meta(renderer, s07)  # a's own step: its own number


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_every_ghost_of_a_person_in_view_at_s07b_is_named_clear_of_the_others(comparison, size):
    """Through 敖's s07b (獲者薦右東面立飲), at 1280×720 and 640×360: each person's ghost in the main view has
    its name, 獲者 (the clause's actor) included; the ghosts' names overlap neither each other nor the
    figures' names; a name standing off has a leader from the ghost's rim to the name's box."""
    b = comparison.b
    sb = b.step("s07b")
    renderer = FrameRenderer(comparison.a, RenderConfig(size=size), comparison=comparison)
    measure = label_measure(renderer.texts)
    left, top, w, h = renderer.panels.main
    for t in (sb.t0 + 0.5, (sb.t0 + sb.t1) / 2, sb.t1):
        fl = renderer.frame_layout(t, sb)
        people = [g for g in fl.ghosts if g.kind == "person" and left <= g.px <= left + w and top <= g.py <= top + h]
        named = {text for text, *_ in fl.ghost_labels}
        assert "獲者" in {g.name for g in people if g.acting}
        assert {g.label for g in people} <= named, t
        boxes = []
        for text, x, y, size_px, line in fl.ghost_labels:
            tw, th = measure(text, size_px)
            box = (x, y, x + tw, y + th)
            assert all(box[2] <= o[0] or o[2] <= box[0] or box[3] <= o[1] or o[3] <= box[1] for o in boxes), text
            assert all(box[2] <= o[0] or o[2] <= box[0] or box[3] <= o[1] or o[3] <= box[1]
                       for o in fl.label_boxes), text
            boxes.append(box)
            if line is not None:
                (x0, y0), (x1, y1) = line
                g = next(g for g in people if g.label == text)
                assert ((x0 - g.px) ** 2 + (y0 - g.py) ** 2) ** 0.5 == pytest.approx(g.r, abs=0.5)
                assert box[0] - 0.5 <= x1 <= box[2] + 0.5 and box[1] - 0.5 <= y1 <= box[3] + 0.5


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_ghosts_names_keep_off_the_targets_bands(comparison, size):
    """e.10 s05 (the 獲者 at the 侯): the 旌's and the 執爵者's ghosts stand by the 侯; their names, as the
    figures' names, keep off its coloured bands (violet on red and green was hard to read) and off the
    landmarks' points, over the whole step."""
    step = comparison.a.step("s05")
    renderer = FrameRenderer(comparison.a, RenderConfig(size=size), comparison=comparison)
    measure = label_measure(renderer.texts)
    near = 0
    for u in (0.0, 0.5, 1.0):
        t = step.t0 + u * (step.t1 - step.t0)
        fl = renderer.frame_layout(t, step)
        bands = renderer._clear_boxes(fl.viewport)
        assert bands
        for text, x, y, size_px, _ in fl.ghost_labels:
            tw, th = measure(text, size_px)
            box = (x, y, x + tw, y + th)
            assert all(box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1] for b in bands), text
        near += any(g.name == "obj.旌" for g in fl.ghosts) and "旌" in {lab[0] for lab in fl.ghost_labels}
    assert near  # the 旌's ghost is named somewhere off the bands
