"""The text's branches as options (choreo/options.py): declared once in a catalogue, changed per script in a
reading's form, chosen with --outcome on every command that plans, named in the plan and the tracks file."""

import json
import textwrap
from pathlib import Path

import jsonschema
import pytest

from choreo.cli import main
from choreo.errors import ScriptError
from choreo.planning import plan

ROOT = Path(__file__).resolve().parents[2]

CATALOGUE = """
left-wins:
  title: 若左勝
  why: 「若左勝，則曰“左賢於右”」〔000〕
  excludes: [tie]
  outcome:
    e.6: {上耦上射: ××××, 上耦下射: ○○○×}
tie:
  title: 若左右鈞
  why: 「若左右鈞，則左右皆執一[算]以告」〔000〕
  outcome:
    e.6: {上耦上射: ○×××, 上耦下射: ○×××}
kneel:
  title: 若矢不備
  why: 「若矢不備，則司馬又袒執弓如初」〔000〕
"""

SCRIPT = """
title: t
passage: e.6
branches: branches.yaml
outcome: {上耦上射: ○○××, 上耦下射: ×○××}
figures:
  上耦上射: {at: "射位二[1]", facing: 東面}
  上耦下射: {at: "射位二[2]", facing: 東面}
readings:
  zheng: {title: 鄭注・賈疏}
  ao:
    title: 敖繼公
    changes:
      s1:
        why: 敖 「下射少右」
        do:
          上耦下射: [南面]
options:
  kneel:
    changes:
      s1:
        why: 「若矢不備」〔000〕
        do:
          上耦上射: [坐, 興, 揖]
    readings:
      ao:
        changes:
          s1:
            why: 「若矢不備」〔000〕, and 敖's facing
            do:
              上耦上射: [坐, 興, 揖, 西面]
steps:
  - id: s1
    text: 揖
    do:
      上耦上射: [揖]
      上耦下射: [揖]
"""


def write(tmp_path, script=SCRIPT, catalogue=CATALOGUE) -> Path:
    (tmp_path / "branches.yaml").write_text(textwrap.dedent(catalogue), encoding="utf-8")
    path = tmp_path / "t.yaml"
    path.write_text(textwrap.dedent(script), encoding="utf-8")
    return path


def load(path):
    from choreo.script_parser import parse_script

    return parse_script(path)


def kinds(ch, figure):
    return [e.kind for e in ch.events if e.figure == figure]


def test_an_option_changes_its_steps_after_the_reading_and_the_default_is_untouched(tmp_path):
    script = load(write(tmp_path))
    assert script.option_names == ("left-wins", "tie", "kneel")
    default = plan(script, venue="xie")
    chosen = plan(script, venue="xie", reading="ao", options=["kneel"])
    assert default.options == () and default.option_titles == ()
    assert chosen.options == ("kneel",) and chosen.option_titles == ("若矢不備",)
    assert "坐" not in kinds(default, "上耦上射") and "坐" in kinds(chosen, "上耦上射")
    assert chosen.tracks["上耦下射"].samples[-1][3] == 180.0  # the reading's change holds too
    assert chosen.steps[0].option_note.startswith("若矢不備: 「若矢不備」")
    assert chosen.steps[0].reading_note.startswith("敖") and default.steps[0].option_note == ""


def test_an_option_may_write_a_step_otherwise_under_a_reading(tmp_path):
    script = load(write(tmp_path))
    zheng, ao = (plan(script, venue="xie", reading=r, options=["kneel"]) for r in ("zheng", "ao"))
    assert [kinds(ch, "上耦上射") for ch in (zheng, ao)] == [["坐", "興", "揖"]] * 2
    assert zheng.tracks["上耦上射"].samples[-1][3] == 90.0 and ao.tracks["上耦上射"].samples[-1][3] % 360 == 270.0
    bad = SCRIPT.replace("    readings:\n      ao:", "    readings:\n      oa:")
    with pytest.raises(ScriptError, match="option 'kneel' changes steps under unknown reading 'oa'") as err:
        load(write(tmp_path, bad))
    assert err.value.suggestion == "ao"


def test_an_option_gives_the_hits_it_implies(tmp_path):
    script = load(write(tmp_path))
    assert script.outcomes["e.6"]["上耦上射"] == (True, True, False, False)
    from choreo.script import apply_options

    tied, names = apply_options(script, ["tie"])
    assert names == ("tie",)
    assert tied.outcomes["e.6"] == {"上耦上射": (True, False, False, False), "上耦下射": (True, False, False, False)}
    assert script.outcomes["e.6"]["上耦上射"] == (True, True, False, False)  # the parsed script is not changed


def test_options_combine_in_the_catalogues_order_unless_one_excludes_the_other(tmp_path):
    script = load(write(tmp_path))
    both = plan(script, venue="xie", options=["kneel", "left-wins"])
    assert both.options == ("left-wins", "kneel") and both.option_titles == ("若左勝", "若矢不備")
    with pytest.raises(ScriptError) as err:
        plan(script, venue="xie", options=["tie", "left-wins"])  # excludes is mutual: tie names nothing
    assert err.value.message == ("--outcome: options 'left-wins' (若左勝) and 'tie' (若左右鈞) exclude each other: "
                                 "the text takes one branch or the other")


