"""The main view's ground kept across frames (the plan, the scale bar, the north arrow, the legends, the
landmark labels and the key under the figures: FrameRenderer._ground) changes no pixel.

While the camera stands the ground is one picture blitted instead of the plan and five painters; it is
the picture only while everything it shows stands. Frames drawn in the export's order into a pool of
surfaces in turn must be the very frames of a renderer that draws everything afresh (``memo = False``),
over a stretch where, under a standing view, the landmark labels, the furniture's boxes, the key's names
and the legend's entries each change (a figure walks over a name, the key takes another corner ...).
"""

from __future__ import annotations

import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.conftest import uncached

FPS = 10
FRAMES = 420  # e02 from its start: the key, the legend and the names change under standing views
POOL = 3
PARTS = ("viewport", "furniture", "legend", "plan key", "landmark labels", "key")  # _ground_key's order


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/e02-first-round")


def test_the_ground_kept_under_a_standing_view_is_the_ground_drawn_afresh(rite):
    cfg = RenderConfig(size=(640, 360), fps=FPS, quiet=True)
    timeline = cfg.pace.timeline(rite.steps)
    kept, fresh = FrameRenderer(rite, cfg), uncached(FrameRenderer(rite, cfg))
    pool = [kept.new_target() for _ in range(POOL)]
    blits, plan = [], kept.layer.draw
    kept.layer.draw = lambda *a: blits.append(1) or plan(*a)  # the plan drawn: the ground painted afresh
    changed: set[str] = set()
    last = None
    n = min(FRAMES, timeline.frame_count(FPS))
    for k in range(n):
        t, step = timeline.at(k / FPS)
        a = pygame.image.tobytes(kept.draw(t, step, into=pool[k % POOL]), "RGB")
        b = pygame.image.tobytes(fresh.draw(t, step), "RGB")
        assert a == b, f"frame {k} ({step.id if step else '-'} at {t:.2f}) differs"
        ground = kept._ground[0]
        if last is not None and ground is not None and last[0] == ground[0]:  # the view stood
            changed |= {part for part, x, y in zip(PARTS, last, ground, strict=True) if x != y}
        last = ground
    reused = n - len(blits)
    assert reused >= n // 4, reused  # the case under test: the ground taken from the picture kept
    assert {"landmark labels", "furniture", "legend", "key"} <= changed, changed
