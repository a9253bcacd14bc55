"""The video export draws straight into a pool of surfaces handed to the encoder's thread: every
frame the encoder receives must be the frame drawn for its moment, also when the encoder is slower
than the drawing (the pool is recycled) and when the ceremony clock pauses (a frame is repeated)."""

import dataclasses
import os
import time

import pygame
import pytest

from choreo.export import sinks
from choreo.export.video import export_video
from choreo.model import Step
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer

SIZE = (320, 180)


class RecordingSink(sinks.FrameSink):
    """Keeps a copy of every frame, taking ``delay`` seconds for each: a slow encoder makes frames
    queue up; a fast one frees each surface before the next frame is queued."""

    kind = "recorder"

    def __init__(self, path, size, fps, pix_fmt, delay):
        super().__init__(path, size, fps, pix_fmt)
        self.recorded: list[bytes] = []
        self.delay = delay

    def write(self, frame) -> None:
        with self._check(frame) as data:
            time.sleep(self.delay)  # as an encoder reading the pixels slowly
            self.recorded.append(bytes(data))
        self.frames += 1

    def _finish(self) -> None:
        self.tmp.write_bytes(b"recorded")


@pytest.fixture
def paused(choreography):
    """The test choreography with a step of no duration (the clock stops while its text is read)."""
    steps = list(choreography.steps)
    pause = Step("s002b", 2, 20.0, 20.0, "獲者俟", "000_test.txt", ("獲者",), passage="張侯")
    steps.insert(2, pause)
    steps = [dataclasses.replace(s, index=i) for i, s in enumerate(steps)]
    return dataclasses.replace(choreography, steps=tuple(steps))


@pytest.mark.parametrize("delay", [0.0, 0.002])
def test_every_frame_sent_is_the_frame_of_its_moment(tmp_path, paused, delay):
    cfg = RenderConfig(size=SIZE, fps=10, hold=2.0, quiet=True)
    renderer = FrameRenderer(paused, cfg)
    if renderer.raw_format is None:
        pytest.skip("this platform's surfaces have no raw format ffmpeg reads: frames are copied")
    sink = RecordingSink(tmp_path / "clip.mp4", SIZE, cfg.fps, renderer.raw_format, delay)
    export_video(paused, tmp_path / "clip.mp4", cfg, renderer=renderer, sink=sink)
    timeline = cfg.pace.timeline(paused.steps)
    assert len(sink.recorded) == timeline.frame_count(cfg.fps)
    reference = FrameRenderer(paused, cfg)
    moments = [(*timeline.at(k / cfg.fps), timeline.card_at(k / cfg.fps)) for k in range(len(sink.recorded))]
    for k, (t, step, card) in enumerate(moments):
        want = reference.draw(t, step, card=card).get_buffer().raw
        assert sink.recorded[k] == want, f"frame {k} (t={t:.2f}, {step.id if step else None}) differs"
    repeats = [k for k in range(1, len(moments)) if moments[k] == moments[k - 1]]
    assert len(repeats) >= cfg.fps  # the pause: 2 s of video on one moment
    assert all(sink.recorded[k] == sink.recorded[k - 1] for k in repeats)


def test_a_surface_drawn_into_gives_the_renderer_s_own_frame(choreography):
    cfg = RenderConfig(size=SIZE, fps=10, quiet=True)
    renderer = FrameRenderer(choreography, cfg)
    a, b = renderer.new_target(), renderer.new_target()
    for t in (3.0, 15.0, 15.0, 27.0):
        own = pygame.image.tobytes(renderer.draw(t), "RGB")
        assert pygame.image.tobytes(renderer.draw(t, into=a), "RGB") == own
        assert pygame.image.tobytes(renderer.draw(t, into=b), "RGB") == own


@pytest.mark.skipif(os.name != "posix", reason="niceness is POSIX")
def test_the_encoder_yields_to_the_drawing(tmp_path):
    sink = sinks.Mp4Sink(tmp_path / "clip.mp4", SIZE, 10)
    try:
        want = min(19, os.getpriority(os.PRIO_PROCESS, 0) + sinks.ENCODER_NICENESS)
        # started through the nice command (no fork of this process): its priority is set a moment
        # after Popen returns, before it runs ffmpeg in the same process
        deadline = time.monotonic() + 10
        while os.getpriority(os.PRIO_PROCESS, sink._proc.pid) != want and time.monotonic() < deadline:
            time.sleep(0.01)
        assert os.getpriority(os.PRIO_PROCESS, sink._proc.pid) == want
    finally:
        sink.abort()
    assert not list(tmp_path.iterdir())
