"""Where the plan picture (``choreo plan``) writes its landmarks' names: beside what each names, never
over a mark drawn (a station's circle, a file's places, a 楹, an object, a 物, a 階, the 侯's bands),
never over or against another name, never across a line of the building (a wall, the 堂's edge: a name
is on one side of it). Pixel boxes only: no pygame here (the PNG and the SVG share it).

Each name tries the spots round its own mark (beside, above and below it, slid either way, the diagonals),
first at the usual gap, then on wider rings joined to its mark by a leader, and takes the first that is
free and unambiguous (on its point's floor, nearer its own mark than any other named one); else the first
free one with a leader. Where some name found none, the names are placed again with those first; a name
still without room goes where it harms least: every landmark the plan shows is named once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from choreo.render.planlayout import KEEP_CLEAR, PlanLayout, Shape
from choreo.render.viewport import Viewport

Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels)
XY = tuple[float, float]

# The drawn marks a name keeps off: a station (its circle: background fill, station rim) and a file's
# places, the 楹, the objects, the 物's crosses, the 階 and their treads, a 綱's post, and what
# clear_boxes keeps clear already (the 侯's bands, the 乏). Rooms, walls, beams and floors are grounds a
# name may stand on.
MARK_STYLES = frozenset({"station", "pillar", "object", "mark", "stair", "tread", "cord-post", *KEEP_CLEAR})
# The distances (in gaps) a name tries; beyond the first a leader joins it to its mark (a name of an area, the
# 堂 or a room, needs none: its point is only where it is written)
RINGS = (1.0, 2.0, 3.0, 4.5, 6.0, 8.0, 10.0, 12.0)
FLOOR_STYLES = frozenset({"platform"})  # a raised floor (the 堂): a name stays on the floor its point is on
ROOM_STYLES = frozenset({"room"})  # a walled room on a floor: a floor of its own for the names (floor_boxes)
# The lines a name never crosses (it stands wholly on one side): the walls (a room's, a 序, a screen's), a raised
# floor's outline and its edges, a tent's; a beam (棟, 楣), dashed across the 堂, and a seat's rim may be written over
EDGE_STYLES = frozenset({"wall", "platform-edge", "tent-wall", *FLOOR_STYLES})
NAME_GAP = 10  # pixels at a 720-px picture kept free between two names side by side: 「上物」「下物」 must not
# read 「上物下物」; a name above another needs less (a third: the boxes hold the line's leading already)
REPAIRS = 3  # passes again with the names that found no room placed first, where some found none
MARK_GAP = 2  # pixels at a 720-px picture kept free between a name and a mark it does not name


@dataclass(frozen=True)
class PlacedName:
    """A landmark's name as drawn: its text and size, its box, the point it names, and its leader
    (None, or the line's two ends) when it stands off on a wider ring."""

    text: str
    size: float
    box: Box
    anchor: XY
    leader: tuple[XY, XY] | None = None


def is_mark(shape: Shape) -> bool:
    return shape.style in MARK_STYLES or shape.outline == "station"


def mark_boxes(layout: PlanLayout, vp: Viewport, k: float) -> list[Box]:
    """Pixel boxes of the marks names keep off, as :func:`choreo.render.drawplan.draw_shapes` draws them
    through ``vp`` (``k``: its line-width scale): a circle's radius with its rim, a polygon's or a line's
    points with half its width."""
    out = []
    for s in layout.shapes:
        if not s.coords or not is_mark(s):
            continue
        pts = vp.to_screen_many(s.coords)
        half = max(1, round(s.width * k)) / 2
        if s.kind == "circle":
            r = max(vp.length(s.radius), s.min_px * k) + (half if s.outline else 0.0)
            x, y = float(pts[0][0]), float(pts[0][1])
            out.append((x - r, y - r, x + r, y + r))
        else:
            xs, ys = pts[:, 0], pts[:, 1]
            out.append((float(xs.min()) - half, float(ys.min()) - half, float(xs.max()) + half, float(ys.max()) + half))
    return out


def floor_boxes(layout: PlanLayout, vp: Viewport) -> list[Box]:
    """Pixel boxes of the rooms (the 室, a 房), then of the raised floors (the 堂): a name of a place on the 堂
    is written on it, not in a room on it (「上物」 in the 室 reads as the 室's), a name of a place off it (a 階's
    foot, the 堂西) off it; a room's own name (「室」) in it."""
    out = []
    for s in sorted(layout.shapes, key=lambda s: s.style not in ROOM_STYLES):
        if (s.style in FLOOR_STYLES or s.style in ROOM_STYLES) and s.coords:
            pts = vp.to_screen_many(s.coords)
            out.append((float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max())))
    return out


