"""The banquet after the 大射 (assets/scripts/dashe/banquet.yaml, seed 003 §e.14.13–21), planned in the
court: where the text puts the 司馬正, the 士 once toasted, the 大夫 and the 公, and what the reading 經文
changes."""

import math
from functools import cache

import pytest
from shapely.geometry import Point

from choreo.errors import PlanError
from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script

BANQUET = scripts_dir() / "dashe" / "banquet.yaml"
SHI = ["士長", "士2", "士3", "士4", "士5"]


@cache
def feast(reading="zheng"):
    return plan(parse_script(BANQUET), reading=reading)


def end(ch, figure, step_id):
    return ch.pose_at(figure, ch.step(step_id).t1)


def bearing(pose):
    return pose.bearing % 360


def test_the_sima_zheng_reports_east_of_the_east_pillar_then_at_the_west_stair_facing_north():
    ch = feast()
    pillar, stair = ch.venue.landmark("東楹"), ch.venue.landmark("西階")
    first = end(ch, "司馬正", "e1414.s01")  # 「司馬正升自西階，東楹之東，北面告于公」
    assert first.x > pillar.x and abs(first.y - pillar.y) < 1.0 and bearing(first) == pytest.approx(0.0)
    assert [e.kind for e in ch.events if e.figure == "司馬正" and e.step == "e1414.s01"][-1] == "告"
    then = end(ch, "司馬正", "e1414.s03")  # 「遂[適]西階上，北面告于賓」
    assert abs(then.x - stair.x) < 1.0 and 0 < then.y < 4 and bearing(then) == pytest.approx(0.0)


def test_each_shi_once_toasted_stands_in_the_east_facing_west_the_earlier_further_north():
    ch = feast()
    toasts = sorted((e.t, e.detail) for e in ch.events if e.kind == "獻" and e.detail in SHI)
    order = [name for _, name in toasts]
    assert order == SHI  # each toasted once, the 士長 first
    t = ch.step("e1418.s09").t1  # 「士既獻者立于東方，西面，北上」
    poses = [ch.pose_at(name, t) for name in order]
    xi = ch.venue.landmark("洗")
    assert all(p.x > xi.x and bearing(p) == pytest.approx(270.0) for p in poses)
    ys = [p.y for p in poses]
    assert ys == sorted(ys, reverse=True) and len(set(round(y, 3) for y in ys)) == len(ys)
    # and each went there as soon as he was toasted: the first stands in the east before the last is toasted
    first = ch.pose_at(order[0], toasts[-1][0])
    assert math.dist((first.x, first.y), (poses[0].x, poses[0].y)) < 0.5


def test_the_zu_go_out_of_the_gate_and_the_dafu_stand_inside_it_on_the_east():
    ch = feast()
    gate = ch.venue.landmark("門")
    s05 = ch.step("e1414.s05")
    samples = ch.tracks["obj.俎賓"].samples
    last = samples[samples[:, 0] <= s05.t1][-1]
    assert last[2] < gate.y  # carried out to the 從者 (「授從者于門外」), outside the picture
    assert ch.pose_at("obj.俎賓", s05.t1) is None
    assert ch.tracks["賓"].absent  # outside the picture while out
    for name in ("大夫1", "大夫2"):
        p = end(ch, name, "e1414.s06")  # 鄭 「門東北面位」
        # sampled at the step's end (µs) a turn may lack a hair of its last sample's (0.1 ms) facing: 359.998°
        assert p.x > gate.x and gate.y < p.y < gate.y + 10 and abs((bearing(p) + 180) % 360 - 180) < 0.01
    for k, name in enumerate(("賓", "諸公", "卿1", "卿2")):  # 「皆入門，東面，北上」, 疏 「謂在西階下」
        p = end(ch, name, "e1414.s08")
        assert bearing(p) == pytest.approx(90.0) and p.x < ch.venue.landmark("西階").geometry.bounds[0]
        if k:
            assert p.y < end(ch, ("賓", "諸公", "卿1")[k - 1], "e1414.s08").y


def test_the_gong_comes_down_one_step_and_goes_back_up():
    ch = feast()
    stair = ch.venue.landmark("阼階")
    down = end(ch, "公", "e1421.s02")  # 「公降一等，小臣正辭」
    assert stair.geometry.contains(Point(down.x, down.y))
    assert math.dist((down.x, down.y), stair.top) < 0.1  # the top 等, not lower
    assert min(ch.pose_at("公", t).y for t in _times(ch, "e1421.s02")) > stair.top[1] - 0.1
    back = end(ch, "公", "e1421.s03")  # 「公答再拜」 on his mat
    seat = ch.venue.landmark("公席")
    assert math.dist((back.x, back.y), seat.point) < 0.5
    kinds = [e.kind for e in ch.events if e.step == "e1421.s03"]
    assert "再拜稽首" in kinds and "答再拜" in kinds
    below = end(ch, "賓", "e1421.s01")  # 「下拜」: at the foot of the 西階, facing north
    assert below.y < ch.venue.landmark("西階").y and bearing(below) == pytest.approx(0.0)


def _times(ch, step_id, n=40):
    s = ch.step(step_id)
    return [s.t0 + (s.t1 - s.t0) * k / n for k in range(n + 1)]


def test_the_reading_jing_keeps_them_on_their_mats_to_answer():
    """鄭 「興對必降席，敬也」〔003〕 against the 經's bare 「興」 (疏 「經直雲“興”，不言降席」〔003〕)."""
    for reading, leaves in (("zheng", True), ("jing", False)):
        ch = feast(reading)
        mat = ch.venue.landmark("賓席").point
        far = max(math.dist((p.x, p.y), mat) for p in (ch.pose_at("賓", t) for t in _times(ch, "e1416.s07")))
        assert (far > 2.0) is leaves, reading


def test_one_step_down_needs_the_hall(tmp_path):
    script = tmp_path / "bad.yaml"
    script.write_text(
        "title: t\nsource: '003'\nvenue: dashe\nfigures:\n  公: {at: 階前, facing: 北面}\n"
        "steps:\n  - id: s01\n    text: 公降一等，小臣正辭。\n    do:\n      公: [{降一等: 阼階}]\n", encoding="utf-8")
    with pytest.raises(PlanError) as info:
        plan(parse_script(script))
    assert info.value.message == "step s01: 公 cannot 降一等: 公 is not on the 堂: 降一等 goes down one 等 from it"
    assert (info.value.location.line, info.value.location.col) == (10, 11)
