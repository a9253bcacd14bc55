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

Coords = tuple[tuple[float, float], ...]

# Landmarks that belong to the range (drawn in the strip, outside the hall view).
RANGE_NAMES = ("侯", "左個", "右個", "乏", "侯中")

# The 侯 in plan: received text 「鄉侯，上個五尋，中十尺 … 倍中以為躬，倍躬以為左右舌」 (記, NOT IN
# SEEDS, domain.md §c.7): 中 10 尺, 躬 20 尺, upper 舌 40 尺 wide. Used when the venue has no geometry.
TARGET_CENTRE = 10.0
TARGET_BODY = 20.0
TARGET_TONGUE = 40.0

# Label priorities: 3 always drawn, 2 drawn if room, 1 drawn only in the large main view if room.
_PRIORITY = {
    "堂": 3, "室": 3, "西序": 3, "東序": 3, "西楹": 3, "東楹": 3, "西階": 3, "阼階": 3,
    "上物": 3, "下物": 3, "侯": 3, "乏": 3, "洗": 3, "楅": 3, "中": 3,
    "棟": 2, "楣": 2, "左個": 2, "右個": 2, "豐": 2, "堂西": 2, "堂東": 2, "司射位": 2, "司馬位": 2,
    "門": 2, "東房": 2, "房": 2, "篚": 2, "尊": 2,
}


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
    landmark: str = ""


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


def _cross(x: float, y: float, length: float = 3.0, bar: float = 1.2) -> list[Shape]:
    """A 物: 「物长如笴」 3 尺 north–south, 「距随长武」 crossbar 1.2 尺 〔002〕, drawn 「度尺而午」〔000〕."""
    return [Shape("line", ((x, y - length / 2), (x, y + length / 2)), "mark", width=3),
            Shape("line", ((x - bar / 2, y), (x + bar / 2, y)), "mark", width=3)]


def _target(venue: Venue) -> list[Shape]:
    """The 侯 seen from above: the upper 舌 to the 個 ends, the 躬 and the 中 as nested bars."""
    hou = venue.landmarks.get("侯")
    if hou is None:
        return []
    x, y = hou.x, hou.y
    left, right = venue.landmarks.get("左個"), venue.landmarks.get("右個")
    half = TARGET_TONGUE / 2
    if left is not None and right is not None:
        half = abs(right.x - left.x) / 2
        x = (right.x + left.x) / 2
    body, centre = half * TARGET_BODY / TARGET_TONGUE, half * TARGET_CENTRE / TARGET_TONGUE
    depth = 1.0  # modelling choice: a cloth seen from above, given a visible thickness of 1 尺
    out = []
    for w, style in ((half, "target"), (body, "target-body"), (centre, "target-centre")):
        out.append(Shape("poly", ((x - w, y - depth), (x + w, y - depth), (x + w, y + depth),
                                  (x - w, y + depth), (x - w, y - depth)), style, "wall", 1))
    return out


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


def _object_shape(lm) -> list[Shape]:
    if lm.geometry is not None and not lm.geometry.is_empty and not isinstance(lm.geometry, Point):
        return _geom_shapes(lm.geometry, "object", "wall", 1)
    s = 1.2 if lm.name in ("洗",) else 0.8  # modelling choice: icon sizes in 尺 for unsized objects
    if lm.name == "楅":  # 「长如笴，博三寸」〔002〕: 3 尺 by 0.3 尺, lying east–west (東肆)
        return [Shape("poly", ((lm.x - 1.5, lm.y - 0.3), (lm.x + 1.5, lm.y - 0.3), (lm.x + 1.5, lm.y + 0.3),
                               (lm.x - 1.5, lm.y + 0.3), (lm.x - 1.5, lm.y - 0.3)), "object", "wall", 1)]
    return [Shape("poly", ((lm.x - s, lm.y - s), (lm.x + s, lm.y - s), (lm.x + s, lm.y + s),
                           (lm.x - s, lm.y + s), (lm.x - s, lm.y - s)), "object", "wall", 1)]