def edge_lines(layout: PlanLayout, vp: Viewport, k: float) -> list[tuple[XY, XY, float]]:
    """The building's lines a name never crosses (EDGE_STYLES, as a shape's style or its outline) as pixel
    segments through ``vp`` with half their drawn width (``k``: the line-width scale): each side of a polygon
    (its ring closed), each piece of a line."""
    out = []
    for s in layout.shapes:
        if s.kind == "circle" or len(s.coords) < 2 or not (s.style in EDGE_STYLES or s.outline in EDGE_STYLES):
            continue
        pts = [(float(x), float(y)) for x, y in vp.to_screen_many(s.coords)]
        if s.kind == "poly" and pts[0] != pts[-1]:
            pts.append(pts[0])
        half = max(1, round(s.width * k)) / 2
        out += [(a, b, half) for a, b in zip(pts[:-1], pts[1:], strict=False) if a != b]
    return out


def crosses_edge(box: Box, edges: Iterable[tuple[XY, XY, float]], clear: float = 0.0, drawn: bool = True) -> bool:
    """A line of ``edges`` runs through the box (grown by ``clear`` and, ``drawn``, by the line's half width)."""
    for a, b, half in edges:
        g = _grow(box, (half if drawn else 0.0) + clear)
        if max(a[0], b[0]) <= g[0] or min(a[0], b[0]) >= g[2] or max(a[1], b[1]) <= g[1] or min(a[1], b[1]) >= g[3]:
            continue
        if _cuts((a, b), g):
            return True
    return False


def _on(x: float, y: float, floors: list[Box]) -> int:
    """Which floor the point is on: the index of the first box holding it, -1 for none (the court)."""
    return next((k for k, f in enumerate(floors) if f[0] < x < f[2] and f[1] < y < f[3]), -1)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grow(b: Box, d: float, dy: float | None = None) -> Box:
    dy = d if dy is None else dy
    return (b[0] - d, b[1] - dy, b[2] + d, b[3] + dy)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def own_mark(px: float, py: float, marks: list[Box]) -> Box:
    """The box of the marks drawn at a name's point (a 楹's disc, a 階's flight, a station's circle; several
    that overlap there, as one), or the point itself where nothing is drawn (the 堂, a room, a beam)."""
    box = (px, py, px, py)
    for m in marks:
        if m[0] <= px <= m[2] and m[1] <= py <= m[3]:
            box = (min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[2]), max(box[3], m[3]))
    return box


def spots_round(own: Box, w: float, h: float, d: float) -> list[Box]:
    """The boxes tried for a w × h name round ``own`` at distance d, best first: right, left, above, below
    (placement.spots' order), then above and below slid to either side of the mark and beside it slid up
    and down (a name still reads as the mark's where the centred spot is taken), then the diagonals."""
    x0, y0, x1, y1 = own
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    right, left, above, below = x1 + d, x0 - d - w, y0 - d - h, y1 + d
    corners = [(right, cy - h / 2), (left, cy - h / 2), (cx - w / 2, above), (cx - w / 2, below),
               (x0, above), (x1 - w, above), (x0, below), (x1 - w, below),
               (right, y1 - h), (right, y0), (left, y1 - h), (left, y0),
               (right, above), (right, below), (left, above), (left, below)]
    return [(lx, ty, lx + w, ty + h) for lx, ty in corners]


