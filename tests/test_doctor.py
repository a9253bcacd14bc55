"""``choreo doctor``: one ok/FAIL line per check, exit 0 only when all pass, a fix for every failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import choreo.paths
from choreo.cli import main

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("python", "SDL headless", "bundled font", "ffmpeg", "assets", "shapely, numpy")


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("ok ", "FAIL "))]


def test_doctor_in_process_all_ok(capsys):
    status = main(["doctor"])
    out = capsys.readouterr().out
    lines = _lines(out)
    assert [line.split(":")[0].split(None, 1)[1] for line in lines] == list(NAMES)
    assert status == 0, out
    assert all(line.startswith("ok ") for line in lines), out
    assert "libx264" in out and "NotoSerifCJKtc-yili.otf" in out and "xie" in out
    assert out.rstrip().endswith("all checks passed")


def test_doctor_as_a_module_subprocess():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SDL_VIDEODRIVER", None)  # doctor must find the dummy driver by itself
    out = subprocess.run([sys.executable, "-m", "choreo", "doctor"], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert len(_lines(out.stdout)) == len(NAMES)
    assert "Traceback" not in out.stderr


def test_missing_font_fails_with_the_fix(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(choreo.paths, "font_file", lambda: tmp_path / "gone.otf")
    status = main(["doctor"])
    out = capsys.readouterr().out
    assert status == 1
    font_line = next(line for line in _lines(out) if "bundled font" in line)
    assert font_line.startswith("FAIL") and "gone.otf is missing" in font_line
    assert "python tools/make_font.py" in font_line
    assert out.rstrip().endswith("1 check(s) failed")


def test_broken_ffmpeg_fails_without_a_traceback(capsys, monkeypatch, tmp_path):
    import imageio_ffmpeg

    monkeypatch.setattr(imageio_ffmpeg, "get_ffmpeg_exe", lambda: str(tmp_path / "ffmpeg"))
    status = main(["doctor"])
    out = capsys.readouterr()
    assert status == 1
    ffmpeg_line = next(line for line in _lines(out.out) if "ffmpeg" in line)
    assert ffmpeg_line.startswith("FAIL") and "imageio-ffmpeg" in ffmpeg_line
    assert "Traceback" not in out.out + out.err
