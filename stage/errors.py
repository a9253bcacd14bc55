"""One error tree for everything a user can get wrong, with positions in the file at fault.

Every error prints as ``FILE:LINE:COL: error: message``, then the source line with a caret, then
``did you mean 'X'?`` when a close name exists. ``choreo.errors`` extends this tree.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A position in a source file; line and column are 1-based (PyYAML marks are 0-based)."""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


class YiliError(Exception):
    """Root of every error a user can cause: bad venue, bad script, impossible plan, failed export."""

    def __init__(self, message: str, location: Location | None = None, suggestion: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.suggestion = suggestion

    def with_location(self, location: Location | None) -> YiliError:
        """The same error placed at ``location`` unless it already has a place."""
        if self.location is None and location is not None:
            self.location = location
        return self

    def format(self) -> str:
        """The full report: position, message, the offending line with a caret, the suggestion."""
        head = f"{self.location}: error: {self.message}" if self.location else f"error: {self.message}"
        lines = [head]
        src = _source_line(self.location)
        if src is not None:
            lines.append(f"  {src}")
            lines.append("  " + _caret_pad(src, self.location.col - 1) + "^")
        if self.suggestion:
            lines.append(f"did you mean '{self.suggestion}'?")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


class StageError(YiliError):
    """A venue file or a landmark relation is wrong (unknown name, cycle, missing field)."""


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """The closest known name to a misspelt one, or None: the one suggester of every error message.

    Chinese names are short, so a cutoff of 0.5 lets one wrong character in two or three through
    (左環 → 左還, 西盈 → 西楹) without suggesting unrelated names. Among equally close names the one
    that agrees character by character and has the same length wins (西盈 → 西楹 rather than 階西,
    堂身 → 堂深 rather than 堂, s0l → s01 rather than s10).
    """
    pool = list(dict.fromkeys(candidates))
    if not pool:
        return None

    def score(c: str) -> float:
        same_place = sum(a == b for a, b in zip(name, c, strict=False))
        return (difflib.SequenceMatcher(None, name, c).ratio() + 0.1 * same_place / max(len(name), len(c), 1)
                + (0.2 if len(c) == len(name) else 0.0))

    best = max(pool, key=score)
    return best if difflib.SequenceMatcher(None, name, best).ratio() >= 0.5 else None


def _source_line(location: Location | None) -> str | None:
    """The line an error points at, shown only from a YAML file (a script or venue), so that an error
    cannot print a line of some other file; and never more than the first 4 MB are read."""
    if location is None or not location.path.endswith((".yaml", ".yml")):
        return None
    try:
        with open(location.path, "rb") as fh:
            text = fh.read(4 << 20).decode("utf-8", errors="replace")
    except OSError:
        return None
    lines = text.splitlines()
    if 1 <= location.line <= len(lines):
        return lines[location.line - 1]
    return None


def _caret_pad(line: str, col: int) -> str:
    """Spaces to put under ``line[:col]``; CJK characters are two columns wide in a terminal."""
    import unicodedata

    return "".join("  " if unicodedata.east_asian_width(ch) in "WF" else ("\t" if ch == "\t" else " ")
                   for ch in line[:col])
