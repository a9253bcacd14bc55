"""Turns, passings, body states and carried things drawn on the bundled rite's frames.

Each test reads the Choreography (the track's unwrapped facing, the checker's closest approach of a
相左, the states and carries the planner recorded) and the rendered frame's pixels or the marks'
geometry, which is what the pixels are drawn from.
"""

import math

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.marks.legend import ordered
from choreo.render.marks.pictograms import pictogram_of, pictograms
from choreo.render.marks.turns import TURN_MIN, signed_area, turns_of
from choreo.render.style import INK


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


@pytest.fixture(scope="module")
def renderer(rite):
    return FrameRenderer(rite, RenderConfig(size=(1280, 720), camera="auto"))


def _step(rite, text_start, figure):
    return next(s for s in rite.steps if s.text.startswith(text_start) and figure in s.figures)


def _placed(renderer, figure, t, step):
    figs = renderer.figures.layout(renderer.main_viewport(t, step), t, step, small=False)
    return next(f for f in figs if f.name == figure)


def _pixels(surf):
    return np.transpose(pygame.surfarray.array3d(surf), (1, 0, 2)).astype(int)


def _inky(img, x, y, colour, reach=2, tol=40):
    patch = img[int(y) - reach:int(y) + reach + 1, int(x) - reach:int(x) + reach + 1]
    return bool((np.abs(patch - np.array(colour)).sum(axis=2) < tol).any())


