"""The text's own branches of the 鄉射 (assets/options/xiangshe.yaml, ``--outcome``): each plans and checks
clean in both venues and readings, does what its sentence says, is named on screen, and leaves the
default alone."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from choreo.check import check
from choreo.planning import load_script, plan
from choreo.script import apply_options, apply_reading
from stage.sources import occurs

ROOT = Path(__file__).resolve().parents[2]
FULL = "xiangshe/full"
OPTIONS = load_script(FULL).option_names
CLEAN = re.sub(r"\s", "", (ROOT / "seeds" / "clean" / "000.txt").read_text(encoding="utf-8"))
JING = re.sub(r"（[^（）]*）", "", CLEAN)


@cache
def full(venue="xie", reading="zheng", options=()):
    return plan(load_script(FULL), venue=venue, reading=reading, options=options)


def test_the_bundled_rite_offers_the_text_s_branches():
    assert set(OPTIONS) >= {"left-wins", "tie", "arrows-short"}
    titles = {n: load_script(FULL).catalogue.options[n].title for n in OPTIONS}
    for name, title in titles.items():
        assert occurs(re.sub(r"\s", "", title), JING), f"{name}: 「{title}」 is not the text's words"


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("option", OPTIONS)
def test_each_option_plans_and_checks_clean_in_both_venues_and_readings(option, venue):
    for reading in ("zheng", "ao"):
        ch = full(venue, reading, (option,))
        assert ch.options == (option,)
        failures = check(ch)
        assert not failures, f"{reading}: " + "; ".join(f"[{v.step}] {v.detail}" for v in failures[:3])


@pytest.mark.parametrize("option", OPTIONS)
def test_every_step_an_option_adds_or_rewrites_quotes_the_seed(option):
    script = load_script(FULL)
    for reading in script.reading_names:
        base, _ = apply_reading(script, reading)
        chosen, _ = apply_options(base, [option], reading)
        before = {s.id: s.text for s in base.steps}
        for step in chosen.steps:
            if before.get(step.id) == step.text:
                continue
            text = re.sub(r"\s", "", step.text)
            assert "?" not in text and (occurs(text, CLEAN) or occurs(text, JING)), f"{step.id}: 「{step.text}」"
            assert step.option_note.startswith(script.catalogue.options[option].title)


def _spans(mask: np.ndarray, t: np.ndarray) -> list[tuple[float, float]]:
    """The time spans over which ``mask`` holds, from a track's samples."""
    out, start = [], None
    for on, ti in zip(mask, t, strict=True):
        if on and start is None:
            start = ti
        elif not on and start is not None:
            out.append((start, ti))
            start = None
    return out + ([(start, t[-1])] if start is not None else [])


def _passage(ch, passage):
    steps = [s for s in ch.steps if s.passage == passage]
    return steps[0].t0, max(s.t1 for s in steps)


def test_arrows_short_the_si_ma_goes_up_again_and_the_youths_answer_from_the_west():
    default, short = full(), full(options=("arrows-short",))
    for ch, ascents in ((default, 1), (short, 2)):
        t0, t1 = _passage(ch, "e.3")
        s = ch.tracks["司馬"].samples
        s = s[(s[:, 0] >= t0) & (s[:, 0] <= t1)]
        on_the_hall = _spans(s[:, 2] > 0.5, s[:, 0])  # y > 0: north of the 堂廉, up on the 堂
        assert len(on_the_hall) == ascents
    commands = [e for e in short.events if e.figure == "司馬" and e.kind == "命" and e.step.startswith("e3.")]
    assert [e.detail for e in commands] == ["取矢", "設楅", "取矢不索"]
    answer = short.step("e3.s09c")
    stair = short.venue.landmark("西階")
    for youth in ("弟子1", "弟子2"):
        said = [e for e in short.events if e.figure == youth and e.kind == "許諾" and e.step == answer.id]
        assert len(said) == 1
        pose = short.pose_at(youth, said[0].t)
        assert pose.x < stair.x - 10  # 「自西方應」: from the west of the court
    fetch = short.step("e3.s09d")
    for youth in ("弟子1", "弟子2"):
        s = short.tracks[youth].samples
        s = s[(s[:, 0] >= fetch.t0) & (s[:, 0] <= fetch.t1)]
        assert s[:, 2].min() < short.venue.landmark("侯").y + 10  # down the range again, to the 侯
    assert not any(e.step.startswith("e3.s09") for e in default.events)  # by default nothing moves there


def test_tie_the_counter_holds_one_counter_of_each_side_and_says_they_are_level():
    tie = full(options=("tie",))
    (tally,) = tie.tallies
    assert tally.right == tally.left and tally.said == tally.words == "左右鈞"
    said = next(e for e in tie.events if e.figure == "釋獲者" and e.kind == "告" and e.step.startswith("e8."))
    assert said.step == "e8.s13" and said.detail == "左右鈞"
    assert set(tie.held_by("釋獲者", said.t)) == {"右獲一算", "左獲一算"}
    assert "e8.s12" not in [s.id for s in tie.steps]  # nothing of 「若右勝…若左勝…」 is said
    ao = full(reading="ao", options=("tie",))  # 敖's comparing from due west of the 中 is kept under the option
    acts = [(e.kind, e.detail) for e in ao.events if e.figure == "釋獲者" and e.step == "e8.s11"]
    assert acts == [("視", "算"), ("取", "右獲一算"), ("取", "左獲一算")]
    default = full()
    (tally,) = default.tallies
    assert tally.right > tally.left and tally.words == "右賢於左"
    said = next(e for e in default.events if e.figure == "釋獲者" and e.kind == "告" and e.step.startswith("e8."))
    assert "obj.算" in default.held_by("釋獲者", said.t)  # the 賢獲, taken up whole


def test_left_wins_the_left_has_more_counters_and_the_words_say_so():
    left = full(options=("left-wins",))
    (tally,) = left.tallies
    assert tally.left > tally.right and tally.words == tally.said == "左賢於右"
    said = next(e for e in left.events if e.figure == "釋獲者" and e.kind == "告" and e.step.startswith("e8."))
    assert said.detail.startswith("左賢於右，")  # and the 純 and 奇 told
    arrows = [[s.hit for s in ch.shots if s.passage == "e.6" and s.archer == "眾賓4"] for ch in (full(), left)]
    assert arrows == [[False] * 4, [True, False, True, False]]  # the option's hits, ○×○× for ××××


def test_options_leave_the_passages_they_do_not_touch_where_they_were():
    default, tie = full(), full(options=("tie",))
    first = [s.id for s in default.steps if s.passage in ("e.1", "e.2", "e.3", "e.4", "e.5")]
    last = first[-1]
    t = default.step(last).t1
    assert tie.step(last).t1 == t
    for name, track in default.tracks.items():
        a, b = track.samples, tie.tracks[name].samples
        assert np.array_equal(a[a[:, 0] <= t], b[b[:, 0] <= t]), name
