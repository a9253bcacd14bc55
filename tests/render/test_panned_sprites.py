"""Figures standing while the camera pans are drawn from their sprites (sprites.phase), and that changes
no pixel, also once the pan has carried them over the panel's edge and back.

A standing figure's place, found anew under a panning view, comes back a few 1e-13 px off; the look's key
holds its sub-pixel phase in steps of 2⁻²⁰ px, so such a figure keeps his sprite, while one whose phase
truly moved (a sub-pixel pan, a walker) gets another.

A sprite made for a figure above or left of the surface (negative coordinates: made, then found cut by
the clip) is blitted for another one inside at the same phase: its offset must be from the floor of his
place, as inside.

The frames, drawn as the export draws them, must be the very frames of a layer that paints every figure
directly (``sprites = None``), at 25 fps, 640x360, the auto camera: the bundled passage's pans (video
frames 700–740 and 785–810), and e10's frames 185–215 (figures carried off the panel's edge and others
at their phase).
"""

from __future__ import annotations

import pygame

from choreo.paths import scripts_dir
from choreo.planning import default_script, plan_script
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


def test_figures_standing_under_a_pan_are_blitted_and_the_pixels_those_drawn_directly():
    sprites, panned = _drawn_both_ways(plan_script(default_script()), (range(700, 740), range(785, 810)))
    assert panned >= 40, panned  # the case under test: the view moves under standing figures
    # with the phase kept exactly, 26 % of the looks are drawn directly here (841 of 3269: every standing
    # figure anew each frame of the pan); with it quantised 9 % (the figures that do move)
    assert sprites.misses < 0.15 * (sprites.blits + sprites.misses), (sprites.misses, sprites.blits)


def test_a_sprite_made_over_the_panel_edge_is_blitted_where_it_belongs_inside():
    rite = plan_script(scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml")
    sprites, panned = _drawn_both_ways(rite, (range(185, 215),))
    assert panned >= 10 and sprites.blits > 200, (panned, sprites.blits)
