"""``pip install .`` carries everything: build the wheel, install it into a fresh venv, run from elsewhere.

The venv is isolated (no ``--system-site-packages``: from inside a user's venv that would show the base
interpreter's packages, not the venv's) and the wheel is installed with its dependencies from the
package index, as a user's ``pip install`` does (pip's cache makes it quick). yili-choreo itself must come
from the wheel: the tests check that ``choreo`` is imported from inside the venv, never from this checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow

# What a checkout may hold that is not source: never copied into the build.
IGNORE = shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache",
                                ".ruff_cache", ".hypothesis", "out", "*.mp4", "*.gif", ".venv", ".venv-ci", "venv")


def _run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    """Build the wheel from a copy of the checkout and install it, alone, into a fresh venv."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)  # building in place would litter the checkout
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"),
                  str(src)], cwd=base, timeout=180)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (base / "dist").glob("yili_choreo-*.whl")

    venv = base / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    # The running pip installs into the new venv (--python): the wheel and what it depends on.
    install = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheel)],
                   cwd=base, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr
    run_dir = base / "elsewhere"
    run_dir.mkdir()
    return {"src": src, "wheel": wheel, "venv": venv, "python": python, "choreo": venv / "bin" / "choreo", "cwd": run_dir}


def test_wheel_carries_the_assets(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for name in ("choreo/_assets/fonts/NotoSerifCJKtc-yili.otf", "choreo/_assets/fonts/OFL.txt",
                 "choreo/_assets/venues/xie.yaml", "choreo/_assets/venues/xiang.yaml",
                 "choreo/cli.py", "choreo/commands/doctor.py", "choreo/render/fonts.py", "stage/model.py"):
        assert name in names, f"{name} missing from {installed['wheel'].name}"
    # every module of the packages built is in the wheel (a forgotten subpackage would not be)
    src = installed["src"]
    for package in ("stage", "choreo"):
        for path in (src / package).rglob("*.py"):
            assert path.relative_to(src).as_posix() in names, f"{path.relative_to(src)} not packaged"


def test_package_comes_from_the_wheel(installed):
    code = "import choreo, choreo.paths as p; print(choreo.__file__); print(p.font_file())"
    out = _run([str(installed["python"]), "-c", code], cwd=installed["cwd"])
    assert out.returncode == 0, out.stderr
    module_file, font = (Path(line) for line in out.stdout.splitlines())
    venv = installed["venv"].resolve()
    assert venv in module_file.resolve().parents, f"choreo imported from {module_file}, not the venv"
    assert venv in font.resolve().parents and font.is_file()


def test_installed_doctor_passes(installed):
    out = _run([str(installed["choreo"]), "doctor"], cwd=installed["cwd"])
    assert out.returncode == 0, out.stdout + out.stderr
    assert "all checks passed" in out.stdout


def test_installed_plan_writes_a_png(installed):
    out = _run([str(installed["choreo"]), "plan", "--venue", "xie", "-o", "plan.png"], cwd=installed["cwd"])
    assert out.returncode == 0, out.stdout + out.stderr
    png = installed["cwd"] / "plan.png"
    assert png.is_file() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 10_000  # a drawn plan, not an empty canvas
