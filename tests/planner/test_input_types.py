"""Values of the wrong type or out of range are errors at their FILE:LINE:COL when the script is read:
verb arguments and modifiers (declared with each verb in the registry), figure and check fields,
readings, includes; and whatever still goes wrong inside a verb is a PlanError at its action."""

import pytest

from choreo import planner as planner_module
from choreo.cli import main
from choreo.errors import PlanError
from choreo.planning import plan
from choreo.script_parser import parse_text
from choreo.verbs.catalogue import load_verbs

HEAD = """\
title: t
figures:
  司射: {at: 司射位, facing: 東面}
  司馬: {at: 司馬位, facing: 東面}
groups:
  二人: [司射, 司馬]
steps:
"""


def step(do: str) -> str:
    return f"  - text: 適\n    do:\n      {do}\n"


CASES = {  # body after HEAD, the first line of the error
    "a modifier of the wrong type": (step("司射: [{適: 堂西, 徐: 快}]"),
                                     "bad.yaml:10:23: error: '徐' takes a number of seconds (more than 0, at most "
                                     "3600), not '快'"),
    "arrows that are not a number": (step("司射: [{射: many}]"),
                                     "bad.yaml:10:16: error: '射' takes nothing, or a whole number of arrows "
                                     "(more than 0, at most 100), not 'many'"),
    "a billion arrows": (step("司射: [{射: 1000000000}]"),
                         "bad.yaml:10:16: error: '射' takes nothing, or a whole number of arrows (more than 0, "
                         "at most 100), not 1000000000"),
    "a number where a place goes, for a group": (
        step("二人: [{進: 1.5}]"),
        "bad.yaml:10:16: error: '進' takes nothing, or a place (a landmark, a relation such as 西階之東, a figure, "
        "or [x, y] within ±10,000 尺), not 1.5"),
    "huge coordinates": (step("司射: [{適: [1e300, 0]}]"),
                         "bad.yaml:10:16: error: '適' takes a place (a landmark, a relation such as 西階之東, a "
                         "figure, or [x, y] within ±10,000 尺), not a list"),
    "a facing that is no facing": (step("司射: [{適: 堂西, 面: 上}]"),
                                   "bad.yaml:10:23: error: '面' takes a facing (北面 … 西南面, 負侯) or a bearing in "
                                   "degrees, not '上'"),
    "a radius that is a word": ("  - text: 揖\n".replace("  - text: 揖\n", "") + step("司射: [揖]"), None),
    "a null step": ("  - null\n", "bad.yaml:8:5: error: a step must be a mapping"),
    "a check's max_separation that is a mapping": (
        "  - text: 適\n    do: {司射: [{適: 堂西}]}\n    check:\n      - passes_left: [司射, 司馬]\n"
        "        max_separation: {}\n",
        "bad.yaml:12:25: error: 'max_separation' (尺) must be a number (more than 0, at most 1000), not a mapping"),
    "a gap that is a word": (
        "  - text: 適\n    do: {司射: [{適: 堂西}]}\n    check:\n      - before: [司射, 司馬]\n        gap: soon\n",
        "bad.yaml:12:14: error: 'gap' must be a whole number of steps (0 to 10000), not 'soon'"),
    "notes that are a number list item": ("  - text: 揖\n    notes: [{a: 1}]\n    do: {司射: [揖]}\n",
                                          "bad.yaml:9:13: error: a note must be text, not a mapping"),
}
CASES.pop("a radius that is a word")
FIGURE_CASES = {
    "radius: 大": ("  司射: {at: 司射位, radius: 大}\n",
                  "bad.yaml:3:25: error: 'radius' (尺) must be a number (more than 0, at most 10), not '大'"),
    "radius: []": ("  司射: {at: 司射位, radius: []}\n",
                  "bad.yaml:3:25: error: 'radius' (尺) must be a number (more than 0, at most 10), not a list"),
    "radius: .inf": ("  司射: {at: 司射位, radius: .inf}\n",
                    "bad.yaml:3:25: error: 'radius' (尺) must be a number (more than 0, at most 10), not inf"),
    "carries: 5": ("  司射: {at: 司射位, carries: 5}\n",
                  "bad.yaml:3:26: error: 'carries' must be a name, not 5"),
    "a group member false": ("  司射: {at: 司射位}\ngroups:\n  二人: [司射, false]\n",
                             "bad.yaml:5:12: error: a member of group '二人' must be a figure's name, not false"),
    "an empty group": ("  司射: {at: 司射位}\ngroups:\n  二人: []\n", "bad.yaml:5:7: error: group '二人' has no members"),
}


