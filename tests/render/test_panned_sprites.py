"""Figures drawn from sprites under a panning camera are the pixels of figures drawn directly, also once
the pan has carried them over the panel's edge and back.

A sprite made for a figure above or left of the surface (negative coordinates: made, then found cut by
the clip) is blitted for another one inside at the same phase: its offset must be from the floor of his
place, as inside.

The frames, drawn as the export draws them, must be the very frames of a layer that paints every figure
directly (``sprites = None``): e10's frames 185–215 at 25 fps, 640x360, the auto camera (figures carried
off the panel's edge and others at their phase).
"""

from __future__ import annotations

import pygame

from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

FPS = 25
POOL = 6


def _drawn_both_ways(rite, frames):
    cfg = RenderConfig(size=(640, 360), fps=FPS, quiet=True)
    timeline = cfg.pace.timeline(rite.steps)
    cached, direct = FrameRenderer(rite, cfg), FrameRenderer(rite, cfg)
    direct.figures.sprites = None
    pool = [cached.new_target() for _ in range(POOL)]
    panned = 0
    for stretch in frames:
        last_view = None
        for k in stretch:
            t, step = timeline.at(k / FPS)
            view = cached.main_viewport(t, step)
            panned += last_view is not None and view != last_view
            last_view = view
            a = pygame.image.tobytes(cached.draw(t, step, into=pool[k % POOL]), "RGB")
            b = pygame.image.tobytes(direct.draw(t, step), "RGB")
            assert a == b, f"frame {k} ({step.id if step else '-'} at {t:.2f}) differs"
    return cached.figures.sprites, panned


def test_a_sprite_made_over_the_panel_edge_is_blitted_where_it_belongs_inside():
    rite = plan_script(scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml")
    sprites, panned = _drawn_both_ways(rite, (range(185, 215),))
    assert panned >= 10 and sprites.blits > 200, (panned, sprites.blits)
