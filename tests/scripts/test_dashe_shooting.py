"""The shooting half of the 大射 (assets/scripts/dashe, docs/domain.md §e.14.1–12) on its own venue: what a
reader of seed 003 would check first — the 樂正's left turn, the 公 at his 物, the archers hidden in the 次, the
arrows held 兼諸弦, the 大射's 毋周, the cords untied and the implements taken off the range."""

from functools import cache

import numpy as np
import pytest

from choreo.check import check_report
from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script

DASHE = scripts_dir() / "dashe"


@cache
def passage(name):
    return plan(parse_script(DASHE / name))


@cache
def rite():
    return plan(parse_script(DASHE / "full.yaml"))


def test_the_yuezheng_turns_left_from_facing_west_to_facing_east():
    """鄭 「樂正西面受命，左還東面」〔003〕: counter-clockwise (the bearing falls) from 270 to 90, through the south."""
    ch = passage("e01-yuezheng.yaml")
    f = ch.tracks["樂正"].samples[:, 3]
    west = [i for i in range(len(f)) if f[i] % 360 == 270]
    east = [i for i in range(len(f)) if f[i] % 360 == 90 and west and i > west[0]]
    assert west and east
    a, b = west[-1], east[0]
    assert a < b and f[b] - f[a] == -180  # a left turn of half a circle, not the right turn
    told = [e for e in ch.events if e.figure == "樂正" and e.kind == "命"][0]
    assert ch.pose_at("樂正", told.t).bearing == pytest.approx(90.0)
    pose = ch.pose_at("樂正", (ch.tracks["樂正"].samples[a, 0] + ch.tracks["樂正"].samples[b, 0]) / 2)
    assert pose.bearing == pytest.approx(180.0, abs=1.0)  # half-way he faces south
    (assent,) = [e for e in ch.events if e.figure == "大師" and e.kind == "許諾"]
    assert assent.t > told.t and ch.posture_at("大師", assent.t) == "坐"  # 大師不興，許諾


def test_the_gong_reaches_his_mark_only_after_the_music_starts_and_the_bin_waits_on_his():
    ch = passage("e03-sanshe.yaml")
    venue = ch.venue
    (music,) = ch.music
    assert music.piece == "貍首"
    q2 = ch.step("q2")
    gong, bin_ = ch.pose_at("公", q2.t1), ch.pose_at("賓", q2.t1)
    mark, bins = venue.landmarks["公之物"], venue.landmarks["賓之物"]
    assert np.hypot(gong.x - mark.x, gong.y - mark.y) < 1.5 and np.hypot(bin_.x - bins.x, bin_.y - bins.y) < 1.5
    # a step's end is kept to the µs, its samples to 0.1 ms: sampled at t1 a turn may lack a hair (0.0015°)
    assert gong.bearing == pytest.approx(180.0, abs=0.01) and bin_.bearing == pytest.approx(180.0, abs=0.01)
    track = ch.tracks["公"].samples
    arrival = min(s[0] for s in track if np.hypot(s[1] - mark.x, s[2] - mark.y) < 0.5)
    left_seat = min(s[0] for s in track if np.hypot(s[1] - track[0, 1], s[2] - track[0, 2]) > 0.5)
    assert music.t0 < left_seat < arrival  # 「公樂作而後就物」: he sets out once the music has started
    assert arrival > ch.step("q1").t1 - 1e-6  # the 賓 is already waiting at his 物 (「賓待于物如初」)
    shots = [s for s in ch.shots if s.archer in ("公", "賓")]
    assert [s.archer for s in shots] == ["賓", "公"] * 4  # 拾發: the 賓, the 上射, first
    assert all(s.keeps_music for s in shots if s.archer == "賓")
    assert not any(s.keeps_music for s in shots if s.archer == "公")  # 不以樂志
    assert {s.target for s in shots} == {"大侯"}


def test_every_shot_kept_to_the_music_is_on_a_beat_and_only_hits_in_time_are_counted():
    ch = passage("e03-sanshe.yaml")
    (music,) = ch.music
    beats = np.array(ch.beats(music))
    kept = [s for s in ch.shots if s.keeps_music]
    assert len(kept) == len(ch.shots) - 4  # everyone's but the 公's four
    for s in kept:
        assert s.on_beat and np.abs(beats - s.release).min() < 1e-3, (s.archer, s.release)
    for s in ch.shots:
        assert (s.counted is not None) == bool(s.hit and (s.in_time or not s.keeps_music)), (s.archer, s.number)
    assert all(music.t0 <= s.release <= music.t1 for s in ch.shots)


def test_the_count_of_the_third_round_agrees_with_its_counters():
    (tally,) = rite().tallies
    counted = [s for s in rite().shots if s.counted is not None]
    assert (tally.right, tally.left) == (sum(s.side == "右" for s in counted), sum(s.side == "左" for s in counted))
    said = [e.detail for e in rite().events if e.kind == "告" and e.figure == "釋獲者" and e.step == tally.step]
    assert tally.right - tally.left == 1 and said == ["右賢於左，一奇"]  # assets/outcomes/dashe.yaml: 9 to 8


