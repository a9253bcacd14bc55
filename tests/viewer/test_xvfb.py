"""The viewer in a real X server (Xvfb): it opens a window, draws, answers keys and quits on q."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

DRIVER = Path(__file__).with_name("xvfb_driver.sh")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run not installed (CI installs it)")
def test_viewer_in_xvfb_draws_a_window_and_quits(tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHON=sys.executable)
    env.pop("SDL_VIDEODRIVER", None)
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "bash", str(DRIVER),
                          "xiangshe/e01-youshe", str(shot)], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=90)
    assert out.returncode == 0, out.stderr
    assert shot.exists()
    import pygame

    img = pygame.surfarray.array3d(pygame.image.load(str(shot)))
    assert img.shape[:2] == (1280, 800)
    window = img[:1240, :760]
    assert len(np.unique(window.reshape(-1, 3), axis=0)) > 100  # a drawn window, not a blank screen
    assert window.std() > 30
    if os.environ.get("VIEWER_SCREENSHOT"):  # python -m pytest ... with VIEWER_SCREENSHOT=docs/img/viewer.png
        shutil.copy(shot, os.environ["VIEWER_SCREENSHOT"])
