"""In the 侯道 strip a figure's name never covers a landmark's: at 640×360 with ``--camera full`` (the strip
is the target end, enlarged) the 獲者's name lay over the 乏's. Read from the still's scene (the same
layout the frames draw): the names in the strip's clip, at every call of both rounds and at the end of
every step of the shooting passages, both venues, both cameras."""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.planlayout import strip_labels
from choreo.render.scene import Clip, Glyphs
from tests.render.boxes import glyph_box, meets


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("camera", ["auto", "full"])
def test_no_figure_name_covers_a_landmark_name_in_the_strip(venue, camera):
    rite = plan_script("xiangshe/full", venue=venue)
    r = FrameRenderer(rite, RenderConfig(size=(640, 360), camera=camera))
    scenes = FrameScene(r)
    landmarks = {lab.text for lab in strip_labels(r.layout)}
    people = {info.label or name for name, info in rite.figures.items()}
    assert "乏" in landmarks and not landmarks & people
    dur = rite.params.get("dur.獲", 0.0)
    moments = [s.called + dur / 2 for s in rite.shots if s.called is not None]
    moments += [st.t1 for st in rite.steps if st.id.startswith(("e2.", "e6."))]
    pairs = 0
    for t in moments:
        (clip,) = [c for c in scenes.at(t).items if isinstance(c, Clip) and tuple(c.rect) == tuple(r.strip_vp.rect)]
        words = [g for g in clip.items if isinstance(g, Glyphs)]
        names = [g for g in words if g.text in landmarks]
        labels = [g for g in words if g.text in people]
        assert names, f"t={t:.1f}: the strip names its landmarks"
        for a in labels:
            for b in names:
                pairs += 1
                assert not meets(glyph_box(a), glyph_box(b)), f"{venue} {camera} t={t:.1f}: 「{a.text}」 covers 「{b.text}」"
    assert pairs > len(moments), "figures are named in the strip at these moments"
