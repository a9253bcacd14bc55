"""The viewer's ghost overlay, driven by real key events: o overlays the other reading where it differs,
[ and ] jump between the steps that differ (marked ≠ in the list), o again takes the ghosts away."""

from __future__ import annotations

import math

import numpy as np
import pygame

from choreo.planning import plan_script
from choreo.render.ghosts import GHOST_CAPTION
from choreo.viewer.layout import ROW_H
from choreo.viewer.overlays import HELP
from tests.viewer.conftest import key, pin_other_step, pump_until


def _at(surface, x, y, reach=2):
    a = pygame.surfarray.array3d(surface)
    x, y = int(round(x)), int(round(y))
    return a[x - reach:x + reach + 1, y - reach:y + reach + 1].copy()


def test_o_overlays_the_other_reading_and_brackets_jump_between_the_steps_that_differ(make_viewer, script):
    v = make_viewer(script)
    zheng, ao = plan_script(script, reading="zheng"), plan_script(script, reading="ao")
    assert v.choreography.reading == "zheng" and v.comparison is None
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None)
    assert v.comparison.b.reading == "ao"
    # s01 is the same in both readings (司射 to the 司射位); s02 sends him to the 洗 under 敖, not the 中
    assert "s02" in v.differing() and "s01" not in v.differing()
    key(pygame.K_HOME)
    v.pump(0)
    key(pygame.K_RIGHTBRACKET)
    v.pump(0)
    assert v.step_id == v.differing()[0] == "s02"
    s02 = zheng.step("s02")
    v.dispatch("scrub", s02.t0 + 0.8 * (s02.t1 - s02.t0))
    v.pump(0)
    t, step = v.state.t, v.choreography.step("s02")
    ghosts = v.renderer.ghosts(t, step, v._manual())
    assert [g.name for g in ghosts] == ["司射"]
    tb = v.comparison.other_time("s02", t)
    pose = ao.pose_at("司射", tb)
    vp = v.frame_viewport()
    gx, gy = vp.to_screen(pose.x, pose.y)
    left, top = v.layout.frame[:2]
    assert (ghosts[0].px, ghosts[0].py) == (gx, gy)
    with_ghost = _at(v.draw(), left + gx, top + gy)
    comparison, v.renderer.comparison = v.renderer.comparison, None  # the same frame without the ghosts
    bare = _at(v.renderer.draw(t, step, view=v._manual()), gx, gy)
    v.renderer.comparison = comparison
    assert not np.array_equal(with_ghost, bare)  # the ghost is drawn where 敖 has him
    # the list marks the step that differs, in the ghosts' tint, and not the one that does not
    sx, sy = v.layout.steps[:2]
    frame = pygame.surfarray.array3d(v.screen)
    row = {sid: v.spans.index(sid) - v.scroll for sid in ("s01", "s02")}
    assert tuple(frame[sx + 1, sy + ROW_H * (row["s02"] + 1) + ROW_H // 2]) == GHOST_CAPTION
    assert tuple(frame[sx + 1, sy + ROW_H * (row["s01"] + 1) + ROW_H // 2]) != GHOST_CAPTION
    key(pygame.K_o)
    v.pump(0)
    assert v.comparison is None and v.differing() == ()
    v.draw()
    assert v.renderer.comparison is None and v.renderer.ghosts(t, step, v._manual()) == []
    key(pygame.K_RIGHTBRACKET)
    v.pump(0)
    assert v.step_id == "s02"  # no jump without the overlay


def test_the_ghosts_follow_a_reading_switch_and_the_help_names_the_keys(make_viewer, script):
    v = make_viewer(script)
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None)
    key(pygame.K_r)
    v.pump(0)
    assert v.wait_planned()
    assert v.choreography.reading == "ao"
    assert pump_until(v, lambda: v.comparison is not None)
    assert (v.comparison.a.reading, v.comparison.b.reading) == ("ao", "zheng")
    keys = {k for k, _ in HELP}
    assert "o" in keys and "[ ]" in keys


def test_brackets_reach_the_other_readings_own_step_and_show_its_ghosts_acting(make_viewer):
    """e10 under 鄭 with 敖 overlaid: ] comes, after s07, to 敖's own s07b (「獲者薦右東面立飲」, a step 鄭 has
    not): the frame is the still at its end on 敖's clock (the ghosts where 敖's plan has them, 鄭's figures
    waiting), the band names it 敖's only; the next key that is not a bracket returns to our own steps."""
    from choreo.paths import scripts_dir
    from choreo.render.ghosts import GHOST_TINT

    v = make_viewer(scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml", reading="zheng")
    assert v.wait_planned()
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None, timeout=60)
    pin_other_step(v)
    sb = v.comparison.b.step("s07b")
    assert v.pinned is sb and v.step_id == "s07" and not v.state.playing
    assert "a step of 敖繼公" in v.message[0]
    ghosts = v.renderer.ghosts(sb.t1, sb, v._manual())
    vp = v.renderer.main_viewport(sb.t1, sb, v._manual())
    (g,) = [g for g in ghosts if g.name == "獲者"]
    pose = v.comparison.b.pose_at("獲者", sb.t1)
    assert (g.px, g.py) == vp.to_screen(pose.x, pose.y)
    left, top = v.layout.frame[:2]
    frame = pygame.surfarray.array3d(v.draw())
    for g in (g for g in ghosts if g.kind == "person"):  # each ghost's rim in the ghosts' violet, somewhere
        ring = [frame[round(left + g.px + math.sin(a) * (g.r - 1)), round(top + g.py - math.cos(a) * (g.r - 1))]
                for a in np.linspace(0, 2 * math.pi, 72, endpoint=False)]
        assert (np.abs(np.array(ring, dtype=int) - np.array(GHOST_TINT)).max(axis=-1) < 40).any(), g.name
    key(pygame.K_RIGHTBRACKET)
    v.pump(0)
    assert v.pinned is None and v.step_id == "s08"
    key(pygame.K_LEFTBRACKET)
    v.pump(0)
    assert v.pinned is sb
    key(pygame.K_HOME)
    v.pump(0)
    assert v.pinned is None
