"""Two readings at once: the other reading's figures drawn as ghosts exactly where they differ, the caption
quoting both sides, the agreeing steps passing quickly, and ``choreo render --compare`` end to end."""

from __future__ import annotations

import math

import imageio.v3 as iio
import numpy as np
import pygame
import pytest

from choreo.cli import main
from choreo.compare import Comparison, venue_differences
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.ghosts import compare_caption
from choreo.render.timeline import QUICK_BY, QUICK_HOLD, Pace

SCRIPT = scripts_dir() / "xiangshe" / "e06-second-round.yaml"


@pytest.fixture(scope="module")
def zheng_ao():
    a = plan_script(SCRIPT, venue="xie", reading="zheng")
    b = plan_script(SCRIPT, venue="xie", reading="ao")
    return Comparison(a, b)


@pytest.fixture(scope="module")
def renderer(zheng_ao):
    return FrameRenderer(zheng_ao.a, RenderConfig(size=(1280, 720)), comparison=zheng_ao)


def _mid(ch, step_id: str, u: float = 0.5) -> float:
    s = ch.step(step_id)
    return s.t0 + u * (s.t1 - s.t0)


def _tracks_differ(cmp: Comparison, step_id: str, n: int = 400) -> set[str]:
    """Independently of choreo.compare: the figures whose place or facing differs at some moment of the
    step, both plans sampled at the same time from the step's start (held at the end of the shorter)."""
    sa, sb = cmp.a.step(step_id), cmp.b.step(step_id)
    out = set()
    for name in set(cmp.a.tracks) & set(cmp.b.tracks):
        for off in np.linspace(0, max(sa.t1 - sa.t0, sb.t1 - sb.t0), n):
            pa = cmp.a.pose_at(name, min(sa.t0 + off, sa.t1))
            pb = cmp.b.pose_at(name, min(sb.t0 + off, sb.t1))
            if pa is None or pb is None:
                continue
            turn = abs((pa.bearing - pb.bearing + 180) % 360 - 180)
            if math.hypot(pa.x - pb.x, pa.y - pb.y) > 0.05 or turn > 1.0:
                out.add(name)
                break
    return out


def _frame(renderer: FrameRenderer, t: float, step, comparison) -> np.ndarray:
    renderer.comparison = comparison
    surf = renderer.draw(t, step)
    x, y, w, h = renderer.panels.main
    return pygame.surfarray.array3d(surf)[x:x + w, y:y + h].copy()


def _changed_near(diff: np.ndarray, px: float, py: float, left: int, top: int, reach: int = 3) -> bool:
    x, y = int(round(px)) - left, int(round(py)) - top
    return bool(diff[max(0, x - reach):x + reach + 1, max(0, y - reach):y + reach + 1].any())


def test_the_ghosts_of_the_receiving_of_the_suan_are_the_figures_whose_tracks_differ(zheng_ao, renderer):
    """s09: 鄭 has the 釋獲者 turn north to take the 算, 敖 has him take it facing east. The overlay ghosts
    exactly the figures whose tracks differ, and the frame's pixels change at them and nowhere else."""
    step = zheng_ao.a.step("s09")
    assert set(zheng_ao.ghosts("s09")) == _tracks_differ(zheng_ao, "s09")
    t = _mid(zheng_ao.a, "s09")
    ghosts = renderer.ghosts(t, step)
    drawn = {g.name for g in ghosts}
    # the 算 is in someone's hands at that moment under 敖: drawn as his badge, not as a ghost token
    carried = {n for n in zheng_ao.ghosts("s09")
               if zheng_ao.b.holder_of(n, zheng_ao.other_time("s09", t)) is not None}
    assert drawn == set(zheng_ao.ghosts("s09")) - carried and "釋獲者" in drawn
    (ghost,) = [g for g in ghosts if g.name == "釋獲者"]
    assert abs((ghost.bearing - 90) % 360) < 1  # 東面 under 敖 ...
    assert abs(zheng_ao.a.pose_at("釋獲者", t).bearing % 360) < 1  # ... while 鄭 has him 北面

    base = _frame(renderer, t, step, None)
    with_ghosts = _frame(renderer, t, step, zheng_ao)
    diff = (base != with_ghosts).any(axis=2)
    left, top = renderer.panels.main[:2]
    assert _changed_near(diff, ghost.px, ghost.py, left, top)
    assert _changed_near(diff, *ghost.tip, left, top)  # the wedge points east
    # every changed pixel belongs to a ghost: its disc and wedge, its trail, or its label beside it
    ys, xs = np.nonzero(diff.T)
    room = renderer.cfg.px(17) * 6  # a label's width and its gap from the disc
    near = np.zeros(len(xs), bool)
    for g in ghosts:
        x0, y0, x1, y1 = g.box
        for px, py in list(g.trail) or [(g.px, g.py)]:
            x0, y0, x1, y1 = min(x0, px), min(y0, py), max(x1, px), max(y1, py)
        near |= (xs + left >= x0 - room) & (xs + left <= x1 + room) & (ys + top >= y0 - room) & (ys + top <= y1 + room)
    assert near.all()
    # the figures that do not differ (the 執算者 beside him, the 司射) are drawn as they were
    for name in ("執算者", "司射"):
        px, py = renderer.project(name, t, step)
        assert not _changed_near(diff, px, py, left, top, reach=1)


