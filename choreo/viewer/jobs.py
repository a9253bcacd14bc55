"""Work the viewer hands off so that its window keeps answering: planning a script (at start, on a
reload, for another venue or reading) in a thread with a time limit, and exporting an MP4 with
``choreo render`` in a child process."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from choreo.viewer.session import Loaded, Session, internal_error

RESEND = 0.25  # s between two tries at stopping a planning thread


class PlanningStopped(BaseException):
    """Raised inside a planning thread that ran past its time limit (a BaseException, so that no
    ``except Exception`` in the planner swallows it)."""


class Replan:
    """One background planning of a session: the thread, and what it produced once done.

    Planning is pure Python (no pygame), so it runs beside the drawing; the viewer swaps the
    result in, at the same step, when :meth:`done`. A job past its ``limit`` is stopped by raising
    :class:`PlanningStopped` in its thread (choice: a thread, not a child process, so that the plan
    needs no pickling back; CPython delivers the exception at the planner's next bytecode, so only a
    single long C call, a shapely operation, can delay it).
    """

    def __init__(self, session: Session, what: str, *, done_text: str | None = None, limit: float = 60.0,
                 wake: Callable[[], None] | None = None) -> None:
        self.session, self.what, self.limit = session, what, limit
        self.done_text = what if done_text is None else done_text  # said once it worked ("reloaded x.yaml")
        self.loaded: Loaded | None = None
        self.started: float | None = None
        self.stopping = False
        self._sent = 0.0
        self._wake = wake
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="choreo-replan", daemon=True)

    def start(self) -> None:
        self.started = time.perf_counter()
        self.thread.start()

    def elapsed(self) -> float:
        return 0.0 if self.started is None else time.perf_counter() - self.started

    def overdue(self) -> bool:
        return self.elapsed() > self.limit

    def _run(self) -> None:
        try:
            loaded = self._load()
        except PlanningStopped:  # a second one, sent while the first was being handled
            loaded = None
        while True:  # one more may arrive until the result is in (then no more are sent)
            try:
                with self._lock:
                    self.loaded = self.loaded or loaded or self._timed_out()
                break
            except PlanningStopped:
                continue
        if self._wake is not None:
            self._wake()

    def _load(self) -> Loaded | None:
        """The session loaded, or None when it was stopped."""
        try:
            return self.session.load()  # turns every error into text itself
        except PlanningStopped:
            return None
        except BaseException as exc:  # noqa: BLE001 - nothing may escape a thread silently
            return Loaded(None, error=internal_error(exc, "planning"))

    def _timed_out(self) -> Loaded:
        where = self.session.path or self.session.request.script or "the script"
        return Loaded(None, error=f"{where}: error: planning took longer than {self.limit:g} s and was stopped\n"
                                  "(choreo view --plan-limit SECONDS gives it longer; choreo check SCRIPT "
                                  "plans it on the terminal)")

    def stop(self) -> None:
        """Stop the planning thread (past its limit, or replaced by a newer request); it ends with
        the time-out as its result. Called again while the thread runs, it sends the exception again
        (at most every RESEND s): one raised inside a garbage-collector or weakref callback, which
        can run in any thread, is printed and dropped there."""
        with self._lock:
            if self.loaded is not None or not self.thread.is_alive():
                return
            now = time.perf_counter()
            if self.stopping and now - self._sent < RESEND:
                return
            self.stopping, self._sent = True, now
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                       ctypes.py_object(PlanningStopped))

    def done(self) -> bool:
        return self.loaded is not None


class Export:
    """``choreo render`` of a step range in a child process (the same code path as the command line,
    with its atomic write: the file appears complete or not at all)."""

    def __init__(self, script: Path, venue: str, reading: str, first: str, last: str, out: Path,
                 options: tuple[str, ...] = ()) -> None:
        self.out = out
        cmd = [sys.executable, "-m", "choreo", "render", str(script), "--venue", venue, "--reading", reading,
               *(f"--outcome={o}" for o in options), "--from", first, "--to", last, "-o", str(out), "--quiet"]
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
