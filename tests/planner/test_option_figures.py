"""Figures an option adds (``options: {NAME: {figures: …, groups: …, changes: …}}``): written as the script's own,
named only under the option, carried through a sequence of passages at the 位 each passage gives them, and
checked like the script's own (FILE:LINE:COL, did-you-mean, exit status 2)."""

import textwrap

import pytest

from choreo.cli import main
from choreo.errors import ScriptError
from choreo.planning import plan
from choreo.script_parser import parse_script

CATALOGUE = """
crowd:
  title: 若有東面者，則北上
  why: 「若有東面者，則北上」〔000〕
"""

FIRST = """
title: t
passage: e.4
branches: branches.yaml
figures:
  上耦上射: {at: "堂西位[1]", facing: 南面}
options:
  crowd:
    figures:
      眾賓5: {at: "弟子位[1]", 位: "弟子位[1]", facing: 東面}
      眾賓6: {at: "弟子位[2]", 位: "弟子位[2]", facing: 東面}
    groups:
      眾賓耦三: [眾賓5, 眾賓6]
    changes:
      s1:
        why: 「若有東面者，則北上」〔000〕
        insert_after:
          - id: s1e
            text: 若有東面者，則北上。
            do:
              眾賓5: [{適: "堂西位[12]", 面: 東面}]
              眾賓6: [{俟: 4}, {適: "堂西位[13]", 面: 東面}]
steps:
  - id: s1
    text: 繼三耦而立，東上
    do:
      上耦上射: [揖]
"""

SECOND = """
title: u
passage: e.5
branches: branches.yaml
figures:
  上耦上射: {at: "堂西位[1]", facing: 南面}
options:
  crowd:
    figures:
      眾賓5: {at: "堂西位[12]", 位: "射位二[1]", facing: 東面}
      眾賓6: {at: "堂西位[13]", 位: "射位二[2]", facing: 東面}
    groups:
      眾賓耦三: [眾賓5, 眾賓6]
    changes:
      s1:
        why: 「繼三耦之南而立」〔000〕
        do:
          眾賓耦三: [{進: 射位二}]
steps:
  - id: s1
    text: 繼三耦之南而立，東面，北上
    do:
      上耦上射: [揖]
"""


def write(tmp_path, first=FIRST, second=SECOND):
    (tmp_path / "branches.yaml").write_text(textwrap.dedent(CATALOGUE), encoding="utf-8")
    (tmp_path / "e4.yaml").write_text(textwrap.dedent(first), encoding="utf-8")
    (tmp_path / "e5.yaml").write_text(textwrap.dedent(second), encoding="utf-8")
    (tmp_path / "seq.yaml").write_text("title: s\nbranches: branches.yaml\ninclude: [e4.yaml, e5.yaml]\n",
                                       encoding="utf-8")
    return tmp_path / "seq.yaml"


def test_an_option_s_figures_appear_only_under_it(tmp_path):
    script = parse_script(write(tmp_path))
    assert "眾賓5" not in script.figures and "眾賓耦三" not in script.groups
    default = plan(script, venue="xie")
    crowd = plan(script, venue="xie", options=["crowd"])
    assert "眾賓5" not in default.tracks and [s.id for s in default.steps] == ["e4.s1", "e5.s1"]
    assert {"眾賓5", "眾賓6"} <= set(crowd.tracks)
    assert [s.id for s in crowd.steps] == ["e4.s1", "e4.s1e", "e5.s1"]


def test_an_option_s_figures_go_on_through_a_sequence_at_the_place_each_passage_gives_them(tmp_path):
    crowd = plan(parse_script(write(tmp_path)), venue="xie", options=["crowd"])
    lm = crowd.venue.landmark
    start = crowd.tracks["眾賓5"].samples[0]
    assert (start[1], start[2]) == pytest.approx(lm("弟子位").slot(0))  # where the first passage naming him puts him
    e4 = crowd.step("e4.s1e")
    stood = crowd.pose_at("眾賓5", e4.t1)
    assert (stood.x, stood.y) == pytest.approx(lm("堂西位").slot(11)) and stood.facing % 360 == pytest.approx(90.0, abs=0.01)
    end = crowd.pose_at("眾賓6", crowd.steps[-1].t1)
    assert (end.x, end.y) == pytest.approx(lm("射位二").slot(1), abs=1e-3)  # e.5's group walk, from e.4's place


