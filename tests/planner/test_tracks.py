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
    for name in ("司射", "上耦上射", "obj.撲", "obj.旌"):
        rows = np.array(doc["tracks"][name])
        for t in [*np.linspace(rows[0, 0], rows[-1, 0], 97), *rows[:, 0]]:
            x = np.interp(t, rows[:, 0], rows[:, 1])
            y = np.interp(t, rows[:, 0], rows[:, 2])
            pose = ch.pose_at(name, t)
            assert (x, y) == pytest.approx((pose.x, pose.y), abs=2e-3)


def test_objects_lie_where_the_carries_say_until_they_are_picked_up(exported):
    """The additive ``carries``: each declared object's records follow each other without a gap, and
    interpolating its samples keeps it at its resting place for the whole rest (no drift)."""
    _, out = exported
    doc = json.loads(out.read_text(encoding="utf-8"))
    carries = doc["carries"]
    # the 撲 lies at the 階西 until the 司射 takes it (取撲, s17); the 旌 lies at the 侯 all along
    rest, taken = [c for c in carries if c["object"] == "obj.撲"]
    assert (rest["landmark"], taken["holder"], taken["step"]) == ("階西", "司射", "s17")
    assert rest["t1"] == taken["t0"] > 0 and taken["t1"] is None
    assert any(c["object"] == "obj.旌" and c.get("landmark") == "侯" and c["t1"] is None for c in carries)
    for name in (n for n, f in doc["figures"].items() if f.get("kind") == "object"):
        mine = [c for c in carries if c["object"] == name]
        assert mine, f"{name} has no carries"
        assert all(a["t1"] == b["t0"] for a, b in zip(mine, mine[1:], strict=False)), name
        rows = np.array(doc["tracks"][name])
        for c in (c for c in mine if "rests" in c):
            t1 = rows[-1, 0] + 10.0 if c["t1"] is None else c["t1"]
            for t in np.linspace(c["t0"], t1, 21)[1:-1]:
                at = (np.interp(t, rows[:, 0], rows[:, 1]), np.interp(t, rows[:, 0], rows[:, 2]))
                assert at == pytest.approx((c["rests"]["x"], c["rests"]["y"]), abs=1e-3), (name, t)


def test_same_input_gives_byte_identical_output(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["tracks", SCRIPT, "--venue", "xiang", "-o", str(a)]) == 0
    assert main(["tracks", SCRIPT, "--venue", "xiang", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_step_texts_are_verbatim_quotations(exported):
    import re

    from stage.mojibake import restores_to

    _, out = exported
    clean = re.sub(r"\s", "", (ROOT / "seeds" / "clean" / "000.txt").read_text(encoding="utf-8"))
    jing = re.sub(r"（[^（）]*）", "", clean)  # the 經 read without the 注 between its words
    for step in json.loads(out.read_text(encoding="utf-8"))["steps"]:
        text = re.sub(r"\s", "", step["text"])
        if "restored_from" in step:  # a garbled 經 clause, restored and marked as such
            assert step["restored_from"] in clean and restores_to(step["restored_from"], text), step["id"]
        else:
            assert text in clean or text in jing, step["id"]


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
