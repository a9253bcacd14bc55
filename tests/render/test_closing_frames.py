"""Frames of the closing's states: a figure with his shoes off (說屨) carries a mark behind him, and a
figure outside the 門 is not drawn at all."""

from dataclasses import replace

import numpy as np
import pygame

from choreo.model import Event, Track
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import PLAN, colour_of
from tests.render.conftest import make_choreography

SIZE = (640, 360)


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)


def _with(events=(), absent=()):
    c = make_choreography()
    tracks = dict(c.tracks)
    tracks["主人"] = Track("主人", tracks["主人"].samples, absent)
    return replace(c, tracks=tracks, events=tuple(sorted(c.events + tuple(events), key=lambda e: e.t)))


def test_shoes_off_show_as_a_mark_behind_the_figure():
    c = _with([Event(10.0, "主人", "說屨", "s001")])
    r = FrameRenderer(c, RenderConfig(size=SIZE, camera="hall", labels=False))
    shod, unshod = _pixels(r.draw(5.0)), _pixels(r.draw(15.0))
    x, y = (int(v) for v in r.project("主人", 5.0))
    radius = int(r.main_viewport(5.0).length(c.figures["主人"].radius))
    # He faces west: his back, where the mark goes, is the east side of his disc.
    behind = (slice(y - radius, y + radius + 1), slice(x + radius // 2, x + radius + 4))
    changed = np.abs(unshod[behind] - shod[behind]).max(axis=2) > 40
    assert changed.sum() >= 6
    halo = np.array(PLAN["halo"])
    assert (np.abs(unshod[behind] - halo).max(axis=2) <= 12).sum() >= 3
    # in front of him nothing changes
    front = (slice(y - radius, y + radius + 1), slice(x - radius - 4, x - radius // 2))
    assert np.abs(unshod[front] - shod[front]).max() <= 40


def test_a_figure_outside_the_gate_is_not_drawn():
    c = _with([Event(10.0, "主人", "出", "s001", "門"), Event(20.0, "主人", "入", "s001", "門")],
              absent=((10.0, 20.0),))
    r = FrameRenderer(c, RenderConfig(size=SIZE, camera="hall", labels=False))
    colour = np.array(colour_of(c.figures["主人"]))
    here = _pixels(r.draw(5.0))
    x, y = (int(v) for v in r.project("主人", 5.0))
    assert np.abs(here[y, x] - colour).max() <= 10
    assert r.project("主人", 15.0) is None
    away = _pixels(r.draw(15.0))
    assert np.abs(away[y, x] - colour).max() > 30
    back = _pixels(r.draw(25.0))
    assert np.abs(back[y, x] - colour).max() <= 10
