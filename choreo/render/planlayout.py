"""The floor plan as world-coordinate primitives, shared by the pygame drawing and the SVG writer.

A Venue becomes a list of :class:`Shape` (polygons, lines, circles in 尺) and :class:`Label`
(text anchored at a world point, with a priority). Both back ends walk the same list through the
same :class:`~choreo.render.viewport.Viewport`, so the PNG, the SVG and every video frame share
one layout. The hall and court are drawn large in the main panel; the whole 侯道 (物 → 侯, 300 尺)
is drawn to scale in a strip beside it, because at one scale a 40-尺 hall would be a few pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from choreo.render.viewport import Bounds, Rect, Viewport, fit
from stage.model import Venue
from stage.vocabulary import CORD_LOOSED

Coords = tuple[tuple[float, float], ...]

# What the range is (drawn in the strip, outside the hall view): the targets and their screens.
RANGE_KINDS = ("target", "screen")
# Styles of a 侯's nested parts, outermost first (a 侯 with more parts repeats the innermost).
PART_STYLES = ("target", "target-body", "target-centre")


@dataclass(frozen=True)
class Shape:
    """One thing to draw: ``kind`` is poly | line | circle; ``style`` a key of style.PLAN."""

    kind: str
    coords: Coords
    style: str
    outline: str | None = None  # outline colour key for polygons and circles
    width: float = 1.0  # line width in pixels at a 720-px frame
    radius: float = 0.0  # circles: world radius in 尺
    dashed: bool = False
    min_px: float = 0.0  # circles: never drawn smaller than this many pixels
    landmark: str = ""  # the object landmark it draws (the 楅, the 中): a choreography may set it later


@dataclass(frozen=True)
class Label:
    text: str
    x: float
    y: float
    priority: int = 1
    size: str = "mid"  # big | mid | small
    landmark: str = ""  # the landmark drawn or labelled (a choreography may leave it out)
    strip: str | None = None  # the word shown for it in the 侯道 strip, if any


@dataclass(frozen=True)
class PlanLayout:
    """The venue's drawing: shapes and labels, the hall's and the range's bounds."""

    venue_key: str
    title: str
    shapes: tuple[Shape, ...]
    labels: tuple[Label, ...]
    hall_bounds: Bounds
    full_bounds: Bounds
    range_top: float  # y north of which everything belongs to the hall view
    range_span: tuple[float | None, float | None] = (None, None)  # y of the 物 and of the 侯 (strip dimension)
    far_bounds: Bounds | None = None  # the target end of the range: the 侯 and the 乏 (the split view's panel)


def _coords(geom: BaseGeometry) -> list[Coords]:
    """Exterior rings / line strings of a geometry as coordinate tuples."""
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [tuple(geom.exterior.coords)]
    if isinstance(geom, MultiPolygon) or hasattr(geom, "geoms"):
        out: list[Coords] = []
        for g in geom.geoms:
            out.extend(_coords(g))
        return out
    return [tuple(geom.coords)]


def _geom_shapes(geom: BaseGeometry, style: str, outline: str | None = None, width: float = 1.0,
                 dashed: bool = False) -> list[Shape]:
    shapes = []
    if geom is None or geom.is_empty:
        return shapes
    if isinstance(geom, Point):
        return [Shape("circle", ((geom.x, geom.y),), style, outline, width, radius=0.5, min_px=3)]
    polygonal = isinstance(geom, (Polygon, MultiPolygon)) or (
        hasattr(geom, "geoms") and all(isinstance(g, Polygon) for g in geom.geoms))
    for ring in _coords(geom):
        shapes.append(Shape("poly" if polygonal else "line", ring, style, outline, width, dashed=dashed))
    return shapes


def _mark(lm) -> list[Shape]:
    """A 物 as the venue draws it (its ``cross``: 「度尺而午」〔000〕); a dot when it has no extent."""
    if lm.geometry is None or isinstance(lm.geometry, Point):
        return [Shape("circle", ((lm.x, lm.y),), "mark", None, radius=0.5, min_px=3)]
    return [Shape("line", ring, "mark", width=3) for ring in _coords(lm.geometry)]


def _half_width(lm) -> float:
    """Half the width of a target: its outermost part, else its drawn line, else 1 尺."""
    if lm.parts:
        return lm.parts[0] / 2
    if lm.geometry is not None and not lm.geometry.is_empty:
        minx, _, maxx, _ = lm.geometry.bounds
        return (maxx - minx) / 2 or 1.0
    return 1.0


