"""Parsed scripts kept while their files are unchanged, so that re-planning for another venue or
reading (the viewer's switch, ``choreo check`` over venues and readings) does not parse again.

An entry is valid while the script file, every file it includes (each passage of a sequence is
itself an entry) and the files of its venue have the modification time and size they had when it
was parsed. Scripts are immutable, so one parsed Script is shared by every caller.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from choreo.script import Script
from choreo.script_parser import parse_script
from stage.marked_yaml import note_read

# choice: room for the bundled sequence (1 + 13 passages) and a few scripts more; an entry of the
# whole rite is some megabytes, so the bound keeps a long viewer session's memory flat.
MAX_ENTRIES = 32

Stamp = tuple[str, int, int] | tuple[str, None, None]  # path, st_mtime_ns, st_size (None: missing)


@dataclass(frozen=True)
class _Entry:
    script: Script
    stamps: tuple[Stamp, ...]


_entries: OrderedDict[tuple[str, str], _Entry] = OrderedDict()
_lock = threading.Lock()  # the viewer re-plans in a thread
# While a script is parsed, the stamps of the files its includes read are added here.
_reading: ContextVar[list[Stamp] | None] = ContextVar("script_cache_reading", default=None)
parses = 0  # how many times a script file was actually parsed (read by bench/plan.py)


def load(path: str | Path, *, included_by: tuple[Path, ...] = ()) -> Script:
    """The parsed script at ``path`` (as given: it names the file in positions), parsed once while
    it and the files it depends on are unchanged. ``included_by``: as for parse_script (a cycle of
    includes is an error, not a recursion)."""
    global parses
    key = (str(path), os.path.abspath(path))
    with _lock:
        entry = _entries.get(key)
        if entry is not None:
            _entries.move_to_end(key)
    if entry is not None and all(_stamp(s[0]) == s for s in entry.stamps):
        _note(entry.stamps)
        note_read(*(s[0] for s in entry.stamps))  # not read again, but inputs all the same (choreo.atomic)
        return entry.script
    before = _stamp(key[1])
    included: list[Stamp] = []
    token = _reading.set(included)
    try:
        parses += 1
        script = parse_script(path, included_by=included_by, load=load)
    finally:
        _reading.reset(token)
    stamps = tuple(dict.fromkeys((before, *included, *map(_stamp, script.data_files), *_venue_stamps(script.venue))))
    if _stamp(key[1]) == before:  # not edited while it was read
        with _lock:
            _entries[key] = _Entry(script, stamps)
            _entries.move_to_end(key)
            while len(_entries) > MAX_ENTRIES:
                _entries.popitem(last=False)
    _note(stamps)
    return script


def clear() -> None:
    with _lock:
        _entries.clear()


def _note(stamps: tuple[Stamp, ...]) -> None:
    """Tell the script being parsed (if this one is its include) which files it now depends on."""
    outer = _reading.get()
    if outer is not None:
        outer.extend(stamps)


def _stamp(path: str) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return (path, None, None)
    return (path, st.st_mtime_ns, st.st_size)


def _venue_stamps(venue: str) -> list[Stamp]:
    """The venue's file and those beside it (its ``extends`` bases live in the same folder)."""
    from stage.errors import StageError
    from stage.loader import venue_path

    try:
        folder = Path(venue_path(venue)).resolve().parent
    except StageError:
        return []  # an unknown venue: planning reports it
    return [_stamp(str(p)) for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