@pytest.mark.parametrize("text,figure,sense,walking", [
    ("既拾取乘矢，揖，皆左還", "上耦上射", -1, False),  # 左還 at the 楅: counter-clockwise
    ("司射", "司射", +1, False),  # the 司射's 右還 to 西南面 (e.1, 疏 「右還西南，東面也」〔000〕)
    ("上射揖，并行", "上耦上射", +1, True),  # walking round the 西楹 to the 物, turning right as he goes
    ("一耦揖升如初", "上耦上射", +1, True),  # round 2: round the 西楹 again (the way to the 堂西 now turns in place)
])
def test_a_turn_arc_turns_the_way_the_track_turns(rite, renderer, text, figure, sense, walking):
    if sense > 0 and not walking:
        step = next(s for s in rite.steps if any(v == (figure, "右還") for v in s.verbs))
    else:
        step = _step(rite, text, figure)
    turns = [tu for tu in turns_of(figure, rite.tracks[figure].samples) if step.t0 <= tu.t0 < step.t1]
    assert turns, step.id
    turn = next(tu for tu in turns if tu.sense == sense and (tu.end is not None) == walking)
    # the track's own rotation over the turn, read from its samples
    before, after = rite.tracks[figure].at(turn.t0)[2], rite.tracks[figure].at(turn.t1)[2]
    assert math.copysign(1, after - before) == sense
    if walking:  # he moves while he turns, and the facing changes in several bends, each under TURN_MIN
        p0, p1 = rite.tracks[figure].at(turn.t0), rite.tracks[figure].at(turn.t1)
        assert math.dist(p0[:2], p1[:2]) > 2.0 and abs(after - before) >= TURN_MIN
        assert turn.end == pytest.approx(tuple(p1[:2]))
    t = (turn.t0 + turn.t1) / 2
    surf = renderer.draw(t, step)
    f = _placed(renderer, figure, t, step)
    arc = renderer.figures.turn_marks(f, t)
    line = next(m for m in arc if m.kind == "line")
    # clockwise on the screen (y down) is a positive signed area: a 右還; a 左還 is negative
    assert math.copysign(1, signed_area(list(line.points) + [(f.px, f.py)])) == sense
    img = _pixels(surf)
    mid = line.points[len(line.points) // 2]
    assert _inky(img, *mid, line.colour), "the arc is drawn where its geometry says"
    # the same arc turned the other way would pass through the mirror image of its middle (reflected in
    # the line from the disc through where the turn began): nothing of the arc is drawn there
    a0 = math.radians(turn.f0)
    ux, uy = math.sin(a0), -math.cos(a0)
    dx, dy = mid[0] - f.px, mid[1] - f.py
    along = dx * ux + dy * uy
    mirror = (f.px + 2 * along * ux - dx, f.py + 2 * along * uy - dy)
    assert not _inky(img, *mirror, line.colour, reach=1, tol=12)
    if walking:  # once over, the arc stays where the turn ended while he walks on, fading
        t = turn.t1 + 1.0
        step = rite.step_at(t)
        vp = renderer.main_viewport(t, step)
        later = renderer.figures.turn_marks(_placed(renderer, figure, t, step), t, vp)
        assert renderer.figures.turns.at(figure, t) == turn
        cx, cy = vp.to_screen(*turn.end)
        radii = [math.dist(p, (cx, cy)) for p in next(m for m in later if m.kind == "line").points]
        assert max(radii) - min(radii) < 0.5


def test_a_full_turn_and_its_way_back_are_found(rite):
    step = _step(rite, "上射揖進，坐，橫弓", "上耦上射")
    turns = [tu for tu in turns_of("上耦上射", rite.tracks["上耦上射"].samples) if step.t0 <= tu.t0 < step.t1]
    # 左還 to the west, then (after stepping back) 周 on round the same way: two counter-clockwise turns
    assert [tu.sense for tu in turns] == [-1, -1]
    assert sum(abs(tu.f1 - tu.f0) for tu in turns) == pytest.approx(360.0)


def test_a_passing_is_marked_at_its_closest_approach_with_each_party_numbered(rite, renderer):
    passings = renderer.figures.passings.passings
    assert len(passings) >= 10
    p = next(p for p in passings if rite.step(p.step).text.startswith("相左，交于階前"))
    assert p.left_of_each and p.separation < 8.0
    step = rite.step(p.step)
    surf = renderer.draw(p.t, step)
    vp = renderer.main_viewport(p.t, step)
    from choreo.render.marks.passings import passing_marks

    marks = passing_marks(rite, p, p.t, vp.to_screen, (INK, INK), INK, (255, 255, 255), 2, 12)
    paths = [m for m in marks if m.kind == "line" and len(m.points) > 2][::2]
    numbers = [m.text for m in marks if m.kind == "text"]
    assert numbers == ["1", "2"]
    # each party's arrow has the other's on its left, as the checker found: on the screen (y down) the
    # cross product of the direction with the offset to the other is negative for "left"
    for mine, other in ((paths[0], paths[1]), (paths[1], paths[0])):
        (x0, y0), (x1, y1) = mine.points[0], mine.points[-1]
        ox, oy = np.mean(other.points, axis=0)
        mx, my = np.mean(mine.points, axis=0)
        assert (x1 - x0) * (oy - my) - (y1 - y0) * (ox - mx) < 0
    # the two parties (both 賓黨射者, one colour) carry different numbers on their discs
    assert renderer.figures.passings.number(p.parties[0], p.t) == 1
    assert renderer.figures.passings.number(p.parties[1], p.t) == 2
    img = _pixels(surf)
    for name in p.parties:
        x, y = renderer.project(name, p.t, step)
        assert _inky(img, x, y, renderer.figures._colours[name], reach=1, tol=30)


def test_the_winner_and_the_loser_at_the_forfeit_cup_are_told_apart(rite, renderer):
    step = _step(rite, "不勝者進，北面坐取豐上之觶", "上耦下射")
    t = (step.t0 + step.t1) / 2
    loser, winner = "上耦下射", "上耦上射"
    assert "弛弓" in rite.states_at(loser, t) and "袒" not in rite.states_at(loser, t)
    assert {"袒", "決遂"} <= set(rite.states_at(winner, t)) and "弛弓" not in rite.states_at(winner, t)
    assert "弓" in rite.held_by(loser, t) and "弓" in rite.held_by(winner, t)
    surf = renderer.draw(t, step)
    img = _pixels(surf)

    def bow(name):
        f = _placed(renderer, name, t, step)
        x0, y0, x1, y1 = (round(v) for v in f.boxes[1 + f.held.index("弓")])
        return img[y0:y1, x0:x1]

    a, b = bow(loser), bow(winner)
    assert a.shape == b.shape and np.abs(a - b).sum() > 0, "the unstrung and the strung bow look different"
    f = _placed(renderer, winner, t, step)
    keys = renderer.figures.legend_keys([f, _placed(renderer, loser, t, step)], t, renderer.panels.main)
    assert {"弛弓", "張弓", "袒", "決遂"} <= keys


def test_carried_things_are_drawn_as_pictograms_from_the_data(rite, renderer):
    assert {"弓", "矢", "觶", "旌", "撲", "俎", "薦"} <= set(pictograms())
    # the 獲者 with the 旌: its pictogram (the pennant's red) in the box under his disc, not a badge
    t = next(h.t0 + 1 for h in rite.holds if h.obj == "obj.旌" and h.holder == "獲者" and h.t1 - h.t0 > 2)
    step = rite.step_at(t)
    surf = renderer.draw(t, step)
    f = _placed(renderer, "獲者", t, step)
    i = f.held.index("obj.旌")
    x0, y0, x1, y1 = (round(v) for v in f.boxes[1 + i])
    img = _pixels(surf)[y0:y1, x0:x1]
    red = renderer.figures.palette["red"]
    assert (np.abs(img - np.array(red)).sum(axis=2) < 30).sum() >= 4
    badge = renderer.figures.palette["fill"]
    assert (np.abs(img - np.array(badge)).sum(axis=2) < 10).mean() < 0.3
    assert pictogram_of("中") is None  # no entry: drawn as a badge


def test_the_legend_lists_fixed_entries_first_then_things():
    assert ordered({"觶", "左還", "坐", "旌", "袒"}) == ["左還", "袒", "坐", "旌", "觶"]


def test_the_still_and_its_vector_pictures_draw_the_same_marks(rite, renderer):
    """The scene (PNG still, SVG, PDF) carries the marks the video draws: the numbers of a 相左, the
    legend's words, the pictograms' shapes."""
    from choreo.render.framescene import FrameScene
    from choreo.render.scene import Poly

    p = next(p for p in renderer.figures.passings.passings if rite.step(p.step).text.startswith("相左，交于階前"))
    scene = FrameScene(renderer).at(p.t, rite.step(p.step))
    words = scene.texts()
    assert words.count("1") >= 2 and words.count("2") >= 2  # at each path's tail and on each disc
    assert "相左" in words and "張弓" in words
    red = renderer.figures.palette["red"]
    assert any(isinstance(g, Poly) and g.fill == red for g in scene.walk())  # a 挾 arrow's head


@pytest.mark.parametrize("bearing", [0.0, 45.0, 90.0, 200.0, 315.0])
def test_the_disc_marks_stay_within_the_reach_the_label_layout_keeps_clear(bearing):
    from choreo.render.marks.bodymarks import BODY_MARK_REACH, body_marks
    from choreo.render.marks.shapes import bounds

    r, unit, cx, cy = 8.0, 2.0, 100.0, 100.0
    box = bounds(body_marks(cx, cy, r, bearing, ("袒", "決遂"), INK, (255, 255, 255), unit))
    reach = r + BODY_MARK_REACH * unit
    assert box[0] >= cx - reach and box[1] >= cy - reach and box[2] <= cx + reach and box[3] <= cy + reach
    # and the marks stand out beyond the rim, on his own left (袒) and right (決遂): not hidden under the disc
    assert max(box[2] - cx, cx - box[0], box[3] - cy, cy - box[1]) > r + unit
