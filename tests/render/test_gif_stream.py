"""GIF export: the palette is built from sampled frames first, then frames stream through it, so
ffmpeg's memory does not grow with the length; the frames still look like the stills."""

import os
import sys
import time

import imageio.v3 as iio
import numpy as np
import pytest

from choreo.export import sinks
from choreo.export.video import export_video
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

SIZE = (320, 180)
COLOURS = np.array([[240, 234, 220], [200, 60, 40], [40, 90, 200], [30, 30, 30]], np.uint8)


def _frame(k: int) -> bytes:
    """A flat background with a square that moves (four colours, as flat as the drawings are)."""
    w, h = SIZE
    img = np.empty((h, w, 3), np.uint8)
    img[:] = COLOURS[0]
    x = (k * 3) % (w - 40)
    img[60:100, x:x + 40] = COLOURS[1 + k % 3]
    img[150:160, :] = COLOURS[3]
    return img.tobytes()


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:")) / 1024


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads ffmpeg's memory in /proc")
def test_the_encoder_memory_does_not_grow_with_the_number_of_frames(tmp_path):
    """With ``split`` before ``palettegen`` ffmpeg kept every frame: 1,200 frames of 320×180 are
    200 MB. Streamed through a palette built beforehand, the encoder stays the same size."""
    out = tmp_path / "long.gif"
    sink = sinks.GifSink(out, SIZE, 10)
    for k in range(0, 1200, 50):
        sink.sample(_frame(k))
    sizes = {}
    for k in range(1200):
        sink.write(_frame(k))
        if k + 1 in (200, 1200):
            time.sleep(0.3)  # let ffmpeg take in what the pipe holds
            sizes[k + 1] = _rss_mb(sink._proc.pid)
    sink.close()
    assert sizes[1200] - sizes[200] < 20, sizes  # kept frames would add ~170 MB
    frames = iio.imread(out, index=None)[..., :3]
    assert frames.shape == (1200, SIZE[1], SIZE[0], 3)
    for k in (0, 599, 1199):
        want = np.frombuffer(_frame(k), np.uint8).reshape(SIZE[1], SIZE[0], 3)
        assert np.array_equal(frames[k], want)  # four colours: the palette holds them exactly
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.gif"]  # palette and .part gone


def test_gif_frames_match_the_stills_of_the_same_moments(tmp_path, choreography):
    """The palette comes from 48 moments spread over the video, not from every frame: the frames
    must still match what the renderer draws (antialiased edges may take a neighbouring colour)."""
    cfg = RenderConfig(size=(640, 360), fps=10, quiet=True)
    out = tmp_path / "clip.gif"
    export_video(choreography, out, cfg)
    frames = iio.imread(out, index=None)[..., :3].astype(int)
    tl = cfg.pace.timeline(choreography.steps)
    renderer = FrameRenderer(choreography, cfg)
    for k in (3, len(frames) // 2, len(frames) - 2):
        t, step = tl.at(k / cfg.fps)
        card = tl.card_at(k / cfg.fps)  # the passage's title card over the dimmed plan, at the start
        still = np.frombuffer(renderer.frame_bytes(t, step, card=card), np.uint8).reshape(360, 640, 3).astype(int)
        off = np.abs(frames[k] - still).max(axis=2)
        assert (off > 12).mean() < 0.005, (k, (off > 12).mean())
        assert off.mean() < 1.0, (k, off.mean())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clip.gif"]


def test_a_failed_palette_leaves_nothing(tmp_path):
    sink = sinks.GifSink(tmp_path / "x.gif", SIZE, 10)
    sink.sample(_frame(0))
    palette = sink.palette
    assert palette is not None and palette.name.startswith(".x.gif.") and palette.name.endswith(".part.png")
    sink._palettegen.kill()
    sink._palettegen.wait()
    with pytest.raises(sinks.ExportError, match="building the palette of"):
        sink.write(_frame(1))
    assert os.listdir(tmp_path) == []
