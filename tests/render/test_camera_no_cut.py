"""The automatic camera never cuts: from one video frame to the next the main view's centre moves less than
MAX_MOVE of its width and its zoom changes by less than MAX_ZOOM, over the whole 鄉射禮 as ``choreo render``
times it (its cards aside). Before, the view jumped where a step begun with another came on screen when the
other ended (e10's 「司馬洗爵」 after 「薦脯醢」: ×4.8 at once, then back when 「獲者負侯」 began), where the shot
inset opened and the pair shooting on the 堂 joined the framed (2.3 widths in a frame), where a framed
figure appeared far off (the 主人 at the gate, 1.2 widths), and where the actors' side of the range changed
(33 frames over the rite with a move over 0.3 widths or a zoom over ×1.3)."""

from __future__ import annotations

import math

import pytest

from choreo.planning import plan_script
from choreo.render.camera import frame_moves
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

MAX_MOVE = 0.25  # widths of the view a frame (an eased cut of two widths moves about 0.18 at its fastest)
MAX_ZOOM = math.log(1.25)


def _moves(name: str, size=(1280, 720), fps=25):
    rite = plan_script(name)
    cfg = RenderConfig(size=size, fps=fps)
    r = FrameRenderer(rite, cfg)
    return [(move, zoom, k, t, step.id)
            for k, _, t, step, move, zoom in frame_moves(cfg.pace.timeline(rite.steps), fps, r.camera.box)]


@pytest.mark.parametrize("name", ["xiangshe/e10-xian-huozhe", "xiangshe/e02-first-round"])
def test_a_passage_plays_without_a_cut(name):
    moves = _moves(name)
    assert len(moves) > 1000
    cuts = [m for m in moves if m[0] > MAX_MOVE or m[1] > MAX_ZOOM]
    assert cuts == []
    assert max(m[0] for m in moves) > 0.05  # it does move: pans and eased cuts are there to be measured


def test_the_whole_rite_plays_without_a_cut():
    moves = _moves("xiangshe/full", size=(640, 360))
    cuts = [m for m in moves if m[0] > MAX_MOVE or m[1] > MAX_ZOOM]
    assert cuts == [], f"{len(cuts)} cuts, the first {cuts[:3]}"


def test_a_step_begun_with_another_is_eased_into_when_it_comes_on_screen():
    """e10: 「司馬洗爵…」 (s01) and 「薦脯醢…」 (s02) begin together; s02 is shown until it ends, then s01: the view
    eases from s02's framing to s01's from that moment, not from s01's start (long past), and 「獲者負侯」 (s03)
    eases from s01's framing, the one on screen before it, not from s02's (the step listed before it)."""
    rite = plan_script("xiangshe/e10-xian-huozhe")
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    cam = r.camera
    s01, s02, s03 = (rite.step(i) for i in ("s01", "s02", "s03"))
    assert s01.t0 == s02.t0 and s02.t1 < s01.t1 == s03.t0
    switch = s02.t1
    before, after = cam.box(switch - 1e-6, s02), cam.box(switch, s01)
    assert max(abs(a - b) for a, b in zip(before, after, strict=True)) < 0.01
    settled = cam.box(switch + cam.blend, s01)
    assert abs((settled[2] - settled[0]) - (after[2] - after[0])) > 1.0  # s01 frames wider: an ease, not a still
    assert cam.box(s03.t0 - 1e-6, s01) == pytest.approx(cam.box(s03.t0, s03), abs=0.01)


@pytest.mark.parametrize(("name", "drawn", "other"), [("e06-second-round", "ao", "zheng"),
                                                      ("e06-second-round", "zheng", "ao"),
                                                      ("e10-xian-huozhe", "ao", "zheng")])
def test_a_comparison_plays_without_a_cut(name, drawn, other):
    """A comparison video plays the steps where the readings agree QUICK_BY times faster: the camera's eases
    there take that many times the blend of ceremony time, so they last as long on screen; and the room the
    view makes for the ghosts is eased where it changes at once (a ghost appearing, crossing into the range,
    another step's ghosts). Before, e06 with 鄭 as the ghosts cut 6 times (×1.65 at once at s02), e06 with 敖
    as the ghosts 15 times, e10 with 鄭 as the ghosts once (a ghost leaving the hall at s09)."""
    from dataclasses import replace

    from choreo.compare import Comparison
    from choreo.export.video import timeline_for

    path = f"xiangshe/{name}"
    a, b = plan_script(path, reading=drawn), plan_script(path, reading=other)
    cmp = Comparison(a, b)
    steps = tuple(a.steps)
    quick = frozenset(s.id for s in steps if not cmp.differs(s.id))
    assert len(quick) < len(steps)  # some steps differ: the ghosts are drawn
    cfg = replace(RenderConfig(size=(1280, 720), fps=25), quick_steps=quick)
    timeline = timeline_for(a, cfg, steps, cmp)
    r = FrameRenderer(a, cfg, comparison=cmp)
    shown = lambda t, step: r.main_viewport(t, step).world_bounds  # noqa: E731 - the comparison's own view
    cuts = [(k, round(t, 2), step.id, round(move, 3), round(zoom, 3))
            for k, _, t, step, move, zoom in frame_moves(timeline, 25, shown) if move > MAX_MOVE or zoom > MAX_ZOOM]
    assert cuts == []
