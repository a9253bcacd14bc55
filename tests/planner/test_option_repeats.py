"""A change set's ``insert_after`` may repeat the rite's steps for others (choreo/repeats.py): the copy is
made from the steps as the reading and the options before it left them, with names and places swapped; and
an option's change to a step an earlier option took out of the rite is not made."""

import textwrap

import pytest

from choreo.errors import ScriptError
from choreo.planning import plan
from choreo.script_parser import parse_script

CATALOGUE = """
tie:
  title: 若左右鈞
  why: 「若左右鈞，則左右皆執一[算]以告」〔000〕
more:
  title: 若有東面者，則北上
  why: 「若有東面者，則北上」〔000〕
"""

SCRIPT = """
title: t
passage: e.9
branches: branches.yaml
figures:
  甲: {at: "射位二[1]", facing: 東面}
  乙: {at: "射位二[3]", facing: 東面}
readings:
  zheng: {title: 鄭注・賈疏}
  ao:
    title: 敖繼公
    changes:
      s1:
        why: 敖 「少右」
        do:
          甲: [{適: "射位二[2]"}, 南面]
options:
  tie:
    changes:
      s1: {why: 「若左右鈞」〔000〕, remove: true}
  more:
    changes:
      s1:
        why: 「若有東面者」〔000〕
        insert_after:
          - repeat: [s1, s1]
            as: {甲: 乙}
            suffix: x
            places: {"射位二[2]": "射位二[4]"}
            notes: [the other one]
          - repeat: [s1, s1]
            as: {甲: 甲}
            suffix: y
            start: after s0
steps:
  - id: s0
    text: 揖
    do:
      甲: [{俟: 5}]
  - id: s1
    text: 揖
    do:
      甲: [{適: "射位二[2]"}, 北面]
"""


def load(tmp_path, script=SCRIPT):
    (tmp_path / "branches.yaml").write_text(textwrap.dedent(CATALOGUE), encoding="utf-8")
    path = tmp_path / "t.yaml"
    path.write_text(textwrap.dedent(script), encoding="utf-8")
    return parse_script(path)


def end(ch, figure):
    t, x, y, f = ch.tracks[figure].samples[-1]
    return round(x, 3), round(y, 3), f % 360


def test_a_repeat_in_a_change_set_copies_the_steps_as_the_reading_has_them_with_names_and_places_swapped(tmp_path):
    script = load(tmp_path)
    venue_place = plan(script, venue="xie")
    for reading, facing in (("zheng", 0.0), ("ao", 180.0)):
        ch = plan(script, venue="xie", reading=reading, options=["more"])
        assert [s.id for s in ch.steps] == ["s0", "s1", "s1x", "s1y"]
        assert ch.steps[2].commentary[-1] == "the other one" and ch.steps[2].option_note.startswith("若有東面者")
        assert ch.steps[2].t0 == ch.steps[1].t1 and ch.steps[3].t0 == ch.steps[0].t1 < ch.steps[1].t1  # its own start
        assert end(ch, "乙")[2] == facing  # the copy of ao's s1 under ao, of the 經's under zheng
        assert end(ch, "甲")[:2] == end(venue_place, "甲")[:2]
        assert end(ch, "乙")[:2] != end(ch, "甲")[:2]  # 射位二[4], not 射位二[2]
    assert [s.id for s in plan(script, venue="xie").steps] == ["s0", "s1"]  # without the option, nothing added


def test_an_option_s_change_to_a_step_an_earlier_option_removed_is_not_made(tmp_path):
    script = load(tmp_path)
    ch = plan(script, venue="xie", options=["tie", "more"])
    assert [s.id for s in ch.steps] == ["s0"]


def test_a_repeat_of_an_unknown_step_or_figure_is_placed_and_suggested(tmp_path):
    with pytest.raises(ScriptError) as err:
        load(tmp_path, SCRIPT.replace("repeat: [s1, s1]", "repeat: [s1, s2]"))
    assert "unknown step 's2' in 'repeat'" in err.value.message and err.value.location.line == 26
    with pytest.raises(ScriptError) as err:
        load(tmp_path, SCRIPT.replace("as: {甲: 乙}", "as: {甲: 丙}"))
    assert "丙" in err.value.message and err.value.location.line == 27


def test_two_options_may_both_give_hits_in_a_passage_if_not_for_the_same_archer(tmp_path):
    from choreo.options import load_catalogue

    text = CATALOGUE.replace("  why: 「若左右鈞，則左右皆執一[算]以告」〔000〕\n",
                             "  why: 「若左右鈞，則左右皆執一[算]以告」〔000〕\n  outcome: {e.6: {甲: ○×××}}\n")
    (tmp_path / "c.yaml").write_text(textwrap.dedent(text + "  outcome: {e.6: {乙: ××××}}\n"), encoding="utf-8")
    assert set(load_catalogue(tmp_path / "c.yaml").options) == {"tie", "more"}
    (tmp_path / "d.yaml").write_text(textwrap.dedent(text + "  outcome: {e.6: {甲: ××××}}\n"), encoding="utf-8")
    with pytest.raises(ScriptError, match=r"options 'more' and 'tie' both give the hits of passage 'e.6' \(the 甲's"):
        load_catalogue(tmp_path / "d.yaml")