def _target(lm) -> list[Shape]:
    """A 侯 seen from above: its parts (the upper 舌, the 躬, the 中 …) as nested bars."""
    x, y = lm.x, lm.y
    if lm.geometry is not None and not lm.geometry.is_empty:
        minx, _, maxx, _ = lm.geometry.bounds
        x = (minx + maxx) / 2
    widths = lm.parts or (2 * _half_width(lm),)
    depth = 1.0  # modelling choice: a cloth seen from above, given a visible thickness of 1 尺
    out = []
    for i, width in enumerate(widths):
        w, style = width / 2, PART_STYLES[min(i, len(PART_STYLES) - 1)]
        out.append(Shape("poly", ((x - w, y - depth), (x + w, y - depth), (x + w, y + depth),
                                  (x - w, y + depth), (x - w, y - depth)), style, "wall", 1))
    return out


def _tent(lm) -> list[Shape]:
    """The 次, a screened place: a light fill and a dashed wall (who is inside is not drawn)."""
    return _geom_shapes(lm.geometry, "tent", None) + [
        Shape("line", ring, "tent-wall", width=2, dashed=True) for ring in _coords(lm.geometry.boundary)]


def cord_shapes(lm, state: str | None) -> list[Shape]:
    """A 侯's 綱 in a state: tied (張), a taut line to its post; loosed (解), a dashed line and no more pull.
    A choreography that loosens one draws it again with the state it has at the time."""
    if lm.geometry is None:
        return []
    loosed = state == CORD_LOOSED
    post = Shape("circle", ((lm.x, lm.y),), "cord-post", None, radius=0.6, min_px=2, landmark=lm.name)
    return [Shape("line", ring, "cord-loosed" if loosed else "cord", width=1.5 if loosed else 2,
                  dashed=loosed, landmark=lm.name) for ring in _coords(lm.geometry)] + [post]


def _stair(lm) -> list[Shape]:
    """A 階 with its treads: ``steps`` lines across the flight between its foot and its top."""
    geom = lm.geometry
    if geom is None or not isinstance(geom, Polygon):
        top = lm.top or (lm.x, lm.y + 3.0)
        half = 2.5  # modelling choice when the venue gives no footprint: a 5-尺 wide flight
        geom = Polygon([(lm.x - half, lm.y), (lm.x + half, lm.y), (top[0] + half, top[1]),
                        (top[0] - half, top[1])])
    shapes = [Shape("poly", tuple(geom.exterior.coords), "stair", "tread", 1.5)]
    minx, miny, maxx, maxy = geom.bounds
    n = max(1, int(lm.steps or 3))
    for k in range(1, n + 1):
        ty = miny + (maxy - miny) * k / (n + 1)
        shapes.append(Shape("line", ((minx, ty), (maxx, ty)), "tread", width=1))
    return shapes


def _square(x: float, y: float, s: float, style: str) -> Shape:
    return Shape("poly", ((x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s), (x - s, y - s)),
                 style, "wall", 1)


def _object_shape(lm) -> list[Shape]:
    if lm.geometry is not None and not lm.geometry.is_empty and not isinstance(lm.geometry, Point):
        return _geom_shapes(lm.geometry, "object", "wall", 1)
    # modelling choice: an unsized object is a square icon, 0.8 尺 half-size unless the venue says (icon)
    return [_square(lm.x, lm.y, lm.icon or 0.8, "object")]


def _label_text(venue: Venue, lm) -> str:
    """The name, or the value of the option the venue says stands for it (中 → 鹿中)."""
    if lm.label_option:
        return venue.options.get(lm.label_option) or lm.name
    return lm.name


_LAYOUTS: dict[int, tuple[Venue, PlanLayout]] = {}


def build_layout(venue: Venue) -> PlanLayout:
    """The venue's layout, computed once per Venue object (venues are immutable)."""
    hit = _LAYOUTS.get(id(venue))
    if hit is None or hit[0] is not venue:
        hit = (venue, _build_layout(venue))
        _LAYOUTS[id(venue)] = hit
    return hit[1]


