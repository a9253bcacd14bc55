"""The other reading planned in the background for the viewer's ghost overlay, and compared with the one
shown (choreo.compare.Comparison: every step's difference computed in the thread, so that the list of
differing steps and the ghosts cost the window nothing)."""

from __future__ import annotations

from choreo.compare import Comparison
from choreo.model import Choreography
from choreo.viewer.jobs import PlanningStopped, Replan
from choreo.viewer.session import Loaded, Session, internal_error


class GhostPlan(Replan):
    """Plans ``session`` (the shown script under another reading) and compares it with ``base``."""

    def __init__(self, base: Choreography, session: Session, what: str, **kw) -> None:
        super().__init__(session, what, **kw)
        self.base = base
        self.comparison: Comparison | None = None

    def _load(self) -> Loaded | None:
        from choreo.errors import YiliError
        from choreo.planning import plan_script

        r = self.session.request
        try:
            other = plan_script(self.session.path or r.script, venue=self.base.venue.key, reading=r.reading,
                                from_step=r.from_step, to_step=r.to_step, options=r.options)
            comparison = Comparison(self.base, other)
            comparison.differing_steps()
            self.comparison = comparison
            return Loaded(other)
        except PlanningStopped:
            return None
        except YiliError as exc:
            return Loaded(None, error=exc.format())
        except BaseException as exc:  # noqa: BLE001 - nothing may escape a thread silently
            return Loaded(None, error=internal_error(exc, "planning the other reading"))
