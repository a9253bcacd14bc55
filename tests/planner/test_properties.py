"""Invariants of any plan, over generated small scripts (hypothesis)."""

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from choreo.check import check_report
from choreo.errors import PlanError
from tests.planner.helpers import plan_text as _plan_text
from tests.planner.helpers import venue


def plan_text(text, key):
    """Plan, or reject the example when the request is impossible (no room to step back at a wall):
    an impossible step is reported as a PlanError with its position, which is the right outcome."""
    try:
        return _plan_text(text, key)
    except PlanError as exc:
        assert "no room" in exc.message, exc.format()
        assume(False)

COURT = ["司射位", "司馬位", "堂西", "階前", "楅南", "中西", "堂東", "階間"]
HALL = ["西階上", "物間", "上物", "下物", "阼階上"]
FACINGS = ["北面", "東面", "南面", "西面", "西南面", "東北面"]


@st.composite
def walks(draw):
    """A figure's steps: walking, turning, bowing, going up and down, never walking off a floor."""
    on_hall = False
    steps = []
    for _ in range(draw(st.integers(1, 5))):
        options = ["walk", "left", "right", "face", "bow", "back"] + (["down"] if on_hall else ["up"])
        kind = draw(st.sampled_from(options))
        if kind == "walk":
            target = draw(st.sampled_from(HALL if on_hall else COURT))
            past = ", 過楹: 西楹" if on_hall and draw(st.booleans()) else ""
            steps.append(("適", f"{{適: {target}{past}}}"))
        elif kind in ("left", "right"):
            verb = "左還" if kind == "left" else "右還"
            steps.append((verb, f"{{{verb}: {draw(st.sampled_from(FACINGS))}}}"))
        elif kind == "face":
            steps.append(("face", draw(st.sampled_from(FACINGS))))
        elif kind == "bow":
            steps.append(("揖", "揖"))
        elif kind == "back":
            steps.append(("少退", "少退"))
        elif kind == "up":
            steps.append(("升", f"{{升: {draw(st.sampled_from(['西階', '阼階']))}}}"))
            on_hall = True
        else:
            steps.append(("降", f"{{降: {draw(st.sampled_from(['西階', '阼階']))}}}"))
            on_hall = False
    start = draw(st.sampled_from(COURT))
    return start, steps


def script_of(start, steps):
    lines = ["title: generated", "figures:", f"  甲: {{at: {start}, facing: 東面}}", "steps:"]
    for i, (_, action) in enumerate(steps):
        lines.append(f"  - {{id: s{i}, text: 行, do: {{甲: [{action}]}}}}")
    return "\n".join(lines) + "\n"


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(walks(), st.sampled_from(["xie", "xiang"]))
def test_no_teleporting_and_no_sudden_turns(case, key):
    start, steps = case
    ch = plan_text(script_of(start, steps), key)
    s = ch.tracks["甲"].samples
    params = venue(key).params
    dt = np.diff(s[:, 0])
    dist = np.hypot(np.diff(s[:, 1]), np.diff(s[:, 2]))
    turn = np.abs(np.diff(s[:, 3]))
    assert np.all(dt >= 0)
    moving = dt > 1e-9
    assert np.all(dist[~moving] < 1e-6) and np.all(turn[~moving] < 1e-6), "a jump in no time"
    # Times and positions are written to 1e-4: allow that rounding, nothing more.
    assert np.all(dist[moving] <= params["pace"].value * dt[moving] + 1e-3)
    assert np.all(turn[moving] <= params["turn_rate"].value * dt[moving] + 2e-2)


@SETTINGS
@given(walks(), st.sampled_from(["xie", "xiang"]))
def test_turns_go_the_stated_way(case, key):
    start, steps = case
    ch = plan_text(script_of(start, steps), key)
    s = ch.tracks["甲"].samples
    for i, (verb, _) in enumerate(steps):
        if verb not in ("左還", "右還"):
            continue
        step = ch.step(f"s{i}")
        inside = s[(s[:, 0] >= step.t0 - 1e-9) & (s[:, 0] <= step.t1 + 1e-9), 3]
        change = np.diff(inside)
        assert np.all(change <= 1e-9) if verb == "左還" else np.all(change >= -1e-9)


@SETTINGS
@given(walks(), st.sampled_from(["xie", "xiang"]))
def test_no_path_through_the_architecture_and_the_same_plan_twice(case, key):
    start, steps = case
    text = script_of(start, steps)
    ch = plan_text(text, key)
    report = check_report(ch)
    walls = [v for v in report.violations if v.rule not in ("conformance",)]
    assert not walls, walls[0].detail
    again = plan_text(text, key)
    assert np.array_equal(ch.tracks["甲"].samples, again.tracks["甲"].samples)
