"""Every form of the place grammar, in both venues."""

import math

import pytest

from stage.errors import StageError
from stage.relations import Place, resolve


def lm(venue, name):
    return venue.landmarks[name]


def test_bare_name_and_position(venue):
    place = resolve(venue, "中")
    assert place == Place(lm(venue, "中").x, lm(venue, "中").y, 90.0, "中", "")
    assert resolve(venue, "司射", positions={"司射": (1.0, -2.0)}).point == (1.0, -2.0)


@pytest.mark.parametrize("word,dx,dy", [("東", 1, 0), ("西", -1, 0), ("南", 0, -1), ("北", 0, 1)])
def test_cardinal_relations(venue, word, dx, dy):
    off = venue.param("relation_offset")
    pillar = lm(venue, "西楹")
    place = resolve(venue, f"西楹之{word}")
    assert place.point == (pillar.x + dx * off, pillar.y + dy * off)
    assert place.facing is None and place.anchor == "西楹" and place.relation == f"之{word}"
    assert resolve(venue, f"西楹之{word}", offset=5).point == (pillar.x + dx * 5, pillar.y + dy * 5)


@pytest.mark.parametrize("word,sx,sy", [("東南", 1, -1), ("西南", -1, -1), ("東北", 1, 1), ("西北", -1, 1)])
def test_diagonal_relations(venue, word, sx, sy):
    place = resolve(venue, f"中之{word}", offset=6)
    zhong = lm(venue, "中")
    assert math.dist(place.point, zhong.point) == pytest.approx(6)
    assert (place.x - zhong.x) * sx > 0 and (place.y - zhong.y) * sy > 0


def test_relation_without_zhi_and_of_a_figure(venue):
    # 「釋獲者東面于中西坐」〔000〕
    assert resolve(venue, "中西").point == resolve(venue, "中之西").point
    assert resolve(venue, "堂西").anchor == "堂西"  # the landmark wins over 堂 + 西
    place = resolve(venue, "司射之南", positions={"司射": (0.0, 0.0)}, offset=2)
    assert place.point == (0.0, -2.0) and place.anchor == "司射"


def test_dang(venue):
    stair = lm(venue, "西階")
    place = resolve(venue, "當階")  # 「當階，北面揖」〔000〕: the 西階
    assert place.point == (stair.x, stair.y - venue.param("approach"))
    assert place.facing == 0.0 and place.anchor == "西階"
    east = resolve(venue, "當上耦", positions={"上耦": (-30.0, -40.0)}, side="east", offset=4)
    assert east.point == (-26.0, -40.0) and east.facing == 270.0  # facing the 上耦: 西面
    fu = resolve(venue, "當楅")
    assert fu.x == lm(venue, "楅").x and fu.y < lm(venue, "楅").y and fu.facing == 0.0


def test_front_top_foot(venue):
    stair = lm(venue, "西階")
    assert resolve(venue, "西階上").anchor == "西階上"  # its own landmark wins
    assert resolve(venue, "阼階上").point == lm(venue, "阼階上").point
    assert resolve(venue, "西階下").point == stair.point
    assert resolve(venue, "西階.top").point == stair.top
    assert resolve(venue, "階前").anchor == "階前"
    feng = lm(venue, "豐")
    assert resolve(venue, "豐上").point == feng.point
    assert resolve(venue, "豐下").y < feng.y  # 敖 「丰下丰下之南」〔001〕
    assert resolve(venue, "楅前").y < lm(venue, "楅").y


def test_between_end_inside_outside(venue):
    mid = resolve(venue, "楹間")
    assert mid.point == (0.0, lm(venue, "西楹").y) and mid.relation == "間"
    assert resolve(venue, "階間").point == lm(venue, "階間").point
    assert resolve(venue, "物間").x == pytest.approx((lm(venue, "上物").x + lm(venue, "下物").x) / 2)
    assert resolve(venue, "序端").anchor == "序端"
    end = resolve(venue, "東序端")
    assert end.x == lm(venue, "東序").x and end.y == pytest.approx(lm(venue, "東序").y)
    pillar = lm(venue, "西楹")
    assert resolve(venue, "西楹內").y > pillar.y and resolve(venue, "西楹外").y < pillar.y
    assert resolve(venue, "楹內").anchor == "西楹"


def test_unknown_names_suggest(venue):
    with pytest.raises(StageError) as info:
        resolve(venue, "西盈之南")
    assert info.value.message == "unknown landmark '西盈'" and info.value.suggestion == "西楹"
    with pytest.raises(StageError) as info:
        resolve(venue, "當司射住")
    assert info.value.message == "unknown landmark '司射住'" and info.value.suggestion == "司射位"
    with pytest.raises(StageError) as info:
        resolve(venue, "司躬之西", positions={"司射": (0.0, 0.0)})
    assert info.value.suggestion == "司射"
    with pytest.raises(StageError, match="not a 階"):
        resolve(venue, "中.top")


def test_rank_slots(venue):
    file_ = lm(venue, "射位一")
    first, third = resolve(venue, "射位一[1]"), resolve(venue, "射位一[3]")
    assert first.point == file_.point and first.facing == 90.0
    assert third.point == pytest.approx(file_.slot(2)) and third.relation == "slot 3"
    with pytest.raises(StageError, match="count from 1"):
        resolve(venue, "射位一[0]")
    with pytest.raises(StageError, match="not a rank"):
        resolve(venue, "中[2]")
    with pytest.raises(StageError) as info:
        resolve(venue, "射位三[1]")
    assert info.value.message == "unknown landmark '射位三'"
