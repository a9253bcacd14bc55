"""The pace of a video a lecture can follow: reading-time floors, title cards, one video per passage."""

from __future__ import annotations

import imageio.v3 as iio
import pytest

from choreo.cli import main
from choreo.planning import default_script, plan_script
from choreo.render.config import RenderConfig


@pytest.fixture(scope="module")
def rite():
    return plan_script(default_script())


def test_the_whole_rite_keeps_every_clause_for_its_reading_time(rite, capsys):
    """The default whole-rite video (--max-minutes 32) speeds up the walks and gives up no clause."""
    from choreo.commands.render import DEFAULT_MAX_MINUTES
    from choreo.render.timeline import fit_pace, reading_seconds

    pace = fit_pace(rite.steps, RenderConfig().pace, DEFAULT_MAX_MINUTES * 60)
    assert pace.given_up == "" and pace.rate == 5.0 and pace.card > 0
    tl = pace.timeline(rite.steps)
    assert tl.duration <= DEFAULT_MAX_MINUTES * 60
    on_screen: dict[str, float] = {}
    dt = 0.05
    for k in range(int(tl.duration / dt)):
        if not tl.card_at(k * dt):
            step = tl.at(k * dt)[1]
            on_screen[step.id] = on_screen.get(step.id, 0.0) + dt
    short = [s.id for s in rite.steps
             if on_screen.get(s.id, 0.0) < max(pace.hold, reading_seconds(s.text, pace.rate)) - 2 * dt]
    assert short == []
    # a title card for each passage
    assert len([seg for seg in tl.segments if seg.card]) == len({s.passage for s in rite.steps})


def test_a_ten_minute_video_says_what_it_gives_up(rite, capsys):
    """Asked for 10 minutes, the whole rite cannot keep every clause's reading time: the command says so."""
    import argparse

    from choreo.commands.render import fitted

    args = argparse.Namespace(max_minutes=10.0, speed=None, hold=None, reading_rate=None)
    cfg = fitted(RenderConfig(), args, rite.steps)
    assert 590 <= cfg.pace.timeline(rite.steps).duration <= 600
    assert (cfg.reading_rate, cfg.hold) != (5.0, 3.0)
    err = capsys.readouterr().err
    assert "to keep the video under 10 minutes" in err
    assert "instead of" in err or "no clause is up for its reading time" in err


def test_per_passage_writes_one_video_per_passage_named_for_it(tmp_path):
    out = tmp_path / "course"
    code = main(["render", "--per-passage", str(out), "--from", "e1.s17", "--to", "e2.s02", "--size", "320x180",
                 "--fps", "5", "--quiet"])
    assert code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["e01-司射誘射.mp4", "e02-三耦第一番射.mp4"]
    for name in names:
        frames = iio.imread(out / name, plugin="FFMPEG")
        assert frames.shape[1:] == (180, 320, 3) and len(frames) >= 5 * 4  # at least its title card


def _chapters_of(path) -> list[tuple[int, int, str]]:
    """The MP4's chapters read back with the bundled ffmpeg (its metadata written as FFMETADATA1)."""
    import subprocess

    import imageio_ffmpeg

    out = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-i", str(path),
                          "-f", "ffmetadata", "-"], capture_output=True, text=True, check=True, timeout=60).stdout
    chapters, current = [], {}
    for line in out.splitlines():
        if line == "[CHAPTER]":
            current = {}
            chapters.append(current)
        elif "=" in line and chapters:
            key, value = line.split("=", 1)
            current[key] = value
    return [(int(c["START"]), int(c["END"]), c["title"]) for c in chapters]


def test_mp4_chapters_are_the_passages_at_their_title_cards(tmp_path, rite):
    out = tmp_path / "span.mp4"
    assert main(["render", "-o", str(out), "--from", "e1.s17", "--to", "e2.s02", "--size", "320x180", "--fps", "5",
                 "--quiet"]) == 0
    chapters = _chapters_of(out)
    assert [title for _, _, title in chapters] == ["e.1 司射誘射", "e.2 三耦第一番射"]
    cfg = RenderConfig(size=(320, 180), fps=5)
    steps = tuple(s for s in rite.steps if s.id in ("e1.s17", "e2.s01", "e2.s02"))
    starts = [round(v0 * 1000) for v0, _, _ in cfg.pace.timeline(steps).chapters()]
    assert [start for start, _, _ in chapters] == starts and starts[0] == 0
    assert chapters[0][1] == chapters[1][0]  # one chapter ends where the next begins
    assert len(iio.imread(out, plugin="FFMPEG")) / cfg.fps * 1000 == pytest.approx(chapters[-1][1], abs=250)
