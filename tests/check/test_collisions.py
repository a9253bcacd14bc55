import math

import pytest

from choreo.check import check, check_report
from tests.check.conftest import Contact, Event, make_choreo, step


def test_fast_crossing_between_two_samples_is_caught_exactly():
    # A runs east along y=0 from x=-50 to 50 in 1 s; B runs north along x=0 from y=-50 to 50 in 1 s,
    # offset by 0.5 s... both pass the origin at t=0.5: relative position d(t) = (100t-50, -(100t-50)),
    # |d| = sqrt(2)|100t-50| < 2 ⇔ |t-0.5| < 0.01·sqrt(2) — sampled at t=0 and t=1 only.
    ch = make_choreo({"A": [[0, -50, -30, 90], [1, 50, -30, 90]],
                      "B": [[0, 0, -80, 0], [1, 0, 20, 0]]},
                     steps=[step("s1", 0, 1)])
    (v,) = [x for x in check(ch) if x.rule == "collision"]
    assert v.figures == ("A", "B")
    # d(t) = (-50+100t - 0, -30 - (-80+100t)) = (100t-50, 50-100t)
    half = 2 / (100 * math.sqrt(2))
    assert v.t == pytest.approx(0.5 - half, abs=1e-9)
    assert v.t_end == pytest.approx(0.5 + half, abs=1e-9)
    assert v.measured["min_distance"] == pytest.approx(0.0, abs=1e-9)
    assert v.measured["t_min"] == pytest.approx(0.5)
    assert v.where == pytest.approx((0.0, -30.0))
    assert v.step == "s1"


def test_near_miss_reports_no_collision_and_offset_minimum():
    # B 2.5 尺 east of A's line: closest 2.5·cos45°·... compute: d(t)=(100t-50-2.5, 50-100t) → min at
    # 100t-50 = 1.25 → |d| = sqrt(1.25²+1.25²)=1.768 < 2 → overlap; with offset 3: min 2.121 > 2 → none.
    ch = make_choreo({"A": [[0, -50, -30, 90], [1, 50, -30, 90]], "B": [[0, 3, -80, 0], [1, 3, 20, 0]]})
    assert not [x for x in check(ch) if x.rule == "collision"]
    ch = make_choreo({"A": [[0, -50, -30, 90], [1, 50, -30, 90]], "B": [[0, 2.5, -80, 0], [1, 2.5, 20, 0]]})
    (v,) = [x for x in check(ch) if x.rule == "collision"]
    assert v.measured["min_distance"] == pytest.approx(2.5 / math.sqrt(2))
    assert v.measured["t_min"] == pytest.approx(0.5125)


def test_overlap_across_several_intervals_is_one_report_with_its_steps():
    # A stands at the origin; B walks through it from (-5,0) to (5,0) in 10 s with a vertex at t=5.
    ch = make_choreo({"A": [[0, 0, -20, 0]], "B": [[0, -5, -20, 90], [5, 0, -20, 90], [10, 5, -20, 90]]},
                     steps=[step("s1", 0, 5), step("s2", 5, 10)])
    (v,) = [x for x in check(ch) if x.rule == "collision"]
    assert (v.t, v.t_end) == pytest.approx((3.0, 7.0))
    assert v.measured["steps"] == ["s1", "s2"]


def test_absent_figure_does_not_collide():
    ch = make_choreo({"A": [[0, 0, -20, 0]], "B": [[5, 0, -20, 0]]})
    (v,) = [x for x in check(ch) if x.rule == "collision"]
    assert v.t == pytest.approx(5.0)  # B enters at 5 s; not before


def test_declared_handing_contact_is_not_a_collision():
    # they meet 1.8 尺 apart (discs of radius 1 overlap by 0.2), hand over, and step back apart
    tracks = {"司射": [[0, -10, -20, 90], [4, -0.9, -20, 90], [5, -0.9, -20, 90], [7, -3, -20, 90]],
              "弟子": [[0, 10, -20, 270], [4, 0.9, -20, 270], [5, 0.9, -20, 270], [7, 3, -20, 270]]}
    contact = Contact(("司射", "弟子"), 4.0, 6.0, "s1", "弓")
    ch = make_choreo(tracks, steps=[step("s1", 0, 8, contacts=[contact])])
    rep = check_report(ch)
    assert not rep.by_rule("collision")
    (c,) = rep.contacts
    assert c.figures == ("司射", "弟子") and c.min_distance == pytest.approx(1.8) and c.what == "弓"
    # the same overlap without the declaration is a collision
    ch = make_choreo(tracks, steps=[step("s1", 0, 8)])
    assert check_report(ch).by_rule("collision")
    # verb words in the events declare nothing: only the planner's contacts do (no guessing)
    ev = [Event(4.0, "司射", "授", "s1", "弟子"), Event(4.5, "弟子", "受", "s1")]
    ch = make_choreo(tracks, steps=[step("s1", 0, 8)], events=ev)
    assert check_report(ch).by_rule("collision")


def test_a_solid_object_is_in_the_way_only_while_it_rests():
    """A 楅 carried by A goes inside his disc; set down at t=10 on B's path, B walking into it collides."""
    from dataclasses import replace

    from choreo.model import Hold

    tracks = {"A": [[0, 0, -20, 0], [10, 0, -20, 0]], "B": [[0, 10, -11, 0], [20, 10, -11, 0]],
              "obj.楅": [[0, 0, -20, 0], [10, 0, -20, 0], [12, 10, -12, 0]]}
    ch = make_choreo(tracks, steps=[step("s1", 0, 20)], objects=["obj.楅"])
    ch = replace(ch, figures={**ch.figures, "obj.楅": replace(ch.figures["obj.楅"], role="solid")},
                 holds=(Hold("obj.楅", 0.0, 12.0, "A"), Hold("obj.楅", 12.0, float("inf"), None, (10.0, -12.0))))
    (v,) = [x for x in check(ch) if x.rule == "collision"]
    assert set(v.figures) == {"B", "obj.楅"} and v.t == pytest.approx(12.0)  # none with A while he holds it


def test_objects_are_not_discs():
    tracks = {"A": [[0, 0, -20, 0]], "obj.弓": [[0, 0.5, -20, 0]]}
    assert check(make_choreo(tracks))  # as two people they would overlap
    assert not check(make_choreo(tracks, objects=["obj.弓"]))
