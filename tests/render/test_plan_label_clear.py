"""``choreo plan``: every landmark's name stands clear of the marks drawn (a station's circle, a file's places,
a 楹, an object, a 物, a 階, the 侯's bands) and of the other names, far enough from them that two names side
by side cannot read as one word (「上物」「下物」 as 「上物下物」, 「下物東楹」 on main before this), in both
venues, in the hall view and in the 侯道 strip; every landmark the view shows is named once.

Read from the boxes the picture was drawn with (plan_picture: the placement's own boxes, in the picture's
pixels), and the names' ink checked against them."""

from __future__ import annotations

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
                assert dx >= gap or dy >= gap / 3, \
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
            inner = shapely_box(n.box[0] + 0.5, n.box[1] + 0.5, n.box[2] - 0.5, n.box[3] - 0.5)  # touching is not crossing
            for style, line in lines:
                assert not inner.intersects(line), f"{key} {size} {panel}: 「{n.text}」 {n.box} across a {style} line"
