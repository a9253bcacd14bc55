import math

import pytest
from shapely.geometry import LineString

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
