"""A bad venue file given to ``choreo plan --venue FILE`` is reported as FILE:LINE:COL, exit 2."""

import textwrap

from choreo.cli import main


def test_plan_reports_a_bad_venue_file(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(textwrap.dedent("""
        venue: bad
        params:
          甲: {value: 乙 + 1, choice: c}
          乙: {value: 甲 * 2, choice: c}
        """).lstrip("\n"), encoding="utf-8")
    status = main(["plan", "--venue", str(bad), "--sources"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.splitlines()[0] == f"{bad}:3:3: error: cycle of relations among parameters: 甲 → 乙 → 甲"
    assert "Traceback" not in err


def test_plan_sources_lists_every_landmark(capsys):
    assert main(["plan", "--venue", "xiang", "--sources"]) == 0
    out = capsys.readouterr().out
    for name in ("室", "乏", "左個之西北三步", "射位二"):
        assert name in out
