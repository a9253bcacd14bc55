"""Exports decoded: size, frame count, and figures drawn where the tracks put them; failures leave nothing."""

import signal
import subprocess
import sys
import time

import imageio.v3 as iio
import numpy as np
import pytest

from choreo.errors import ExportError, RenderError
from choreo.export import sinks
from choreo.export.video import export_plates, export_still, export_video
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import CAPTION, colour_of

SIZE = (320, 180)


def _frame_colour_checks(frames, choreography, cfg, tol):
    """At a few frames, the pixel at each visible figure's projected centre has its group colour."""
    renderer = FrameRenderer(choreography, cfg)
    tl = cfg.pace.timeline(choreography.steps)
    checked = cards = 0
    for k in (5, 30, 60, 80, len(frames) - 5):
        t, step = tl.at(k / cfg.fps)
        if tl.card_at(k / cfg.fps):
            # the passage's title card over the dimmed picture: its panel has the caption's colour
            x, y, w, h = renderer.title_card.box(step)
            got = frames[k][y + h // 2, x + 4].astype(int)
            assert np.abs(got - np.array(CAPTION["background"])).max() <= tol, (k, got)
            cards += 1
            continue
        for name in ("司馬", "上耦上射", "主人", "司射"):
            p = renderer.project(name, t, step)
            if p is None:
                continue
            x, y = int(p[0]), int(p[1])  # the pixel whose square contains the point
            left, top, w, h = renderer.panels.main
            if x in (left, left + w - 1) or y in (top, top + h - 1):
                continue  # on the panel's edge: its 1-px frame is drawn over whatever stands there
            got = frames[k][y, x].astype(int)
            want = np.array(colour_of(choreography.figures[name]))
            assert np.abs(got - want).max() <= tol, (k, name, got, want)
            checked += 1
    assert checked >= 4 and cards >= 1  # frame 5 is in the first passage's title card


def test_mp4_decodes_with_size_count_and_colours(tmp_path, choreography):
    # 640x360: discs large enough that yuv420p's halved chroma does not bleed into their centres
    cfg = RenderConfig(size=(640, 360), fps=10, quiet=True)
    out = tmp_path / "clip.mp4"
    export_video(choreography, out, cfg)
    frames = iio.imread(out, plugin="FFMPEG")
    duration = cfg.pace.timeline(choreography.steps).duration
    assert frames.shape[1:] == (360, 640, 3)
    assert abs(len(frames) - duration * cfg.fps) <= 1
    _frame_colour_checks(frames, choreography, cfg, tol=40)  # H.264 yuv420p shifts flat colours a little
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_gif_decodes_with_exact_flat_colours(tmp_path, choreography):
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)
    out = tmp_path / "clip.gif"
    export_video(choreography, out, cfg)
    frames = iio.imread(out, index=None)[..., :3]
    duration = cfg.pace.timeline(choreography.steps).duration
    assert frames.shape[1:] == (SIZE[1], SIZE[0], 3)
    assert abs(len(frames) - duration * cfg.fps) <= 1
    _frame_colour_checks(frames, choreography, cfg, tol=12)  # one global palette, no dithering


def test_png_still_and_plates(tmp_path, choreography):
    cfg = RenderConfig(size=SIZE, quiet=True)
    still = export_still(choreography, tmp_path / "s.png", cfg, at="s002")
    assert iio.imread(still).shape == (SIZE[1], SIZE[0], 3)
    plates = export_plates(choreography, tmp_path / "plates", cfg)
    assert [p.name for p in plates] == ["001-s001.png", "002-s002.png", "003-s003.png"]
    with pytest.raises(ExportError, match="neither a time"):
        export_still(choreography, tmp_path / "x.png", cfg, at="s0002")


def test_missing_folder_and_bad_suffix_fail_before_work(tmp_path, choreography):
    cfg = RenderConfig(size=SIZE, quiet=True)
    with pytest.raises(ExportError, match="does not exist"):
        export_video(choreography, tmp_path / "nope" / "clip.mp4", cfg)
    with pytest.raises(ExportError, match=r"\.mp4, \.gif or \.png"):
        export_video(choreography, tmp_path / "clip.avi", cfg)
    assert list(tmp_path.iterdir()) == []