def _build_layout(venue: Venue) -> PlanLayout:
    shapes: list[Shape] = []
    labels: list[Label] = []
    lms = venue.landmarks

    platform = venue.platform
    for name in venue.floors:
        if name != platform:
            shapes += _geom_shapes(venue.walkable[name], "court")
    hall = venue.walkable.get(platform) if platform else None
    if hall is None and platform is not None:
        hall = lms[platform].geometry
    if hall is not None:
        shapes += _geom_shapes(hall, "platform", "platform-edge", 3)
    for lm in venue.landmarks_of("room", "chamber"):
        if lm.geometry is not None:
            shapes += _geom_shapes(lm.geometry, "room", "wall", 2)
    for lm in venue.landmarks_of("line"):
        geom = lm.geometry
        if geom is None and hall is not None:
            minx, _, maxx, _ = hall.bounds
            geom = LineString([(minx, lm.y), (maxx, lm.y)])
        if geom is not None:
            shapes += _geom_shapes(geom, "beam", width=1.5, dashed=True)
    for lm in lms.values():
        if lm.kind == "stair":
            shapes += _stair(lm)
        elif lm.kind == "seat":
            if lm.geometry is not None and not isinstance(lm.geometry, Point):
                shapes += _geom_shapes(lm.geometry, "seat", "platform-edge", 1)
    obstacle_names = set()
    for ob in venue.obstacles:
        obstacle_names.add(ob.name)
        if ob.kind == "pillar":
            c = ob.geometry.centroid
            r = max(0.5, math.sqrt(ob.geometry.area / math.pi)) if ob.geometry.area > 0 else 0.8
            shapes.append(Shape("circle", ((c.x, c.y),), "pillar", None, radius=r, min_px=4))
        elif ob.kind == "wall":
            shapes += _geom_shapes(ob.geometry, "wall", "wall", 2)
        elif ob.kind == "room":  # a room's walls: drawn as an outline over the room's own fill
            for ring in _coords(ob.geometry.boundary if isinstance(ob.geometry, Polygon) else ob.geometry):
                shapes.append(Shape("line", ring, "wall", width=3))
        elif ob.kind == "screen":
            shapes += _geom_shapes(ob.geometry, "screen", "wall", 2)
        elif ob.kind == "edge":
            for ring in _coords(ob.geometry.boundary if isinstance(ob.geometry, Polygon) else ob.geometry):
                shapes.append(Shape("line", ring, "platform-edge", width=3))
        # stair sides and the target are drawn from their landmarks (treads, nested bars)
    for lm in lms.values():
        if lm.kind == "pillar" and lm.name not in obstacle_names:
            shapes.append(Shape("circle", ((lm.x, lm.y),), "pillar", None, radius=0.8, min_px=4))
        elif lm.kind == "wall" and lm.name not in obstacle_names and lm.geometry is not None:
            shapes += _geom_shapes(lm.geometry, "wall", "wall", 2)
    for lm in venue.landmarks_of("tent"):
        shapes += _tent(lm)
    for lm in venue.landmarks_of("cord"):
        shapes += cord_shapes(lm, lm.state)
    for lm in venue.landmarks_of("mark"):
        shapes += _mark(lm)
    for lm in venue.landmarks_of("target"):
        shapes += _target(lm)
    for f in venue.landmarks_of("screen"):
        if f.name not in obstacle_names:  # modelling choice: an L-shaped screen about 4 尺 across, open to the east
            shapes.append(Shape("line", ((f.x + 1, f.y + 2), (f.x - 1, f.y + 2), (f.x - 1, f.y - 2),
                                         (f.x + 1, f.y - 2)), "screen", width=3))
    for lm in lms.values():
        if lm.kind == "object":
            shapes += [replace(shape, landmark=lm.name) for shape in _object_shape(lm)]
        elif lm.kind in ("station", "rank") or lm.rank_spacing:
            shapes.append(Shape("circle", ((lm.x, lm.y),), "background", "station", 1.5, radius=0.6, min_px=3))
            if lm.rank_spacing:
                for k in range(1, 4):
                    sx, sy = lm.slot(k)
                    shapes.append(Shape("circle", ((sx, sy),), "station", None, radius=0.3, min_px=2))

    for lm in lms.values():
        pr = lm.label_priority
        x, y = lm.x, lm.y
        if lm.kind == "line" and hall is not None:
            x = hall.bounds[2]  # a beam is labelled at the hall's east end, clear of the middle
        if lm.kind == "platform" and hall is not None:
            # just inside the front edge between the 階, where no 楹, 物 or 室 is in the way
            x, y = (hall.bounds[0] + hall.bounds[2]) / 2, hall.bounds[1] + 2.5
        if lm.kind == "room" and lm.geometry is not None:
            c = lm.geometry.centroid
            x, y = c.x, c.y
        labels.append(Label(_label_text(venue, lm), x, y, pr, "big" if pr == 3 else "mid", lm.name,
                            lm.strip_label))

    far = venue.landmarks_of(*RANGE_KINDS)
    targets = venue.landmarks_of("target")
    screens = venue.landmarks_of("screen")
    # Anything as far south as the screens (or within 60 尺 of the targets) belongs to the range, not the court.
    cutoff = (max(f.y for f in screens) + 20.0) if screens else (min((lm.y for lm in far), default=-1e9) + 60.0)
    pts = [(lm.x, lm.y) for lm in lms.values() if lm.kind not in RANGE_KINDS and lm.y > cutoff] or [(0.0, 0.0)]
    range_top = min(p[1] for p in pts) - 15.0
    if hall is not None:
        minx, miny, maxx, maxy = hall.bounds
        pts += [(minx, miny), (maxx, maxy)]
    hall_bounds = _pad(_bounds(pts), 4.0)
    full_pts = pts + [(lm.x, lm.y) for lm in far] + [(lm.x + side * _half_width(lm), lm.y - 2)
                                                      for lm in targets for side in (-1, 1)]
    full_bounds = _pad(_bounds(full_pts), 6.0)
    marks = venue.landmarks_of("mark")
    span = (marks[0].y if marks else None, targets[0].y if targets else None)
    far_pts = [(lm.x, lm.y) for lm in far] + [(lm.x + side * _half_width(lm), lm.y) for lm in targets for side in (-1, 1)]
    far_bounds = _pad(_bounds(far_pts), 12.0) if far_pts else None  # modelling choice: room for the 獲者 round them
    return PlanLayout(venue.key, venue.title, tuple(shapes), tuple(labels), hall_bounds, full_bounds,
                      range_top, span, far_bounds)


