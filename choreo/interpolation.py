"""Where a track puts a figure at time t: the one interpolation of samples ``[t, x, y, facing]``.

Linear between the two samples around t, in x, y and the *unwrapped* facing (DESIGN.md, tracks
file: a facing may run past 360 so that interpolating two samples turns the way the figure turned;
no shortest-turn rule is applied anywhere). Before the first sample the first is given and after the
last the last: whether the figure is there at all is the Track's question (``Track.present``). At a
time with two samples (an instantaneous change) the later wins, or with ``side="left"`` the earlier
(the end of the interval before it, which the checker needs).

Two forms of one rule: :func:`sample_at` for one time on Python floats (a frame asks for every figure
once; numpy's per-call cost was most of the time), :func:`samples_at` for many times at once.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from operator import itemgetter

import numpy as np

_TIME = itemgetter(0)


def sample_at(rows: Sequence[Sequence[float]], t: float) -> tuple[float, float, float]:
    """(x, y, facing) at t of the samples ``rows`` (sorted by time, at least one)."""
    last = rows[-1]
    if t >= last[0]:  # the common question while planning: where he is now, at the end of his track
        return last[1], last[2], last[3]
    i = bisect.bisect_right(rows, t, key=_TIME) - 1
    if i < 0:
        a = rows[0]
        return a[1], a[2], a[3]
    a, b = rows[i], rows[i + 1]
    u = 0.0 if b[0] <= a[0] else (t - a[0]) / (b[0] - a[0])
    return a[1] + u * (b[1] - a[1]), a[2] + u * (b[2] - a[2]), a[3] + u * (b[3] - a[3])


def samples_at(samples: np.ndarray, times, side: str = "right") -> np.ndarray:
    """(len(times), 3) x, y, facing at each of ``times``: :func:`sample_at`'s rule, vectorised."""
    s = np.asarray(samples, float).reshape(-1, 4)
    times = np.asarray(times, float)
    ts = s[:, 0]
    n = len(s)
    if n == 0:
        return np.full((*times.shape, 3), np.nan)
    # np.minimum/np.maximum rather than np.clip, and one division with ``where``: the planner asks
    # this hundreds of times a passage, and np.clip's Python-level overhead was a tenth of its time.
    i = np.minimum(np.maximum(np.searchsorted(ts, times, side=side) - 1, 0), n - 1)
    j = np.minimum(i + 1, n - 1)
    t_i = ts[i]
    dt = ts[j] - t_i
    u = np.divide(times - t_i, dt, out=np.zeros(np.shape(times)), where=dt > 0)
    u = np.minimum(np.maximum(u, 0.0), 1.0)[..., None]
    a = s[i, 1:]
    return a + u * (s[j, 1:] - a)