def test_every_archer_who_goes_into_the_ci_is_hidden_there_and_gives_up_bow_and_arrows():
    ch = passage("e09-shi-qushi.yaml")
    box = ch.venue.landmarks["次"].geometry.bounds
    for who in ("上耦上射", "上耦下射", "次耦上射", "下耦下射", "卿1", "諸公"):
        spans = ch.tracks[who].hidden
        assert len(spans) == 2 if who in ("卿1", "諸公") else len(spans) == 1, who  # the ministers arm there too
        t0, t1 = spans[-1]
        (given,) = [e for e in ch.events if e.figure == who and e.kind == "授弓矢"]
        assert t0 < given.t < t1 and ch.pose_at(who, given.t) is None and ch.hidden_at(who, given.t)
        x, y = ch.tracks[who].at(t0 - 0.05)[:2]
        assert box[0] - 1 <= x <= box[2] + 1 and box[1] - 1 <= y <= box[3] + 1  # he vanishes at the 次
        assert ch.side_held(who, given.t - 0.01) and not ch.side_held(who, given.t + 0.01)  # 兼諸弦 until then
        assert "弓" not in ch.held_by(who, t1 + 1)
    assert ch.tracks["有司"].hidden == ((0.0, float("inf")),)  # the 有司 waits inside, never seen


def test_the_dashe_holds_the_return_at_the_fu_to_wu_zhou():
    """「左旋，毋周，反面揖」: the 上射, having turned left to the west, turns back clockwise to the east."""
    ch = passage("e09-shi-qushi.yaml")
    assert ch.venue.options["full_turn"] == "毋周"
    assert not check_report(ch, collisions=False).by_rule("venue_rule")
    f = ch.tracks["上耦上射"].samples
    step = ch.step("p1b")
    turns = np.diff(f[(f[:, 0] >= step.t0) & (f[:, 0] <= step.t1), 3])
    turns = turns[np.abs(turns) > 1e-9]
    assert turns.min() < 0 < turns.max() and abs(turns.sum()) < 1e-6  # out to the west and back, no full circle


def test_the_cords_are_untied_and_the_implements_taken_off_the_range():
    ch = passage("e12-tui.yaml")
    end = ch.duration
    loose = {lm.name for lm in ch.venue.landmarks_of("cord") if ch.cord_loosed(lm.name, end)}
    assert loose == {"大侯左下綱", "參侯左下綱", "干侯左下綱"}
    assert not any(ch.cord_loosed(lm.name, 0.0) for lm in ch.venue.landmarks_of("cord"))
    for e in (e for e in ch.events if e.kind == "解綱"):
        pose, post = ch.pose_at(e.figure, e.t), ch.venue.landmarks[e.detail]
        assert np.hypot(pose.x - post.x, pose.y - post.y) < 1.0  # at the cord's post
    hall_west = ch.venue.landmarks["堂西"]
    for obj in ("obj.楅", "obj.中", "obj.算"):
        rest = ch.rest_of(obj, end)
        assert rest is not None and np.hypot(rest.place[0] - hall_west.x, rest.place[1] - hall_west.y) < 5, obj
        assert ch.rest_of(obj, 0.0).place != rest.place
    for obj in ("obj.旌", "obj.薦(負侯)", "obj.俎(負侯)"):
        assert ch.rest_of(obj, end) is not None  # set down west of his 乏, out of his hands


def test_each_order_of_the_clearing_is_given_and_assented_to_before_it_is_done():
    ch = passage("e12-tui.yaml")
    orders = [(e.figure, e.kind, e.t) for e in ch.events if e.kind in ("命", "許諾")]
    assert [o[:2] for o in orders[:2]] == [("司馬正", "命"), ("小臣師", "許諾")]
    (untie,) = [e for e in ch.events if e.kind == "解綱" and e.figure == "量人"]
    (relayed,) = [o for o in orders if o[0] == "量人" and o[1] == "許諾"]
    assert relayed[2] < untie.t
    (keeper,) = [o for o in orders if o[0] == "負侯"]
    taken = [h for h in ch.holds if h.obj == "obj.薦(負侯)" and h.holder == "負侯"]
    assert taken and keeper[2] < taken[0].t0


@pytest.mark.parametrize("reading", parse_script(DASHE / "full.yaml").reading_names)
def test_the_whole_rite_shooting_and_banquet_checks_clean_under_each_reading(reading):
    ch = rite() if reading == "zheng" else plan(parse_script(DASHE / "full.yaml"), reading=reading)
    failures = check_report(ch).violations
    assert not failures, "; ".join(f"[{v.step}] {v.detail}" for v in failures[:3])


def test_the_passages_join_up_in_the_whole_shooting_half():
    """Each passage declares its figures where the passage before it leaves them (within 1.5 尺)."""
    import math

    import yaml

    from choreo.check import kinematics as kin
    from choreo.planner import Planner

    ch, full = rite(), DASHE / "full.yaml"
    sequence = parse_script(full)
    names = yaml.safe_load(full.read_text(encoding="utf-8"))["include"]
    for name in names[1:]:
        after = parse_script(DASHE / name)
        prefix = after.passage.replace(".", "") + "."
        first = next(s for s in ch.steps if s.id.startswith(prefix))
        for who, tl in Planner(after, ch.venue, "zheng")._initial_timelines().items():
            if who.startswith("obj.") or who not in sequence.figures:
                continue
            where = kin.positions(ch.tracks[who], [first.t0])[0]  # also while hidden in the 次
            gap = math.dist(where, tl.pos)
            assert gap <= 1.5, f"{after.passage}: {who} declared {gap:.1f} 尺 from where the passage before leaves him"
