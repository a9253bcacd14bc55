"""The camera of a comparison video across a switch of clock: where the video plays a piece of the other
reading (敖's own s07b, the rest of a step 敖 makes longer) and back, the view glides from the frame before
as between two steps instead of cutting; and b's pieces are played where a's clock waits for them."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from choreo.compare import Comparison
from choreo.export.video import timeline_for
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.comparetime import runs
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.viewport import fit

XIAN_HUOZHE = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"
FPS = 25
SMOOTH_SLOPE = 1.5  # the steepest slope of the camera's smoothstep (3u² − 2u³)


@pytest.fixture(scope="module")
def video():
    """The comparison video of e.10 s04–s09 (鄭 drawn, 敖 compared), as the export times it: the renderer,
    the timeline, and each frame's (video time, ceremony time, step)."""
    a = plan_script(XIAN_HUOZHE, venue="xie", reading="zheng")
    b = plan_script(XIAN_HUOZHE, venue="xie", reading="ao")
    cmp = Comparison(a, b)
    ids = ("s04", "s05", "s06", "s06b", "s07", "s08", "s09")
    steps = tuple(s for s in a.steps if s.id in ids)
    cfg = replace(RenderConfig(size=(1280, 720), fps=FPS), quick_steps=frozenset(s.id for s in steps if not cmp.differs(s.id)))
    timeline = timeline_for(a, cfg, steps, cmp)
    frames = [(k / FPS, *timeline.at(k / FPS)) for k in range(timeline.frame_count(FPS))]
    return cmp, FrameRenderer(a, cfg, comparison=cmp), timeline, frames


def _centre_width(bounds):
    x0, y0, x1, y1 = bounds
    return (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0


def _move(p, q) -> tuple[float, float]:
    """(centre's move in widths of the view, |log| of the zoom) between two views."""
    (px, py, pw), (qx, qy, qw) = _centre_width(p), _centre_width(q)
    return math.hypot(qx - px, qy - py) / max(pw, qw), abs(math.log(qw / pw))


def _shift(p, q) -> tuple[float, float]:
    """(centre's move in 尺, |log| of the zoom) between two views."""
    (px, py, pw), (qx, qy, qw) = _centre_width(p), _centre_width(q)
    return math.hypot(qx - px, qy - py), abs(math.log(qw / pw))


def test_the_other_readings_pieces_are_played_where_a_waits_for_them(video):
    """Each run of 敖's pieces is played where 鄭's clock stands at the moment 鄭's figures wait at during it:
    the rest of 敖's longer s08 (s08 is hidden behind s09, which starts with it) once 鄭's clock reaches the
    end of s08 inside s09's time, not at s08's start (鄭's figures would jump 135 s ahead and back)."""
    cmp, renderer, timeline, frames = video
    for run in runs(cmp):
        if run.after.id not in {"s04", "s05", "s06", "s06b", "s07", "s08", "s09"}:
            continue
        first = run.pieces[0][0]
        k = next(i for i, (_, _, step) in enumerate(frames) if step is first)
        before = frames[k - 1]
        assert before[1] == pytest.approx(run.wait, abs=0.2)  # a's clock just before: at the run's moment
        assert renderer.enter(frames[k][1], first)[0] == pytest.approx(run.wait)  # and a waits there
    s08 = cmp.a.step("s08")
    rest = next(r for r in runs(cmp) if r.after is s08)
    assert rest.wait == s08.t1 and s08.t1 - s08.t0 > 100


def test_the_view_glides_across_each_switch_of_clock_as_between_two_steps(video):
    """At every switch between 鄭's clock and 敖's (into s04's and s08's rests and 敖's own s07b, and back),
    the first frame after the switch is framed as the last before it, and no frame-to-frame move over the
    easing is faster than the camera's blend between two steps allows: the smoothstep's steepest slope times
    the cut being eased, over the blend's time, on top of the view's own pan. Before this, the view cut by
    up to 1.8 widths of the view in one frame (into the rest of 敖's s08)."""
    cmp, renderer, timeline, frames = video
    view = renderer._compare_view()

    def framed(t, step):  # the side's own framing, uneased, fitted to the panel as the view is
        return fit(view.framed(t, step)[0], renderer.panels.main, margin=0.0).world_bounds

    boxes = [renderer.main_viewport(t, step).world_bounds for _, t, step in frames]
    switches = [k for k in range(1, len(frames)) if cmp.owns(frames[k][2]) != cmp.owns(frames[k - 1][2])]
    assert len(switches) >= 6
    eased = 0
    for k in switches:
        _, t, step = frames[k]
        found = view._switches.of(t, step, cmp.owns(step))
        own = framed(t, step)
        cut = _move(boxes[k - 1], own)  # what the frame would have cut by
        move = _move(boxes[k - 1], boxes[k])
        assert move[0] < 0.02 and move[1] < 0.02, (step.id, move)
        if cut[0] < 0.05 and cut[1] < 0.05:
            continue
        eased += 1
        assert found is not None
        sw, window = found
        before, start = framed(*sw.before), framed(sw.start, step)
        cut_move, cut_zoom = _shift(start, before)
        j = k
        while j + 1 < len(frames) and frames[j + 1][2] is step and frames[j + 1][1] < sw.start + window:
            (_, t0, s0), (_, t1, s1) = frames[j], frames[j + 1]
            share = SMOOTH_SLOPE * (t1 - t0) / window
            pan = _shift(framed(t0, s0), framed(t1, s1))
            got = _shift(boxes[j], boxes[j + 1])
            assert got[0] <= share * cut_move * 1.05 + pan[0] + 0.05, (step.id, t0)  # 尺
            assert got[1] <= share * cut_zoom * 1.05 + pan[1] + 0.01, (step.id, t0)
            j += 1
        # once eased, the view is the side's own framing again (a still at the step's end is unchanged)
        end = next(i for i in range(k, len(frames)) if frames[i][1] >= sw.start + window or frames[i][2] is not step)
        if frames[end][2] is step:
            assert _move(boxes[end], framed(*frames[end][1:]))[0] < 1e-3
    assert eased >= 3  # into s04's and s08's rests and back from them
