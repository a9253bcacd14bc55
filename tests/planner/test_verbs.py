"""Each verb's geometry, asserted on the planned tracks, in both venues."""

import math

import numpy as np
import pytest

from tests.planner.helpers import (
    VENUES,
    crossings_of_meridian,
    crossings_of_parallel,
    plan_text,
    venue,
    winding,
)

HEAD = """
title: t
figures:
  司射: {at: 司射位, facing: 東面}
  司馬: {at: 司馬位, facing: 東面}
  上射: {at: "射位一[1]", facing: 東面}
  下射: {at: "射位一[2]", facing: 東面}
groups:
  耦: [上射, 下射]
steps:
"""

# The pair goes up and stands on its 物, facing the 侯 (steps s001–s002 of the scripts below).
PAIR_ON_THE_WU = """  - text: 升
    do: {耦: [{升: 西階, 三等: true}]}
  - text: 當物
    do:
      上射: [{適: 上物, 過楹: 西楹}, 南面]
      下射: [{適: 下物, 過楹: 西楹}, 南面]
"""


def test_left_turn_from_east_to_west_passes_through_north():
    ch = plan_text(HEAD + "  - {text: 還, do: {司射: [{左還: 西面}]}}\n")
    facings = ch.tracks["司射"].samples[:, 3]
    assert facings[0] == 90 and facings[-1] == -90  # unwrapped: 90 → 0 → -90, counter-clockwise
    mid = ch.pose_at("司射", ch.steps[0].t0 + (ch.steps[0].t1 - ch.steps[0].t0) / 2)
    assert mid.bearing == pytest.approx(0.0, abs=1.0)
    assert np.all(np.diff(facings) <= 0)


def test_right_turn_goes_clockwise_and_left_then_right_restores():
    ch = plan_text(HEAD + "  - {text: 還, do: {司射: [{右還: 西南面}, {左還: 東面}]}}\n")
    f = ch.tracks["司射"].samples[:, 3]
    assert f[1] == pytest.approx(225.0)  # 90 → 225 clockwise
    assert f[-1] % 360 == pytest.approx(90.0)


def test_literal_left_turn_can_be_270_degrees():
    ch = plan_text(HEAD + "  - {text: 還, do: {司射: [{左還: 南面}]}}\n")
    f = ch.tracks["司射"].samples[:, 3]
    assert f[-1] - f[0] == pytest.approx(-270.0)
    short = plan_text(HEAD.replace("title: t", "title: t\nparams: {turn.literal_left: 0}")
                      + "  - {text: 還, do: {司射: [{左還: 南面}]}}\n")
    g = short.tracks["司射"].samples[:, 3]
    assert g[-1] - g[0] == pytest.approx(90.0)


@pytest.mark.parametrize("key", VENUES)
def test_path_past_the_pillar_follows_the_venue(key):
    ch = plan_text(HEAD + """
  - text: 升
    do: {司射: [{升: 西階}]}
  - text: 豫則鉤楹內，堂則由楹外
    do: {司射: [{當: 下物, 過楹: 西楹}]}
""", key)
    pillar = venue(key).landmark("西楹")
    step = ch.steps[1]
    ys = crossings_of_meridian(ch.tracks["司射"], pillar.x, step.t0, step.t1)
    assert ys, "the path must cross the 西楹's meridian"
    if key == "xie":  # 鉤楹內: north of it
        assert all(y > pillar.y for y in ys)
        assert ("司射", "鉤楹內") in step.verbs
    else:  # 由楹外: south of it
        assert all(y < pillar.y for y in ys)
        assert ("司射", "由楹外") in step.verbs


@pytest.mark.parametrize("key", VENUES)
def test_hooking_the_pillar_goes_up_its_west_side(key):
    ch = plan_text(HEAD + """
  - text: 升
    do: {司射: [{升: 西階}]}
  - text: 鉤楹
    do: {司射: [{適: 物間, 鉤楹: 西楹}]}
""", key)
    pillar = venue(key).landmark("西楹")
    step = ch.steps[1]
    ys = crossings_of_meridian(ch.tracks["司射"], pillar.x, step.t0, step.t1)
    assert ys and all(y > pillar.y for y in ys)
    # Going north along the west side of the 楹: the path crosses the 楹's parallel west of it.
    xs = crossings_of_parallel(ch.tracks["司射"], pillar.y, step.t0, step.t1)
    assert xs and xs[0] < pillar.x  # up the west side first