def test_an_unknown_option_on_the_command_line_is_an_error_with_a_suggestion(capsys):
    status = main(["check", "xiangshe/e08-shuhuo", "--outcome", "tei"])
    err = capsys.readouterr().err
    assert status == 2
    assert "error: --outcome: unknown option 'tei'" in err and "(this script offers: left-wins, tie, arrows-short, many-guests)" in err
    assert err.rstrip().endswith("did you mean 'tie'?")
    assert "Traceback" not in err


def test_an_unknown_option_in_a_script_is_placed_and_suggested(tmp_path):
    path = write(tmp_path, SCRIPT.replace("  kneel:\n    changes:", "  kneell:\n    changes:"))
    with pytest.raises(ScriptError) as err:
        load(path)
    e = err.value
    assert e.message.startswith("unknown option 'kneell' (the catalogue branches.yaml has: left-wins, tie, kneel)")
    assert (e.location.line, e.location.col) == (19, 3) and e.suggestion == "kneel"


def test_a_catalogue_key_must_be_typeable_and_two_free_options_may_not_both_give_hits(tmp_path):
    with pytest.raises(ScriptError, match="lower-case ASCII letters") as err:
        load(write(tmp_path, catalogue=CATALOGUE.replace("kneel:", "若矢不備:")))
    assert err.value.location.line == 13
    free = CATALOGUE.replace("  excludes: [tie]\n", "")
    with pytest.raises(ScriptError, match="options 'left-wins' and 'tie' both give the hits of passage 'e.6'"):
        load(write(tmp_path, catalogue=free))


def test_options_without_a_catalogue_say_what_is_missing(tmp_path):
    with pytest.raises(ScriptError, match="name their catalogue with 'branches'"):
        load(write(tmp_path, SCRIPT.replace("branches: branches.yaml\n", "")))


def test_the_tracks_file_names_the_options_and_the_default_file_has_no_such_field(tmp_path):
    path = write(tmp_path)
    schema = json.loads((ROOT / "docs" / "tracks-schema.json").read_text(encoding="utf-8"))
    out = {}
    for name, extra in (("default", []), ("tie", ["--outcome", "tie,kneel"])):
        out[name] = tmp_path / f"{name}.json"
        assert main(["tracks", str(path), "-o", str(out[name]), *extra]) == 0
    default, tie = (json.loads(out[n].read_text(encoding="utf-8")) for n in ("default", "tie"))
    jsonschema.validate(tie, schema)
    assert "outcome" not in default
    assert tie["outcome"] == [{"option": "tie", "title": "若左右鈞"}, {"option": "kneel", "title": "若矢不備"}]
    assert [s.get("option_note", "")[:4] for s in tie["steps"]] == ["若矢不備"]
    hits = {s["archer"]: s["hit"] for s in tie.get("shots", [])}
    assert hits == {}  # this script shoots no arrow: its hits are data only


def test_a_sequence_merges_the_change_sets_of_its_passages(tmp_path):
    write(tmp_path)
    second = SCRIPT.replace("passage: e.6", "passage: e.7").replace("outcome: {上耦上射: ○○××, 上耦下射: ×○××}\n", "")
    (tmp_path / "u.yaml").write_text(textwrap.dedent(second), encoding="utf-8")
    (tmp_path / "seq.yaml").write_text("title: s\ninclude: [t.yaml, u.yaml]\n", encoding="utf-8")
    script = load(tmp_path / "seq.yaml")
    assert [c.step for c in script.option_changes["kneel"]] == ["e6.s1", "e7.s1"]
    ch = plan(script, venue="xie", options=["kneel"])
    assert [bool(s.option_note) for s in ch.steps] == [True, True]


def test_check_all_outcomes_plans_the_default_and_each_option_alone(tmp_path, capsys):
    path = write(tmp_path)
    assert main(["check", str(path), "--venue", "xie", "--all-outcomes", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, json.loads((ROOT / "docs" / "check-schema.json").read_text(encoding="utf-8")))
    assert [(r.get("outcome", []), r["reading"]) for r in doc["runs"]] == [
        (opts, reading) for opts in ([], ["left-wins"], ["tie"], ["kneel"]) for reading in ("zheng", "ao")]
    assert [c.get("outcome", []) for c in doc["comparisons"]] == [[], ["left-wins"], ["tie"], ["kneel"]]
    assert main(["check", str(path), "--all-outcomes", "--outcome", "tie"]) == 2
    assert "give --outcome OPTION or --all-outcomes, not both" in capsys.readouterr().err


def test_choreo_list_names_each_script_s_options_and_the_catalogue(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "readings: zheng, ao; options: left-wins, tie, arrows-short, many-guests" in out
    assert "Options (--outcome), xiangshe.yaml:\n  left-wins: 若左勝; not with many-guests, tie\n" \
           "  tie: 若左右鈞; not with left-wins\n  arrows-short: 若矢不備\n" \
           "  many-guests: 若有東面者，則北上; not with left-wins\n" in out
