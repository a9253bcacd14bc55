"""Venue numbers out of range and expressions that cannot be evaluated are errors at their place."""

import pytest

from stage.errors import StageError
from stage.loader import load_venue
from tests.stage.test_loader_errors import venue_over_common

LANDMARK_CASES = {  # a landmark's body, the message
    "sqrt(-1)": ("{x: 'sqrt(-1)', y: 0, choice: c}",
                 "bad value for 新位.x: 'sqrt(-1)' takes the square root of a negative number"),
    "5,000 unary minus signs": ("{x: '" + "-" * 5000 + "1', y: 0, choice: c}",
                                "bad value for 新位.x: an expression of more than 200 characters"),
    "a huge integer in an expression": ("{x: '" + "9" * 150 + " * 2', y: 0, choice: c}",
                                        "bad value for 新位.x: '" + "9" * 150 + " * 2' is not a finite number "
                                        "within ±1,000,000"),
    "an infinite coordinate": ("{x: .inf, y: 0, choice: c}",
                               "bad value for 新位.x: inf is not a finite number within ±1,000,000"),
    "a wall 1e308 thick": ("{kind: wall, x: 0, y: 0, box: [0, 0, 1e308, 1], choice: c}",
                           "bad value for 新位.box[2]: '1e308' is not a finite number within ±1,000,000"),
    "stair steps .nan": ("{kind: stair, x: 0, y: 0, steps: .nan, top: [0, 1], box: [0, 0, 1, 1], choice: c}",
                         "bad value for 新位.steps: nan is not a finite number within ±1,000,000"),
    "a million stair steps": ("{kind: stair, x: 0, y: 0, steps: 1000000, top: [0, 1], box: [0, 0, 1, 1], choice: c}",
                              "bad value for 新位.steps: a 階 has a whole number of 等 (1 to 100), got 1e+06"),
}


@pytest.mark.parametrize("case", LANDMARK_CASES)
def test_a_bad_landmark_number_is_an_error_at_its_place(case, tmp_path):
    body, message = LANDMARK_CASES[case]
    path = venue_over_common(tmp_path, "landmarks:\n  物間: {x: 0, y: 棟.y, choice: c}\n  新位: " + body + "\n")
    with pytest.raises(StageError) as info:
        load_venue(path)
    assert info.value.message == message
    assert info.value.location.path == str(path) and info.value.location.line == 8


@pytest.mark.parametrize("name, value, message", [
    ("pace", "0", "bad value for parameter 'pace': must lie between 0.1 and 50, not 0"),
    ("turn_rate", "-90", "bad value for parameter 'turn_rate': must lie between 1 and 3600, not -90"),
    ("body_radius", "1e9", "bad value for parameter 'body_radius': '1e9' is not a finite number within ±1,000,000"),
    ("body_radius", "50", "bad value for parameter 'body_radius': must lie between 0.1 and 10, not 50"),
    ("dur.射", "-1", "bad value for parameter 'dur.射': must lie between 0 and 3600, not -1"),
])
def test_a_planning_parameter_out_of_range(tmp_path, name, value, message):
    venue_over_common(tmp_path, "")
    path = tmp_path / "bad.yaml"
    path.write_text(path.read_text(encoding="utf-8") + f"  {name}: {{value: {value}, choice: c}}\n", encoding="utf-8")
    with pytest.raises(StageError) as info:
        load_venue(path)
    assert info.value.message == message
    assert str(info.value.location) == f"{path}:6:{len(name) + 13}"


def test_an_extends_cycle_is_reported_at_the_extends(tmp_path):
    (tmp_path / "a.yaml").write_text("venue: a\nextends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("venue: b\nextends: a.yaml\n", encoding="utf-8")
    with pytest.raises(StageError) as info:
        load_venue(tmp_path / "a.yaml")
    assert info.value.message == "venue files extend each other in a cycle: a.yaml → b.yaml → a.yaml"
    assert str(info.value.location) == f"{tmp_path / 'b.yaml'}:2:10"


def test_extends_outside_the_folder_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text("venue: a\nextends: /etc/passwd\n", encoding="utf-8")
    with pytest.raises(StageError) as info:
        load_venue(tmp_path / "a.yaml")
    assert info.value.message == "extends '/etc/passwd', outside the venue file's folder and the bundled venues"
    assert str(info.value.location) == f"{tmp_path / 'a.yaml'}:2:10"
