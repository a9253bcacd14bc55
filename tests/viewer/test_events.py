"""The viewer driven headless by posted pygame events: what a user would see change."""

from __future__ import annotations

import time

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.style import colour_of
from choreo.viewer.errorpage import ERROR_BG
from choreo.viewer.overlays import RED
from tests.viewer.conftest import BROKEN, TWO_READINGS, click, key

BUNDLED = "xiangshe/e01-youshe"


def pixels(surface, rect):
    left, top, w, h = rect
    return pygame.surfarray.array3d(surface)[left:left + w, top:top + h]


def test_play_pause_and_steps(make_viewer):
    v = make_viewer(BUNDLED)
    assert v.error_text is None and v.step_id == "s01"
    key(pygame.K_SPACE)
    v.pump(0)
    v.pump(0.5)
    assert v.state.playing and v.state.t == pytest.approx(0.5 * v.state.speed)
    key(pygame.K_SPACE)
    v.pump(0)
    t = v.state.t
    v.pump(1.0)
    assert not v.state.playing and v.state.t == t
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    v.pump(0)
    s03 = v.choreography.step("s03")
    assert v.step_id == "s03" and v.state.t == s03.t0
    key(pygame.K_LEFT)
    v.pump(0)
    assert v.step_id == "s02"
    key(pygame.K_END)
    v.pump(0)
    assert v.step_id == v.choreography.steps[-1].id
    key(pygame.K_HOME)
    key(pygame.K_PERIOD)
    key(pygame.K_PLUS)
    v.pump(0)
    assert v.state.t == pytest.approx(v.spans.start + 4.0 / 25) and v.state.speed == 8.0
    key(pygame.K_0)
    key(pygame.K_COMMA)
    v.pump(0)
    assert v.state.speed == 1.0 and v.state.t == pytest.approx(v.spans.start + 4.0 / 25 - 1.0 / 25)


def test_click_on_timeline_lands_where_clicked_and_step_list_jumps(make_viewer):
    v = make_viewer(BUNDLED)
    left, top, width, height = v.layout.track
    x = left + int(width * 0.3)
    click((x, top + height // 2))
    v.pump(0)
    expected = v.spans.start + (x - left) / width * (v.spans.end - v.spans.start)
    assert v.state.t == pytest.approx(expected, abs=1e-6)
    assert v.step_id == v.choreography.step_at(expected).id
    # drag along the bar scrubs too
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, top + 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(left + width, top + 5), rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(left + width, top + 5), button=1))
    v.pump(0)
    assert v.state.t == pytest.approx(v.spans.end)
    sl, st, sw, _ = v.layout.steps
    assert v.scroll > 0  # the list followed the current step (the last) down
    first = v.scroll
    click((sl + sw // 2, st + 30 * 4 + 10))  # the fourth row under the list's title
    v.pump(0)
    assert v.step_id == v.choreography.steps[first + 3].id


def test_switch_venue_replans_in_place(make_viewer):
    v = make_viewer(BUNDLED)
    for _ in range(5):
        key(pygame.K_RIGHT)
    v.pump(0)
    assert v.step_id == "s06" and v.choreography.venue.key == "xie"
    key(pygame.K_v)
    v.pump(0)
    assert v.wait_planned()
    ch = v.choreography
    assert ch.venue.key == "xiang" and v.step_id == "s06"
    assert v.state.t == ch.step("s06").t0
    xiang = plan_script(BUNDLED, venue="xiang")
    xie = plan_script(BUNDLED, venue="xie")
    t = v.state.t
    pose = ch.pose_at("司射", t)
    assert (pose.x, pose.y) == pytest.approx((xiang.pose_at("司射", t).x, xiang.pose_at("司射", t).y))
    other = xie.pose_at("司射", xie.step("s06").t0)
    assert (pose.x, pose.y) != pytest.approx((other.x, other.y))
    # the frame shows him there: the pixel at his projected centre has his colour
    px, py = v.renderer.project("司射", t, ch.step("s06"))
    assert tuple(v.screen.get_at((int(px), int(py))))[:3] == colour_of(ch.figures["司射"])
    key(pygame.K_v)
    v.pump(0)
    assert v.wait_planned()
    assert v.choreography.venue.key == "xie" and v.step_id == "s06"


def test_cycle_reading_moves_the_figures_as_the_tracks_say(make_viewer, script):
    v = make_viewer(script)
    assert v.choreography.reading == "zheng"
    key(pygame.K_RIGHT)
    v.pump(0)
    v.dispatch("scrub", v.choreography.step("s02").t1 - 0.01)
    key(pygame.K_r)
    v.pump(0)
    assert v.wait_planned()
    ch = v.choreography
    assert ch.reading == "ao" and v.step_id == "s02"
    ao = plan_script(script, reading="ao")
    zheng = plan_script(script, reading="zheng")
    t = v.state.t
    assert t == pytest.approx(ao.step("s02").t1 - 0.01 * (ao.step("s02").t1 - ao.step("s02").t0)
                              / (zheng.step("s02").t1 - zheng.step("s02").t0), abs=1e-6)
    pose = ch.pose_at("司射", t)
    assert (pose.x, pose.y) == (ao.pose_at("司射", t).x, ao.pose_at("司射", t).y)
    assert pose.x > zheng.pose_at("司射", zheng.step("s02").t1).x + 30  # 洗 is far east of the 中
    key(pygame.K_r)
    v.pump(0)
    assert v.wait_planned()
    assert v.choreography.reading == "zheng"


def test_checker_overlay_draws_and_lists_failures_and_jumps(make_viewer, script):
    v = make_viewer(script)
    main = v.renderer.panels.main

    def red_count():
        return int(np.all(pixels(v.screen, main) == RED, axis=-1).sum())

    assert red_count() == 0
    assert [x.rule for x in v.loaded.violations] == ["passes_east_of"]
    key(pygame.K_c)
    v.pump(0)
    assert v.state.checker and len(v.check_rows) == 1
    rect, _ = v.check_rows[0]
    assert red_count() > 200  # the list's frame and text
    v.dispatch("home")
    click(rect.center)
    v.pump(0)
    assert v.step_id == "s02" and v.state.t == v.loaded.violations[0].t
    before = red_count()
    v.pump(0)
    assert red_count() > before - 1  # rings round 司射 now the failure is happening
    key(pygame.K_c)
    v.pump(0)
    assert red_count() == 0


def test_save_png_and_toggles(make_viewer):
    v = make_viewer(BUNDLED)
    for k in (pygame.K_l, pygame.K_t, pygame.K_g):
        key(k)
    key(pygame.K_SLASH, unicode="?", mod=pygame.KMOD_SHIFT)
    v.pump(0)
    s = v.state
    assert (s.labels, s.trails, s.grid, s.help) == (False, False, True, True)
    assert v.renderer.cfg.labels is False  # the frame renderer was rebuilt without labels
    key(pygame.K_h)
    key(pygame.K_s)
    v.pump(0)
    assert not v.state.help and len(v.saved) == 1
    png = pygame.image.load(str(v.saved[0]))
    assert png.get_size() == v.renderer.cfg.size
    arr = pygame.surfarray.array3d(png)
    assert len(np.unique(arr.reshape(-1, 3), axis=0)) > 50 and arr.std() > 20  # a picture, not a blank


def test_click_figure_wheel_zoom_and_follow(make_viewer):
    v = make_viewer(BUNDLED)
    t = v.state.t
    px, py = v.renderer.project("司射", t, v.choreography.steps[0])
    click((int(px), int(py)))
    v.pump(0)
    assert v.state.selected == "司射"
    from choreo.viewer.overlays import figure_status

    status = figure_status(v.choreography, "司射", t)
    assert status["role"] == "official" and status["step"].startswith("s01")
    scale = v.frame_viewport().scale
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, pos=(int(px), int(py))))
    v.pump(0)
    assert v.state.view is not None and v.frame_viewport().scale == pytest.approx(scale * 1.25 ** 2, rel=0.02)
    assert v.renderer.project("司射", t, v.choreography.steps[0], v._manual()) == pytest.approx((px, py), abs=2)
    key(pygame.K_f)
    v.pump(0)
    assert v.state.view is None
    click((5, 5))  # empty floor: deselects
    v.pump(0)
    assert v.state.selected is None


