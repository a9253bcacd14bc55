"""The frame lays out only the people who can be seen in a panel (FigureLayer.layout ``within``).

Leaving out a person nothing of whom is drawn in the panel must change no pixel: the frames drawn in
the export's order, crowded (the 三耦 and the 眾賓 of round 2, the 飲不勝者) and quiet, with the automatic
camera and with ``--camera full``, are the frames of a renderer that lays out every figure present.
"""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.figures import FigureLayer
from choreo.render.frame import FrameRenderer

FPS = 10


@pytest.fixture(scope="module")
def rites():
    return {name: plan_script(f"xiangshe/{name}") for name in ("e06-second-round", "e09-yin-busheng")}


def _everyone(monkeypatch):
    """Lay out every figure present, as before the panels were culled (``within`` ignored)."""
    whole = FigureLayer.layout

    def layout(self, vp, t, step, *, small, only_south_of=None, within=None):
        return whole(self, vp, t, step, small=small, only_south_of=only_south_of)
    monkeypatch.setattr(FigureLayer, "layout", layout)


def _moments(rite, cfg, count: int):
    timeline = cfg.pace.timeline(rite.steps)
    n = timeline.frame_count(FPS)
    out = []
    for first in (n // 5, n // 2, n - count - 1):  # three stretches: the rite's beginning, middle and end
        out += [timeline.at(k / FPS) for k in range(first, first + count // 3)]
    return out


@pytest.mark.parametrize("camera", ["auto", "full"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_culled_frames_are_the_frames_with_everyone_laid_out(rites, camera, size, monkeypatch):
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    for name, rite in rites.items():
        moments = _moments(rite, cfg, 36)
        culled = FrameRenderer(rite, cfg)
        frames = [culled.draw(t, step).get_buffer().raw for t, step in moments]
        with monkeypatch.context() as m:
            _everyone(m)
            whole = FrameRenderer(rite, cfg)
            for (t, step), frame in zip(moments, frames, strict=True):
                assert whole.draw(t, step).get_buffer().raw == frame, \
                    f"{name} {step.id} at {t:.2f} ({camera}, {size}): leaving out the unseen changed the frame"


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_person_left_out_draws_nothing_in_the_panel_and_has_no_box_in_it(rites, size):
    """Everyone left out of a panel, laid out as if he were not, has his drawn extent and every box
    (disc, facing, marks, the row of what he carries) wholly outside it; and some are left out."""
    cfg = RenderConfig(size=size, fps=FPS, quiet=True)
    left_out = 0
    for rite in rites.values():
        r = FrameRenderer(rite, cfg)
        timeline = cfg.pace.timeline(rite.steps)
        for k in range(0, timeline.frame_count(FPS), 37):
            t, step = timeline.at(k / FPS)
            vp = r.main_viewport(t, step)
            panels = [(vp, False, None)]
            if r.strip_vp is not None:
                panels.append((r.strip_vp, True, r.layout.range_top))
            for view, small, south in panels:
                kept = {f.name for f in r.figures.layout(view, t, step, small=small, only_south_of=south,
                                                         within=view.rect)}
                x, y, w, h = view.rect
                for f in r.figures.layout(view, t, step, small=small, only_south_of=south):
                    if f.name in kept:
                        continue
                    assert f.info.kind != "object", f"{f.name}: an object is always laid out"
                    left_out += 1
                    x0, y0, x1, y1 = r.figures.drawn_extent(f)
                    assert x1 < x or x0 > x + w or y1 < y or y0 > y + h, \
                        f"{f.name} at {t:.1f} ({step.id}): left out, but drawn over the panel {view.rect}"
                    for b in f.boxes:
                        assert b[2] <= x or b[0] >= x + w or b[3] <= y or b[1] >= y + h, \
                            f"{f.name} at {t:.1f}: left out, but his box {b} meets the panel {view.rect}"
    assert left_out > 50, left_out
