"""Tracks evaluated on a time grid, exactly: positions are piecewise linear in t.

A figure is absent before its first sample and stays put after its last (choreo.model.Track.at).
At an instantaneous change (two samples at one time) the interval *after* that time starts from the
later sample and the interval *before* it ends at the earlier one, so nothing is lost by reducing a
track to a grid of interval end-points: on each grid interval every figure moves in a straight line
at constant velocity.
"""

from __future__ import annotations

import numpy as np

from choreo.model import Track

EPS = 1e-9


def grid_of(tracks: list[Track], t0: float | None = None, t1: float | None = None) -> np.ndarray:
    """The sorted union of the sample times of ``tracks`` and of their absences' ends (clipped to [t0, t1],
    which are added)."""
    parts = [tr.t for tr in tracks if len(tr.samples)]
    # Going out and coming back in (出 … 入) starts and ends an interval of its own.
    parts += [np.array([b for span in tr.absent for b in span if np.isfinite(b)]) for tr in tracks if tr.absent]
    if t0 is not None:
        parts.append(np.array([t0]))
    if t1 is not None:
        parts.append(np.array([t1]))
    if not parts:
        return np.zeros(0)
    g = np.unique(np.concatenate(parts))
    if t0 is not None:
        g = g[g >= t0]
    if t1 is not None:
        g = g[g <= t1]
    return g


def positions(track: Track, times: np.ndarray, side: str = "right") -> np.ndarray:
    """(len(times), 2) positions; ``side='right'`` takes the later sample at a duplicated time
    (the start of the following interval), ``'left'`` the earlier (the end of the preceding one).
    Before the first sample the first position is returned: use :func:`present` to mask."""
    return track.at_times(times, side)[:, :2]


def facings(track: Track, times: np.ndarray, side: str = "right") -> np.ndarray:
    return track.at_times(times, side)[:, 2]


def present(track: Track, times: np.ndarray) -> np.ndarray:
    if len(track.samples) == 0:
        return np.zeros(len(times), bool)
    return track.present(times)  # from the first sample on, and not while outside the venue (出 … 入)


def intervals(track: Track, grid: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Start and end positions on each grid interval and whether the figure is there throughout."""
    p0 = positions(track, grid[:-1], "right")
    p1 = positions(track, grid[1:], "left")
    return p0, p1, present(track, grid[:-1])


def velocity_at(track: Track, t: float, t_lo: float, t_hi: float) -> np.ndarray:
    """The velocity on the sample interval containing t (the one after t at a vertex, unless t is
    the end of the window), or zero when standing."""
    s = track.samples
    if len(s) < 2:
        return np.zeros(2)
    ts = s[:, 0]
    side = "left" if t >= t_hi - EPS else "right"
    i = int(np.searchsorted(ts, t, side=side)) - 1
    i = min(max(i, 0), len(s) - 2)
    dt = ts[i + 1] - ts[i]
    if dt <= 0:
        return np.zeros(2)
    return (s[i + 1, 1:3] - s[i, 1:3]) / dt


def path_length(track: Track, t0: float | None = None, t1: float | None = None) -> float:
    g = grid_of([track], t0, t1)
    if len(g) < 2:
        return 0.0
    p0, p1, _ = intervals(track, g)
    return float(np.linalg.norm(p1 - p0, axis=1).sum())


def segment_disc_times(d0: np.ndarray, dd: np.ndarray, radius) -> tuple[np.ndarray, ...]:
    """For relative positions d(u) = d0 + u·dd, u ∈ [0, 1] (vectorised over the leading axis):
    the exact minimum of |d|, where it is reached, and the sub-interval where |d| < radius.

    |d(u)|² = a u² + b u + c is a quadratic, so the minimum is at u* = −b / 2a (clipped) and the
    overlap is between the roots of a u² + b u + (c − R²) = 0 — no sampling, nothing missed however
    fast the two cross. Returns (u_min, d_min, u_in, u_out, overlaps).
    """
    a = np.einsum("...i,...i->...", dd, dd)
    b = 2.0 * np.einsum("...i,...i->...", d0, dd)
    c = np.einsum("...i,...i->...", d0, d0)
    moving = a > 1e-18
    safe_a = np.where(moving, a, 1.0)
    u_min = np.where(moving, np.clip(-b / (2.0 * safe_a), 0.0, 1.0), 0.0)
    d_min = np.sqrt(np.maximum(a * u_min**2 + b * u_min + c, 0.0))
    r2 = np.asarray(radius, float) ** 2
    disc = b * b - 4.0 * a * (c - r2)
    sq = np.sqrt(np.maximum(disc, 0.0))
    r_lo = np.where(moving, (-b - sq) / (2.0 * safe_a), 0.0)
    r_hi = np.where(moving, (-b + sq) / (2.0 * safe_a), 1.0)
    u_in = np.clip(r_lo, 0.0, 1.0)
    u_out = np.clip(r_hi, 0.0, 1.0)
    # Overlap = the minimum is strictly inside the radius (touching is not overlapping).
    overlaps = (d_min < np.asarray(radius, float) - 1e-6) & (u_out > u_in)
    overlaps |= ~moving & (c < r2 - 1e-6)
    return u_min, d_min, u_in, u_out, overlaps
