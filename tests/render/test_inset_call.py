"""The 獲者's call (獲) in the shot inset never covers a name there: at every call of both rounds (e.2, e.6), in
both venues, at 640×360 and 1280×720, from the boxes of the words the inset draws (its scene primitives, the
same the frames paint and the stills write). At 640×360 it used to cover the 乏's name."""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.insetcall import call_spots, place_call
from choreo.render.scene import Glyphs
from tests.render.boxes import glyph_box, meets


@pytest.mark.parametrize("venue", ["xie", "xiang"])
@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_call_and_the_names_in_the_inset_never_overlap(venue, size):
    rite = plan_script("xiangshe/full", venue=venue)
    r = FrameRenderer(rite, RenderConfig(size=size))
    dur = rite.params.get("dur.獲", 0.0)
    called = [s for s in rite.shots if s.called is not None]
    assert {s.passage for s in called} == {"e.2", "e.6"}, "both rounds call their hits"
    beside = 0
    for shot in called:
        t = shot.called + dur / 2
        lay = r.shot_inset(t, step=rite.step_at(t))
        where = f"{venue} {size[0]}px {shot.archer}'s arrow {shot.number} ({shot.passage}, t={t:.1f})"
        assert lay is not None and lay.calling, where
        words = [g for g in r.inset_prims(lay) if isinstance(g, Glyphs)]
        calls = [g for g in words if g.text == "獲" or g.text.endswith("：獲")]
        assert len(calls) == 1, f"{where}: the call is drawn once"
        assert lay.screen_name in {g.text for g in words}, f"{where}: the 乏 is named"
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                assert not meets(glyph_box(a), glyph_box(b)), f"{where}: 「{a.text}」 overlaps 「{b.text}」"
        (call,) = calls
        x0, y0, x1, y1 = glyph_box(call)
        assert lay.box[0] <= x0 and x1 <= lay.box[2] and lay.box[1] <= y0 and y1 <= lay.band[1], where
        if lay.caller_at is not None and call.text == "獲":  # beside him: not over his disc
            cx, cy = lay.caller_at
            rad = lay.caller_radius
            assert not meets(glyph_box(call), (cx - rad, cy - rad, cx + rad, cy + rad)), f"{where}: over his disc"
            beside += 1
    assert beside >= len(called) // 2, "most calls stand beside the caller, not in the top row"


def test_the_call_takes_the_first_free_spot_round_him():
    """Above him to the west while that is free (as it always stood); next to the 乏's name taken, the next."""
    at, r, size = (100.0, 100.0), 4.0, (12.0, 14.0)
    area = (0.0, 0.0, 300.0, 300.0)
    spots = call_spots(at, r, size)
    assert place_call(at, r, size, [], area) == spots[0]
    name = (spots[0][0] - 3, spots[0][1] + 2, spots[0][0] + 10, spots[0][1] + 14)  # the 乏's name, west of him
    box = place_call(at, r, size, [name], area)
    assert box is not None and box != spots[0] and not meets(box, name)
    assert place_call(at, r, size, list(spots), area) is None  # every spot taken: none (the top row then)