def first_error(tmp_path, monkeypatch, capsys, text: str) -> str:
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["tracks", "bad.yaml", "-o", "out.json"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and not (tmp_path / "out.json").exists()
    return err.splitlines()[0]


@pytest.mark.parametrize("case", CASES)
def test_a_bad_step_value_is_an_error_at_its_place(case, tmp_path, monkeypatch, capsys):
    body, expected = CASES[case]
    assert first_error(tmp_path, monkeypatch, capsys, HEAD + body) == expected


@pytest.mark.parametrize("case", FIGURE_CASES)
def test_a_bad_figure_value_is_an_error_at_its_place(case, tmp_path, monkeypatch, capsys):
    figures, expected = FIGURE_CASES[case]
    text = "title: t\nfigures:\n" + figures + "steps:\n  - text: 揖\n    do: {司射: [揖]}\n"
    assert first_error(tmp_path, monkeypatch, capsys, text) == expected


def test_readings_with_values_of_the_wrong_type(tmp_path, monkeypatch, capsys):
    base = HEAD + "  - {id: s1, text: 揖, do: {司射: [揖]}}\nreadings:\n  ao:\n"
    assert first_error(tmp_path, monkeypatch, capsys, base + "    changes: abc\n") == (
        "bad.yaml:11:14: error: 'changes' must be a mapping")
    assert first_error(tmp_path, monkeypatch, capsys, base + "    changes:\n      s1: {why: w, insert_after: 1}\n") == (
        "bad.yaml:12:34: error: 'insert_after' (a list of steps) must be a list")


def test_every_verb_declares_its_argument():
    untyped = [name for name, spec in load_verbs().items() if spec.arg_type is None]
    assert not untyped


def test_repeat_renames_whole_names_only():
    script = parse_text("""\
title: t
figures:
  獲者: {at: 乏, facing: 北面}
  釋獲者: {at: 中西, facing: 東面}
  賓: {at: 堂西, facing: 東面}
  上耦上射: {at: 堂西, facing: 東面}
  次耦上射: {at: 堂西, facing: 東面}
groups:
  上耦: [上耦上射]
  次耦: [次耦上射]
steps:
  - {id: s1, text: 適, do: {獲者: [{適: 釋獲者之西}], 上耦: [{適: 上耦上射之南}]}}
  - {repeat: [s1, s1], as: {獲者: 賓, 上耦: 次耦}, suffix: b}
""")
    repeated = dict(script.steps[1].actions)
    assert repeated["賓"][0].arg == "釋獲者之西"  # not 釋賓者之西
    assert repeated["次耦"][0].arg == "次耦上射之南"  # a longer name renamed when the result is a name too


def test_an_exception_inside_a_verb_is_a_plan_error_at_its_action(monkeypatch):
    script = parse_text(HEAD + step("司射: [{適: 堂西}]"), "bad.yaml")

    def broken(*args, **kwargs):
        raise ValueError("math domain error")

    monkeypatch.setattr(planner_module.StepContext, "walk", broken)
    with pytest.raises(PlanError) as info:
        plan(script, venue="xie")
    assert str(info.value.location) == "bad.yaml:10:12"
    assert info.value.message == "step s001: 司射 cannot 適: ValueError: math domain error"
    assert isinstance(info.value.__cause__, ValueError)
