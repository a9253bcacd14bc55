"""The text's own constraints (Step.assertions) evaluated on the tracks, each with its numbers.

Geometry from docs/domain.md §d: "B is on A's left" ⇔ cross(v_A, P_B − P_A) > 0; "passes south of X"
⇔ where the path crosses the meridian x = X.x it has y < X.y (north, east, west alike). Every test is
exact on piecewise-linear tracks: quantities are linear on each interval of the merged sample times.
"""

from __future__ import annotations

import math

import numpy as np

from choreo.check import kinematics as kin
from choreo.check import stairs
from choreo.check.results import Pass, Violation
from choreo.check.targets import figure, resolve
from choreo.errors import ScriptError, suggest
from choreo.model import Assertion, Choreography, Step
from stage.vocabulary import FACING_WORDS

PASS_MAX_SEPARATION = 8.0  # 尺: 相左 is a close pass (domain §d.3 ≈ 2–6 尺); choice, with a margin
AROUND_MIN_DEGREES = 300.0  # a winding of at least 300° counts as once round (brief; tolerates a short cut)
FACING_TOLERANCE = 22.5  # °: half of the 45° between two named facings (北面 vs 東北面)
AT_TOLERANCE = 1.5  # 尺: about a pace's reach; or body radius + 1 尺 when larger (choice)
ABREAST_ALONG_MAX = 1.5  # 尺: side by side, not one behind (耦少退 is 1–2 尺 behind); choice
ABREAST_LATERAL = (1.0, 6.0)  # 尺: 并 (鄭 「并，併也」) — near, within one 步 (6 尺); choice
MOVING = 0.05  # 尺/s: slower than this is standing (numerical noise); choice

FACINGS = FACING_WORDS  # the script language's facings, 負侯 among them (stage.vocabulary)
SIDES = {"passes_south_of": ("x", -1), "passes_north_of": ("x", 1),
         "passes_east_of": ("y", 1), "passes_west_of": ("y", -1)}
SIDE_WORD = {("x", -1): "south", ("x", 1): "north", ("y", 1): "east", ("y", -1): "west"}


def _cross(a, b):
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]


def _result(ok: bool, *args, **kw):
    return (Pass if ok else Violation)(*args, **kw)


def evaluate(ch: Choreography, step: Step, a: Assertion):
    """One assertion of one step → a Pass or a Violation."""
    handler = HANDLERS.get(a.kind)
    if handler is None:
        raise ScriptError(f"unknown assertion '{a.kind}'", a.loc, suggest(a.kind, HANDLERS))
    return handler(ch, step, a)


def _two(ch, a):
    figs = a.args.get("figures")
    if not isinstance(figs, (list, tuple)) or len(figs) != 2:
        raise ScriptError(f"{a.kind}: needs two figures, got {figs!r}", a.loc)
    return figs[0], figs[1], figure(ch, figs[0], a), figure(ch, figs[1], a)


def passes_left(ch, step, a):
    na, nb, ta, tb = _two(ch, a)
    max_sep = a.args.get("max_separation") or PASS_MAX_SEPARATION
    g = kin.grid_of([ta, tb], step.t0, step.t1)
    if len(g) < 2:
        g = np.array([step.t0, step.t1 + 1e-9])
    pa0, pa1, ina = kin.intervals(ta, g)
    pb0, pb1, inb = kin.intervals(tb, g)
    d0 = pb0 - pa0
    u, dmin, *_ = kin.segment_disc_times(d0, (pb1 - pa1) - d0, max_sep)
    both = ina & inb
    if not both.any():
        return Violation(a.kind, (na, nb), step.t0, step.t1, None, step.id,
                         f"{na} and {nb} are never both present in the step", {})
    dmin = np.where(both, dmin, np.inf)
    k = int(np.argmin(dmin))
    dt = g[k + 1] - g[k]
    t = g[k] + u[k] * dt
    pa = pa0[k] + u[k] * (pa1[k] - pa0[k])
    pb = pb0[k] + u[k] * (pb1[k] - pb0[k])
    va = _heading(ta, pa1[k] - pa0[k], dt, t)
    vb = _heading(tb, pb1[k] - pb0[k], dt, t)
    ca, cb = float(_cross(va, pb - pa)), float(_cross(vb, pa - pb))
    sep = float(dmin[k])
    side = lambda c: "left" if c > 0 else "right"  # noqa: E731
    ok = sep <= max_sep and ca > 0 and cb > 0
    reason = (f"closest approach {sep:.2f} 尺 at t={t:.2f} s: {na} has {nb} on his {side(ca)}, "
              f"{nb} has {na} on his {side(cb)}")
    if sep > max_sep:
        reason += f"; they never come within {max_sep:g} 尺"
    mid = tuple(float(v) for v in 0.5 * (pa + pb))
    return _result(ok, a.kind, (na, nb), float(t), None, mid, step.id, reason,
                   {"separation": sep, "t": float(t), "cross_a": ca, "cross_b": cb, "max_separation": max_sep})


