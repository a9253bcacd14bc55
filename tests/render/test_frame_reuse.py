"""A frame drawn right after the one before it (the export's order) is the frame drawn on its own.

The renderer reuses what the frame before computed while its inputs are the same (the label
placement while nobody moves and the camera stands, a pose while a figure stands still, the plan's
keep-clear boxes while the view holds): the same pixels must come out as from a renderer that
drew some other moment just before, which has nothing of the frame before to reuse.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

FPS = 10


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/e06-second-round")


def _stretches(choreo, timeline, length: int = 40, wanted: int = 2) -> list[int]:
    """First frames of the first stretches of ``length`` video frames in which some frames show nobody
    moving (the frame before's placement is reused) and others somebody moving (laid out anew)."""
    out = []
    for first in range(0, timeline.frame_count(FPS) - length, length):
        still = moved = 0
        previous = None
        for k in range(first, first + length):
            t, _ = timeline.at(k / FPS)
            poses = [choreo.pose_at(name, t) for name in choreo.figures]
            if previous is not None:
                still += poses == previous
                moved += poses != previous
            previous = poses
        if still >= 5 and moved >= 5:
            out.append(first)
            if len(out) == wanted:
                break
    return out


@pytest.mark.parametrize("which", [0, 1])
def test_frames_in_order_are_the_frames_drawn_alone(rite, which):
    cfg = RenderConfig(size=(640, 360), fps=FPS, quiet=True)
    timeline = cfg.pace.timeline(rite.steps)
    first = _stretches(rite, timeline)[which]
    moments = [timeline.at(k / FPS) for k in range(first, first + 40)]
    elsewhere = rite.steps[-1]
    in_order = FrameRenderer(rite, cfg)
    alone = FrameRenderer(rite, cfg)
    still = moved = 0
    previous = None
    for t, step in moments:
        poses = {name: rite.pose_at(name, t) for name in rite.figures}
        if previous is not None:
            still += poses == previous
            moved += poses != previous
        previous = poses
        a = in_order.draw(t, step).get_buffer().raw
        alone.draw(elsewhere.t1, elsewhere)  # another step, another view: nothing to reuse
        b = alone.draw(t, step).get_buffer().raw
        assert a == b, f"{step.id} at {t:.2f}: the frame drawn after the one before differs from it drawn alone"
    assert still and moved, (still, moved)  # both the frames that reuse and those that lay out anew


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_figure_left_out_off_the_panel_would_have_drawn_nothing_in_it(rite, size):
    """The figures are painted only where their drawn extent meets the panel: every pixel painted for
    a figure (disc, wedge, marks, gesture, turn arc, what he carries) lies inside that extent."""
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, trails=False)
    r = FrameRenderer(rite, cfg)
    timeline = cfg.pace.timeline(rite.steps)
    side = 400
    checked = marked = 0
    for k in range(40, timeline.frame_count(FPS), 173):
        t, step = timeline.at(k / FPS)
        fl = r.frame_layout(t, step)
        base = pygame.Surface((side, side))
        base.fill((1, 2, 3))
        r.figures.paint(base, fl.viewport, [], t, small=False)  # what is drawn for no figure (相左 marks)
        empty = pygame.surfarray.array3d(base)
        for f in fl.figures:
            # the figure moved to the middle of a large surface (one drawn as its landmark's shapes
            # stands where the view puts it: the surface then holds the whole frame)
            dx, dy = (0.0, 0.0) if f.shapes else (side / 2 - f.px, side / 2 - f.py)
            if f.shapes and not (0 <= r.figures.drawn_extent(f)[0] and r.figures.drawn_extent(f)[2] < side
                                 and 0 <= r.figures.drawn_extent(f)[1] and r.figures.drawn_extent(f)[3] < side):
                continue
            if not f.shapes and f.info.kind == "object" and checked % 4:
                continue  # a square token: a few of them are enough
            moved = replace(f, px=f.px + dx, py=f.py + dy,
                            boxes=[(b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in f.boxes])
            surf = base.copy()
            r.figures.paint(surf, fl.viewport, [moved], t, small=False)
            ys, xs = np.nonzero((pygame.surfarray.array3d(surf) != empty).any(axis=2).T)
            assert len(xs), f"{f.name} at {t:.1f}: nothing drawn"
            x0, y0, x1, y1 = r.figures.drawn_extent(moved)
            assert x0 <= xs.min() and xs.max() <= x1 and y0 <= ys.min() and ys.max() <= y1, \
                f"{f.name} at {t:.1f}: drawn over {xs.min()}..{xs.max()} × {ys.min()}..{ys.max()}, " \
                f"outside his extent {x0:.0f}..{x1:.0f} × {y0:.0f}..{y1:.0f}"
            checked += 1
            marked += bool(f.held) or r.figures.turns.at(f.name, t) is not None
    assert checked > 200 and marked > 20, (checked, marked)
