"""Loading a script for the viewer: plan it, check it, and turn any failure into text (no pygame).

The viewer never exits on a bad script: :meth:`Session.load` returns a :class:`Loaded` holding either
the Choreography and its checker findings or the error as the command line would print it
(``FILE:LINE:COL: error: …``, the line, a caret, "did you mean"). With ``--watch`` the app polls
:meth:`Session.changed` (the file's mtime and size) and loads again when the file changes on disk.
"""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path

from choreo.errors import YiliError
from choreo.model import Choreography


@dataclass(frozen=True)
class Loaded:
    """One attempt at loading: a Choreography and its violations, or an error text."""

    choreography: Choreography | None
    violations: tuple = ()
    error: str | None = None
    check_error: str | None = None  # the animation is fine but an assertion could not be evaluated


@dataclass(frozen=True)
class Request:
    """What to plan: the script as given, the venue and reading (None: the script's), the step range."""

    script: str | None
    venue: str | None = None
    reading: str | None = None
    from_step: str | None = None
    to_step: str | None = None
    options: tuple[str, ...] = ()  # the text's branches (--outcome), kept for the session


@dataclass
class Session:
    request: Request
    path: Path | None = None
    _stamp: tuple | None = field(default=None, repr=False)

    def load(self) -> Loaded:
        from choreo.planning import find_script, plan_script

        try:
            self.path = Path(find_script(self.request.script))
        except YiliError as exc:
            if self.request.script is not None:  # watch the file the user named, until it appears
                self.path = Path(self.request.script)
                self._stamp = self._stat()
            return Loaded(None, error=exc.format())
        self._stamp = self._stat()
        try:
            ch = plan_script(self.path, venue=self.request.venue, reading=self.request.reading,
                             from_step=self.request.from_step, to_step=self.request.to_step,
                             options=self.request.options)
        except YiliError as exc:
            return Loaded(None, error=exc.format())
        except Exception as exc:  # a planner bug must not close the scholar's window either
            return Loaded(None, error=internal_error(exc, f"planning {self.path}"))
        if not ch.steps:
            return Loaded(None, error=f"{self.path}: error: the script has no steps to show")
        from choreo.check import check

        try:
            return Loaded(ch, tuple(check(ch)))
        except YiliError as exc:
            return Loaded(ch, check_error=exc.format())
        except Exception as exc:
            return Loaded(ch, check_error=internal_error(exc, "checking"))

    def with_(self, **changes) -> Session:
        """The same script with another venue, reading or range (the watch stamp is kept)."""
        return Session(replace(self.request, **changes), self.path, self._stamp)

    def _stat(self) -> tuple | None:
        if self.path is None:
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def changed(self) -> bool:
        """True once each time the script file's mtime or size differs from when it was last loaded."""
        if self.path is None:
            return False
        now = self._stat()
        if now != self._stamp:
            self._stamp = now
            return now is not None  # a file deleted mid-save is not loaded until it is back
        return False


def internal_error(exc: Exception, doing: str) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
    return f"internal error while {doing}: {type(exc).__name__}: {exc}{at}\nplease report it with the script"


def venue_title(key: str) -> str:
    """The venue as the picture names it (庠, 榭) for a key of the command line; the key if it
    cannot be read (the re-plan then reports why)."""
    from stage.loader import load_venue

    try:
        return load_venue(key).title or key
    except (YiliError, OSError):
        return key


def reading_title(ch: Choreography, name: str) -> str:
    """A reading of ``ch``'s script as the picture names it (鄭注・賈疏, 敖繼公), its key if untitled."""
    if name == ch.reading and ch.reading_title:
        return ch.reading_title
    from choreo import script_cache

    try:
        decls = script_cache.load(ch.script).readings
    except (YiliError, OSError):
        return name
    return next((r.title for r in decls if r.name == name and r.title), name)