def without_landmarks(layout: PlanLayout, names: frozenset[str]) -> PlanLayout:
    """The layout with the drawings and labels of these object landmarks left out: a choreography
    sets those objects there, and draws each where and when it actually is."""
    if not names:
        return layout
    return replace(layout, shapes=tuple(s for s in layout.shapes if s.landmark not in names),
                   labels=tuple(lab for lab in layout.labels if lab.landmark not in names))


def _bounds(pts) -> Bounds:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _pad(b: Bounds, d: float) -> Bounds:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


@dataclass(frozen=True)
class Panels:
    """Where things go in a picture: the main (hall) view, the 侯道 strip, the bands."""

    main: Rect
    strip: Rect | None
    top_band: Rect | None
    bottom_band: Rect | None


def split_panels(size: tuple[int, int], *, strip: bool = True, top_band: int = 0,
                 bottom_band: int = 0, strip_share: float = 0.2) -> Panels:
    """Main view on the left, the 侯道 strip on the right (``strip_share`` of the width: a fifth)."""
    w, h = size
    body_top, body_h = top_band, h - top_band - bottom_band
    strip_w = int(round(w * strip_share)) if strip and w >= 200 else 0
    main = (0, body_top, w - strip_w, body_h)
    return Panels(main, (w - strip_w, body_top, strip_w, body_h) if strip_w else None,
                  (0, 0, w, top_band) if top_band else None,
                  (0, h - bottom_band, w, bottom_band) if bottom_band else None)


def target_end_share(layout: PlanLayout, size: tuple[int, int], body_h: int, most: float) -> float:
    """The share of the width a strip ``body_h`` tall needs to show the target end (``far_bounds``) whole at
    the scale its height allows (``fit`` by height, its margins alike on both sides): the rest of the width
    is the main view's. At most ``most``; ``most`` itself when the venue has no target end."""
    far = layout.far_bounds
    if far is None or size[0] <= 0:
        return most
    need = math.ceil(body_h * (far[2] - far[0]) / (far[3] - far[1]))
    return min(most, need / size[0])


def plan_bounds(layout: PlanLayout) -> Bounds:
    """The plan picture's hall view: the hall bounds and every station and place of a file drawn north of
    the range (a file's places run on past its landmark: 司馬位's file left the picture at its foot)."""
    pts = [(x, y) for s in layout.shapes if s.kind == "circle" for x, y in s.coords if y > layout.range_top]
    if not pts:
        return layout.hall_bounds
    b = _pad(_bounds(pts), 4.0)
    h = layout.hall_bounds
    return (min(h[0], b[0]), min(h[1], b[1]), max(h[2], b[2]), max(h[3], b[3]))


