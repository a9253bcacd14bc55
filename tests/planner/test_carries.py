"""Who carries what, from the planner's own records: taken, handed over, set down, at rest."""

import math

import pytest

from tests.planner.helpers import plan_text

SCRIPT = """
title: t
figures:
  司射: {at: 司射位, facing: 東面, carries: [弓]}
  弟子1: {at: 堂西之南, facing: 北面}
  釋獲者: {at: 司馬位, facing: 東面}
objects:
  楅: {at: 堂西, label: 楅}
  中: {carried_by: 釋獲者, label: 中}
steps:
  - id: s1
    text: 取楅
    do: {弟子1: [{適: 堂西}, {取: 楅}, {適: 楅之北}, {設: {what: 楅, at: 楅}}, {適: 堂西}]}
  - id: s2
    text: 設中
    do: {釋獲者: [{適: 中之西}, {設: {what: 中, at: 中}}]}
  - id: s3
    text: 授弓
    do: {司射: [{授: {what: 弓, to: 弟子1}}]}
  - id: s4
    text: 釋弓
    do: {弟子1: [釋弓, {俟: 3}, 執弓, {俟: 3}, 釋弓]}
"""


@pytest.fixture(scope="module")
def ch():
    return plan_text(SCRIPT)


def test_a_set_down_object_rests_at_its_landmark_and_leaves_the_hand(ch):
    s1 = ch.step("s1")
    took = next(e for e in ch.events if e.kind == "取")
    assert ch.holder_of("obj.楅", took.t - 0.01) is None  # lying at the 堂西 before
    assert ch.rest_of("obj.楅", took.t - 0.01).landmark == "堂西"
    assert ch.holder_of("obj.楅", took.t + 0.01) == "弟子1"
    assert ch.held_by("弟子1", took.t + 5) == ("obj.楅",)
    rest = ch.rest_of("obj.楅", s1.t1)
    assert rest is not None and rest.landmark == "楅" and rest.step == "s1" and math.isinf(rest.t1)
    lm = ch.venue.landmarks["楅"]
    assert rest.place == pytest.approx((lm.x, lm.y))
    assert "obj.楅" not in ch.held_by("弟子1", s1.t1) and ch.holder_of("obj.楅", ch.duration) is None
    at = ch.pose_at("obj.楅", s1.t1)
    assert (at.x, at.y) == pytest.approx((lm.x, lm.y))  # there while he walks away


def test_an_object_carried_from_the_start_and_set(ch):
    s2 = ch.step("s2")
    assert ch.holder_of("obj.中", 0.0) == "釋獲者" and ch.holder_of("obj.中", s2.t0) == "釋獲者"
    assert ch.rest_of("obj.中", s2.t1).landmark == "中" and ch.held_by("釋獲者", s2.t1) == ()


def test_a_hand_over_moves_the_thing_from_one_hand_to_the_other(ch):
    s3 = ch.step("s3")
    assert ch.held_by("司射", s3.t0) == ("弓",) and "弓" not in ch.held_by("弟子1", s3.t0)
    assert ch.held_by("司射", s3.t1) == () and ch.held_by("弟子1", s3.t1) == ("弓",)


def test_the_bow_put_down_and_taken_up_again(ch):
    s4 = ch.step("s4")
    waits = [e.t for e in ch.events if e.step == "s4" and e.kind == "俟"]  # each logged when it ends
    assert [ch.held_by("弟子1", t - 1.5) for t in waits] == [(), ("弓",)]
    assert ch.held_by("弟子1", s4.t0) == ("弓",) and ch.held_by("弟子1", s4.t1) == ()


def test_records_of_a_declared_object_follow_each_other(ch):
    for obj in ("obj.楅", "obj.中"):
        holds = [h for h in ch.holds if h.obj == obj]
        assert all(a.t1 == b.t0 for a, b in zip(holds, holds[1:], strict=False)), obj
        assert all(h.t0 < h.t1 for h in holds)
