"""Steps one reading only has, in a comparison: 敖's own s07b acted by its ghosts while 鄭's figures wait, 鄭's
改實 (s13, which 敖 does at another moment) acted by 鄭's ghosts over 敖's plan, 鄭's r1 and 敖's r1x (one
clause re-planned) drawn at once, the caption saying which reading has the step, and the exported video
making room for them (its duration and chapter)."""

from __future__ import annotations

import math

import imageio.v3 as iio
import numpy as np
import pygame
import pytest

from choreo.alignment import align
from choreo.cli import main
from choreo.compare import Comparison
from choreo.export.video import still_time
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.comparetime import compare_timeline
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.ghosts import GHOST_CAPTION, GHOST_TINT, NO_STEP

SECOND_ROUND = scripts_dir() / "xiangshe" / "e06-second-round.yaml"
XIAN_HUOZHE = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"
CFG = RenderConfig(size=(1280, 720))


def _plans(script):
    return plan_script(script, venue="xie", reading="zheng"), plan_script(script, venue="xie", reading="ao")


@pytest.fixture(scope="module")
def second_round():
    return _plans(SECOND_ROUND)


@pytest.fixture(scope="module")
def xian_huozhe():
    return _plans(XIAN_HUOZHE)


def _tinted_ring(surf: pygame.Surface, g) -> bool:
    """Some pixel on the ghost's rim has the ghosts' violet (drawn at 0.9 over whatever lies below)."""
    px = pygame.surfarray.pixels3d(surf)
    for k in range(72):
        a = math.radians(5 * k)
        x, y = round(g.px + math.sin(a) * g.r), round(g.py - math.cos(a) * g.r)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                c = px[x + dx, y + dy].astype(int)
                if np.abs(c - np.array(GHOST_TINT)).max() < 40:
                    return True
    return False


def _band_texts(renderer: FrameRenderer, step) -> list[tuple[str, tuple]]:
    return [(text, colour) for text, _, colour, _, _, _ in renderer.caption.lines(step)]


def test_the_steps_only_one_reading_has_are_entries_of_their_own(second_round, xian_huozhe):
    """What docs/readings.md lists: 敖's s07b after s07; 鄭's six 改實八算 (敖 does them later, at the next
    ascent) alone; 鄭's r1 and 敖's r1x (「卒射，釋獲者遂以所執馀獲…」, the same clause) paired."""
    entries = align(*xian_huozhe)
    ids = [(e.a and e.a.id, e.b and e.b.id) for e in entries]
    k = ids.index((None, "s07b"))
    assert ids[k - 1] == ("s07", "s07") and ids[k + 1] == ("s08", "s08")
    rows = [(e.a and e.a.id, e.b and e.b.id) for e in align(*second_round) if e.one_sided or e.a.id != e.b.id]
    assert rows == [("s13", None), ("s13b", None), ("s13c", None), ("b5r", None), ("d4r", None),
                    ("s13m1", None), ("r1", "r1x")]
    a, b = second_round
    assert set(e.a.id for e in align(a, b) if e.a) == {s.id for s in a.steps}
    assert set(e.b.id for e in align(a, b) if e.b) == {s.id for s in b.steps}


def test_ao_s07b_is_acted_by_the_ghosts_where_the_ao_plan_puts_them_while_zheng_waits(xian_huozhe):
    """s07b exists under 敖 only (「獲者薦右東面立飲」 as a step of its own). Played on 敖's clock: every ghost
    is where the 敖 plan has that figure at that moment, 鄭's figures stand where 鄭's s07 left them, the
    ghosts' violet is on the frame at each ghost, and the band names 敖繼公 as the reading that has the step."""
    cmp = Comparison(*xian_huozhe)
    t, step = still_time(cmp.a, "s07b", cmp)
    sb = cmp.b.step("s07b")
    assert step is sb and t == sb.t1
    renderer = FrameRenderer(cmp.a, CFG, comparison=cmp)
    mid = (sb.t0 + sb.t1) / 2
    surf = renderer.draw(mid, sb)
    ghosts = renderer.ghosts(mid, sb)
    vp = renderer.main_viewport(mid, sb)
    assert {"獲者", "司馬"} <= {g.name for g in ghosts}
    for g in ghosts:
        pose = cmp.b.pose_at(g.name, mid)
        assert (g.px, g.py) == pytest.approx(vp.to_screen(pose.x, pose.y), abs=1e-6)
    hold = cmp.a.step("s07").t1
    for name in ("獲者", "司馬"):
        pose = cmp.a.pose_at(name, hold)
        assert renderer.project(name, mid, sb) == pytest.approx(vp.to_screen(pose.x, pose.y), abs=1e-6)
    people = [g for g in ghosts if g.kind == "person" and vp.rect[0] + g.r < g.px < vp.rect[0] + vp.rect[2] - g.r
              and vp.rect[1] + g.r < g.py < vp.rect[1] + vp.rect[3] - g.r]
    assert people and all(_tinted_ring(surf, g) for g in people)
    band = _band_texts(renderer, sb)
    texts = [text for text, _ in band]
    assert any("敖繼公" in t for t in texts[:6])
    assert ("獲者薦右東面立飲，不拜既爵。", GHOST_CAPTION) in band  # the clause, in 敖's tint
    assert any(t.startswith("鄭注・賈疏：") and NO_STEP in t for t in texts)
    assert any(t.startswith("a step of 敖繼公") and "鄭注・賈疏 has none" in t for t in texts)


