"""Which step is being enacted at time t: written once, for the model, the renderer and the viewer.

Steps may overlap (``start: with``, a step that goes on while the next begins) and need not be
listed in the order they start. The step on at t is the latest-starting one whose span [t0, t1)
covers t (of two starting together, the one listed later). The lookup is a bisection on the sorted
starts, so a frame of a long rite does not scan its four hundred steps.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence


class StepClock:
    """The steps' spans, indexed by start and by end; answers are indices into the steps as listed."""

    def __init__(self, t0: Sequence[float], t1: Sequence[float]) -> None:
        if len(t0) != len(t1):
            raise ValueError("one end per start")
        self._t1 = [float(v) for v in t1]
        self._order = sorted(range(len(t0)), key=lambda i: (t0[i], i))
        self._starts = [float(t0[i]) for i in self._order]
        # the latest end among the steps started so far: when it is past, no earlier step covers t
        self._reach = list(itertools.accumulate((self._t1[i] for i in self._order), max))
        self._by_end = sorted(range(len(t1)), key=lambda i: (t1[i], i))
        self._ends = [self._t1[i] for i in self._by_end]

    def __len__(self) -> int:
        return len(self._t1)

    def covering(self, t: float) -> int | None:
        """The latest-starting step with t0 <= t < t1, or None between steps and outside them."""
        k = bisect.bisect_right(self._starts, t) - 1
        while k >= 0 and self._reach[k] > t:
            i = self._order[k]
            if self._t1[i] > t:
                return i
            k -= 1
        return None

    def last_ended(self, t: float) -> int | None:
        """The step that ended last at or before t (of two ending together, the one listed later)."""
        k = bisect.bisect_right(self._ends, t) - 1
        return self._by_end[k] if k >= 0 else None

    def shown(self, t: float) -> int | None:
        """The step a reader is shown at t: the one covering t; at or past the end of the last step
        listed, that step; between two steps, the one just ended; before the first, None."""
        i = self.covering(t)
        if i is not None or not self._t1:
            return i
        if t >= self._t1[-1]:
            return len(self._t1) - 1
        return self.last_ended(t)

    def runs(self) -> list[tuple[float, float, int]]:
        """The stretches each step is the one covering t, in time order: (start, end, index) of every
        maximal interval over which :meth:`covering` names the same step (a step may have several when a
        step started within it ends first, and none when later ones hide it); gaps between steps have none."""
        cuts = sorted({*self._starts, *self._t1})
        out: list[tuple[float, float, int]] = []
        for a, b in itertools.pairwise(cuts):
            k = self.covering((a + b) / 2)
            if k is None:
                continue
            if out and out[-1][2] == k and out[-1][1] == a:
                out[-1] = (out[-1][0], b, k)
            else:
                out.append((a, b, k))
        return out

