"""A figure inside the 次 (a screened place) is not drawn; before he goes in and after he comes out he is."""

import textwrap

import numpy as np
import pygame

from choreo.planner import Planner
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import colour_of
from choreo.script_parser import parse_text
from tests.ci_venue import SCRIPT, venue_with_ci


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)


def test_the_figure_in_the_ci_is_not_drawn(tmp_path):
    ch = Planner(parse_text(textwrap.dedent(SCRIPT), "inline.yaml"), venue_with_ci(tmp_path), "zheng").plan()
    t_in, t_out = ch.tracks["上耦上射"].hidden[0]
    r = FrameRenderer(ch, RenderConfig(size=(640, 360), camera="hall", labels=False))
    colour = np.array(colour_of(ch.figures["上耦上射"]))
    before = t_in - 0.2
    assert r.project("上耦上射", before) is not None
    mid = (t_in + t_out) / 2
    assert r.project("上耦上射", mid) is None
    # where he stands inside the 次, drawn at that moment as if seen: nothing of his colour there
    pose = ch.tracks["上耦上射"].samples
    inside = [s for s in pose if t_in < s[0] < t_out]
    x, y = inside[0][1], inside[0][2]
    frame = _pixels(r.draw(mid))
    px, py = (int(v) for v in r.main_viewport(mid).to_screen(x, y))
    radius = int(r.main_viewport(mid).length(ch.figures["上耦上射"].radius))
    assert radius >= 2 and radius <= px < 640 - radius and radius <= py < 360 - radius  # on screen
    patch = frame[py - radius:py + radius + 1, px - radius:px + radius + 1]
    assert (np.abs(patch - colour).max(axis=2) <= 10).sum() == 0
    seen = _pixels(r.draw(before))
    bx, by = (int(v) for v in r.project("上耦上射", before))
    assert np.abs(seen[by, bx] - colour).max() <= 10