def test_zheng_s13_is_acted_by_zheng_ghosts_over_the_ao_plan(second_round):
    """The reverse: with 敖 drawn and 鄭 compared, 鄭's own 改實八算 (s13) is played on 鄭's clock: the 釋獲者's
    ghost is where the 鄭 plan puts him, 敖's 釋獲者 waits where his last step left him, and the band says that
    鄭注・賈疏 has the step (quoting the clause 〔000〕) and 敖繼公 none."""
    zheng, ao = second_round
    cmp = Comparison(ao, zheng)
    s13 = zheng.step("s13")
    renderer = FrameRenderer(ao, CFG, comparison=cmp)
    mid = (s13.t0 + s13.t1) / 2
    surf = renderer.draw(mid, s13)
    vp = renderer.main_viewport(mid, s13)
    (g,) = [g for g in renderer.ghosts(mid, s13) if g.name == "釋獲者"]
    pose = zheng.pose_at("釋獲者", mid)
    assert (g.px, g.py) == pytest.approx(vp.to_screen(pose.x, pose.y), abs=1e-6)
    assert _tinted_ring(surf, g)
    wait = cmp.entry("s13").hold_a
    assert ao.step("s12").t1 == wait
    base = ao.pose_at("釋獲者", wait)
    assert renderer.project("釋獲者", mid, s13) == pytest.approx(vp.to_screen(base.x, base.y), abs=1e-6)
    texts = [text for text, _ in _band_texts(renderer, s13)]
    assert any(t.startswith("鄭注・賈疏：") and "「又取中之八算，改實八算于中，興，執而俟。」〔000〕" in t for t in texts)
    assert any(t.startswith("敖繼公") and NO_STEP in t for t in texts)


def test_a_step_of_the_drawn_reading_only_shows_the_other_readings_figures_waiting(second_round):
    """鄭 drawn, 敖 compared: at s13 (鄭's only) 鄭's 釋獲者 acts and 敖's ghost stands where 敖's plan has him
    then (he does 改實 only at s18), all through the step."""
    cmp = Comparison(*second_round)
    s13 = cmp.a.step("s13")
    renderer = FrameRenderer(cmp.a, CFG, comparison=cmp)
    wait = cmp.entry("s13").hold_b
    assert wait == cmp.b.step("s12").t1
    for u in (0.1, 0.9):
        t = s13.t0 + u * (s13.t1 - s13.t0)
        (g,) = [g for g in renderer.ghosts(t, s13) if g.name == "釋獲者"]
        pose = cmp.b.pose_at("釋獲者", wait)
        assert (g.px, g.py) == pytest.approx(renderer.main_viewport(t, s13).to_screen(pose.x, pose.y), abs=1e-6)
    texts = [text for text, _ in _band_texts(renderer, s13)]
    assert any(t.startswith("敖繼公") and NO_STEP in t for t in texts)


