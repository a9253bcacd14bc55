"""The language beyond single verbs: readings, sequences of passages, repeats, the reference doc."""

import textwrap
from pathlib import Path

import pytest

from choreo.errors import ScriptError
from choreo.script import apply_reading
from choreo.script_parser import parse_script, parse_text
from choreo.verbs.reference import render
from tests.planner.helpers import plan_text

ROOT = Path(__file__).resolve().parents[2]

TWO_READINGS = """
title: t
figures:
  釋獲者: {at: 中西, facing: 東面}
readings:
  zheng: {title: 鄭注・賈疏}
  ao:
    title: 敖繼公
    changes:
      s1:
        why: 敖 「兴受算东靣并受也」〔001〕 against 鄭 「興還北面受[算]，反東面實之」〔000〕
        do:
          釋獲者: [興]
steps:
  - id: s1
    text: 興受算
    do:
      釋獲者: [興, 北面, 東面]
"""


def test_a_reading_replaces_the_actions_it_names():
    zheng = plan_text(TWO_READINGS)
    ao = plan_text(TWO_READINGS, reading="ao")
    assert zheng.reading == "zheng" and ao.reading == "ao"
    f_zheng = zheng.tracks["釋獲者"].samples[:, 3]
    f_ao = ao.tracks["釋獲者"].samples[:, 3]
    assert f_zheng.min() == pytest.approx(0.0)  # turned north to receive
    assert set(f_ao) == {90.0}  # 敖: received facing east
    assert ao.steps[0].reading_note.startswith("敖")
    assert zheng.steps[0].reading_note == ""


def test_the_first_reading_is_the_default_and_an_unknown_one_fails():
    script = parse_text(TWO_READINGS)
    assert script.reading_names == ("zheng", "ao")
    assert apply_reading(script, None)[1] == "zheng"
    with pytest.raises(ScriptError, match="unknown reading 'oa'") as err:
        apply_reading(script, "oa")
    assert err.value.suggestion == "ao"


def test_a_change_must_say_why(tmp_path):
    bad = TWO_READINGS.replace("        why: 敖 「兴受算东靣并受也」〔001〕 against 鄭 「興還北面受[算]，反東面實之」〔000〕\n", "")
    with pytest.raises(ScriptError, match="without 'why'"):
        parse_text(bad)


def test_repeat_writes_out_the_other_pairs():
    text = """
title: t
figures:
  上耦上射: {at: "射位二[1]", facing: 東面}
  上耦下射: {at: "射位二[2]", facing: 東面}
  次耦上射: {at: "射位二[3]", facing: 東面}
  次耦下射: {at: "射位二[4]", facing: 東面}
groups:
  上耦: [上耦上射, 上耦下射]
  次耦: [次耦上射, 次耦下射]
steps:
  - id: a
    text: 上耦揖進
    do: {上耦: [揖, {當: 楅, 并行: 上耦上射, 面: 北面}]}
    check: [{at: [上耦上射, 楅南]}]
  - repeat: [a, a]
    as: {上耦: 次耦, 上耦上射: 次耦上射, 上耦下射: 次耦下射}
    suffix: b
    notes: ["三耦卒射，亦如之"]
"""
    script = parse_text(text)
    assert [s.id for s in script.steps] == ["a", "ab"]
    ab = script.steps[1]
    assert ab.text == script.steps[0].text
    assert ab.actions[0][0] == "次耦"
    assert ab.actions[0][1][1].mods["并行"] == "次耦上射"
    assert ab.checks[0].args["figure"] == "次耦上射" and ab.checks[0].step == "ab"
    ch = plan_text(text)
    assert ch.step("ab").figures == ("次耦上射", "次耦下射")


def test_a_sequence_chains_passages(tmp_path):
    part = textwrap.dedent("""
        title: {title}
        passage: {passage}
        figures:
          司射: {{at: 司射位, facing: 東面}}
        readings:
          zheng: {{title: 鄭}}
        steps:
          - id: s1
            text: 揖
            do: {{司射: [揖]}}
    """)
    (tmp_path / "a.yaml").write_text(part.format(title="A", passage="e.1"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(part.format(title="B", passage="e.2"), encoding="utf-8")
    (tmp_path / "all.yaml").write_text("title: all\ninclude: [a.yaml, b.yaml]\n", encoding="utf-8")
    script = parse_script(tmp_path / "all.yaml")
    assert [s.id for s in script.steps] == ["e1.s1", "e2.s1"]
    assert script.reading_names == ("zheng",)
    (tmp_path / "bad.yaml").write_text("title: all\ninclude: [a.yaml, c.yaml]\n", encoding="utf-8")
    with pytest.raises(ScriptError, match="no such script to include: c.yaml"):
        parse_script(tmp_path / "bad.yaml")


def test_the_language_reference_is_up_to_date():
    committed = (ROOT / "docs" / "script-language.md").read_text(encoding="utf-8")
    assert committed == render(), "docs/script-language.md is stale: run python -m choreo.verbs.reference"


def test_every_verb_documents_itself_with_a_quotation_and_an_example():
    from choreo.verbs.catalogue import load_verbs

    for name, spec in load_verbs().items():
        assert spec.doc.startswith(name), name
        assert "「" in spec.doc or "modelling" in spec.doc or "convenience" in spec.doc, name
        assert spec.example.strip(), name
