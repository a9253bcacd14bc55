"""The plan has a key: the station circles (位), a file's places (列位) and each band of the 侯 named
by the width the venue file gives it (上個, 躬, 侯中), or by its part_names where a width is an expression
(the 大射's three 侯, each 上個, 躬 and 侯中 by the 鄉射 記's rule), each band once however many 侯 there
are, drawn in the plan's own colours."""

from __future__ import annotations

import pytest

from choreo.planning import load_venue
from choreo.render.config import RenderConfig
from choreo.render.planimage import key_boxes, plan_surface
from choreo.render.planlayout import TITLE_BAND, plan_key
from choreo.render.style import PLAN
from choreo.render.text import TextCache


@pytest.mark.parametrize("key", ["xie", "xiang", "dashe"])
def test_plan_key_explains_the_marks_and_the_bands(key):
    venue = load_venue(key)
    entries = plan_key(venue)
    words = [e.text for e in entries]
    assert words[:2] == ["位", "列位"]
    bands = [e for e in entries if e.kind == "band"]
    targets = list(venue.landmarks_of("target"))
    assert targets and all(t.part_names == ("上個", "躬", "侯中") for t in targets)
    assert [e.text for e in bands] == ["上個", "躬", "侯中"]
    assert [e.style for e in bands] == ["target", "target-body", "target-centre"]
    cfg = RenderConfig(size=(1600, 1000))
    texts = TextCache()
    surf = plan_surface(venue, cfg, texts)
    title_w = texts.width(venue.title, cfg.px(30))
    for e, (x0, y0, x1, y1), _ in key_boxes(entries, texts, cfg, cfg.px(TITLE_BAND), cfg.px(16) + title_w + cfg.px(24)):
        assert y1 < cfg.px(TITLE_BAND)  # in the title band, over nothing of the plan
        if e.kind == "band":
            assert tuple(surf.get_at((int((x0 + x1) / 2), int((y0 + y1) / 2))))[:3] == PLAN[e.style]
