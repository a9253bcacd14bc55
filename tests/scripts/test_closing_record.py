"""The 記 of the 鄉射 in seed 002 where it fixes a place or a rule, checked on the planned whole rite:
「立者，东面北上」 (those standing below the 堂 in one file), 「众宾不与射者不降」 (a 眾賓 who does not
shoot stays up during the shooting), 「俎由东壁，自西阶升」 (the 俎 go by the 西階 in the closing too), and the 立者 the 疏 says are observers."""

import dataclasses
from functools import cache

import numpy as np
import pytest

from choreo.planning import plan
from choreo.script_parser import parse_script
from tests.scripts.test_bundled import FULL

VENUES = ["xie", "xiang"]
SHOOTING = {f"e.{n}" for n in range(1, 14)}  # seed 000: from the 誘射 to 「不鼓不釋」
CLOSING = {"e.14", "e.15", "e.16", "e.17"}  # seed 002


@cache
def rite(venue, reading="zheng"):
    return plan(parse_script(FULL), venue=venue, reading=reading)


def _span(ch, passages):
    steps = [s for s in ch.steps if s.passage in passages]
    return min(s.t0 for s in steps), max(s.t1 for s in steps)


@pytest.mark.parametrize(("venue", "reading"), [("xie", "zheng"), ("xiang", "zheng"), ("xie", "ao")])
def test_those_standing_below_the_hall_form_one_file_facing_east_the_first_at_the_north(venue, reading):
    """記 「立者，东面北上」〔002〕, 疏 「与堂下众宾齿，东面北上而立」〔002〕: after 「众宾皆降，立于大夫之南，
    少退，北上」 the 賓, the 大夫 and the 眾賓 stand in one file facing east, in order of rank from the north."""
    ch = rite(venue, reading)
    end = next(s for s in ch.steps if s.text.startswith("众宾皆降，立于大夫之南")).t1
    order = ["賓", "大夫", "眾賓1", "眾賓2", "眾賓3", "眾賓4"]
    at = {n: ch.pose_at(n, end) for n in order}
    for n, p in at.items():
        assert p.y < 0, f"{n} is not below the 堂 (y = {p.y:.1f})"
        assert round(p.bearing % 360) == 90, f"{n} faces {p.bearing % 360:.0f}, not east"
    ys = [at[n].y for n in order]
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == len(ys), f"not senior north: {ys}"
    xs = [at[n].x for n in order]
    assert max(xs) - min(xs) < 3.0, f"not one file: x from {min(xs):.1f} to {max(xs):.1f}"


def _below_without_shooting(ch):
    """The 眾賓 (guests other than the 賓 and the 大夫) who are below the 堂 during the shooting without
    ever having a 弓 in it: 「众宾不与射者不降」〔002〕 (鄭 「不以无事乱有事」〔002〕)."""
    t0, t1 = _span(ch, SHOOTING)
    guests = [n for n, f in ch.figures.items() if f.role == "guest" and n not in ("賓", "大夫")]
    shooters = {h.holder for h in ch.holds if h.obj == "弓" and h.t0 < t1 and h.t1 > t0}
    found = []
    for name in guests:
        s = ch.tracks[name].samples
        during = s[(s[:, 0] >= t0) & (s[:, 0] < t1)]
        if name not in shooters and (during[:, 2] < 0).any():
            found.append((name, float(during[during[:, 2] < 0][0, 0])))
    return found


