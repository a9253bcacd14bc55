"""Order on the 階 and in time: ``before`` (who arrives, starts, climbs or descends first; 中等).

A 階 landmark (kind 'stair') gives the middle of its foot (the point) and of its top tread
(``top``); step i of N lies at foot + i/N·(top − foot). A figure's continuous step index is
k = s·N where s is its position projected on foot→top; it is on the 階 while 0 < s < 1 and it is
within the half-width of the axis. 中等 (鄭 「中猶閒也」: one step between) asks |k_A − k_B| ≥ gap
whenever both are on the same 階 — exact, since s is linear on each merged interval.
"""

from __future__ import annotations

import numpy as np

from choreo.check import kinematics as kin
from choreo.check.results import Pass, Violation
from choreo.check.targets import figure
from choreo.errors import ScriptError, suggest

STAIR_HALF_WIDTH = 3.0  # 尺: when the 階 has no footprint; about half a 步-wide flight (choice)
MOVING = 0.05  # 尺/s, as in constraints.py
WHATS = ("arrive", "start", "climb", "descend")


def stair_frames(venue):
    """(name, foot, axis, half_width, N) for every 階 of the venue."""
    out = []
    for lm in venue.landmarks.values():
        if lm.kind != "stair" or lm.top is None:
            continue
        foot = np.array([lm.x, lm.y], float)
        axis = np.array(lm.top, float) - foot
        half = STAIR_HALF_WIDTH
        if lm.geometry is not None and not lm.geometry.is_empty and float(axis @ axis) > 0:
            c = np.asarray(lm.geometry.envelope.exterior.coords if lm.geometry.geom_type != "Point"
                           else lm.geometry.coords)[:, :2]
            n = np.array([-axis[1], axis[0]]) / np.linalg.norm(axis)
            half = max(float(np.max(np.abs((c - foot) @ n))), 0.5)
        out.append((lm.name, foot, axis, half, int(lm.steps or 1)))
    return out


def _stair_coords(p, frame):
    _, foot, axis, half, _ = frame
    l2 = float(axis @ axis)
    s = (p - foot) @ axis / l2
    lat = np.abs((p - foot) @ np.array([-axis[1], axis[0]])) / np.sqrt(l2)
    return s, lat <= half


def _moving_spans(track, t0, t1):
    g = kin.grid_of([track], t0, t1)
    if len(g) < 2:
        return g, np.zeros(0, bool)
    p0, p1, here = kin.intervals(track, g)
    dt = np.diff(g)
    speed = np.linalg.norm(p1 - p0, axis=1) / np.where(dt > 0, dt, np.inf)
    return g, here & (speed > MOVING)


def event_time(ch, track, what, t0, t1):
    """When the figure starts, arrives (stops for the last time), starts to climb or to descend."""
    g, moving = _moving_spans(track, t0, t1)
    if what in ("start", "arrive"):
        idx = np.flatnonzero(moving)
        if len(idx) == 0:
            return None, None
        return (float(g[idx[0]]), None) if what == "start" else (float(g[idx[-1] + 1]), None)
    p0, p1, here = kin.intervals(track, g)
    best = None
    for frame in stair_frames(ch.venue):
        s0, on0 = _stair_coords(p0, frame)
        s1, on1 = _stair_coords(p1, frame)
        ds = s1 - s0
        edge = 0.0 if what == "climb" else 1.0
        going = (ds > 0) if what == "climb" else (ds < 0)
        ok = here & going & on0 & on1 & (np.minimum(s0, s1) < 1) & (np.maximum(s0, s1) > 0)
        for k in np.flatnonzero(ok):
            u = float(np.clip((edge - s0[k]) / ds[k], 0.0, 1.0))
            t = float(g[k] + u * (g[k + 1] - g[k]))
            if best is None or t < best[0]:
                best = (t, frame[0])
            break
    return best if best else (None, None)


def min_gap(ch, ta, tb, t0, t1):
    """Smallest |k_A − k_B| while both are on one 階 in [t0, t1]: (gap, t, stair) or None."""
    g = kin.grid_of([ta, tb], t0, t1)
    if len(g) < 2:
        return None
    pa0, pa1, ina = kin.intervals(ta, g)
    pb0, pb1, inb = kin.intervals(tb, g)
    best = None
    for frame in stair_frames(ch.venue):
        n = frame[4]
        sa0, oa0 = _stair_coords(pa0, frame)
        sa1, oa1 = _stair_coords(pa1, frame)
        sb0, ob0 = _stair_coords(pb0, frame)
        sb1, ob1 = _stair_coords(pb1, frame)
        for k in np.flatnonzero(ina & inb & oa0 & oa1 & ob0 & ob1):
            lo, hi = 0.0, 1.0
            for s0, s1 in ((sa0[k], sa1[k]), (sb0[k], sb1[k])):  # sub-interval where 0 < s < 1
                lo, hi = _clip_open(s0, s1, lo, hi)
            if hi <= lo:
                continue
            for u in (lo, hi):
                ka = n * (sa0[k] + u * (sa1[k] - sa0[k]))
                kb = n * (sb0[k] + u * (sb1[k] - sb0[k]))
                gap = abs(float(ka - kb))
                if best is None or gap < best[0]:
                    best = (gap, float(g[k] + u * (g[k + 1] - g[k])), frame[0])
    return best


def _clip_open(s0, s1, lo, hi):
    ds = s1 - s0
    if abs(ds) < 1e-15:
        return (lo, hi) if 0 < s0 < 1 else (1.0, 0.0)
    ua, ub = (0 - s0) / ds, (1 - s0) / ds
    return max(lo, min(ua, ub)), min(hi, max(ua, ub))


def before(ch, step, a):
    figs = a.args.get("figures")
    if not isinstance(figs, (list, tuple)) or len(figs) != 2:
        raise ScriptError(f"before: needs two figures, got {figs!r}", a.loc)
    na, nb = figs
    ta, tb = figure(ch, na, a), figure(ch, nb, a)
    what = a.args.get("what") or "arrive"
    if what not in WHATS:
        raise ScriptError(f"before: unknown 'what' {what!r}", a.loc, suggest(str(what), WHATS))
    gap = a.args.get("gap")
    t_a, st_a = event_time(ch, ta, what, step.t0, step.t1)
    t_b, st_b = event_time(ch, tb, what, step.t0, step.t1)
    measured = {"what": what, "t_a": t_a, "t_b": t_b}
    if t_a is None or t_b is None:
        missing = na if t_a is None else nb
        return Violation(a.kind, (na, nb), step.t0, step.t1, None, step.id,
                         f"{missing} does not {what} in this step", measured)
    ok = t_a < t_b
    detail = f"{na} {what}s at t={t_a:.2f} s, {nb} at t={t_b:.2f} s"
    if gap is not None:
        g = min_gap(ch, ta, tb, step.t0, step.t1)
        if g is None:
            detail += "; never on one 階 together"
            measured["min_gap"] = None
        else:
            measured.update(min_gap=g[0], t_min_gap=g[1], stair=g[2], gap=gap)
            detail += f"; on the {g[2]} at least {g[0]:.2f} 等 apart (at t={g[1]:.2f} s, needs ≥ {gap})"
            ok = ok and g[0] >= gap - 1e-6
    return (Pass if ok else Violation)(a.kind, (na, nb), t_a, t_b, None, step.id, detail, measured)
