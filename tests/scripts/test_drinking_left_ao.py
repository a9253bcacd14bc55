"""e.9 飲不勝者 under 敖 and 「若左勝」〔000〕 together (--reading ao --outcome left-wins, issue 15): the left, the
下射s, won, and 敖's differences (seed 001) hold with the sides swapped — every pair goes up once, the winner
(now the 下射) first, 「同升而并立」〔001〕."""

import math
from functools import cache
from itertools import pairwise

import numpy as np
import pytest

from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script
from tests.scripts.test_drinking import _events, _first, _tread, _xy

E09 = scripts_dir() / "xiangshe" / "e09-yin-busheng.yaml"
VENUES = ["xie", "xiang"]
# (the steps from the pair's setting off to the 階 to its drinking; winner (下射), loser (上射); 堂西位 of the loser)
PAIRS = ((("s09", "d1c"), "上耦下射", "上耦上射"), (("r1", "d2c"), "次耦下射", "次耦上射"),
         (("r2", "d3c"), "下耦下射", "下耦上射"), (("d4a", "d4c"), "眾賓2", "眾賓1"), (("r4", "d5c"), "眾賓4", "眾賓3"))
DESCENTS = (("d1d", "上耦下射", "上耦上射"), ("d2d", "次耦下射", "次耦上射"), ("d3d", "下耦下射", "下耦上射"),
            ("d4d", "眾賓2", "眾賓1"), ("d5d", "眾賓4", "眾賓3"))
ARCHERS = [a for _, w, lo in PAIRS for a in (w, lo)] + ["大夫之耦"]


@cache
def left_ao(venue):
    return plan(parse_script(E09), venue=venue, reading="ao", options=("left-wins",))


def _climbs(ch, figure):
    """The times at which he steps from the 西階 on to the 堂 (from below its top 等 to above it)."""
    stair = ch.venue.landmark("西階")
    x0, _, x1, _ = stair.geometry.bounds
    edge = stair.top[1]
    samples = ch.tracks[figure].samples
    return [b[0] for a, b in pairwise(samples) if a[2] < edge <= b[2] and x0 - 1.0 <= b[1] <= x1 + 1.0]


@pytest.mark.parametrize("venue", VENUES)
def test_every_archer_who_goes_up_to_drink_climbs_the_west_stair_once(venue):
    """Each pair goes up once (the option's 鄭 form must not add a second climb to 敖's pair ascent): every
    archer of the five pairs, and the 大夫's partner who drinks alone (「特升飲」〔000〕), climbs exactly once;
    the drinkers are the 上射s, the 賓 and the partner."""
    ch = left_ao(venue)
    after_the_cup_is_set = ch.step("s08").t0  # the 勝者之弟子 went up to fill it (s03)
    climbs = {a: len([t for t in _climbs(ch, a) if t > after_the_cup_is_set]) for a in ARCHERS}
    assert climbs == dict.fromkeys(ARCHERS, 1)
    assert {e.figure for e in ch.events if e.kind == "飲"} == {lo for _, _, lo in PAIRS} | {"賓", "大夫之耦"}


@pytest.mark.parametrize("venue", VENUES)
def test_the_winner_goes_up_first_the_loser_one_step_behind_and_they_stand_side_by_side(venue):
    """敖 「胜者升三等而不胜者从之」, 「同升而并立」〔001〕 with the left winning: the 下射 is first on the 堂, the 上射
    sets foot on the 階 before he is up (中等), and at the top they stand abreast, the winner a step to the
    east (「先者少右」〔001〕)."""
    ch = left_ao(venue)
    top = ch.venue.landmark("西階上").point
    for (first, last), winner, loser in PAIRS:
        t0, t1 = ch.step(first).t0, ch.step(last).t1
        w_up, l_on, l_up = _first(ch, winner, t0, t1, top), _first(ch, loser, t0, t1, _tread(ch, 1)), _first(ch, loser, t0, t1, top)
        assert None not in (w_up, l_on, l_up), first
        assert l_on < w_up < l_up, f"{first}: the loser on the 階 at {l_on:.1f}, the winner up at {w_up:.1f}"
        w, lo = _xy(ch, winner, l_up), _xy(ch, loser, l_up)
        assert 1.5 <= w[0] - lo[0] <= 3.0 and abs(w[1] - lo[1]) <= 0.5, f"{first}: {w} and {lo}"