@pytest.mark.parametrize("key", VENUES)
def test_passing_south_of_a_figure(key):
    ch = plan_text(HEAD + "  - {text: 由司射之南, do: {下射: [{適: 堂西, 由: 司射之南}]}}\n", key)
    shi = venue(key).landmark("司射位")
    ys = crossings_of_meridian(ch.tracks["下射"], shi.x)
    assert ys and all(y < shi.y for y in ys)


@pytest.mark.parametrize("key", VENUES)
def test_meeting_left_to_left_at_the_steps(key):
    ch = plan_text(HEAD + """
  - text: 升
    do: {司馬: [{升: 西階}]}
  - text: 司射進，與司馬交于階前，相左
    do:
      司馬: [{降: 西階}, {適: 堂西, 相左: {with: 司射, at: 階前之西}}]
      司射: [{進: 堂下西階之東, 相左: {with: 司馬, at: 階前之西}}]
""", key)
    step = ch.steps[1]
    ts = np.linspace(step.t0, step.t1, 4000)
    a = np.array([ch.tracks["司射"].at(t)[:2] for t in ts])
    b = np.array([ch.tracks["司馬"].at(t)[:2] for t in ts])
    d = np.hypot(*(a - b).T)
    i = int(np.argmin(d))
    va = a[min(i + 1, len(ts) - 1)] - a[max(i - 1, 0)]
    vb = b[min(i + 1, len(ts) - 1)] - b[max(i - 1, 0)]
    rel_ab, rel_ba = b[i] - a[i], a[i] - b[i]
    assert va[0] * rel_ab[1] - va[1] * rel_ab[0] > 0  # the 司馬 is on the 司射's left
    assert vb[0] * rel_ba[1] - vb[1] * rel_ba[0] > 0  # and the 司射 on the 司馬's left
    radius = venue(key).params["body_radius"].value
    assert 2 * radius <= d[i] <= 6.0  # neither colliding nor far apart
    stair = venue(key).landmark("西階")
    assert b[i][0] < stair.x and a[i][0] < stair.x  # 疏 「則相左之時在西階之西」
    assert math.dist(a[i], stair.point) < 8.0  # 交于階前


@pytest.mark.parametrize("key", VENUES)
def test_going_round_behind_winds_once(key):
    ch = plan_text(HEAD + PAIR_ON_THE_WU + """
  - text: 升
    do: {司馬: [{升: 西階}, {適: 物間, 鉤楹: 西楹}]}
  - text: 司馬出于下射之南，還其後，降自西階
    do: {司馬: [{適: 西階上, 還其後: 下射}]}
""", key)
    step = ch.steps[3]
    x, y, _ = ch.tracks["下射"].at(step.t0)
    assert winding(ch.tracks["司馬"], (x, y), step.t0, step.t1) == pytest.approx(360.0, abs=40.0)


@pytest.mark.parametrize("key", VENUES)
def test_three_steps_ahead_and_one_step_between(key):
    ch = plan_text(HEAD + """
  - text: 上射先升三等，下射從之，中等
    do: {耦: [{升: 西階, 三等: true}]}
""", key)
    stair = venue(key).landmark("西階")
    fx, fy = stair.point
    tx, ty = stair.top
    n = stair.steps

    def tread_index(p):
        u = ((p[0] - fx) * (tx - fx) + (p[1] - fy) * (ty - fy)) / ((tx - fx) ** 2 + (ty - fy) ** 2)
        return int(round(u * n)) if -0.01 <= u <= 1.01 else None

    step = ch.steps[0]
    leader_on_3 = None
    for t in np.arange(step.t0, step.t1, 0.05):
        i = tread_index(ch.tracks["上射"].at(t)[:2])
        j = tread_index(ch.tracks["下射"].at(t)[:2])
        if j is not None and j >= 1 and i is not None:
            assert i - j >= 2, f"at t={t:.2f} 上射 on {i}, 下射 on {j}: no empty 等 between"
        if i == min(3, n) and leader_on_3 is None:
            leader_on_3 = t
        if j == 1:
            assert leader_on_3 is not None and t >= leader_on_3 - 1e-6


