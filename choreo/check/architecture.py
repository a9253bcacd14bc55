"""Figure–architecture collisions: each figure's swept disc (a capsule) against the obstacles.

Candidates come from a shapely STRtree queried with the ``dwithin`` predicate (a bare query only
compares bounding boxes). For each candidate the time interval of penetration is exact: the set of
points closer than r to an obstacle is its interior together with one capsule per boundary edge
(a rectangle and two end discs); a straight motion meets a polygon interior in segments (shapely)
and each convex capsule in one interval found from a linear strip test and two quadratics.

People only (objects are carried inside their bearer's disc; see collisions.py).
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from choreo.check import kinematics as kin
from choreo.check.collisions import solid_figures, steps_between
from choreo.check.results import Violation
from choreo.model import Choreography


def _edges(geom: BaseGeometry) -> np.ndarray:
    """All boundary or line segments of a geometry, shape (n, 2, 2); points as zero-length edges."""
    segs = []
    for part in shapely.get_parts(geom):
        if part.geom_type == "Polygon":
            rings = [part.exterior, *part.interiors]
        elif part.geom_type in ("LineString", "LinearRing"):
            rings = [part]
        elif part.geom_type == "Point":
            c = np.asarray(part.coords)[:, :2]
            segs.append(np.stack([c, c], axis=1))
            continue
        else:  # nested collections
            segs.append(_edges(part))
            continue
        for ring in rings:
            c = np.asarray(ring.coords)[:, :2]
            if len(c) >= 2:
                segs.append(np.stack([c[:-1], c[1:]], axis=1))
    return np.concatenate(segs) if segs else np.zeros((0, 2, 2))


def _polygons(geom: BaseGeometry) -> list[BaseGeometry]:
    return [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]


def capsule_intervals(a: np.ndarray, d: np.ndarray, edges: np.ndarray, r: float) -> np.ndarray:
    """For the motion p(u) = a + u·d, u ∈ [0, 1]: per edge the interval [u_in, u_out] in which
    the distance to the edge is < r (u_in > u_out when never). Shape (n_edges, 2)."""
    q0, q1 = edges[:, 0], edges[:, 1]
    lo = np.full(len(edges), np.inf)
    hi = np.full(len(edges), -np.inf)
    for q in (q0, q1):  # the end discs: |a − q + u d|² < r²
        _, _, u_in, u_out, hit = kin.segment_disc_times(np.broadcast_to(a - q, q.shape) * 1.0,
                                                        np.broadcast_to(d, q.shape), r)
        lo = np.where(hit, np.minimum(lo, u_in), lo)
        hi = np.where(hit, np.maximum(hi, u_out), hi)
    e = q1 - q0
    le2 = np.einsum("ij,ij->i", e, e)
    ok = le2 > 1e-18
    le = np.sqrt(np.where(ok, le2, 1.0))
    w = a - q0
    # strip: |cross(e, p − q0)| / |e| < r and 0 ≤ (p − q0)·e / |e|² ≤ 1, both linear in u
    cross0 = (e[:, 0] * w[:, 1] - e[:, 1] * w[:, 0]) / le
    cross1 = (e[:, 0] * d[1] - e[:, 1] * d[0]) / le
    along0 = np.einsum("ij,ij->i", w, e) / np.where(ok, le2, 1.0)
    along1 = (e @ d) / np.where(ok, le2, 1.0)
    s_lo, s_hi = np.zeros(len(edges)), np.ones(len(edges))
    for c0, c1, lo_v, hi_v in ((cross0, cross1, -r, r), (along0, along1, 0.0, 1.0)):
        flat = np.abs(c1) < 1e-15
        safe = np.where(flat, 1.0, c1)
        ua, ub = (lo_v - c0) / safe, (hi_v - c0) / safe
        u1, u2 = np.minimum(ua, ub), np.maximum(ua, ub)
        inside = (c0 > lo_v) & (c0 < hi_v)
        u1 = np.where(flat, np.where(inside, -np.inf, np.inf), u1)
        u2 = np.where(flat, np.where(inside, np.inf, -np.inf), u2)
        s_lo, s_hi = np.maximum(s_lo, u1), np.minimum(s_hi, u2)
    strip = ok & (s_hi > s_lo)
    lo = np.where(strip, np.minimum(lo, s_lo), lo)
    hi = np.where(strip, np.maximum(hi, s_hi), hi)
    return np.stack([np.clip(lo, 0, 1), np.clip(hi, 0, 1)], axis=1)


def penetration_intervals(a, b, geom: BaseGeometry, r: float, parts=None) -> list[tuple[float, float]]:
    """Sub-intervals of u ∈ [0, 1] along a→b where the disc of radius r meets ``geom``.
    ``parts`` = (edges, polygons) of ``geom`` when already decomposed."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    d = b - a
    found = []
    if float(d @ d) < 1e-18:
        return [(0.0, 1.0)] if shapely.distance(shapely.Point(a), geom) < r - 1e-6 else []
    edges, polygons = parts if parts is not None else (_edges(geom), _polygons(geom))
    iv = capsule_intervals(a, d, edges, r)
    found += [(lo, hi) for lo, hi in iv if hi > lo + 1e-12]
    line = shapely.LineString([a, b])
    for poly in polygons:
        inter = line.intersection(poly)
        for part in shapely.get_parts(inter):
            if part.is_empty or part.geom_type == "Point":
                continue
            c = np.asarray(part.coords)[:, :2]
            u = (c - a) @ d / float(d @ d)
            found.append((float(u.min()), float(u.max())))
    return _union(found)


