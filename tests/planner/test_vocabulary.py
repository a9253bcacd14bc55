"""One vocabulary of facings and rank places (issue 12): the script parser, the planner, the verbs
and the checker read the same table, so a word one accepts the others accept, and a bad rank place
is refused with the same reason wherever it is written."""

import pytest

from choreo.check import check_report
from choreo.errors import YiliError
from tests.planner.helpers import plan_text

SCRIPT = """
title: t
venue: xie
figures:
  獲者: {{at: 侯之北, facing: 南面}}
steps:
  - id: s01
    text: 獲者負侯
    do:
      獲者: [{do}]
    check:
      - faces: [獲者, {check}]
"""


@pytest.mark.parametrize("do", ["負侯", "{立: 侯之北, 面: 負侯}", "{立: 侯之北, 面: 北面}"])
def test_fuhou_is_a_facing_of_verb_modifier_and_check_alike(do):
    ch = plan_text(SCRIPT.format(do=do, check="負侯"))
    assert ch.pose_at("獲者", ch.steps[-1].t1).bearing == pytest.approx(0.0)
    report = check_report(ch, collisions=False)
    assert report.violations == () and len(report.passes) == 1


@pytest.mark.parametrize("where", ["do", "check"])
def test_a_rank_place_below_one_is_refused_with_one_reason(where):
    do = "{適: '射位一[-1]'}" if where == "do" else "俟"
    check = "'射位一[1]'" if where == "do" else "'射位一[0]'"
    text = SCRIPT.format(do=do, check="北面").replace("faces: [獲者, 北面]", f"at: [獲者, {check}]")
    with pytest.raises(YiliError) as err:
        check_report(plan_text(text), collisions=False)
    assert "count from 1" in err.value.message
