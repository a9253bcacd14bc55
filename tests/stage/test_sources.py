"""Provenance of every landmark, the quotations in the venue files, and the layering rule."""

import subprocess
import sys

from stage.loader import venues_dir
from stage.sources import check_quotations, load_seeds, param_rows, provenance_rows, seeds_dir


def test_the_repository_has_its_seeds():
    assert sorted(load_seeds()) == ["000", "001", "002", "003"]
    assert (seeds_dir() / "README.md").is_file()


def test_every_quotation_in_the_venue_files_checks():
    files = sorted(venues_dir().glob("*.yaml"))
    assert {f.name for f in files} >= {"_common.yaml", "xie.yaml", "xiang.yaml"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert text.count("」〔") > 0 or path.name != "_common.yaml"
        assert check_quotations(text) == [], path.name


def test_checker_finds_a_bad_quotation():
    assert check_quotations("「司射先立于所設中之西南，東面」〔000〕") == []
    assert check_quotations("「遂[適]階西，取撲」〔000〕") == []  # a restored PUA character
    problems = check_quotations("「司射先立于所設中之東南」〔000〕 and 「物长如[笴]」〔004〕")
    assert problems == ["「司射先立于所設中之東南」〔000〕: not found in seed 000", "「物长如[笴]」〔004〕: no seed 004"]


def test_provenance_rows(venue):
    rows = provenance_rows(venue)
    names = {r[0] for r in rows}
    assert names == set(venue.landmarks)
    zhong = [r for r in rows if r[0] == "中"]
    assert zhong[0][:5] == ("中", "object", venue.landmarks["中"].x, venue.landmarks["中"].y, "source")
    assert "西當西序" in zhong[0][5]
    assert all(kind in ("source", "choice") and text for *_, kind, text in rows)
    not_in_seeds = [r for r in rows if r[0] == "乏" and r[4] == "source"][0][5]
    assert "[NOT IN SEEDS]" in not_in_seeds
    assert {r[0] for r in param_rows(venue)} == set(venue.params)


def test_stage_imports_and_loads_with_pygame_blocked():
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['imageio'] = None\n"
        "import stage, stage.loader, stage.relations, stage.geometry, stage.sources\n"
        "v = stage.load_venue('xiang'); print(stage.resolve(v, '當階').anchor)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "西階"


def test_plan_sources_shows_every_planning_number_with_its_why(capsys):
    """The numbers the planner and its verbs use are the venue's parameters, each printed with its
    choice note by `choreo plan --sources` (none is left inline in the code)."""
    from choreo.cli import main
    from stage.loader import REQUIRED_PARAMS, load_venue

    assert main(["plan", "--venue", "xie", "--sources"]) == 0
    out = capsys.readouterr().out
    venue = load_venue("xie")
    for name in ("stagger", "pass_spacing", "aside", "meeting_tolerance", "meeting_passes", "file_wait_tries",
                 "brush_margin", "beside_tries_out", "turn.literal_left"):
        assert name in REQUIRED_PARAMS
        assert venue.params[name].provenance.choice
        line = next(ln for ln in out.splitlines() if ln.startswith(name + " "))
        assert f"{venue.params[name].value:g}" in line and "choice:" in line
