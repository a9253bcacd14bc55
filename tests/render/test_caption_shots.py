"""While a shot flies, the caption shows the clause that shoots.

「獲者坐而獲」 starts with 「乃射…」 (the script's ``start: with``: the 獲者 calls while the pair shoots)
and outlasts it, so the step at t is the 獲者's. Its caption shows both clauses, the shooting one
first; read from the caption as drawn (the band's lines, and the frame's scene for a still).
"""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def test_every_shot_in_flight_is_captioned_with_the_clause_that_shoots(rite):
    r = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    joint = 0
    for shot in rite.shots:
        t = (shot.release + shot.arrival) / 2
        step = rite.step_at(t)
        r.caption.surface(step)  # the band the frame at t draws under the picture
        drawn = "".join(r.caption.drawn[step.id])
        shooting = rite.step(shot.step).text
        assert drawn.startswith(shooting), (shot.step, step.id, drawn)
        if step.id != shot.step:  # the 獲者's step: its own clause after the shooting one
            assert drawn == shooting + step.text, drawn
            joint += 1
    assert joint >= 20  # the three pairs of round 1 (and more): the case that was captioned wrongly


def test_the_still_of_the_first_shot_shows_both_clauses_in_order(rite):
    shot = next(s for s in rite.shots if s.passage == "e.2")
    t = (shot.release + shot.arrival) / 2
    scene = FrameScene(FrameRenderer(rite, RenderConfig(size=(1280, 720)))).at(t)
    texts = scene.texts()
    first = next(i for i, x in enumerate(texts) if x.startswith("乃射"))
    second = next(i for i, x in enumerate(texts) if x == "獲者坐而獲。")
    assert first < second