def test_r1x_is_drawn_over_r1_and_a_still_at_its_end_shows_both_ends(second_round):
    """敖 replaces 鄭's r1 by r1x (the same clause, the 釋獲者 waiting for the last pair): one entry. A still
    ``--at r1x`` (or r1) shows 敖's ghosts at r1x's end; with 敖 drawn, 鄭's longer r1 is finished on its clock."""
    cmp = Comparison(*second_round)
    r1, r1x = cmp.a.step("r1"), cmp.b.step("r1x")
    t, step = still_time(cmp.a, "r1x", cmp)
    assert (t, step) == (r1.t1, r1)  # r1 is the longer: 敖's r1x is held at its end
    renderer = FrameRenderer(cmp.a, CFG, comparison=cmp)
    vp = renderer.main_viewport(t, step)
    ghosts = {g.name: g for g in renderer.ghosts(t, step)}
    assert {"眾賓3", "眾賓4", "釋獲者"} <= set(ghosts)
    for name in ("眾賓3", "眾賓4"):
        pose = cmp.b.pose_at(name, r1x.t1)
        assert (ghosts[name].px, ghosts[name].py) == pytest.approx(vp.to_screen(pose.x, pose.y), abs=1e-6)
    texts = [text for text, _ in _band_texts(renderer, step)]
    assert any(t.startswith("敖繼公《儀禮集說》：") and "〔001〕" in t for t in texts)
    back = Comparison(cmp.b, cmp.a)
    t, step = still_time(back.a, "r1x", back)
    assert (t, step) == (r1.t1, r1) and back.owns(step) and back.base_time(step, t) == r1x.t1


def test_the_comparison_video_makes_room_for_the_other_readings_step(tmp_path, xian_huozhe, capsys):
    """``choreo render e10 --compare ao --from s07 --to s08``: the MP4 plays 敖's s07b between s07 and s08
    (ghosts in view, its clause in the band), and its duration and its chapter count that time."""
    out = tmp_path / "s07.mp4"
    assert main(["render", str(XIAN_HUOZHE), "--reading", "zheng", "--compare", "ao", "--from", "s07", "--to", "s08",
                 "--size", "320x180", "--fps", "5", "-o", str(out)]) == 0
    assert "1 of 敖繼公《儀禮集說》 only are played in between" in capsys.readouterr().err
    cmp = Comparison(*xian_huozhe)
    steps = tuple(s for s in cmp.a.steps if s.id in ("s07", "s08"))
    same = frozenset(s.id for s in steps if not cmp.differs(s.id))
    from dataclasses import replace

    cfg = replace(RenderConfig(size=(320, 180), fps=5), quick_steps=same)
    plain = cfg.pace.timeline(steps)
    timeline = compare_timeline(cmp, cfg.pace, steps)
    played = [seg for seg in timeline.segments if seg.step is not None and timeline.steps[seg.step].id == "s07b"]
    inserted = sum(seg.v1 - seg.v0 for seg in played)
    assert inserted > 2.0 and timeline.duration >= plain.duration + inserted - 1e-6
    from tests.render.test_pace import _chapters_of

    (chapter,) = _chapters_of(out)
    assert chapter[1] == pytest.approx(timeline.duration * 1000, abs=250)
    frames = iio.imread(out, plugin="FFMPEG")
    assert len(frames) / cfg.fps == pytest.approx(timeline.duration, abs=0.25)
    # the frame in the middle of s07b, decoded, is the one drawn on 敖's clock (encoding blurs it a little)
    k = int((played[0].v0 + played[-1].v1) / 2 * cfg.fps)
    t, step = timeline.at(k / cfg.fps)
    assert step is cmp.b.step("s07b") and cmp.b.step("s07b").t0 <= t <= cmp.b.step("s07b").t1
    drawn = FrameRenderer(cmp.a, cfg, comparison=cmp, plays_video=True).frame_bytes(t, step)  # as the export draws
    want = np.frombuffer(drawn, np.uint8).reshape(180, 320, 3).astype(int)
    got = frames[k].astype(int)
    assert np.abs(got - want).mean() < 6


