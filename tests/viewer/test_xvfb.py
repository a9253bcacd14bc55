"""The viewer in a real X server (Xvfb): it opens a window, draws, answers keys and quits on q; a
script with an error opens on the error page."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.viewer.test_newuser import POINTED_SCRIPT, warm

DRIVER = Path(__file__).with_name("xvfb_driver.sh")
ROOT = Path(__file__).resolve().parents[2]
needs_xvfb = pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run not installed (CI installs it)")


def screenshot(script: str, shot: Path, keys: str | None = None):
    """The X screen (1280×800) once the viewer has planned ``script`` and been sent ``keys``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHON=sys.executable)
    env.pop("SDL_VIDEODRIVER", None)
    if keys is not None:
        env["KEYS"] = keys
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "bash", str(DRIVER), script, str(shot)],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    import pygame

    img = pygame.surfarray.array3d(pygame.image.load(str(shot)))
    assert img.shape[:2] == (1280, 800)
    return img


@needs_xvfb
def test_viewer_in_xvfb_draws_a_window_and_quits(tmp_path):
    img = screenshot("xiangshe/e01-youshe", tmp_path / "shot.png")
    window = img[:1240, :760]
    assert len(np.unique(window.reshape(-1, 3), axis=0)) > 100  # a drawn window, not a blank screen
    assert window.std() > 30
    if os.environ.get("VIEWER_SCREENSHOT"):  # python -m pytest ... with VIEWER_SCREENSHOT=docs/img/viewer.png
        shutil.copy(tmp_path / "shot.png", os.environ["VIEWER_SCREENSHOT"])


@needs_xvfb
def test_viewer_in_xvfb_opens_a_script_with_an_error_on_its_error_page(tmp_path):
    from choreo.viewer import errorpage
    from choreo.viewer.layout import layout

    script = tmp_path / "typo.yaml"
    script.write_text(POINTED_SCRIPT, encoding="utf-8")
    img = screenshot(str(script), tmp_path / "error.png", keys="")
    left, top, w, h = layout((1240, 760)).frame  # the window is 1240×760, near the screen corner
    frame = img[left:left + w, top:top + h]  # a margin of screen around the window counts against it
    assert np.all(frame == errorpage.ERROR_BG, axis=-1).mean() > 0.8
    assert warm(frame).sum() > 40  # the caret and the character it points at
    if os.environ.get("VIEWER_ERROR_SCREENSHOT"):
        shutil.copy(tmp_path / "error.png", os.environ["VIEWER_ERROR_SCREENSHOT"])
