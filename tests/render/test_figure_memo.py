"""The figure layer's reuse across frames changes no pixel.

FigureLayer keeps, from one frame to the next, what holds over a stretch of time (a standing
figure's empty trail, the moment's figures while nothing is taken up, set down or begun): frames
drawn in the export's order must be the very frames of a layer that finds everything anew each
frame (``memo = False``), over stretches with walkers, a panning camera and shots in flight, with
the auto camera and the full court's (its 侯道 strip the target end enlarged), at 1280 and 640 pixels.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

FPS = 10
LENGTH = 30  # video frames a stretch


@pytest.fixture(scope="module")
def rites():
    return {"e2": plan_script("xiangshe/e02-first-round"), "e6": plan_script("xiangshe/e06-second-round")}


def _moments(rite, timeline, which: str, renderer) -> list:
    """e2: from a few seconds before the first release of e2.s13 to its arrow in flight (every other frame);
    e6: the first stretch in which somebody walks while others stand and the auto camera pans."""
    if which == "e2":
        release = min(s.release for s in rite.shots if s.step == "s13")  # e2.s13 of the full rite
        frames = range(timeline.frame_count(FPS))
        k0 = next(k for k in frames if timeline.at(k / FPS)[0] >= release - 9.0)  # walkers, then the camera pans
        k1 = next(k for k in frames if timeline.at(k / FPS)[0] >= release + 1.0)
        return [timeline.at(j / FPS) for j in range(k0, k1, 2)]
    for first in range(0, timeline.frame_count(FPS) - LENGTH, LENGTH):
        moments = [timeline.at(j / FPS) for j in range(first, first + LENGTH)]
        poses = [[rite.pose_at(n, t) for n in rite.figures] for t, _ in moments]
        moved = [sum(a != b for a, b in zip(p, q, strict=True)) for p, q in zip(poses, poses[1:], strict=False)]
        if sum(1 for m in moved if 0 < m < len(rite.figures) // 2) < 10:
            continue
        if len({renderer.main_viewport(t, step).world_bounds for t, step in moments}) >= 5:
            return moments
    raise AssertionError("no stretch with walkers among standers")


@pytest.mark.parametrize("which", ["e2", "e6"])
@pytest.mark.parametrize("camera", ["auto", "full"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_frames_drawn_with_the_figures_memo_are_those_drawn_without(rites, which, camera, size):
    rite = rites[which]
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    moments = _moments(rite, cfg.pace.timeline(rite.steps), which, FrameRenderer(rite, replace(cfg, camera="auto")))
    kept = FrameRenderer(rite, cfg)
    fresh = FrameRenderer(rite, cfg)
    fresh.figures.memo = False
    views, walked = set(), 0
    for k, (t, step) in enumerate(moments):
        views.add(kept.main_viewport(t, step).world_bounds)
        if k and any(rite.pose_at(n, t) != rite.pose_at(n, moments[k - 1][0]) for n in rite.figures):
            walked += 1
        a = kept.draw(t, step).get_buffer().raw
        b = fresh.draw(t, step).get_buffer().raw
        assert a == b, f"{which} {camera} {size}: frame {k} ({step.id if step else '-'} at {t:.2f}) differs"
    assert walked >= 3, walked
    assert len(views) >= 3 or camera == "full", len(views)  # the auto camera pans (the full court's stands)
    if which == "e2":
        assert any(s.release <= t <= s.arrival for s in rite.shots for t, _ in moments)  # an arrow in flight


def test_the_moment_kept_over_a_span_is_the_moment_found_anew(rites):
    """Every quarter second of e2 in order, and either side of every time at which something the moment
    reads may change (a hold begun or ended, a state, a gesture, a 相左 shown): the figures, their
    poses, what they hold, their marks and drawing order are those a layer without the memo finds."""
    rite = rites["e2"]
    cfg = RenderConfig(size=(640, 360), quiet=True)
    kept, fresh = FrameRenderer(rite, cfg).figures, FrameRenderer(rite, cfg).figures
    fresh.memo = False
    end = rite.steps[-1].t1
    cuts = [c for c in kept._moment_cuts() if c <= end]
    assert len(cuts) > 50
    times = sorted({k / 4 for k in range(int(end * 4))}
                   | {v for c in cuts for v in (math.nextafter(c, -math.inf), c)})
    seen = set()
    for t in times:
        step = rite.step_at(t)
        a, b = kept._moment(t, step), fresh._moment(t, step)
        assert a == b, f"at {t!r} ({step.id if step else '-'})"
        assert kept.people(t, step) == fresh.people(t, step)
        seen.add(tuple((m.name, m.held, m.marked, m.numbered, m.gesture) for m in a))
    assert len(seen) > 20  # things taken up and laid down, states and gestures begun and ended
