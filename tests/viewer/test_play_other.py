"""The viewer plays the overlaid reading's own steps as the comparison video does, driven by real key events:
with 敖 overlaid on 鄭's e.10, playing through s07 goes on into 敖's s07b (its ghosts acting on 敖's clock, 鄭's
figures waiting where s07 left them) before 鄭's s08, instead of skipping it; space on s07b reached with ]
plays it from its start."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from choreo.paths import scripts_dir
from choreo.render.ghosts import GHOST_TINT
from tests.viewer.conftest import key, pin_other_step, pump_until

E10 = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"
DT = 0.1  # s of wall time a pump


@pytest.fixture
def viewer(make_viewer):
    v = make_viewer(E10, reading="zheng")
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None, timeout=60)
    return v


def _violet_rims(v, t, step) -> bool:
    """Every person's ghost in view has the ghosts' violet on its rim in the window's picture."""
    left, top = v.layout.frame[:2]
    frame = pygame.surfarray.array3d(v.screen)
    vp = v.frame_viewport()
    main = v.renderer.panels.main
    ghosts = [g for g in v.renderer.ghosts(t, step, v._view()) if g.kind == "person"
              and main[0] + g.r < g.px < main[0] + main[2] - g.r and main[1] + g.r < g.py < main[1] + main[3] - g.r]
    assert ghosts and vp is not None
    for g in ghosts:
        ring = [frame[round(left + g.px + math.sin(a) * (g.r - 1)), round(top + g.py - math.cos(a) * (g.r - 1))]
                for a in np.linspace(0, 2 * math.pi, 72, endpoint=False)]
        if not (np.abs(np.array(ring, dtype=int) - np.array(GHOST_TINT)).max(axis=-1) < 40).any():
            return False
    return True


def test_playing_through_s07_plays_ao_s07b_before_s08(viewer, wall):
    v = viewer
    a, b = v.comparison.a, v.comparison.b
    s07, s08, sb = a.step("s07"), a.step("s08"), b.step("s07b")
    key(pygame.K_HOME)
    v.pump(0)
    while v.step_id != "s07":  # → to s07
        key(pygame.K_RIGHT)
        v.pump(0)
    for _ in range(2):  # 16× (from 4×): fewer frames to pump
        key(pygame.K_PLUS)
        v.pump(0)
    key(pygame.K_SPACE)
    v.pump(0)
    assert v.state.playing
    seen, ours, resumed = [], [], None
    for _ in range(400):
        wall.now += DT
        v.pump(DT)
        if v.detour is not None and v.detour.step is sb:
            seen.append(v.detour.t)
            ours.append(v.state.t)
            assert v.step_id == "s07"  # the list and the bar: the step it is played after
            if len(seen) == 3:  # mid-way: the picture is 敖's moment, the ghosts' rims drawn where 敖 has them
                pose = b.pose_at("獲者", v.detour.t)
                (g,) = [g for g in v.renderer.ghosts(v.detour.t, sb, v._view()) if g.name == "獲者"]
                assert (g.px, g.py) == v.frame_viewport().to_screen(pose.x, pose.y)
                assert _violet_rims(v, v.detour.t, sb)
        elif seen:
            resumed = (v.state.t, v.step_id)
            break
    assert len(seen) >= 5, "敖's s07b was not played"
    assert seen == sorted(seen) and seen[0] < sb.t0 + 16 * 4 * DT and sb.t1 - seen[-1] < 16 * 4 * DT
    assert set(ours) == {s07.t1}  # 鄭's clock waits at the end of s07 meanwhile
    # then on with ours: s08 and s09 start together at s07's end (the viewer shows the later-listed s09)
    assert v.state.playing and resumed[0] > s07.t1 == s08.t0 and v.spans.index(resumed[1]) > v.spans.index("s07")


def test_space_on_the_pinned_ao_step_plays_it_from_its_start(viewer):
    v = viewer
    sb = v.comparison.b.step("s07b")
    pin_other_step(v)
    assert v.pinned is sb and not v.state.playing
    key(pygame.K_SPACE)
    v.pump(0)
    assert v.pinned is None and v.state.playing and v.detour is not None and v.detour.step is sb
    assert v.detour.t == pytest.approx(sb.t0)
    key(pygame.K_SPACE)  # a pause keeps the detour, play goes on with it
    v.pump(0)
    assert not v.state.playing and v.detour is not None
    t = v.detour.t
    key(pygame.K_SPACE)
    v.pump(0)
    v.pump(DT)
    assert v.detour is not None and v.detour.t > t
    key(pygame.K_RIGHT)  # moving our clock ends it
    v.pump(0)
    assert v.detour is None and v.spans.index(v.step_id) > v.spans.index("s07")
