"""The frame's own reuse across frames (the 侯道 strip of the frame before, the legends' pictures)
changes no pixel.

Frames drawn in the export's order into a pool of surfaces in turn must be the very frames of a
renderer that draws everything afresh each frame (``memo = False``, its figure layer's too), over
stretches with walkers, a panning camera and shots in flight (e2.s13, e6), with the auto camera and
the full court's, at 1280 and 640 pixels, and in a comparison (``choreo render --compare``).
"""

from __future__ import annotations

import pygame
import pytest

from choreo.compare import Comparison
from choreo.export.video import timeline_for
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.conftest import uncached

FPS = 10
LENGTH = 40  # video frames a stretch
POOL = 3  # surfaces drawn into in turn, as the export does (each holds a frame from before)


@pytest.fixture(scope="module")
def rites():
    return {"e2": plan_script("xiangshe/e02-first-round"), "e6": plan_script("xiangshe/e06-second-round")}


def _around_release(rite, timeline) -> list:
    """From a few seconds before e2.s13's first release to its arrow in flight: walkers, then the shot."""
    release = min(s.release for s in rite.shots if s.step == "s13")
    frames = range(timeline.frame_count(FPS))
    k0 = next(k for k in frames if timeline.at(k / FPS)[0] >= release - 3.0)
    k1 = next(k for k in frames if timeline.at(k / FPS)[0] >= release + 1.0)
    return [timeline.at(j / FPS) for j in range(k0, k1)]


def _walk_and_pan(rite, timeline, renderer) -> list:
    """The first stretch in which somebody walks while others stand (the strip changes, then holds) and
    the auto camera pans (its rectangle moves in the strip) and stands."""
    for first in range(0, timeline.frame_count(FPS) - LENGTH, LENGTH):
        moments = [timeline.at(j / FPS) for j in range(first, first + LENGTH)]
        poses = [[rite.pose_at(n, t) for n in rite.figures] for t, _ in moments]
        moved = [p != q for p, q in zip(poses, poses[1:], strict=False)]
        views = [renderer.main_viewport(t, step).world_bounds for t, step in moments]
        panned = [a != b for a, b in zip(views, views[1:], strict=False)]
        if 5 <= sum(moved) <= LENGTH - 10 and 3 <= sum(panned) <= LENGTH - 5:
            return moments
    raise AssertionError("no stretch with walkers and a camera that pans and stands")


def _same_frames(kept: FrameRenderer, fresh: FrameRenderer, moments, what: str) -> int:
    """Draws ``moments`` with both; returns how many of ``kept``'s frames took the strip of the one before."""
    uncached(fresh)
    pool = [kept.new_target() for _ in range(POOL)]
    panel, drawn = kept.painter.panel, []
    kept.painter.panel = lambda *a, **k: drawn.append(1) or panel(*a, **k)  # the strip drawn afresh
    for k, (t, step) in enumerate(moments):
        # the pixels' colours (a 32-bit frame's fourth byte is padding: "bgr0", never shown nor encoded)
        a = pygame.image.tobytes(kept.draw(t, step, into=pool[k % POOL]), "RGB")
        b = pygame.image.tobytes(fresh.draw(t, step), "RGB")
        assert a == b, f"{what}: frame {k} ({step.id if step else '-'} at {t:.2f}) differs"
    return len(moments) - len(drawn)


@pytest.mark.parametrize("which", ["e2", "e6"])
@pytest.mark.parametrize("camera", ["auto", "full"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_frames_drawn_with_the_frame_caches_are_those_drawn_without(rites, which, camera, size):
    rite = rites[which]
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    timeline = cfg.pace.timeline(rite.steps)
    moments = _around_release(rite, timeline) if which == "e2" else \
        _walk_and_pan(rite, timeline, FrameRenderer(rite, RenderConfig(size=size, fps=FPS, quiet=True)))
    reused = _same_frames(FrameRenderer(rite, cfg), FrameRenderer(rite, cfg), moments, f"{which} {camera} {size}")
    if which == "e2":
        assert any(s.release <= t <= s.arrival for s in rite.shots for t, _ in moments)  # an arrow in flight
    if camera == "auto" and which == "e6":  # the strip taken from the frame before: the case under test
        assert 3 <= reused < len(moments) - 3, reused


def test_a_comparison_drawn_with_the_frame_caches_is_drawn_as_without():
    script = scripts_dir() / "xiangshe" / "e06-second-round.yaml"
    cmp = Comparison(plan_script(script, venue="xie", reading="zheng"), plan_script(script, venue="xie", reading="ao"))
    cfg = RenderConfig(size=(640, 360), fps=FPS, quiet=True)
    moments = _walk_and_pan(cmp.a, timeline_for(cmp.a, cfg, comparison=cmp), FrameRenderer(cmp.a, cfg, comparison=cmp))
    _same_frames(FrameRenderer(cmp.a, cfg, comparison=cmp), FrameRenderer(cmp.a, cfg, comparison=cmp), moments,
                 "zheng/ao")
