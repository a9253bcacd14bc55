"""The shot in the model: outcome, call, counter, the music clock and the 數獲, planned and checked."""

import json
import unicodedata
from dataclasses import replace
from functools import cache

import pytest

from choreo.check import check_report
from choreo.cli import main
from choreo.paths import assets_dir
from choreo.planner import Planner
from choreo.script import apply_reading
from choreo.script_parser import parse_script
from choreo.tracks import tracks_document
from stage.loader import load_venue
from stage.marked_yaml import load as load_yaml
from tests.planner.helpers import plan_text

SCRIPTS = assets_dir() / "scripts" / "xiangshe"


@cache
def planned(name):
    script, reading = apply_reading(parse_script(SCRIPTS / name), None)
    return Planner(script, load_venue("xie"), reading).plan()


def outcome(passage):
    return {name: tuple(ch == "○" for ch in arrows)
            for name, arrows in load_yaml(assets_dir() / "outcomes" / "xiangshe.yaml")[passage].items()}


def test_second_round_hits_calls_and_counters_follow_the_bundled_outcome():
    ch = planned("e06-second-round.yaml")
    table = outcome("e.6")
    by_archer = {}
    for shot in ch.shots:
        by_archer.setdefault(shot.archer, []).append(shot.hit)
        assert shot.target == "侯" and shot.point[1] == pytest.approx(ch.venue.landmarks["侯"].y)
        assert shot.arrival > shot.release
        assert (shot.caller == "獲者") == shot.hit  # every hit called, no miss called
        assert (shot.scorer == "釋獲者") == shot.hit  # a counter for every hit, none for a miss
        assert shot.called <= shot.counted if shot.hit else shot.counted is None
    assert {name: tuple(hits) for name, hits in by_archer.items()} == table
    counters = [e for e in ch.events if e.kind == "釋獲"]
    assert len(counters) == sum(sum(arrows) for arrows in table.values())
    # 「上射於右，下射於左」: the counter's side is its archer's part in the pair
    assert {e.detail for e in counters} == {"右", "左"}
    assert all(s.side == ("右" if s.archer in ("上耦上射", "賓", "眾賓1") else s.side) for s in ch.shots)


def test_first_round_calls_hits_and_lays_no_counter():
    ch = planned("e02-first-round.yaml")
    hits = [s for s in ch.shots if s.hit]
    assert hits and len(ch.shots) == 24
    assert all(s.caller == "獲者" and s.called >= s.arrival for s in hits)
    assert not [s for s in ch.shots if s.scorer] and not [e for e in ch.events if e.kind == "釋獲"]
    calls = [e for e in ch.events if e.kind == "獲"]
    assert sorted(e.detail for e in calls) == sorted(s.archer for s in hits)


def test_each_shot_leaves_from_the_mark_the_archer_stands_on():
    ch = planned("e02-first-round.yaml")
    for shot in ch.shots:
        mark = ch.venue.landmarks[shot.station]
        assert mark.kind == "mark"
        assert abs(mark.x - shot.origin[0]) < 3 and abs(mark.y - shot.origin[1]) < 3
        assert shot.station == ("上物" if shot.side == "右" else "下物")


def test_the_count_of_e8_agrees_with_the_counters_of_e6_in_the_whole_rite():
    script, reading = apply_reading(parse_script(SCRIPTS / "full.yaml"), None)
    ch = Planner(script, load_venue("xie"), reading).plan()
    table = outcome("e.6")
    (tally,) = ch.tallies
    right = sum(1 for s in ch.shots if s.passage == "e.6" and s.hit and s.side == "右")
    assert (tally.right, tally.left) == (right, sum(sum(a) for a in table.values()) - right) == (11, 8)
    said = next(e for e in ch.events if e.kind == "告" and e.step == tally.step)
    assert said.detail == "右賢於左，一純一奇"
    report = check_report(ch, collisions=False, terms=False)
    assert [p for p in report.passes if p.rule == "tally"]
    assert not [v for v in report.violations if v.rule in ("tally", "counter", "shot_on_beat")]
    # a counter taken away (and so one fewer counted): the checker finds the uncounted hit, and a count
    # that no longer equals the hits
    first = next(i for i, s in enumerate(ch.shots) if s.counted is not None)
    broken = replace(ch, shots=ch.shots[:first] + (replace(ch.shots[first], scorer="", counted=None),)
                     + ch.shots[first + 1:], tallies=(replace(tally, right=tally.right - 1),))
    rules = [v.rule for v in check_report(broken, collisions=False, terms=False).violations]
    assert sorted(rules) == ["counter", "tally"]
    broken = replace(ch, tallies=(replace(tally, words="左賢於右"),))
    (bad,) = [v for v in check_report(broken, collisions=False, terms=False).violations if v.rule == "tally"]
    assert "左賢於右" in bad.detail and "右賢於左" in bad.detail


MUSIC = """
title: t
outcome: {上射: ○○○○, 下射: ○×○×, 公: ○○}
figures:
  上射: {at: 上物, facing: 南面}
  下射: {at: 下物, facing: 南面}
  公: {at: 物間之北, facing: 南面}
  大師: {at: 西階, facing: 東面}
  獲者: {at: 乏之南, facing: 東面}
  釋獲者: {at: 中西, facing: 東面}
groups:
  耦: [上射, 下射]
steps:
  - id: s1
    text: 揖
    do:
      上射: [揖]
  - id: s2
    text: 奏
    do:
      大師: [{俟: 3.5}, {奏: 貍首}]
      公: [俟樂, {適: 物間}]
  - id: s3
    text: 射
    do:
      耦: [{拾發: 4}]
      公: [{射: 2, 不以樂志: true}]
      獲者: [坐, {獲: 耦}, {獲: 公}, 興]
      釋獲者: [坐, {釋獲: 耦}, {釋獲: 公}, 興]
  - id: s4
    text: 止
    do:
      大師: [止樂]
"""