def _heading(track, disp, dt, t):
    """Velocity on the interval, or the facing when standing (a standing man's left is his own)."""
    if dt > 0 and float(np.hypot(*disp)) / dt > MOVING:
        return disp / dt
    f = math.radians(float(track.at(t)[2]))
    return np.array([math.sin(f), math.cos(f)])


def passes_side(ch, step, a):
    name = a.args.get("figure")
    track = figure(ch, name, a)
    target = resolve(ch, a.args.get("target"), a, step.t0)
    axis, sign = SIDES[a.kind]
    g = kin.grid_of([track] + ([target.track] if target.track is not None else []), step.t0, step.t1)
    p = kin.positions(track, g)
    q = target.positions(g)
    here = kin.present(track, g) & target.present(g)
    i_s, i_side = (0, 1) if axis == "x" else (1, 0)
    s = p[:, i_s] - q[:, i_s]
    side = p[:, i_side] - q[:, i_side]
    crossings = []  # (t, x, y, side)
    last = None
    for n in np.flatnonzero(here):
        if abs(s[n]) < 1e-9:
            continue
        if last is not None and np.sign(s[n]) != np.sign(s[last]):
            if n == last + 1:
                u = s[last] / (s[last] - s[n])
                crossings.append(tuple(float(v) for v in (
                    g[last] + u * (g[n] - g[last]), *(p[last] + u * (p[n] - p[last])),
                    side[last] + u * (side[n] - side[last]))))
            else:
                m = last + 1
                crossings.append((float(g[m]), float(p[m, 0]), float(p[m, 1]), float(side[m])))
        last = n
    word = SIDE_WORD[(axis, sign)]
    line = f"meridian x = {q[0, 0]:.2f}" if axis == "x" else f"parallel y = {q[0, 1]:.2f}"
    if not crossings:
        return Violation(a.kind, (name,), step.t0, step.t1, None, step.id,
                         f"{name} never crosses the {line} of {target.name}, so cannot pass {word} of it",
                         {"crossings": []})
    wrong = [c for c in crossings if c[3] * sign <= 0]
    c = wrong[0] if wrong else crossings[0]
    verdict = "wrong side" if wrong else word
    detail = (f"{name} crosses the {line} of {target.name} at ({c[1]:.2f}, {c[2]:.2f}), t={c[0]:.2f} s, "
              f"{abs(c[3]):.2f} 尺 {_side_name(axis, c[3])} of it" + (" — the wrong side" if wrong else ""))
    return _result(not wrong, a.kind, (name,), c[0], None, (c[1], c[2]), step.id, detail,
                   {"crossings": [list(x) for x in crossings], "verdict": verdict, "target": target.name})


def _side_name(axis, v):
    if axis == "x":
        return "north" if v > 0 else "south"
    return "east" if v > 0 else "west"


def around(ch, step, a):
    name = a.args.get("figure")
    track = figure(ch, name, a)
    target = resolve(ch, a.args.get("target"), a, step.t0)
    turn = a.args.get("turn")
    g = kin.grid_of([track] + ([target.track] if target.track is not None else []), step.t0, step.t1)
    p0, p1, here = kin.intervals(track, g)
    w0 = p0 - target.positions(g[:-1], "right")
    w1 = p1 - target.positions(g[1:], "left")
    ang = np.degrees(np.arctan2(_cross(w0, w1), np.einsum("ij,ij->i", w0, w1)))
    total = float(ang[here].sum()) if len(ang) else 0.0
    closest = float(np.min(np.linalg.norm(np.vstack([w0, w1]), axis=1))) if len(w0) else math.inf
    sense = "ccw" if total > 0 else "cw"
    ok = abs(total) >= AROUND_MIN_DEGREES and (turn in (None, sense))
    detail = (f"{name} winds {abs(total):.0f}° {'counter-clockwise' if total > 0 else 'clockwise'} round "
              f"{target.name} (closest {closest:.2f} 尺)")
    if abs(total) < AROUND_MIN_DEGREES:
        detail += f"; once round needs ≥ {AROUND_MIN_DEGREES:.0f}°"
    elif turn not in (None, sense):
        detail += f"; the text asks {turn}"
    return _result(ok, a.kind, (name,), step.t0, step.t1, tuple(float(v) for v in target.positions(np.array([step.t0]))[0]),
                   step.id, detail, {"winding_degrees": total, "closest": closest, "turn": turn})


