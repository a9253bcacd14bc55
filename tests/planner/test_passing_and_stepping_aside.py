"""The verbs' new ways (issue 15, e.9): a 相左 walk that ends at its meeting place stops level with the
other party; the first up or down a 階 steps to the side the script names (少右, 少左)."""

import math

import pytest

from tests.planner.helpers import VENUES, plan_text, venue

HEAD = """
title: t
figures:
  甲: {at: "堂西位[1]", facing: 南面}
  乙: {at: "堂西位[2]", facing: 南面}
  丙: {at: "射位二[1]", facing: 東面}
  丁: {at: "射位二[2]", facing: 東面}
groups:
  甲乙: [甲, 乙]
  丙丁: [丙, 丁]
steps:
"""


def _xy(ch, figure, t):
    p = ch.pose_at(figure, t)
    return (p.x, p.y)


@pytest.mark.parametrize("key", VENUES)
def test_two_pairs_that_walk_to_their_meeting_place_stop_there_level_each_on_its_right(key):
    """「與升飲者相左，交于階前，相揖」〔000〕: each pair walks to the 階前, stops beside it on its own right, and they
    stand level when they bow (the one facing south on the west, the one facing north on the east)."""
    ch = plan_text(HEAD + """  - text: 相左
    do:
      甲乙: [{適: 階前之西南, 并行: 甲, 面: 南面, 相左: {with: 丙丁, at: 階前之西南}}, 相揖]
      丙丁: [{進: 階前之西南, 并行: 丙, 面: 北面, 相左: {with: 甲乙, at: 階前之西南}}, 相揖]
""", key)
    bows = {e.figure: e.t for e in ch.events if e.kind == "相揖"}
    assert len(bows) == 4 and max(bows.values()) - min(bows.values()) < 0.1
    t = max(bows.values())
    where = {m: _xy(ch, m, t) for m in bows}
    meeting = ch.venue.landmark("階前").point
    meeting = (meeting[0] - 3 * math.sqrt(0.5), meeting[1] - 3 * math.sqrt(0.5))
    assert max(where["甲"][0], where["乙"][0]) < meeting[0] < min(where["丙"][0], where["丁"][0])
    assert all(abs(p[1] - meeting[1]) < 0.1 for p in where.values())
    inner = where["丙"][0] - where["甲"][0]
    assert inner == pytest.approx(ch.params["pass_spacing"], abs=0.1)  # they pass that far apart


def _stair(key):
    stair = venue(key).landmark("西階")
    return stair, stair.point


@pytest.mark.parametrize("key", VENUES)
@pytest.mark.parametrize("side, sign", [("少右", -1.0), ("少左", 1.0)])
def test_the_first_down_steps_to_the_side_named_and_the_other_comes_down_beside_him(key, side, sign):
    """敖 「不胜者若下射也则旣降而少右上射则少左」〔001〕: facing down the 西階 (south) his right is west, his left
    east; he steps small_move that way at the foot, and the one behind comes down on the other side or the middle."""
    ch = plan_text(HEAD + f"""  - text: 升
    do: {{甲乙: [{{升: 西階, 三等: true, 少右: true}}]}}
  - text: 降
    do: {{甲乙: [{{降: 西階, 三等: true, 先: 乙, {side}: true}}]}}
""", key)
    stair, foot = _stair(key)
    end = ch.steps[-1].t1
    first, second = _xy(ch, "乙", end), _xy(ch, "甲", end)
    assert (first[0] - foot[0]) * sign == pytest.approx(ch.params["small_move"], abs=0.1)
    assert (second[0] - foot[0]) * sign <= 0.0 and abs(second[0] - first[0]) >= 2 * ch.params["body_radius"]


@pytest.mark.parametrize("key", VENUES)
def test_the_first_up_steps_right_when_told(key):
    """「勝者先升，升堂，少右」〔000〕: with 少右 the first on the 堂 steps small_move east (his right, facing north),
    not to the outside of the hall as the shooters' 上射 does (「上射升堂，少左」〔000〕)."""
    top = venue(key).landmark("西階上").point
    for mods, expected in (("少右: true", 1.0), ("", -1.0)):
        ch = plan_text(HEAD + f"""  - text: 升
    do: {{甲乙: [{{升: 西階, 三等: true{', ' + mods if mods else ''}}}]}}
""", key)
        x = _xy(ch, "甲", ch.steps[-1].t1)[0]
        assert (x - top[0]) * expected > 1.5, (mods, x)
