"""One rule, many readers: the step at time t and the interpolation of a track are each written once
(choreo.steptime, choreo.interpolation) and the model, the checker, the renderer, the viewer and the
planner give the same answers with them."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from choreo.check import check_report
from choreo.check import kinematics as kin
from choreo.errors import YiliError
from choreo.model import Choreography, Step, Track
from choreo.render.figstate import FigureStates
from choreo.render.timeline import build_timeline
from choreo.steptime import StepClock
from choreo.timeline import Timeline
from choreo.viewer.state import Spans
from stage.loader import load_venue
from stage.relations import resolve
from tests.check.conftest import make_venue
from tests.planner.helpers import plan_text

ROOT = Path(__file__).resolve().parents[1]

spans = st.lists(st.tuples(st.integers(0, 20), st.integers(0, 8)), min_size=1, max_size=12).map(
    lambda pairs: [(float(a), float(a + d)) for a, d in pairs])


def brute_covering(steps, t):
    """The latest-starting step covering t, of two starting together the later listed."""
    covering = [i for i, (t0, t1) in enumerate(steps) if t0 <= t < t1]
    return max(covering, key=lambda i: (steps[i][0], i)) if covering else None


@settings(max_examples=200, deadline=None)
@given(spans, st.integers(-2, 60).map(lambda v: v / 2))
def test_the_step_clock_finds_the_latest_starting_step_covering_t(steps, t):
    clock = StepClock([a for a, _ in steps], [b for _, b in steps])
    assert clock.covering(t) == brute_covering(steps, t)
    ended = [i for i, (_, t1) in enumerate(steps) if t1 <= t]
    shown = clock.shown(t)
    if brute_covering(steps, t) is not None:
        assert shown == brute_covering(steps, t)
    elif t >= steps[-1][1]:
        assert shown == len(steps) - 1
    else:
        assert shown == (max(ended, key=lambda i: (steps[i][1], i)) if ended else None)


def _choreography(steps) -> Choreography:
    return Choreography("t.yaml", "t", make_venue(), "zheng", ("zheng",), {},
                        tuple(Step(f"s{i}", i, t0, t1, "射", "000.txt", ()) for i, (t0, t1) in enumerate(steps)),
                        {})


def test_model_viewer_and_video_timeline_show_the_same_step():
    # s1 and s2 start together, s3 is listed after s4 though it starts before it, a gap before s5
    steps = [(0.0, 10.0), (10.0, 20.0), (10.0, 14.0), (16.0, 18.0), (15.0, 19.0), (25.0, 30.0)]
    ch = _choreography(steps)
    spans_ = Spans.of(ch)
    timeline = build_timeline(ch.steps, speed=1.0, hold=0.0)
    for seg in timeline.segments:
        if seg.card or seg.c1 <= seg.c0:
            continue
        t = (seg.c0 + seg.c1) / 2
        want = brute_covering(steps, t)
        assert seg.step == want, t
        assert (ch.step_at(t).index if ch.step_at(t) else None) == want, t
        if want is not None:
            assert spans_.step_at(t) == want, t
    assert ch.step_at(12.0).id == "s2" and spans_.step_at(12.0) == 2  # of two starting together, the later
    assert ch.step_at(17.0).id == "s3"  # the latest-starting, though listed before s4
    assert ch.step_at(22.0) is None and spans_.step_at(22.0) == 1  # between steps: the one just ended
    assert ch.step_at(30.0).id == "s5"  # the last step until its very end


def test_no_module_scans_the_steps_for_the_one_at_t_or_interpolates_samples_itself():
    """The rules live in choreo/steptime.py and choreo/interpolation.py only."""
    scan = re.compile(r"for \w+ in [\w.]*steps:\s*\n\s*if \w+\.t0 <= t")
    for path in (ROOT / "choreo").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "np.interp(" not in text, path
        assert not scan.search(text), path


samples = st.lists(st.tuples(st.integers(0, 6), st.floats(-50, 50), st.floats(-50, 50), st.floats(-720, 720)),
                   min_size=1, max_size=8).map(lambda rows: sorted(rows, key=lambda r: r[0]))


@settings(max_examples=200, deadline=None)
@given(samples, st.lists(st.integers(-2, 16).map(lambda v: v / 2), min_size=1, max_size=6))
def test_model_checker_renderer_and_planner_interpolate_a_track_alike(rows, times):
    rows = [[float(v) for v in r] for r in rows]
    track = Track("甲", np.array(rows))
    ch = Choreography("t.yaml", "t", make_venue(), "zheng", ("zheng",), {}, (), {"甲": track})
    drawn = FigureStates(ch)
    planned = Timeline("甲", rows[0][1], rows[0][2], rows[0][3])
    planned.samples = [list(r) for r in rows]
    many = track.at_times(times)
    pos, fac = kin.positions(track, np.array(times)), kin.facings(track, np.array(times))
    for k, t in enumerate(times):
        one = track.at(t)
        if t < rows[0][0]:
            assert one is None and drawn.position("甲", t) is None
            continue
        assert np.allclose(one, many[k]) and np.allclose(one[:2], pos[k]) and math.isclose(one[2], fac[k], abs_tol=1e-9)
        assert drawn.position("甲", t) == one
        assert np.allclose(planned.position_at(t), one[:2])


def test_a_left_turn_is_interpolated_through_north_by_every_reader():
    """左還 from 東面 to 西面 is stored 90 → -90 (unwrapped): half-way every reader faces 北面 (0), none
    takes the short way through 南面 or reduces the samples modulo 360 first."""
    track = Track("甲", np.array([[0.0, 0.0, 0.0, 90.0], [2.0, 0.0, 0.0, -90.0]]))
    ch = Choreography("t.yaml", "t", make_venue(), "zheng", ("zheng",), {}, (), {"甲": track})
    assert track.at(1.0)[2] == 0.0
    assert track.at_times([1.0])[0, 2] == 0.0
    assert kin.facings(track, np.array([1.0]))[0] == 0.0
    assert FigureStates(ch).pose("甲", 1.0).bearing == 0.0
    assert ch.pose_at("甲", 1.5).bearing == 315.0  # on through 西北面, not back through 東南面


# Places on the 庭 written the ways the scripts write them: a rank place, an alias (階), a relation
# with and without 之, the side of a station and of a rank place, 當X.
PLACES = ["'射位一[2]'", "階前", "洗之北", "中西", "司射位南", "'射位二[1]南'", "當階"]
AGREE = """
title: t
venue: {venue}
figures:
  甲: {{at: 堂西, facing: 南面, role: official}}
