"""The target-end inset while a pair shoots: the arrow ends at the 侯, the hit is called with the 旌, a
counter appears in round 2 only for a hit, the beat and the piece with music; read from real frames."""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap
from functools import cache

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.scene import Poly
from choreo.render.shotdraw import ARROW, ring_radius
from choreo.render.shotinset import arrows_in_flight
from choreo.render.style import CAPTION, PLAN
from tests.planner.helpers import plan_text
from tests.planner.test_shots import MUSIC


@cache
def renderer(name: str, size=(1280, 720)) -> FrameRenderer:
    return FrameRenderer(plan_script(f"xiangshe/{name}"), RenderConfig(size=size))


def frame(r: FrameRenderer, t: float) -> np.ndarray:
    return pygame.surfarray.array3d(r.draw(t)).transpose(1, 0, 2).copy()


def is_ink(px) -> bool:
    return tuple(int(v) for v in px) == ARROW


@pytest.mark.parametrize("name", ["e02-first-round", "e06-second-round"])
def test_a_shot_draws_an_arrow_that_ends_at_the_hou(name):
    """The whole flight is in the inset: the arrow is drawn (read back from the frame's pixels) as it leaves the
    archer on his 物 at the release, in the air at mid-flight and in the 侯 at its arrival, ending at the
    strike point with nothing of it beyond; the main view shows it leave the 物."""
    r = renderer(name)
    shot = next(s for s in r.choreo.shots if s.hit)
    heads = []
    for t in (shot.release + 0.02, (shot.release + shot.arrival) / 2, shot.arrival + 0.3):
        lay = r.shot_inset(t)
        (arrow,) = [a for a in lay.arrows if a.current]
        x0, y0, x1, y1 = lay.box
        assert x0 < arrow.head[0] < x1 and y0 < arrow.head[1] < y1 and y0 < arrow.tail[1] < y1
        pixels = frame(r, t)
        (hx, hy), (tx, ty) = (tuple(round(v) for v in p) for p in (arrow.head, arrow.tail))
        assert is_ink(pixels[(ty + hy) // 2, (tx + hx) // 2]), t  # drawn along its shaft
        heads.append(arrow.head)
    assert heads[0][1] < heads[1][1] < heads[2][1]  # flying south, down the inset
    (station, where, archer), *_ = lay.stations
    assert archer == shot.archer and where == shot.station
    assert math.dist(heads[0], station) < 4  # it leaves from the 物
    # landed: the shaft's head is the strike point, on the 侯's line, and no shaft goes beyond it
    t = shot.arrival + 0.3
    lay = r.shot_inset(t)
    (arrow,) = [a for a in lay.arrows if a.current]
    (strike,) = [s for s in lay.strikes if s.current]
    y_line = lay.target_line[0][1]
    assert arrow.landed and arrow.head == pytest.approx(strike.at)
    assert strike.at[1] == pytest.approx(y_line)
    x0, x1 = sorted((lay.target_line[0][0], lay.target_line[1][0]))
    assert x0 <= strike.at[0] <= x1 and strike.hit and lay.verdict == "中"
    pixels = frame(r, t)
    hx, hy = (round(v) for v in arrow.head)
    assert any(is_ink(pixels[hy - d, hx]) for d in range(2, 6))  # the shaft just north of the strike
    beyond = [pixels[hy + d, hx + dx] for d in range(12, 30) for dx in (-1, 0, 1)]
    assert not any(is_ink(p) for p in beyond)  # nothing of the arrow south of the 侯
    # the main view (or, when its camera is on someone else, the 侯道 strip): just after the release the
    # arrow is drawn a little south of the archer
    t = shot.release + 0.05
    step = r.choreo.step_at(t)
    at = r.project(shot.archer, t, step)
    vp = r.main_viewport(t, step) if at is not None else r.strip_vp
    (main_arrow,) = arrows_in_flight(r.choreo, t, vp, 16 if at is not None else 8)
    pose = r.choreo.pose_at(shot.archer, t)
    ax, ay = vp.to_screen(pose.x, pose.y)
    flown = shot.flight_at(t) * math.dist(shot.origin, shot.point)  # 尺 from the 物
    assert main_arrow.head[1] > ay and math.dist(main_arrow.head, (ax, ay)) == pytest.approx(vp.length(flown), abs=2)
    pixels = frame(r, t)
    mx, my = (round((a + b) / 2) for a, b in zip(main_arrow.head, main_arrow.tail, strict=True))
    assert is_ink(pixels[my, mx])


def test_the_hit_is_called_with_the_flag_raised():
    r = renderer("e02-first-round")
    shot = next(s for s in r.choreo.shots if s.hit)
    during = r.shot_inset(shot.called + 0.5)
    assert during.calling and during.flag and during.caller == shot.caller
    miss = next(s for s in r.choreo.shots if s.hit is False and s.arrival + 0.5 < shot.release)
    before = r.shot_inset(miss.arrival + 0.5)
    assert not before.calling and before.verdict == "不中"


def _fresh_strokes(r, t):
    lay = r.shot_inset(t)
    prims = r.inset_prims(lay)
    return lay, [p for p in prims if isinstance(p, Poly) and p.fill == CAPTION["accent"] and len(p.points) == 4
                 and p.points[0][1] >= lay.band[1]]


def test_a_counter_appears_in_round_2_only_for_a_hit():
    r = renderer("e06-second-round")
    shots = r.choreo.shots
    hit = next(s for s in shots if s.hit)
    lay, fresh = _fresh_strokes(r, hit.counted + 0.5)
    assert lay.counters == (1, 0) and lay.fresh == "右" and len(fresh) == 1
    x0, y0 = (round(v) for v in fresh[0].points[0])
    x1, y1 = (round(v) for v in fresh[0].points[2])
    pixels = frame(r, hit.counted + 0.5)
    assert tuple(int(v) for v in pixels[(y0 + y1) // 2, (x0 + x1) // 2]) == CAPTION["accent"]
    miss = next(s for s in shots if s.hit is False and s.release > hit.release)
    before = r.shot_inset(miss.release).counters
    lay, fresh = _fresh_strokes(r, miss.arrival + 1.0)
    assert lay.counters == before and not fresh  # a miss lays none
    # the count shown is the counters laid so far, side by side
    last = shots[-1]
    assert r.shot_inset(story_end_of(r, last)).counters == (
        sum(1 for s in shots if s.hit and s.side == "右"), sum(1 for s in shots if s.hit and s.side == "左"))
    # round 1 lays none: the inset says so instead of counting
    lay = renderer("e02-first-round").shot_inset(renderer("e02-first-round").choreo.shots[1].arrival + 0.5)
    assert lay.counters is None and lay.note == "獲而未釋獲"


def story_end_of(r, shot):
    from choreo.render.shotinset import story_end

    return story_end(shot, r.choreo) + 0.5


def test_no_inset_without_a_shot_and_it_covers_no_acting_figure():
    r = renderer("e06-second-round")
    assert r.shot_inset(1.0) is None
    for shot in r.choreo.shots[::3]:
        t = shot.arrival + 0.2
        step = r.choreo.step_at(t)
        vp = r.main_viewport(t, step)
        figs = r.figures.layout(vp, t, step, small=False)
        box = r.shot_inset(t).box
        for f in figs:
            if f.name in step.figures:
                for b in f.boxes:
                    assert not (b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]), (f.name, t)
        bar, north = r.furniture(t, step)
        for b in (bar, north):
            assert not (b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3])


def test_with_music_the_piece_and_a_beat_mark_are_shown():
    ch = plan_text(MUSIC)
    r = FrameRenderer(ch, RenderConfig(size=(1280, 720)))
    (piece,) = ch.music
    shot = next(s for s in ch.shots if s.on_beat)
    beat = next(b for b in ch.beats(piece) if b >= shot.release)
    on = r.shot_inset(beat + 0.1)
    off = r.shot_inset(beat + piece.period * 0.6)
    assert on.piece == off.piece == "貍首" and on.beat > 0.75 > off.beat

    def mark(lay, t):
        from choreo.render.scene import Circle

        (c,) = [p for p in r.inset_prims(lay) if isinstance(p, Circle) and p.centre[1] < lay.head_row[3]]
        px = frame_of(r, t)[round(c.centre[1]), round(c.centre[0])]
        return tuple(int(v) for v in px)

    assert mark(on, beat + 0.1) == CAPTION["accent"] and mark(off, beat + piece.period * 0.6) != CAPTION["accent"]


def frame_of(r, t):
    return pygame.surfarray.array3d(r.draw(t)).transpose(1, 0, 2).copy()


def test_the_still_scene_carries_the_same_inset():
    r = renderer("e06-second-round")
    t = next(s for s in r.choreo.shots if s.hit).counted + 0.5
    prims = r.inset_prims(r.shot_inset(t))
    scene = FrameScene(r).at(t)
    flat = [sub for item in scene.items for sub in getattr(item, "items", (item,))]
    assert all(p in flat for p in prims)
    # and the arrow leaving the 物 in the main view
    t = next(s for s in r.choreo.shots if s.hit).release + 0.05
    arrows = r.flight_prims(r.main_viewport(t), t)
    flat = [sub for item in FrameScene(r).at(t).items for sub in getattr(item, "items", (item,))]
    assert arrows and all(p in flat for p in arrows)


def test_the_inset_geometry_imports_without_pygame():
    code = textwrap.dedent("""
        import sys
        sys.modules["pygame"] = None
        import choreo.render.shotinset
        import choreo.shooting
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "ok", out.stderr


@cache
def rite_renderer(size=(1280, 720)) -> FrameRenderer:
    return FrameRenderer(plan_script("xiangshe/full"), RenderConfig(size=size))


def test_the_inset_keeps_its_corner_over_a_shooting_stretch():
    """Over every video frame of the rounds' shooting steps the inset stands where its stretch's plan puts it,
    and that place changes only at the moments the plan states (each a moment its place would cover an
    acting figure); sampled frames' layouts agree with the plan and cover no acting figure."""
    from choreo.render.insetplace import covers, place_box
    from choreo.render.shotinset import current_shot, inset_size, stretch_of

    r = rite_renderer()
    ch = r.choreo
    tl = r.cfg.pace.timeline(ch.steps)
    size = inset_size(r.panels.main)
    stretches = {stretch_of(ch, s): s for s in ch.shots if s.passage in ("e.2", "e.6")}
    assert len(stretches) >= 8
    fps = r.cfg.fps
    checked = 0
    for (_, _, t0, t1), first in stretches.items():
        plan = r.inset_plan(first)
        allowed = set(plan.changes)
        spans = [(seg.v0, seg.v1) for seg in tl.segments if seg.c1 >= t0 and seg.c0 <= t1]
        k0, k1 = int(spans[0][0] * fps), int(spans[-1][1] * fps) + 1
        last = None
        for k in range(k0, k1):
            t, _ = tl.at(k / fps)
            shot = current_shot(ch, t)
            if shot is None or stretch_of(ch, shot)[2:] != (t0, t1):
                continue
            place = plan.at(t)
            if last is not None and place != last[1]:
                assert any(last[0] < c <= t for c in allowed), (first.step, t, last, place)
            last = (t, place)
            if k % 40 == 0:
                lay = r.shot_inset(t)
                assert (lay is None) == (place is None)
                if lay is not None:
                    assert lay.box == pytest.approx(place_box(r.panels.main, size, place))
                    step = ch.step_at(t)
                    figs = r.frame_layout(t).figures
                    assert not covers(lay.box, [b for f in figs if f.name in step.figures for b in f.boxes])
                    checked += 1
        assert len(plan.changes) <= 2, (first.step, plan.moves)
    assert checked >= 30


def test_the_inset_moves_only_when_it_would_cover_an_actor_and_does_not_come_back():
    from choreo.render.insetplace import PLACES, place_box, plan_places

    panel, size = (0, 0, 1000, 600), (280, 300)
    times = [0.5 * i for i in range(20)]
    br, bl = place_box(panel, size, PLACES[0]), place_box(panel, size, PLACES[1])
    top = (0, 0, 1000, 20)  # someone across the top corners all the while
    in_br = (br[2] - 40, br[3] - 40, br[2] - 20, br[3] - 20)  # an actor in the bottom right for a while
    in_bl = (bl[0] + 20, bl[3] - 40, bl[0] + 40, bl[3] - 20)  # and one in the bottom left at first
    acting = [[top] + ([in_bl] if i < 5 else []) + ([in_br] if 8 <= i < 12 else []) for i in range(20)]
    plan = plan_places(times, acting, [[] for _ in times], panel, size)
    assert plan.moves[0] == (0.0, PLACES[0])
    # it leaves the corner a sample before he walks in (he would be under it by the next), and stays away
    assert plan.changes == (3.5,) and plan.at(3.5) == plan.at(9.9) == PLACES[1]


def test_at_640x360_the_inset_and_the_key_to_the_marks_read():
    """A small frame draws the inset too (it was left out below a 300-px panel), with its words at 11 px and
    more instead of the 8-px floor, and fewer of them; the marks' key at 12 px."""
    from choreo.render.scene import Glyphs

    small, large = renderer("e06-second-round", (640, 360)), renderer("e06-second-round")
    shot = next(s for s in small.choreo.shots if s.hit)
    t = shot.counted + 0.5
    lay = small.shot_inset(t)
    assert lay is not None and lay.verdict == "中" and lay.counters == (1, 0)
    words = {g.text: g.size for g in small.inset_prims(lay) if isinstance(g, Glyphs)}
    assert min(words.values()) >= 11 and words[lay.title] >= 13
    assert {"中", "右", "左", lay.title} <= set(words)
    big = {g.text for g in large.inset_prims(large.shot_inset(t)) if isinstance(g, Glyphs)}
    assert {"釋獲", lay.caller} <= big and not {"釋獲", lay.caller} & set(words)  # dropped when small
    fl = small.frame_layout(t)
    icon, size = small._legend_type()
    assert size >= 12 and "marks" in fl.furniture
    pixels = frame(small, t)
    x0, y0, x1, y1 = (round(v) for v in lay.box)
    assert (pixels[y0 + 2:y1 - 2, x0 + 2:x1 - 2] == np.array(ARROW)).all(axis=2).any()  # the arrow, in the 侯


def _luminance(rgb) -> float:
    c = [v / 255 for v in rgb]
    c = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("name", ["e02-first-round", "e06-second-round"])
def test_at_640x360_a_hit_reads_on_the_green_centre(name):
    """The ring of a hit stands out from what it is drawn over (the 侯中's green and the paper round it):
    in every 30° of its round (but where the shaft comes in from the north), some pixel of the ring, read back from the
    frame, is at least 3:1 against that pixel a moment before, when the ring was not there (a green ring
    on the green centre measured 1:1)."""
    r = renderer(name, (640, 360))
    shot = next(s for s in r.choreo.shots if s.hit)
    before, after = frame(r, shot.arrival - 0.15), frame(r, shot.arrival + 0.3)
    (strike,) = [s for s in r.shot_inset(shot.arrival + 0.3).strikes if s.current]
    cx, cy = strike.at
    ring = ring_radius(r.cfg, True)
    under = {tuple(int(v) for v in before[round(cy), round(cx) + d]) for d in (-3, 3)}
    assert any(_contrast(u, PLAN["target-centre"]) < 1.2 for u in under), "the strike is on the green centre"
    best: dict[int, float] = {}  # per 30° sector of the ring: its pixel of most contrast
    for y in range(int(cy - ring - 3), int(cy + ring + 4)):
        for x in range(int(cx - ring - 3), int(cx + ring + 4)):
            d = math.hypot(x - cx, y - cy)
            if not ring - 3 <= d <= ring + 2:
                continue
            sector = int(math.degrees(math.atan2(y - cy, x - cx)) % 360 // 30)
            best[sector] = max(best.get(sector, 0.0), _contrast(after[y, x], before[y, x]))
    for sector, c in sorted(best.items()):
        if 225 <= sector * 30 + 15 <= 315:  # the shaft, coming in from the north (screen angles: y down)
            continue
        assert c >= 3.0, f"the ring at {sector * 30}°–{sector * 30 + 30}° is {c:.1f}:1 against what is under it"


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_the_inset_shortens_the_empty_court_and_draws_the_target_end_larger(size):
    """The 100 尺 of court between the 乏 and the 侯, where only the arrow passes, are drawn as a break a row
    high: the 侯 spans more than a fifth of the inset's width (it was under a fifth at 1280×720 and a seventh
    at 640×360), the 獲者 and the 乏 stand between the flight's break and this one, the strike below it,
    and the break is drawn (its zigzag read back from the frame)."""
    from choreo.render.style import PLAN

    r = renderer("e06-second-round", size)
    shot = next(s for s in r.choreo.shots if s.hit)
    t = shot.arrival + 0.5
    lay = r.shot_inset(t)
    (a, _), (b, _) = lay.target_line
    x0, y0, x1, y1 = lay.box
    assert abs(b - a) > 0.2 * (x1 - x0)
    assert lay.cut is not None and lay.cut[2] > 50  # 尺 shortened
    top, bottom, _ = lay.cut
    assert lay.flight.bottom < lay.caller_at[1] < top and lay.flight.bottom < lay.screen[0][1] < top
    (strike,) = [s for s in lay.strikes if s.current]
    assert bottom < strike.at[1] < lay.band[1]
    pixels = frame(r, t)
    row = pixels[round((top + bottom) / 2) - 3:round((top + bottom) / 2) + 4, round(x0) + 4:round(x1) - 4]
    assert (row == np.array(PLAN["frame"])).all(axis=2).any(axis=0).mean() > 0.5  # the zigzag across the inset
