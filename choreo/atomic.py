"""Writing output files so that they appear complete or not at all (no pygame here).

Every file the tool writes (a tracks file, an SVG plan, the temporary file behind a video) is
checked before any work starts — a missing or read-only folder fails at once — and written to a
temporary file beside the destination, renamed into place on success and removed on failure.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from choreo.errors import ExportError


def check_destination(path: str | os.PathLike, suffixes: tuple[str, ...], what: str) -> Path:
    """The output path, or an ExportError saying why it cannot be written (before any work)."""
    out = Path(path)
    if out.suffix.lower() not in suffixes:
        listed = ", ".join(suffixes[:-1]) + f" or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]
        raise ExportError(f"cannot write '{out}': {what} writes {listed}")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise ExportError(f"cannot write '{out}': folder '{folder}' does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ExportError(f"cannot write '{out}': folder '{folder}' is not writable")
    if out.is_dir():
        raise ExportError(f"cannot write '{out}': it is a folder")
    return out


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def temporary_beside(out: Path) -> tuple[int, Path]:
    """A temporary file in the destination's folder with the permissions a new file would get
    (mkstemp makes it private; the result is for sharing)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=f".part{out.suffix}",
                               dir=out.parent if str(out.parent) else ".")
    os.fchmod(fd, 0o666 & ~umask())
    return fd, Path(tmp)


def write_text(out: Path, text: str) -> Path:
    """Write ``text`` to ``out`` atomically (UTF-8)."""
    try:
        fd, tmp = temporary_beside(out)
    except OSError as exc:
        raise ExportError(f"cannot write '{out}': {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return out
