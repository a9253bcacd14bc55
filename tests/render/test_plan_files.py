"""``choreo plan``: the hall view shows every station and every place of a file north of the range whole
(司馬位's file, the 射位 files run on past their landmark: the plan images cut them off at the foot,
or left their last place on the frame line).
Read from the picture drawn: each circle's disc inside the main panel, and its ink at its centre."""

from __future__ import annotations

import pytest

from choreo.planning import load_venue
from choreo.render.config import RenderConfig
from choreo.render.planimage import plan_surface
from choreo.render.planlayout import TITLE_BAND, build_layout, hall_viewport, split_panels
from choreo.render.style import PLAN
from choreo.render.text import TextCache


@pytest.mark.parametrize("key", ["xie", "xiang"])
@pytest.mark.parametrize("size", [(1600, 1000), (1280, 720)])
def test_the_plan_shows_every_file_whole(key, size):
    venue = load_venue(key)
    cfg = RenderConfig(size=size)
    layout = build_layout(venue)
    panels = split_panels(cfg.size, strip=cfg.strip, top_band=cfg.px(TITLE_BAND))  # as plan_surface splits
    vp = hall_viewport(layout, panels.main)
    surf = plan_surface(venue, cfg, TextCache())
    left, top, w, h = panels.main
    room = cfg.dim(6)  # a mark on the panel's frame line reads as cut
    circles = [s for s in layout.shapes if s.kind == "circle" and s.coords[0][1] > layout.range_top
               and s.style in ("station", "background") and "station" in (s.style, s.outline)]
    assert len(circles) > 20
    lowest = min(circles, key=lambda s: s.coords[0][1])
    for s in circles:
        x, y = vp.to_screen(*s.coords[0])
        r = max(vp.length(s.radius), s.min_px * cfg.font_scale)
        assert left + room <= x - r and x + r <= left + w - room and top + room <= y - r and y + r <= top + h - room, \
            f"{key}: the place at {s.coords[0]} is cut off (pixel {x:.0f}, {y:.0f})"
    x, y = vp.to_screen(*lowest.coords[0])
    ink = PLAN[lowest.outline or lowest.style]
    near = [tuple(surf.get_at((int(x) + dx, int(y) + dy)))[:3] for dx in range(-3, 4) for dy in range(-3, 4)]
    assert ink in near, f"{key}: the southmost place of a file is drawn"
