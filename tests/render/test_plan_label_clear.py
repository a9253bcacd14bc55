"""``choreo plan``: every landmark's name stands clear of the marks drawn (a station's circle, a file's places,
a 楹, an object, a 物, a 階, the 侯's bands) and of the other names, far enough from them that two names side
by side cannot read as one word (「上物」「下物」 as 「上物下物」, 「下物東楹」 on main before this), in both
venues, in the hall view and in the 侯道 strip; every landmark the view shows is named once.

Read from the boxes the picture was drawn with (plan_picture: the placement's own boxes, in the picture's
pixels), and the names' ink checked against them."""

from __future__ import annotations

import math

import pytest

from choreo.planning import load_venue
from choreo.render.config import RenderConfig
from choreo.render.drawplan import label_measure, range_dimension_boxes, range_dimension_parts
from choreo.render.planimage import plan_picture
from choreo.render.planlayout import build_layout, hall_viewport, strip_labels, strip_viewport
from choreo.render.style import PLAN
from choreo.render.text import TextCache

NAME_GAP = 10  # pixels at a 720-px picture between two names side by side (a third of it above one another)


def _apart(a, b) -> tuple[float, float]:
    """The horizontal and vertical gaps between two boxes (negative: they overlap on that axis)."""
    return max(b[0] - a[2], a[0] - b[2]), max(b[1] - a[3], a[1] - b[3])


def _cross(a, b) -> bool:
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(*a, b[0]) * side(*a, b[1]) < 0 and side(*b, a[0]) * side(*b, a[1]) < 0


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def texts():
    return TextCache()


@pytest.mark.parametrize("key", ["xie", "xiang"])
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720), (640, 360)])
def test_plan_names_keep_clear_of_the_marks_and_of_each_other(key, size, texts):
    cfg = RenderConfig(size=size)
    pic = plan_picture(load_venue(key), cfg, texts)
    gap = cfg.dim(NAME_GAP)
    for panel in ("main", "strip"):
        names, marks = pic.names[panel], pic.marks[panel]
        assert len(names) >= (15 if panel == "main" else 3) and len(marks) > 20, f"{key} {panel}: nothing placed"
        for n in names:
            for m in marks:
                assert not _meets(n.box, m), f"{key} {size} {panel}: 「{n.text}」 {n.box} covers a mark {m}"
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx, dy = _apart(a.box, b.box)
                # nearer than the gap only to keep a name on its floor (the 庠's 「上物」「下物」 under their crosses at
                # 1280x720, 8 px apart: the other spot for 「上物」 is in the court), never nearer than half of it
                assert dx >= gap / 2 or dy >= gap / 3, \
                    f"{key} {size} {panel}: 「{a.text}」 and 「{b.text}」 run together ({dx:.0f}, {dy:.0f} px apart)"
                if a.leader and b.leader:  # crossed, two leaders would swap the names
                    assert not _cross(a.leader, b.leader), f"{key} {size} {panel}: 「{a.text}」「{b.text}」's leaders cross"


@pytest.mark.parametrize("key", ["xie", "xiang"])
def test_every_landmark_the_view_shows_is_named_once(key, texts):
    cfg = RenderConfig(size=(1600, 1000))
    venue = load_venue(key)
    layout = build_layout(venue)
    pic = plan_picture(venue, cfg, texts)
    views = {"main": (hall_viewport(layout, pic.panels.main), layout.labels, 2),  # as plan_surface draws them
             "strip": (strip_viewport(layout, pic.panels.strip), strip_labels(layout), 3)}
    for panel, (vp, labels, least) in views.items():
        left, top, w, h = vp.rect
        want = sorted(lab.text for lab in labels if lab.priority >= least
                      and left <= vp.to_screen(lab.x, lab.y)[0] <= left + w
                      and top <= vp.to_screen(lab.x, lab.y)[1] <= top + h)
        assert sorted(n.text for n in pic.names[panel]) == want, f"{key} {panel}"
    assert {"上物", "下物", "西楹", "東楹", "阼階", "西階", "堂"} <= {n.text for n in pic.names["main"]}


