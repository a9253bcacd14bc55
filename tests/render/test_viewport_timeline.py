"""The world→pixel transform and the video→ceremony time map: pure functions, tested directly."""

import pytest

from choreo.model import Step
from choreo.render.timeline import build_timeline
from choreo.render.viewport import centred, fit


def test_north_is_up_and_east_is_right():
    vp = fit((-10, -10, 10, 10), (0, 0, 200, 200), margin=0)
    cx, cy = vp.to_screen(0, 0)
    nx, ny = vp.to_screen(0, 5)
    ex, ey = vp.to_screen(5, 0)
    assert (cx, cy) == pytest.approx((100, 100))
    assert ny < cy and nx == pytest.approx(cx)  # north is up the screen
    assert ex > cx and ey == pytest.approx(cy)  # east is to the right
    assert vp.to_world(*vp.to_screen(3.5, -7.25)) == pytest.approx((3.5, -7.25))


def test_fit_shows_the_whole_box_and_zoom_keeps_the_point():
    vp = fit((-20, -300, 40, 30), (10, 20, 300, 500), margin=0.05)
    minx, miny, maxx, maxy = vp.world_bounds
    assert minx <= -20 and maxx >= 40 and miny <= -300 and maxy >= 30
    z = vp.zoomed(2.0, about=(0, 0))
    assert z.to_screen(0, 0) == pytest.approx(vp.to_screen(0, 0))
    assert z.scale == pytest.approx(vp.scale * 2)
    c = centred((5, 5), 4.0, (0, 0, 100, 60))
    assert c.to_screen(5, 5) == pytest.approx((50, 30))


def _step(i, t0, t1):
    return Step(f"s{i}", i, t0, t1, "射", "x.txt", ())


def test_speed_plays_long_steps_and_hold_stretches_short_ones():
    steps = (_step(0, 0, 40), _step(1, 40, 41), _step(2, 41, 61))
    tl = build_timeline(steps, speed=4, hold=3)
    # 40 s at 4x = 10 s of video; the 1-s step is held 3 s; 20 s at 4x = 5 s
    assert tl.duration == pytest.approx(10 + 3 + 5)
    assert tl.at(5.0) == (pytest.approx(20.0), steps[0])
    c, step = tl.at(11.5)
    assert step is steps[1] and 40 < c < 41
    assert tl.at(18.0)[0] == pytest.approx(61.0)
    assert tl.frame_count(25) == 450
    # monotonic: ceremony time never runs backwards
    cs = [tl.ceremony(v / 10) for v in range(0, 181)]
    assert all(b >= a for a, b in zip(cs, cs[1:], strict=False))


def test_zero_length_step_gets_a_pause_with_its_text():
    steps = (_step(0, 0, 8), _step(1, 8, 8), _step(2, 8, 16))
    tl = build_timeline(steps, speed=4, hold=3)
    shown = {tl.at(v / 10)[1].id for v in range(int(tl.duration * 10))}
    assert shown == {"s0", "s1", "s2"}
    paused = [v / 10 for v in range(int(tl.duration * 10)) if tl.at(v / 10)[1].id == "s1"]
    assert max(paused) - min(paused) >= 2.8
    assert all(tl.ceremony(v) == pytest.approx(8.0) for v in paused)


def test_fit_pace_keeps_a_short_passage_and_speeds_up_a_long_one():
    from choreo.render.timeline import fit_pace

    short = [_step(0, 0, 20), _step(1, 20, 40)]
    assert fit_pace(short, 4.0, 3.0, 600) == (4.0, 3.0)
    # 400 steps of 20 s: 8000 s of ceremony, 2000 s of video at 4× — too long for 10 minutes.
    long = [_step(i, 20 * i, 20 * (i + 1)) for i in range(400)]
    speed, hold = fit_pace(long, 4.0, 3.0, 600)
    assert speed > 4.0 and 1.0 <= hold < 3.0
    assert build_timeline(long, speed, hold).duration == pytest.approx(600, abs=1.0)