def test_bad_sizes_and_rates_are_clear_errors():
    from choreo.render.config import parse_size

    with pytest.raises(RenderError, match="expected WIDTHxHEIGHT"):
        parse_size("1280by720")
    with pytest.raises(RenderError, match="between 16 and"):
        parse_size("0x720")
    with pytest.raises(ExportError, match="even dimensions"):
        sinks.Mp4Sink("/tmp/odd.mp4", (321, 180), 10)
    with pytest.raises(ExportError, match="10, 20, 25"):
        sinks.GifSink("/tmp/x.gif", SIZE, 15)


def test_failure_mid_export_leaves_no_file(tmp_path, choreography, monkeypatch):
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)
    real_write = sinks.Mp4Sink.write

    def failing(self, frame):
        if self.frames == 7:
            raise ExportError("MP4 (H.264) encoder failed after 7 frames: simulated")
        real_write(self, frame)

    monkeypatch.setattr(sinks.Mp4Sink, "write", failing)
    with pytest.raises(ExportError, match="after 7 frames"):
        export_video(choreography, tmp_path / "clip.mp4", cfg)
    assert list(tmp_path.iterdir()) == []


def test_killed_encoder_is_reported_and_cleaned_up(tmp_path, choreography):
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)
    sink = sinks.GifSink(tmp_path / "clip.gif", SIZE, 10)
    renderer = FrameRenderer(choreography, cfg)

    class Killing:
        def __init__(self):
            self.n = 0
            self.frames = 0

        def write(self, frame):
            self.n += 1
            if self.n == 5:
                sink._proc.kill()
                sink._proc.wait()
            for _ in range(50):  # a pipe buffer may swallow a few writes before EPIPE shows
                sink.write(frame)

        def close(self):
            return sink.close()

        def abort(self):
            sink.abort()

        def sweep(self):
            sink.sweep()

    with pytest.raises(ExportError, match="GIF encoder"):
        export_video(choreography, tmp_path / "clip.gif", cfg, renderer=renderer, sink=Killing())
    assert list(tmp_path.iterdir()) == []


def test_interrupt_removes_the_partial_file(tmp_path, choreography, monkeypatch):
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)
    calls = {"n": 0}
    real = FrameRenderer.draw

    def interrupted(self, t, step=None, view=None, into=None, card=False):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(self, t, step, view, into, card)

    monkeypatch.setattr(FrameRenderer, "draw", interrupted)
    with pytest.raises(KeyboardInterrupt, match="interrupted"):  # re-raised: the CLI exits 130
        export_video(choreography, tmp_path / "clip.mp4", cfg)
    assert list(tmp_path.iterdir()) == []


def test_import_choreo_has_no_pygame():
    code = ("import sys, choreo, choreo.model, choreo.cli, choreo.render.config, choreo.render.timeline\n"
            "print('pygame' in sys.modules, 'imageio' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False"]



def test_an_interrupt_while_the_encoder_starts_removes_its_file(tmp_path, choreography, monkeypatch):
    """Ctrl-C (or SIGTERM) between the temporary file's creation and ffmpeg's start: the file goes too."""
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)

    def interrupted(*args, **kwargs):
        assert [p.name for p in tmp_path.iterdir() if ".part." in p.name], "the file exists before ffmpeg"
        raise KeyboardInterrupt

    monkeypatch.setattr(sinks.subprocess, "Popen", interrupted)
    with pytest.raises(KeyboardInterrupt, match="interrupted: .*clip.mp4 was not written"):
        export_video(choreography, tmp_path / "clip.mp4", cfg)
    assert list(tmp_path.iterdir()) == []

@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_sigterm_mid_export_leaves_no_file(tmp_path):
    """`timeout` or a scheduler stopping `choreo render`: the partial file goes, as on Ctrl-C."""
    proc = subprocess.Popen([sys.executable, "-m", "choreo", "render", "xiangshe/e01-youshe", "-o", "clip.mp4",
                             "--quiet"], cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    # Not a wait for bytes: ffmpeg can hold them until near the end, and the file could be renamed first.
    while not any(p.name.startswith(".clip.mp4.") for p in tmp_path.iterdir()):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the export never started writing"
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143, err
    assert "terminated: clip.mp4 was not written" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
