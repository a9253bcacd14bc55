"""A 侯's cord untied (解綱) is drawn slack from that moment on, in the video frame and in the still alike."""

from functools import cache

import numpy as np
import pygame

from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.rangemarks import loose_cord_line
from choreo.render.style import PLAN
from choreo.render.viewport import fit
from choreo.script_parser import parse_script


@cache
def _clearing():
    return plan(parse_script(scripts_dir() / "dashe" / "e12-tui.yaml"))


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)


def test_the_untied_cord_hangs_slack_after_the_jiegang():
    ch = _clearing()
    (ev,) = [e for e in ch.events if e.kind == "解綱" and e.detail == "干侯左下綱"]
    r = FrameRenderer(ch, RenderConfig(size=(1280, 720), labels=False, trails=False))
    cord = ch.venue.landmarks["干侯左下綱"]
    _, slack = loose_cord_line(list(cord.geometry.coords), cord.point)
    before, after = ev.t - 1.0, ev.t + 3.0
    assert not ch.cord_loosed("干侯左下綱", before) and ch.cord_loosed("干侯左下綱", after)
    # the main view held on the 干侯's west end (as the viewer's zoom would), 30 尺 across
    view = fit((cord.x - 15, cord.y - 10, cord.x + 15, cord.y + 10), r.panels.main, margin=0.0)
    target = np.array(PLAN["target"])
    a, b = _pixels(r.draw(before, view=view)), _pixels(r.draw(after, view=view))
    vp = r.main_viewport(after, view=view)
    # the sagging middle of the slack cord, away from the 侯 and the post
    pts = [tuple(int(round(v)) for v in vp.to_screen(x, y)) for x, y in slack[2:5]]
    near = lambda img, p: (np.abs(img[p[1] - 1:p[1] + 2, p[0] - 1:p[0] + 2] - target).max(axis=2) < 40).any()  # noqa: E731
    assert all(near(b, p) for p in pts)
    assert not any(near(a, p) for p in pts)
    # the still (PNG, SVG, PDF) is painted from the frame's scene: the cord is in it from the same moment on
    scene = FrameScene(r)
    assert scene.loose_cords(vp, before) == [] and len(scene.loose_cords(vp, after)) == 2
