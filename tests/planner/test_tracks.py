"""The tracks file: DESIGN.md's contract, validated by its JSON Schema; deterministic; exact."""

import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from choreo.cli import main
from choreo.planning import plan_script

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "tracks-schema.json").read_text(encoding="utf-8"))
SCRIPT = "xiangshe/e01-youshe"


@pytest.fixture(scope="module", params=["xie", "xiang"])
def exported(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("tracks") / f"{request.param}.json"
    assert main(["tracks", SCRIPT, "--venue", request.param, "-o", str(out)]) == 0
    return request.param, out


def test_validates_against_the_schema(exported):
    _, out = exported
    jsonschema.validate(json.loads(out.read_text(encoding="utf-8")), SCHEMA)


def test_contents_follow_the_contract(exported):
    venue, out = exported
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert (doc["format"], doc["version"], doc["units"], doc["venue"], doc["reading"]) == \
        ("yili-tracks", 1, "chi", venue, "zheng")
    assert doc["landmarks"]["西階"]["steps"] >= 3 and "top" in doc["landmarks"]["西階"]
    assert any(o["name"] == "西楹" and o["kind"] == "pillar" and o["wkt"].startswith("POLYGON")
               for o in doc["obstacles"])
    assert doc["figures"]["obj.撲"]["kind"] == "object"
    ids = [s["id"] for s in doc["steps"]]
    assert len(ids) == len(set(ids))
    for step in doc["steps"]:
        assert step["t0"] <= step["t1"]
    for name, rows in doc["tracks"].items():
        times = [r[0] for r in rows]
        assert times == sorted(times), name
    kinds = {e["kind"] for e in doc["events"]}
    assert {"揖", "射", "授", "受", "取"} <= kinds
    assert [e["t"] for e in doc["events"]] == sorted(e["t"] for e in doc["events"])


def test_linear_interpolation_of_the_samples_is_the_animation(exported):
    venue, out = exported
    doc = json.loads(out.read_text(encoding="utf-8"))
    ch = plan_script(SCRIPT, venue=venue)
    for name in ("司射", "上耦上射"):
        rows = np.array(doc["tracks"][name])
        for t in np.linspace(rows[0, 0], rows[-1, 0], 97):
            x = np.interp(t, rows[:, 0], rows[:, 1])
            y = np.interp(t, rows[:, 0], rows[:, 2])
            pose = ch.pose_at(name, t)
            assert (x, y) == pytest.approx((pose.x, pose.y), abs=2e-3)


def test_same_input_gives_byte_identical_output(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["tracks", SCRIPT, "--venue", "xiang", "-o", str(a)]) == 0
    assert main(["tracks", SCRIPT, "--venue", "xiang", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_step_texts_are_verbatim_quotations(exported):
    import re

    _, out = exported
    clean = re.sub(r"\s", "", (ROOT / "seeds" / "clean" / "000.txt").read_text(encoding="utf-8"))
    for step in json.loads(out.read_text(encoding="utf-8"))["steps"]:
        assert re.sub(r"\s", "", step["text"]) in clean, step["id"]


def test_unwritable_folder_leaves_nothing(tmp_path, capsys):
    assert main(["tracks", SCRIPT, "-o", str(tmp_path / "no" / "such" / "x.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_the_written_file_is_readable_by_others(tmp_path):
    import os
    import stat

    old = os.umask(0o022)
    try:
        out = tmp_path / "t.json"
        assert main(["tracks", SCRIPT, "-o", str(out)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_an_svg_plan_and_a_video_are_readable_by_others_too(tmp_path):
    """One way to write output files (choreo.atomic): the same permissions whatever writes them."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        assert main(["plan", "--venue", "xie", "-o", str(tmp_path / "p.svg")]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "p.svg").stat().st_mode) == 0o644