def test_an_option_may_place_the_script_s_own_figure_elsewhere_at_the_start_and_nothing_more(tmp_path):
    first = FIRST.replace("      眾賓5: {at", "      上耦上射: {at")
    with pytest.raises(ScriptError, match="figure '上耦上射' is the script's own: an option may say only where he "
                                          "stands when the passage begins \\(at, facing\\), not '位'") as err:
        parse_script(write(tmp_path, first=first))
    assert err.value.location.path.endswith("e4.yaml") and err.value.location.line == 10
    placed = FIRST.replace("    figures:\n      眾賓5:", "    figures:\n      上耦上射: {at: \"堂西位[2]\"}\n      眾賓5:")
    alone = tmp_path / "alone"
    alone.mkdir()
    script = parse_script(write(alone, first=placed).parent / "e4.yaml")
    default, crowd = plan(script, venue="xie"), plan(script, venue="xie", options=["crowd"])
    lm = crowd.venue.landmark("堂西位")
    assert tuple(default.tracks["上耦上射"].samples[0][1:3]) == pytest.approx(lm.slot(0))
    assert tuple(crowd.tracks["上耦上射"].samples[0][1:3]) == pytest.approx(lm.slot(1))
    # in a sequence he starts where the first passage naming him puts him: e.5's placing does not move him
    second = SECOND.replace("    figures:\n      眾賓5:", "    figures:\n      上耦上射: {at: \"堂西位[3]\"}\n      眾賓5:")
    seq = plan(parse_script(write(tmp_path, first=placed, second=second)), venue="xie", options=["crowd"])
    assert tuple(seq.tracks["上耦上射"].samples[0][1:3]) == pytest.approx(lm.slot(1))


@pytest.mark.parametrize(("old", "new", "line", "col", "message", "suggestion"), [
    ("              眾賓6: [{俟: 4}", "              眾賓66: [{俟: 4}", 22, 15, "unknown figure or group '眾賓66'",
     "眾賓6"),
    ("      眾賓耦三: [眾賓5, 眾賓6]", "      眾賓耦三: [眾賓5, 眾賓7]", 13, 19, "unknown figure '眾賓7' in group '眾賓耦三'",
     "眾賓5"),
    ("位: \"弟子位[2]\", facing", "位: \"弟子位[2]\", facng", 11, 40, "unknown key 'facng' in figure '眾賓6'",
     "facing"),
])
def test_a_misspelt_name_in_an_option_s_block_is_placed_and_suggested(tmp_path, capsys, old, new, line, col,
                                                                       message, suggestion):
    assert old in FIRST
    path = write(tmp_path, first=FIRST.replace(old, new))
    assert main(["check", str(path), "--venue", "xie", "--outcome", "crowd"]) == 2
    err = capsys.readouterr().err
    first_line = err.splitlines()[0]
    assert first_line == f"{tmp_path / 'e4.yaml'}:{line}:{col}: error: {message}"
    assert err.rstrip().endswith(f"did you mean '{suggestion}'?") and "Traceback" not in err


def test_an_option_block_takes_figures_groups_changes_and_readings_only(tmp_path, capsys):
    path = write(tmp_path, first=FIRST.replace("    groups:\n      眾賓耦三", "    group:\n      眾賓耦三"))
    assert main(["check", str(path), "--venue", "xie"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == f"{tmp_path / 'e4.yaml'}:12:5: error: unknown key 'group' in option 'crowd'"
    assert err.rstrip().endswith("did you mean 'groups'?")
