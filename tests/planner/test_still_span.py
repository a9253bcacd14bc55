"""Track.still_span: the span round t over which the track gives the very place it gives at t. The
renderer reuses a pose (and the camera a place) over it, so it must never claim a moment he moves."""

import math

import numpy as np
import pytest

from choreo.model import Track
from choreo.planning import plan_script


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/e02-first-round")


def test_the_span_holds_the_place_at_every_moment_of_it_and_only_there(rite):
    spans = moving = 0
    for name, track in rite.tracks.items():
        if not len(track.samples):
            continue
        for t in np.linspace(track.start - 1.0, track.end + 5.0, 400):
            here = track.at(t)
            span = track.still_span(t)
            if here is None:
                assert span is None, f"{name} at {t:.2f}: absent, yet a span"
                continue
            if span is None:  # he moves at t: just before or just after, somewhere else
                moving += 1
                nearby = [track.at(u) for u in (t - 1e-3, t + 1e-3)]
                assert any(p != here for p in nearby), f"{name} at {t:.2f}: no span, yet he stands"
                continue
            spans += 1
            lo, hi = span
            assert lo <= t < hi, f"{name} at {t:.2f}: {span} leaves t out"
            inside = [lo, (lo + t) / 2, t]
            if math.isfinite(hi):
                inside += [(t + hi) / 2, math.nextafter(hi, -math.inf)]
            else:
                inside += [t + 1000.0]
            for u in inside:
                assert track.at(u) == here, f"{name}: {span} claimed at {t:.2f}, yet at {u} he is elsewhere"
    assert spans > 1000 and moving > 100  # both cases seen in a passage with walks and waits


def test_a_span_stops_at_a_turn_on_the_spot_and_at_an_absence():
    samples = np.array([[0.0, 0, 0, 0], [2.0, 0, 0, 0], [3.0, 0, 0, 90], [5.0, 4, 0, 90]], dtype=float)
    track = Track("甲", samples, absent=((6.0, 8.0),))
    assert track.still_span(1.0) == (0.0, 2.0)  # standing, until he turns at 2
    assert track.still_span(2.5) is None  # turning where he stands
    assert track.still_span(4.0) is None  # walking
    assert track.still_span(5.5) == (5.0, 6.0)  # at his last place, until he goes out
    assert track.still_span(7.0) is None  # outside
    assert track.still_span(9.0) == (8.0, math.inf)  # back, for good
    assert track.still_span(-1.0) is None  # not yet there
