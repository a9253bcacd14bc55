"""Closing the viewer while it still plans (a Ctrl-C during the whole rite's first plan) stops the planning
thread and waits for it: a daemon thread still planning while the interpreter shut down crashed it
(pygame's 'Segmentation Fault', exit 134, seen 1 time in 4 on a loaded machine) instead of exit 130."""

import time

from choreo.paths import scripts_dir


def test_close_stops_and_waits_for_a_plan_in_progress():
    from choreo.viewer.app import CLOSE_WAIT, Viewer
    from choreo.viewer.session import Request, Session

    viewer = Viewer(Session(Request(str(scripts_dir() / "xiangshe" / "full.yaml"))), size=(960, 540))
    viewer.pump(0)
    job = viewer.planning
    assert job is not None and job.thread.is_alive()  # the whole rite takes tens of seconds to plan
    t0 = time.perf_counter()
    viewer.close()
    assert not job.thread.is_alive()
    assert time.perf_counter() - t0 < CLOSE_WAIT
    assert job.loaded is not None and job.loaded.choreography is None  # stopped, not finished