def test_with_music_every_kept_shot_is_on_a_beat_and_the_free_one_need_not_be():
    ch = plan_text(MUSIC)
    (piece,) = ch.music
    assert piece.piece == "貍首" and piece.t1 < float("inf")
    beats = ch.beats(piece)
    assert beats[0] == piece.t0 and beats[-1] < piece.t1
    pair = [s for s in ch.shots if s.archer != "公"]
    assert len(pair) == 8
    for shot in pair:
        assert shot.piece == "貍首" and shot.on_beat
        assert min(abs(shot.release - b) for b in beats) < 1e-3
    gong = [s for s in ch.shots if s.archer == "公"]
    assert gong and not all(s.on_beat for s in gong)  # he shoots at his own pace (「不以樂志」)
    assert all(s.counted is not None for s in gong)  # and his hits count all the same
    # 「公樂作而後就物」: he sets off for his 物 only once the music has begun
    moves = ch.tracks["公"].samples
    first_move = next(row[0] for a, row in zip(moves, moves[1:], strict=False) if (a[1], a[2]) != (row[1], row[2]))
    assert first_move >= piece.t0
    report = check_report(ch, collisions=False, terms=False)
    assert not [v for v in report.violations if v.rule in ("shot_on_beat", "counter")]


def test_the_checker_refuses_a_shot_off_the_beat_and_its_counter():
    ch = plan_text(MUSIC)
    i = next(i for i, s in enumerate(ch.shots) if s.archer == "上射" and s.hit)
    late = replace(ch.shots[i], release=ch.shots[i].release + 1.0, on_beat=False)
    broken = replace(ch, shots=ch.shots[:i] + (late,) + ch.shots[i + 1:])
    rules = sorted(v.rule for v in check_report(broken, collisions=False, terms=False).violations)
    assert rules == ["counter", "shot_on_beat"]  # off the beat, and counted though off it (不鼓不釋)


def test_a_hit_off_the_beat_gets_no_counter_from_the_planner():
    # Without 不以樂志 the 公's arrows would keep the beat; with it, a shot that happens to be off the beat is
    # still counted (the text excuses him). An archer held to the beat is never off it: the counter rule
    # bites only on a track edited by hand (above).
    ch = plan_text(MUSIC.replace(", 不以樂志: true", ""))
    assert all(s.on_beat for s in ch.shots)


def test_tracks_file_exports_shots_and_beats(tmp_path):
    doc = tracks_document(plan_text(MUSIC))
    assert doc["version"] == 1
    (music,) = doc["music"]
    assert music["piece"] == "貍首" and music["beats"][0] == music["t0"]
    assert len(doc["shots"]) == 10
    shot = doc["shots"][0]
    assert {"archer", "release", "arrival", "from", "station", "target", "point", "hit", "side"} <= set(shot)
    assert shot["target"] == "侯" and shot["station"] in ("上物", "下物")
    json.dumps(doc, allow_nan=False)
    old = tracks_document(plan_text(MUSIC.split("steps:")[0].replace("outcome: {上射: ○○○○, 下射: ○×○×, 公: ○○}\n", "")
                                    + "steps:\n  - {text: 揖, do: {上射: [揖]}}\n"))
    assert "shots" not in old and "music" not in old  # a script without them writes the old form


HEAD = "title: t\nfigures:\n  上射: {at: 上物, facing: 南面}\n  下射: {at: 下物, facing: 南面}\n"
STEPS = "steps:\n  - {text: 射, do: {上射: [{射: 2}]}}\n"


def _at(line, col, message, hint=""):
    """The error as the CLI prints it: FILE:LINE:COL, the line, a caret under the column, a suggestion."""
    width = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line[:col - 1])
    return f"bad.yaml:1:{col}: error: {message}\n  {line}\n" + " " * (width + 2) + "^\n" + hint


ERRORS = {
    "a misspelt archer": (
        "outcome: {上設: ○×}\n",
        _at("outcome: {上設: ○×}", 11, "unknown figure '上設' in the outcome", "did you mean '上射'?\n")),
    "a mark that is neither ○ nor ×": (
        "outcome: {上射: ○x}\n",
        _at("outcome: {上射: ○x}", 15, "上射's arrows are written ○ (a hit) and × (a miss), in order: not '○x'")),
    "an unknown bundled outcome": (
        "outcome: xiangshi\n",
        _at("outcome: xiangshi", 10, "unknown outcome 'xiangshi' (bundled: dashe, xiangshe)", "did you mean 'xiangshe'?\n")),
    "more arrows than the outcome gives": (
        "outcome: {上射: ○}\n",
        None),
}


@pytest.mark.parametrize("case", ERRORS)
def test_bad_outcomes_are_located_errors(case, tmp_path, monkeypatch, capsys):
    first, expected = ERRORS[case]
    (tmp_path / "bad.yaml").write_text(first + HEAD + STEPS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["tracks", "bad.yaml", "-o", "out.json"]) == 2
    err = capsys.readouterr().err
    if expected is None:
        assert err.startswith("bad.yaml:7:") and "gives 上射 1 arrows; this is his arrow 2" in err
    else:
        assert err == expected
    assert not (tmp_path / "out.json").exists()


def test_stopping_music_that_is_not_playing_is_an_error(tmp_path, monkeypatch, capsys):
    (tmp_path / "bad.yaml").write_text(HEAD + "steps:\n  - {text: 止, do: {上射: [{止樂: 貍首}]}}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["tracks", "bad.yaml", "-o", "-"]) == 2
    assert "no piece '貍首' is playing" in capsys.readouterr().err
