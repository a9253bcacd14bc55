"""FigureLayer.blit_labels's one fblits call paints the pixels of one blit per label (the reference kept
here), over the bench's frames (every seventh of its 1000) at 1280 and 640, --camera full and a compare."""

from __future__ import annotations

import pytest

from choreo.compare import Comparison
from choreo.export.video import timeline_for
from choreo.paths import scripts_dir
from choreo.planning import default_script, plan_script
from choreo.render.config import RenderConfig
from choreo.render.figures import INK, PLAN
from choreo.render.frame import FrameRenderer

FPS = 25


def _blit_each(layer, counted: list):
    def blit_labels(surf, labels):
        counted.append(len(labels))
        for text, lx, ly, size, vertical in labels:
            render = layer.texts.render_vertical if vertical else layer.texts.render
            surf.blit(render(text, int(size), INK, PLAN["halo"]), (lx, ly))
    return blit_labels


@pytest.mark.parametrize("size, camera, compare", [((1280, 720), "auto", False), ((640, 360), "auto", False),
                                                    ((1280, 720), "full", False), ((1280, 720), "auto", True)])
def test_labels_blitted_at_once_are_those_blitted_one_by_one(size, camera, compare):
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    if compare:  # choreo render --compare: e6 read by 鄭 and by 敖, in the 序
        script = scripts_dir() / "xiangshe" / "e06-second-round.yaml"
        cmp = Comparison(plan_script(script, venue="xie", reading="zheng"),
                         plan_script(script, venue="xie", reading="ao"))
        rite, kw = cmp.a, {"comparison": cmp}
        timeline = timeline_for(cmp.a, cfg, comparison=cmp)
    else:
        rite, kw = plan_script(default_script()), {}
        timeline = cfg.pace.timeline(rite.steps)
    new, old = FrameRenderer(rite, cfg, **kw), FrameRenderer(rite, cfg, **kw)
    counted = []
    old.figures.blit_labels = _blit_each(old.figures, counted)
    for k in range(0, min(1000, timeline.frame_count(FPS)), 7):
        t, step = timeline.at(k / FPS)
        a = new.draw(t, step).get_buffer().raw
        b = old.draw(t, step).get_buffer().raw
        assert a == b, f"frame {k} ({step.id if step else '-'}) differs"
    assert sum(counted) > 500  # names were blitted (main view and strip)
