"""One step on a small fixed plan: where each actor starts, the path he walks, where and how he ends.

The small multiples of a plate page and the mini-plans of a cue sheet are made of these panels, as
scene primitives (no pygame here but through the text layout). The plan is one of two fixed views,
the same in every panel of a sheet: the hall and court, or the whole range to the 侯 when a path of
the step leaves the hall view (the 獲者 at the 侯).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from choreo.model import Choreography, Step
from choreo.render.framescene import shape_prims, wedge
from choreo.render.planlayout import PlanLayout
from choreo.render.scene import Circle, Poly
from choreo.render.style import INK, PLAN, colour_of
from choreo.render.viewport import Bounds, Rect, Viewport, fit

GHOST = (150, 150, 150)  # the other reading's stations and paths (modelling choice: a neutral grey)
CONTEXT = (170, 160, 150)  # figures present but not acting in the step


@dataclass(frozen=True)
class Walk:
    """One figure in one step: his path (world points) from the step's start to its end, facing at each end."""

    figure: str
    points: tuple[tuple[float, float], ...]
    start_bearing: float
    end_bearing: float

    @property
    def start(self) -> tuple[float, float]:
        return self.points[0]

    @property
    def end(self) -> tuple[float, float]:
        return self.points[-1]

    @property
    def length(self) -> float:
        return sum(math.dist(a, b) for a, b in zip(self.points[:-1], self.points[1:], strict=False))


def walk(choreo: Choreography, figure: str, t0: float, t1: float) -> Walk | None:
    """The figure's track between t0 and t1 (its samples inside, both ends interpolated); None if
    he is absent at both ends."""
    track = choreo.tracks.get(figure)
    if track is None:
        return None
    a, b = track.at(t0), track.at(t1)
    if a is None and b is None:
        return None
    s = track.samples
    inner = s[(s[:, 0] > t0) & (s[:, 0] < t1)]
    pts = [(a[0], a[1])] if a is not None else []
    pts += [(float(x), float(y)) for x, y in inner[:, 1:3]]
    if b is not None:
        pts.append((b[0], b[1]))
    dedup = [pts[0]] + [p for p, q in zip(pts[1:], pts[:-1], strict=False) if p != q]
    first, last = a or b, b or a
    return Walk(figure, tuple(dedup), first[2], last[2])


def step_walks(choreo: Choreography, step: Step, figures=None) -> list[Walk]:
    names = step.figures if figures is None else figures
    return [w for w in (walk(choreo, name, step.t0, step.t1) for name in names) if w is not None]


def view_bounds(layout: PlanLayout, walks: list[Walk], base: Bounds | None = None) -> Bounds:
    """``base`` (default the hall view), or the whole range when a walk leaves it."""
    minx, miny, maxx, maxy = base or layout.hall_bounds
    for w in walks:
        for x, y in w.points:
            if not (minx <= x <= maxx and miny <= y <= maxy):
                return layout.full_bounds
    return base or layout.hall_bounds


def focus_bounds(layout: PlanLayout, walks: list[Walk], pad: float = 8.0) -> Bounds:
    """The 堂 and every point of the walks, ``pad`` 尺 round them: a cue sheet's closer view."""
    pts = [p for s in layout.shapes if s.style == "platform" for p in s.coords]
    pts += [p for w in walks for p in w.points]
    if not pts:
        return layout.hall_bounds
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def panel_viewport(layout: PlanLayout, walks: list[Walk], rect: Rect, base: Bounds | None = None) -> Viewport:
    return fit(view_bounds(layout, walks, base), rect, margin=0.03)


def plan_prims(layout: PlanLayout, vp: Viewport, k: float) -> list:
    return shape_prims(layout.shapes, vp, k)


def arrow_head(tip, frm, size: float) -> tuple:
    """A triangle at ``tip`` pointing away from ``frm``."""
    dx, dy = tip[0] - frm[0], tip[1] - frm[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    base = (tip[0] - ux * size, tip[1] - uy * size)
    return (tip, (base[0] - uy * size * 0.45, base[1] + ux * size * 0.45),
            (base[0] + uy * size * 0.45, base[1] - ux * size * 0.45))


def walk_prims(choreo: Choreography, w: Walk, vp: Viewport, r: float, *, colour=None, ghost: bool = False,
               arrow: bool = False) -> list:
    """A walk drawn: a hollow ring where he starts, his path, a disc with his facing where he ends.

    ``ghost``: the other reading's (grey, dashed path, ring only); ``arrow``: an arrowhead on the path
    (the cue sheet's "where he goes")."""
    info = choreo.figures[w.figure]
    colour = GHOST if ghost else (colour or colour_of(info))
    pts = tuple((float(x), float(y)) for x, y in vp.to_screen_many(np.array(w.points)))
    out: list = []
    width = max(1.0, r * 0.35)
    if len(pts) >= 2 and w.length > 0.05:
        out.append(Poly(pts, None, colour, width, closed=False, dashed=(r * 0.8, r * 0.6) if ghost else None))
        out.append(Circle(pts[0], r * 0.7, PLAN["halo"], colour, max(1.0, r * 0.3)))
        if arrow:
            out.append(Poly(arrow_head(pts[-1], _back_point(pts), r * 1.6), colour))
    ex, ey = pts[-1]
    if ghost:
        out.append(Circle((ex, ey), r, None, GHOST, max(1.0, r * 0.3)))
        return out
    out.append(Circle((ex, ey), r, colour, INK, max(1.0, r * 0.18)))
    out.append(wedge(ex, ey, r, w.end_bearing, r / 8))
    return out


def _back_point(pts) -> tuple[float, float]:
    """The last screen point of a path clearly before its end (for the arrowhead's direction)."""
    end = pts[-1]
    for p in reversed(pts[:-1]):
        if math.dist(p, end) > 2:
            return p
    return pts[0]


def context_prims(choreo: Choreography, step: Step, vp: Viewport, r: float, skip) -> list:
    """Everyone present at the step's end who does not act in it: small grey dots."""
    out = []
    for name, info in choreo.figures.items():
        if name in skip or info.kind == "object":
            continue
        pose = choreo.pose_at(name, step.t1)
        if pose is None:
            continue
        out.append(Circle(vp.to_screen(pose.x, pose.y), r * 0.45, CONTEXT, None))
    return out
