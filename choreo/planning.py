"""The public way in: a script file (or the bundled default) planned for a venue and a reading."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from choreo.errors import ScriptError, suggest
from choreo.model import Choreography
from choreo.paths import scripts_dir
from choreo.planner import Planner
from choreo.script import Script, apply_options, apply_reading
from stage.model import Venue

DEFAULT_SCRIPT = "xiangshe/full.yaml"
FALLBACK_SCRIPT = "xiangshe/e01-youshe.yaml"


def default_script() -> Path:
    """The bundled script ``choreo render`` and ``choreo view`` use with no script named."""
    full = scripts_dir() / DEFAULT_SCRIPT
    return full if full.exists() else scripts_dir() / FALLBACK_SCRIPT


def bundled_scripts() -> list[Path]:
    return sorted(p for p in scripts_dir().rglob("*.yaml"))


def find_script(name: str | Path | None) -> Path:
    """A script path as given, or a bundled script by its name (``e01-youshe`` or ``xiangshe/e01-youshe``)."""
    if name is None:
        return default_script()
    path = Path(name)
    if path.exists():
        return path
    candidates = {p.relative_to(scripts_dir()).with_suffix("").as_posix(): p for p in bundled_scripts()}
    candidates.update({p.stem: p for p in bundled_scripts()})
    key = path.with_suffix("").as_posix() if path.suffix == ".yaml" else str(name)
    if key in candidates:
        return candidates[key]
    raise ScriptError(f"no such script: {name}", None, suggest(str(name), candidates))


def load_script(name: str | Path | None) -> Script:
    """The script parsed once while its files are unchanged (choreo.script_cache)."""
    from choreo import script_cache

    return script_cache.load(find_script(name))


def script_readings(path: str | Path | None) -> list[str]:
    return list(load_script(path).reading_names)


def load_venue(key: str):
    """A venue by key or path, loaded once while its files are unchanged (venues are immutable): the files it
    read last time (the venue file and every file it extends, wherever they are) must all still be as they were."""
    from stage.loader import venue_path
    from stage.marked_yaml import note_read

    path = str(Path(venue_path(key)))
    with _VENUES_LOCK:
        cached = _VENUES.get(path)
    if cached is None or _stamp(cached[1]) != cached[2]:
        cached = _read_venue(path)
        with _VENUES_LOCK:
            _VENUES.pop(path, None)
            _VENUES[path] = cached
            while len(_VENUES) > _VENUES_KEPT:
                del _VENUES[next(iter(_VENUES))]
    venue, files, _ = cached
    note_read(*files)  # read once, but an input of every run that uses it (outputs may not replace it)
    return venue


_VENUES: dict[str, tuple[Venue, frozenset, tuple | None]] = {}  # path → (venue, files read, their stamp)
_VENUES_KEPT = 8
_VENUES_LOCK = threading.Lock()  # the viewer plans in a background thread
# A file whose time is this close to the start of the reading may have changed while it was read (file
# times lag the clock by a tick): such a venue is not kept (choice: 50 ms, well above the tick of any clock).
_UNSURE_NS = 50_000_000


def _stamp(files) -> tuple:
    """(name, mtime, size) of each file, None for one that is gone: any change means reading again."""
    out = []
    for f in sorted(files):
        try:
            st = os.stat(f)
        except OSError:
            out.append((str(f), None))
            continue
        out.append((str(f), st.st_mtime_ns, st.st_size))
    return tuple(out)


def _read_venue(path: str) -> tuple[Venue, frozenset, tuple | None]:
    from stage.loader import load_venue as load
    from stage.marked_yaml import recording_reads

    started = time.time_ns()
    with recording_reads() as files:
        venue = load(path)
    files = frozenset(files)
    stamp = _stamp(files)
    if any(len(entry) == 3 and entry[1] >= started - _UNSURE_NS for entry in stamp):
        stamp = None  # never equal to a fresh stamp: read again next time
    return venue, files, stamp


def plan(script: Script, *, venue: str | None = None, reading: str | None = None,
         from_step: str | None = None, to_step: str | None = None, options=()) -> Choreography:
    """Plan a parsed script. ``from_step``/``to_step`` keep the whole plan but only those steps' span;
    ``options``: the text's branches chosen (choreo.options), applied after the reading."""
    selected, name = apply_reading(script, reading)
    selected, chosen = apply_options(selected, tuple(options), name)
    choreography = Planner(selected, load_venue(venue or script.venue), name, chosen).plan()
    if from_step or to_step:
        choreography = restrict(choreography, from_step, to_step)
    return choreography


def plan_script(path: str | Path | None = None, *, venue: str | None = None, reading: str | None = None,
                from_step: str | None = None, to_step: str | None = None, options=()) -> Choreography:
    """Parse and plan a script file (default: the bundled full 鄉射禮 sequence)."""
    return plan(load_script(path), venue=venue, reading=reading, from_step=from_step, to_step=to_step,
                options=options)


def step_span(choreography: Choreography, from_step: str | None, to_step: str | None) -> tuple[int, int]:
    """Indices of the first and last step of ``--from``/``--to`` (ids; None: the ends), checked once for
    every command: an unknown id suggests the closest, and the two must come in order."""
    ids = [s.id for s in choreography.steps]
    for flag, given in (("--from", from_step), ("--to", to_step)):
        if given is not None and given not in ids:
            raise ScriptError(f"{flag}: no step '{given}' in {choreography.script}", None, suggest(given, ids))
    first = ids.index(from_step) if from_step else 0
    last = ids.index(to_step) if to_step else len(ids) - 1
    if last < first:
        raise ScriptError(f"--from {from_step} comes after --to {to_step}")
    return first, last


def restrict(choreography: Choreography, from_step: str | None, to_step: str | None) -> Choreography:
    """The same Choreography with only the steps from ``from_step`` to ``to_step`` (inclusive).

    Tracks are kept whole (figures are where the full plan puts them); consumers use the steps'
    span [first.t0, last.t1] as the window to draw, check or export.
    """
    from dataclasses import replace

    first, last = step_span(choreography, from_step, to_step)
    steps = choreography.steps[first:last + 1]
    t0, t1 = steps[0].t0, max(s.t1 for s in steps)
    events = tuple(e for e in choreography.events if t0 <= e.t <= t1)
    return replace(choreography, steps=steps, events=events)
