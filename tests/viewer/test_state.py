"""The pure layer: ViewerState handlers on hand-made step spans (no pygame, no window)."""

import subprocess
import sys

import pytest

from choreo.viewer.layout import layout
from choreo.viewer.state import Spans, ViewerState, apply, carried_over

# s2 and s3 start together (a ``start: with`` pair); s4 follows a gap of idle time.
SPANS = Spans(("s1", "s2", "s3", "s4"), (0.0, 10.0, 10.0, 25.0), (10.0, 20.0, 14.0, 30.0), 0.0, 30.0)


def run(state, *names):
    for name in names:
        state = apply(state, SPANS, name) if isinstance(name, str) else apply(state, SPANS, *name)
    return state


def test_next_and_previous_step_visit_steps_that_start_together():
    s = run(ViewerState(t=0.0, step=0), "next_step")
    assert (s.step, s.t) == (1, 10.0)
    s = run(s, "next_step")
    assert (s.step, s.t) == (2, 10.0)  # the second of the pair, though step_at(10) alone would pick it too
    s = run(s, "next_step", "next_step")
    assert (s.step, s.t) == (3, 25.0)  # and no further than the last
    assert run(s, "prev_step", "prev_step").step == 1


def test_play_advances_by_speed_and_stops_at_the_end():
    s = run(ViewerState(t=0.0, step=0, speed=4.0), "play_pause", ("tick", 1.5))
    assert s.t == pytest.approx(6.0) and s.playing
    s = run(s, "play_pause", ("tick", 1.0))
    assert s.t == pytest.approx(6.0) and not s.playing
    s = run(s, "play_pause", ("tick", 100.0))
    assert (s.t, s.playing, s.step) == (30.0, False, 3)
    s = run(s, "play_pause")  # at the end, play starts over
    assert (s.t, s.playing, s.step) == (0.0, True, 0)


def test_time_between_steps_keeps_the_step_that_ended_last():
    s = run(ViewerState(t=0.0, step=0), ("scrub", 22.0))
    assert s.step == 1
    assert SPANS.step_at(12.0) == 2 and SPANS.step_at(12.0, hint=1) == 1


def test_speed_frames_and_ends():
    s = run(ViewerState(t=5.0, step=0, speed=4.0), "faster", "faster")
    assert s.speed == 16.0
    s = run(s, "real_speed")
    assert s.speed == 1.0
    s = run(s, *["slower"] * 10)
    assert s.speed == 0.125  # clamped
    s = run(ViewerState(t=5.0, step=0, speed=5.0, playing=True), "frame_forward")
    assert s.t == pytest.approx(5.2) and not s.playing  # one exported frame (1/25 s) at 5×
    assert run(s, "frame_back", "frame_back").t == pytest.approx(4.8)
    assert run(s, "end").t == 30.0 and run(s, "end", "home").t == 0.0


def test_replanning_keeps_the_step_and_the_fraction_of_it():
    new = Spans(("s1", "s3", "s4"), (0.0, 8.0, 12.0), (8.0, 12.0, 20.0), 0.0, 20.0)
    s = carried_over(ViewerState(t=12.0, step=2), SPANS, new)  # half-way through s3
    assert (s.step, s.t) == (1, 10.0)
    s = carried_over(ViewerState(t=15.0, step=1), SPANS, new)  # s2 is gone: the step at its index
    assert s.step == 1


def test_zoom_keeps_the_point_under_the_mouse_and_follow_releases_it():
    from choreo.render.viewport import Viewport

    base = Viewport((0, 0, 800, 600), -40.0, 30.0, 10.0)
    about = base.to_world(200, 150)
    s = apply(ViewerState(), SPANS, "zoom", 2, about, base)
    vp = s.viewport(base.rect)
    assert vp.scale == pytest.approx(15.625)
    assert vp.to_screen(*about) == pytest.approx((200, 150))
    s = apply(s, SPANS, "pan", 30, -10, vp)
    assert s.viewport(base.rect).to_screen(*about) == pytest.approx((230, 140))
    assert apply(s, SPANS, "follow").view is None


def test_timeline_maps_pixels_to_time_and_back():
    lay = layout((1280, 720))
    left, _, width, _ = lay.track
    assert lay.t_at(left + width / 4, 10.0, 50.0) == pytest.approx(20.0)
    assert lay.x_at(20.0, 10.0, 50.0) == pytest.approx(left + width / 4)
    assert lay.t_at(-5, 10.0, 50.0) == 10.0


def test_the_logic_layers_import_without_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import choreo.viewer, choreo.viewer.state, choreo.viewer.layout, choreo.viewer.session\n"
            "import choreo.commands.view, choreo.cli\nprint('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
