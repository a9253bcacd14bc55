"""``include:`` and a script's ``venue:`` name files beside the script or among the bundled assets only;
cycles, a passage named twice and folders are errors at the entry; an error never shows another file."""

import pytest

from choreo.cli import main
from choreo.paths import scripts_dir

PASSAGE = (scripts_dir() / "xiangshe" / "e03-qushi.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("include, message", [
    ("[self.yaml]", "self.yaml:2:11: error: scripts include each other in a cycle: self.yaml → self.yaml"),
    ("[e03.yaml, e03.yaml]", "self.yaml:2:21: error: 'e03.yaml' is included twice (each passage once; a repeat "
                             "of its steps is written with 'repeat:')"),
    ("[.]", "self.yaml:2:11: error: no such script to include: . (a folder, not a file)"),
    ("[/etc/shadow]", "self.yaml:2:11: error: script to include '/etc/shadow' is outside the script's folder and "
                      "the bundled assets (name it on the command line instead)"),
    ("[../../etc/passwd]", "self.yaml:2:11: error: script to include '../../etc/passwd' is outside the script's "
                           "folder and the bundled assets (name it on the command line instead)"),
])
def test_a_bad_include_is_an_error_at_its_entry(include, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "e03.yaml").write_text(PASSAGE, encoding="utf-8")
    (tmp_path / "self.yaml").write_text(f"title: t\ninclude: {include}\n", encoding="utf-8")
    assert main(["check", "self.yaml"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == message


def test_an_include_cycle_through_two_files(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text("title: a\ninclude: [b.yaml]\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("title: b\ninclude: [a.yaml]\n", encoding="utf-8")
    assert main(["check", "a.yaml"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        "b.yaml:2:11: error: scripts include each other in a cycle: a.yaml → b.yaml → a.yaml")


def test_a_venue_outside_the_script_folder_is_refused_and_never_echoed(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    secret = tmp_path / "elsewhere" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text("PASSWORD-LINE: x\n", encoding="utf-8")
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "s.yaml").write_text(PASSAGE.replace("venue: xie", "venue: ../elsewhere/secret.yaml"),
                                             encoding="utf-8")
    assert main(["check", "here/s.yaml"]) == 2
    err = capsys.readouterr().err
    line = PASSAGE.splitlines().index("venue: xie") + 1
    assert err.startswith(f"here/s.yaml:{line}:8: error: venue file '../elsewhere/secret.yaml' is outside the "
                          "script's folder and the bundled assets")
    assert "PASSWORD" not in err


def test_an_error_shows_no_line_of_a_file_that_is_not_yaml(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("title: [\n", encoding="utf-8")
    assert main(["check", "notes.txt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("notes.txt:2:1: error: not valid YAML") and "title: [" not in err


def test_a_venue_that_is_not_a_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text("title: t\nvenue: {}\nfigures:\n  司射: {at: 司射位}\nsteps:\n"
                                     "  - {text: 揖, do: {司射: [揖]}}\n", encoding="utf-8")
    assert main(["check", "s.yaml"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        "s.yaml:2:8: error: 'venue' must be a venue's key (xie, xiang) or a venue file's name")
