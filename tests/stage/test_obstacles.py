"""Obstacles are valid and stop a walk onto the 堂 except by a 階."""

import pytest
import shapely
from shapely.geometry import LineString, Point

from stage.geometry import blocking


def test_obstacles_are_valid_and_named(venue):
    names = {o.name for o in venue.obstacles}
    assert {"西楹", "東楹", "西序", "東序", "堂廉", "西階側", "阼階側", "侯", "乏"} <= names
    assert ("室" in names) == (venue.key == "xiang")
    for o in venue.obstacles:
        assert o.geometry.is_valid, (o.name, shapely.is_valid_reason(o.geometry))
        assert not o.geometry.is_empty


def test_walkable_regions(venue):
    assert set(venue.walkable) == {"堂", "庭", "西階", "阼階"}
    assert venue.walkable["庭"].contains(Point(venue.landmarks["侯"].x, venue.landmarks["侯"].y + 5))


@pytest.mark.parametrize("x", [0.0, -15.0 + 4.0, -28.0, 28.0])
def test_straight_walk_onto_the_hall_is_blocked(venue, x):
    walk = LineString([(x, -10.0), (x, 5.0)])
    assert "堂廉" in blocking(venue.obstacles, walk, venue.param("body_radius"))


@pytest.mark.parametrize("stair", ["西階", "阼階"])
def test_walk_up_a_stair_is_free(venue, stair):
    lm = venue.landmarks[stair]
    walk = LineString([(lm.x, lm.y - 3.0), lm.top, (lm.x, venue.landmarks["西階上"].y)])
    assert blocking(venue.obstacles, walk, venue.param("body_radius")) == []


def test_stepping_onto_a_stair_from_the_side_is_blocked(venue):
    lm = venue.landmarks["西階"]
    walk = LineString([(lm.x - 8, lm.top[1]), lm.top])
    assert "西階側" in blocking(venue.obstacles, walk, venue.param("body_radius"))


def test_standing_places_are_clear(venue):
    """Nobody is told to stand inside a wall, a pillar, the 侯 or the 乏."""
    r = venue.param("body_radius")
    kinds = ("point", "station")
    clear = [n for n, lm in venue.landmarks.items() if lm.kind in kinds and n not in ("東榮", "左個", "右個")]
    hits = {n: blocking(venue.obstacles, Point(venue.landmarks[n].point), r) for n in clear}
    assert {n: h for n, h in hits.items() if h} == {}


def test_pillar_path_sides(xie, xiang):
    """鉤楹內 in the 榭: the 物 lie north of the 西楹; 由楹外 in the 庠: one can reach them from the south."""
    for venue in (xie, xiang):
        pillar = venue.landmarks["西楹"]
        top = venue.landmarks["西階上"].point
        wu = venue.landmarks["上物"]
        south_of = LineString([top, (pillar.x, pillar.y - 3), (wu.x, wu.y - 2)])
        north_of = LineString([top, (pillar.x - 2, pillar.y), (pillar.x, pillar.y + 3), (wu.x, wu.y + 2)])
        r = venue.param("body_radius")
        assert blocking(venue.obstacles, south_of, r) == [] and blocking(venue.obstacles, north_of, r) == []
