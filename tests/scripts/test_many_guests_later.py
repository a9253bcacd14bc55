"""若有東面者，則北上 (``many-guests``) after the second round: the extra 眾賓 (眾賓5–8) drink if they lost (e.9), take
their arrows 「如初」 (e.12), stand at the 射位 for the third round (e.13), go back below (e.13b) and go out with the
others (e.17); the whole rite under the option passes the checks. Without the option nothing of this happens."""

from __future__ import annotations

from functools import cache

import pytest

from choreo.check import check
from choreo.planning import load_script, plan

FULL = "xiangshe/full"
EXTRA = ("眾賓5", "眾賓6", "眾賓7", "眾賓8")
LOSERS, WINNERS = ("眾賓6", "眾賓8"), ("眾賓5", "眾賓7")  # 下射s of the losing left, 上射s of the right (default count)


@cache
def full(venue="xie", reading="zheng", options=("many-guests",)):
    return plan(load_script(FULL), venue=venue, reading=reading, options=options)


def _steps(ch, passage):
    return [s for s in ch.steps if s.passage == passage]


def _events(ch, passage, figure, kind):
    ids = {s.id for s in _steps(ch, passage)}
    return [e for e in ch.events if e.figure == figure and e.kind == kind and e.step in ids]


def _climbs_to_the_hall(ch, passage, figure):
    steps = _steps(ch, passage)
    t0, t1 = steps[0].t0, steps[-1].t1
    return any(t0 <= t <= t1 and y > 0 for t, _, y, _ in ch.tracks[figure].samples)  # y > 0: on the 堂


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_extra_losers_go_up_with_their_partners_and_drink_and_the_winners_do_not(venue, reading):
    ch = full(venue, reading)
    for name in LOSERS:
        assert len(_events(ch, "e.9", name, "飲")) == 1, name
    for name in WINNERS:
        assert _events(ch, "e.9", name, "飲") == [], name
    for name in EXTRA:
        assert _climbs_to_the_hall(ch, "e.9", name), name  # 「一耦進…勝者先升」: the pair goes up together
    drinkers = [e.figure for e in sorted(ch.events, key=lambda e: e.t)
                if e.kind == "飲" and e.step.startswith("e9.") and e.figure.startswith("眾賓")]
    assert drinkers == ["眾賓2", "眾賓4", "眾賓6", "眾賓8"]  # 「眾賓繼飲」: pair after pair, the extra ones last


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_each_extra_pair_meets_the_one_before_it_left_to_left_at_the_stairs(venue):
    ch = full(venue)
    meets = {s.id: s for s in _steps(ch, "e.9") if s.text.startswith("與升飲者相左")}
    assert {"e9.d4e3", "e9.d4e4"} <= set(meets)
    passes = [a for sid in ("e9.d4e3", "e9.d4e4") for a in meets[sid].assertions if a.kind == "passes_left"]
    assert [a.args["figures"] for a in passes] == [("眾賓3", "眾賓5"), ("眾賓5", "眾賓7")]
    failing = {(v.rule, v.step) for v in check(ch)}
    assert not any(step in {"e9.d4e3", "e9.d4e4"} for _, step in failing)


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_each_extra_guest_takes_his_four_arrows_in_the_last_gathering(venue):
    ch = full(venue)
    for name in EXTRA:
        taken = [e for e in _events(ch, "e.12", name, "取") if e.detail == "矢"]
        assert len(taken) == 4, name  # 乘矢, one at a time (拾)
    last = max(e.t for e in ch.events if e.figure == "眾賓4" and e.kind == "取" and e.step.startswith("e12."))
    first = min(e.t for e in ch.events if e.figure == "眾賓5" and e.kind == "取" and e.step.startswith("e12."))
    assert first > last  # 「眾賓繼拾取矢」: after the pairs before them


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_the_extra_guests_stand_at_the_shooting_place_then_below_then_go_out(venue):
    ch = full(venue)
    rank = ch.venue.landmark("射位二")
    end13 = max(s.t1 for s in _steps(ch, "e.13"))
    for k, name in enumerate(EXTRA, start=11):  # slot(k) counts from 0: 射位二[12] is slot(11)
        pose = ch.pose_at(name, end13)
        assert (pose.x, pose.y) == pytest.approx(rank.slot(k), abs=0.05) and pose.facing % 360 == pytest.approx(90)
    watchers = ch.venue.landmark("立者位")
    end13b = max(s.t1 for s in _steps(ch, "e.13b"))
    for k, name in enumerate(EXTRA, start=2):  # 立者位[3]…
        pose = ch.pose_at(name, end13b)
        assert (pose.x, pose.y) == pytest.approx(watchers.slot(k), abs=0.05), name
    gate = ch.venue.landmark("門").point
    for name in EXTRA:
        assert ch.tracks[name].samples[-1][2] < gate[1]  # 「众宾皆出」: out of the 門
    host_out = next(t for t, _, y, _ in ch.tracks["主人"].samples if y < gate[1])
    assert all(next(t for t, _, y, _ in ch.tracks[n].samples if y < gate[1]) < host_out for n in EXTRA)


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_whole_rite_under_the_option_passes_the_checks(venue, reading):
    assert [(v.rule, v.step) for v in check(full(venue, reading))] == []