@pytest.mark.parametrize("venue", VENUES)
def test_no_guest_who_does_not_shoot_goes_down_during_the_shooting(venue):
    ch = rite(venue)
    assert _below_without_shooting(ch) == []
    # Every 眾賓 of the bundled rite is in a pair, and each of them does go down to shoot with his 弓.
    t0, t1 = _span(ch, SHOOTING)
    for name in ("大夫之耦", "眾賓1", "眾賓2", "眾賓3", "眾賓4"):
        s = ch.tracks[name].samples
        assert (s[(s[:, 0] >= t0) & (s[:, 0] < t1), 2] < 0).any(), f"{name} never goes down to shoot"
    # Had 眾賓1 no 弓 (not one of a pair), his going down would be reported.
    unarmed = dataclasses.replace(ch, holds=tuple(h for h in ch.holds if not (h.obj == "弓" and h.holder == "眾賓1")))
    assert [n for n, _ in _below_without_shooting(unarmed)] == ["眾賓1"]


def _on(ch, stair, figure, t0, t1):
    x0, y0, x1, y1 = ch.venue.landmark(stair).geometry.bounds
    s = ch.tracks[figure].samples
    s = s[(s[:, 0] >= t0) & (s[:, 0] < t1)]
    return s[(s[:, 1] >= x0) & (s[:, 1] <= x1) & (s[:, 2] > y0 + 0.2) & (s[:, 2] < y1 - 0.2)]


@pytest.mark.parametrize("venue", VENUES)
def test_the_zu_go_by_the_west_stair_in_the_closing(venue):
    """記 「俎由东壁，自西阶升」〔002〕, 疏 「既由东壁，恐如祭馔由东阶升，故记人明之」〔002〕: whoever carries a
    俎 in the closing takes it by the 西階, never the 阼階 (the 主人's own goes 「降自西阶以东」〔002〕)."""
    ch = rite(venue)
    c0, c1 = _span(ch, CLOSING)
    carried = [h for h in ch.holds if h.obj.startswith("obj.俎") and h.holder and h.t0 < c1 and h.t1 > c0]
    assert {h.obj for h in carried} >= {"obj.俎賓", "obj.俎主人", "obj.俎大夫"}, {h.obj for h in carried}
    west = 0
    for h in carried:
        t0, t1 = max(h.t0, c0), min(h.t1, c1)
        east = _on(ch, "阼階", h.holder, t0, t1)
        assert not len(east), f"{h.holder} on the 阼階 with {h.obj} at t={east[0, 0]:.1f}"
        west += len(_on(ch, "西階", h.holder, t0, t1))
    assert west, "no 俎 is carried on the 西階 in the closing"
    # The 弟子 who go up to take a 俎 go up by the 西階 too.
    for name in [n for n, f in ch.figures.items() if f.role == "attendant"]:
        east = _on(ch, "阼階", name, c0, c1)
        assert not len(east), f"{name} on the 阼階 at t={east[0, 0]:.1f} in the closing"




@pytest.mark.parametrize("venue", VENUES)
def test_those_who_come_to_watch_stand_in_a_file_facing_east_the_first_at_the_north(venue):
    """記 「立者，东面北上」〔002〕, 疏 「此谓一命及不命来观礼者，与堂下众宾齿，东面北上而立」〔002〕: the two
    observers stand below the 堂, west of the 西階, facing east, 立者1 north of 立者2, from the first step to the
    last, and take no part."""
    ch = rite(venue)
    stair_x = ch.venue.landmark("西階").point[0]
    for t in (ch.steps[0].t0, next(s for s in ch.steps if s.passage == "e.6").t1, ch.steps[-1].t1):
        one, two = ch.pose_at("立者1", t), ch.pose_at("立者2", t)
        for n, p in (("立者1", one), ("立者2", two)):
            assert p.y < 0 and p.x < stair_x, f"{n} at ({p.x:.1f}, {p.y:.1f}) at t={t:.0f}"
            assert round(p.bearing % 360) == 90, f"{n} faces {p.bearing % 360:.0f} at t={t:.0f}"
        assert one.y > two.y and abs(one.x - two.x) < 0.5
    for n in ("立者1", "立者2"):
        s = ch.tracks[n].samples
        assert np.ptp(s[:, 1]) < 0.5 and np.ptp(s[:, 2]) < 0.5, f"{n} moves"
