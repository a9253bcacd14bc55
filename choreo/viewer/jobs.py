"""Work the viewer hands off so that its window keeps answering: planning another venue or reading
in a thread, and exporting an MP4 with ``choreo render`` in a child process."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from choreo.viewer.session import Loaded, Session, internal_error


class Replan:
    """One background planning of a session: the thread, and what it produced once done.

    Planning is pure Python (no pygame), so it runs beside the drawing; the viewer swaps the
    result in, at the same step, when :meth:`done`.
    """

    def __init__(self, session: Session, what: str) -> None:
        self.session, self.what = session, what
        self.loaded: Loaded | None = None
        self.thread = threading.Thread(target=self._run, name="choreo-replan", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        try:
            self.loaded = self.session.load()  # turns every error into text itself
        except BaseException as exc:  # noqa: BLE001 - nothing may escape a thread silently
            self.loaded = Loaded(None, error=internal_error(exc, "re-planning"))

    def done(self) -> bool:
        return not self.thread.is_alive() and self.loaded is not None


class Export:
    """``choreo render`` of a step range in a child process (the same code path as the command line,
    with its atomic write: the file appears complete or not at all)."""

    def __init__(self, script: Path, venue: str, reading: str, first: str, last: str, out: Path) -> None:
        self.out = out
        cmd = [sys.executable, "-m", "choreo", "render", str(script), "--venue", venue, "--reading", reading,
               "--from", first, "--to", last, "-o", str(out), "--quiet"]
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])  # this checkout, also when not installed
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)

    def running(self) -> bool:
        return self.proc.poll() is None

    def outcome(self) -> str:
        """Once it has ended: what to tell the user (the file written, or the first line of the error)."""
        _, err = self.proc.communicate()
        if self.proc.returncode == 0:
            return f"wrote {self.out}"
        lines = (err or "").strip().splitlines()
        return f"export failed: {lines[0] if lines else f'exit status {self.proc.returncode}'}"