def test_the_camera_keeps_in_view_the_ghosts_of_figures_it_frames():
    """e.9 r1 (「三耦及眾射者皆與其耦進立于射位」…): the 上耦's ghosts stand south of what the drawn reading's
    camera frames; in the comparison the view grows to hold them, each ghost's rim drawn in the frame, and
    a step with no ghost keeps the drawn reading's own framing."""
    script = scripts_dir() / "xiangshe" / "e09-yin-busheng.yaml"
    plans = _plans(script)
    grown = 0
    for a, b in (plans, plans[::-1]):
        cmp = Comparison(a, b)
        renderer = FrameRenderer(a, CFG, comparison=cmp)
        step = a.step("r1")
        t = step.t1
        own = renderer.camera.view(t, step)[0]
        vp = renderer.main_viewport(t, step)
        left, top, w, h = vp.rect
        surf = renderer.draw(t, step)
        for g in renderer.ghosts(t, step):
            pose = b.pose_at(g.name, cmp.other_time("r1", t))
            mine = a.pose_at(g.name, t)
            framed = g.name in step.figures or mine is not None and own[0] <= mine.x <= own[2] and own[1] <= mine.y <= own[3]
            if g.kind != "person" or not framed or (pose.y >= renderer.layout.range_top) != (mine.y >= renderer.layout.range_top):
                continue
            assert left <= g.px <= left + w and top <= g.py <= top + h, g.name
            if not (own[0] <= pose.x <= own[2] and own[1] <= pose.y <= own[3]):
                grown += 1
                assert _tinted_ring(surf, g), g.name
        quiet = next(s for s in a.steps if not cmp.differs(s.id))
        with_ghosts = renderer.main_viewport(quiet.t1, quiet)
        renderer.comparison = None  # the same renderer (its taller band) without the other reading
        assert with_ghosts == renderer.main_viewport(quiet.t1, quiet)
    assert grown >= 2


def test_plates_of_a_comparison_include_the_other_readings_own_step(tmp_path, xian_huozhe):
    """``--plates DIR --compare ao``: after s07's plate, 敖's s07b's (``008b-s07b.png``), the still at its end."""
    folder = tmp_path / "plates"
    assert main(["render", str(XIAN_HUOZHE), "--reading", "zheng", "--compare", "ao", "--from", "s07", "--to", "s08",
                 "--size", "640x360", "--plates", str(folder), "--quiet"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["008-s07.png", "008b-s07b.png", "009-s08.png"]
    cmp = Comparison(*xian_huozhe)
    sb = cmp.b.step("s07b")
    want = FrameRenderer(cmp.a, RenderConfig(size=(640, 360)), comparison=cmp).frame_bytes(sb.t1, sb)
    assert np.array_equal(iio.imread(folder / "008b-s07b.png"), np.frombuffer(want, np.uint8).reshape(360, 640, 3))


def test_the_svg_still_of_the_other_readings_own_step_draws_its_ghosts_and_names_it(tmp_path):
    """``--at s07b -o X.svg`` (the print still): the same scene as the PNG, its clause and the ghosts' violet."""
    out = tmp_path / "s07b.svg"
    assert main(["render", str(XIAN_HUOZHE), "--reading", "zheng", "--compare", "ao", "--at", "s07b", "-o", str(out),
                 "--quiet"]) == 0
    svg = out.read_text(encoding="utf-8")
    tint = "#{:02x}{:02x}{:02x}".format(*GHOST_TINT)
    assert "獲者薦右東面立飲" in svg and svg.count(tint) >= 4 and NO_STEP in svg


def test_a_hidden_steps_longer_rest_is_played_at_the_viewers_pace_too(xian_huozhe):
    """敖's s08 lasts longer than 鄭's, which s09 (begun with it) hides: with no hold (the viewer's clock: the
    comparison's timeline at speed 1, what FrameRenderer.plays_at averages over) s08 has no segment of its
    own, and the rest was dropped; it is played where 鄭's clock reaches s08's end, as a video's is."""
    from choreo.render.timeline import Pace
    from choreo.render.videoclock import MotionClock

    cmp = Comparison(*xian_huozhe)
    rest, s08, s09 = cmp.b.step("s08"), cmp.a.step("s08"), cmp.a.step("s09")
    timeline = compare_timeline(cmp, Pace(1.0, 0.0), cmp.a.steps)
    played = [seg for seg in timeline.segments if seg.step is not None and timeline.steps[seg.step] is rest]
    assert sum(seg.v1 - seg.v0 for seg in played) == pytest.approx(rest.t1 - rest.t0 - (s08.t1 - s08.t0))
    before = max(seg.v1 for seg in timeline.segments if seg.v1 <= played[0].v0)
    assert timeline.at(before - 1e-9)[0] == pytest.approx(s08.t1)
    # the viewer kept on s08 (sent there, s09 begun with it) falls where the timeline's s09 does
    clock = MotionClock(timeline, lambda x, y: cmp.owns(x) == cmp.owns(y))
    t = (s08.t0 + s08.t1) / 2
    assert clock.motion(t, s08) == pytest.approx(clock.motion(t, s09))
    assert MotionClock(timeline).motion(t, s08) is None
