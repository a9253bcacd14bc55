"""The 相左 of the text where they happen: each ``passes_left`` assertion of a step, at the closest
approach the checker measures (choreo/check/constraints.py, one computation for both), and the mark
that shows who passed on which side.

The mark: each party's path over a few seconds round that moment as a short arrow, his number (1 or 2,
in the order the script's check names them) at its tail and on a small tag by his disc, and a tick
joining the two where they were closest. The two parties are often the same colour (two archers): the
numbers tell them apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from choreo.check.constraints import passes_left
from choreo.errors import YiliError
from choreo.model import Choreography
from choreo.render.marks.shapes import RGB, XY, Mark, mix, toward

PASS_SPAN = 2.0  # ceremony seconds of each path drawn either side of the closest approach (choice)
PASS_SHOWN = (4.0, 3.0)  # seconds the mark is shown before and after that moment (choice)


@dataclass(frozen=True)
class Passing:
    """One 相左: ``parties`` pass each other closest at ``t`` (``separation`` 尺 apart, at ``where``)."""

    step: str
    parties: tuple[str, str]
    t: float
    where: XY
    separation: float
    left_of_each: bool  # the checker's verdict: each had the other on his left

    def shown(self, t: float) -> bool:
        return self.t - PASS_SHOWN[0] <= t <= self.t + PASS_SHOWN[1]


def passings_of(choreo: Choreography) -> tuple[Passing, ...]:
    """Every 相左 the steps assert, measured as the checker measures it."""
    out = []
    for step in choreo.steps:
        for a in step.assertions:
            if a.kind != "passes_left":
                continue
            try:
                result = passes_left(choreo, step, a)
            except YiliError:  # a figure the check names is missing: `choreo check` reports it, nothing to draw
                continue
            measured = result.measured or {}
            if "t" not in measured or result.where is None:
                continue
            ok = measured["cross_a"] > 0 and measured["cross_b"] > 0
            out.append(Passing(step.id, tuple(result.figures), float(measured["t"]), tuple(result.where),
                               float(measured["separation"]), ok))
    return tuple(sorted(out, key=lambda p: p.t))


class PassingIndex:
    def __init__(self, choreo: Choreography) -> None:
        self.choreo = choreo
        self.passings = passings_of(choreo)

    def at(self, t: float) -> list[Passing]:
        return [p for p in self.passings if p.shown(t)]

    def cuts(self) -> list[float]:
        """The times at which :meth:`at` may answer otherwise: the same for all t in [c_k, c_{k+1}) (a
        passing is shown up to and at its last moment: its cut is the next float after it)."""
        return sorted({v for p in self.passings
                       for v in (p.t - PASS_SHOWN[0], math.nextafter(p.t + PASS_SHOWN[1], math.inf))})

    def number(self, figure: str, t: float) -> int | None:
        """1 or 2: the figure's number in a passing shown at t."""
        for p in self.at(t):
            if figure in p.parties:
                return p.parties.index(figure) + 1
        return None


def path_near(choreo: Choreography, figure: str, t: float, to_screen) -> tuple[XY, ...]:
    """The figure's path in pixels over [t - PASS_SPAN, t + PASS_SPAN], a point every quarter second."""
    pts = []
    for i in range(int(4 * 2 * PASS_SPAN) + 1):
        pose = choreo.pose_at(figure, t - PASS_SPAN + i / 4)
        if pose is not None:
            p = to_screen(pose.x, pose.y)
            if not pts or abs(p[0] - pts[-1][0]) + abs(p[1] - pts[-1][1]) > 0.5:
                pts.append(p)
    return tuple(pts)


def passing_marks(choreo: Choreography, p: Passing, t: float, to_screen, colours: tuple[RGB, RGB],
                  ink: RGB, halo: RGB, width: float, size: float) -> list[Mark]:
    """The mark of passing ``p`` at time t: two arrows, their numbers and the tick between them."""
    out: list[Mark] = []
    fade = max(0.0, t - p.t) / PASS_SHOWN[1] * 0.6
    ends = []
    for n, (name, colour) in enumerate(zip(p.parties, colours, strict=True), start=1):
        pts = path_near(choreo, name, p.t, to_screen)
        if len(pts) < 2:
            return []
        c = mix(colour, halo, fade)
        out.append(Mark("line", pts, mix(ink, halo, fade), width + 2))
        out.append(Mark("line", pts, c, width))
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        d = max(1e-9, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        h = width * 3
        tip = (x1 + ux * h, y1 + uy * h)
        out.append(Mark("polygon", (tip, (x1 - uy * h * 0.7, y1 + ux * h * 0.7), (x1 + uy * h * 0.7, y1 - ux * h * 0.7)),
                        c, outline=mix(ink, halo, fade)))
        out.append(Mark("circle", (pts[0],), halo, 0, size * 0.75, outline=mix(ink, halo, fade)))
        out.append(Mark("text", (pts[0],), mix(ink, halo, fade), 0, size, text=str(n)))
        ends.append(to_screen(*_at(choreo, name, p.t)))
    out.append(Mark("line", tuple(ends), mix(ink, halo, fade), max(1.0, width * 0.6)))
    return out


def number_tag_spot(cx: float, cy: float, r: float, size: float) -> tuple[XY, float]:
    """Centre and radius of a party's number tag: at the upper left of his disc (radius r), over its rim by
    a quarter of the number's size, so that it touches the disc at every scale (the figure's layout box
    takes it in from here too)."""
    return toward(cx, cy, 315.0, r + size * 0.5), size * 0.75


def number_tag(cx: float, cy: float, r: float, n: int, ink: RGB, halo: RGB, size: float) -> list[Mark]:
    """The party's number on a small disc at the upper left of his own disc."""
    at, radius = number_tag_spot(cx, cy, r, size)
    return [Mark("circle", (at,), halo, 0, radius, outline=ink), Mark("text", (at,), ink, 0, size, text=str(n))]


def _at(choreo: Choreography, name: str, t: float) -> XY:
    pose = choreo.pose_at(name, t)
    return (pose.x, pose.y) if pose is not None else (0.0, 0.0)