def test_the_ascent_order_ghosts_the_bin_and_the_host_where_they_are_under_ao(zheng_ao, renderer):
    """b3c 升堂揖: under 敖 the 主人 goes up first; both ghosts stand where 敖 has them at that moment."""
    step = zheng_ao.a.step("b3c")
    assert {"賓", "主人"} <= set(zheng_ao.ghosts("b3c")) <= _tracks_differ(zheng_ao, "b3c") | {
        f for f, _, _ in zheng_ao.difference("b3c").acts}
    assert "主人先升" in " ".join(zheng_ao.changes("b3c")) and "賓先升" in " ".join(zheng_ao.changes("b3c"))
    t = _mid(zheng_ao.a, "b3c", 0.45)
    base = _frame(renderer, t, step, None)
    with_ghosts = _frame(renderer, t, step, zheng_ao)
    diff = (base != with_ghosts).any(axis=2)
    left, top = renderer.panels.main[:2]
    tb = zheng_ao.other_time("b3c", t)
    vp = renderer.main_viewport(t, step)
    for name in ("賓", "主人"):
        pose = zheng_ao.b.pose_at(name, tb)
        assert _changed_near(diff, *vp.to_screen(pose.x, pose.y), left, top), name


def test_a_step_where_the_readings_agree_has_no_ghost_and_its_picture_is_unchanged(zheng_ao, renderer):
    agreeing = next(s for s in zheng_ao.a.steps if not zheng_ao.differs(s.id))
    t = _mid(zheng_ao.a, agreeing.id)
    assert renderer.ghosts(t, agreeing) == []
    assert np.array_equal(_frame(renderer, t, agreeing, None), _frame(renderer, t, agreeing, zheng_ao))
    assert not compare_caption(zheng_ao, agreeing).differs


def test_the_caption_quotes_each_reading_on_its_own_side(zheng_ao):
    cap = compare_caption(zheng_ao, zheng_ao.a.step("s09"))
    assert cap.names == (zheng_ao.a.reading_title, zheng_ao.b.reading_title)
    note = zheng_ao.b.step("s09").reading_note
    assert cap.quotes[0] and cap.quotes[0] in note and cap.quotes[0].endswith("〔000〕")
    assert cap.quotes[1] and cap.quotes[1] in note and cap.quotes[1].endswith("〔001〕")
    assert "釋獲者 北面 ↔ 東面" in cap.changes


def test_a_venue_comparison_says_what_the_venue_files_set_otherwise():
    a = plan_script(SCRIPT, venue="xie", reading="zheng", to_step="s02")
    b = plan_script(SCRIPT, venue="xiang", reading="zheng")
    cmp = Comparison(a, b)
    assert cmp.by_venue and cmp.names() == (a.venue.title, b.venue.title)
    rows = venue_differences(a.venue, b.venue)
    assert rows and all(f"{va} ↔ {vb}" in cmp.changes("s01") for _, va, vb, _, _ in rows)
    cap = compare_caption(cmp, a.step("s01"))
    for i, venue in enumerate((a.venue, b.venue)):
        assert cap.quotes[i] and all(q.strip() in "".join(venue.option_sources.values())
                                     for q in cap.quotes[i].split("；"))


def test_agreeing_steps_pass_quickly():
    from choreo.model import Step

    steps = (Step("s1", 0, 0.0, 40.0, "甲乙丙丁", "000", ()), Step("s2", 1, 40.0, 80.0, "甲乙丙丁", "000", ()))
    slow = Pace(speed=4.0, hold=3.0, rate=5.0).timeline(steps)
    quick = Pace(speed=4.0, hold=3.0, rate=5.0, quick=frozenset({"s1"})).timeline(steps)
    assert slow.duration == pytest.approx(20.0)
    assert quick.duration == pytest.approx(10.0 + max(QUICK_HOLD, 40.0 / (4.0 * QUICK_BY)))


