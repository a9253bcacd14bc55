"""choreo.compare: places, facings, order and acts of two readings, step by step; the readings document
and ``choreo check --json`` built on it."""

import json
import re
from pathlib import Path

import pytest

from choreo.cli import main
from choreo.compare import compare, step_difference
from choreo.model import Event
from tests.check.conftest import make_choreo, step

ROOT = Path(__file__).resolve().parents[2]


def _climbs(bin_first: bool, delay: float = 0.0):
    """賓 up the 西階 and 主人 up the 阼階 (4 s each), one setting off 3 s after the other."""
    t_bin, t_host = (0.0, 3.0) if bin_first else (3.0, 0.0)
    tracks = {"賓": [[delay, -12, -8, 0], [delay + t_bin, -12, -8, 0], [delay + t_bin + 4, -12, 0, 0]],
              "主人": [[delay, 12, -8, 0], [delay + t_host, 12, -8, 0], [delay + t_host + 4, 12, 0, 0]]}
    return tracks, [step("b3c", delay, delay + 8, "升堂揖。", ["賓", "主人"])]


def test_who_goes_up_first_is_an_order_difference_naming_the_first_under_each_reading():
    a = make_choreo(*_climbs(True), reading="zheng")
    b = make_choreo(*_climbs(False), reading="ao")
    (d,) = compare(a, b)
    climb = [o for o in d.orders if o.what == "climb"]
    assert [(o.figures, o.first) for o in climb] == [(("賓", "主人"), ("賓", "主人"))]
    assert climb[0].lead == pytest.approx((3.0, 3.0))
    assert set(d.differing_figures) == {"賓", "主人"} and d.max_distance == pytest.approx(6.0)


def test_the_same_step_later_or_one_figure_leading_by_less_than_a_tick_is_no_difference():
    a = make_choreo(*_climbs(True), reading="zheng")
    assert compare(a, make_choreo(*_climbs(True, delay=20.0), reading="ao")) == ()
    near = make_choreo({"賓": [[0, -12, -8, 0], [4, -12, 0, 0]], "主人": [[0, 12, -8, 0], [0.1, 12, -8, 0],
                                                                        [4.1, 12, 0, 0]]},
                       [step("b3c", 0, 8, "", ["賓", "主人"])])
    swapped = make_choreo({"賓": [[0, -12, -8, 0], [0.1, -12, -8, 0], [4.1, -12, 0, 0]],
                           "主人": [[0, 12, -8, 0], [4, 12, 0, 0]]}, [step("b3c", 0, 8, "", ["賓", "主人"])])
    assert step_difference(near, swapped, "b3c").orders == ()  # 0.1 s apart: at once, under both


def test_a_turn_in_place_and_an_act_done_in_another_step_are_reported_without_a_place():
    steps = [step("s1", 0, 5, "", ["釋獲者"]), step("s2", 5, 10, "", ["釋獲者"])]
    a = make_choreo({"釋獲者": [[0, 0, -30, 90], [10, 0, -30, 90]]}, steps,
                    events=[Event(1, "釋獲者", "坐", "s1"), Event(2, "釋獲者", "興", "s1")])
    b = make_choreo({"釋獲者": [[0, 0, -30, 90], [4, 0, -30, 0], [10, 0, -30, 0]]}, steps,
                    events=[Event(6, "釋獲者", "坐", "s2"), Event(7, "釋獲者", "興", "s2")], reading="ao")
    d1, d2 = compare(a, b)
    (f,) = d1.figures
    assert not f.moved and f.turned and f.bearings == (90.0, 0.0)
    assert d1.acts == (("釋獲者", ("坐", "興"), ()),) and d2.acts == (("釋獲者", (), ("坐", "興")),)
    assert [g.turned for g in d2.figures] == [True]  # still facing north at the end of s2 under ao
    assert step_difference(a, b, "s3").in_a is False


