"""The viewer as a new user meets it: no display, a misspelt script name, Esc, a plan that takes
too long, an error page to read, and a paused window that costs nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pygame

from choreo import cli
from choreo.commands.view import display_missing
from choreo.viewer import errorpage, glyphs
from tests.viewer.conftest import TWO_READINGS, click, key

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = "xiangshe/e01-youshe"


def long_script(path: Path, steps: int) -> Path:
    """司射 walking to the 堂西 and back, ``steps`` times: slow to plan for its length alone."""
    head = TWO_READINGS.split("readings:")[0]
    body = "".join(f"  - id: g{i:05d}\n    text: 司射適堂西\n    do:\n      司射: [{{適: {'堂西' if i % 2 else '司射位'}}}]\n"
                   for i in range(steps))
    path.write_text(head + "steps:\n" + body, encoding="utf-8")
    return path


def test_view_without_a_display_says_so_and_exits_2_at_once():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(ROOT)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "choreo", "view", BUNDLED], env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and time.perf_counter() - start < 30
    assert out.stderr.startswith("error: no display to open the viewer's window on") and "Traceback" not in out.stderr
    # an explicit driver (the tests' dummy) is taken as meant, and so is an X or Wayland display
    assert display_missing({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_missing({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_missing({}, "darwin") is None


def test_unknown_script_is_told_on_the_terminal_before_any_window(capsys, monkeypatch):
    import choreo.viewer.app

    def no_window(*a, **k):
        raise AssertionError("a window was opened for a script that does not exist")

    monkeypatch.setattr(choreo.viewer.app, "Viewer", no_window)
    assert cli.main(["view", "e01-yooshe"]) == 2
    err = capsys.readouterr().err
    assert err == "error: no such script: e01-yooshe\ndid you mean 'e01-youshe'?\n"
    assert cli.main(["view", "nothere"]) == 2
    assert capsys.readouterr().err == "error: no such script: nothere (choreo list names the bundled scripts)\n"
    assert not pygame.display.get_init()


def test_watch_waits_for_a_new_file_in_an_existing_folder(capsys, monkeypatch, tmp_path):
    import choreo.viewer.app

    opened = []

    class Recorder:
        def __init__(self, session, **options):
            opened.append(session.request.script)

        def run(self):
            return 0

    monkeypatch.setattr(choreo.viewer.app, "Viewer", Recorder)
    new = tmp_path / "new.yaml"
    assert cli.main(["view", str(new), "--watch"]) == 0 and opened == [str(new)]
    assert "not there yet" in capsys.readouterr().err
    assert cli.main(["view", str(tmp_path / "nofolder" / "new.yaml"), "--watch"]) == 2


def card_pixels(v):
    left, top, w, h = v.renderer.panels.main
    return pygame.surfarray.array3d(v.screen)[left + w - 470:left + w, top + h - 200:top + h].copy()


def test_escape_closes_the_card_then_quits(make_viewer):
    v = make_viewer(BUNDLED)
    bare = card_pixels(v)
    px, py = v.renderer.project("司射", v.state.t, v.choreography.steps[0])
    click((int(px), int(py)))
    v.pump(0)
    assert v.state.selected == "司射"
    assert (card_pixels(v) != bare).any(axis=-1).mean() > 0.2  # the card is drawn bottom right
    key(pygame.K_ESCAPE)
    v.pump(0)
    assert v.state.selected is None and not v.state.quit
    assert (card_pixels(v) != bare).any(axis=-1).mean() < 0.01  # and gone
    key(pygame.K_h)
    v.pump(0)
    key(pygame.K_ESCAPE)
    v.pump(0)
    assert not v.state.help and not v.state.quit
    key(pygame.K_ESCAPE)
    v.pump(0)
    assert v.state.quit


def test_a_plan_that_never_ends_leaves_the_window_answering_and_is_stopped(monkeypatch, tmp_path):
    import choreo.planning
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    def forever(*a, **k):  # a planner caught in a loop (pure Python, as the planner is)
        n = 0
        while True:
            n += 1

    monkeypatch.setattr(choreo.planning, "plan_script", forever)
    v = Viewer(Session(Request(BUNDLED)), size=(960, 600), plan_limit=1.5)
    try:
        worst, seen, help_seen, frames = 0.0, set(), False, 0
        end = time.perf_counter() + 6
        while v.planning is not None and time.perf_counter() < end:
            if not help_seen and v.planning.elapsed() > 0.5:
                key(pygame.K_h)  # a key while planning is answered at once
            t0 = time.perf_counter()
            v.pump()
            worst = max(worst, time.perf_counter() - t0)
            frames += 1
            help_seen = help_seen or v.state.help
            if v.planning is not None:
                seen.add(v.planning_text().split("…")[0])
            if v.planning is not None and not v.state.help:
                left, top, w, h = v.layout.frame
                frame = pygame.surfarray.array3d(v.screen)[left:left + w, top + 60:top + h]
                assert np.all(frame == errorpage.WAIT_BG, axis=-1).mean() > 0.9  # the waiting page
            time.sleep(0.02)
        assert v.planning is None, "the planning thread was not stopped"
        # frames kept coming (planning in the foreground froze the window for good); the bound is loose
        # for a loaded machine: the planning thread holds the GIL between the 5-ms switches
        assert help_seen and frames > 20 and worst < 1.0
        assert seen >= {f"planning {BUNDLED}"}
        assert v.error_text == (f"{choreo.planning.find_script(BUNDLED)}: error: planning took longer than 1.5 s "
                                "and was stopped\n(choreo view --plan-limit SECONDS gives it longer; "
                                "choreo check SCRIPT plans it on the terminal)")
        assert not any(t.name == "choreo-replan" and t.is_alive() for t in threading.enumerate())
    finally:
        v.close()


def test_a_long_script_is_stopped_at_the_limit_and_a_reload_under_it_comes_back(tmp_path):
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    path = long_script(tmp_path / "long.yaml", 4000)
    v = Viewer(Session(Request(str(path))), size=(960, 600), watch=True, plan_limit=0.5)
    try:
        v.pump(0)
        assert v.planning is not None and v.planning.what == f"planning {path}"
        assert v.wait_planned(20)
        assert "planning took longer than 0.5 s and was stopped" in v.error_text
        v.watch_every = 0
        time.sleep(0.01)
        path.write_text(TWO_READINGS, encoding="utf-8")
        v.pump(0)
        assert v.wait_planned(20)
        assert v.error_text is None and v.message[0] == "reloaded long.yaml"
    finally:
        v.close()


POINTED_SCRIPT = TWO_READINGS.replace("    notes: [\"鄭 「猶，有故之辭」〔000〕\"]\n    do:\n      司射: [{適: 司射位}]",
                                      "    do:\n      司射:\n        - {適: 司射位}\n        - 左環")


def warm(pixels):
    """Ink in the caret's amber (green rises far above blue over the dark red page), antialiased too."""
    g, b = pixels[..., 1].astype(int) - errorpage.ERROR_BG[1], pixels[..., 2].astype(int) - errorpage.ERROR_BG[2]
    return g - 2 * b > 20