def test_render_compare_writes_a_still_and_a_video_with_ghosts(tmp_path, zheng_ao, capsys):
    png, gif = tmp_path / "s09.png", tmp_path / "b3.gif"
    assert main(["render", str(SCRIPT), "--compare", "ao", "--at", f"{_mid(zheng_ao.a, 's09'):.2f}",
                 "-o", str(png), "--quiet"]) == 0
    plain = tmp_path / "plain.png"
    assert main(["render", str(SCRIPT), "--at", f"{_mid(zheng_ao.a, 's09'):.2f}", "-o", str(plain), "--quiet"]) == 0
    assert iio.imread(png).shape == iio.imread(plain).shape == (720, 1280, 3)
    assert main(["render", str(SCRIPT), "--compare", "ao", "--from", "b3", "--to", "b3c", "-o", str(gif),
                 "--fps", "10"]) == 0
    err = capsys.readouterr().err
    assert f"{QUICK_BY:g}× faster" in err
    frames = iio.imread(gif, index=None)
    assert frames.shape[0] > 5 and frames.shape[1:3] == (360, 640)


@pytest.mark.parametrize("argv, message", [
    (["--compare", "aoo"], "error: --compare: unknown reading 'aoo'"),
    (["--compare-venue", "xei"], "error: --compare-venue: unknown venue 'xei'"),
    (["--compare", "zheng"], "nothing to compare"),
    (["--compare", "ao", "--compare-venue", "xiang"], "not both"),
])
def test_a_bad_comparison_is_an_error_with_a_suggestion_and_no_file(tmp_path, capsys, argv, message):
    out = tmp_path / "x.png"
    assert main(["render", str(SCRIPT), *argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and not out.exists()
    if "unknown" in message:
        assert "did you mean" in err


def test_a_venue_comparison_outlines_the_other_plan_where_it_differs():
    """庠 against 榭: the 庠's 室 and its 物 on the 楣, which the 榭 has not, are outlined in the ghosts' tint."""
    from choreo.render.ghosts import GHOST_TINT, PLAN_GHOST_STYLES, plan_ghosts
    from choreo.render.planlayout import build_layout

    a = plan_script(SCRIPT, venue="xie", reading="zheng", to_step="s20")
    b = plan_script(SCRIPT, venue="xiang", reading="zheng")
    la, lb = build_layout(a.venue), build_layout(b.venue)
    shapes = plan_ghosts(la, lb)
    assert shapes and all(s not in la.shapes and s in lb.shapes and s.style in PLAN_GHOST_STYLES for s in shapes)
    assert {"room", "mark"} <= {s.style for s in shapes}
    r = FrameRenderer(a, RenderConfig(size=(1280, 720)), comparison=Comparison(a, b))
    step = a.step("s20")
    surf = r.draw(step.t1, step)
    vp = r.main_viewport(step.t1, step)
    px = pygame.surfarray.array3d(surf)
    tinted = 0
    for s in shapes:
        x, y = (int(round(v)) for v in vp.to_screen(*s.coords[0]))
        window = px[max(0, x - 2):x + 3, max(0, y - 2):y + 3].reshape(-1, 3)
        tinted += any(tuple(p) == GHOST_TINT for p in window)
    assert tinted >= len(shapes) // 2  # most start on screen and uncovered by a figure


def test_the_still_its_svg_and_the_video_frame_draw_the_same_ghosts(tmp_path, zheng_ao, renderer):
    """The PNG still is painted from the frame's Scene: its ghosts are where the video frame has them,
    and the SVG of the same still carries them, translucent, in the ghosts' tint."""
    from choreo.render.framescene import FrameScene
    from choreo.render.ghosts import GHOST_TINT
    from choreo.render.scenepaint import paint

    step = zheng_ao.a.step("s09")
    t = _mid(zheng_ao.a, "s09")
    renderer.comparison = zheng_ao
    (ghost,) = [g for g in renderer.ghosts(t, step) if g.name == "釋獲者"]
    video = pygame.surfarray.array3d(renderer.draw(t, step)).copy()
    still = pygame.surfarray.array3d(paint(FrameScene(renderer).at(t, step), renderer.texts))
    x, y = int(round(ghost.px)), int(round(ghost.py))
    assert np.abs(video[x - 2:x + 3, y - 2:y + 3].astype(int) - still[x - 2:x + 3, y - 2:y + 3]).max() <= 2
    renderer.comparison = None
    bare = pygame.surfarray.array3d(paint(FrameScene(renderer).at(t, step), renderer.texts))
    renderer.comparison = zheng_ao
    assert not np.array_equal(bare[x - 2:x + 3, y - 2:y + 3], still[x - 2:x + 3, y - 2:y + 3])
    svg = tmp_path / "s09.svg"
    assert main(["render", str(SCRIPT), "--compare", "ao", "--at", f"{t:.4f}", "-o", str(svg), "--quiet"]) == 0
    text = svg.read_text(encoding="utf-8")
    tint = "#" + "".join(f"{c:02x}" for c in GHOST_TINT)
    assert tint in text.lower() and 'opacity="' in text
