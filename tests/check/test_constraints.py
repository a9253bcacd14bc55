import pytest

from choreo.check import check_report
from choreo.errors import ScriptError
from tests.check.conftest import make_choreo, step


def _one(ch):
    rep = check_report(ch, collisions=False, terms=False)
    (r,) = rep.violations + rep.passes
    return r


def _pass(tracks, kind, args, t1=10.0):
    return _one(make_choreo(tracks, steps=[step("s1", 0, t1, assertions=[(kind, args)])]))


# 司射 goes east, 司馬 goes west, 4 尺 apart in y
def test_left_to_left_pass_holds_with_its_numbers():
    # 司馬 (going west) north, 司射 (going east) south: each has the other on his left
    r = _pass({"司射": [[0, -10, -2, 90], [10, 10, -2, 90]], "司馬": [[0, 10, 2, 270], [10, -10, 2, 270]]},
              "passes_left", {"figures": ["司射", "司馬"], "max_separation": None})
    assert r.ok and r.measured["separation"] == pytest.approx(4.0) and r.t == pytest.approx(5.0)
    assert "司射 has 司馬 on his left" in r.detail


def test_right_to_right_pass_fails():
    r = _pass({"司射": [[0, -10, 2, 90], [10, 10, 2, 90]], "司馬": [[0, 10, -2, 270], [10, -10, -2, 270]]},
              "passes_left", {"figures": ["司射", "司馬"], "max_separation": None})
    assert not r.ok and "on his right" in r.detail and r.measured["cross_a"] < 0


def test_pass_too_far_apart_fails():
    r = _pass({"司射": [[0, -10, -6, 90], [10, 10, -6, 90]], "司馬": [[0, 10, 6, 270], [10, -10, 6, 270]]},
              "passes_left", {"figures": ["司射", "司馬"], "max_separation": None})
    assert not r.ok and r.measured["separation"] == pytest.approx(12.0) and "never come within 8" in r.detail


def test_path_south_of_the_west_pillar_fails_passes_north_of():
    # 由楹外 (south of the 西楹 at y = 12) where the 榭 asks 鉤楹內 (north)
    south = {"上射": [[0, -12, 1, 90], [4, -12, 10, 90], [10, 0, 10, 90]]}
    r = _pass(south, "passes_north_of", {"figure": "上射", "target": "西楹"})
    assert not r.ok and r.where == pytest.approx((-8.0, 10.0)) and "2.00 尺 south" in r.detail
    north = {"上射": [[0, -12, 1, 0], [4, -12, 14, 0], [10, 0, 14, 90]]}
    r = _pass(north, "passes_north_of", {"figure": "上射", "target": "西楹"})
    assert r.ok and r.measured["crossings"][0][2] == pytest.approx(14.0)


def test_never_crossing_the_meridian_is_said():
    r = _pass({"上射": [[0, -20, 1, 0], [10, -12, 14, 0]]}, "passes_north_of", {"figure": "上射", "target": "西楹"})
    assert not r.ok and "never crosses the meridian" in r.detail


def test_passing_west_of_a_moving_figure():
    # 三耦 go north past the 司射, who walks east slowly: they cross his parallel west of him
    tracks = {"上射": [[0, -6, -10, 0], [10, -6, 10, 0]], "司射": [[0, -4, 0, 90], [10, 0, 0, 90]]}
    r = _pass(tracks, "passes_west_of", {"figure": "上射", "target": "司射"})
    assert r.ok and r.t == pytest.approx(5.0) and r.measured["crossings"][0][3] == pytest.approx(-4.0)


LOOP = [[0, -2, -10, 180], [2, -2, -14, 180], [4, 2, -14, 90], [6, 2, -6, 0], [8, -2, -6, 270], [10, -2, -10, 180]]


def test_around_accepts_a_loop_and_rejects_a_u_turn():
    # 還其後: round the 下射 at (0, −10) in front (south), east side, behind (north): ccw
    tracks = {"司馬": LOOP, "下射": [[0, 0, -10, 180]]}
    r = _pass(tracks, "around", {"figure": "司馬", "target": "下射", "turn": "ccw"})
    assert r.ok and r.measured["winding_degrees"] == pytest.approx(360.0)
    r = _pass(tracks, "around", {"figure": "司馬", "target": "下射", "turn": "cw"})
    assert not r.ok and "asks cw" in r.detail
    uturn = {"司馬": [[0, -2, -10, 180], [2, -2, -14, 180], [4, 2, -14, 90], [6, 2, -10, 0]], "下射": [[0, 0, -10, 180]]}
    r = _pass(uturn, "around", {"figure": "司馬", "target": "下射", "turn": "ccw"})
    assert not r.ok and r.measured["winding_degrees"] == pytest.approx(180.0)


