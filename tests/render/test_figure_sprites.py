"""Figures drawn from sprites (choreo.render.sprites) are the pixels of figures drawn directly.

A figure's look is drawn once into a sprite and blitted while it stays the same: frames drawn in the
export's order with the sprites must be the very frames of a layer that paints every figure directly
(``sprites = None``), over short stretches of the whole rite chosen from the Choreography for what
they show: a 左還 at the 楅, seated figures, 袒 and 決遂 marks, carried pictograms, a 相左's numbers,
walkers; with the auto camera and the full court's (its strip's small figures), at 1280 and 640.
"""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.marks.pictograms import pictogram_of

FPS = 25
BEFORE, AFTER = 3, 6  # video frames drawn before and after the moment a stretch is chosen for


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def _first(timeline, test) -> int:
    """The first video frame whose ceremony time passes ``test`` (every fifth frame looked at)."""
    return next(k for k in range(0, timeline.frame_count(FPS), 5) if test(timeline.at(k / FPS)[0]))


def _stretches(rite, timeline, layer) -> dict[str, int]:
    people = [n for n, info in rite.figures.items() if info.kind != "object"]
    turner = "上耦上射"
    step = next(s for s in rite.steps if s.text.startswith("既拾取乘矢，揖，皆左還") and turner in s.figures)
    turn = next(tr for tr in layer.turns.turns[turner] if step.t0 <= tr.t0 < step.t1 and tr.sense < 0)
    return {
        "左還 at the 楅": _first(timeline, lambda t: turn.t0 + 0.3 <= t),
        "seated": _first(timeline, lambda t: any(rite.posture_at(n, t) == "坐" for n in people)),
        "袒 and 決遂": _first(timeline, lambda t: any({"袒", "決遂"} <= set(rite.states_at(n, t)) for n in people)),
        "相左": _first(timeline, lambda t: bool(layer.passings.at(t))),
        "carried pictogram": _first(timeline, lambda t: any(
            pictogram_of(layer.states.label(o)) is not None and rite.pose_at(n, t) != rite.pose_at(n, t + 0.5)
            for n in people for o in rite.held_by(n, t))),  # a walker carrying it
    }


@pytest.mark.parametrize("camera", ["auto", "full"])
@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_frames_drawn_with_sprites_are_those_drawn_directly(rite, camera, size):
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    timeline = cfg.pace.timeline(rite.steps)
    cached = FrameRenderer(rite, cfg)
    direct = FrameRenderer(rite, cfg)
    direct.figures.sprites = None
    for what, k in _stretches(rite, timeline, direct.figures).items():
        blits = cached.figures.sprites.blits
        for j in range(max(0, k - BEFORE), k + AFTER):
            t, step = timeline.at(j / FPS)
            a = cached.draw(t, step).get_buffer().raw
            b = direct.draw(t, step).get_buffer().raw
            assert a == b, f"{what}, {camera} {size}: frame {j} ({step.id if step else '-'} at {t:.2f}) differs"
        assert cached.figures.sprites.blits > blits + 20, what  # the stretch was drawn from sprites
    assert 0 < len(cached.figures.sprites) <= cached.figures.sprites.limit
