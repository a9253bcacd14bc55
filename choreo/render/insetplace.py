"""Where the shot inset stands: one corner for a whole shooting stretch, moved only when it would cover an
acting figure (pure geometry, no pygame).

A stretch is the shots of one step (a pair's four arrows each, or the 司射's 誘射): the inset is open from
just before its first release to after its last call. Its place (a corner and a size) is chosen once from
where the figures stand over the whole stretch, sampled every SAMPLE s of ceremony time, and kept; it
moves only at a sample where it would cover a figure acting in the step then, to the free place that
stays free longest from there (so it does not come back at the next sample: hysteresis). Where no place
is free it is not drawn until one is. The plan is a pure function of the stretch: a frame at t shows the
same place whether the export starts at the stretch's beginning or jumps into its middle.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (pixels)

SAMPLE = 0.5  # choice: ceremony seconds between the moments looked at (a walker moves about a 尺)
# choice: a larger inset is worth hiding a bystander (a figure not acting in the step) now and then, not
# for more than this share of the stretch (then a smaller size or another corner is taken).
CROWD_SHARE = 0.25
CORNERS = ("br", "bl", "tr", "tl")  # choice: bottom-right first, by the 侯道 strip
SHRINK = (1.0, 0.8, 0.64)  # sizes tried in each corner, largest first
EDGE = 6.0  # pixels between the inset and the panel's edge
PLACES = tuple((k, c) for k in SHRINK for c in CORNERS)  # in order of preference
Place = tuple[float, str]


def place_box(panel: tuple[int, int, int, int], size: tuple[float, float], place: Place) -> Box:
    """The inset's pixel box at ``place`` (size factor, corner) of the panel (left, top, width, height)."""
    left, top, w, h = panel
    k, corner = place
    bw, bh = size[0] * k, size[1] * k
    x = left + w - EDGE - bw if corner[1] == "r" else left + EDGE
    y = top + h - EDGE - bh if corner[0] == "b" else top + EDGE
    return (x, y, x + bw, y + bh)


def covers(box: Box, boxes: Sequence[Box]) -> bool:
    return any(a[0] < box[2] and a[2] > box[0] and a[1] < box[3] and a[3] > box[1] for a in boxes)


@dataclass(frozen=True)
class InsetPlan:
    """The places of one stretch: ``moves`` is (from t, place or None) in time order; the first is its start."""

    t0: float
    t1: float
    moves: tuple[tuple[float, Place | None], ...]

    def at(self, t: float) -> Place | None:
        i = bisect.bisect_right([m[0] for m in self.moves], t) - 1
        return self.moves[max(i, 0)][1]

    @property
    def changes(self) -> tuple[float, ...]:
        """The moments the inset moves (or hides, or comes back): where the plan states it changes."""
        return tuple(t for t, _ in self.moves[1:])


def plan_places(times: Sequence[float], acting: Sequence[Sequence[Box]], others: Sequence[Sequence[Box]],
                panel: tuple[int, int, int, int], size: tuple[float, float]) -> InsetPlan:
    """The stretch's plan from the boxes of the acting figures and of everyone else at each sampled moment.

    A place is free at sample i when it covers no acting figure at i nor at i + 1 (what walks into it
    between two samples). The place kept from the start is the one free at most samples, then the largest
    that hides bystanders at no more than CROWD_SHARE of them, then the one hiding the fewest, in PLACES'
    order of preference."""
    n = len(times)
    boxes = {p: place_box(panel, size, p) for p in PLACES}
    free = {p: [not covers(boxes[p], acting[i]) and (i + 1 >= n or not covers(boxes[p], acting[i + 1]))
                for i in range(n)] for p in PLACES}
    crowd = {p: [covers(boxes[p], others[i]) for i in range(n)] for p in PLACES}

    def run_from(p: Place, i: int) -> int:
        j = i
        while j < n and free[p][j]:
            j += 1
        return j - i

    start = min(PLACES, key=lambda p: (-sum(free[p]), sum(crowd[p]) > CROWD_SHARE * n, SHRINK.index(p[0]),
                                       sum(crowd[p]), PLACES.index(p)))
    moves: list[tuple[float, Place | None]] = []
    current: Place | None = start
    for i in range(n):
        if current is not None and free[current][i]:
            if not moves:
                moves.append((times[i], current))
            continue
        choices = [p for p in PLACES if free[p][i]]
        new = min(choices, key=lambda p: (-run_from(p, i), crowd[p][i], PLACES.index(p))) if choices else None
        if not moves or new != current:
            moves.append((times[i], new))
        current = new
    return InsetPlan(times[0], times[-1], tuple(moves))
