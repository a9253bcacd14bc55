"""The textual relations of the floor plan hold in both venues (docs/domain.md §b.6, §c.5)."""

import math

import pytest

from stage.loader import REQUIRED_PARAMS, list_venues

REQUIRED = (
    "堂 東序 西序 東楹 西楹 棟 楣 阼階 西階 上物 下物 物間 侯 左個 右個 乏 洗 篚 楅 中 豐 堂西 堂東 門 階間 階前 "
    "階西 堂下西階之東 東榮 西階上 阼階上 序端 尊 賓席 主人席 大夫席 眾賓席 司射位 司馬位 樂正位 大師位 "
    "左個之西北三步 射位一 射位二 堂西位"
).split()


def p(venue, name):
    return venue.landmarks[name].point


def test_bundled_venues_are_listed():
    assert list_venues() == ["dashe", "xiang", "xie"]


def test_every_required_landmark_and_param(venue):
    assert [n for n in REQUIRED if n not in venue.landmarks] == []
    assert [n for n in REQUIRED_PARAMS if n not in venue.params] == []


def test_room_only_in_the_xiang(xie, xiang):
    assert "室" in xiang.landmarks and "東房" in xiang.landmarks
    assert "室" not in xie.landmarks
    assert xie.options["path_past_pillar"] == "鉤楹內" and xiang.options["path_past_pillar"] == "由楹外"
    assert xie.options["zhong"] == "鹿中" and xiang.options["zhong"] == "兕中"


def test_hou_is_300_chi_south_of_the_wu(venue):
    hou, mid = p(venue, "侯"), p(venue, "物間")
    assert mid[1] - hou[1] == pytest.approx(300.0)
    assert hou[0] == pytest.approx(mid[0])
    assert p(venue, "上物")[1] - hou[1] == pytest.approx(300.0)


def test_wu_spacing_order_and_shape(venue):
    up, down = venue.landmarks["上物"], venue.landmarks["下物"]
    assert down.x - up.x == pytest.approx(6.0)  # 上物 = 右物 = west
    assert up.y == down.y
    # the cross: a N–S stroke of 3 尺 and a crossbar of 1.2 尺
    stroke, bar = up.geometry.geoms
    assert stroke.length == pytest.approx(3.0) and bar.length == pytest.approx(1.2)


def test_wu_on_the_dong_in_the_xie(xie):
    assert xie.landmarks["上物"].y == pytest.approx(xie.landmarks["棟"].y)
    assert xie.landmarks["上物"].y > xie.landmarks["西楹"].y  # 鉤楹內: the 物 lie north of the 楹


def test_wu_on_the_mei_between_the_pillars_in_the_xiang(xiang):
    lm = xiang.landmarks
    assert lm["上物"].y == pytest.approx(lm["楣"].y) == pytest.approx(lm["西楹"].y) == pytest.approx(lm["東楹"].y)
    assert lm["西楹"].x < lm["上物"].x < lm["下物"].x < lm["東楹"].x


def test_dong_north_of_mei(venue):
    assert venue.landmarks["棟"].y > venue.landmarks["楣"].y > 0


def test_zhong_fu_xi_xixu_alignment(venue):
    zhong, fu, xi = p(venue, "中"), p(venue, "楅"), p(venue, "洗")
    assert zhong[0] == pytest.approx(venue.landmarks["西序"].x)
    assert zhong[1] == pytest.approx(fu[1]) == pytest.approx(xi[1])
    assert fu[0] == pytest.approx(0.0)  # 中庭
    assert xi[0] == pytest.approx(venue.landmarks["東榮"].x)
    assert xi[1] == pytest.approx(-venue.param("堂深"))
    assert venue.landmarks["中"].facing == 90.0


def test_stairs(venue, xie, xiang):
    lm = venue.landmarks
    assert lm["西階"].x < lm["西楹"].x and lm["阼階"].x > lm["東楹"].x
    assert lm["西階"].kind == "stair" and lm["西階"].top[1] > lm["西階"].y
    assert xie.landmarks["西階"].steps == 3 and xiang.landmarks["阼階"].steps == 5


def test_feng_on_the_hall_west_of_the_pillar_on_the_stair_meridian(venue):
    lm = venue.landmarks
    assert lm["豐"].x < lm["西楹"].x
    assert lm["豐"].x == pytest.approx(lm["西階"].x)
    assert venue.walkable["堂"].contains(venue.landmarks["豐"].geometry or _pt(lm["豐"]))


def _pt(lm):
    from shapely.geometry import Point
    return Point(lm.x, lm.y)


def sw_of(a, b):
    """a lies south-west of b."""
    return a[0] < b[0] and a[1] < b[1]


def test_officers_stations(venue):
    sishe, sima = p(venue, "司射位"), p(venue, "司馬位")
    assert sw_of(sishe, p(venue, "中"))
    assert sima[0] == pytest.approx(sishe[0]) and sima[1] < sishe[1]
    assert sw_of(p(venue, "射位一"), sishe)
    assert sw_of(p(venue, "射位二"), sima)
    tangxi = p(venue, "堂西")
    assert tangxi[0] < sima[0] and tangxi[1] > sima[1]  # 堂西 is NW of the 司馬位
    assert venue.landmarks["司射位"].facing == venue.landmarks["司馬位"].facing == 90.0


def test_files_and_ranks(venue):
    first = venue.landmarks["射位一"]
    assert first.facing == 90.0  # 東面北上: a N–S file, the senior north
    assert first.slot(1)[1] < first.slot(0)[1] and first.slot(1)[0] == pytest.approx(first.x)
    waiting = venue.landmarks["堂西位"]
    assert waiting.facing == 180.0  # 南面東上: a rank extending west
    assert waiting.slot(1)[0] < waiting.slot(0)[0] and waiting.slot(1)[1] == pytest.approx(waiting.y)


def test_fa_position(venue):
    fa, hou = p(venue, "乏"), p(venue, "侯")
    assert fa[1] - hou[1] == pytest.approx(100.0)
    assert hou[0] - fa[0] == pytest.approx(30.0)


def test_ge_sides_and_the_huozhe_drinking_place(venue):
    hou = p(venue, "侯")
    assert p(venue, "左個")[0] == pytest.approx(hou[0] - 20) and p(venue, "右個")[0] == pytest.approx(hou[0] + 20)
    spot, left = p(venue, "左個之西北三步"), p(venue, "左個")
    assert math.dist(spot, left) == pytest.approx(18.0)
    assert spot[0] < left[0] and spot[1] > left[1]  # north-west of the 左個


def test_ao_jiexi_east_of_the_zhong(venue):
    # 敖 「云由中东明于阶西直进也」〔001〕: going straight south from 階西 passes east of the 中
    assert p(venue, "階西")[0] > p(venue, "中")[0]
    assert p(venue, "階西")[0] < venue.landmarks["西階"].geometry.bounds[0]


def test_every_landmark_and_param_has_provenance(venue):
    missing = [n for n, lm in venue.landmarks.items() if not (lm.provenance.source or lm.provenance.choice)]
    missing += [n for n, prm in venue.params.items() if not (prm.provenance.source or prm.provenance.choice)]
    assert missing == []