@pytest.mark.parametrize("key", ["xie", "xiang"])
def test_the_names_are_drawn_where_their_boxes_say(key, texts):
    """Each name's box holds ink of the label colour, and the leaders (if any) are drawn: the boxes read are
    those the picture was drawn with."""
    cfg = RenderConfig(size=(1600, 1000))
    pic = plan_picture(load_venue(key), cfg, texts)
    measure = label_measure(texts)
    inks = (PLAN["label"], PLAN["label-dim"])

    def inked(x, y) -> bool:  # the name's colour, or within the antialiasing's reach of it
        c = pic.surface.get_at((x, y))
        return any(sum(abs(c[k] - ink[k]) for k in range(3)) < 40 for ink in inks)
    for panel in ("main", "strip"):
        for n in pic.names[panel]:
            w, h = measure(n.text, n.size)
            assert (n.box[2] - n.box[0], n.box[3] - n.box[1]) == pytest.approx((w, h))
            x0, y0, x1, y1 = (round(v) for v in n.box)
            ink = sum(1 for x in range(x0, x1) for y in range(y0, y1) if inked(x, y))
            assert ink > 3, f"{key} {panel}: 「{n.text}」 is not drawn in its box {n.box}"


@pytest.mark.parametrize("key", ["xie", "xiang"])
def test_the_strip_keeps_its_range_dimension_clear_of_the_names(key, texts):
    """The 侯道's dimension line is drawn along the strip's east side, and no name is written over it."""
    cfg = RenderConfig(size=(1600, 1000))
    venue = load_venue(key)
    layout = build_layout(venue)
    pic = plan_picture(venue, cfg, texts)
    parts = range_dimension_parts(strip_viewport(layout, pic.panels.strip), cfg, *layout.range_span)
    x, p0, p1 = parts["line"]
    ink = PLAN["label-dim"]
    drawn = sum(1 for y in range(round(p0) + 2, round(p1) - 2)
                if sum(abs(a - b) for a, b in zip(tuple(pic.surface.get_at((round(x), y)))[:3], ink, strict=True)) < 40)
    assert drawn > 0.5 * (p1 - p0), f"{key}: the 侯道's dimension line is not drawn ({drawn} px of {p1 - p0:.0f})"
    (box,) = range_dimension_boxes(strip_viewport(layout, pic.panels.strip), cfg, *layout.range_span)
    for n in pic.names["strip"]:
        assert not _meets(n.box, box), f"{key}: 「{n.text}」 over the 侯道's dimension"


def _building_lines(layout, vp) -> list:
    """The walls and the floors' outlines as drawn through ``vp`` (picture pixels): the 堂's edge, a room's and a
    序's walls, a tent's; the beams and the seats' rims are not among them."""
    from shapely.geometry import LineString

    lines = []
    for s in layout.shapes:
        if s.kind == "circle" or len(s.coords) < 2:
            continue
        if s.style in ("platform", "room", "wall", "platform-edge", "tent-wall") or s.outline in ("wall", "platform-edge"):
            pts = [tuple(map(float, p)) for p in vp.to_screen_many(s.coords)]
            if s.kind == "poly":
                pts.append(pts[0])
            lines.append((s.style, LineString(pts)))
    return lines


@pytest.mark.parametrize("key", ["xie", "xiang", "dashe"])
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720), (640, 360)])
def test_no_name_crosses_a_wall_or_the_edge_of_the_tang(key, size, texts):
    """A name is wholly on one side of every wall and of the 堂's edge (before, 「西階」 and 「阼階」 were written on the
    榭's 堂's south edge, 「物」 across it in the strip, 「上物」 across the 大射's 室's east wall), in the hall view
    and in the strip: read from the boxes the picture was drawn with, against the lines of the layout's shapes."""
    from shapely.geometry import box as shapely_box

    cfg = RenderConfig(size=size)
    venue = load_venue(key)
    layout = build_layout(venue)
    pic = plan_picture(venue, cfg, texts)
    views = {"main": hall_viewport(layout, pic.panels.main), "strip": strip_viewport(layout, pic.panels.strip)}
    for panel, vp in views.items():
        lines = _building_lines(layout, vp)
        assert any(style == "platform" for style, _ in lines), f"{key} {panel}: no 堂 drawn"
        for n in pic.names[panel]:
            inner = shapely_box(*_glyphs(n, texts, shrink=0.5))  # touching is not crossing
            for style, line in lines:
                assert not inner.intersects(line), f"{key} {size} {panel}: 「{n.text}」 {n.box} across a {style} line"


