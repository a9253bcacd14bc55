"""A venue with names no code has seen and three targets (issue 12) loads, plans, renders and
checks with no code change: landmark kinds, never names, decide obstacles, floors and drawing."""

from pathlib import Path

import numpy as np
import pygame
import pytest
from shapely.geometry import Point

from choreo.check import check_report
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.planlayout import build_layout, strip_labels
from choreo.render.style import PLAN, colour_of
from stage.loader import load_venue
from stage.relations import resolve

HERE = Path(__file__).resolve().parent.parent / "venues"
VENUE = HERE / "santai.yaml"
SCRIPT = HERE / "santai-shoot.yaml"


@pytest.fixture(scope="module")
def venue():
    return load_venue(VENUE)


@pytest.fixture(scope="module")
def plan(venue):
    return plan_script(SCRIPT, venue=str(VENUE))


def test_obstacles_and_floors_come_from_the_kinds(venue):
    kinds = {o.name: o.kind for o in venue.obstacles}
    assert kinds == {"西木": "pillar", "東木": "pillar", "西壁": "wall", "東壁": "wall", "臺廉": "edge",
                     "左道側": "stair-side", "右道側": "stair-side", "大靶": "target", "參靶": "target",
                     "干靶": "target", "大靶垣": "screen", "參靶垣": "screen", "干靶垣": "screen"}
    assert venue.platform == "臺"
    assert set(venue.floors) == {"臺", "場"}
    # the terrace's edge is open at the tops of both stairs only
    edge = next(o.geometry for o in venue.obstacles if o.kind == "edge")
    assert not edge.intersects(Point(-10, 0)) and not edge.intersects(Point(10, 0))
    assert edge.intersects(Point(0, 0)) and edge.intersects(Point(-16, 10))
    # the bare word 道 is the venue's alias: 當道 and 道間 resolve without a table in the code
    assert resolve(venue, "道間").point == (0.0, -3.0)
    assert resolve(venue, "當道").point == (-10.0, -6.0)


def test_the_plan_draws_three_targets_with_their_own_parts(venue):
    layout = build_layout(venue)
    outer = [s for s in layout.shapes if s.style == "target"]
    widths = sorted(round(max(p[0] for p in s.coords) - min(p[0] for p in s.coords)) for s in outer)
    assert widths == [16, 22, 30]
    assert len([s for s in layout.shapes if s.style == "target-centre"]) == 2  # 干靶 has two parts
    assert {lab.text for lab in strip_labels(layout)} == {"臺", "丁", "靶"}
    # the whole range, down to the furthest target's ends, is inside the strip's bounds
    x0, y0, x1, _ = layout.full_bounds
    assert x0 < -55 and x1 > 48 and y0 < -300
    assert layout.range_span == (12.0, -300.0)


def test_a_passage_plans_renders_and_checks_there(plan, venue):
    step = {s.id: s for s in plan.steps}
    t = step["s01"].t1
    pose = plan.pose_at("射者一", t)
    assert np.hypot(pose.x - venue.landmarks["西丁"].x, pose.y - venue.landmarks["西丁"].y) < 0.5
    assert round(pose.bearing) == 180
    report = check_report(plan)
    assert report.violations == (), [v.detail for v in report.violations]
    assert len(report.passes) == 3
    r = FrameRenderer(plan, RenderConfig(size=(1280, 720), camera="hall"))
    surf = r.draw(t)
    w, h = surf.get_size()
    img = np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)
    px, py = (int(v) for v in r.project("射者一", t))
    assert np.abs(img[py, px] - np.array(colour_of(plan.figures["射者一"]))).max() <= 10
    left, top, sw, sh = r.panels.strip
    strip = img[top:top + sh, left:left + sw].reshape(-1, 3)
    assert (np.abs(strip - np.array(PLAN["target"])).max(axis=1) <= 10).sum() >= 6
