"""The other reading drawn as ghosts: where each ghost goes on a panel, and what the caption says (no pygame).

A comparison frame (``choreo render --compare``, the viewer's ghost overlay, the print engineer's
plates) draws the base reading as usual and, over it, reading b's figures that differ in the step on
screen (:meth:`choreo.compare.Comparison.ghosts`), at b's moment that stands for the frame's
(:meth:`~choreo.compare.Comparison.other_time`). This module returns that geometry in pixels and
the caption's lines; ``choreo.render.ghostdraw`` draws them with pygame, an SVG back end can too.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from choreo.compare import Comparison, venue_differences
from choreo.model import Step
from choreo.render.planlayout import PlanLayout, Shape
from choreo.render.style import RGB, colour_of
from choreo.render.viewport import Viewport

# The second tint: ghost outlines, dashes and labels (a violet in no role's colour, the Okabe–Ito set
# having none; choice). Discs are the figure's own colour paled towards white (GHOST_PALE), at GHOST_ALPHA
# over the base picture, so that a ghost standing on its own base figure still shows (choice).
GHOST_TINT: RGB = (125, 60, 175)
GHOST_CAPTION: RGB = (200, 165, 240)  # the same tint, light enough to read on the dark caption band
GHOST_ALPHA = 150  # of 255: the base figure under a ghost stays visible (choice)
GHOST_PALE = 0.55  # how far a ghost's disc colour goes from the figure's towards white
DASH, GAP = 7.0, 5.0  # pixels at a 720-px frame: a ghost's trail is dashed, the base's solid
WEDGE = 7  # as choreo.render.figures.WEDGE: the facing wedge's tip beyond the disc
# the least radii (persons, objects; pixels at a 720-px frame), as FigureLayer.layout draws the base figures
MAIN_FLOOR = (8.0, 4.0)
STRIP_FLOOR = (3.5, 2.5)
STRIP_RING = 4.0  # pixels: a strip ghost's least ring radius, which still reads as a ring at 640×360 (choice)


@dataclass(frozen=True)
class Ghost:
    """One figure of reading b at one moment, in the pixels of a panel."""

    name: str
    label: str
    kind: str  # person | object
    px: float
    py: float
    r: float
    bearing: float
    colour: RGB  # its disc's: the figure's role colour, paled (drawn translucent)
    tip: tuple[float, float]  # the facing wedge's tip (persons)
    trail: tuple[tuple[float, float], ...]  # b's last moves, newest last (screen points)
    acting: bool = False  # one of the step's actors (either side's): his name is the one a reader needs

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs = [self.px - self.r, self.px + self.r, self.tip[0]]
        ys = [self.py - self.r, self.py + self.r, self.tip[1]]
        return min(xs), min(ys), max(xs), max(ys)


def ghost_layout(comparison: Comparison, vp: Viewport, t: float, step: Step | None, *, scale: float = 1.0,
                 trail_seconds: float = 8.0, trails: bool = True, other: float | None = None,
                 small: bool = False) -> list[Ghost]:
    """The ghosts on screen at a's moment t of ``step``: b's differing figures at b's matching moment
    (``other``, when the frame is played on b's clock: a step of b only, or the rest of b's longer step).

    ``scale`` is the frame's size factor (RenderConfig.font_scale): the least disc radius and the
    wedge grow with it as the base figures' do. Objects carried under b are drawn with no token.
    ``small``: for the 侯道 strip, whose figures are dots (FigureLayer.layout small): the dots' least
    radii, no wedge, no trail.
    """
    if step is None:
        return []
    tb = comparison.other_time(step.id, t) if other is None else other
    if tb is None:
        return []
    b = comparison.b
    entry = comparison.entry(step.id)
    actors = set(step.figures) | set(entry.b.figures if entry is not None and entry.b is not None else ())
    out = []
    for name in comparison.ghosts(step.id):
        info = b.figures.get(name)
        pose = b.pose_at(name, tb)
        if info is None or pose is None:
            continue
        if info.kind == "object" and b.holder_of(name, tb) is not None:
            continue
        px, py = vp.to_screen(pose.x, pose.y)
        person = info.kind != "object"
        floor = (STRIP_FLOOR if small else MAIN_FLOOR)[0 if person else 1]
        r = max(vp.length(info.radius or (1.0 if person else 0.6)), floor * scale)
        tip = (px, py)
        if person and not small:
            a = math.radians(pose.bearing)
            tip = (px + math.sin(a) * (r + WEDGE * scale), py - math.cos(a) * (r + WEDGE * scale))
        trail = _trail(b, name, tb, trail_seconds, vp) if trails and person and not small else ()
        colour = tuple(round(c + (255 - c) * GHOST_PALE) for c in colour_of(info))
        out.append(Ghost(name, info.label or name, info.kind, px, py, r, pose.bearing, colour, tip, trail,
                         person and name in actors))
    return out


def ghost_points(comparison: Comparison, t: float, step: Step | None, box, other: float | None = None
                 ) -> list[tuple[float, float]]:
    """Where the persons among ``step``'s ghosts stand at a's moment t (world 尺, at b's matching moment, or
    at ``other`` as in :func:`ghost_layout`): the ghosts a comparison's camera keeps in view, those of the
    step's actors (either side's) and of figures whose own (a's) figure is in ``box``. A bystander off
    screen under both readings stays off screen (choice: else a venue comparison, where everyone moves
    a little, would show the whole court)."""
    tb = other if other is not None else comparison.other_time(step.id, t) if step is not None else None
    if tb is None:
        return []
    a, b, out = comparison.a, comparison.b, []
    entry = comparison.entry(step.id)
    actors = set(step.figures) | set(entry.b.figures if entry is not None and entry.b is not None else ())
    for name in comparison.ghosts(step.id):
        info, pose = b.figures.get(name), b.pose_at(name, tb)
        if info is None or info.kind == "object" or pose is None:
            continue
        own = a.pose_at(name, t)
        if name in actors or own is not None and box[0] <= own.x <= box[2] and box[1] <= own.y <= box[3]:
            out.append((pose.x, pose.y))
    return out


def covering(box, points, pad: float, split: float):
    """``box`` (world bounds) grown to hold ``points`` with ``pad`` 尺 round them: those on the box's side of
    the line y = ``split`` (the hall's or the range's; the 侯道 strip shows the other side)."""
    north = (box[1] + box[3]) / 2 >= split
    near = [(x, y) for x, y in points if (y >= split) == north]
    if not near:
        return box
    xs, ys = [x for x, _ in near], [y for _, y in near]
    return (min(box[0], min(xs) - pad), min(box[1], min(ys) - pad), max(box[2], max(xs) + pad),
            max(box[3], max(ys) + pad))


def _trail(b, name: str, t: float, seconds: float, vp: Viewport) -> tuple[tuple[float, float], ...]:
    track = b.tracks[name]
    s = track.samples
    if len(s) < 2 or t <= s[0, 0]:
        return ()
    t0 = max(t - seconds, s[0, 0])
    pts = [track.at(t0)] + [row[1:3] for row in s if t0 < row[0] < t] + [track.at(t)]
    out = []
    for p in pts:
        if p is None:
            continue
        q = vp.to_screen(float(p[0]), float(p[1]))
        if not out or math.hypot(q[0] - out[-1][0], q[1] - out[-1][1]) > 0.5:
            out.append(q)
    return tuple(out) if len(out) > 1 else ()


GHOST_RIM = 0.9  # opacity of a ghost's rim, wedge and trail


def ghost_primitives(ghosts: list[Ghost], k: float) -> list:
    """The ghosts as scene primitives (choreo.render.scene): dashed trails, then translucent discs (squares
    for objects) with a tinted rim and facing wedge. The video paints them with pygame, a still's SVG or
    PDF with its own back end: one drawing."""
    from choreo.render.scene import Circle, Poly

    out: list = []
    w = max(2, round(2.5 * k))
    for g in ghosts:
        if len(g.trail) > 1:
            out.append(Poly(g.trail, None, GHOST_TINT, w, closed=False, dashed=(DASH * k, GAP * k), opacity=GHOST_RIM))
    fill = GHOST_ALPHA / 255
    rim = max(2, round(2 * k))
    for g in ghosts:
        if g.kind == "object":
            box = ((g.px - g.r, g.py - g.r), (g.px + g.r, g.py - g.r), (g.px + g.r, g.py + g.r), (g.px - g.r, g.py + g.r))
            out.append(Poly(box, g.colour, opacity=fill))
            out.append(Poly(box, None, GHOST_TINT, max(1, round(1.5 * k)), opacity=GHOST_RIM))
            continue
        out.append(Circle((g.px, g.py), g.r, g.colour, opacity=fill))
        out.append(Circle((g.px, g.py), g.r, None, GHOST_TINT, rim, opacity=GHOST_RIM))
        a, side = math.radians(g.bearing), math.radians(40)
        b1 = (g.px + math.sin(a - side) * g.r, g.py - math.cos(a - side) * g.r)
        b2 = (g.px + math.sin(a + side) * g.r, g.py - math.cos(a + side) * g.r)
        out.append(Poly((g.tip, b1, b2), GHOST_TINT, opacity=GHOST_RIM))
    return out


def strip_ghost_primitives(ghosts: list[Ghost], k: float) -> list:
    """The 侯道 strip's ghosts (:func:`ghost_layout` ``small``) as scene primitives: hollow, a ring (a square
    for an object) in the ghosts' tint just outside the dot's radius, so that a ghost standing on its own
    base dot rings it rather than hiding it (choice: at a strip dot's few pixels a translucent fill is lost)."""
    from choreo.render.scene import Circle, Poly

    out: list = []
    w = max(1, round(1.5 * k))
    for g in ghosts:
        r = max(g.r + w, STRIP_RING)
        if g.kind == "object":
            box = ((g.px - r, g.py - r), (g.px + r, g.py - r), (g.px + r, g.py + r), (g.px - r, g.py + r))
            out.append(Poly(box, None, GHOST_TINT, w, opacity=GHOST_RIM))
        else:
            out.append(Circle((g.px, g.py), r, None, GHOST_TINT, w, opacity=GHOST_RIM))
    return out


def leader_primitives(labels, k: float) -> list:
    """The thin tinted lines from a ghost to its name where the name stands off (``labels``: the ghosts'
    placed names, ``(text, left, top, size, leader)``; leader None or its two ends)."""
    from choreo.render.scene import Poly

    w = max(1, round(1.2 * k))
    return [Poly(lab[4], None, GHOST_TINT, w, closed=False, opacity=GHOST_RIM) for lab in labels if lab[4] is not None]


def leader(g: Ghost, box) -> tuple[tuple[float, float], tuple[float, float]]:
    """From the ghost's rim to the nearest point of its name's box (left, top, right, bottom)."""
    x = min(max(g.px, box[0]), box[2])
    y = min(max(g.py, box[1]), box[3])
    d = math.hypot(x - g.px, y - g.py) or 1.0
    return (g.px + (x - g.px) * g.r / d, g.py + (y - g.py) * g.r / d), (x, y)


# The parts of a plan a venue comparison outlines where the other venue draws them otherwise: the marks
# (the 物), walls and rooms (a 室). Choice: the rest (the court, the 階, the stations) differs with the
# depth of the hall and, outlined too, would hide what the comparison is about.
PLAN_GHOST_STYLES = ("mark", "wall", "room")


def plan_ghosts(a: PlanLayout, b: PlanLayout) -> tuple[Shape, ...]:
    """What the other venue's plan draws that this one does not (the 物 on the 楣 rather than the 棟,
    the walls of a 室): drawn as tinted outlines under the figures in a venue comparison."""
    mine = set(a.shapes)
    return tuple(s for s in b.shapes if s not in mine and s.style in PLAN_GHOST_STYLES)


def plan_ghost_primitives(shapes, vp: Viewport, k: float) -> list:
    """Those shapes as dashed outlines in the ghosts' tint (scene primitives)."""
    from choreo.render.scene import Circle, Poly

    out: list = []
    w = max(2, round(2 * k))
    for s in shapes:
        pts = tuple((float(x), float(y)) for x, y in vp.to_screen_many(s.coords)) if s.coords else ()
        if s.kind == "circle" and pts:
            out.append(Circle(pts[0], max(vp.length(s.radius), s.min_px * k), None, GHOST_TINT, w))
        elif len(pts) >= 2:
            ring = pts + pts[:1] if s.kind == "poly" else pts
            out.append(Poly(ring, None, GHOST_TINT, w, closed=False, dashed=(6 * k, 4 * k)))
    return out


QUOTE = re.compile(r"「[^「」]*」〔(\d{3})〕")


def _seed(source: str) -> str:
    m = re.match(r"(\d{3})", source or "")
    return m.group(1) if m else ""


@dataclass(frozen=True)
class CompareCaption:
    """What the caption band says of a step in a comparison: each side's name and quotations, and what
    changes (empty when nothing differs)."""

    names: tuple[str, str]
    quotes: tuple[str, str]
    changes: tuple[str, ...]
    differs: bool
    only: int | None = None  # 0 or 1: the side that alone has the step (the other's figures wait)


NO_STEP = "no such step: its figures wait where its last step left them"


def compare_caption(comparison: Comparison, step: Step) -> CompareCaption:
    """Both sides' quotations for ``step`` and the short line of what changes.

    Readings: the reading that changes the step gives its ``why``; of its quotations, those from the
    seed the clause itself is quoted from (the 經 with 鄭注 and 賈疏) stand for the reading that keeps
    the clause as planned, the others for the reading that changes it (a choice: the 敖 quotations are
    seed 001's). Venues: the sources of the options the two venue files set otherwise (記 「序则物当栋」 …).
    """
    names = comparison.names()
    diff = comparison.difference(step.id)
    if not diff.differs:
        return CompareCaption(names, ("", ""), (), False)
    changes = comparison.changes(step.id)
    if comparison.by_venue:
        rows = venue_differences(comparison.a.venue, comparison.b.venue)
        sides = tuple("；".join(m.group(0) for r in rows for m in QUOTE.finditer(r[3 + i])) for i in (0, 1))
        return CompareCaption(names, sides, changes, True)
    entry = comparison.entry(step.id)
    own_steps = (entry.a, entry.b) if entry is not None else (step, None)
    notes = [s.reading_note if s is not None else "" for s in own_steps]
    own = _seed(step.source)
    sides = ["", ""]
    for i, note in enumerate(notes):
        if not note:
            continue
        quotes = [(m.group(0), m.group(1)) for m in QUOTE.finditer(note)]
        mine = [q for q, seed in quotes if seed != own]
        kept = [q for q, seed in quotes if seed == own]
        sides[i] = "；".join(mine or [q for q, _ in quotes]) or note
        if mine and kept and not notes[1 - i]:
            sides[1 - i] = "；".join(kept)
    only = None
    if entry is not None and entry.one_sided:  # the side that has the step quotes it (or its reason)
        only = 0 if entry.a is not None else 1
        mine = own_steps[only]
        sides[only] = sides[only] or f"「{mine.text}」〔{_seed(mine.source)}〕"
        sides[1 - only] = NO_STEP
    return CompareCaption(names, tuple(sides), changes, True, only)