def _union(iv):
    out = []
    for lo, hi in sorted(iv):
        if out and lo <= out[-1][1] + 1e-12:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def obstacle_collisions(ch: Choreography) -> list[Violation]:
    """Every interval in which a person's disc meets an obstacle of the venue."""
    obstacles = [o for o in ch.venue.obstacles if o.geometry is not None and not o.geometry.is_empty]
    if not obstacles:
        return []
    names = [n for n in solid_figures(ch) if ch.figures[n].kind == "person"]
    end = max(ch.duration, max((ch.tracks[n].end for n in names), default=0.0))
    seg_a, seg_b, seg_t0, seg_t1, seg_fig, seg_r = [], [], [], [], [], []
    for k, name in enumerate(names):
        s = ch.tracks[name].samples
        t = np.append(s[:, 0], max(end, s[-1, 0]))
        pa = s[:, 1:3]
        pb = np.vstack([s[1:, 1:3], s[-1:, 1:3]])  # after the last sample: standing still
        keep = (t[1:] > t[:-1]) | (np.arange(len(s)) == len(s) - 1)
        keep &= ch.tracks[name].present(t[:-1])  # outside the venue (出 … 入) nothing is in the way
        for out, value in ((seg_a, pa[keep]), (seg_b, pb[keep]), (seg_t0, t[:-1][keep]), (seg_t1, t[1:][keep]),
                           (seg_fig, np.full(keep.sum(), k)),
                           (seg_r, np.full(keep.sum(), ch.figures[name].radius))):
            out.append(value)
    A, B, T0, T1 = (np.concatenate(x) for x in (seg_a, seg_b, seg_t0, seg_t1))
    FIG, R = np.concatenate(seg_fig), np.concatenate(seg_r)
    geoms = shapely.linestrings(np.stack([A, B], axis=1))
    # A figure standing still is a point, not a zero-length line (which GEOS finds near nothing).
    still = np.all(np.abs(A - B) < 1e-12, axis=1)
    geoms[still] = shapely.points(A[still])
    tree = shapely.STRtree([o.geometry for o in obstacles])
    si, oi = tree.query(geoms, predicate="dwithin", distance=R)
    if len(si) == 0:
        return []
    dist = shapely.distance(geoms[si], tree.geometries[oi])
    close = dist < R[si] - 1e-6
    si, oi, dist = si[close], oi[close], dist[close]
    hits = []  # (fig, obstacle, t_in, t_out, dist, segment index)
    parts = {o: (_edges(obstacles[o].geometry), _polygons(obstacles[o].geometry)) for o in set(oi.tolist())}
    for s, o, dd in zip(si, oi, dist, strict=True):
        for lo, hi in penetration_intervals(A[s], B[s], obstacles[o].geometry, R[s], parts[o]):
            span = T1[s] - T0[s]
            hits.append((FIG[s], o, T0[s] + lo * span, T0[s] + hi * span, dd, s))
    hits.sort(key=lambda h: (h[0], h[1], h[2]))
    out: list[Violation] = []
    run = None
    for h in hits + [None]:
        if run is not None and h is not None and h[0] == run[0] and h[1] == run[1] and h[2] <= run[3] + 1e-7:
            run = (run[0], run[1], run[2], max(run[3], h[3]), min(run[4], h[4]),
                   h[5] if h[4] < run[4] else run[5])
            continue
        if run is not None:
            out.append(_violation(ch, names[run[0]], obstacles[run[1]], run, geoms[run[5]], end))
        run = h
    return out


def _violation(ch, name, obstacle, run, seg_geom, end) -> Violation:
    _, _, t0, t1, dist, _ = run
    r = ch.figures[name].radius
    line = shapely.shortest_line(seg_geom, obstacle.geometry)
    where = tuple(float(v) for v in np.asarray(line.coords)[0, :2])
    steps = steps_between(ch, t0, t1)
    if t1 >= end - kin.EPS:
        t1 = end
    what = "passes through" if dist <= 1e-9 else f"comes within {dist:.2f} 尺 of"
    return Violation(
        "obstacle", (name,), float(t0), float(t1), where, steps[0] if steps else None,
        f"{name} {what} {obstacle.name} ({obstacle.kind}) from t={t0:.2f} to {t1:.2f} s "
        f"(body radius {r:.2f} 尺)",
        {"obstacle": obstacle.name, "obstacle_kind": obstacle.kind, "min_distance": float(dist),
         "radius": r, "penetration": r - float(dist), "steps": steps})
