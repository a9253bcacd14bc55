"""The checker against the real venue files (stage.loader) and the relation resolver."""

import pytest

from choreo.check import check_report
from stage.loader import load_venue
from tests.check.conftest import make_choreo, step


def _run(venue, tracks, assertions, t1=10.0):
    ch = make_choreo(tracks, steps=[step("s1", 0, t1, assertions=assertions)], venue=venue)
    return check_report(ch, terms=False)


def test_path_south_of_the_west_pillar_in_the_xie_fails_north_and_hits_nothing():
    xie = load_venue("xie")
    pillar = xie.landmarks["西楹"]
    # from the top of the 西階 east on the 堂, 3 尺 south of the 楹 (由楹外): wrong for the 榭 (鉤楹內)
    y = pillar.y - 3.0
    top = xie.landmarks["西階"].top
    tracks = {"上射": [[0, top[0], top[1] + 1.5, 0], [2, top[0], y, 0], [10, 0.0, y, 90]]}
    rep = _run(xie, tracks, [("passes_north_of", {"figure": "上射", "target": "西楹"}),
                             ("passes_south_of", {"figure": "上射", "target": "西楹"})])
    (bad,), (good,) = rep.by_rule("passes_north_of"), rep.passes
    assert bad.where == pytest.approx((pillar.x, y)) and "3.00 尺 south" in bad.detail
    assert good.rule == "passes_south_of"
    assert not rep.by_rule("obstacle")


@pytest.mark.parametrize("key", ["xie", "xiang"])
def test_walking_through_a_real_pillar_fails(key):
    venue = load_venue(key)
    p = venue.landmarks["西楹"]
    tracks = {"賓": [[0, p.x - 5, p.y, 90], [10, p.x + 5, p.y, 90]]}
    rep = _run(venue, tracks, [])
    assert [v.measured["obstacle"] for v in rep.by_rule("obstacle")] == ["西楹"]


def test_relation_target_resolved_with_the_figures_positions():
    # 由司射之南: the 司射 stands at (0, −30); his 南 is 3 尺 south (venue relation_offset)
    xie = load_venue("xie")
    tracks = {"司射": [[0, 0, -30, 0]], "上耦上射": [[0, -10, -36, 90], [10, 10, -36, 90]]}
    rep = _run(xie, tracks, [("passes_south_of", {"figure": "上耦上射", "target": "司射之南"})])
    (r,) = rep.passes
    assert r.measured["crossings"][0][3] == pytest.approx(-3.0)


def test_checker_never_imports_pygame():
    import subprocess
    import sys
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['imageio'] = None\n"
            "import choreo.check, choreo.commands.check; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
