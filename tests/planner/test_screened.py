"""A screened place (a venue landmark of kind ``tent``: the 次 of the 大射): whoever is inside it is
hidden — the Choreography says when (Track.hidden, 隱/見 events) and no frame draws him there."""

import textwrap

import numpy as np
import pytest

from choreo.model import HIDDEN, SEEN
from choreo.planner import Planner
from choreo.script_parser import parse_text
from stage.loader import load_venue
from tests.ci_venue import SCRIPT, venue_with_ci


@pytest.fixture(scope="module")
def ci_venue(tmp_path_factory):
    return venue_with_ci(tmp_path_factory.mktemp("venues"))


def _plan(venue):
    script = parse_text(textwrap.dedent(SCRIPT), "inline.yaml")
    return Planner(script, venue, "zheng").plan()


def test_a_figure_in_the_screened_place_is_hidden_while_inside(ci_venue):
    ch = _plan(ci_venue)
    track = ch.tracks["上耦上射"]
    assert len(track.hidden) == 1
    t_in, t_out = track.hidden[0]
    assert 0 < t_in < t_out < ch.duration
    box = ci_venue.landmarks["次"].geometry.bounds
    for t in np.linspace(t_in + 0.05, t_out - 0.05, 7):
        assert ch.hidden_at("上耦上射", t) and ch.pose_at("上耦上射", t) is None
    for t in (t_in - 0.1, t_out + 0.1):
        pose = ch.pose_at("上耦上射", t)
        assert pose is not None and not ch.hidden_at("上耦上射", t)
        # just outside the box, at the screen's edge
        assert min(abs(pose.x - box[2]), abs(pose.y - box[1]), abs(pose.y - box[3])) < 0.5
    kinds = [(e.kind, e.detail) for e in ch.events if e.figure == "上耦上射" and e.kind in (HIDDEN, SEEN)]
    assert kinds == [(HIDDEN, "次"), (SEEN, "次")]
    # the 有司 who waits in the 次 from the start is hidden all along
    assert ch.tracks["有司"].hidden == ((0.0, float("inf")),)


def test_nobody_is_hidden_in_a_venue_without_a_screened_place():
    venue = load_venue("xie")
    script = parse_text(textwrap.dedent(SCRIPT.replace("{適: 次}", "{適: 堂西之西}").replace("at: 次", "at: 堂西之南")),
                        "inline.yaml")
    ch = Planner(script, venue, "zheng").plan()
    assert all(not tr.hidden for tr in ch.tracks.values())
    assert not [e for e in ch.events if e.kind in (HIDDEN, SEEN)]
