"""The viewer plays a comparison as smoothly as the comparison video, driven by real key events: with 敖
overlaid on 鄭, its view is averaged over the wall seconds round each frame (FrameRenderer.plays_at, on the
comparison's own clock as the viewer plays it), so that 敖's 1.2-s rest at e10's s08 and e08's run of quick
2-s clauses are crossed by glides; a pause and the resumed play ease from the box shown. Each frame's main
view is read and no frame-to-frame move may pass the cut thresholds of bench/camera_cuts.py (measured as
camera.frame_moves measures a video's)."""

from __future__ import annotations

import math

import pygame

from choreo.paths import scripts_dir
from choreo.render.camera import frame_moves
from tests.viewer.conftest import key, pump_until

DT = 1 / 25  # s of wall time a pump: the export's frame rate, a frame of the video
CUT_MOVE, CUT_ZOOM = 0.3, math.log(1.3)  # bench/camera_cuts.py: a move no ease could look like


class _Played:
    """The frames the viewer drew, as a timeline for camera.frame_moves: frame k at 'video' k / fps."""

    def __init__(self, boxes: list) -> None:
        self.boxes = boxes

    def frame_count(self, fps: int) -> int:
        return len(self.boxes)

    def card_at(self, v: float) -> bool:
        return False

    def at(self, v: float):
        return round(v * 25), None


def _cuts(boxes: list) -> list:
    return [(k, round(move, 3), round(math.exp(zoom), 2)) for k, _, _, _, move, zoom
            in frame_moves(_Played(boxes), 25, lambda k, _: boxes[k]) if move > CUT_MOVE or zoom > CUT_ZOOM]


def _compared(make_viewer, name: str):
    v = make_viewer(scripts_dir() / "xiangshe" / f"{name}.yaml", reading="zheng", compare="ao")
    assert pump_until(v, lambda: v.comparison is not None, timeout=60)
    return v


def _to_step(v, sid: str) -> None:
    key(pygame.K_HOME)
    v.pump(0)
    for _ in range(40):
        if v.step_id == sid and v._other() is None:
            return
        key(pygame.K_RIGHT)
        v.pump(0)
    raise AssertionError(f"→ never reached {sid}")


def _play(v, wall, boxes: list, until, pause_at=None) -> None:
    """Pump frame by frame while playing until ``until()``, recording the main view's box each frame; at
    ``pause_at()`` space pauses, a second of frames passes (the paused ease), space plays on."""
    for _ in range(3000):
        wall.now += DT
        v.pump(DT)
        boxes.append(v.frame_viewport().world_bounds)
        if until():
            return
        if pause_at is not None and pause_at():
            pause_at = None
            key(pygame.K_SPACE)
            for _ in range(25):
                wall.now += DT
                v.pump(DT)
                boxes.append(v.frame_viewport().world_bounds)
            assert not v.state.playing
            key(pygame.K_SPACE)
            continue
        assert v.state.playing
    raise AssertionError("played 3000 frames without getting there")


def test_playing_through_aos_rest_at_e10_s08_glides(make_viewer, wall):
    """From 鄭's s07 through 敖's s07b (paused and played on in it) and 敖's rest at s08, at 16×."""
    v = _compared(make_viewer, "e10-xian-huozhe")
    a = v.comparison.a
    _to_step(v, "s07")
    for _ in range(2):  # 16× (from 4×): the rest of 1.2 s is under a tenth of a second of wall time
        key(pygame.K_PLUS)
        v.pump(0)
    key(pygame.K_SPACE)
    boxes: list = []
    rest = v.comparison.b.step("s08")
    seen = []
    own = v.comparison.b.step("s07b")  # paused and played on in the middle of 敖's own step, played on his clock
    _play(v, wall, boxes, lambda: seen.append(v.detour is not None and v.detour.step is rest) or
          v.state.t > a.step("s09").t1 - 20,
          pause_at=lambda: v.detour is not None and v.detour.step is own and v.detour.t > (own.t0 + own.t1) / 2)
    assert any(seen), "敖's rest at s08 was not played"
    assert _cuts(boxes) == []


def test_playing_e08s_quick_run_and_resuming_glides(make_viewer, wall):
    """e08's quick clauses s03-s07 at 8×, paused and played on in s05."""
    v = _compared(make_viewer, "e08-shuhuo")
    a = v.comparison.a
    _to_step(v, "s02")
    key(pygame.K_PLUS)  # 8×: each quick clause of 2 s a quarter of a second
    v.pump(0)
    key(pygame.K_SPACE)
    boxes: list = []
    _play(v, wall, boxes, lambda: v.state.t >= a.step("s08").t0,
          pause_at=lambda: v.state.t >= a.step("s05").t0 + 0.5)
    assert len(boxes) > 60
    assert _cuts(boxes) == []
