"""The 大射's 射位 and officers' 位 (issue 15's fault, in the 射宮): the third round goes as the second, 疏
「此經雲“如初”者，皆如上第二番射法」〔003〕, so a pair leaves the 射位 as in the 鄉射, going east abreast 一南一北 and
reaching the 階 or the 楅 without a way round the 司射 or the 司馬正, and comes back to the file without crossing."""

import math
from functools import cache

import numpy as np
import pytest

from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script
from stage.loader import load_venue
from tests.scripts.test_stations import ACROSS, ALONG_MAX, _along_across, _bows, _walk


def _xy(pose):
    return (pose.x, pose.y)


@cache
def rite():
    return plan(parse_script(scripts_dir() / "dashe" / "full.yaml"))


def test_the_files_and_the_officers_stand_apart():
    """With the old 4-尺 spacing the 司馬位 stood due east of the head of 射位一 and 射位二 was the same column 4 尺
    further south: each place of a file is now at least a 步 from every place of the other file and from both
    officers, and the whole of 射位一 (six) lies between the 司射 and the 司馬 north to south."""
    v = load_venue("dashe")
    step = v.params["步"].value
    first, second = v.landmark("射位一"), v.landmark("射位二")
    spacing = first.rank_spacing
    places = {name: [(lm.x, lm.y - i * spacing) for i in range(6)] for name, lm in (("一", first), ("二", second))}
    officers = [v.landmark("司射位").point, v.landmark("司馬位").point]
    for a in places["一"]:
        for b in places["二"] + officers:
            assert math.dist(a, b) >= step - 1e-9, f"射位一 place {a} is {math.dist(a, b):.1f} 尺 from {b}"
    for b in places["二"]:
        for o in officers:
            assert math.dist(b, o) >= step - 1e-9
    assert officers[1][1] < places["一"][-1][1] < places["一"][0][1] < officers[0][1]


# (step, pair, whether the whole way is checked abreast): to 當楅 the second leg runs north-east, where the pair's
# mitred corners leave the 上射 up to 2.1 尺 behind (the planner's abreast walking, not the stations: the 庠's
# e5.s04 over the same points ends 1.6 尺 behind); the east leg is checked there.
LEAVING = [("e143–5.p1", "上耦", True), ("e143–5.p1b", "次耦", True), ("e143–5.p1c", "下耦", True),  # → 當西階
           ("e149–11.p1a", "上耦", False), ("e149–11.p1ab", "次耦", False), ("e149–11.p1ac", "下耦", False)]  # → 當楅


@pytest.mark.parametrize(("step_id", "pair", "whole_way"), LEAVING)
def test_a_pair_leaves_the_second_station_east_abreast_with_no_way_round_the_officers(step_id, pair, whole_way):
    """From the 揖 at the 射位 to the 揖 at 當階 (or 當楅): the 上耦 sets off due east (疏 「此上耦發位東行時」); every pair
    goes only east and north, passing south of the 司射 and the 司馬正 (no waypoint round the 司馬, as the old 由
    司馬正之東南之東 was), the 上射 on the left 2–4 尺 across the way and never more than ALONG_MAX ahead or behind."""
    ch = rite()
    up, down = f"{pair}上射", f"{pair}下射"
    t0, t1 = _bows(ch, up, step_id)[:2]
    p, q, v = _walk(ch, up, down, t0 + 0.5, t1)
    turn = ch.venue.landmark("射位二東行").point
    for track, who in ((p, up), (q, down)):
        back = np.diff(track, axis=0)
        assert back.min() > -0.05, f"{who} turns back ({back.min():.2f} 尺) on his way in {step_id}"
        if pair == "上耦":  # the head pair, level with the turning place (the others come up to it from the file)
            gone = np.hypot(*(track - track[0]).T)
            first = track[np.argmax(gone > 2.0)] - track[0]
            assert abs(math.degrees(math.atan2(first[1], first[0]))) < 15.0, f"{who} does not set off east"
        for name in ("司射位", "司馬位"):
            ox, oy = ch.venue.landmark(name).point
            crossing = track[np.argmin(np.abs(track[:, 0] - ox))]
            assert crossing[1] < oy - 2.0, f"{who} passes {name} at y={crossing[1]:.1f}, not south of {oy:.1f}"
    if not whole_way:  # up to the turning place, a 步 east of the 司馬
        east = int(np.argmax((p[:, 0] >= turn[0] - 1.0) & (q[:, 0] >= turn[0] - 1.0)))
        p, q, v = p[:east], q[:east], v[:east]
    along, across = _along_across(*(a[: -int(2.0 / 0.1)] for a in (p, q, v)))
    assert len(along) > 20
    assert np.abs(along).max() <= ALONG_MAX, f"{step_id}: one {np.abs(along).max():.1f} 尺 ahead"
    assert ACROSS[0] <= across.min() and across.max() <= ACROSS[1], \
        f"{step_id}: the 上射 {across.min():.1f}…{across.max():.1f} 尺 to the left of the 下射"


@pytest.mark.parametrize(("step_id", "pair"), [("e143–5.p7", "上耦"), ("e143–5.p7b", "次耦"), ("e143–5.p7c", "下耦")])
def test_a_pair_back_from_shooting_steps_into_the_file_without_crossing(step_id, pair):
    """「卒射，降反位」〔003〕: back at the file the 上射 takes the head of his pair's two places (北上) and the 下射 the
    one south of it; on the way the two keep two bodies apart (the 上射 goes round the north of the 下射)."""
    ch = rite()
    up, down = f"{pair}上射", f"{pair}下射"
    step = ch.step(step_id)
    ts = np.arange(step.t0, step.t1, 0.05)
    gap = min(math.dist(_xy(ch.pose_at(up, t)), _xy(ch.pose_at(down, t))) for t in ts)
    assert gap >= 2 * ch.venue.params["body_radius"].value, f"{step_id}: {gap:.2f} 尺 apart"
    end_up, end_down = ch.pose_at(up, step.t1), ch.pose_at(down, step.t1)
    assert abs(end_up.x - end_down.x) < 0.1 and end_up.y - end_down.y == pytest.approx(3.0, abs=0.1)
