"""The bundled 鄉射禮 scripts: verbatim quotations, both venues and readings clean, the text's stations
reached, passages that join up, and the generated readings document up to date."""

import math
import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from choreo.check import check
from choreo.cli import main
from choreo.paths import scripts_dir
from choreo.planner import Planner
from choreo.planning import bundled_scripts, plan
from choreo.readings_doc import render as render_readings
from choreo.script_parser import parse_script
from stage.loader import venues_for_seed
from stage.sources import check_quotations, occurs

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [p for p in bundled_scripts() if "include" not in p.read_text(encoding="utf-8")]
FULL = scripts_dir() / "xiangshe" / "full.yaml"
CLEAN = {n: re.sub(r"\s", "", (ROOT / "seeds" / "clean" / f"{n}.txt").read_text(encoding="utf-8"))
         for n in ("000", "001", "002", "003")}


def _id(path):
    return path.stem


@cache
def full_plan(venue):
    return plan(parse_script(FULL), venue=venue)


# The 經 of a seed with the 注 between its words taken out: 「誘射，（誘猶教也。）將乘矢」 is quoted 「誘射，將乘矢」.
JING = {n: re.sub(r"（[^（）]*）", "", text) for n, text in CLEAN.items()}


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_every_step_quotes_its_clause_verbatim(path):
    """Verbatim from the seed, or from its 經 read without the 注 inside it, or (marked ``restored``) the
    words a garbled span of the seed decodes to, the span itself being in the seed; except a bridge over
    what no seed holds (the third round): its text is the title card saying so, and the step says it is a
    modelling choice."""
    from stage.mojibake import restores_to

    script = parse_script(path)
    for step in script.steps:
        if step.text.endswith("— not in the seeds"):
            assert any(n.startswith("choice:") for n in step.notes), f"{step.id}: a bridge step without a choice: note"
            continue
        text, seed = re.sub(r"\s", "", step.text), step.source[:3]
        assert "?" not in text, f"{step.id}: a character the seed lost is shown as ? (write it [X], restored)"
        if step.restored:
            assert re.sub(r"\s", "", step.restored) in CLEAN[seed], f"{step.id}: span 「{step.restored}」 not in {seed}"
            assert restores_to(step.restored, text), f"{step.id}: 「{step.restored}」 does not restore to 「{step.text}」"
        else:
            # [X]: a character the seed copy lost (stored as ?), restored and shown as restored.
            assert occurs(text, CLEAN[seed]) or occurs(text, JING[seed]), f"{step.id}: 「{step.text}」"


@pytest.mark.parametrize("path", SCRIPTS, ids=_id)
def test_every_quotation_in_the_notes_is_in_the_seeds(path):
    assert check_quotations(path.read_text(encoding="utf-8")) == []


# Each script in every venue of its rite (the venue's ``seeds`` option): the 鄉射's in the 榭 and the 庠, the 大射's
# in the ruler's court.
RITE_VENUES = [(path, venue) for path in SCRIPTS for venue in venues_for_seed(parse_script(path).source[:3])]


