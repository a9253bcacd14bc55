"""The states a figure is in between two of his events (choreo/model.py BODY_STATES), on the bundled rite."""

import pytest

from choreo.model import Event, body_state_spans
from choreo.planning import plan_script


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def _step(rite, text_start, figure):
    return next(s for s in rite.steps if s.text.startswith(text_start) and figure in s.figures)


def test_the_sima_bares_the_arm_without_thumb_ring_and_arm_guard(rite):
    step = _step(rite, "司馬適堂西，不決、遂、袒，執弓", "司馬")
    assert rite.states_at("司馬", step.t1) == ("袒",)
    archers = _step(rite, "三耦拾取矢，皆袒、決、遂", "上耦上射")
    assert {"袒", "決遂"} <= set(rite.states_at("上耦上射", archers.t1))
    # 「釋弓，說決拾，襲」: all of it off again at the 堂西
    back = _step(rite, "相左，交于階前，相揖。由司馬之南適堂西", "上耦上射")
    assert not {"袒", "決遂", "挾"} & set(rite.states_at("上耦上射", back.t1))


def test_each_archer_lays_the_next_arrow_across_the_string_after_each_shot_but_his_last(rite):
    step = _step(rite, "乃射。上射既發，挾弓矢", "上耦上射")
    for name in ("上耦上射", "上耦下射"):
        shots = sorted(e.t for e in rite.events if e.figure == name and e.kind == "射" and step.t0 <= e.t <= step.t1)
        assert len(shots) == 4
        ends = [e.t + e.duration for e in rite.events
                if e.figure == name and e.kind == "射" and step.t0 <= e.t <= step.t1]
        for t in sorted(ends)[:-1]:
            assert "挾" in rite.states_at(name, t + 0.01), (name, t)
        assert "挾" not in rite.states_at(name, max(ends) + 0.01)
        assert "挾" not in rite.states_at(name, shots[0] + 0.01)  # the arrow is in flight, the string empty


def test_an_unstrung_bow_is_held_only_by_the_losers_of_the_forfeit_cup(rite):
    holders = {name for name, spans in rite.body_states["弛弓"].items() if spans}
    assert holders == {"上耦下射", "次耦下射", "下耦下射", "眾賓2", "眾賓4"}
    for name in holders:
        for _, t1 in rite.body_states["弛弓"][name]:
            assert any(e.kind == "釋弓" and e.figure == name and e.t == t1 for e in rite.events)


def test_an_end_before_any_beginning_opens_no_state():
    spans = body_state_spans([Event(1.0, "a", "襲", "s"), Event(2.0, "a", "袒", "s"), Event(5.0, "a", "襲", "s")])
    assert spans["袒"] == {"a": ((2.0, 5.0),)}
