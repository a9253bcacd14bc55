"""``choreo render --open``: show what was written in the desktop's viewer for its kind of file.

xdg-open on Linux and the BSDs (when a desktop session is there: $DISPLAY or $WAYLAND_DISPLAY),
``open`` on macOS, the file's associated program on Windows. Without one, a message on stderr says
why and how to open the file by hand; the file is written either way, so the exit status stays 0.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# choice: an opener that has not failed within this time is showing the file; some (xdg-open
# falling back to a program it runs itself) only return when the viewer closes, and we do not wait.
WAIT_SECONDS = 5.0


def opener_command(path: Path) -> list[str] | str:
    """The command that opens ``path``, or a sentence saying why there is none."""
    if sys.platform == "darwin":
        program = shutil.which("open")
        return [program, str(path)] if program else "the 'open' command is missing"
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "there is no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    program = shutil.which("xdg-open")
    return [program, str(path)] if program else "xdg-open is not installed (the package xdg-utils has it)"


def open_file(path: Path, stream=None) -> bool:
    """Open ``path`` with the desktop's viewer; False (and a message on ``stream``) if that cannot be done."""
    stream = stream or sys.stderr
    path = path.resolve()
    if sys.platform == "win32":
        try:
            os.startfile(path)  # noqa: S606 - the user asked for it: their own file, their own viewer
            return True
        except OSError as exc:
            return _cannot(path, exc.strerror or str(exc), stream)
    cmd = opener_command(path)
    if isinstance(cmd, str):
        return _cannot(path, cmd, stream)
    # Its messages go to a file, not a pipe: a viewer it starts inherits them and lives on after
    # we exit, when a pipe's reader would be gone (SIGPIPE).
    with tempfile.TemporaryFile() as errors:
        try:
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=errors, start_new_session=True)
        except OSError as exc:
            return _cannot(path, f"{cmd[0]} could not be started: {exc.strerror or exc}", stream)
        try:
            rc = proc.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            return True  # still running: the viewer it started is up; it goes on without us
        errors.seek(0)
        err = errors.read().decode("utf-8", "replace").strip().splitlines()
    if rc != 0:
        detail = f": {err[-1]}" if err else ""
        return _cannot(path, f"{Path(cmd[0]).name} exited with status {rc}{detail}", stream)
    return True


def _cannot(path: Path, why: str, stream) -> bool:
    print(f"--open: cannot open {path}: {why}; it is written, open it by hand", file=stream)
    return False
