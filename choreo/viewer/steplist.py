"""The rows of the viewer's list of steps, in play order (pure: no pygame).

Without the other reading overlaid, a row per step of the drawn reading. With it, the list is the timeline
the viewer plays: each run of the other reading's pieces (choreo.render.comparetime.runs, which the
viewer's detours play and the comparison video inserts) lists that reading's own steps among its pieces, one
row each, right after our step the run follows (where the video's order puts them). A run's piece that is
the rest of a shared step, longer under the other reading, is no row: it is that step still, whose row
stays current (as the video's header counts it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from choreo.model import Step


@dataclass(frozen=True, eq=False)
class Row:
    """One row: our step ``step`` (an index into the drawn reading's steps), or, with ``other``, a step
    only the other reading has, played after our step ``step``; ``reading`` names that reading, ``number``
    is the step's place among that reading's ``count`` steps (from 1: the list's title counts it so)."""

    step: int
    other: Step | None = None
    reading: str = ""
    number: int = 0
    count: int = 0


@dataclass(frozen=True)
class StepList:
    rows: tuple[Row, ...]

    @classmethod
    def plain(cls, n: int) -> StepList:
        """The drawn reading's n steps, one row each."""
        return cls(tuple(Row(i) for i in range(n)))

    @classmethod
    def compared(cls, ids: tuple[str, ...], comparison, runs) -> StepList:
        """Our steps (their ``ids``, in order) with the other reading's own steps of ``runs`` among them."""
        reading = comparison.names()[1]
        theirs = comparison.b.steps
        place = {id(s): k + 1 for k, s in enumerate(theirs)}
        after: dict[int, list[Step]] = {}
        for run in runs:
            i = ids.index(run.after.id) if run.after.id in ids else -1
            for step, _ in run.pieces:
                entry = comparison.entry(step.id)
                if i >= 0 and entry is not None and entry.a is None and entry.b is step:
                    after.setdefault(i, []).append(step)
        rows: list[Row] = []
        for i in range(len(ids)):
            rows.append(Row(i))
            rows += [Row(i, step, reading, place.get(id(step), 0), len(theirs)) for step in after.get(i, ())]
        return cls(tuple(rows))

    def __len__(self) -> int:
        return len(self.rows)

    @cached_property
    def key(self) -> tuple:
        """What the drawn rows depend on besides the plan (the viewer's load counter keys that): the other
        reading's rows; empty without them, so a plain list is drawn and cached as before."""
        return tuple((k, r.step, r.other.id, r.other.text, r.reading) for k, r in enumerate(self.rows) if r.other)

    @cached_property
    def _ours(self) -> dict[int, int]:
        return {r.step: k for k, r in enumerate(self.rows) if r.other is None}

    @cached_property
    def _others(self) -> dict[int, int]:
        return {id(r.other): k for k, r in enumerate(self.rows) if r.other is not None}

    def beside(self, row: int, way: int) -> int:
        """The row ``way`` (+1, -1) from ``row`` as listed, the other reading's rows among ours, kept within
        the list (←/→ step through the rows as the comparison video plays them)."""
        return max(0, min(len(self.rows) - 1, row + way))

    def row_of(self, step: int, other: Step | None = None) -> int:
        """The row current when our step ``step`` is on screen, or, when ``other`` (a Step of the other
        reading being shown: pinned, or played by a detour) has a row, that row; -1 for none."""
        if other is not None and id(other) in self._others:
            return self._others[id(other)]
        return self._ours.get(step, -1)
