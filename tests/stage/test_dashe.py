"""The 大射's court (assets/venues/dashe.yaml): the places seed 003 names, the three 侯 with their 乏 and
綱, the 次; every landmark cited or marked a choice; the loader's removal (~), tents and cords."""

import math

import imageio.v3 as iio
import pytest
from shapely.geometry import Point

from choreo.cli import main
from choreo.render.style import PLAN
from stage.errors import StageError
from stage.loader import load_venue
from stage.sources import NOT_IN_SEEDS, check_quotations, provenance_rows
from stage.vocabulary import CORD_LOOSED, CORD_TIED
from tests.stage.test_loader_errors import error_of, venue_over_common

HOU = ("大侯", "參侯", "干侯")


@pytest.fixture(scope="module")
def dashe():
    return load_venue("dashe")


def at(venue, name):
    name = venue.aliases.get(name, name) if name not in venue.landmarks else name
    return venue.landmarks[name]


def test_every_landmark_and_param_is_cited_or_a_choice_and_every_quotation_checks(dashe):
    rows = provenance_rows(dashe)
    assert {r[0] for r in rows} == set(dashe.landmarks)
    assert [n for n, p in dashe.params.items() if not (p.provenance.source or p.provenance.choice)] == []
    text = "\n".join(r[5] for r in rows) + "\n".join(p.provenance.source or "" for p in dashe.params.values())
    assert text.count("〔003〕") > 40 and check_quotations(text) == []


def test_three_hou_on_the_axis_at_their_received_distances_with_their_fa(dashe):
    wu = at(dashe, "物間")
    got = {h: round(wu.y - at(dashe, h).y) for h in HOU}
    assert got == {"大侯": 540, "參侯": 420, "干侯": 300}  # 90, 70, 50 貍步 of 6 尺
    for h in HOU:
        hou, fa = at(dashe, h), at(dashe, f"{h}之乏")
        assert hou.kind == "target" and hou.x == wu.x and hou.facing == 0.0
        assert (hou.x - fa.x, fa.y - hou.y) == pytest.approx((60.0, 60.0))  # 「西十、北十」
        assert NOT_IN_SEEDS in hou.provenance.source and NOT_IN_SEEDS in fa.provenance.source
    widths = [at(dashe, h).parts[0] for h in HOU]
    assert widths == sorted(widths, reverse=True) == pytest.approx([72.0, 56.0, 40.0])
    assert "侯" not in dashe.landmarks and dashe.aliases["侯"] == "干侯" and dashe.aliases["乏"] == "干侯之乏"
    assert {"大侯", "參侯", "干侯"} <= {ob.name for ob in dashe.obstacles}


def test_each_hou_has_four_cords_tied_and_the_left_lower_one_is_west(dashe):
    cords = {lm.name: lm for lm in dashe.landmarks_of("cord")}
    assert len(cords) == 12 and {c.state for c in cords.values()} == {CORD_TIED}
    for h in HOU:
        left, right = cords[f"{h}左下綱"], cords[f"{h}右下綱"]
        assert left.geometry.bounds[2] < at(dashe, h).x < right.geometry.bounds[0]  # the 侯 faces north: left is west
        ends = ("左個", "右個") if h == "干侯" else (f"{h}左個", f"{h}右個")
        assert left.x < at(dashe, ends[0]).x and right.x > at(dashe, ends[1]).x  # the posts beyond the ends
    assert not any(ob.name in cords for ob in dashe.obstacles)


def test_the_places_of_the_banquet(dashe):
    lm = lambda n: at(dashe, n)  # noqa: E731
    # 「司馬正升自西階，東楹之東，北面告于公」〔003〕, then 「[適]西階上，北面告于賓」
    assert lm("東楹之東").x > lm("東楹").x and lm("東楹之東").facing == 0.0
    assert lm("西階上").facing == 0.0 and lm("西階上").x == lm("西階").x
    # the 公 above the 阼階; 「公降一等」 leaves him on the top 等 of the 阼階
    seat, down, stair = lm("公席"), lm("公降一等"), lm("阼階")
    assert seat.kind == "seat" and seat.x > stair.x - 3 and seat.y > 0
    assert stair.steps == 7 and stair.geometry.contains(Point(down.point)) and down.point == stair.top
    # 「士既獻者立于東方，西面，北上」: a file facing west, the first at the north, east of the 洗
    east = lm("東方")
    assert east.facing == 270.0 and east.slot(1)[1] < east.slot(0)[1] and east.x > lm("洗").x
    # 「薦司正與射人于觯南，北面，東上」: the 司正 east, the 射人 west of him
    south = lm("觶南")
    assert south.facing == 0.0 and south.slot(1)[0] < south.slot(0)[0]
    # 「賓、諸公、卿皆入門，東面，北上」 (疏 「謂在西階下」): west of the 西階's foot
    below = lm("西階下")
    assert below.facing == 90.0 and below.x < lm("西階").geometry.bounds[0] and below.slot(1)[1] < below.y
    # 鄭 「門東北面位」: inside the 門 on its east, facing north; the 從者 wait outside
    gate, east_gate = lm("門"), lm("門東北面")
    assert east_gate.x > gate.x and east_gate.y > gate.y and east_gate.facing == 0.0
    assert lm("從者位").y < gate.y and lm("門外").y < gate.y
    assert lm("西序端").name == "序端"
    # the 公's 物 is the 下物 (east), the 賓's the 上物
    assert lm("公物").x > lm("賓物").x and lm("公之物").point == lm("下物").point