def abreast(ch, step, a):
    na, nb, ta, tb = _two(ch, a)
    left = a.args.get("left")
    if left not in (None, na, nb):
        raise ScriptError(f"abreast: left must be {na} or {nb}, got {left!r}", a.loc, suggest(str(left), (na, nb)))
    g = kin.grid_of([ta, tb], step.t0, step.t1)
    pa0, pa1, ina = kin.intervals(ta, g)
    pb0, pb1, inb = kin.intervals(tb, g)
    dt = np.diff(g)
    with np.errstate(invalid="ignore", divide="ignore"):
        va, vb = (pa1 - pa0) / dt[:, None], (pb1 - pb0) / dt[:, None]
    moving = ina & inb & (dt > 0) & (np.linalg.norm(va, axis=1) > MOVING) & (np.linalg.norm(vb, axis=1) > MOVING)
    if not moving.any():
        return Violation(a.kind, (na, nb), step.t0, step.t1, None, step.id,
                         f"{na} and {nb} never walk at the same time in this step", {})
    h = va[moving] + vb[moving]
    hn = np.linalg.norm(h, axis=1)
    h = h / np.where(hn > 0, hn, 1.0)[:, None]
    d = np.vstack([pa0[moving] - pb0[moving], pa1[moving] - pb1[moving]])  # A relative to B
    hh = np.vstack([h, h])
    along = np.abs(np.einsum("ij,ij->i", hh, d))
    lateral = _cross(hh, d)  # > 0: A is on the left of B
    want = 1 if left in (None, na) else -1
    if left is None:
        want = 1 if np.median(lateral) > 0 else -1
    lat = lateral * want
    bad_side = bool(np.any(lat <= 0)) or bool(np.any(hn < MOVING))
    ok = (not bad_side and float(along.max()) <= ABREAST_ALONG_MAX
          and ABREAST_LATERAL[0] <= float(lat.min()) and float(lat.max()) <= ABREAST_LATERAL[1])
    on_left = na if want > 0 else nb
    detail = (f"walking together: along-track offset up to {float(along.max()):.2f} 尺 "
              f"(≤ {ABREAST_ALONG_MAX}), lateral {float(lateral.min() * want):.2f}–{float(lat.max()):.2f} 尺 "
              f"with {on_left} on the left" + (" — but at times on the right" if bad_side else ""))
    t_first = float(g[:-1][moving][0])
    return _result(ok, a.kind, (na, nb), t_first, float(g[1:][moving][-1]), None, step.id, detail,
                   {"along_max": float(along.max()), "lateral_min": float(lat.min()),
                    "lateral_max": float(lat.max()), "left": on_left})


def faces(ch, step, a):
    name = a.args.get("figure")
    track = figure(ch, name, a)
    want = a.args.get("facing")
    if isinstance(want, str):
        if want not in FACINGS:
            raise ScriptError(f"faces: unknown facing '{want}'", getattr(want, "loc", None) or a.loc,
                              suggest(want, FACINGS))
        want = FACINGS[want]
    at = track.at(step.t1)
    if at is None:
        return Violation(a.kind, (name,), step.t1, None, None, step.id, f"{name} is not present", {})
    bearing = at[2] % 360.0
    diff = (bearing - float(want) + 180.0) % 360.0 - 180.0
    ok = abs(diff) <= FACING_TOLERANCE
    return _result(ok, a.kind, (name,), step.t1, None, (at[0], at[1]), step.id,
                   f"{name} ends facing {bearing:.0f}°, {abs(diff):.0f}° from {float(want):.0f}°",
                   {"bearing": bearing, "wanted": float(want), "difference": diff})


def at_target(ch, step, a):
    name = a.args.get("figure")
    track = figure(ch, name, a)
    target = resolve(ch, a.args.get("target"), a, step.t1)
    here = track.at(step.t1)
    tol = max(AT_TOLERANCE, ch.figures[name].radius + 1.0)
    q = target.positions(np.array([step.t1]), "right")[0]
    dist = float(np.hypot(here[0] - q[0], here[1] - q[1]))
    return _result(dist <= tol, a.kind, (name,), step.t1, None, (here[0], here[1]), step.id,
                   f"{name} ends {dist:.2f} 尺 from {target.name} (allowed {tol:.2f})",
                   {"distance": dist, "tolerance": tol, "target": [float(q[0]), float(q[1])]})


HANDLERS = {"passes_left": passes_left, "around": around, "abreast": abreast, "faces": faces,
            "at": at_target, "before": stairs.before, **{k: passes_side for k in SIDES}}