@pytest.mark.parametrize("path, venue", RITE_VENUES, ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_plans_clean_in_each_venue_of_its_rite_and_every_reading(path, venue):
    script = parse_script(path)
    # 敖 (001) comments on the 鄉射: its scripts carry his reading; the 大射's have 鄭's only.
    assert set(script.reading_names) >= ({"zheng", "ao"} if script.source[:3] != "003" else {"zheng"})
    assert script.reading_names[0] == "zheng"
    for reading in script.reading_names:
        failures = check(plan(script, venue=venue, reading=reading))
        assert not failures, f"{reading}: " + "; ".join(f"[{v.step}] {v.detail}" for v in failures[:3])


def _near(ch, figure, step_id, place, tolerance=1.5, facing=None):
    from stage.relations import resolve

    step = ch.step(step_id)
    pose = ch.pose_at(figure, step.t1)
    m = re.fullmatch(r"(.+)\[(\d+)\]", place)
    if m:
        x, y = ch.venue.landmark(m.group(1)).slot(int(m.group(2)) - 1)
    else:
        p = resolve(ch.venue, place)
        x, y = p.x, p.y
    assert math.dist((pose.x, pose.y), (x, y)) <= tolerance, f"{figure} not at {place} after {step_id}"
    if facing is not None:
        assert abs((pose.bearing - facing + 180) % 360 - 180) <= 1.0, f"{figure} faces {pose.bearing:.0f}"


ARCHERS = ["上耦上射", "上耦下射", "次耦上射", "次耦下射", "下耦上射", "下耦下射"]


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_the_text_s_stations_are_reached(venue):
    ch = full_plan(venue)
    _near(ch, "司射", "e1.s05", "司射位", facing=90)  # 「司射先立于所設中之西南，東面」
    for k, name in enumerate(ARCHERS, start=1):  # 「立于其西南，東面北上而俟」
        _near(ch, name, "e1.s06", f"射位一[{k}]", facing=90)
    _near(ch, "獲者", "e2.s02", "侯", tolerance=4.0, facing=0)  # 「執旌負侯而俟」
    _near(ch, "上耦上射", "e2.s07", "上物", facing=180)  # 「皆左足履物，還，視侯中」
    _near(ch, "上耦下射", "e2.s07", "下物", facing=180)
    _near(ch, "司馬", "e2.s09", "物間", tolerance=2.5, facing=225)  # 「西南面立于物[間]」
    _near(ch, "獲者", "e2.s10", "乏", tolerance=4.0, facing=90)  # 「以至于乏，坐，東面偃旌」
    _near(ch, "司馬", "e2.s11", "司馬位", facing=90)  # 「反位，立于司射之南」
    for k, name in enumerate(ARCHERS, start=1):  # 「襲而俟于堂西，南面，東上」
        _near(ch, name, "e2.s18", f"堂西位[{k}]", facing=180)
    _near(ch, "獲者", "e3.s03", "侯", tolerance=4.0, facing=0)  # 「以旌負侯而俟」
    for k, name in enumerate(ARCHERS, start=1):  # 「進立于司馬之西南」, 疏 「亦東面北上也」
        _near(ch, name, "e5.s02", f"射位二[{k}]", facing=90)
    _near(ch, "釋獲者", "e6.s09", "中西", tolerance=1.5, facing=90)  # 「釋獲者坐設中 … 東面」


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_passages_join_up_in_the_whole_sequence(venue):
    """Each passage of full.yaml declares its figures where the passage before it leaves them."""
    ch = full_plan(venue)
    sequence = parse_script(FULL)
    parts = [parse_script(FULL.parent / str(p)) for p in _includes()]
    for before, after in zip(parts, parts[1:], strict=False):
        prefix = after.passage.replace(".", "") + "."
        first = next(s for s in ch.steps if s.id.startswith(prefix))
        starts = Planner(after, ch.venue, "zheng")._initial_timelines()
        for name, tl in starts.items():
            if name.startswith("obj.") or name not in sequence.figures:
                continue
            pose = ch.pose_at(name, first.t0)
            if pose is None:  # outside the 門 (the 從者), or not there yet (the 司正 takes over from the 司馬)
                assert ch.tracks[name].absent, f"{after.passage}: {name} is missing"
                continue
            gap = math.dist((pose.x, pose.y), tl.pos)
            assert gap <= 1.5, f"{after.passage}: {name} declared at {after.figures[name].start}, " \
                               f"but {before.passage} leaves him {gap:.1f} 尺 away"


def _includes():
    import yaml

    return yaml.safe_load(FULL.read_text(encoding="utf-8"))["include"]


def test_choreo_list_shows_first_and_last_clause(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for path in SCRIPTS:
        script = parse_script(path)
        assert f"「{script.steps[0].text}」" in out and f"「{script.steps[-1].text}」" in out
    assert "xiangshe/full (default)" in out


def test_the_readings_document_is_up_to_date():
    committed = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")
    assert committed == render_readings(), "docs/readings.md is stale: run python -m choreo.readings_doc"


def test_every_dispute_the_issue_names_has_a_reading():
    """f.1–f.7, f.11 and f.13 (the ones that change places, facings, paths or order) appear as 敖 changes."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in SCRIPTS)
    quoted = {
        "f.1": "兴受算东靣并受也", "f.2": "先设荐俎乃受爵亦变于君礼也", "f.3": "荐俎皆北面设之俎在荐南",
        "f.4": "反位反堂西之位", "f.5": "执爵者之升似当在上耦未升饮之时", "f.6": "主人先而賔后",
        "f.11": "司马降亦由司射之南", "f.13": "就其耦亦由其西而立于其南也",
    }
    missing = [f for f, q in quoted.items() if q not in text]
    assert not missing, f"no reading quotes {missing}"


def test_the_objects_of_the_rite_move_with_those_who_carry_them():
    """楅, 中, 算, 豐, 觶, 旌, 撲 and the 薦俎 have tracks that move (set down, carried, taken away)."""
    ch = full_plan("xie")
    objects = {n for n, f in ch.figures.items() if f.kind == "object"}
    assert objects >= {"obj.楅", "obj.中", "obj.算", "obj.豐", "obj.觶", "obj.旌", "obj.撲", "obj.薦(獲者)",
                       "obj.俎(獲者)", "obj.薦(釋獲者)"}
    for name in objects:
        s = ch.tracks[name].samples
        assert np.ptp(s[:, 1]) + np.ptp(s[:, 2]) > 10.0, f"{name} never moves"
    # The 旌 goes with the 獲者 from the 侯 to the 乏 in the first round (e.2 s10).
    step = ch.step("e2.s10")
    flag, keeper = ch.pose_at("obj.旌", step.t1), ch.pose_at("獲者", step.t1)
    assert math.dist((flag.x, flag.y), (keeper.x, keeper.y)) < 1.0


def test_every_step_of_the_whole_rite_names_its_own_passage():
    """The whole rite's caption names the passage a step comes from (e.2 三耦第一番射), not the
    sequence's e.1–e.13; a step added by a reading belongs to the passage of the step it follows."""
    from choreo.render.caption import passage_label

    parts = {(p := parse_script(FULL.parent / str(name))).passage: p.title for name in _includes()}
    for reading in ("zheng", "ao"):
        ch = plan(parse_script(FULL), venue="xie", reading=reading) if reading != "zheng" else full_plan("xie")
        for step in ch.steps:
            passage = "e." + step.id.split(".")[0].removeprefix("e")
            assert step.passage == passage, step.id
            assert step.passage_title == parts[passage], step.id
            assert passage_label(step, ch.title) == f"{passage} {parts[passage]}"
    alone = plan(parse_script(FULL.parent / str(_includes()[1])), venue="xie")
    assert {passage_label(s, alone.title) for s in alone.steps} == {"e.2"}  # its title is on screen already


def test_captions_close_the_quotations_a_clause_leaves_open():
    """Nine clauses of the rite end inside a speech (命曰：“不貫不釋 …; seed 000 lost the closing
    marks in a mojibake span): on screen the quotation is closed; every other clause is shown as
    quoted, and the step keeps the verbatim text."""
    from choreo.render.caption import display_clause

    steps = parse_script(FULL).steps
    opened = [s for s in steps if s.text.count("“") > s.text.count("”")]
    assert len(opened) >= 5
    for step in steps:
        shown = display_clause(step.text)
        assert shown.count("“") == shown.count("”") and shown.count("「") == shown.count("」"), step.id
        if step not in opened and step.text.count("「") == step.text.count("」"):
            assert shown == step.text
    by_id = {s.id: s for s in steps}
    assert display_clause(by_id["e6.s10"].text).endswith("命曰：“不貫不釋”")
    assert display_clause(by_id["e12.s03"].text).endswith("“皆袒、決、遂，執弓，就位”")