def pale(pixels):
    """Ink in the message's near-white (blue rises with green)."""
    g, b = pixels[..., 1].astype(int) - errorpage.ERROR_BG[1], pixels[..., 2].astype(int) - errorpage.ERROR_BG[2]
    return (g > 40) & (b > 0.8 * g)


def test_error_page_shows_the_whole_message_with_the_caret_under_the_character(make_viewer, tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(POINTED_SCRIPT, encoding="utf-8")
    v = make_viewer(path)
    lines = v.error_text.split("\n")
    assert lines[0].startswith(f"{path}:") and lines[0].endswith("unknown verb '左環'")
    assert lines[1] == "          - 左環" and lines[-1] == "did you mean '左還'?"
    left, top, w, h = v.layout.frame
    frame = pygame.surfarray.array3d(v.screen)[left:left + w, top:top + h]
    frame[:, :56] = frame[:, h - 40:] = errorpage.ERROR_BG  # leave the page's title and its hint out
    rows = np.where(np.any(frame != errorpage.ERROR_BG, axis=-1).any(axis=0))[0]
    # the FILE:LINE:COL line, the source line with its caret (two lines' height), the did-you-mean: by
    # the page's line boxes, not by gaps in the ink (a system font's 環 may reach up to the line above)
    line = int(errorpage.SIZE * errorpage.LEADING)
    n = len(glyphs.wrap(lines[0], errorpage.SIZE, w - 40))  # a long temporary path wraps the head line
    edges = [errorpage.MESSAGE_TOP + k * line for k in (0, n, n + 2, n + 3)]
    bands = [rows[(rows >= a) & (rows < b)] for a, b in zip(edges, edges[1:], strict=False)]
    assert all(len(band) for band in bands) and rows[-1] < edges[-1] + line  # three lines, no fourth
    head, source, suggestion = bands
    pointed = warm(frame)
    per_row = pointed[:, source[0]:source[-1] + 1].sum(axis=0)
    underline = source[0] + int(np.argmax(per_row))  # the mark under the character: its widest row
    glyph = pointed[:, source[0]:underline - 1]  # the pointed character, drawn in the caret's colour
    cols = np.where(glyph.any(axis=1))[0]
    caret = np.where(pointed[:, underline + 2:source[-1] + 1].any(axis=1))[0]
    assert len(cols) and len(caret)
    assert cols[0] - 2 <= (caret[0] + caret[-1]) / 2 <= cols[-1] + 2
    inked = np.where(glyph.any(axis=0))[0]  # 左's own rows (the line above may reach into its line box)
    text = pale(frame[:, source[0] + inked[0]:source[0] + inked[-1] + 1])
    assert not text[cols[0]:cols[-1] + 1].any()  # no other character drawn over it
    assert text[:cols[0]].any() and text[cols[-1] + 1:].any()  # '-' before it, 環 after it
    # the indent is kept: the source line starts some eight spaces right of the message
    def first_ink(rows):
        return np.where(np.any(frame[:, rows[0]:rows[-1] + 1] != errorpage.ERROR_BG, axis=-1).any(axis=1))[0][0]
    space = v.writer.advances(" ", errorpage.SIZE)[0]
    indent = first_ink(np.arange(source[0] + inked[0], source[0] + inked[-1] + 1)) - first_ink(head)
    assert 8 * space - 3 <= indent <= 8 * space + 3  # "- " drawn from the 9th column on
    # what is drawn in the pointed colour is 左 (the caret's column), whole: its full-ink pixels
    alone = pygame.Surface((60, 40))
    alone.fill(errorpage.ERROR_BG)
    alone.blit(v.writer.render("左", errorpage.SIZE, errorpage.POINTED), (5, 5))
    assert glyph.sum() == warm(pygame.surfarray.array3d(alone)).sum()
    assert errorpage.parse(v.error_text)[1] == errorpage.Pointed("        - 左環", 10)
    # 環 is not in the bundled subset (a typo seldom is): drawn from a system font where one has it
    shown = [g.ch for g in glyphs.layout("左環", errorpage.SIZE)]
    drawable = glyphs.has_bundled("環") or glyphs.fallback("環") is not None
    assert shown == (["左", "環"] if drawable else ["左", "?"])


def test_paused_viewer_sleeps(make_viewer):
    v = make_viewer(BUNDLED)
    draws = []
    draw = v.draw
    v.draw = lambda: draws.append(1) or draw()
    stop = threading.Timer(2.5, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    pumps = []
    pump = v.pump
    v.pump = lambda *a: pumps.append(1) or pump(*a)
    cpu, wall = time.process_time(), time.perf_counter()
    stop.start()
    assert v.run() == 0
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert wall > 2.4
    assert len(draws) <= 3  # nothing changed: no frame drawn again (60 a second before)
    assert len(pumps) < wall / 0.04 + 20  # asleep between looks at the queue, not 60 pumps a second
    assert cpu / wall < 0.15, f"{100 * cpu / wall:.0f} % CPU while paused"


def test_error_text_wraps_at_a_space_and_keeps_every_character():
    text = f"{ROOT}/assets/scripts/xiangshe/e01-youshe.yaml: error: planning took longer than 2 s and was stopped"
    lines = glyphs.wrap(text, errorpage.SIZE, 600)
    shown = ["".join(g.ch for g in line) for line in lines]
    assert "".join(shown) == text and len(shown) >= 2
    assert all(line[-1].x + line[-1].advance <= 600 for line in lines)
    assert all(s.endswith(" ") for s in shown[:-1]) and shown[-1].endswith("stopped")  # no word cut in two
    clause = "司射猶挾乘矢，以命三耦：各與其耦讓取弓矢，拾。" * 2
    cjk = ["".join(g.ch for g in line) for line in glyphs.wrap(clause, errorpage.SIZE, 300)]
    assert "".join(cjk) == clause and not any(s[0] in glyphs.CLOSING for s in cjk)


def test_a_stop_swallowed_once_is_sent_again(monkeypatch):
    """A garbage-collector callback running in the planning thread prints and drops an exception
    raised in it (hypothesis installs one): the viewer tries again until the thread has ended."""
    import choreo.planning
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    swallowed = []

    def stubborn(*a, **k):
        while True:
            try:
                while True:
                    pass
            except BaseException as exc:  # noqa: BLE001 - as a callback's caller does
                if swallowed:
                    raise
                swallowed.append(exc)

    monkeypatch.setattr(choreo.planning, "plan_script", stubborn)
    v = Viewer(Session(Request(BUNDLED)), size=(800, 600), plan_limit=0.3)
    try:
        v.pump(0)
        assert v.wait_planned(10)
        assert len(swallowed) == 1 and "planning took longer than 0.3 s" in v.error_text
    finally:
        v.close()