def test_check_json_carries_the_ascent_order_of_the_bin_and_the_host_under_ao(capsys):
    assert main(["check", "xiangshe/e06-second-round", "--reading", "zheng", "--reading", "ao", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    steps = {d["step"]: d for d in doc["comparisons"][0]["differing_steps"]}
    ups = [o for o in steps["b3c"]["orders"] if o["what"] == "climb"]
    assert [o["first"] for o in ups] == [{"zheng": "賓", "ao": "主人"}]
    downs = [o for o in steps["b6b"]["orders"] if o["what"] == "descend"]
    assert [o["first"] for o in downs] == [{"zheng": "賓", "ao": "主人"}]
    # 敖's refill of the 中 moves the 釋獲者's 坐、興 into the next pair's ascent
    assert {"reading": "ao", "figure": "釋獲者", "events": {"zheng": [], "ao": ["坐", "興"]}} in steps["s18"]["acts"]
    # and the 算 he lays for each hit lie otherwise (敖 「每释一算亦缩之」〔001〕): reported with the words for each
    assert steps["s12"]["laid"] == [{"reading": "ao", "laid": {"zheng": "5 算 橫", "ao": "5 算 縮"}}]


READINGS = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")  # equal to a fresh render (test_bundled)


def _entry(quote: str, step: str = "") -> str:
    """The readings document's entry (its bullet, with the clause heading it) whose note quotes ``quote``."""
    (found,) = [e for e in READINGS.split("\n- ")[1:] if quote in e.split("\n")[1] and step in e.split("\n")[0]]
    return found


def test_a_note_is_under_the_clause_it_changes_not_the_step_it_is_moved_into():
    refill = _entry("此一节在于次耦升而将射之时也")
    heading = refill.split("\n")[0]
    assert "又取中之八算，改實八算于中" in heading and "及階，耦先升" not in heading
    assert "d3 「及階，耦先升。」" in refill.split("\n")[2]  # named as where it is done instead
    added = _entry("执爵者之升似当在上耦未升饮之时立于序端以俟之也")
    assert added.startswith("**z0** 「有執爵者」") and "司射先反位" not in added.split("\n")[0]


def test_the_ascent_order_reading_says_who_goes_up_first_under_each():
    order = _entry("凡耦之升降皆上射先而下射后", "**b3c**")
    assert "賓 goes up first under zheng (by 3.0 s), 主人 under ao" in order
    assert "賓 goes down first under zheng" in order and "no measurable change" not in READINGS


def test_a_step_changed_for_two_reasons_shows_each_under_its_own_note():
    """The refill of the 中 done under 敖 as the 賓 and the 主人 go up is its own entry's, not the ascent order's."""
    order = _entry("凡耦之升降皆上射先而下射后", "**b3c**")
    assert "replaces the actions of: 賓、主人;" in order and "釋獲者" not in order
    refill = _entry("此一节在于次耦升而将射之时也")
    assert "b3b 「階下揖，」" in refill.split("\n")[2]
    # and the 算 of e.6, counted in e.8, are measured in the whole rite where the passage alone has none
    count = _entry("下谓委之西横之者冝变于上纯自二以上则亦毎纯异之以次而西此横者亦南末也")
    assert "(in the whole rite, `xiangshe/full.yaml` e8.s06)" in count
    assert "5 純 橫 one by one under ao, 5 純 橫 together under zheng" in count


def test_section_references_link_to_headings_of_the_repository_domain_md():
    domain = (ROOT / "docs" / "domain.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(domain\.md#([^)]+)\)", READINGS)
    assert len(links) >= 10
    slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
             for h in re.findall(r"^#{2,4} +(.*)$", domain, re.M)}
    assert set(links) <= slugs
    assert not re.search(r"(?<!\[)domain\.md §|(?<!domain\.md )§[a-f]\.\d", READINGS)  # every § is a link


def test_an_unknown_section_is_refused():
    from choreo.readings_doc import domain_sections, link_sections
    with pytest.raises(ValueError, match="§f.99 is not a section of docs/domain.md"):
        link_sections("see domain.md §f.99", domain_sections())
