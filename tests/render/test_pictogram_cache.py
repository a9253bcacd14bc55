"""A carried thing's pictogram found again by the holder's whole states (FigureLayer._pictogram's
answers kept by (pictogram, side, states, outline)) is the one drawn for them afresh.

Every pictogram with variants or overlays, asked in turn for the holder's states that change it and
those that do not, at two sides, outlined or not, by one layer that keeps its answers: each must be,
pixel for pixel, what a layer that keeps nothing (``memo = False``) draws for the same question.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from choreo.model import BODY_STATES
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.marks.pictograms import pictograms


@pytest.fixture(scope="module")
def layers():
    rite = plan_script("xiangshe/e02-first-round")
    cfg = RenderConfig(size=(640, 360), fps=10, quiet=True)
    kept, fresh = FrameRenderer(rite, cfg).figures, FrameRenderer(rite, cfg).figures
    fresh.memo = False
    return kept, fresh


def _pixels(surf: pygame.Surface) -> tuple:
    return surf.get_size(), surf.get_colorkey(), pygame.image.tobytes(surf, "RGB")


def test_a_pictogram_kept_by_the_holders_states_is_the_one_drawn_for_them(layers):
    kept, fresh = layers
    changing = [p for p in pictograms().values() if p.variants or p.overlays]
    assert changing, "no pictogram changes with its holder's states: nothing to test"
    asked = 0
    for pic in changing:
        states = sorted({*pic.variants, *pic.overlays}) + [s for s in BODY_STATES if s not in pic.variants
                                                           and s not in pic.overlays][:1]
        combos = [(), *((s,) for s in states), *itertools.combinations(states, 2)]
        for side, outline, held in itertools.product((14, 21), (False, True), combos):
            got = kept._pictogram(pic, side, held, outline=outline)
            want = fresh._pictogram(pic, side, held, outline=outline)
            assert _pixels(got) == _pixels(want), f"{pic.name} side {side} states {held} outline {outline}"
            asked += 1
    assert asked > len(changing) * 8
