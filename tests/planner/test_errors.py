"""Bad scripts give FILE:LINE:COL errors with the line, a caret and a suggestion; exit 2, no traceback."""

import subprocess
import sys
import textwrap

import pytest

from choreo.cli import main

HEAD = """\
title: t
figures:
  司射: {at: 司射位, facing: 東面}
  司馬: {at: 司馬位, facing: 東面}
steps:
"""

CASES = {
    "unknown verb": (
        "  - text: 還\n    do:\n      司射: [{左環: 西面}]\n",
        "bad.yaml:8:12: error: unknown verb '左環'\n        司射: [{左環: 西面}]\n"
        "               ^\ndid you mean '左還'?\n"),
    "unknown landmark": (
        "  - text: 適\n    do:\n      司射: [{適: 西盈之北}]\n",
        "bad.yaml:8:12: error: step s001: 司射 cannot 適: unknown landmark '西盈'\n"
        "        司射: [{適: 西盈之北}]\n               ^\ndid you mean '西楹'?\n"),
    "unknown figure": (
        "  - text: 揖\n    do:\n      司射射: [揖]\n",
        "bad.yaml:8:7: error: unknown figure or group '司射射'\n        司射射: [揖]\n        ^\ndid you mean '司射'?\n"),
    "climbing what is not a 階": (
        "  - text: 升\n    do:\n      司射: [{升: 楅}]\n",
        "bad.yaml:8:12: error: step s001: 司射 cannot 升: '楅' is not a 階: one can only 升/降 by a 階\n"
        "        司射: [{升: 楅}]\n               ^\n"),
    "walking onto the 堂": (
        "  - text: 適\n    do:\n      司射: [{適: 物間}]\n",
        "bad.yaml:8:12: error: step s001: 司射 cannot 適: (0.0, 15.0) is on the 堂 but the walk starts on "
        "the 庭: go up or down a 階 (升/降) first\n        司射: [{適: 物間}]\n               ^\n"),
    "相左 declared by one party only": (
        "  - text: 相左\n    do:\n      司射: [{適: 堂西, 相左: {with: 司馬, at: 階前}}]\n",
        "bad.yaml:8:12: error: step s001: 司射 passes 司馬 (相左) but 司馬 has no 相左 with 司射: declare it "
        "on both\n        司射: [{適: 堂西, 相左: {with: 司馬, at: 階前}}]\n               ^\n"),
    "a step without text": (
        "  - do:\n      司射: [揖]\n",
        "bad.yaml:6:5: error: a step needs 'text': the 經 clause it enacts, verbatim\n    - do:\n      ^\n"),
    "a misspelt key": (
        "  - text: 揖\n    doo:\n      司射: [揖]\n",
        "bad.yaml:7:5: error: unknown key 'doo' in a step\n      doo:\n      ^\ndid you mean 'do'?\n"),
    "a modifier the verb does not take": (
        "  - text: 揖\n    do:\n      司射: [{揖: null, 由: 司馬之南}]\n",
        "bad.yaml:8:22: error: '揖' takes no modifier '由' (it takes: none)\n"
        "        司射: [{揖: null, 由: 司馬之南}]\n" + " " * 26 + "^\n"),
}


@pytest.mark.parametrize("case", CASES)
def test_exact_error_message(case, tmp_path, monkeypatch, capsys):
    body, expected = CASES[case]
    (tmp_path / "bad.yaml").write_text(HEAD + body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["tracks", "bad.yaml", "-o", "out.json"]) == 2
    assert capsys.readouterr().err == expected
    assert not (tmp_path / "out.json").exists()


def test_bad_yaml_and_missing_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text("title: t\nfigures: [\n", encoding="utf-8")
    assert main(["tracks", "bad.yaml", "-o", "o.json"]) == 2
    assert capsys.readouterr().err.startswith("bad.yaml:3:1: error: not valid YAML")
    assert main(["tracks", "nosuch.yaml", "-o", "o.json"]) == 2
    assert "no such script: nosuch.yaml" in capsys.readouterr().err


def test_unknown_reading_names_the_known_ones(capsys):
    assert main(["tracks", "xiangshe/e01-youshe", "--reading", "zhneg", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "unknown reading 'zhneg'" in err and "did you mean 'zheng'?" in err


def test_no_traceback_from_the_console_script(tmp_path):
    (tmp_path / "bad.yaml").write_text(HEAD + CASES["unknown verb"][0], encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "choreo", "tracks", "bad.yaml", "-o", "x.json"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert textwrap.dedent(out.stderr).startswith("bad.yaml:8:12: error: unknown verb")
