import pytest
from shapely.geometry import LineString, box

from choreo.check import check
from choreo.check.architecture import penetration_intervals
from tests.check.conftest import make_choreo, step


def _obstacle_hits(ch):
    return [v for v in check(ch) if v.rule == "obstacle"]


def test_path_through_a_pillar_fails_with_the_exact_interval():
    # east along y = 12 through the 西楹 (x −8.5…−7.5) at 1 尺/s from x = −20 (t=0) to x = 0 (t=20):
    # the disc (r = 1) touches the square from x = −9.5 to x = −6.5 → t = 10.5 … 13.5
    ch = make_choreo({"賓": [[0, -20, 12, 90], [20, 0, 12, 90]]}, steps=[step("s1", 0, 20)])
    (v,) = _obstacle_hits(ch)
    assert v.figures == ("賓",) and v.measured["obstacle"] == "西楹"
    assert (v.t, v.t_end) == pytest.approx((10.5, 13.5))
    assert v.measured["min_distance"] == 0.0 and "passes through" in v.detail


def test_path_round_the_pillar_is_clear_and_grazing_is_exact():
    ch = make_choreo({"賓": [[0, -20, 14, 90], [20, 0, 14, 90]]})  # 1.5 尺 north of the square
    assert not _obstacle_hits(ch)
    # along x + y = c with c = 5 + 0.5·√2, NE of the square's corner (−7.5, 12.5): the corner is
    # 0.5 尺 from the line. The disc (r=1) enters the band y < 13.5 above the north edge at
    # x = c − 13.5 and leaves the band x < −6.5 beside the east edge at x = −6.5; x = t − 12.
    c = 5 + 0.5 * 2 ** 0.5
    ch = make_choreo({"賓": [[0, -12, c + 12, 135], [10, -2, c + 2, 135]]})
    (v,) = _obstacle_hits(ch)
    assert v.measured["min_distance"] == pytest.approx(0.5)
    assert (v.t, v.t_end) == pytest.approx((c - 13.5 + 12, -6.5 + 12))


def test_capsule_interval_at_a_corner_matches_the_circle():
    # moving along y = 13 past a unit square [0,1]²: the corner (1,1) disc of radius 2.5 is met where
    # (x−1)² + 12² < 2.5² — never; along y = 2: (x−1)² + 1 < 6.25 ⇔ |x−1| < sqrt(5.25)
    sq = box(0, 0, 1, 1)
    assert penetration_intervals((-10, 13), (10, 13), sq, 2.5) == []
    (iv,) = penetration_intervals((-10, 2), (10, 2), sq, 2.5)
    x_in, x_out = -10 + 20 * iv[0], -10 + 20 * iv[1]
    assert x_in == pytest.approx(0 - 5.25 ** 0.5) and x_out == pytest.approx(1 + 5.25 ** 0.5)


def test_stepping_off_the_tang_edge_fails_but_the_stairs_are_open():
    # walking south off the 堂 at x = 0 (no 階 there)
    ch = make_choreo({"司馬": [[0, 0, 5, 180], [10, 0, -5, 180]]})
    (v,) = _obstacle_hits(ch)
    assert v.measured["obstacle"] == "堂廉" and (v.t, v.t_end) == pytest.approx((4.0, 6.0))
    # down the middle of the 西階 (x = −12, 1.5 尺 from each side): nothing
    ch = make_choreo({"司馬": [[0, -12, 5, 180], [10, -12, -5, 180]]})
    assert not _obstacle_hits(ch)


def test_standing_inside_an_obstacle_after_the_last_sample_counts_to_the_end():
    ch = make_choreo({"獲者": [[0, -8, 8, 0], [4, -8, 12, 0]]}, steps=[step("s1", 0, 10)])
    (v,) = _obstacle_hits(ch)
    assert v.t == pytest.approx(2.5) and v.t_end == pytest.approx(10.0)


def test_line_obstacle_interval_is_exact():
    wall = LineString([(0, -5), (0, 5)])
    (iv,) = penetration_intervals((-10, 0), (10, 0), wall, 1.0)
    assert iv == pytest.approx((0.45, 0.55))


def test_standing_still_too_close_to_a_pillar_is_caught():
    # Two samples at the same place (a figure waiting): the swept segment has no length, and GEOS
    # finds a zero-length line near nothing — the standing figure must still be reported.
    ch = make_choreo({"賓": [[0, -9.2, 12, 90], [6, -9.2, 12, 90], [8, -20, 12, 270]]}, steps=[step("s1", 0, 8)])
    (v,) = _obstacle_hits(ch)
    assert v.measured["obstacle"] == "西楹"
    assert v.t == pytest.approx(0.0) and v.measured["min_distance"] == pytest.approx(0.7)
