"""The viewer's list of steps with the other reading overlaid, driven by real key and mouse events: 鄭's e.10 with
敖 as the ghosts lists 敖's own s07b (「獲者薦右東面立飲」, a step 鄭 has not) as a row of its own right after s07,
where the viewer plays it, marked 敖's (indented, in the ghosts' tint, the reading named); that row is the
highlighted one while s07b is pinned by ] or played, a click on it pins it, and the list scrolls to keep it in
view. Without the overlay the list has a row per step of the drawn reading, as before."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from choreo.paths import scripts_dir
from choreo.render.ghosts import GHOST_CAPTION
from choreo.viewer.layout import ROW_H
from choreo.viewer.panels import CURRENT, HOOK_X, fit_line
from tests.viewer.conftest import click, key, pin_other_step, pump_until

E10 = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"
DT = 0.1  # s of wall time a pump


def _overlaid(make_viewer, size=(1280, 720)):
    v = make_viewer(E10, reading="zheng", size=size)
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None, timeout=60)
    v.pump(0)
    return v


def _band(v, row: int) -> np.ndarray:
    """The pixels of the list's ``row`` (counted from the list's top, scrolled) as the window shows them."""
    sx, sy, sw, _ = v.layout.steps
    top = sy + ROW_H * (row - v.scroll + 1)
    assert 0 <= row - v.scroll < v.layout.visible_rows, "the row is out of view"
    return pygame.surfarray.array3d(v.screen)[sx:sx + sw, top:top + ROW_H].astype(int)


def _background(band: np.ndarray) -> tuple:
    """The row's colour where nothing is written on it: its right end, above the text."""
    return tuple(band[-3, 2])


def _tinted(region: np.ndarray) -> int:
    """How many pixels of ``region`` are of the ghosts' violet hue (GHOST_CAPTION: blue well over green, red
    over green), which neither the list's greys nor its white text blended into them have."""
    r, g, b = region[..., 0], region[..., 1], region[..., 2]
    return int(((b - g > 50) & (r - g > 20)).sum())


def _row_of(v, step_id: str) -> int:
    """Where the list shows the step ``step_id`` (ours, or the other reading's own)."""
    rows = v.step_list().rows
    return next(k for k, r in enumerate(rows) if (r.other.id if r.other else v.spans.ids[r.step]) == step_id)


