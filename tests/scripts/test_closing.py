"""The closing of the 鄉射 (seed 002) in the bundled sequence: shoes off below the 堂 before going up, the 賓
out by the 門, the 俎 handed on after the 還 and carried out, the cups put back, the reverse descent, and a
figure outside the 門 neither drawn nor checked."""

import math
from functools import cache

import numpy as np
import pytest

from choreo.check.collisions import figure_collisions
from choreo.cli import main
from choreo.model import Choreography, FigureInfo, Step, Track
from choreo.paths import scripts_dir
from choreo.planning import load_venue, plan, plan_script
from choreo.render.figstate import FigureStates
from choreo.script_parser import parse_script
from choreo.tracks import tracks_document

FULL = scripts_dir() / "xiangshe" / "full.yaml"
GUESTS = ["賓", "主人", "大夫", "眾賓1", "眾賓2", "眾賓3", "眾賓4"]


@cache
def full(venue):
    return plan(parse_script(FULL), venue=venue)


def _step(ch, text_start):
    return next(s for s in ch.steps if s.text.startswith(text_start))


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_each_takes_his_shoes_off_below_the_hall_before_he_goes_up(venue):
    ch = full(venue)
    doc = tracks_document(ch)
    closing = _step(ch, "主人以宾揖让").t0
    for name in GUESTS:
        offs = [e for e in doc["events"] if e["figure"] == name and e["kind"] == "說屨" and e["t"] >= closing]
        assert len(offs) == 1, f"{name}: {len(offs)} 說屨 events in the closing"
        t = offs[0]["t"]
        pose = ch.pose_at(name, t)
        assert pose.y < 0, f"{name} takes his shoes off at y = {pose.y:.1f}, not below the 堂"
        s = ch.tracks[name].samples
        up = s[(s[:, 0] > t) & (s[:, 2] > 0)]
        assert len(up), f"{name} never goes up after his 說屨"
        assert ch.pose_at(name, float(up[0, 0])).y > 0


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_the_guest_leaves_by_the_gate_and_is_outside_after_bin_chu(venue):
    ch = full(venue)
    step = _step(ch, "宾出，众宾皆出")
    out = [e for e in ch.events if e.figure == "賓" and e.kind == "出" and e.step == step.id]
    assert len(out) == 1
    gate = ch.venue.landmark("門").point
    before = ch.tracks["賓"].at(out[0].t - 1e-3)
    assert math.dist(before[:2], gate) < 1.0, f"the 賓 goes out at {before[:2]}, not by the 門 at {gate}"
    assert ch.pose_at("賓", step.t1) is None
    assert not ch.tracks["賓"].present([step.t1, step.t1 + 100]).any()
    assert FigureStates(ch).pose("賓", step.t1) is None  # what the frames draw from
    kinds = [e["kind"] for e in tracks_document(ch)["events"] if e["figure"] == "賓"]
    assert "出" in kinds


def test_the_zu_is_handed_on_after_the_turn_and_carried_out_to_the_attendants():
    ch = plan_script(scripts_dir() / "xiangshe" / "e15-chezu.yaml")
    hand = _step(ch, "宾取俎，还授司正")
    give = next(e for e in ch.events if e.step == hand.id and e.figure == "賓" and e.kind == "授")
    took = next(e for e in ch.events if e.step == hand.id and e.figure == "賓" and e.kind == "取")
    # He took it facing his mat (north) and turned to the 司正 before handing it on.
    assert abs(ch.tracks["賓"].at(took.t)[2] % 360) < 1.0
    f = ch.tracks["賓"].at(give.t)[2] % 360
    sx, sy, _ = ch.tracks["司正"].at(give.t)
    bx, by, _ = ch.tracks["賓"].at(give.t)
    towards = math.degrees(math.atan2(sx - bx, sy - by)) % 360
    assert abs((f - towards + 180) % 360 - 180) < 1.0
    # The 司正 has it and takes it out of the 門: the 俎 leaves the picture with him.
    out = next(e for e in ch.events if e.figure == "司正" and e.kind == "出")
    assert ch.tracks["obj.俎賓"].at(out.t + 5) is None
    given = next(e for e in ch.events if e.figure == "從者" and e.kind == "受" and e.detail == "俎賓")
    assert given.t > out.t


def test_the_three_and_the_guests_stand_below_the_hall_after_the_zu_are_cleared():
    ch = plan_script(scripts_dir() / "xiangshe" / "e15-chezu.yaml")
    end = ch.steps[-1].t1
    v = ch.venue
    at = {n: ch.pose_at(n, end) for n in ["賓", "主人", "大夫", "眾賓1", "眾賓4"]}
    assert math.dist((at["賓"].x, at["賓"].y), v.landmark("階西").point) < 1.0 and round(at["賓"].bearing) == 90
    assert at["大夫"].y < at["賓"].y and abs(at["大夫"].x - at["賓"].x) < 0.5  # 「立于宾南」
    assert round(at["主人"].bearing) == 270 and at["主人"].x > 0 and at["主人"].y < 0  # 「降自阼阶，西面立」
    assert at["眾賓1"].y < at["大夫"].y and at["眾賓1"].x < at["大夫"].x  # 「立于大夫之南，少退，北上」
    assert at["眾賓4"].y < at["眾賓1"].y