def _glyphs(name, texts, shrink: float = 0.0) -> tuple:
    """The box of a placed name's glyphs (its halo and the line's leading left out), read from the text drawn."""
    r = max(1, int(name.size) // 9)  # the halo's reach: the glyphs are drawn r in from the box's corner
    ink = texts.render(name.text, int(name.size), PLAN["label"]).get_bounding_rect()
    x, y = name.box[0] + r, name.box[1] + r
    return x + ink.left + shrink, y + ink.top + shrink, x + ink.right - shrink, y + ink.bottom - shrink


def _floors(layout, vp):
    """The 堂's pixel box and the rooms' (the 室, the 房) as drawn through ``vp``."""
    boxes = {"platform": [], "room": []}
    for s in layout.shapes:
        if s.style in boxes and s.coords:
            pts = vp.to_screen_many(s.coords)
            boxes[s.style].append((pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()))
    return boxes["platform"], boxes["room"]


def _on_tang(x, y, tang, rooms) -> bool:
    def holds(b):
        return b[0] < x < b[2] and b[1] < y < b[3]
    return any(holds(b) for b in tang) and not any(holds(b) for b in rooms)


@pytest.mark.parametrize("key", ["xie", "xiang", "dashe"])
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_a_name_of_a_mark_on_the_tang_stays_on_it_where_it_can(key, size, texts):
    """A name whose mark stands on the 堂 (not in a room) is written on the 堂 wherever a spot round its mark there
    covers no mark and has its glyphs across no wall or edge: off it (「上物」 in the 庠's court below the edge,
    「下物」 in its 室, on b834aaa) it reads as naming a place there, worse than a name nearer another than the gap."""
    from shapely.geometry import box as shapely_box

    from choreo.render.planlabels import RINGS, own_mark, spots_round

    cfg = RenderConfig(size=size)
    layout = build_layout(load_venue(key))
    pic = plan_picture(load_venue(key), cfg, texts)
    vp = hall_viewport(layout, pic.panels.main)  # in the picture's pixels, as the names' boxes
    tang, rooms = _floors(layout, vp)
    lines = [line for _, line in _building_lines(layout, vp)]
    marks = pic.marks["main"]
    measure = label_measure(texts)
    owns = {n.text: own_mark(*n.anchor, list(marks)) for n in pic.names["main"]}
    named = [b for b in owns.values() if b[0] != b[2]]  # the named marks (an area's point is no mark)

    def unambiguous(b, own) -> bool:  # its middle nearer its own mark than any other named one
        mid = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)

        def far(m):
            return math.hypot(max(0, m[0] - mid[0], mid[0] - m[2]), max(0, m[1] - mid[1], mid[1] - m[3]))
        return all(far(own) < far(m) for m in named if m != own)

    checked = 0
    for n in pic.names["main"]:
        own = owns[n.text]
        if own[0] == own[2] or not _on_tang(*n.anchor, tang, rooms):
            continue  # an area's name, or a mark off the 堂
        checked += 1
        if _on_tang((n.box[0] + n.box[2]) / 2, (n.box[1] + n.box[3]) / 2, tang, rooms):
            continue
        w, h = measure(n.text, n.size)
        gap = cfg.px(5)
        for ring in RINGS:
            for b in spots_round(own, w, h, gap * ring):
                moved = type(n)(n.text, n.size, b, n.anchor)
                glyphs = shapely_box(*_glyphs(moved, texts, shrink=0.5))
                assert not (_on_tang((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, tang, rooms) and unambiguous(b, own)
                            and not any(_meets(b, m) for m in marks) and not any(glyphs.intersects(x) for x in lines)), \
                    f"{key} {size}: 「{n.text}」 {n.box} off the 堂, but {tuple(round(v) for v in b)} on it was free"
    assert checked >= 4, f"{key}: the names of the 堂's marks not found"
