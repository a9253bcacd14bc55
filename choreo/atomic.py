"""Writing output files so that they appear complete or not at all (no pygame here).

Every file the tool writes (a tracks file, an image, an SVG plan, the temporary file behind a video) is
checked before any work starts — a missing or read-only folder fails at once — and written to a
temporary file beside the destination, renamed into place on success and removed on failure.

- An output that is a symbolic link is written *through*: the file it points to is replaced and the
  link stays (as the shell's ``>`` does). choice: a user who links ``latest.mp4`` to a file means
  that file; replacing the link by a file would silently cut it.
- An output that is one of the run's inputs (the same file by device and inode: a script, an
  included script, a venue file, also through a link or a hard link) is refused (see :func:`protect`).
- Temporary files are named ``.NAME.PID.XXXXXXXX.part.EXT``; one left by a killed run (its owner
  process gone, untouched for :data:`STALE_AFTER` seconds) is removed when the next export into that
  folder starts (:func:`sweep_stale`). Nothing else in the folder is touched.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from choreo.errors import ExportError

# choice: ten minutes untouched. A live export rewrites its file continuously (and its pid is alive);
# a still or a palette lives for under a second. A file left that long by a dead process is ours to remove.
STALE_AFTER = 10 * 60
# Ours: ``.NAME.PID.XXXXXXXX.part.EXT``; before PIDs were in the name, ``.NAME.XXXXXXXX.part.EXT``.
_PART = re.compile(r"^\..+\.(?P<pid>\d+)\.[a-z0-9_]{8}\.part(\.[A-Za-z0-9]+)?$")
_PART_OLD = re.compile(r"^\..+\.[a-z0-9_]{8}\.part(\.[A-Za-z0-9]+)?$")

_protected: contextvars.ContextVar[tuple[Iterable, ...]] = contextvars.ContextVar("protected_inputs", default=())


@contextlib.contextmanager
def protect(inputs: Iterable[str | os.PathLike]) -> Iterator[None]:
    """Inside the block no output may be one of ``inputs`` (the same file by device and inode).

    ``inputs`` is read at each check, so a set that grows while the script is parsed and planned
    (:func:`stage.marked_yaml.recording_reads`) protects every file read so far.
    """
    token = _protected.set((*_protected.get(), inputs))
    try:
        yield
    finally:
        _protected.reset(token)


def refuse_inputs(out: Path) -> None:
    """An ExportError if writing ``out`` would replace an input of this run (see :func:`protect`)."""
    try:
        st = os.stat(out)  # follows a link: its target is what would be replaced
    except OSError:
        return
    for inputs in _protected.get():
        for path in list(inputs):
            try:
                same = os.path.samestat(st, os.stat(path))
            except OSError:
                continue
            if same:
                raise ExportError(f"cannot write '{out}': it is an input of this run ({path}); "
                                  "choose another output name")


def target_of(out: Path) -> Path:
    """The file actually replaced: ``out``, or the end of the chain of links ``out`` is."""
    return Path(os.path.realpath(out)) if out.is_symlink() else out


def check_destination(path: str | os.PathLike, suffixes: tuple[str, ...], what: str) -> Path:
    """The output path, or an ExportError saying why it cannot be written (before any work)."""
    out = Path(path)
    if out.suffix.lower() not in suffixes:
        listed = ", ".join(suffixes[:-1]) + f" or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]
        raise ExportError(f"cannot write '{out}': {what} writes {listed}")
    target = target_of(out)
    folder = target.parent
    via = f" (the link points to '{target}')" if target != out else ""
    if not folder.is_dir():
        raise ExportError(f"cannot write '{out}': folder '{folder}' does not exist{via}")
    if target.is_dir():
        raise ExportError(f"cannot write '{out}': it is a folder{via}")
    refuse_inputs(out)
    sweep_stale(folder)
    # A real probe, not os.access: root passes every access check, even on a read-only file system.
    fd, probe = temporary_beside(out)
    os.close(fd)
    probe.unlink(missing_ok=True)
    return out


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def temporary_beside(out: Path, suffix: str | None = None) -> tuple[int, Path]:
    """A temporary file in the folder of the file ``out`` replaces, with the permissions that file
    has (or a new file would get: mkstemp makes it private; the result is for sharing)."""
    target = target_of(out)
    folder = target.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.",
                                   suffix=f".part{target.suffix if suffix is None else suffix}", dir=folder)
    except OSError as exc:
        raise ExportError(f"cannot write '{out}': folder '{folder}' is not writable ({exc.strerror})") from None
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        mode = 0o666 & ~umask()
    os.fchmod(fd, mode)
    return fd, Path(tmp)


def sweep_stale(folder: str | os.PathLike, now: float | None = None) -> list[Path]:
    """Remove temporary files of ours that a killed run left in ``folder``; returns those removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _PART.match(entry.name) or _PART_OLD.match(entry.name)
        if match is None:
            continue
        pid = match.groupdict().get("pid")
        try:
            if not entry.is_file(follow_symlinks=False) or now - entry.stat().st_mtime < STALE_AFTER:
                continue
            if pid and _alive(int(pid)):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:  # gone meanwhile, or not ours to remove: leave it
            continue
    return removed


def _alive(pid: int) -> bool:
    if os.name != "posix":
        return True  # no harmless way to ask; the age alone decides there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def write_all(fd: int, data: bytes | memoryview) -> None:
    """Write every byte or raise OSError (os.write may write less than asked)."""
    view = memoryview(data).cast("B")
    while view:
        view = view[os.write(fd, view):]


def write_bytes(out: Path, data: bytes) -> Path:
    """Write ``data`` to ``out`` atomically; a full disk or any failure leaves no file and says so."""
    fd, tmp = temporary_beside(out)
    try:
        try:
            write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, target_of(out))
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"cannot write '{out}': {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return out


def write_text(out: Path, text: str) -> Path:
    """Write ``text`` to ``out`` atomically (UTF-8)."""
    return write_bytes(out, text.encode("utf-8"))


def write_stdout(text: str, what: str) -> None:
    """Write ``text`` to standard output, every byte checked (a closed stream, a full disk, a reader gone)."""
    import sys

    stream = sys.stdout
    if stream is None:
        raise ExportError(f"cannot write {what} to standard output: it is closed")
    try:
        stream.flush()
        write_all(stream.fileno(), text.encode("utf-8"))
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing left for the flush at exit to fail on
        raise ExportError(f"cannot write {what} to standard output: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None