def _label_text(venue: Venue, name: str) -> str:
    if name == "中":
        zhong = venue.options.get("zhong")
        return zhong if zhong else "中"
    return name


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

    court = venue.walkable.get("庭")
    if court is not None:
        shapes += _geom_shapes(court, "court")
    hall = venue.walkable.get("堂")
    if hall is None and "堂" in lms:
        hall = lms["堂"].geometry
    if hall is not None:
        shapes += _geom_shapes(hall, "platform", "platform-edge", 3)
    for name in ("室", "東房", "房"):
        if name in lms and lms[name].geometry is not None:
            shapes += _geom_shapes(lms[name].geometry, "room", "wall", 2)
    for lm in lms.values():
        if lm.kind == "line":
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
        elif ob.kind == "room":  # the 室's walls: drawn as an outline over the room's own fill
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
    for name in ("上物", "下物"):
        if name in lms:
            shapes += _cross(lms[name].x, lms[name].y)
    shapes += _target(venue)
    if "乏" in lms and "乏" not in obstacle_names:
        f = lms["乏"]  # modelling choice: an L-shaped screen about 4 尺 across, open to the east
        shapes.append(Shape("line", ((f.x + 1, f.y + 2), (f.x - 1, f.y + 2), (f.x - 1, f.y - 2),
                                     (f.x + 1, f.y - 2)), "screen", width=3))
    for lm in lms.values():
        if lm.kind == "object" and lm.name not in ("侯",) or lm.name in ("洗", "楅", "中", "豐", "篚", "尊"):
            shapes += [replace(shape, landmark=lm.name) for shape in _object_shape(lm)]
        elif lm.kind == "mark" and lm.name not in ("上物", "下物"):
            shapes += _cross(lm.x, lm.y)
        elif lm.kind in ("station", "rank") or lm.rank_spacing:
            shapes.append(Shape("circle", ((lm.x, lm.y),), "background", "station", 1.5, radius=0.6, min_px=3))
            if lm.rank_spacing:
                for k in range(1, 4):
                    sx, sy = lm.slot(k)
                    shapes.append(Shape("circle", ((sx, sy),), "station", None, radius=0.3, min_px=2))

    for lm in lms.values():
        if lm.kind in ("line",) and lm.name not in ("棟", "楣"):
            continue
        pr = _PRIORITY.get(lm.name, 1)
        x, y = lm.x, lm.y
        if lm.kind == "line" and hall is not None:
            x = hall.bounds[2]  # a beam is labelled at the hall's east end, clear of the middle
        if lm.name == "堂" and hall is not None:
            # just inside the front edge between the 階, where no 楹, 物 or 室 is in the way
            x, y = (hall.bounds[0] + hall.bounds[2]) / 2, hall.bounds[1] + 2.5
        if lm.name == "室" and lm.geometry is not None:
            c = lm.geometry.centroid
            x, y = c.x, c.y
        labels.append(Label(_label_text(venue, lm.name), x, y, pr, "big" if pr == 3 else "mid", lm.name))

    hall_names = [n for n in lms if n not in RANGE_NAMES]
    far = [lms[n] for n in lms if n in RANGE_NAMES]
    # Anything as far south as the 乏 (or within 60 尺 of the 侯) belongs to the range, not the court.
    cutoff = (lms["乏"].y + 20.0) if "乏" in lms else (min((lm.y for lm in far), default=-1e9) + 60.0)
    pts = [(lms[n].x, lms[n].y) for n in hall_names if lms[n].y > cutoff] or [(0.0, 0.0)]
    range_top = min(p[1] for p in pts) - 15.0
    if hall is not None:
        minx, miny, maxx, maxy = hall.bounds
        pts += [(minx, miny), (maxx, maxy)]
    hall_bounds = _pad(_bounds(pts), 4.0)
    full_pts = pts + [(lm.x, lm.y) for lm in far] + [(lm.x - 20, lm.y - 2) for lm in far if lm.name == "侯"] \
        + [(lm.x + 20, lm.y - 2) for lm in far if lm.name == "侯"]
    full_bounds = _pad(_bounds(full_pts), 6.0)
    return PlanLayout(venue.key, venue.title, tuple(shapes), tuple(labels), hall_bounds, full_bounds,
                      range_top)


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
                 bottom_band: int = 0) -> Panels:
    """Main view on the left, the 侯道 strip on the right (about a fifth of the width)."""
    w, h = size
    body_top, body_h = top_band, h - top_band - bottom_band
    strip_w = int(round(w * 0.2)) if strip and w >= 200 else 0
    main = (0, body_top, w - strip_w, body_h)
    return Panels(main, (w - strip_w, body_top, strip_w, body_h) if strip_w else None,
                  (0, 0, w, top_band) if top_band else None,
                  (0, h - bottom_band, w, bottom_band) if bottom_band else None)


def hall_viewport(layout: PlanLayout, rect: Rect) -> Viewport:
    return fit(layout.hall_bounds, rect, margin=0.04)


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
    """The few names the narrow 侯道 strip shows (the 上物 stands for both 物)."""
    keep = {"堂": "堂", "上物": "物", "乏": "乏", "侯": "侯"}
    return tuple(Label(keep[lab.text], lab.x, lab.y, 3, "mid") for lab in layout.labels if lab.text in keep)
