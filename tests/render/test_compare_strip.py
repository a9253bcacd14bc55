"""The other reading's ghosts in the 侯道 strip: where 敖 and 鄭 put a figure apart at the target end, the strip
(the whole range at a glance) shows 敖's figure too, as a hollow ring in the ghosts' violet, in the video frame
and in the still's scene alike, on a's clock and on b's (敖's own s07b)."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from choreo.compare import Comparison
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.ghosts import GHOST_TINT
from choreo.render.scene import Circle, Clip

XIAN_HUOZHE = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"


@pytest.fixture(scope="module")
def comparison():
    return Comparison(plan_script(XIAN_HUOZHE, venue="xie", reading="zheng"),
                      plan_script(XIAN_HUOZHE, venue="xie", reading="ao"))


def _violet_round(surf: pygame.Surface, x: float, y: float, r: float) -> int:
    """How many pixels of the ghosts' violet lie within r + 4 px of (x, y)."""
    px = pygame.surfarray.pixels3d(surf)
    reach = math.ceil(r + 4)
    cx, cy = round(x), round(y)
    patch = px[cx - reach:cx + reach + 1, cy - reach:cy + reach + 1].reshape(-1, 3).astype(int)
    return int((np.abs(patch - np.array(GHOST_TINT)).max(axis=1) < 45).sum())


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_strip_rings_the_ao_sima_where_ao_has_him_at_the_target_end(comparison, size):
    """e.10 s05: 敖's 司馬 stands some 53 尺 from 鄭's, by the 侯. The strip draws his ghost at 敖's place (as
    the strip's dots are placed), its ring violet on the frame; the same renderer without the comparison
    has no violet there."""
    a, b = comparison.a, comparison.b
    step = a.step("s05")
    t = step.t1
    renderer = FrameRenderer(a, RenderConfig(size=size), comparison=comparison)
    svp = renderer.strip_vp
    ghosts = {g.name: g for g in renderer.strip_ghosts(t, step)}
    g = ghosts["司馬"]
    pose = b.pose_at("司馬", comparison.other_time("s05", t))
    assert (g.px, g.py) == pytest.approx(svp.to_screen(pose.x, pose.y), abs=1e-6)
    mine = a.pose_at("司馬", t)
    assert math.dist((g.px, g.py), svp.to_screen(mine.x, mine.y)) > 2 * g.r + 2  # apart in the strip too
    left, top, w, h = svp.rect
    assert left < g.px < left + w and top < g.py < top + h
    ring = 2 * math.pi * max(g.r + 1, 4)  # the ring's length in pixels
    assert _violet_round(renderer.draw(t, step), g.px, g.py, g.r) >= 0.7 * ring
    renderer.comparison = None
    assert _violet_round(renderer.draw(t, step), g.px, g.py, g.r) == 0
    renderer.comparison = comparison
    # hollow: the middle of the ring keeps the strip's ground (no disc laid over it)
    surf = renderer.draw(t, step)
    assert np.abs(pygame.surfarray.pixels3d(surf)[round(g.px), round(g.py)].astype(int) - np.array(GHOST_TINT)).max() > 45


def test_the_still_scene_rings_the_same_ghosts_in_the_strip(comparison):
    """The SVG/PDF still is built from the scene: its strip clip holds a violet ring at each strip ghost."""
    a = comparison.a
    step = a.step("s05")
    renderer = FrameRenderer(a, RenderConfig(size=(1280, 720)), comparison=comparison)
    ghosts = renderer.strip_ghosts(step.t1, step)
    scene = FrameScene(renderer).at(step.t1, step)
    (strip,) = [c for c in scene.items if isinstance(c, Clip) and c.rect == renderer.strip_vp.rect]
    rings = [c.centre for c in strip.items if isinstance(c, Circle) and c.stroke == GHOST_TINT and c.fill is None]
    persons = [(g.px, g.py) for g in ghosts if g.kind == "person"]
    assert persons and len(rings) == len(persons)
    for got, want in zip(sorted(rings), sorted(persons), strict=True):
        assert got == pytest.approx(want)


def test_ao_s07b_played_on_ao_clock_rings_ao_places_in_the_strip(comparison):
    """敖's own step s07b (鄭 waits): the strip's ghosts stand where 敖's plan has them at 敖's moment."""
    b = comparison.b
    sb = b.step("s07b")
    mid = (sb.t0 + sb.t1) / 2
    renderer = FrameRenderer(comparison.a, RenderConfig(size=(1280, 720)), comparison=comparison)
    ghosts = {g.name: g for g in renderer.strip_ghosts(mid, sb)}
    assert "獲者" in ghosts
    for name, g in ghosts.items():
        pose = b.pose_at(name, mid)
        assert (g.px, g.py) == pytest.approx(renderer.strip_vp.to_screen(pose.x, pose.y), abs=1e-6)
    surf = renderer.draw(mid, sb)
    g = ghosts["獲者"]
    assert _violet_round(surf, g.px, g.py, g.r) >= 2 * math.pi * max(g.r + 1, 4)
