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


def test_fit_pace_keeps_a_short_passage_and_speeds_up_the_walks_of_a_long_one():
    from choreo.render.timeline import Pace, fit_pace

    short = [_step(0, 0, 20), _step(1, 20, 40)]
    pace = Pace(4.0, 3.0, 5.0, 4.0)
    assert fit_pace(short, pace, 600) == pace
    # 400 steps of 20 s: 8000 s of ceremony, 2000 s of video at 4× — too long for 10 minutes, but the
    # clauses (3 s each, 1200 s) fit in 30: only the walks are sped up.
    long = [_step(i, 20 * i, 20 * (i + 1)) for i in range(400)]
    fitted = fit_pace(long, pace, 1800)
    assert fitted.speed > 4.0 and (fitted.hold, fitted.rate, fitted.card) == (3.0, 5.0, 4.0)
    assert fitted.given_up == ""
    assert 1790 <= fitted.timeline(long).duration <= 1800  # the speed is rounded up to 0.01
    # In 10 minutes the clauses themselves cannot all stay 3 s: the hold shrinks, and it says so.
    tight = fit_pace(long, pace, 600)
    assert tight.hold < 3.0 and "instead of 3 s" in tight.given_up
    assert 590 <= tight.timeline(long).duration <= 600


def _clause(i, t0, t1, text, passage=""):
    return Step(f"s{i}", i, t0, t1, text, "000_x.txt", (), passage=passage)


def test_a_long_clause_stays_up_for_its_reading_time_and_a_walk_does_not():
    forty = "司射適堂西，袒、決、遂，取弓于階西，兼挾乘矢，升自西階，階上北面告于賓曰弓矢既具有司請射賓許諾"
    assert len([c for c in forty if "\u4e00" <= c <= "\u9fff"]) == 40
    steps = (_clause(0, 0, 2, forty), _clause(1, 2, 402, "揖"))
    tl = build_timeline(steps, speed=4, hold=3, rate=5)
    shown = [tl.at(v / 10)[1].id for v in range(int(tl.duration * 10))]
    assert shown.count("s0") / 10 == pytest.approx(8.0, abs=0.15)  # 40 characters at 5 a second
    assert shown.count("s1") / 10 == pytest.approx(100.0, abs=0.15)  # 400 s of walking at 4×
    # without a reading rate only the hold counts
    plain = build_timeline(steps, speed=4, hold=3)
    assert [plain.at(v / 10)[1].id for v in range(int(plain.duration * 10))].count("s0") / 10 == \
        pytest.approx(3.0, abs=0.15)


def test_each_passage_opens_with_a_title_card_while_the_clock_stands_still():
    steps = (_clause(0, 0, 10, "射", "e.1"), _clause(1, 10, 20, "射", "e.1"), _clause(2, 20, 20, "揖", "e.2"),
             _clause(3, 20, 40, "射", "e.2"))
    tl = build_timeline(steps, speed=4, hold=3, card=4)
    cards = [(seg.v0, seg.v1, seg.c0, seg.c1, tl.steps[seg.step].id) for seg in tl.segments if seg.card]
    assert [c[4] for c in cards] == ["s0", "s2"]  # the first step of each passage
    assert all(v1 - v0 == pytest.approx(4) and c0 == c1 for v0, v1, c0, c1, _ in cards)
    assert cards[1][2] == 20.0
    assert tl.card_at(1.0) and not tl.card_at(5.0)
    # the card comes before the zero-length step's own pause, which still shows its clause
    v = cards[1][1] + 0.5
    assert tl.at(v) == (20.0, steps[2]) and not tl.card_at(v)
    assert tl.duration == pytest.approx(4 + 3 + 3 + 4 + 3 + 5)  # 10 s at 4× is held to 3 s
    chapters = tl.chapters()
    assert [(round(a, 3), round(b, 3), s.passage) for a, b, s in chapters] == [(0, 10.0, "e.1"), (10.0, 22.0, "e.2")]
