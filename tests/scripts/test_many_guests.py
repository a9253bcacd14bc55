"""若有東面者，則北上 (assets/options/xiangshe.yaml ``many-guests``): more 眾賓 shoot than the 堂西 rank holds; those
it cannot hold stand on its west side facing east, the first at the north (疏 「若多不受，則西邊東面，北上」〔000〕).
Without the option nobody stands so."""

from __future__ import annotations

from functools import cache

import pytest

from choreo.planning import load_script, plan

FULL = "xiangshe/full"
EXTRA = ("眾賓5", "眾賓6", "眾賓7", "眾賓8")


@cache
def full(venue="xie", reading="zheng", options=()):
    return plan(load_script(FULL), venue=venue, reading=reading, options=options)


def _end_of(ch, passage):
    return max(s.t1 for s in ch.steps if s.passage == passage)


def _in_the_file(ch, t):
    """Who stands at a place of the 堂西 rank past its bend at ``t``, and how he faces."""
    rank = ch.venue.landmark("堂西位")
    places = [rank.slot(k) for k in range(rank.rank_holds, rank.rank_holds + 12)]
    out = {}
    for name, info in ch.figures.items():
        pose = ch.pose_at(name, t) if info.kind == "person" else None
        if pose and any(abs(pose.x - x) < 0.5 and abs(pose.y - y) < 0.5 for x, y in places):
            out[name] = (pose.x, pose.y, pose.facing % 360)
    return out


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_extra_guests_stand_facing_east_north_first_at_the_tangxi(venue, reading):
    ch = full(venue, reading, ("many-guests",))
    filed = _in_the_file(ch, _end_of(ch, "e.4"))
    assert list(filed) == list(EXTRA)
    assert all(facing == pytest.approx(90.0, abs=0.5) for _, _, facing in filed.values())  # 東面
    xs, ys = {round(x, 3) for x, _, _ in filed.values()}, [y for _, y, _ in filed.values()]
    assert len(xs) == 1 and ys == sorted(ys, reverse=True)  # one file, the first (眾賓5) at the north: 北上
    rank = ch.venue.landmark("堂西位")
    for k, name in enumerate(("大夫之耦", "眾賓1", "眾賓2", "眾賓3", "眾賓4"), start=6):
        pose = ch.pose_at(name, _end_of(ch, "e.4"))
        assert (pose.x, pose.y) == pytest.approx(rank.slot(k), abs=0.05) and pose.facing % 360 == pytest.approx(180)


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_without_the_option_nobody_stands_past_the_rank_s_end(venue):
    ch = full(venue)
    assert not any(name.startswith("眾賓") and name[2:].isdigit() and int(name[2:]) > 4 for name in ch.figures)
    for passage in ("e.4", "e.5", "e.6"):
        filed = _in_the_file(ch, _end_of(ch, passage))
        # by default the 司射 stands two places south of the rank's west end to match the pairs, facing north
        assert [n for n, (_, _, facing) in filed.items() if abs(facing - 90.0) < 45] == []


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_they_join_the_second_file_after_the_others_and_shoot_after_the_zhongbin_pair_two(venue):
    ch = full(venue, "zheng", ("many-guests",))
    lm = ch.venue.landmark
    t5 = _end_of(ch, "e.5")
    for k, name in enumerate(EXTRA, start=11):
        pose = ch.pose_at(name, t5)
        assert (pose.x, pose.y) == pytest.approx(lm("射位二").slot(k), abs=0.05) and pose.facing % 360 == pytest.approx(90)
    shots = [s for s in ch.shots if s.passage == "e.6"]
    order = list(dict.fromkeys(s.archer for s in shots))
    assert order[-6:] == ["眾賓3", "眾賓4", "眾賓5", "眾賓6", "眾賓7", "眾賓8"]  # 眾賓繼射: the pairs in turn
    assert all(sum(1 for s in shots if s.archer == n) == 4 for n in EXTRA)  # 乘矢 each
    (tally,) = ch.tallies
    (default,) = full(venue).tallies
    assert (tally.right, tally.left, tally.words) == (default.right, default.left, default.words) == (11, 8, "右賢於左")
    filed = _in_the_file(ch, _end_of(ch, "e.6"))  # back at the 堂西, 東面, 北上
    assert list(filed) == list(EXTRA) and all(f == pytest.approx(90.0, abs=0.5) for _, _, f in filed.values())


def test_under_ao_the_refill_comes_as_the_next_pair_goes_up():
    zheng, ao = full("xie", "zheng", ("many-guests",)), full("xie", "ao", ("many-guests",))
    ids = [s.id for s in zheng.steps]
    assert ids.index("e6.s13m2") < ids.index("e6.s18g3") and "e6.s13g3" in ids and "e6.s13g4" not in ids
    ao_ids = [s.id for s in ao.steps]
    assert "e6.s13m2" not in ao_ids and "e6.s13g3" not in ao_ids
    sits = [e for e in ao.events if e.figure == "釋獲者" and e.kind == "坐" and e.step in ("e6.s18g3", "e6.s18g4")]
    assert {e.step for e in sits} == {"e6.s18g3", "e6.s18g4"}