@pytest.mark.parametrize("key", VENUES)
def test_pair_walks_abreast_with_the_named_one_on_the_left(key):
    ch = plan_text(HEAD + "  - {text: 揖進，當階, do: {耦: [{當: 西階, 并行: 上射}, 北面]}}\n", key)
    step = ch.steps[0]
    spacing = venue(key).params["abreast_spacing"].value
    for t in np.linspace(step.t0 + 1, step.t1 - 1, 20):
        a = np.array(ch.tracks["上射"].at(t)[:2])
        b = np.array(ch.tracks["下射"].at(t)[:2])
        heading = math.radians(ch.tracks["上射"].at(t)[2])
        v = np.array([math.sin(heading), math.cos(heading)])
        rel = b - a
        assert v[0] * rel[1] - v[1] * rel[0] < 0  # the 下射 is on the 上射's right: 上射 on the left
    end_a = np.array(ch.tracks["上射"].at(step.t1)[:2])
    end_b = np.array(ch.tracks["下射"].at(step.t1)[:2])
    assert np.linalg.norm(end_a - end_b) == pytest.approx(spacing, abs=0.05)
    assert end_a[0] < end_b[0]  # facing north, the left is the west


def test_rank_fills_in_order_and_faces_east():
    ch = plan_text(HEAD + """
  - text: 三耦皆進，由司射之西，立于其西南，東面北上而俟
    do: {耦: [{進: 射位二, 由: 司射之西, 面: 東面}]}
""")
    rank = venue("xie").landmark("射位二")
    for k, name in enumerate(("上射", "下射")):
        pose = ch.pose_at(name, ch.duration)
        assert (pose.x, pose.y) == pytest.approx(rank.slot(k), abs=1e-3)
        assert pose.bearing == pytest.approx(90.0)


def test_gestures_take_time_and_are_events():
    ch = plan_text(HEAD + "  - {text: 揖, do: {司射: [揖, 坐, 興, {射: 2}]}}\n")
    kinds = [e.kind for e in ch.events if e.figure == "司射"]
    assert kinds == ["揖", "坐", "興", "射", "射"]
    params = venue("xie").params
    expected = sum(params[f"dur.{k}"].value for k in ("揖", "坐", "興")) + 2 * params["dur.射"].value
    assert ch.steps[0].t1 - ch.steps[0].t0 == pytest.approx(expected, abs=1e-3)
    assert ch.posture_at("司射", ch.events[1].t + 0.1) == "坐"
    assert ch.posture_at("司射", ch.duration) == "立"


def test_overlapping_steps_start_together():
    ch = plan_text(HEAD + """
  - {id: a, text: 司馬升, do: {司馬: [{升: 西階}]}}
  - {id: b, start: with a, text: 司射揖, do: {司射: [揖]}}
""")
    assert ch.step("b").t0 == ch.step("a").t0


def test_no_full_circle_turns_back_the_way_it_came():
    """大射 「左旋，毋周，反面揖」: after a 左還 to the west, back to the east clockwise (via north)."""
    ch = plan_text(HEAD + "  - {text: 還, do: {上射: [{左還: 西面}, {毋周: 東面}]}}\n")
    f = ch.tracks["上射"].samples[:, 3]
    assert list(f) == [90.0, -90.0, 90.0]


def test_passing_behind_a_figure_goes_round_his_back():
    """「由上射之後」: behind a south-facing archer is his north."""
    ch = plan_text(HEAD + PAIR_ON_THE_WU + """
  - text: 升
    do: {司馬: [{升: 西階}]}
  - text: 鉤楹，由上射之後，西南面立于物間
    do: {司馬: [{適: 物間, 鉤楹: 西楹, 由: 上射之後}, 西南面]}
""")
    step = ch.steps[-1]
    wu = venue("xie").landmark("上物")
    ys = crossings_of_meridian(ch.tracks["司馬"], wu.x, step.t0, step.t1)
    assert ys and all(y > wu.y for y in ys)
    assert ch.pose_at("司馬", step.t1 + 1e-3).bearing == pytest.approx(225.0)
