"""When a figure is hidden in a screened place: the 次 of the 大射, where the archers take and give up
their bows (「退[適]次，皆授有司弓矢」〔003〕).

A venue marks such a place as data (a landmark of kind ``tent`` with a ``box``); nothing here knows
its name. A track is linear between its samples, so the moments a figure's centre crosses the box's
edge are found exactly, segment by segment. Pure geometry: no pygame.
"""

from __future__ import annotations

import numpy as np

from stage.model import Venue

EPS = 1e-9


def screened_boxes(venue: Venue) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(name, (x0, y0, x1, y1)) of each screened place of the venue, in file order."""
    return [(lm.name, lm.geometry.bounds) for lm in venue.landmarks_of("tent") if lm.geometry is not None]


def _inside_spans(samples: np.ndarray, box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """The spans [t0, t1) in which the linear track lies strictly inside the box (its edge is the screen)."""
    x0, y0, x1, y1 = box
    spans: list[tuple[float, float]] = []
    if len(samples) == 0:
        return spans
    t, x, y = samples[:, 0], samples[:, 1], samples[:, 2]
    if len(samples) == 1:
        inside = x0 < x[0] < x1 and y0 < y[0] < y1
        return [(float(t[0]), float("inf"))] if inside else []
    for i in range(len(samples) - 1):
        lo, hi = _clip(x[i], y[i], x[i + 1], y[i + 1], box)
        if hi - lo <= EPS:
            continue
        ta = float(t[i] + lo * (t[i + 1] - t[i]))
        tb = float(t[i] + hi * (t[i + 1] - t[i]))
        if tb - ta <= EPS:
            continue
        if spans and abs(spans[-1][1] - ta) <= EPS:
            spans[-1] = (spans[-1][0], tb)
        else:
            spans.append((ta, tb))
    last_x, last_y = x[-1], y[-1]
    if x0 < last_x < x1 and y0 < last_y < y1 and spans and abs(spans[-1][1] - t[-1]) <= EPS:
        spans[-1] = (spans[-1][0], float("inf"))  # he stays inside after his last sample
    return spans


def _clip(ax: float, ay: float, bx: float, by: float, box) -> tuple[float, float]:
    """The parameters [u0, u1] of the segment a→b inside the box (Liang–Barsky); u1 <= u0 when outside."""
    x0, y0, x1, y1 = box
    lo, hi = 0.0, 1.0
    for p, q in ((-(bx - ax), ax - x0), (bx - ax, x1 - ax), (-(by - ay), ay - y0), (by - ay, y1 - ay)):
        if abs(p) < EPS:
            if q <= 0:
                return 1.0, 0.0
            continue
        r = q / p
        if p < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
    return lo, hi


def hidden_spans(samples: np.ndarray, venue: Venue) -> list[tuple[str, float, float]]:
    """(place, t0, t1) for each stay of the track inside a screened place, in time order."""
    out = [(name, a, b) for name, box in screened_boxes(venue) for a, b in _inside_spans(samples, box)]
    return sorted(out, key=lambda s: s[1])
