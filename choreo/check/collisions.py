"""Figure–figure collisions: discs on piecewise-linear tracks, overlap intervals found exactly.

Who is a disc: every figure of kind ``person``; an object (``obj.NAME``, kind ``object``) only when
its FigureInfo declares itself solid with ``role == "solid"`` (a 楅 or 豐 standing on the floor may
be walked round; a bow or a cup in a hand may not collide with the hand that carries it), and only
while it rests (the Choreography's carries). Modelling choice: carried objects travel inside their
bearer's disc, so checking them would only report the bearer touching his own bow.

The union of all sample times cuts the ceremony into intervals on which every figure moves in a
straight line; on each interval the squared distance of a pair is a quadratic in t, solved for all
pairs and intervals at once with numpy (kinematics.segment_disc_times).
"""

from __future__ import annotations

import numpy as np

from choreo.check import kinematics as kin
from choreo.check.results import ContactFound, Violation
from choreo.model import Choreography

CONTACT_GRACE = 2.0  # s: a hand-over is approached and left; modelling choice, about two paces
PAIR_CHUNK = 64  # pairs per numpy batch, to bound memory on long ceremonies


def solid_figures(ch: Choreography) -> list[str]:
    return [name for name, info in ch.figures.items()
            if name in ch.tracks and len(ch.tracks[name].samples)
            and (info.kind == "person" or info.role == "solid")]


def steps_between(ch: Choreography, t0: float, t1: float) -> list[str]:
    """Ids of the steps whose window meets [t0, t1] (all of them: steps may overlap in time)."""
    hit = [s.id for s in ch.steps if s.t0 <= t1 + kin.EPS and s.t1 >= t0 - kin.EPS]
    if not hit:
        step = ch.step_at(t0)
        hit = [step.id] if step else []
    return hit


def declared_contacts(ch: Choreography) -> dict[frozenset, list[tuple[float, float, str, str]]]:
    """Windows in which a pair may touch: the Step.contacts the planner wrote (every 授/受 it
    planned is one, with the object handed), never guessed from verb words in the events."""
    out: dict[frozenset, list] = {}
    for step in ch.steps:
        for c in step.contacts:
            out.setdefault(frozenset(c.figures), []).append((c.t0, c.t1, step.id, c.what or "contact"))
    return out


def figure_collisions(ch: Choreography) -> tuple[list[Violation], list[ContactFound]]:
    """Every interval in which two discs overlap, as collisions or declared contacts."""
    names = solid_figures(ch)
    if len(names) < 2:
        return [], []
    tracks = [ch.tracks[n] for n in names]
    grid = kin.grid_of(tracks)
    # one more interval after the last sample: everyone stands still there, overlaps included
    grid = np.append(grid, grid[-1] + 1.0)
    radii = np.array([ch.figures[n].radius for n in names])
    p0 = np.empty((len(names), len(grid) - 1, 2))
    p1 = np.empty_like(p0)
    pres = np.empty((len(names), len(grid) - 1), bool)
    for k, tr in enumerate(tracks):
        p0[k], p1[k], pres[k] = kin.intervals(tr, grid)
        if ch.figures[names[k]].kind == "object":  # a solid object is in the way only while it rests
            mids = (grid[:-1] + grid[1:]) / 2
            pres[k] &= np.array([ch.holder_of(names[k], t) is None for t in mids.tolist()], bool)
    ia, ib = np.triu_indices(len(names), 1)
    runs = []
    for lo in range(0, len(ia), PAIR_CHUNK):
        a, b = ia[lo:lo + PAIR_CHUNK], ib[lo:lo + PAIR_CHUNK]
        d0 = p0[b] - p0[a]
        dd = (p1[b] - p1[a]) - d0
        rr = (radii[a] + radii[b])[:, None]
        u_min, d_min, u_in, u_out, hit = kin.segment_disc_times(d0, dd, rr)
        hit &= pres[a] & pres[b]
        pi, ki = np.nonzero(hit)
        if len(pi) == 0:
            continue
        dt = grid[ki + 1] - grid[ki]
        runs.append((a[pi], b[pi], grid[ki] + u_in[pi, ki] * dt, grid[ki] + u_out[pi, ki] * dt,
                     d_min[pi, ki], grid[ki] + u_min[pi, ki] * dt,
                     _midpoint(p0, p1, a[pi], b[pi], ki, u_min[pi, ki])))
    if not runs:
        return [], []
    fa, fb, t_in, t_out, dmin, tmin, where = (np.concatenate(x) for x in zip(*runs, strict=True))
    return _merge(ch, names, fa, fb, t_in, t_out, dmin, tmin, where)


def _midpoint(p0, p1, a, b, k, u):
    pa = p0[a, k] + u[:, None] * (p1[a, k] - p0[a, k])
    pb = p0[b, k] + u[:, None] * (p1[b, k] - p0[b, k])
    return 0.5 * (pa + pb)


def _merge(ch, names, fa, fb, t_in, t_out, dmin, tmin, where):
    order = np.lexsort((t_in, fb, fa))
    fa, fb, t_in, t_out, dmin, tmin, where = (x[order] for x in (fa, fb, t_in, t_out, dmin, tmin, where))
    new_run = np.ones(len(fa), bool)
    new_run[1:] = (fa[1:] != fa[:-1]) | (fb[1:] != fb[:-1]) | (t_in[1:] > t_out[:-1] + 1e-7)
    starts = np.flatnonzero(new_run)
    ends = np.append(starts[1:], len(fa))
    contacts_ok = declared_contacts(ch)
    violations, contacts = [], []
    end_of_time = ch.duration
    for s, e in zip(starts, ends, strict=True):
        j = s + int(np.argmin(dmin[s:e]))
        a_name, b_name = names[fa[s]], names[fb[s]]
        t0, t1 = float(t_in[s]), float(np.max(t_out[s:e]))
        if t1 >= end_of_time - kin.EPS:
            t1 = max(end_of_time, t0)  # both stay put after their last samples: the overlap lasts to the end
        steps = steps_between(ch, t0, t1)
        pt = (float(where[j, 0]), float(where[j, 1]))
        r = ch.figures[a_name].radius + ch.figures[b_name].radius
        window = _contact_window(contacts_ok.get(frozenset((a_name, b_name)), []), t0, t1)
        if window is not None:
            contacts.append(ContactFound((a_name, b_name), t0, t1, pt, window[2], float(dmin[j]), window[3]))
            continue
        violations.append(Violation(
            "collision", (a_name, b_name), t0, t1, pt, steps[0] if steps else None,
            f"{a_name} and {b_name} overlap for {t1 - t0:.2f} s: closest {float(dmin[j]):.2f} 尺 apart "
            f"at t={float(tmin[j]):.2f} s (discs need {r:.2f} 尺)",
            {"min_distance": float(dmin[j]), "t_min": float(tmin[j]), "required": r,
             "penetration": r - float(dmin[j]), "steps": steps}))
    return violations, contacts


def _contact_window(windows, t0, t1):
    """The declared window that explains an overlap [t0, t1], allowing CONTACT_GRACE either side."""
    for w in windows:
        if t0 >= w[0] - CONTACT_GRACE and t1 <= w[1] + CONTACT_GRACE:
            return w
    return None
