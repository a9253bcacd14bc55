"""The 算 on the ground are drawn: in the video frame (pygame) and in the still's scene (SVG/PDF) alike,
from the moment each is laid until it is taken up, 縮 under 敖 and 橫 under 鄭 (choreo/counters.py)."""

from functools import cache

import numpy as np
import pygame
import pytest

from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.render.config import RenderConfig
from choreo.render.countdraw import COLOUR, counter_strokes
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.partsdraw import part_badges
from choreo.render.scene import Glyphs, Poly
from choreo.render.viewport import fit
from choreo.roles import group_colour
from choreo.script_parser import parse_script


@cache
def rite(reading):
    return plan(parse_script(scripts_dir() / "xiangshe" / "full.yaml"), venue="xie", reading=reading)


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)


@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_the_counters_are_painted_where_they_lie_and_only_while_they_lie(reading):
    ch = rite(reading)
    r = FrameRenderer(ch, RenderConfig(size=(1280, 720), labels=False, trails=False))
    cx, cy = ch.venue.landmarks["中"].point
    view = fit((cx - 10, cy - 8, cx + 4, cy + 6), r.panels.main, margin=0.0)  # the 中 and the 釋獲者, close
    counted = ch.step("e8.s02").t1  # the heaps laid in e.6, before he counts them
    before = min(p.t0 for p in ch.laid) - 0.5
    vp = r.main_viewport(counted, view=view)
    strokes = counter_strokes(ch, vp, counted, r.cfg.font_scale)
    assert len(strokes) == 2 * 19  # a stick and its 末 for each of the 19 算
    assert counter_strokes(ch, vp, before, r.cfg.font_scale) == []
    img = _pixels(r.draw(counted, view=view))
    painted = 0
    for (a, b), _ in strokes[::2]:
        mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
        patch = img[mid[1] - 1:mid[1] + 2, mid[0] - 1:mid[0] + 2]
        painted += bool((np.abs(patch - np.array(COLOUR)).max(axis=2) < 30).any())
    assert painted >= 15  # a figure may stand over one or two
    # the still of the same moment carries the same strokes
    scene = FrameScene(r).at(counted)
    polys = [p for p in scene.walk() if isinstance(p, Poly) and p.stroke == COLOUR and not p.closed]
    assert len(polys) >= len(strokes)


def test_the_sticks_lie_east_west_under_ao_and_north_south_under_zheng():
    for reading, horizontal in (("ao", True), ("zheng", False)):
        ch = rite(reading)
        r = FrameRenderer(ch, RenderConfig(size=(1280, 720)))
        t = ch.step("e8.s02").t1
        vp = r.main_viewport(t)
        sticks = counter_strokes(ch, vp, t, 1.0)[::2]
        for (a, b), _ in sticks:
            dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
            assert (dx > dy) == horizontal
            if horizontal:
                assert b[0] > a[0]  # 東末 (敖 「其縮者东末與」): the tip is drawn at the east end
            else:
                assert b[1] > a[1]  # 南末: the tip at the south end (down the screen)


def test_the_fu_and_hai_of_the_catcher_s_food_are_drawn_on_the_sides_the_plan_sets_them():
    """敖 「脯西而醢东」〔001〕 against 鄭 「設籩在東，豆在西」〔000〕: a badge 脯 and a badge 醢 beside the 薦 at rest,
    in the frame and in the still's scene alike."""
    for reading, west in (("ao", "脯"), ("zheng", "醢")):
        ch = plan(parse_script(scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"), venue="xie", reading=reading)
        step = ch.step("s05")
        t = (step.t0 + step.t1) / 2
        r = FrameRenderer(ch, RenderConfig(size=(1280, 720), trails=False))
        fl = r.frame_layout(t)
        badges = part_badges(ch, fl.figures, t, r.cfg.deco_px(16))
        assert sorted(b.part for b in badges) == ["脯", "醢"]
        assert min(badges, key=lambda b: b.box[0]).part == west
        img = _pixels(r.draw(t))
        fill = np.array(group_colour("object"))
        for b in badges:
            x, y, w, h = (round(v) for v in b.box)
            patch = img[y + 1:y + h - 1, x + 1:x + w - 1]
            filled = (np.abs(patch - fill).max(axis=2) < 30).mean()
            white = (patch.min(axis=2) > 200).mean()
            assert filled > 0.15 and white > 0.02  # the badge is painted there, its character in white on it
        scene = FrameScene(r).at(t)
        chars = [g.text for g in scene.walk() if isinstance(g, Glyphs) and g.text in ("脯", "醢")]
        assert sorted(chars) == ["脯", "醢"]