@pytest.mark.parametrize("venue", VENUES)
def test_the_winner_follows_the_loser_down_one_step_behind_and_the_loser_steps_left(venue):
    """敖 「胜者从降亦中等…上射则少左庭中之行如射时」〔001〕: the winner is on the top 等 before the loser, a 上射, is
    off the 階, and the loser steps a little to his left (east) at its foot."""
    ch = left_ao(venue)
    stair = ch.venue.landmark("西階")
    foot, top = stair.point, _tread(ch, stair.steps)
    x0, _, x1, _ = stair.geometry.bounds
    for sid, winner, loser in DESCENTS:
        t0, t1 = ch.step(sid).t0, ch.step(sid).t1 + 10.0
        w_on = next(t for t in np.arange(t0, t1, 0.1)
                    if abs(_xy(ch, winner, t)[1] - top[1]) < 0.2 and x0 < _xy(ch, winner, t)[0] < x1)
        l_off = next(t for t in np.arange(t0, t1, 0.1) if _xy(ch, loser, t)[1] < foot[1] - 0.5)
        w_down = next(t for t in np.arange(w_on, t1, 0.1) if _xy(ch, winner, t)[1] < foot[1] - 0.5)
        assert w_on < l_off, f"{sid}: the winner waits {w_on - l_off:.1f} s for the loser to be off the 階"
        x, y = _xy(ch, loser, w_down)
        assert 1.0 <= x - foot[0] <= 2.5 and abs(y - foot[1]) <= 3.0, f"{sid}: the loser at ({x:.1f}, {y:.1f})"
        assert _xy(ch, winner, w_down)[0] < x, f"{sid}: the winner comes down east of the loser"


@pytest.mark.parametrize("venue", VENUES)
def test_the_guest_is_handed_the_cup_at_his_right_obliquely(venue):
    """敖 「下射胜则酌賔…賔主人则于其右…皆邪乡之」〔001〕: the 執爵者 hands the 賓 the 觶 from his right (west of him,
    as he faces south), facing him obliquely."""
    ch = left_ao(venue)
    e = _events(ch, "執爵者", "授", {"s11"})[0]
    a, b = ch.pose_at("賓", e.t), ch.pose_at("執爵者", e.t)
    seen = (math.degrees(math.atan2(b.x - a.x, b.y - a.y)) - a.bearing + 180) % 360 - 180
    off = (b.bearing - math.degrees(math.atan2(a.x - b.x, a.y - b.y)) + 180) % 360 - 180
    assert abs(seen - 45.0) < 10.0 and abs(off) < 10.0, f"at {seen:.0f}° from the 賓's facing, facing {off:.0f}° off"
    assert _events(ch, "賓", "受", {"s11"})


@pytest.mark.parametrize("venue", VENUES)
def test_ao_differences_hold_with_the_sides_swapped(venue):
    """The cup bearer takes the 觶 facing north (敖 「取觯北靣」〔001〕) for every drinker after the first; the winners,
    now the 下射s, take off 決 and 拾 at the 堂西 and the losers do not (「胜者又説决拾而袭也」〔001〕); the
    勝者之弟子, the 眾賓4, goes back to the 堂西 (「反位反堂西之位」〔001〕)."""
    ch = left_ao(venue)
    takes = _events(ch, "執爵者", "取", {"r1", "r2", "r4", "t3"})
    assert len(takes) == 4
    for e in takes:
        assert abs((ch.pose_at("執爵者", e.t).bearing + 180) % 360 - 180) < 1.0, e.step
    for sid, winner, loser in DESCENTS:
        going = sid[:2] + "f"
        assert _events(ch, winner, "說決拾", {going}) and not _events(ch, loser, "說決拾", {going}), going
    here, facing = _xy(ch, "眾賓4", ch.step("s04").t1), ch.pose_at("眾賓4", ch.step("s04").t1).bearing
    assert abs(here[1] - ch.venue.landmark("堂西位").point[1]) < 0.5 and abs(facing % 360 - 180) < 1.0, here
    assert not _events(ch, "眾賓4", "執弓", {"s04"})
