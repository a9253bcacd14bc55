"""Frames spliced into the encoder's pipe (choreo.export.pipefeed) reach it as they were when sent:
a frame's pixels are kept unchanged until the pipe has given them to the reader, also when the
reader is slow, and the video export's pool of surfaces is recycled only after that."""

import subprocess
import sys

import pytest

from choreo.export import pipefeed, sinks, video
from choreo.export.video import export_video
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

linux_only = pytest.mark.skipif(pipefeed._VMSPLICE is None, reason="vmsplice is Linux's")


def _reader(out, wait: float) -> subprocess.Popen:
    """A reader that starts reading ``wait`` seconds late: the pipe fills and stays full."""
    code = f"import shutil, sys, time; time.sleep({wait}); shutil.copyfileobj(sys.stdin.buffer, open({str(out)!r}, 'wb'))"
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE)


@linux_only
@pytest.mark.parametrize("size", [230_400, 921_600, 3_686_400])  # 320×180, 640×360, 1280×720 in bgr0
def test_a_frame_changed_once_let_go_is_read_as_it_was_sent(tmp_path, size):
    out = tmp_path / "read.raw"
    proc = _reader(out, 0.3)
    feed = pipefeed.PipeFeed(proc.stdin, size, splice=True)
    assert feed.splices and feed.capacity <= size
    frames = [bytearray([k]) * size for k in range(1, 5)]
    sent = []
    for frame in frames:
        feed.write(frame, memoryview(frame))
        sent.append(bytes(frame))
        assert feed.held == 1  # only the frame just sent: the one before it has been read
        if len(sent) > 1:
            frames[len(sent) - 2][:] = b"\xff" * size  # drawn over, as the pool's next frame would be
    proc.stdin.close()
    assert proc.wait() == 0
    feed.release()
    assert out.read_bytes() == b"".join(sent)


class RawSink(sinks._FfmpegSink):
    """The export's own ffmpeg pipe, its output the frames as received (rawvideo), to compare exactly."""

    kind = "raw video writer"
    splice = True  # a 320×180 frame would be copied otherwise (it fits a pipe whole)

    def _output_args(self) -> list[str]:  # at 4× real time: slower than we draw, the pipe stays full
        return ["-vf", "realtime=speed=4", "-f", "rawvideo", "-pix_fmt", self.pix_fmt]


def test_the_export_sends_every_frame_as_drawn_through_the_pipe(tmp_path, choreography, monkeypatch):
    monkeypatch.setattr(video._Writer, "DEPTH", 1)  # the fewest surfaces: each is drawn on again at once
    monkeypatch.setattr(video._Writer, "POOL", video._Writer.DEPTH + 3)
    size = (320, 180)
    cfg = RenderConfig(size=size, fps=10, quiet=True)
    renderer = FrameRenderer(choreography, cfg)
    if renderer.raw_format is None:
        pytest.skip("this platform's surfaces have no raw format ffmpeg reads")
    sink = RawSink(tmp_path / "clip.mp4", size, cfg.fps, renderer.raw_format)
    n = 40
    export_video(choreography, tmp_path / "clip.mp4", cfg, renderer=renderer, sink=sink, limit=n)
    got = (tmp_path / "clip.mp4").read_bytes()
    frame = size[0] * size[1] * 4
    assert len(got) == n * frame
    timeline = cfg.pace.timeline(choreography.steps)
    reference = FrameRenderer(choreography, cfg)
    for k in range(n):
        t, step = timeline.at(k / cfg.fps)
        want = reference.draw(t, step, card=timeline.card_at(k / cfg.fps)).get_buffer().raw
        assert got[k * frame:(k + 1) * frame] == want, f"frame {k} (t={t:.2f}) differs from the one drawn"


@linux_only
def test_only_a_frame_larger_than_a_pipe_can_hold_is_spliced(tmp_path):
    proc = _reader(tmp_path / "read.raw", 0.0)
    try:
        most = pipefeed._pipe_max()  # 1 MB by default: a 1280×720 frame is larger, a 640×360 one smaller
        big = pipefeed.PipeFeed(proc.stdin, most + 4096)
        assert big.splices and big.capacity <= most + 4096
        small = pipefeed.PipeFeed(proc.stdin, most - 4096)
        assert not small.splices and small.capacity >= most - 4096  # held whole: the write returns at once
    finally:
        proc.stdin.close()
        proc.wait()
