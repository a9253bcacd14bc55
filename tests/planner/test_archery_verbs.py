"""The 大射's verbs (choreo/verbs/archery.py) planned on the 榭: the arrow held 兼諸弦面鏃, implements taken
off the range, a 侯's cord untied, an order passed down a chain, and their errors."""

import math

import pytest

from choreo.errors import PlanError
from tests.planner.helpers import plan_text, venue

BASE = """
title: t
venue: xie
figures:
  司射: {at: 司射位, facing: 東面, role: official}
  司馬: {at: 司馬位, facing: 東面, role: official}
  弟子1: {at: 堂西, facing: 南面, role: attendant}
  獲者: {at: 乏之南, facing: 北面}
objects:
  楅: {at: 楅, label: 楅}
  中: {at: 中, label: 中}
steps:
"""


def _plan(steps):
    return plan_text(BASE + steps)


def test_the_arrow_held_along_the_string_is_a_state_until_it_is_nocked_across():
    ch = _plan("""
  - id: s1
    text: 左執弓，右執一個，兼諸弦，面镞
    do:
      司射: [執弓, 執一個, {俟: 5}, 挾, {俟: 5}]
      司馬: [執弓, 挾, {俟: 5}]
""")
    (held,) = [e for e in ch.events if e.kind == "執"]
    (nocked,) = [e for e in ch.events if e.kind == "挾" and e.figure == "司射"]
    assert held.figure == "司射" and held.detail == "兼諸弦面鏃"
    assert not ch.side_held("司射", held.t - 0.1)
    assert ch.side_held("司射", (held.t + nocked.t) / 2)
    assert not ch.side_held("司射", nocked.t + 0.1)
    assert not any(ch.side_held("司馬", t) for t in (0.0, 3.0, 8.0))  # 挾 is not 執


def test_implements_taken_away_rest_where_they_were_carried():
    ch = _plan("""
  - id: s1
    text: 小臣師退楅
    do:
      弟子1: [{退: {what: [楅, 中], to: 堂西}}]
""")
    lm = venue("xie").landmarks["堂西"]
    end = ch.duration
    for obj, start in (("obj.楅", venue("xie").landmarks["楅"]), ("obj.中", venue("xie").landmarks["中"])):
        assert ch.rest_of(obj, 0.0).place == pytest.approx(start.point, abs=0.01)
        rest = ch.rest_of(obj, end)
        assert rest.landmark == "堂西" and math.dist(rest.place, lm.point) < 2.0
        carried = [h for h in ch.holds if h.obj == obj and h.holder == "弟子1"]
        assert carried and carried[0].t1 <= end
    # the two are set down side by side, not on each other
    assert math.dist(ch.rest_of("obj.楅", end).place, ch.rest_of("obj.中", end).place) > 1.0


def test_an_order_passed_down_a_chain_is_a_command_and_an_assent_at_each_link():
    text = BASE.replace("steps:\n", "groups:\n  命鏈: [司射, 司馬, 獲者]\nsteps:\n") + """
  - id: s1
    text: 司馬師命獲者以旌與薦俎退
    do:
      命鏈: [{傳命: 退}]
"""
    ch = plan_text(text)
    chain = [(e.figure, e.kind) for e in ch.events if e.kind in ("命", "許諾")]
    assert chain == [("司射", "命"), ("司馬", "許諾"), ("司馬", "命"), ("獲者", "許諾")]
    # the 司馬 walks from his 位 towards the 獲者 by the 乏 until he is within hailing distance
    told = [e for e in ch.events if e.figure == "司馬" and e.kind == "命"][0]
    at_order = ch.pose_at("司馬", told.t)
    keeper = ch.pose_at("獲者", told.t)
    assert math.dist((at_order.x, at_order.y), (keeper.x, keeper.y)) == pytest.approx(12.0, abs=0.5)
    start = venue("xie").landmarks["司馬位"]
    assert math.dist((at_order.x, at_order.y), start.point) > 100


@pytest.mark.parametrize("steps, message", [
    ("""
  - id: s1
    text: 適次
    do:
      弟子1: [適次]
""", "venue xie has no screened places"),
])
def test_errors_name_what_is_wrong(steps, message):
    with pytest.raises(PlanError) as err:
        _plan(steps)
    assert message in err.value.message


TURN = """
  - id: s1
    text: 執弦而左還，退反位，東面揖。
    do:
      司射: [{左還: 西面}, {退: 司射位}, {turn}]
"""


@pytest.mark.parametrize("rule, other", [("周", "毋周"), ("毋周", "周")])
def test_each_venue_holds_the_return_after_a_left_turn_to_its_own_rule(tmp_path, rule, other):
    from choreo.check import check_report
    from choreo.planner import Planner
    from choreo.script_parser import parse_text
    from tests.ci_venue import venue_with_ci

    own = venue("xie") if rule == "周" else venue_with_ci(tmp_path, options={"full_turn": rule})
    assert own.options["full_turn"] == rule

    def report(turn):
        step = TURN.replace("{turn}", turn if turn == "周" else "{毋周: 東面}")
        return check_report(Planner(parse_text(BASE + step, "inline.yaml"), own, "zheng").plan(),
                            collisions=False)

    assert not report(rule).by_rule("venue_rule")
    (bad,) = report(other).by_rule("venue_rule")
    assert bad.figures == ("司射",) and f"holds {rule}" in bad.detail


def test_bow_and_arrows_given_up_in_the_ci_leave_the_archers_hands(tmp_path):
    from choreo.planner import Planner
    from choreo.script_parser import parse_text
    from tests.ci_venue import venue_with_ci

    text = """
title: t
venue: xie
figures:
  上耦上射: {at: 楅之西, facing: 東面, role: archer, carries: [弓]}
  有司: {at: 次, facing: 東面, role: attendant}
steps:
  - id: s1
    text: 矢不挾，兼諸弦，面镞，退?次，皆授有司弓矢，襲，反位。
    do:
      上耦上射: [坐, {取: 矢}, 興, 兼諸弦, 退適次, {授有司弓矢: 有司}, 襲]
"""
    ch = Planner(parse_text(text, "inline.yaml"), venue_with_ci(tmp_path), "zheng").plan()
    (given,) = [e for e in ch.events if e.kind == "授弓矢"]
    before, after = given.t - 0.1, ch.duration
    assert set(ch.held_by("上耦上射", before)) >= {"弓", "矢"} and ch.side_held("上耦上射", before)
    assert not {"弓", "矢"} & set(ch.held_by("上耦上射", after)) and not ch.side_held("上耦上射", after)
    assert {"弓", "矢"} <= set(ch.held_by("有司", after))
    assert ch.hidden_at("上耦上射", given.t)  # it happens inside the 次