def test_the_other_readings_own_step_is_a_row_after_the_step_it_is_played_after(make_viewer):
    v = _overlaid(make_viewer)
    sb = v.comparison.b.step("s07b")
    listing = v.step_list()
    assert len(listing) == len(v.spans) + 1
    k = _row_of(v, "s07b")
    row = listing.rows[k]
    # the model: 敖's step, its clause, named for 敖, right after 鄭's s07 (where the detour plays it)
    assert row.other is sb and row.other.text.startswith("獲者薦右東面立飲") and row.reading.startswith("敖繼公")
    assert v.spans.ids[listing.rows[k - 1].step] == "s07" and listing.rows[k - 1].other is None
    assert [v.spans.ids[r.step] for r in listing.rows if r.other is None] == list(v.spans.ids)
    # drawn: hooked to s07 by a line in the ghosts' tint, the reading's name at the row's end in that tint
    mine, before = _band(v, k), _band(v, k - 1)
    assert any(tuple(mine[x, 3]) == GHOST_CAPTION for x in range(HOOK_X - 1, HOOK_X + 2))
    assert _tinted(mine[-60:-8]) > 10 and _tinted(before[-60:-8]) == 0
    assert _background(mine) != _background(before)  # a colour of its own, not one of the list's stripes
    # and a click on it goes to it: pinned as ] would, its row the highlighted one
    sx, sy, sw, _ = v.layout.steps
    click((sx + sw // 2, sy + ROW_H * (k - v.scroll + 1) + ROW_H // 2))
    v.pump(0)
    assert v.pinned is sb and not v.state.playing and v.step_id == "s07"
    assert _background(_band(v, k)) == CURRENT and _background(_band(v, k - 1)) != CURRENT
    # a click on the row below it is 鄭's s08, not the one the step's index would name without s07b's row
    click((sx + sw // 2, sy + ROW_H * (k + 1 - v.scroll + 1) + ROW_H // 2))
    v.pump(0)
    assert v.pinned is None and v.step_id == "s08"
    assert _background(_band(v, k + 1)) == CURRENT and _background(_band(v, k)) != CURRENT


def _step_to(v, step_id: str) -> None:
    """Home, then → until our step ``step_id`` is current (as a user steps to it)."""
    key(pygame.K_HOME)
    v.pump(0)
    while v.step_id != step_id:
        key(pygame.K_RIGHT)
        v.pump(0)

def test_its_row_is_highlighted_while_it_plays(make_viewer):
    v = _overlaid(make_viewer)
    sb = v.comparison.b.step("s07b")
    k = _row_of(v, "s07b")
    _step_to(v, "s07")
    assert _background(_band(v, k - 1)) == CURRENT and _background(_band(v, k)) != CURRENT
    for _ in range(2):  # 16×: fewer frames to pump
        key(pygame.K_PLUS)
        v.pump(0)
    key(pygame.K_SPACE)
    v.pump(0)
    seen = 0
    for _ in range(400):
        v.pump(DT)
        if v.detour is not None and v.detour.step is sb:
            seen += 1
            assert v.step_id == "s07"  # our clock waits in s07: the row current is 敖's step, not s07's
            assert v.current_row() == k
            assert _background(_band(v, k)) == CURRENT and _background(_band(v, k - 1)) != CURRENT
        elif seen:
            break
    assert seen >= 5, "敖's s07b was not played"
    v.draw()
    assert v.current_row() != k and _background(_band(v, k)) != CURRENT  # played: the highlight moved on


def test_the_list_scrolls_to_keep_the_current_row_in_view(make_viewer):
    """In a window whose list shows 7 rows, ] to s07b scrolls it into view, and the last step, a row further
    down than its index, is in view at the list's end."""
    v = _overlaid(make_viewer, size=(1280, 480))
    rows = v.layout.visible_rows
    k = _row_of(v, "s07b")
    assert k >= rows  # out of view at the top of the list
    pin_other_step(v)
    v.pump(0)
    assert v.pinned is not None and v.scroll <= k < v.scroll + rows
    assert _background(_band(v, k)) == CURRENT
    key(pygame.K_END)
    v.pump(0)
    last = len(v.step_list()) - 1
    assert v.step_list().rows[last].step == len(v.spans) - 1 and v.scroll == last - rows + 1
    assert _background(_band(v, last)) == CURRENT
    # the wheel scrolls as far as the list's last row and no further
    sx, sy = v.layout.steps[:2]
    key(pygame.K_HOME)
    v.pump(0)
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=(sx + 20, sy + 60)))
    v.pump(0)
    assert v.scroll == last - rows + 1


@pytest.mark.parametrize(("name", "drawn", "other", "own"), [
    ("e06-second-round", "ao", "zheng", 6),  # 鄭's 改實 of the 算 and its five repetitions, which 敖 does later
    ("e10-xian-huozhe", "zheng", "ao", 1),  # 敖's s07b
    ("e06-second-round", "zheng", "ao", 0),  # 敖 has no step of its own here, only longer ones
])
def test_the_rows_are_in_the_order_the_comparison_video_plays_them(name, drawn, other, own):
    """The list (built from the runs the viewer plays) is the comparison video's timeline, step for step,
    but for the rests of shared steps longer under the other reading, which are those steps still."""
    from choreo.compare import Comparison
    from choreo.planning import plan_script
    from choreo.render.comparetime import compare_timeline, runs
    from choreo.render.timeline import Pace
    from choreo.viewer.state import Spans
    from choreo.viewer.steplist import StepList

    path = scripts_dir() / "xiangshe" / f"{name}.yaml"
    a, b = plan_script(path, reading=drawn), plan_script(path, reading=other)
    cmp = Comparison(a, b)
    listing = StepList.compared(Spans.of(a).ids, cmp, runs(cmp))
    listed = [a.steps[r.step] if r.other is None else r.other for r in listing.rows]
    played = compare_timeline(cmp, Pace(4.0, 3.0), a.steps).steps
    rests = [s for s in played if cmp.owns(s) and cmp.entry(s.id).a is not None]
    assert rests  # each case has some: they must not become rows
    assert [id(s) for s in listed] == [id(s) for s in played if not any(s is r for r in rests)]
    others = [r for r in listing.rows if r.other is not None]
    assert len(others) == own and all(r.reading == (b.reading_title or b.reading) for r in others)
    if drawn == "ao":
        assert all("改實八" in r.other.text for r in others)


@pytest.mark.parametrize("reading", ["zheng", "ao"])
def test_without_the_overlay_a_row_per_step_of_the_drawn_reading(make_viewer, reading):
    v = make_viewer(E10, reading=reading)
    listing = v.step_list()
    assert len(listing) == len(v.spans) == len(v.choreography.steps)
    assert all(r.other is None for r in listing.rows) and [r.step for r in listing.rows] == list(range(len(v.spans)))
    if reading == "ao":  # 敖's own s07b drawn: a row of ours, in the list's own colours
        k = v.spans.index("s07b")
        assert _tinted(_band(v, k)[-60:-8]) == 0


def _text_panel(v) -> np.ndarray:
    x, y, w, h = v.layout.text
    return pygame.surfarray.array3d(v.screen)[x:x + w, y:y + h].astype(int)


def test_the_text_panel_shows_the_other_readings_step_while_its_row_is_current(make_viewer):
    """While 敖's s07b is pinned, the text beside the picture is s07b's clause and notes, named 敖's (as the
    caption band says), not the text of 鄭's s07 that waits; moving on shows ours again."""
    v = _overlaid(make_viewer)
    sb = pin_other_step(v)
    v.pump(0)
    assert sb is not None and sb.id == "s07b" and v.step_id == "s07"
    row = v.step_list().rows[v.current_row()]
    assert row.other is sb
    theirs = pygame.surfarray.array3d(v.panels._text(v.layout, v.choreography, v.state, row)).astype(int)
    ours = pygame.surfarray.array3d(v.panels._text(v.layout, v.choreography, v.state, None)).astype(int)
    assert (theirs != ours).any()
    assert (_text_panel(v) == theirs).all()
    key(pygame.K_RIGHT)  # on to 鄭's s08: our text again
    v.pump(0)
    assert v.pinned is None and v.step_id == "s08"
    s08 = pygame.surfarray.array3d(v.panels._text(v.layout, v.choreography, v.state, None)).astype(int)
    assert (_text_panel(v) == s08).all()


def _title(v) -> np.ndarray:
    """The pixels of the list's title band (above its first row) as the window shows them."""
    sx, sy, sw, _ = v.layout.steps
    return pygame.surfarray.array3d(v.screen)[sx:sx + sw, sy:sy + ROW_H].astype(int)


def _written(v, text: str, colour) -> np.ndarray:
    """``text`` as the list's title writes it at its place, on the list's ground: the pixels to find there."""
    from choreo.viewer.panels import BG

    drawn = v.panels.writer.render(text, 15, colour)
    ground = pygame.Surface(drawn.get_size())
    ground.fill(BG)
    ground.blit(drawn, (0, 0))
    return pygame.surfarray.array3d(ground).astype(int)


def test_the_title_says_which_readings_step_is_shown(make_viewer):
    """While 敖's s07b is pinned the list's title counts 敖's steps (「敖繼公 步驟 9/12」, in the ghosts' tint as its
    row) and says where 鄭's wait, instead of 「步驟 8/11」 of 鄭's step waiting (before, it kept that); moving on to
    鄭's s08 gives 鄭's count back."""
    v = _overlaid(make_viewer)
    sb = pin_other_step(v)
    v.pump(0)
    b = v.comparison.b
    number = next(k for k, s in enumerate(b.steps) if s is sb) + 1
    row = v.step_list().rows[v.current_row()]
    assert row.other is sb and (row.number, row.count) == (number, len(b.steps))
    head = _written(v, f"敖繼公 步驟 {number}/{len(b.steps)}", GHOST_CAPTION)
    w, h = head.shape[:2]
    title = _title(v)
    assert (title[12:12 + w, 7:7 + h] == head).all()
    assert _tinted(title) > 30
    from choreo.viewer.panels import META

    ch = v.choreography
    plain = f"步驟 {v.state.step + 1}/{len(v.spans)}  {ch.venue.title or ch.venue.key}  讀 {ch.reading_title}"
    ours = _written(v, fit_line(v.panels.writer, plain, 15, v.layout.steps[2] - 24), META)
    assert not (title[12:12 + ours.shape[0], 7:7 + ours.shape[1]] == ours).all()
    key(pygame.K_RIGHT)  # on to 鄭's s08: 鄭's count
    v.pump(0)
    assert v.pinned is None and v.step_id == "s08"
    title = _title(v)
    assert _tinted(title) == 0
    plain = f"步驟 {v.state.step + 1}/{len(v.spans)}  {ch.venue.title or ch.venue.key}  讀 {ch.reading_title}"
    ours = _written(v, fit_line(v.panels.writer, plain, 15, v.layout.steps[2] - 24), META)
    assert (title[12:12 + ours.shape[0], 7:7 + ours.shape[1]] == ours).all()


def test_the_bar_says_which_readings_step_is_shown(make_viewer):
    """While 敖's s07b is pinned the timeline bar's label names it as the list's title does (「敖繼公 s07b  (9/12)」
    in the ghosts' tint, then where 鄭's figures wait: 「· 鄭注・賈疏 待於 s07  (8/11)」), instead of 鄭's 「s07  (8/11)」
    alone; on 鄭's s08 it is 鄭's plain label again."""
    from choreo.viewer.panels import BG, TEXT

    def label(colour, text, size=14):
        drawn = v.panels.writer.render(text, size, colour)
        ground = pygame.Surface(drawn.get_size())
        ground.fill(BG)
        ground.blit(drawn, (0, 0))
        return pygame.surfarray.array3d(ground).astype(int)

    def at_label(want: np.ndarray, dx: int = 0) -> bool:
        x, y = v.layout.track[0] + dx, v.layout.bar[1] + v.layout.bar[3] - 20
        got = pygame.surfarray.array3d(v.screen)[x:x + want.shape[0], y:y + want.shape[1]].astype(int)
        return got.shape == want.shape and (got == want).all()

    v = _overlaid(make_viewer)
    sb = pin_other_step(v)
    v.pump(0)
    b = v.comparison.b
    number = next(k for k, s in enumerate(b.steps) if s is sb) + 1
    head = label(GHOST_CAPTION, f"敖繼公 {sb.id}  ({number}/{len(b.steps)})")
    assert at_label(head)
    ours = f"· 鄭注・賈疏 待於 {v.step_id}  ({v.state.step + 1}/{len(v.spans)})"
    assert at_label(label(TEXT, ours), head.shape[0] + 8)
    key(pygame.K_RIGHT)  # on to 鄭's s08: 鄭's label
    v.pump(0)
    assert v.pinned is None and v.step_id == "s08"
    assert not at_label(head)
    assert at_label(label(TEXT, f"s08  ({v.state.step + 1}/{len(v.spans)})"))


def test_left_and_right_step_through_the_rows_as_listed(make_viewer):
    """With 敖 overlaid, → from 鄭's s07 goes to 敖's own s07b (pinned, its row current, as a click on it does),
    → again to 鄭's s08, and ← back the same way: the rows as listed, as the comparison video plays them
    (before, → from s07 skipped s07b and ← from s07b went to s06). Playing, → into s07b plays it (a detour
    on 敖's clock, ours waiting), as space on it would. Without a row of the other reading, ← → are our steps."""
    v = _overlaid(make_viewer)
    sb = v.comparison.b.step("s07b")
    k = _row_of(v, "s07b")
    _step_to(v, "s07")
    assert v.pinned is None and v.current_row() == k - 1
    seen = []
    for way in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT):
        key(way)
        v.pump(0)
        seen.append((v.step_id, v.pinned.id if v.pinned is not None else None, v.current_row()))
        assert _background(_band(v, v.current_row())) == CURRENT
    before = v.spans.ids[v.spans.index("s07") - 1]  # 鄭's s06b
    assert seen == [("s07", "s07b", k), ("s08", None, k + 1), ("s07", "s07b", k), ("s07", None, k - 1),
                    (before, None, k - 2)]
    assert v.state.t == v.spans.t0[v.spans.index(before)]  # ours from its start, as before
    key(pygame.K_RIGHT)  # to s07, then play and → into s07b: played, not pinned
    v.pump(0)
    key(pygame.K_SPACE)
    v.pump(0)
    key(pygame.K_RIGHT)
    v.pump(0)
    assert v.state.playing and v.pinned is None and v.detour is not None and v.detour.step is sb
    assert v.current_row() == k


def test_without_a_row_of_the_other_reading_left_and_right_are_our_steps(make_viewer):
    """e06 with 敖 overlaid under 鄭: 敖 has no step of its own there (only longer ones), so ← → move by our
    steps as without the overlay."""
    v = make_viewer(scripts_dir() / "xiangshe" / "e06-second-round.yaml", reading="zheng")
    key(pygame.K_o)
    assert pump_until(v, lambda: v.comparison is not None, timeout=90)
    v.pump(0)
    assert not v.step_list().key
    for want in (1, 2, 1):
        key(pygame.K_RIGHT if want > v.state.step else pygame.K_LEFT)
        v.pump(0)
        assert v.state.step == want and v.pinned is None