def test_abreast_with_the_named_figure_on_the_left():
    # going east, north is left: 上射 at y = 1.5, 下射 at y = 0
    tracks = {"上射": [[0, 0, 1.5, 90], [10, 10, 1.5, 90]], "下射": [[0, 0, 0, 90], [10, 10, 0, 90]]}
    r = _pass(tracks, "abreast", {"figures": ["上射", "下射"], "left": "上射"})
    assert r.ok and r.measured["lateral_min"] == pytest.approx(1.5)
    r = _pass(tracks, "abreast", {"figures": ["上射", "下射"], "left": "下射"})
    assert not r.ok
    behind = {"上射": [[0, -3, 1.5, 90], [10, 7, 1.5, 90]], "下射": [[0, 0, 0, 90], [10, 10, 0, 90]]}
    r = _pass(behind, "abreast", {"figures": ["上射", "下射"], "left": "上射"})
    assert not r.ok and r.measured["along_max"] == pytest.approx(3.0)


def test_before_with_gap_on_the_stair():
    # 西階: foot (−12, −4), top (−12, 0), 4 等 → 1 尺 per 等. 上射 climbs from t=0 to 4, 下射 from t=2:
    # while both on it the 下射 is 2 等 behind — 中等 (gap 2) holds; starting at t=1 he is only 1 behind.
    up = [[0, -12, -4, 0], [4, -12, 0, 0], [10, -12, 0, 0]]
    ok = {"上射": up, "下射": [[0, -12, -6, 0], [2, -12, -4, 0], [6, -12, 0, 0]]}
    args = {"figures": ["上射", "下射"], "what": "climb", "gap": 2}
    r = _pass(ok, "before", args)
    assert r.ok and r.measured["min_gap"] == pytest.approx(2.0) and r.measured["t_a"] == pytest.approx(0.0)
    assert r.measured["t_b"] == pytest.approx(2.0)
    close = {"上射": up, "下射": [[0, -12, -5, 0], [1, -12, -4, 0], [5, -12, 0, 0]]}
    r = _pass(close, "before", args)
    assert not r.ok and r.measured["min_gap"] == pytest.approx(1.0)
    r = _pass(ok, "before", {"figures": ["下射", "上射"], "what": "climb", "gap": None})
    assert not r.ok


def test_faces_and_at():
    tracks = {"司馬": [[0, 0, -20, 0], [5, -3, -30.5, 0], [6, -3, -30.5, 225 - 360]]}
    r = _pass(tracks, "faces", {"figure": "司馬", "facing": "西南面"})
    assert r.ok and r.measured["bearing"] == pytest.approx(225.0)
    r = _pass(tracks, "faces", {"figure": "司馬", "facing": 180})
    assert not r.ok and r.measured["difference"] == pytest.approx(45.0)
    r = _pass(tracks, "at", {"figure": "司馬", "target": "中"})
    assert not r.ok and r.measured["distance"] == pytest.approx((9 + 0.25) ** 0.5)
    tracks["司馬"][-1][1] = -1.0
    assert _pass(tracks, "at", {"figure": "司馬", "target": "中"}).ok


def test_unknown_figure_or_place_is_a_script_error_with_a_suggestion():
    ch = make_choreo({"司射": [[0, 0, 0, 0]]}, steps=[step("s1", 0, 1, assertions=[("at", {"figure": "司躲", "target": "中"})])])
    with pytest.raises(ScriptError) as e:
        check_report(ch)
    assert "unknown figure '司躲'" in e.value.message and e.value.suggestion == "司射"
    ch = make_choreo({"司射": [[0, 0, 0, 0]]}, steps=[step("s1", 0, 1, assertions=[("at", {"figure": "司射", "target": "阼皆"})])])
    with pytest.raises(ScriptError) as e:
        check_report(ch)
    assert e.value.suggestion == "阼階"
