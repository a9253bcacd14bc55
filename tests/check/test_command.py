"""``choreo check``: exit codes, messages and the JSON schema.

Until the lead's planner (choreo.planning) lands, a stand-in module with the same three functions
plans two tiny scripts by hand: 'ok' (nothing fails) and 'bad' (two figures collide). When the real
planner exists, test_bundled_scripts_smoke checks every bundled script with it.
"""

import importlib.util
import json
import sys
import types
from pathlib import Path

import jsonschema
import pytest

from choreo.cli import main
from choreo.model import Assertion
from tests.check.conftest import make_choreo, step

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "check-schema.json").read_text(encoding="utf-8"))
HAVE_PLANNER = importlib.util.find_spec("choreo.planning") is not None


def _plan(path, *, venue=None, reading=None, from_step=None, to_step=None, options=()):
    kind = Path(path).read_text(encoding="utf-8").split(":")[1].strip()
    reading = reading or "zheng"
    offset = 0.0 if reading == "zheng" else 3.0  # the 'ao' reading walks 3 尺 further south
    if kind == "bad":
        tracks = {"司射": [[0, -10, -20, 90], [10, 10, -20, 90]], "司馬": [[0, 10, -20, 270], [10, -10, -20, 270]]}
    elif kind == "unknown-figure":
        tracks = {"司射": [[0, 0, -20, 0]]}
        st = step("s1", 0, 1)
        st = type(st)(**{**st.__dict__, "assertions": (Assertion("at", {"figure": "司躲", "target": "中"}, "s1"),)})
        return make_choreo(tracks, steps=[st])
    else:
        tracks = {"司射": [[0, -10, -20 - offset, 90], [10, 10, -20 - offset, 90]],
                  "司馬": [[0, 10, -16, 270], [10, -10, -16, 270]]}
    steps = [step("s1", 0, 10, "司射進，與司馬交于階前，相左", ["司射", "司馬"], verbs=[("司射", "進")],
                  assertions=[("passes_left", {"figures": ["司射", "司馬"], "max_separation": None})])]
    return make_choreo(tracks, steps=steps, reading=reading)


@pytest.fixture
def planner(monkeypatch, tmp_path):
    fake = types.ModuleType("choreo.planning")
    fake.load_script = lambda path: types.SimpleNamespace(path=path, reading_names=("zheng", "ao"))
    fake.plan = lambda script, **options: _plan(script.path, **options)
    fake.default_script = lambda: tmp_path / "ok.yaml"
    monkeypatch.setitem(sys.modules, "choreo.planning", fake)
    import choreo

    # `import choreo.planning as x` reads the package attribute once the real module was imported.
    monkeypatch.setattr(choreo, "planning", fake, raising=False)
    for kind in ("ok", "bad", "unknown-figure"):
        (tmp_path / f"{kind}.yaml").write_text(f"kind: {kind}\n", encoding="utf-8")
    return tmp_path


def test_exit_0_when_nothing_fails_and_the_report_names_the_step(planner, capsys):
    assert main(["check", str(planner / "ok.yaml")]) == 0
    out = capsys.readouterr().out
    assert "nothing fails" in out and "0 failing" in out


def test_exit_1_on_a_collision_with_the_text_quoted(planner, capsys):
    assert main(["check", str(planner / "bad.yaml")]) == 1
    out = capsys.readouterr().out
    assert "「司射進，與司馬交于階前，相左」" in out and "FAIL collision" in out
    assert "t=4.50–5.50" in out  # head-on at 2 尺/s each: |20 − 4t| < 2 ⇔ 4.5 < t < 5.5
    assert "FAIL passes_left" in out and "on his right" not in out.split("passes_left")[0]


@pytest.mark.parametrize("argv, message", [
    (["missing.yaml"], "no such script file"),
    (["ok.yaml", "--reading", "zhang"], "unknown reading 'zhang'"),
    (["unknown-figure.yaml"], "unknown figure '司躲'"),
])
def test_bad_input_exits_2_with_a_clear_message(planner, capsys, argv, message):
    argv = [str(planner / argv[0])] + argv[1:]
    assert main(["check", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_json_validates_against_the_documented_schema_and_compares_readings(planner, capsys):
    assert main(["check", str(planner / "ok.yaml"), "--json", "--reading", "zheng", "--reading", "ao"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, SCHEMA)
    assert doc["ok"] and [r["reading"] for r in doc["runs"]] == ["zheng", "ao"]
    (cmp,) = doc["comparisons"]
    assert cmp["differing_steps"] == [{"step": "s1", "max_distance": 3.0, "figures": ["司射"], "facings": [],
                                       "orders": [], "acts": [], "laid": []}]
    assert main(["check", str(planner / "bad.yaml"), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, SCHEMA)
    rules = {v["rule"] for v in doc["runs"][0]["violations"]}
    assert rules == {"collision", "passes_left"}


def test_bundled_scripts_smoke(capsys):
    """Every bundled script, both venues, with the real planner: a report, never a traceback."""
    if not HAVE_PLANNER:
        assert main(["check"]) == 2
        assert "not available" in capsys.readouterr().err
        return
    from choreo.paths import scripts_dir
    from choreo.planning import bundled_scripts
    scripts = bundled_scripts()
    assert scripts or not scripts_dir().is_dir()  # once scripts are bundled, every one is checked
    for script in scripts:
        assert main(["check", str(script), "--all-venues", "--json"]) in (0, 1)
        jsonschema.validate(json.loads(capsys.readouterr().out), SCHEMA)


def test_a_file_that_is_not_a_script_is_reported_at_its_position(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("- just\n- a list\n", encoding="utf-8")
    assert main(["check", str(notes)]) == 2
    err = capsys.readouterr().err
    assert f"{notes}:1:1: error: a step script must be a YAML mapping" in err and "Traceback" not in err


def test_check_parses_the_script_once_for_every_venue_and_reading(monkeypatch, capsys):
    import yaml

    from choreo import script_cache
    from choreo.planning import find_script
    from stage import marked_yaml

    script_cache.clear()
    read = []
    real_load, real_safe_load = marked_yaml.load, yaml.safe_load
    monkeypatch.setattr(marked_yaml, "load", lambda path: read.append(str(path)) or real_load(path))
    monkeypatch.setattr(yaml, "safe_load", lambda text: read.append("without positions") or real_safe_load(text))
    path = find_script("e01-youshe")
    assert main(["check", str(path), "--all-venues", "--reading", "zheng", "--reading", "ao", "--json"]) in (0, 1)
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["runs"]) == 4  # two venues × two readings planned and checked
    assert read == [str(path), str(Path(path).parents[2] / "options" / "xiangshe.yaml")]  # and its branches