def hall_viewport(layout: PlanLayout, rect: Rect) -> Viewport:
    """The plan picture's main view (``choreo plan``; a choreography's frames have their camera)."""
    return fit(plan_bounds(layout), rect, margin=0.04)


def strip_viewport(layout: PlanLayout, rect: Rect) -> Viewport:
    return fit(layout.full_bounds, rect, margin=0.06)


def nice_scale_bar(scale: float, target_px: float) -> tuple[float, str]:
    """A scale-bar length in 尺 near ``target_px`` pixels, a whole number of 步 (6 尺) or 1–3 尺."""
    candidates = [1, 2, 3, 6, 12, 18, 30, 60, 120, 300]
    best = min(candidates, key=lambda c: abs(c * scale - target_px))
    if best % 6 == 0:
        return best, f"{best} 尺 = {best // 6} 步"
    return best, f"{best} 尺"


LABEL_SIZES = {"big": 22, "mid": 17, "small": 14}  # pixels at a 720-px frame
TITLE_BAND = 56  # pixels at a 720-px picture


def plan_title(venue: Venue) -> str:
    return venue.title or venue.key


def strip_labels(layout: PlanLayout) -> tuple[Label, ...]:
    """The few names the narrow 侯道 strip shows: those the venue gives a ``strip_label``."""
    return tuple(Label(lab.strip, lab.x, lab.y, 3, "mid") for lab in layout.labels if lab.strip)


@dataclass(frozen=True)
class KeyEntry:
    """One row of the plan's key: a swatch drawn as ``kind`` (station | slot | band) in ``style``."""

    kind: str
    style: str
    text: str


# choice: the words of the key. The stations are the places the text calls 位 (司射位, 司馬位); a file's
# places (堂西位, 射位一) are drawn as small dots, one a person, called 列位 here.
STATION_WORD = "位"
SLOT_WORD = "列位"


def plan_key(venue: Venue) -> tuple[KeyEntry, ...]:
    """What the plan's marks mean, for the marks this venue has: the stations, the places of a file,
    and each band of a 侯 with the name the venue file gives its width (上個, 躬, 侯中)."""
    out: list[KeyEntry] = []
    lms = list(venue.landmarks.values())
    if any(lm.kind in ("station", "rank") or lm.rank_spacing for lm in lms):
        out.append(KeyEntry("station", "station", STATION_WORD))
    if any(lm.rank_spacing for lm in lms):
        out.append(KeyEntry("slot", "station", SLOT_WORD))
    seen = set()
    for lm in venue.landmarks_of("target"):
        for i, name in enumerate(lm.part_names):
            if name and name not in seen:
                seen.add(name)
                out.append(KeyEntry("band", PART_STYLES[min(i, len(PART_STYLES) - 1)], name))
    return tuple(out)


KEEP_CLEAR = (*PART_STYLES, "screen")  # shapes no name is written over (「左個」 in red on the red band)


def clear_extents(layout: PlanLayout) -> list[Bounds]:
    """World bounds (minx, miny, maxx, maxy) of the shapes labels keep off, in :func:`clear_boxes`' order:
    the same in every view (a renderer finds them once)."""
    out = []
    for shape in layout.shapes:
        if shape.style in KEEP_CLEAR and shape.coords:
            xs, ys = [float(p[0]) for p in shape.coords], [float(p[1]) for p in shape.coords]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def clear_boxes(layout: PlanLayout, vp: Viewport,
                extents: list[Bounds] | None = None) -> list[tuple[float, float, float, float]]:
    """Pixel boxes of the shapes labels keep off: the 侯's bands and the 乏 (``extents``: their
    :func:`clear_extents`, when the caller keeps them)."""
    # each shape's extreme points projected (Viewport.to_screen's arithmetic): the projection keeps the
    # order of the coordinates (each of its steps is monotone in IEEE arithmetic, the scale positive), so
    # these are the min and max of the projected points, to the last bit
    left, top, _, _ = vp.rect
    x0, y1, s = vp.x0, vp.y1, vp.scale
    return [(left + (minx - x0) * s - 1, top + (y1 - maxy) * s - 1, left + (maxx - x0) * s + 1,
             top + (y1 - miny) * s + 1)
            for minx, miny, maxx, maxy in (clear_extents(layout) if extents is None else extents)]
