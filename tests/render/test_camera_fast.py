"""The camera's fast path (plain-list tracks walked once for a window, the shot told found by bisection,
the framed people's places reused) frames exactly as the straightforward computation (camera_reference:
the camera as it was at bac892e), to the float: at bench/camera_cost.py's moments of the first 3000 s
of 鄉射禮 at 640 (walkers, pans, blends between steps, the shots of the first rounds in flight), at the
video's frame moments of 大射 at 640 and 1280 (every 8th, every 16th), and in a comparison, whose frames on the other reading's
clock are framed by that reading's camera. Asked in another order, a frame is the same (no memo makes
it depend on the frames before)."""

from __future__ import annotations

import numpy as np
import pytest

from choreo.compare import Comparison
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.comparetime import compare_timeline
from choreo.render.config import RenderConfig
from choreo.render.edgecut import uncut_box
from choreo.render.frame import FrameRenderer
from choreo.render.shotinset import current_shot

from .camera_reference import ReferenceCamera, reference_uncut_box


def _reference(renderer: FrameRenderer, choreo) -> ReferenceCamera:
    cam = renderer.camera
    return ReferenceCamera(choreo, renderer.layout, renderer.panels.main, renderer.cfg.camera,
                           disc_px=cam.disc_px, room_px=cam.room_px)


def _views(cam, moments) -> list:
    return [cam.view(float(t), step) for t, step in moments]


def _mismatches(fast: list, slow: list, moments) -> list:
    return [(float(t), step and step.id, a, b) for (t, step), a, b in zip(moments, fast, slow, strict=True) if a != b]


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


@pytest.fixture(scope="module")
def dashe():
    return plan_script("dashe/full")


def test_the_first_3000_seconds_at_640_are_framed_as_before(rite):
    renderer = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    moments = [(t, rite.step_at(float(t))) for t in np.arange(0.0, 3000.0, 0.27)]
    fast = _views(renderer.camera, moments)
    assert _mismatches(fast, _views(_reference(renderer, rite), moments), moments) == []
    # the stretch has what the fast path must get right: the view pans, zooms between steps, shots fly
    assert len({v[0] for v in fast}) > len(moments) // 2
    assert sum(not settled for _, settled in fast) > 100
    assert sum(rite.shots_at(float(t)) != () for t, _ in moments) > 100
    # the same frames asked for backwards by a new camera: nothing depends on the frames asked before
    again = FrameRenderer(rite, RenderConfig(size=(640, 360))).camera
    assert _views(again, moments[::-1])[::-1] == fast


def test_the_shot_told_is_found_as_current_shot_finds_it(rite):
    cam = FrameRenderer(rite, RenderConfig(size=(640, 360))).camera
    edges = [u for s in rite.shots for u in (s.release - 1.0, s.arrival, s.arrival + 3.0)]
    times = sorted(set(np.arange(0.0, rite.duration, 0.5).tolist() + edges + [np.nextafter(u, -1e9) for u in edges]))
    told = [cam._shot_windows.at(t) for t in times]
    assert told == [current_shot(rite, t) for t in times]
    assert sum(s is not None for s in told) > 1000


@pytest.mark.parametrize(("size", "every"), [((640, 360), 8), ((1280, 720), 16)])
def test_dashe_video_moments_are_framed_as_before(dashe, size, every):
    renderer = FrameRenderer(dashe, RenderConfig(size=size))
    timeline = renderer.cfg.pace.timeline(dashe.steps)
    moments = [timeline.at(k / 25) for k in range(0, timeline.frame_count(25), every)]
    fast = _views(renderer.camera, moments)
    assert _mismatches(fast, _views(_reference(renderer, dashe), moments), moments) == []


def test_a_comparison_frames_each_side_on_its_own_clock_as_before():
    script = scripts_dir() / "xiangshe" / "e06-second-round.yaml"
    cmp = Comparison(plan_script(script, venue="xie", reading="zheng"),
                     plan_script(script, venue="xie", reading="ao"))
    cfg = RenderConfig(size=(1280, 720))
    fast, slow = FrameRenderer(cmp.a, cfg, comparison=cmp), FrameRenderer(cmp.a, cfg, comparison=cmp)
    slow.camera = _reference(slow, cmp.a)
    slow._other_camera = _reference(slow, cmp.b)
    timeline = compare_timeline(cmp, cfg.pace, cmp.a.steps)
    moments = [timeline.at(k / 25) for k in range(0, timeline.frame_count(25), 3)]
    on_b = [(t, step) for t, step in moments if cmp.owns(step)]
    assert len(on_b) > 100  # b's own steps, framed by b's camera
    views = [fast.main_viewport(t, step) for t, step in moments]
    assert views == [slow.main_viewport(t, step) for t, step in moments]
    assert fast._other_camera is not None and type(fast._other_camera) is not ReferenceCamera


def test_uncut_box_moves_a_box_as_the_solve_over_everyone_did():
    """Bystanders round the edges of a box, some framed ones it must keep (``need``): the solve over the
    discs near an edge moves it exactly where the solve over all of them did."""
    rng = np.random.default_rng(16)
    box, moved = (10.0, 20.0, 90.0, 65.0), 0
    for _ in range(3000):
        n = int(rng.integers(1, 46))
        edge_x = rng.choice([box[0], box[2]], n) + rng.normal(0, 8, n)
        edge_y = rng.choice([box[1], box[3]], n) + rng.normal(0, 6, n)
        along = rng.random(n) < 0.5  # near a side edge or near the top or bottom
        x = np.where(along, edge_x, rng.uniform(0, 100, n))
        y = np.where(along, rng.uniform(10, 75, n), edge_y)
        discs = np.column_stack((x, y, rng.uniform(0.5, 3.0, n)))
        cx, cy = rng.uniform(30, 70), rng.uniform(35, 50)
        need = None if rng.random() < 0.3 else (cx - 8, cy - 6, cx + 8, cy + 6)
        room = float(rng.uniform(0.0, 4.0))
        got = uncut_box(box, discs, room, need)
        assert got == reference_uncut_box(box, discs, room, need)
        moved += got != box
    assert moved > 1000
