"""The ``choreo`` command line: a thin dispatcher to ``choreo.commands.<name>``.

Each command module defines ``configure(parser)`` and ``run(args) -> int`` and imports what it
needs inside ``run``, so that ``choreo check`` never loads pygame. Every YiliError a user can cause
is printed as ``FILE:LINE:COL: error: ...`` with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import signal
import sys
import threading

from choreo.errors import Terminated, YiliError

COMMANDS = {
    "plan": "draw a venue's floor plan to PNG or SVG, or list its sources",
    "render": "render a passage to MP4, GIF or PNG, or a still for print (SVG, PDF)",
    "plates": "a passage as printed plates: one small plan per step with its clause (PDF, SVG, PNG)",
    "cues": "a cue sheet for one role: every step he acts in, where he goes, whom he passes (PDF, SVG, PNG)",
    "view": "the interactive viewer",
    "check": "collisions and text constraints",
    "tracks": "write the tracks file (JSON)",
    "list": "bundled scripts, venues and readings",
    "doctor": "check SDL, the bundled font and ffmpeg",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="choreo", description="yili-choreo: see the rites of the 儀禮 move.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, help_text in COMMANDS.items():
        module = _command_module(name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if module is not None:
            module.configure(command_parser)
        command_parser.set_defaults(command_module=module, command_name=name)
    return parser


def package_version() -> str:
    """The installed distribution's version (pyproject.toml), or a note that it is not installed."""
    from importlib import metadata

    try:
        return metadata.version("yili-choreo")
    except metadata.PackageNotFoundError:
        return "(not installed: run from a checkout)"


def _command_module(name: str):
    try:
        return importlib.import_module(f"choreo.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"choreo.commands.{name}":
            return None  # not built yet
        raise


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command_module is None:
        print(f"choreo {args.command_name}: not available in this version", file=sys.stderr)
        return 2
    try:
        with _sigterm_as_interrupt(), _checked_stdout():
            status = int(args.command_module.run(args) or 0)
            sys.stdout.flush()  # a failure now is an error message, not Python's complaint at exit
        return status
    except YiliError as exc:
        print(exc.format(), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (choreo list | head): not an error worth a traceback.
        _silence_stdout()
        return 0

    except KeyboardInterrupt as exc:
        if isinstance(exc, Terminated):
            print(str(exc) or "terminated", file=sys.stderr)
            return 128 + signal.SIGTERM
        print(str(exc) or "interrupted", file=sys.stderr)
        return 130


class _CheckedStdout:
    """sys.stdout, whose failed writes (a full disk: ``> /dev/full``) are ExportErrors naming
    standard output; a reader gone stays a BrokenPipeError (handled as before)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def _failed(self, exc: OSError | ValueError):
        from choreo.errors import ExportError

        _silence_stdout()
        return ExportError(f"cannot write to standard output: {getattr(exc, 'strerror', None) or exc}")

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class _ClosedStdout:
    """Standard output when the command was started with it closed (``choreo list >&-``): Python's sys.stdout
    is then None and print() drops every line; here a write fails as on a closed descriptor, and a command
    that writes nothing still succeeds."""

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise OSError(errno.EBADF, "it is closed")

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


@contextlib.contextmanager
def _checked_stdout():
    if isinstance(sys.stdout, _CheckedStdout):
        yield
        return
    original = sys.stdout
    sys.stdout = _CheckedStdout(_ClosedStdout() if original is None else original)
    try:
        yield
    finally:
        if isinstance(sys.stdout, _CheckedStdout):  # not replaced by _silence_stdout meanwhile
            sys.stdout = original


def _silence_stdout() -> None:
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
    except OSError:
        pass


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """While a command runs, SIGTERM raises Terminated (a KeyboardInterrupt) in the main thread, so
    that an export killed by ``timeout`` or a scheduler removes its partial file as on Ctrl-C."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield
        return

    def terminated(signum, frame):
        raise Terminated("terminated")

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