def test_the_cups_are_put_back_where_they_stood_and_come_down_in_reverse_order():
    ch = plan_script(scripts_dir() / "xiangshe" / "e14-juzhi.yaml")
    back = _step(ch, "宾与大夫坐，反奠于其所")
    where = ch.tracks["obj.觶賓"].at(back.t1 + 5)
    taken = _step(ch, "宾与大夫辞，坐受觯以兴")  # where the 舉觶者 set it: 「坐奠于荐右」
    assert math.dist(where[:2], ch.tracks["obj.觶賓"].at(taken.t0)[:2]) < 1e-6
    moved = ch.tracks["obj.觶賓"].at(back.t0)  # in the 賓's hand between
    assert math.dist(moved[:2], where[:2]) > 1.0
    down = _step(ch, "举觯者逆降")
    foot = ch.venue.landmark("西階").point
    first = {}
    for name in ("執爵者", "主人之贊者"):
        s = ch.tracks[name].samples
        near = s[(s[:, 0] >= down.t0) & (np.hypot(s[:, 1] - foot[0], s[:, 2] - foot[1]) < 2.0)]
        first[name] = float(near[0, 0])
    up = _step(ch, "升，实之，西阶上北面")
    climbed = {n: ch.tracks[n].samples for n in first}
    on = {n: float(s[(s[:, 0] >= up.t0) & (s[:, 2] > -1.0)][0, 0]) for n, s in climbed.items()}
    last_up = max(on, key=on.get)
    assert min(first, key=first.get) == last_up, "the one who went up last comes down first"


def _toy(absent):
    venue = load_venue("xie")
    tracks = {"甲": Track("甲", [[0, 0, -40, 0], [10, 0, -40, 0]], absent),
              "乙": Track("乙", [[0, 0.5, -40, 0], [10, 0.5, -40, 0]])}
    figures = {n: FigureInfo(n, n, 0.9) for n in tracks}
    steps = (Step("s1", 0, 0.0, 10.0, "", "", tuple(tracks)),)
    return Choreography("toy", "toy", venue, "zheng", ("zheng",), figures, steps, tracks)


def test_a_figure_outside_the_gate_is_not_checked_for_collisions():
    assert len(figure_collisions(_toy(()))[0]) == 1
    assert figure_collisions(_toy(((0.0, math.inf),)))[0] == []
    inside_again = figure_collisions(_toy(((0.0, 6.0),)))[0]
    assert len(inside_again) == 1 and inside_again[0].t == pytest.approx(6.0)


def test_the_shoes_state_and_the_gate_show_in_the_tracks_file(tmp_path):
    out = tmp_path / "e16.json"
    assert main(["tracks", str(scripts_dir() / "xiangshe" / "e16-zuo.yaml"), "-o", str(out)]) == 0
    import json

    kinds = {(e["figure"], e["kind"]) for e in json.loads(out.read_text(encoding="utf-8"))["events"]}
    assert {("賓", "說屨"), ("主人", "說屨"), ("大夫", "說屨")} <= kinds


def test_the_officer_becomes_the_si_zheng_in_the_bridge():
    ch = full("xie")
    change = next(e for e in ch.events if e.figure == "司馬" and e.kind == "為")
    assert ch.pose_at("司馬", change.t + 1) is None
    assert ch.pose_at("司正", change.t - 1) is None
    here = ch.pose_at("司正", change.t)
    s = ch.tracks["司馬"].samples
    last = s[s[:, 0] <= change.t + 1e-3][-1]  # tracks keep 4 decimals
    assert math.dist((here.x, here.y), (last[1], last[2])) < 1e-3


SHOES_ON_THE_HALL = """\
title: t
source: "002"
figures:
  賓: {at: 賓席, facing: 南面}
steps:
  - text: 说屦
    do:
      賓: [說屨]
"""

BACK_WITHOUT_GOING_IN = """\
title: t
source: "002"
figures:
  賓: {at: 階西, facing: 東面}
steps:
  - text: 宾出
    do:
      賓: [出, {適: 階前}]
"""


@pytest.mark.parametrize("text, message", [
    (SHOES_ON_THE_HALL, "bad.yaml:8:11: error: step s001: 賓 cannot 說屨: 賓 is not below the 堂: 說屨 is done in "
                        "the 庭, at the foot of the 階 (疏 「故皆说屦於堂下也」〔002〕)\n"),
    (BACK_WITHOUT_GOING_IN, "bad.yaml:8:14: error: step s001: 賓 cannot 適: 賓 is outside the 門: he comes in by it "
                            "(入) before going to (-15.0, -6.0)\n        賓: [出, {適: 階前}]\n                 ^\n"),
], ids=["說屨 on the 堂", "walking in without 入"])
def test_closing_verbs_report_what_the_text_forbids(tmp_path, capsys, text, message):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    import os

    os.chdir(tmp_path)
    assert main(["check", "bad.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message), err