def over_floor(px: float, py: float, w: float, h: float, floor: Box) -> list[Box]:
    """The w × h boxes tried for the name of an area on a floor (「堂」) beyond the rings round its point: anywhere
    on the floor, on a grid of a third of the name's height, nearest its point first (the rings may all be taken
    by the names of its marks, written first, where the floor is small: the strip's 堂)."""
    step = max(2.0, h / 3)
    nx, ny = int((floor[2] - floor[0] - w) // step), int((floor[3] - floor[1] - h) // step)
    boxes = [(floor[0] + a * step, floor[1] + b * step, floor[0] + a * step + w, floor[1] + b * step + h)
             for a in range(nx + 1) for b in range(ny + 1)]
    return sorted(boxes, key=lambda b: math.hypot((b[0] + b[2]) / 2 - px, (b[1] + b[3]) / 2 - py))


def _apart(a: Box, b: Box) -> float:
    """The distance between two boxes (0 where they meet)."""
    return math.hypot(max(0.0, b[0] - a[2], a[0] - b[2]), max(0.0, b[1] - a[3], a[1] - b[3]))


def leader_of(own: Box, box: Box) -> tuple[XY, XY]:
    """From the edge of the named mark to the nearest point of its name's box."""
    cx, cy = (own[0] + own[2]) / 2, (own[1] + own[3]) / 2
    tx, ty = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    sx, sy = min(max(tx, own[0]), own[2]), min(max(ty, own[1]), own[3])
    return (sx, sy), (tx, ty)


def _crosses(line: tuple[XY, XY], boxes: Iterable[Box]) -> bool:
    (x0, y0), (x1, y1) = line
    n = max(2, int(math.hypot(x1 - x0, y1 - y0) // 2))
    pts = [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n)]
    return any(b[0] < x < b[2] and b[1] < y < b[3] for b in boxes for x, y in pts)


def _segments_cross(a: tuple[XY, XY], b: tuple[XY, XY]) -> bool:
    def side(p: XY, q: XY, r: XY) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (side(*a, b[0]) * side(*a, b[1]) < 0) and (side(*b, a[0]) * side(*b, a[1]) < 0)


def _box_edges(b: Box) -> list[tuple[XY, XY]]:
    (x0, y0, x1, y1) = b
    return [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]


def _cuts(line: tuple[XY, XY], box: Box) -> bool:
    """The leader ``line`` runs through ``box`` (it crosses one of its edges or lies inside it)."""
    (x, y) = line[0]
    return (box[0] < x < box[2] and box[1] < y < box[3]) or any(_segments_cross(line, e) for e in _box_edges(box))


def _free(box: Box, lead: tuple[XY, XY] | None, blocked: list[Box], spaced: list[Box], names: list[Box],
          leaders: list[tuple[XY, XY]], own: Box) -> bool:
    """The spot meets no mark, furniture, named point or name (``spaced``: the names grown by their gap), no
    leader runs through it, and its leader (if any) runs clear of every mark and name but the one it joins
    (its own mark lies in ``blocked``) and crosses no other leader (crossed, they would swap the names)."""
    if any(_meets(box, b) for b in blocked) or any(_meets(box, b) for b in spaced) \
            or any(_cuts(other, box) for other in leaders):
        return False
    return lead is None or _leader_clear(lead, blocked, names, leaders, own)


def _leader_clear(lead: tuple[XY, XY], blocked: list[Box], names: list[Box], leaders: list[tuple[XY, XY]],
                  own: Box) -> bool:
    return not (_crosses(lead, [b for b in blocked + names if not _meets(b, own)])
                or any(_segments_cross(lead, other) for other in leaders))


def place_names(items: list[tuple[str, float, float, int, float]], measure: Callable[[str, float], tuple[float, float]],
                marks: list[Box], *, gap: float, name_gap: float, mark_gap: float, bounds: Box,
                min_priority: int = 1, taken: Iterable[Box] = (), floors: list[Box] = (),
                edges: Iterable[tuple[XY, XY, float]] = (),
                ink: Callable[[str, float], Box] | None = None) -> list[PlacedName]:
    """Place the names ``(text, px, py, priority, size)`` whose point lies in ``bounds`` and whose priority
    is at least ``min_priority``, clear of ``marks`` (by ``mark_gap``), of ``taken`` (the scale bar, the
    north arrow), of the marked points the other names stand for, and of each other by ``name_gap``; each
    nearer its own mark than any other named mark (「上物」 beside the 下物 names the 下物), its middle on
    the floor its point is on (``floors``: 「堂」 on the 堂, 「阼階」 at the foot of the 階, not over it), across
    none of ``edges`` (edge_lines: 「西階」 beside its flight wholly off the 堂, not on the 堂's south edge) by its
    ink (``ink``: the glyphs' insets in the measured box; its halo and leading may touch a line, as 「下物」 between
    the 庠's crosses and the 室's wall).

    Order: priority, then a name whose point is a drawn mark before one of a place where nothing is drawn
    (the 堂, a room: it can go round what is placed), then the most hemmed in first (the fewest spots
    free of the marks: 「上物」 between the 西楹 and the 下物 before 「阼階」, which has room on both sides)."""
    def inside(b: Box) -> bool:
        return bounds[0] <= b[0] and bounds[1] <= b[1] and b[2] <= bounds[2] and b[3] <= bounds[3]

    shown = [i for i, it in enumerate(items)
             if it[3] >= min_priority and bounds[0] <= it[1] <= bounds[2] and bounds[1] <= it[2] <= bounds[3]]
    owns = {i: own_mark(items[i][1], items[i][2], marks) for i in shown}
    area = {i: owns[i][0] == owns[i][2] and owns[i][1] == owns[i][3] for i in shown}  # nothing drawn at its point
    sizes = {i: measure(items[i][0], items[i][4]) for i in shown}
    hard = [_grow(m, mark_gap) for m in marks] + list(taken)
    # the points of the named marks (a place where nothing is drawn names an area: a name may cover its point)
    points = {i: _grow((items[i][1], items[i][2], items[i][1], items[i][2]), mark_gap) for i in shown if not area[i]}

    def blocked_for(i: int) -> list[Box]:
        return hard + [b for j, b in points.items() if j != i]

    def elbow_room(i: int) -> int:
        w, h = sizes[i]
        blocked = blocked_for(i)
        return sum(1 for b in spots_round(owns[i], w, h, gap) if inside(b) and not any(_meets(b, o) for o in blocked))

    edges = list(edges)
    insets = {i: ink(items[i][0], items[i][4]) if ink else (0.0, 0.0, 0.0, 0.0) for i in shown}

    def across(i: int, box: Box) -> bool:
        left, top, right, bottom = insets[i]
        # its glyphs may touch a wall's drawn width, not cross its line: 「下物」 between the 庠's crosses and the 室
        return crosses_edge((box[0] + left, box[1] + top, box[2] - right, box[3] - bottom), edges, drawn=False)

    # per name: (box, leader, unambiguous, on its point's floor, across a wall, its leader through one) of each
    # spot, best first
    spots = {}
    for i in shown:
        w, h = sizes[i]
        own, floor = owns[i], _on(items[i][1], items[i][2], floors)
        rivals = [] if area[i] else [owns[j] for j in shown if j != i and not area[j]]
        spots[i] = []
        for ring, boxes in [*((r, spots_round(own, w, h, gap * r)) for r in RINGS),
                            (0, over_floor(items[i][1], items[i][2], w, h, floors[floor]) if area[i] and floor >= 0
                             else [])]:
            for box in boxes:
                if inside(box):
                    lead = leader_of(own, box) if ring > 1 and not area[i] else None  # (ring 0: an area's floor)
                    # unambiguous: its middle on its point's floor, and no other named mark nearer to its middle than
                    # its own by a gap or more, nor to its edge by half (「下物」 written against the 尊)
                    mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                    edge, centre = _apart(box, own) / 2, _apart((*mid, *mid), own) - gap
                    on_floor = _on(*mid, floors) == floor
                    plain = on_floor and not any(_apart(box, r) < edge or _apart((*mid, *mid), r) < centre
                                                 for r in rivals)
                    through = lead is not None and any(_segments_cross(lead, (a, b)) for a, b, _ in edges)
                    spots[i].append((box, lead, plain, on_floor, across(i, box), through))
        spots[i] = spots[i] or [(box, None, True, True, across(i, box), False)
                                for box in spots_round(own, w, h, gap)]

    def place_in(order: list[int]) -> tuple[dict[int, tuple], list[int]]:
        """Each name in turn at its first free spot; then the names that found none, where they harm least (last:
        a name that has no room takes none from a name still to come that has), the marks' names before the
        areas'."""
        names: list[Box] = []
        leaders: list[tuple[XY, XY]] = []
        done, stuck = {}, []

        def put(i: int, pick: tuple) -> None:
            done[i] = pick
            names.append(pick[0])
            if pick[1] is not None:
                leaders.append(pick[1])

        marks_first = [i for i in order if not area[i]]  # the areas' names after (they can go round), as order has
        for group in (marks_first, [i for i in order if area[i]]):
            stuck += place_group(group, put, names, leaders)
        return done, stuck

    def place_group(group: list[int], put, names: list[Box], leaders: list[tuple[XY, XY]]) -> list[int]:
        """The names of ``group`` placed by place_in's rule; returns those that found no free spot."""
        stuck, deferred = [], []
        for i in group:
            own, blocked = owns[i], blocked_for(i)
            spaced = [_grow(b, name_gap, name_gap / 3) for b in names]
            # the first free spot that is unambiguous; else the first free one with a leader to say whose it is
            # (nearer another named mark: the 大射's crowded 物); never across a wall, nor its leader
            pick = next((c for c in spots[i] if c[2] and not (c[4] or c[5])
                         and _free(c[0], c[1], blocked, spaced, names, leaders, own)), None) \
                or next((c for c in spots[i] if c[1] is not None and c[3] and not (c[4] or c[5])
                         and _free(c[0], c[1], blocked, spaced, names, leaders, own)), None)
            if pick is None:
                stuck.append(i)
                # a spot on its floor clear of walls and covering nothing is taken at once, nearer other names than
                # the gap if it must: waiting, it could lose it to a name that has room elsewhere (the 庠's 「尊」
                # took 「下物」's only spot on the 堂, and 「下物」 went into the 室)
                least = _least_harm(i, names, leaders)
                if not any(_harm(least, blocked, [], names, leaders, own)[:3]):
                    put(i, least)
                else:
                    deferred.append(i)
            else:
                put(i, pick)
        for i in deferred:
            put(i, _least_harm(i, names, leaders))
        return stuck

    def _least_harm(i: int, names: list[Box], leaders: list[tuple[XY, XY]]) -> tuple:
        own, blocked = owns[i], blocked_for(i)
        spaced = [_grow(b, name_gap, name_gap / 3) for b in names]
        return min(spots[i], key=lambda c: _harm(c, blocked, spaced, names, leaders, own))

    order = sorted(shown, key=lambda i: (-items[i][3], area[i], elbow_room(i)))
    def cost(done: dict[int, tuple], stuck: list[int]) -> tuple[int, int, int]:
        """The names off their point's floor (「上物」 in the court), those led through a wall (「豐」 beyond the
        西序), then those that found no free spot."""
        return sum(1 for c in done.values() if not c[3]), sum(1 for c in done.values() if c[5]), len(stuck)

    best = None
    for _ in range(REPAIRS + 1):
        done, stuck = place_in(order)
        if best is None or cost(done, stuck) < cost(*best):
            best = (done, stuck)
        if not stuck:
            break
        # a name that found no room goes first, and the others, higher priorities too, go round it
        first = set(stuck)
        order = sorted(order, key=lambda i: i not in first)
    done = best[0]
    return [PlacedName(items[i][0], items[i][4], done[i][0], (items[i][1], items[i][2]), done[i][1]) for i in done]


def _harm(c: tuple, blocked: list[Box], spaced: list[Box], names: list[Box], leaders: list[tuple[XY, XY]],
          own: Box) -> tuple:
    """How bad a spot is for a name that finds none free, worst first: a wall across its glyphs, what it covers
    (marks, names), its leader across a mark to a name nearer another mark (「下物」 beyond the 大射's 東楹, its
    leader under the 東楹's dot, reads as the 東楹's), off its point's floor (「上物」 in the 庠's court reads as
    naming a place there: worse than nearer another name than the gap), a name closer than the gap (「上物下物」
    read as one word), its leader across a name or a leader, its leader through a wall, its leader across a mark (a
    thin line over a dot: the strip's 「物」 led past the other 物); then the nearest, unambiguous first, covering
    least."""
    cover = sum(_overlap(c[0], o) for o in blocked + names)
    crowd = sum(_overlap(c[0], o) for o in spaced)
    lead = c[1]
    over_text = any(_cuts(other, c[0]) for other in leaders) or (lead is not None and (
        _crosses(lead, [b for b in names if not _meets(b, own)]) or any(_segments_cross(lead, o) for o in leaders)))
    over_mark = lead is not None and _crosses(lead, [b for b in blocked if not _meets(b, own)])
    far = _apart(c[0], own)
    return (c[4], cover > 0, over_mark and not c[2], not c[3], crowd > 0, over_text, c[5], over_mark, far, not c[2],
            cover + crowd)