steps:
  - id: s1
    text: 適
    do:
      甲: [{{適: {place}}}]
    check:
      - at: [甲, {place}]
"""


@pytest.mark.parametrize("venue_key", ["xie", "xiang"])
@pytest.mark.parametrize("place", PLACES)
def test_planner_checker_and_stage_read_a_place_alike(venue_key, place):
    """The planner walks 甲 to the place, the checker finds him there, and both are where the venue's
    resolver puts it (one function: stage.relations.resolve)."""
    expr = yaml.safe_load(place)
    want = resolve(load_venue(venue_key), expr)
    ch = plan_text(AGREE.format(venue=venue_key, place=place), venue_key)
    pose = ch.pose_at("甲", ch.duration)
    assert (pose.x, pose.y) == pytest.approx(want.point, abs=1e-6)
    report = check_report(ch, collisions=False)
    assert report.violations == () and len(report.passes) == 1


@pytest.mark.parametrize("place", ["射位一[0]", "中[2]", "西盈之西", "堂西之北北"])
def test_a_bad_place_is_refused_with_the_same_reason_by_planner_and_checker(place):
    venue_ = load_venue("xie")
    with pytest.raises(YiliError) as by_stage:
        resolve(venue_, place)
    with pytest.raises(YiliError) as by_planner:
        plan_text(AGREE.format(venue="xie", place=f"'{place}'"))
    ok = AGREE.format(venue="xie", place="堂西").replace("at: [甲, 堂西]", f"at: [甲, '{place}']")
    with pytest.raises(YiliError) as by_checker:
        check_report(plan_text(ok), collisions=False)
    assert by_stage.value.message in by_planner.value.message
    assert by_stage.value.message in by_checker.value.message
    assert by_stage.value.suggestion == by_planner.value.suggestion