def test_without_the_option_no_extra_guest_and_no_extra_step():
    default = full(options=())
    assert not set(EXTRA) & set(default.figures)
    ids = {s.id for s in default.steps}
    assert not ids & {"e9.d4e3", "e9.d6f", "e9.d7f", "e12.p1fe", "e12.p1bf", "e12.p1eg"}
    assert len(full().steps) > len(default.steps)


def test_with_the_sides_level_nobody_drinks_and_the_extra_guests_still_take_their_arrows():
    ch = full("xie", "zheng", ("many-guests", "tie"))  # 若左右鈞: their misses keep the sides level
    assert [e for e in ch.events if e.kind == "飲" and e.step.startswith("e9.")] == []
    for name in EXTRA:
        assert len([e for e in _events(ch, "e.12", name, "取") if e.detail == "矢"]) == 4, name
    assert [(v.rule, v.step) for v in check(ch)] == []


def test_many_guests_excludes_only_the_left_winning():
    from choreo.errors import ScriptError

    with pytest.raises(ScriptError, match="exclude each other"):
        full("xie", "zheng", ("many-guests", "left-wins"))
    assert full("xie", "zheng", ("many-guests", "arrows-short")).options == ("arrows-short", "many-guests")


@pytest.mark.parametrize("options", [(), ("many-guests",)])
def test_the_cup_passed_to_those_below_goes_to_the_first_of_the_guests_below_if_there_are_any(options):
    ch = full("xie", "zheng", options)
    drinker = "眾賓5" if options else "弟子1"  # 「以旅在下者于西阶上」〔002〕: by default a 弟子 stands for those below
    assert [e.figure for e in ch.events if e.kind == "飲" and e.step in ("e16.s08", "e16.s09")] == [drinker]


@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_count_of_e8_holds_the_extra_archers_hits_as_the_option_gives_them(reading):
    from choreo.options import load_catalogue
    from choreo.paths import assets_dir

    ch = full("xie", reading)
    given = load_catalogue(assets_dir() / "options" / "xiangshe.yaml").options["many-guests"].outcome["e.6"]
    shots = [s for s in ch.shots if s.passage == "e.6" and s.archer in EXTRA]
    assert len(shots) == 4 * len(EXTRA)  # 乘矢 each
    assert sum(s.hit for s in shots) == sum(sum(arrows) for arrows in given.values())
    for side in ("右", "左"):
        hits = sum(1 for s in ch.shots if s.passage == "e.6" and s.counted is not None and s.side == side)
        heap = [p for p in ch.laid if p.kind == "算" and p.side == side]
        again = [p for p in ch.laid if p.kind != "算" and p.side == side]
        assert len(heap) == hits and sum(p.n for p in again) == hits  # laid for each hit, counted again in e.8
