"""The comparison video's view eased in video time (choreo.render.videoclock): the clock of motion skips the
title cards and the pauses, and the average over EASE seconds of it keeps a still framing and a steady pan
exactly, and turns a cut into a glide no steeper than 2 / EASE of it a second."""

from __future__ import annotations

import pytest

from choreo.model import Step
from choreo.render.timeline import Segment, Timeline
from choreo.render.videoclock import EASE, EasedInVideo, MotionClock


def _step(sid: str, t0: float, t1: float) -> Step:
    return Step(id=sid, index=0, t0=t0, t1=t1, text="揖", source="", figures=())


A, B, P = _step("a", 0.0, 40.0), _step("b", 40.0, 48.0), _step("p", 40.0, 40.0)
# a card, a's 40 s in 10 s of video, a pause of 1 s on p, then b quickly: 8 s in a second
TIMELINE = Timeline((A, P, B), (Segment(0.0, 3.0, 0.0, 0.0, 0, card=True), Segment(3.0, 13.0, 0.0, 40.0, 0),
                                Segment(13.0, 14.0, 40.0, 40.0, 1), Segment(14.0, 15.0, 40.0, 48.0, 2)), 0.0, 48.0)


def test_the_clock_of_motion_skips_the_card_and_the_pause():
    clock = MotionClock(TIMELINE)
    assert clock.length == pytest.approx(11.0)
    assert clock.motion(0.0, A) == 0.0 and clock.motion(20.0, A) == pytest.approx(5.0)
    assert clock.motion(40.0, P) == pytest.approx(10.0)  # the pause stands where the motion stopped
    assert clock.motion(44.0, B) == pytest.approx(10.5)
    assert clock.motion(44.0, A) is None  # no frame shows a at 44 s
    t, step = clock.frame(10.5)
    assert step is B and t == pytest.approx(44.0)
    assert clock.frame(10.0)[1] is B  # a boundary: the later segment's frame


def _eased(box_of):
    return EasedInVideo(MotionClock(TIMELINE), lambda t, step: (box_of(t, step), True))


def test_a_still_framing_and_a_steady_pan_are_kept_exactly():
    still = _eased(lambda t, step: (0.0, 0.0, 40.0, 22.5))
    assert still.view(20.0, A) == ((0.0, 0.0, 40.0, 22.5), True)
    pan = _eased(lambda t, step: (t, 0.0, t + 40.0, 22.5))  # 4 尺 a second of a's ceremony, 16 a second of motion
    box, settled = pan.view(20.0, A)
    assert box == pytest.approx((20.0, 0.0, 60.0, 22.5), abs=1e-9) and settled


def test_a_cut_is_a_glide_over_the_ease():
    """a framed at x 0, b at x 100 (a cut at the motion 10.0, where b comes on screen after the pause): the
    view glides from EASE/2 before it to EASE/2 after it, no faster than 2 / EASE widths of the cut a second
    of motion, and the pause's frame stands at the middle of the glide."""
    cut = _eased(lambda t, step: (100.0, 0.0, 140.0, 22.5) if step is B else (0.0, 0.0, 40.0, 22.5))
    clock = cut.clock
    xs = []
    for k in range(1, 41):
        m = 10.0 - EASE / 2 - 0.1 + k * (EASE + 0.2) / 40
        xs.append((m, cut.view(*clock.frame(m))[0][0]))
    assert xs[0][1] == pytest.approx(0.0, abs=1e-9) and xs[-1][1] == pytest.approx(100.0, abs=1e-9)
    steepest = max((b - a) / (mb - ma) for (ma, a), (mb, b) in zip(xs, xs[1:], strict=False))
    assert steepest <= 100.0 * 2 / EASE * 1.01
    assert steepest > 100.0 * 1.5 / EASE  # it is a glide, not a crawl
    assert 35.0 < cut.view(40.0, P)[0][0] < 65.0
