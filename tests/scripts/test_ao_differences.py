"""敖繼公's differences of issue 15 that the reading ao models, each against 鄭 on the planned rite: where the
脯 and the 醢 of the 獲者's 薦 lie, who comes first to the 獲者's 位, who hands the 賓, the 主人 and the 大夫
their bows and puts the 大夫's away. (The layout of the 算 is tests/planner/test_counters_laid.py.)"""

from functools import cache

import pytest

from choreo.check.stairs import event_time
from choreo.planning import plan
from choreo.script_parser import parse_script
from tests.scripts.test_bundled import FULL

VENUES = ["xie", "xiang"]


@cache
def rite(venue, reading):
    return plan(parse_script(FULL), venue=venue, reading=reading)


def _rests(ch, obj, step):
    return [h for h in ch.holds if h.obj == obj and h.holder is None and h.step == step]


@pytest.mark.parametrize("venue", VENUES)
def test_ao_sets_the_fu_west_and_the_hai_east_at_the_hou_zheng_the_other_way(venue):
    """敖 「其设荐之位亦脯西而醢东盖上右也」〔001〕 against 鄭 「為設籩在東，豆在西」〔000〕, at the 右個, the 左個 and
    the 中 (「適左個，中皆如之」)."""
    for reading, fu, hai in (("ao", "西", "東"), ("zheng", "東", "西")):
        ch = rite(venue, reading)
        for step in ("e10.s04", "e10.s06", "e10.s06b"):
            (rest,) = _rests(ch, "obj.薦(獲者)", step)
            assert dict(rest.parts) == {"脯": fu, "醢": hai}, (reading, step)
    # where the text says nothing of the dishes (at the 獲者's 位, by the 乏) neither reading lays them out
    assert not any(h.parts for h in rite(venue, "ao").holds
                   if h.obj == "obj.薦(獲者)" and h.step in ("e10.s02", "e10.s09"))


@pytest.mark.parametrize("venue", VENUES)
def test_ao_has_the_catcher_first_at_his_place_and_the_setters_set_east_of_him_facing_west(venue):
    """敖 「执爵先立于此而东靣执荐俎者又从之而西面设于其东也」〔001〕: the 獲者, cup in hand, stands at 左個之西北三步
    facing east before the 薦俎 come; they are set east of him by men facing west; then he goes south to the
    薦右 to drink. Under 鄭 the setters are there first and he comes after them."""
    ao, zheng = rite(venue, "ao"), rite(venue, "zheng")
    s07 = ao.step("e10.s07")
    arrive = {f: _arrival(ao, f, s07) for f in ("獲者", "執爵者", "主人之贊者")}
    assert arrive["獲者"] < arrive["執爵者"] and arrive["獲者"] < arrive["主人之贊者"]
    catcher = ao.pose_at("獲者", s07.t1)
    assert round(catcher.bearing % 360) == 90
    for setter in ("執爵者", "主人之贊者"):
        (e,) = [e for e in ao.events if e.figure == setter and e.kind == "設" and e.step == "e10.s07"]
        pose = ao.pose_at(setter, e.t)
        assert round(pose.bearing % 360) == 270 and pose.x > catcher.x + 3  # west-facing, east of him
    (fu,) = _rests(ao, "obj.薦(獲者)", "e10.s07")
    assert fu.place[0] > catcher.x + 2  # 「设于其东」
    drink = [e for e in ao.events if e.figure == "獲者" and e.kind == "飲"]
    assert drink[0].step == "e10.s07b"
    at_drink = ao.pose_at("獲者", drink[0].t)
    assert at_drink.y < catcher.y - 2 and round(at_drink.bearing % 360) == 90  # 「以违其位而南故复言东面」
    # 鄭: the setters first, the 獲者 after them
    z07 = zheng.step("e10.s07")
    assert _arrival(zheng, "獲者", z07) > max(_arrival(zheng, f, z07) for f in ("執爵者", "主人之贊者"))


def _arrival(ch, figure, step):
    """When the figure stops for the last time within the step (as choreo check's ``before: arrive``)."""
    t, _ = event_time(ch, ch.tracks[figure], "arrive", step.t0, step.t1)
    return t


@pytest.mark.parametrize("venue", VENUES)
def test_ao_has_an_you_si_hand_the_bows_and_put_the_dafu_s_away(venue):
    """敖 「賔主人之弓各倚于其序…盖有司取以授之」, 「大夫执弓亦有司授之于堂西」, 「旣则有司为倚之于序西」〔001〕: an 有司
    (鄭 「有司，弟子納射器者也」〔000〕) hands the 賓, the 主人 and the 大夫 their bows and leans the 大夫's at the 序西;
    under 鄭 each takes up his own (執弓) and no one hands them a bow."""
    ao, zheng = rite(venue, "ao"), rite(venue, "zheng")
    for who, step in (("賓", "e6.b2"), ("主人", "e6.b2"), ("大夫", "e6.d1")):
        got = [e for e in ao.events if e.figure == who and e.kind == "受" and e.step == step and e.detail == "弓"]
        assert len(got) == 1, (who, step)
        assert not [e for e in zheng.events if e.figure == who and e.kind == "受" and e.step == step]
        assert [e for e in zheng.events if e.figure == who and e.kind == "執弓" and e.step == step]
    givers = {e.figure for e in ao.events if e.kind == "授" and e.detail == "弓" and e.step in ("e6.b2", "e6.d1")}
    assert givers == {"弟子1", "主人之贊者"}
    (lean,) = [e for e in ao.events if e.figure == "弟子1" and e.kind == "倚" and e.detail == "弓"]
    west = ao.venue.landmark("堂西").point
    pose = ao.pose_at("弟子1", lean.t)
    assert abs(pose.x - west[0]) < 0.5 and abs(pose.y - west[1]) < 0.5
    assert not [e for e in zheng.events if e.figure == "弟子1" and e.kind == "倚"]
    # and they go back to their places
    for who in ("弟子1", "主人之贊者"):
        for ch in (ao, zheng):
            end = ch.step("e6.d6b").t1
            start = ch.step("e6.b1").t0
            a, b = ch.pose_at(who, start), ch.pose_at(who, end)
            assert (round(a.x, 3), round(a.y, 3)) == (round(b.x, 3), round(b.y, 3))
