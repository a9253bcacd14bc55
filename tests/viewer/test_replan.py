"""Re-planning on `v` / `r` runs in the background: the window keeps playing the old plan, says it is
planning, and swaps the new plan in at the same step when it is done."""

from __future__ import annotations

import threading

import pygame
import pytest

from choreo.planning import plan_script
from choreo.viewer.session import Session
from tests.viewer.conftest import key


def test_switch_reading_plans_in_background_and_swaps_at_the_same_step(make_viewer, script, monkeypatch):
    v = make_viewer(script)
    key(pygame.K_RIGHT)
    v.pump(0)
    assert v.step_id == "s02" and v.choreography.reading == "zheng"
    old = v.choreography
    gate = threading.Event()
    load = Session.load

    def held_load(self):  # planning takes as long as the test wants: the window must not wait
        assert gate.wait(10)
        return load(self)

    monkeypatch.setattr(Session, "load", held_load)
    key(pygame.K_r)
    v.pump(0)
    assert v.planning is not None
    v.dispatch("play_pause")
    t_before = v.state.t
    for _ in range(3):
        v.pump(0.5)  # frames keep coming while the planner works
    assert v.choreography is old and v.state.t > t_before  # the old plan plays on meanwhile
    assert v.planning.what == "reading: 敖"  # the title the script gives it, not its key
    v.dispatch("play_pause")
    v.dispatch("scrub", old.step("s02").t0 + 1.0)
    gate.set()
    assert v.wait_planned()
    ch = v.choreography
    assert ch is not old and ch.reading == "ao" and v.step_id == "s02"
    ao = plan_script(script, reading="ao")
    t = v.state.t
    pose, want = ch.pose_at("司射", t), ao.pose_at("司射", t)
    assert (pose.x, pose.y) == pytest.approx((want.x, want.y))
    end_zheng = old.pose_at("司射", old.step("s02").t1)
    assert ao.pose_at("司射", ao.step("s02").t1).x > end_zheng.x + 30  # the tracks differ: 洗 vs 中


def test_planning_indicator_is_drawn_while_planning(make_viewer, script, monkeypatch):
    v = make_viewer(script)
    gate = threading.Event()
    load = Session.load
    monkeypatch.setattr(Session, "load", lambda self: (gate.wait(10), load(self))[1])
    before = pygame.Surface.copy(v.screen)
    key(pygame.K_v)
    v.pump(0)
    assert v.planning is not None and v.choreography.venue.key == "xie"
    after = v.screen
    # the indicator sits at the bottom of the frame, centred: the pixels there changed
    left, top, w, h = v.layout.frame
    region = pygame.Rect(left + w // 2 - 60, top + h - 60, 120, 40)
    changed = sum(before.get_at((x, y)) != after.get_at((x, y))
                  for x in range(region.left, region.right, 4) for y in range(region.top, region.bottom, 4))
    assert changed > 20
    gate.set()
    assert v.wait_planned()
    assert v.choreography.venue.key == "xiang" and v.planning is None
