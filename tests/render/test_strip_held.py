"""A surface of the export's pool that still holds the 侯道 strip a frame shows is not drawn on there again
(FrameRenderer._strips), and that changes no pixel: not after a title card dimmed the picture, not while
the strip's figures walk or the camera's rectangle moves in it.

The frames of the bundled passage's opening (its title card, then walkers, a panning camera and a
standing one), drawn as the export draws them (a pool of surfaces in turn, the card where the timeline
shows it), must be the very frames of a renderer that draws everything afresh (``memo = False``).
"""

from __future__ import annotations

import pygame

from choreo.planning import default_script, plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.conftest import uncached

FPS = 10
FRAMES = 300
POOL = 3


def test_a_strip_its_surface_still_holds_is_the_strip_drawn_afresh():
    rite = plan_script(default_script())
    cfg = RenderConfig(size=(640, 360), fps=FPS, quiet=True)
    timeline = cfg.pace.timeline(rite.steps)
    kept, fresh = FrameRenderer(rite, cfg), uncached(FrameRenderer(rite, cfg))
    pool = [kept.new_target() for _ in range(POOL)]
    held, cards, drawn, last = 0, 0, 0, None
    for k in range(min(FRAMES, timeline.frame_count(FPS))):
        v = k / FPS
        t, step = timeline.at(v)
        card = timeline.card_at(v)
        if (t, step, card) == last:
            continue  # the export writes the frame before again
        last = (t, step, card)
        cards += card
        surf = pool[drawn % POOL]
        drawn += 1
        before = kept._strips.get(surf)
        a = pygame.image.tobytes(kept.draw(t, step, into=surf, card=card), "RGB")
        b = pygame.image.tobytes(fresh.draw(t, step, card=card), "RGB")
        assert a == b, f"frame {k} ({step.id if step else '-'} at {t:.2f}, card {card}) differs"
        held += before is not None and before == kept._strips.get(surf)  # the strip left as it was
    assert cards, cards  # the passage's title card (a moment held: drawn once)
    assert held >= 10, held  # the case under test: the strip its surface held
