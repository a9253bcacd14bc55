"""The crossing behind the first down (敖's 降 with 少右 / 少左, 「不胜者若下射也则旣降而少右上射则少左」〔001〕) is timed by
the venue's ``stair_cross_treads``, not by a number in the verbs: changing it in a venue file moves the
follower's setting off, and a value the planner cannot use is refused at its place in the file."""

import shutil
import textwrap
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script
from stage.errors import StageError
from stage.loader import load_venue, venues_dir

E09 = scripts_dir() / "xiangshe" / "e09-yin-busheng.yaml"
# (the step of the pair's going down, the follower who crosses behind the first: the winner, a 下射)
DESCENTS = (("d1d", "上耦下射"), ("d2d", "次耦下射"), ("d3d", "下耦下射"))


def _venue_over_xie(tmp_path, value):
    for name in ("_common.yaml", "xie.yaml"):
        shutil.copy(venues_dir() / name, tmp_path / name)
    path = tmp_path / "other.yaml"
    path.write_text(textwrap.dedent(f"""\
        venue: other
        extends: xie.yaml
        params:
          stair_cross_treads: {{value: {value}, choice: c}}
        """), encoding="utf-8")
    return path


@cache
def _e09_left_ao(venue):
    return plan(parse_script(E09), venue=str(venue), reading="ao", options=("left-wins",))


def _sets_off(ch, figure, step_id):
    """When he first moves in the step (from his place at the head of the 階)."""
    t0 = ch.step(step_id).t0
    samples = ch.tracks[figure].samples
    return next(a[0] for a, b in pairwise(samples) if b[0] > t0 and (a[1], a[2]) != (b[1], b[2]))


def test_the_bundled_halls_read_it_from_the_venue_file():
    for key in ("xie", "xiang", "dashe"):
        param = load_venue(key).params["stair_cross_treads"]
        assert param.value == 3.5 and param.provenance.choice


def test_the_follower_sets_off_later_by_the_treads_taken_off(tmp_path):
    """One tread-time less (3.5 → 2.5) and the winner, who comes down on the other side behind the loser, leaves
    the head of the 階 one stair_step_time later in each pair's descent; nothing else of the venue changed."""
    bundled = _e09_left_ao("xie")
    fewer = _e09_left_ao(_venue_over_xie(tmp_path, 2.5))
    dt = bundled.venue.params["stair_step_time"].value
    for step_id, follower in DESCENTS:
        later = _sets_off(fewer, follower, step_id) - _sets_off(bundled, follower, step_id)
        # the steps before the descent are planned alike, so the difference is the crossing's alone
        assert fewer.step(step_id).t0 == pytest.approx(bundled.step(step_id).t0)
        assert later == pytest.approx(dt, abs=1e-6), f"{step_id}: {later:.2f} s later, not {dt}"


@pytest.mark.parametrize(("value", "message", "col"), [
    ("-1", "bad value for parameter 'stair_cross_treads': must lie between 0 and 20, not -1", 31),
    ("[3]", "bad value for parameter 'stair_cross_treads': expected a number or an expression", 31),
])
def test_a_value_the_planner_cannot_use_is_refused_where_it_is_written(tmp_path, value, message, col):
    path = _venue_over_xie(tmp_path, value)
    with pytest.raises(StageError) as info:
        load_venue(path)
    err = info.value
    assert err.message == message
    assert str(err.location) == f"{path}:4:{col}"


def test_a_venue_without_it_is_incomplete(tmp_path):
    path = tmp_path / "bare.yaml"
    text = (Path(__file__).parent.parent / "venues" / "santai.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("  stair_cross_treads:", "  # stair_cross_treads:"), encoding="utf-8")
    with pytest.raises(StageError) as info:
        load_venue(path)
    assert info.value.message == "venue santai lacks the parameter 'stair_cross_treads' (the planner needs it)"
