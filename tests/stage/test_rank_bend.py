"""The 堂西 rank holds what its room allows and goes on in a file facing east, the first at the north
(「若有東面者，則北上」〔000〕, 疏 「若多不受，則西邊東面，北上」〔000〕): read from the venue's data."""

import pytest

from stage.relations import resolve
from tests.stage.test_loader_errors import error_of, venue_over_common


def test_the_tangxi_rank_holds_eleven_then_turns_south_into_an_east_facing_file(venue):
    rank, court = venue.landmarks["堂西位"], venue.landmarks["庭"].geometry.bounds
    if venue.key == "dashe":
        pytest.skip("the 大射's court is wider: its rank holds more (checked by the same data, not asserted here)")
    assert rank.rank_holds == 11
    last = rank.slot(10)
    assert last[0] - venue.param("body_radius") >= court[0] and last[0] - rank.rank_spacing < court[0]
    file_ = [resolve(venue, f"堂西位[{k}]") for k in range(12, 16)]
    assert all(p.facing == 90.0 for p in file_)  # 東面
    assert all(p.x == pytest.approx(last[0]) for p in file_)  # on the west side, below the rank's last place
    ys = [p.y for p in file_]
    assert ys == sorted(ys, reverse=True) and ys[0] == pytest.approx(last[1] - rank.rank_spacing)  # 北上
    assert resolve(venue, "堂西位[11]").facing == 180.0  # the rank itself faces south


def test_a_bend_needs_all_three_fields_and_a_rank(tmp_path):
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          新位: {kind: rank, x: 0, y: -10, facing: 南面, rank_bearing: 270, rank_spacing: 3, rank_room: 6,
                 rank_bend: 180, choice: c}
        """)
    err = error_of(path)
    assert err.message == "landmark '新位' bends (rank_room, rank_bend), but it has no 'rank_bend_facing'"
    assert str(err.location) == f"{path}:8:82"
    path = venue_over_common(tmp_path, """
        landmarks:
          物間: {x: 0, y: 棟.y, choice: c}
          新位: {x: 0, y: -10, rank_room: 6, rank_bend: 180, rank_bend_facing: 東面, choice: c}
        """)
    assert error_of(path).message.endswith("but only a rank bends")
