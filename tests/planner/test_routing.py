import gc
import math
import textwrap
import weakref

import pytest
from shapely.geometry import LineString

from choreo.planner import Planner
from choreo.script import apply_reading
from choreo.script_parser import parse_text
from stage.loader import load_venue
from stage.routing import NoPathError, Router
from tests.toy_venue import toy_venue


@pytest.fixture(scope="module")
def router():
    return Router(toy_venue(), 0.9)


def test_straight_when_clear(router):
    assert router.route((-30, -10), (-30, -50)) == [(-30.0, -10.0), (-30.0, -50.0)]


def test_path_round_a_pillar_keeps_clear(router):
    venue = router.venue
    path = router.route((-14, 12), (-2, 12))
    assert len(path) > 2
    pillar = venue.landmark("西楹").geometry
    assert LineString(path).distance(pillar) >= 0.9 - 1e-6
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
    assert 12 < length < 14  # a short detour, not a long way round


def test_court_path_goes_round_the_hall(router):
    path = router.route((-25, 6), (25, 6))
    line = LineString(path)
    assert not line.intersects(router.venue.walkable["堂"])
    assert min(y for _, y in path) < -4.5  # round the south of the 階 too


def test_via_points_are_visited(router):
    path = router.route((-30, -10), (-30, -50), via=[(-20, -30)])
    assert (-20.0, -30.0) in path


def test_no_walking_from_court_onto_hall(router):
    with pytest.raises(NoPathError, match="go up or down a 階"):
        router.route((-14, -10), (-14, 5))


def test_regions(router):
    assert router.floor_of((0, 10)) == "堂"
    assert router.floor_of((0, -10)) == "庭"
    assert router.region_of((-14, -2)) == "西階"


WALK_TO_TANGXI = textwrap.dedent("""\
    title: t
    source: "000"
    venue: xie
    figures:
      司射: {at: 司射位, facing: 南面}
    steps:
      - id: s1
        text: 司射適堂西。
        do:
          司射: [{適: 堂西}]
    """)


def _plan_walk(venue):
    script, reading = apply_reading(parse_text(WALK_TO_TANGXI, "inline.yaml"), None)
    return Planner(script, venue, reading).plan()


def test_a_planned_venue_is_freed_when_dropped():
    """The viewer reloads the venue on every edit: the routing cache must not keep old venues alive."""
    venue = load_venue("xie")
    choreography = _plan_walk(venue)
    assert choreography.tracks["司射"].end > 1  # he walked: a routing graph was built and cached
    gone = weakref.ref(venue)
    del venue, choreography
    gc.collect()
    assert gone() is None


def test_routing_graphs_are_shared_between_plans_of_one_venue():
    from stage.routing import shared_router

    venue = load_venue("xie")
    radius = _plan_walk(venue).figures["司射"].radius
    graphs = shared_router(venue, radius)._graphs
    assert graphs, "the plan's graphs are there for the next plan"
    built = dict(graphs)
    _plan_walk(venue)
    assert all(graphs[key] is graph for key, graph in built.items())  # reused, not rebuilt