def test_quit_closes_the_window_cleanly(make_viewer):
    v = make_viewer(BUNDLED)
    key(pygame.K_q)
    assert v.run() == 0
    assert v.state.quit and not pygame.display.get_init()


def test_broken_script_shows_its_error_and_watch_brings_it_back(make_viewer, tmp_path):
    path = tmp_path / "edit.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    v = make_viewer(path, watch=True)
    assert v.choreography is None
    assert v.error_text.startswith(f"{path}:27:12: error: ")
    assert "unknown verb '敵'" in v.error_text and "司射: [{敵: 中}]" in v.error_text  # with the line
    frame = pixels(v.screen, v.layout.frame)
    assert np.all(frame == ERROR_BG, axis=-1).mean() > 0.5  # the frame area is the error panel
    key(pygame.K_SPACE)
    key(pygame.K_RIGHT)
    v.pump(0.5)  # keys do nothing harmful without a plan
    v.watch_every = 0
    time.sleep(0.01)
    path.write_text(TWO_READINGS, encoding="utf-8")
    v.pump(0)
    # re-planned in the background: still going, or (a tiny script on an idle core) already delivered by
    # the same pump, which looks at the job right after starting it
    assert v.planning is None or v.planning.what == "reloading edit.yaml"
    assert v.wait_planned()
    assert v.error_text is None and v.choreography is not None and v.step_id == "s01"
    assert v.message[0] == "reloaded edit.yaml"
    frame = pixels(v.screen, v.layout.frame)
    assert np.all(frame == ERROR_BG, axis=-1).mean() < 0.01
    path.write_text(BROKEN, encoding="utf-8")  # and broken again: the error, not a crash
    v.pump(0)
    assert v.wait_planned()
    assert v.choreography is None and ":27:12:" in v.error_text
    assert "reloaded" not in v.message[0] and "does not plan" in v.message[0]  # a failure is not a reload


def test_export_current_step_to_mp4(make_viewer, script):
    v = make_viewer(script)
    key(pygame.K_RIGHT)
    key(pygame.K_e)
    v.pump(0)
    proc, out = v.export.proc, v.export.out
    assert proc.wait(timeout=120) == 0, proc.stderr.read()
    v.pump(0)
    assert v.export is None and out.exists() and out.name.endswith("-s02-s02.mp4")
    import imageio

    reader = imageio.get_reader(out, "ffmpeg")
    n = reader.count_frames()
    assert reader.get_meta_data()["size"] == (1280, 720) and n > 10
    reader.close()