def test_the_ci_is_a_screened_place_one_walks_into(dashe):
    ci = at(dashe, "次")
    assert ci.kind == "tent" and ci.geometry.area == pytest.approx(120.0)
    assert not any(ob.name == "次" for ob in dashe.obstacles)
    assert dashe.walkable["庭"].contains(ci.geometry)
    assert ci.geometry.contains(Point(at(dashe, "有司位").point))
    assert not ci.geometry.contains(Point(at(dashe, "次前").point))


def test_objects_of_the_rite_are_placed(dashe):
    for name in ("尊", "公尊", "士旅食之尊", "篚", "洗", "楅", "中", "豐"):
        assert at(dashe, name).kind == "object", name
    assert dashe.options["zhong"] == "皮樹中"
    assert at(dashe, "中").point == (at(dashe, "西序").x, at(dashe, "楅").y)


def test_plan_png_shows_the_three_hou_the_ci_and_the_cords(tmp_path):
    png = tmp_path / "dashe.png"
    assert main(["plan", "--venue", "dashe", "-o", str(png), "--size", "1280x720"]) == 0
    img = iio.imread(png)
    assert img.shape == (720, 1280, 3)
    colours = {tuple(c) for c in img.reshape(-1, 3)}
    for style in ("tent", "cord", "target", "target-centre"):
        assert PLAN[style] in colours, style
    svg = tmp_path / "dashe.svg"
    assert main(["plan", "--venue", "dashe", "-o", str(svg), "--size", "1280x720"]) == 0
    text = svg.read_text(encoding="utf-8")
    for name in ("大侯", "參侯", "干侯", "次", "公席", "東方"):
        assert f">{name}<" in text, name


def test_sources_lists_every_landmark(capsys):
    assert main(["plan", "--venue", "dashe", "--sources"]) == 0
    out = capsys.readouterr().out
    venue = load_venue("dashe")
    names = {line.split()[0] for line in out.splitlines()[3:] if line and not line.startswith(" ")}
    assert set(venue.landmarks) <= names


# --- the loader's new words ------------------------------------------------------------------------

def test_a_removed_entry_is_gone_and_removing_what_is_not_there_is_an_error(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          眾賓席: ~
        """)
    assert "眾賓席" not in load_venue(path).landmarks
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          眾賓蓆: ~
        """)
    err = error_of(path)
    assert err.message == "landmark '眾賓蓆' is removed (~), but no base file has it"
    assert str(err.location) == f"{path}:8:3" and err.suggestion == "眾賓席"


def test_a_cord_needs_a_known_state_and_only_a_cord_has_one(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          綱: {kind: cord, x: 0, y: -300, line: [[0, -300], [5, -300]], state: 結, choice: c}
        """)
    err = error_of(path)
    assert err.message == f"bad value for 綱.state: a cord is {CORD_TIED} or {CORD_LOOSED}, not '結'"
    assert str(err.location) == f"{path}:8:71"  # at the 結
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, state: 解, choice: c}
        """)
    assert error_of(path).message == "landmark '物間' has a state, but only a cord has one"
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          綱: {kind: cord, x: 0, y: -300, line: [[0, -300], [5, -300]], choice: c}
        """)
    assert error_of(path).message == "landmark '綱' of kind 'cord' has no 'state'"


def test_dashe_is_bundled():
    with pytest.raises(StageError) as info:
        load_venue("dash")
    assert info.value.suggestion == "dashe"
    assert math.isclose(load_venue("dashe").param("階等"), 7)


def test_each_rite_is_offered_its_own_venues():
    """`choreo check --all-venues` and the viewer's venue switch: the 鄉射's scripts go to its two halls,
    the 大射's to the court (the venues' `seeds` option)."""
    from stage.loader import venues_for_seed

    assert venues_for_seed("000_95d0325316e9e0f8.txt") == venues_for_seed("002") == ["xiang", "xie"]
    assert venues_for_seed("003") == ["dashe"]
    assert venues_for_seed(None) == ["dashe", "xiang", "xie"]
