"""The 算 on the ground: laid for each hit beside the 釋獲者, laid out again at the 數獲, taken up; where
鄭 and 敖 put them (issue 15: 「每释一算亦缩之」, 「委之当在所释右获之南」, 「异之者又在其南」, 「下谓委之西」〔001〕)."""

from functools import cache

import pytest

from choreo.counters import count_pieces, lying
from choreo.errors import YiliError
from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script
from tests.planner.helpers import plan_text

FULL = scripts_dir() / "xiangshe" / "full.yaml"


@cache
def rite(reading):
    return plan(parse_script(FULL), venue="xie", reading=reading)


def _hits(ch, side):
    return sum(1 for s in ch.shots if s.passage == "e.6" and s.counted is not None and s.side == side)


@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_one_counter_lies_for_each_hit_counted_on_the_side_of_its_archer(reading):
    ch = rite(reading)
    laid = [p for p in ch.laid if p.kind == "算"]
    assert len(laid) == _hits(ch, "右") + _hits(ch, "左") == 19
    scorer = ch.pose_at("釋獲者", ch.step("e6.s12").t1)
    # 「上射於右，下射於左」: he faces east, his right is south
    assert all(p.y < scorer.y for p in laid if p.side == "右")
    assert all(p.y > scorer.y for p in laid if p.side == "左")
    # no two counters on one spot: each can be counted on the picture
    spots = {(p.x, p.y) for p in laid}
    assert len(spots) == len(laid)


def test_ao_lays_each_counter_suo_and_zheng_heng():
    zheng = {p.tip for p in rite("zheng").laid if p.kind == "算"}
    ao = {p.tip for p in rite("ao").laid if p.kind == "算"}
    assert zheng == {180.0} and ao == {90.0}  # 橫 南末 ; 縮 東末 (「每释一算亦缩之」〔001〕)


@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_count_lays_again_as_many_as_were_laid_and_all_are_taken_up(reading):
    ch = rite(reading)
    for side, step in (("右", "e8.s04"), ("左", "e8.s09")):
        heap = [p for p in ch.laid if p.kind == "算" and p.side == side]
        again = [p for p in ch.laid if p.kind != "算" and p.side == side]
        assert sum(p.n for p in again) == len(heap)
        taken = ch.step(step)
        assert all(p.t1 <= taken.t1 for p in heap)  # 「一純以取，實于左手」: the heap is taken up as he counts
    end = ch.step("e8.s14")
    assert lying(ch.laid, end.t0) and not lying(ch.laid, end.t1)  # 「兼斂算」


def test_ao_lays_the_chun_one_by_one_going_west_south_of_the_right_heap_zheng_together():
    zheng, ao = rite("zheng"), rite("ao")

    def right(ch, kind):
        return [p for p in ch.laid if p.side == "右" and p.kind == kind]

    heap_y = min(p.y for p in right(ao, "算"))
    chun = right(ao, "純")
    assert len(chun) == 5 and all(p.n == 2 for p in chun)  # 11 算: 5 純 and 1 奇
    xs = [p.x for p in chun]
    assert xs == sorted(xs, reverse=True)  # 「毎纯异之以次而西」
    assert all(p.y < heap_y for p in chun)  # where the 委 go, 「所释右获之南」, and west of it
    (ji,) = right(ao, "奇")
    assert ji.x < min(xs) and ji.tip == 90.0  # 縮, beyond the last 純
    (pile,) = right(zheng, "純")
    assert pile.n == 10 and pile.tip == 180.0  # together, 橫
    heap = right(zheng, "算")
    assert min(p.y for p in heap) - 0.7 <= pile.y <= max(p.y for p in heap) + 0.7  # where the 獲 lay (自近為下)


TOY = """
title: t
outcome: {上射: ○○○○○○○○○○○○○○○○○○○○○○○○, 下射: ×××××××××××××××××××××××○}
figures:
  上射: {at: 上物, facing: 南面}
  下射: {at: 下物, facing: 南面}
  獲者: {at: 乏之南, facing: 東面}
  釋獲者: {at: 中西, facing: 東面}
groups:
  耦: [上射, 下射]
steps:
  - id: s1
    text: 射
    do:
      耦: [{拾發: 24}]
      獲者: [坐, {獲: 耦}, 興]
      釋獲者: [坐, {釋獲: 耦}, 興]
  - id: s2
    text: 委
    do:
      釋獲者: [{數: {side: 右, lay: 委, at: 南, 異: 南}}]
  - id: s3
    text: 純
    do:
      釋獲者: [{數: {side: 右, lay: 純, at: 西, 異: 西}}, {數: {side: 右, lay: 奇, at: 西}}]
"""


def test_ten_chun_make_a_wei_laid_suo_and_each_further_one_south_where_the_script_says():
    assert count_pieces(45) == (2, 2, 1) and count_pieces(11) == (0, 5, 1)
    ch = plan_text(TOY)
    hits = sum(1 for s in ch.shots if s.side == "右" and s.counted is not None)
    assert hits == 24
    wei = [p for p in ch.laid if p.kind == "委"]
    chun = [p for p in ch.laid if p.kind == "純"]
    assert [p.n for p in wei] == [20] and [p.n for p in chun] == [2, 2] and not [p for p in ch.laid if p.kind == "奇"]
    heap = [p for p in ch.laid if p.kind == "算" and p.side == "右"]
    assert wei[0].tip == 90.0 and wei[0].y < min(p.y for p in heap)  # 縮, south of the 右獲
    assert all(p.x < wei[0].x and p.tip == 180.0 for p in chun)  # 「下谓委之西」, 橫


def test_a_misspelt_side_or_direction_is_refused_with_a_suggestion():
    with pytest.raises(YiliError) as e:
        plan_text(TOY.replace("lay: 委, at: 南", "lay: 委, at: 男"))
    assert "inline.yaml:21:" in str(e.value) and "at '男' is not a direction" in str(e.value)
    with pytest.raises(YiliError) as e:
        plan_text(TOY.replace("{釋獲: 耦}", "{釋獲: 耦, 算: 宿}"))
    assert "'宿' is neither 縮 nor 橫" in str(e.value)


def test_the_tracks_file_carries_the_counters_and_validates():
    import json
    from pathlib import Path

    import jsonschema

    from choreo.tracks import dumps

    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "tracks-schema.json").read_text(encoding="utf-8"))
    doc = json.loads(dumps(plan_text(TOY)))
    jsonschema.validate(doc, schema)
    kinds = [p["kind"] for p in doc["laid"]]
    assert kinds.count("算") == 25 and kinds.count("委") == 1 and kinds.count("純") == 2
    assert {p["tip"] for p in doc["laid"] if p["kind"] == "委"} == {90.0}
