"""Stepping while paused eases the view to the new clause's own framing in wall time (the camera's
ease in ceremony time stands still while paused): right after the step the view is still the old
one, after the ease it is the camera's settled box of the new step, which frames its named 階."""

from __future__ import annotations

import pytest

from choreo.render.viewport import fit
from choreo.viewer.ease import PAUSED_EASE, PausedEase


def test_ease_runs_from_the_camera_box_to_the_target():
    ease = PausedEase()
    a, b = (0.0, 0.0, 40.0, 20.0), (10.0, -10.0, 70.0, 20.0)
    assert ease.follow(a) == a
    assert ease.toward(a, b, 100.0, "s2") == a  # the first moment: the camera's own view
    mid = ease.toward(a, b, 100.0 + PAUSED_EASE / 2, "s2")
    assert a[0] < mid[0] < b[0] and ease.moving(100.0 + PAUSED_EASE / 2)
    assert ease.toward(a, b, 100.0 + PAUSED_EASE, "s2") == pytest.approx(b)
    assert ease.toward(a, b, 100.0 + 2 * PAUSED_EASE, "s2") == b
    assert not ease.moving(100.0 + 2 * PAUSED_EASE)
    assert ease.toward(b, a, 200.0, "s3") == b  # another step: a new ease


def test_stepping_while_paused_lands_on_the_clause_framing(make_viewer):
    from choreo.planning import find_script

    v = make_viewer(find_script("xiangshe/e01-youshe"))
    ch = v.choreography
    i = next(k for k, s in enumerate(ch.steps) if "當階" in s.text)
    v.dispatch("jump_step", i - 1)
    v.draw()
    v.ease._run = None
    v.dispatch("jump_step", i)
    v.draw()  # starts the ease
    a, b, start = v.ease._run
    v.ease._run = (a, b, start - 2 * PAUSED_EASE)  # the ease is over
    vp = v.frame_viewport()
    step = ch.steps[i]
    cam = v.renderer.camera
    want = fit(cam.box(min(step.t1, step.t0 + cam.blend_of(step)), step), v.renderer.panels.main, margin=0.0)
    # the same view, within the under-a-pixel snap onto the plan's tile grid
    assert abs(vp.scale - want.scale) < 1e-6 and abs(vp.x0 - want.x0) <= 1 / want.scale
    x, y = ch.venue.landmarks["西階"].point
    b = vp.world_bounds
    assert b[0] <= x <= b[2] and b[1] <= y <= b[3]
