"""A venue file with a mistake fails with FILE:LINE:COL, a clear message and a suggestion."""

import shutil
import textwrap

import pytest

from stage.errors import StageError
from stage.loader import load_venue, venues_dir

GOOD_PARAMS = """
params:
  pace: {value: 2.5, choice: c}
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def venue_over_common(tmp_path, body):
    """A venue file extending a copy of the real _common.yaml."""
    shutil.copy(venues_dir() / "_common.yaml", tmp_path / "_common.yaml")
    head = "venue: bad\nextends: _common.yaml\nparams:\n  階等: {value: 3, choice: c}\n  堂深: {value: 30, choice: c}\n"
    return write(tmp_path, "bad.yaml", head + textwrap.dedent(body).lstrip("\n"))


def error_of(path):
    with pytest.raises(StageError) as info:
        load_venue(path)
    return info.value


def test_unknown_landmark_in_a_relation(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          新位: {x: 司射住.x - 3, y: 0, choice: c}
        """)
    err = error_of(path)
    assert err.message == "unknown landmark '司射住' in 新位.x"
    assert str(err.location) == f"{path}:8:11"
    assert err.suggestion == "司射位"
    assert err.format().splitlines()[-1] == "did you mean '司射位'?"


def test_unknown_landmark_inside_a_quoted_expression_points_at_the_name(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: "1 + 楣下.y", choice: c}
        """)
    err = error_of(path)
    assert err.message == "unknown landmark '楣下' in 物間.y"
    assert str(err.location) == f"{path}:7:22"  # the 楣 of 楣下, inside the quotes
    assert err.suggestion == "楣"


def test_cycle_of_relations_is_named_in_full(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          甲: {x: 乙.x, y: 0, choice: c}
          乙: {x: 丙.x, y: 0, choice: c}
          丙: {x: 甲.x, y: 0, choice: c}
        """)
    err = error_of(path)
    assert err.message == "cycle of relations among landmarks: 甲 → 乙 → 丙 → 甲"
    assert str(err.location) == f"{path}:8:3"


def test_missing_field(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {y: 棟.y, choice: c}
        """)
    err = error_of(path)
    assert err.message == "landmark '物間' has no 'x'"
    assert str(err.location) == f"{path}:7:3"


def test_landmark_without_source_or_choice(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y}
        """)
    err = error_of(path)
    assert err.message.startswith("landmark '物間' has neither 'source' nor 'choice'")
    assert str(err.location) == f"{path}:7:3"


def test_misspelt_field_and_bad_values(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, sorce: c}
        """)
    err = error_of(path)
    assert err.message == "unknown field 'sorce' in landmark '物間'" and err.suggestion == "source"
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y + , choice: c}
        """)
    assert error_of(path).message == "bad value for 物間.y: cannot read '棟.y +' as an expression"
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: __import__("os"), choice: c}
        """)
    assert error_of(path).message.startswith("bad value for 物間.y: only numbers, names")
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, facing: 東靣, choice: c}
        """)
    err = error_of(path)
    assert err.message == "bad value for 物間.facing: unknown facing '東靣'" and err.suggestion == "東面"


def test_error_in_the_base_file_is_reported_there(tmp_path):
    common = (venues_dir() / "_common.yaml").read_text(encoding="utf-8")
    assert "    x: 司射位.x\n" in common
    write(tmp_path, "_common.yaml", common.replace("    x: 司射位.x\n", "    x: 司射住.x\n", 1))
    path = write(tmp_path, "bad.yaml", """
        venue: bad
        extends: _common.yaml
        params:
          階等: {value: 3, choice: c}
          堂深: {value: 30, choice: c}
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
        """)
    err = error_of(path)
    assert err.message == "unknown landmark '司射住' in 司馬位.x"
    assert err.location.path == str(tmp_path / "_common.yaml")
    assert err.suggestion == "司射位"


def test_unknown_parameter_and_missing_planner_parameter(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y + relation_ofset, choice: c}
        """)
    err = error_of(path)
    assert err.message == "unknown name 'relation_ofset' in 物間.y" and err.suggestion == "relation_offset"
    path = write(tmp_path, "lonely.yaml", "venue: lonely\n" + GOOD_PARAMS + "landmarks: {}\n")
    err = error_of(path)
    assert err.message == "venue lonely lacks the parameter 'stair_step_time' (the planner needs it)"


def test_parameter_cycle_and_unknown_venue(tmp_path):
    path = write(tmp_path, "c.yaml", """
        venue: c
        params:
          甲: {value: 乙 + 1, choice: c}
          乙: {value: 甲 * 2, choice: c}
        """)
    assert error_of(path).message == "cycle of relations among parameters: 甲 → 乙 → 甲"
    with pytest.raises(StageError) as info:
        load_venue("xei")
    assert info.value.suggestion == "xie"


def test_invalid_yaml_and_missing_base(tmp_path):
    path = write(tmp_path, "y.yaml", "venue: y\nparams: [\n")
    err = error_of(path)
    assert err.message.startswith("not valid YAML") and err.location.path == str(path)
    path = write(tmp_path, "b.yaml", "venue: b\nextends: _comon.yaml\n")
    shutil.copy(venues_dir() / "_common.yaml", tmp_path / "_common.yaml")
    err = error_of(path)
    assert err.message == "extends a file that does not exist: _comon.yaml"
    assert err.suggestion == "_common.yaml" and str(err.location) == f"{path}:2:10"


def test_an_other_sense_must_contain_the_landmarks_name(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          鼓:
            x: 0
            y: 0
            choice: c
            other_senses:
              中庭: 「乃設[楅]于中庭」〔000〕
        """)
    err = error_of(path)
    assert err.message == "bad word in 鼓.other_senses: '中庭' does not contain '鼓'"
    assert str(err.location) == f"{path}:13:7"


@pytest.mark.parametrize(("names", "col"), [("[上個, 躬]", 77), ("[上個, 躬, 3]", 77), ("上個", 77)])
def test_part_names_must_name_each_part(tmp_path, names, col):
    path = venue_over_common(tmp_path, f"""
        landmarks:
          物間: {{x: 0, y: 棟.y, choice: c}}
          侯: {{kind: target, x: 0, y: -300, parts: [4 * 侯中, 2 * 侯中, 侯中], part_names: {names}, choice: c}}
        """)
    err = error_of(path)
    assert err.message == "bad value for 侯.part_names: expected a word for each of its 3 parts, outermost first"
    assert str(err.location) == f"{path}:8:{col}"


def test_part_names_name_the_parts_in_the_key(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          侯: {kind: target, x: 0, y: -300, parts: [4 * 侯中, 2 * 侯中, 侯中], part_names: [上舌, 躬, 中], choice: c}
        """)
    assert load_venue(path).landmarks["侯"].part_names == ("上舌", "躬", "中")
