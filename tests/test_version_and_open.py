"""``choreo --version`` from the package metadata; ``render -p/--open`` with a fake desktop opener."""

import os
import subprocess
import sys
from importlib import metadata

import imageio.v3 as iio
import pytest

from choreo.cli import main
from choreo.paths import scripts_dir

SCRIPT = str(scripts_dir() / "xiangshe" / "e01-youshe.yaml")
linux_only = pytest.mark.skipif(not sys.platform.startswith(("linux", "freebsd", "openbsd")),
                                reason="xdg-open is the opener here (macOS: open, Windows: os.startfile)")


def test_version_is_the_installed_distributions():
    out = subprocess.run([sys.executable, "-m", "choreo", "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"choreo {metadata.version('yili-choreo')}"


def _fake_opener(folder, status=0):
    """An ``xdg-open`` that records what it was asked to open and exits with ``status``."""
    program = folder / "xdg-open"
    program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/opened"\necho "no viewer for it" >&2\n'
                       f"exit {status}\n", encoding="utf-8")
    program.chmod(0o755)
    return folder / "opened"


@linux_only
def test_open_hands_the_written_file_to_the_desktop_opener(tmp_path, monkeypatch, capsys):
    opened = _fake_opener(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.chdir(tmp_path)
    assert main(["render", SCRIPT, "-o", "still.png", "--size", "320x180", "-p"]) == 0
    assert opened.read_text(encoding="utf-8").splitlines() == [str(tmp_path / "still.png")]
    assert iio.imread(tmp_path / "still.png").shape == (180, 320, 3)
    assert "--open" not in capsys.readouterr().err


@linux_only
def test_open_says_why_when_there_is_no_viewer_and_keeps_the_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("DISPLAY", ":0")
    assert main(["render", SCRIPT, "-o", "a.png", "--size", "320x180", "--open"]) == 0
    assert (f"--open: cannot open {tmp_path / 'a.png'}: xdg-open is not installed (the package xdg-utils "
            "has it); it is written, open it by hand") in capsys.readouterr().err
    _fake_opener(empty)
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["render", SCRIPT, "-o", "b.png", "--size", "320x180", "--open"]) == 0
    assert "there is no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set)" in capsys.readouterr().err
    assert not (empty / "opened").exists()
    _fake_opener(empty, status=3)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert main(["render", SCRIPT, "-o", "c.png", "--size", "320x180", "--open"]) == 0
    assert "xdg-open exited with status 3: no viewer for it" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".png") == ["a.png", "b.png", "c.png"]
    assert os.path.getsize(tmp_path / "c.png") > 0
