"""The placement pass's reuse across frames changes no box, label, number or key.

The main view's placement pass reuses what the frames before found while its inputs are the same (a
figure laid out as last time in the same view, his Mark, his states' legend entries over a span, what
the pass reads of the view alone, the whole pass while nothing it reads changes): frames drawn in the
export's order must lay out exactly as a renderer that finds everything anew each frame
(``memo = False`` on the renderer and its figure layer), over stretches with walkers, a panning camera
and shots in flight, with both cameras, at 1280 and 640 pixels, and in a --compare render.
"""

from __future__ import annotations

import pytest

from choreo.compare import Comparison
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.comparetime import compare_timeline
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.conftest import uncached
from tests.render.test_figure_memo import FPS, _moments


def _laid_out(fl) -> tuple:
    """Everything of a FrameLayout a viewer sees placed: each figure's boxes, gesture word and name, the
    labels and their boxes, the numbered figures and the key's files, the landmark labels, the furniture
    (scale bar, north arrow, key, legends, inset), the ghosts' labels."""
    return ([(f.name, f.px, f.py, f.r, list(f.boxes), f.label, f.gesture, f.held) for f in fl.figures],
            fl.labels, fl.label_boxes, fl.keyed, fl.key_runs, [(lab.text, box) for lab, box in fl.landmark_labels],
            sorted(fl.furniture.items()), fl.ghost_labels, None if fl.inset is None else fl.inset.box)


def _same(kept: FrameRenderer, fresh: FrameRenderer, moments, what: str) -> int:
    """Draws every moment with both; returns how many of them the kept renderer laid out anew."""
    anew = 0
    for k, (t, step) in enumerate(moments):
        before = kept._placed
        kept.draw(t, step)
        anew += kept._placed is not before
        fresh.draw(t, step)
        where = f"{what}: frame {k} ({step.id if step else '-'} at {t:.2f})"
        # the layouts only: the frames' pixels with and without every cache are test_frame_caches.py's
        assert _laid_out(kept.frame_layout(t, step)) == _laid_out(fresh.frame_layout(t, step)), where
    return anew


@pytest.fixture(scope="module")
def rites():
    return {"e2": plan_script("xiangshe/e02-first-round"), "e6": plan_script("xiangshe/e06-second-round")}


@pytest.mark.parametrize(("which", "camera", "size"), [("e2", "auto", (1280, 720)), ("e2", "full", (640, 360)),
                                                       ("e6", "auto", (640, 360)), ("e6", "full", (1280, 720))])
def test_the_pass_kept_across_frames_lays_out_as_the_pass_found_anew(rites, which, camera, size):
    rite = rites[which]
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    moments = _moments(rite, cfg.pace.timeline(rite.steps), which, FrameRenderer(rite, RenderConfig(
        size=size, fps=FPS, quiet=True)))
    kept, fresh = FrameRenderer(rite, cfg), uncached(FrameRenderer(rite, cfg))
    anew = _same(kept, fresh, moments, f"{which} {camera} {size}")
    assert 3 <= anew < len(moments), anew  # the pass ran anew (walkers, a pan) and was kept (nobody moved)
    if which == "e2":
        assert any(s.release <= t <= s.arrival for s in rite.shots for t, _ in moments)  # an arrow in flight


def ghost_stretch(count: int, fps: int = FPS):
    """The e06 comparison (鄭 as a, 敖 as b, in the 榭) at 1280×720 and ``count`` moments of its video (at
    ``fps``) from
    the first stretch where b's figures are drawn as ghosts: (a, comparison, cfg, moments, probe). The
    stretch is found by a renderer of its own, ``probe`` (one that laid out other moments before draws a
    frame's landmark names otherwise, memo or none)."""
    script = scripts_dir() / "xiangshe" / "e06-second-round.yaml"
    a, b = plan_script(script, venue="xie", reading="zheng"), plan_script(script, venue="xie", reading="ao")
    comparison = Comparison(a, b)
    cfg = RenderConfig(size=(1280, 720), fps=fps, quiet=True)
    timeline = compare_timeline(comparison, cfg.pace, a.steps)
    frames = range(timeline.frame_count(fps))
    probe = FrameRenderer(a, cfg, comparison=comparison)
    first = next(k for k in frames[::10] if probe.ghosts(*timeline.at(k / fps)))
    moments = [timeline.at(k / fps) for k in range(first, min(first + count, len(frames)))]
    return a, comparison, cfg, moments, probe


def test_a_compare_render_lays_out_as_found_anew():
    a, comparison, cfg, moments, probe = ghost_stretch(40)
    kept = FrameRenderer(a, cfg, comparison=comparison)
    fresh = uncached(FrameRenderer(a, cfg, comparison=comparison))
    _same(kept, fresh, moments, "compare")
    assert sum(bool(probe.ghosts(t, step)) for t, step in moments) >= 10
