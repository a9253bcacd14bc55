"""Export a Choreography: a video (MP4/GIF), one still (PNG), or a still at the end of every step.

One path from timeline to file (manim's lesson): the Timeline maps video time to ceremony time,
the FrameRenderer draws, a FrameSink stores. A failure anywhere removes the partial file.
"""

from __future__ import annotations

import os
import queue
import re
import threading
from pathlib import Path

import pygame

from choreo.errors import ExportError, Terminated, YiliError
from choreo.export.progress import Progress
from choreo.export.sinks import FrameSink, PngSink, check_destination, open_sink
from choreo.model import Choreography, Step
from choreo.render.caption import passage_label
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.timeline import Timeline


def select_steps(choreo: Choreography, from_step: str | None = None, to_step: str | None = None) -> tuple[Step, ...]:
    """The steps from ``from_step`` to ``to_step`` inclusive (ids); an unknown id suggests the closest."""
    from choreo.planning import step_span

    lo, hi = step_span(choreo, from_step, to_step)
    return choreo.steps[lo:hi + 1]


def split_passages(steps: tuple[Step, ...]) -> list[tuple[Step, ...]]:
    """The steps cut where the passage changes (a single passage: one piece)."""
    from choreo.render.timeline import passage_starts

    starts = passage_starts(steps) + [len(steps)]
    return [steps[a:b] for a, b in zip(starts[:-1], starts[1:], strict=False)]


def passage_file_name(first: Step, suffix: str) -> str:
    """``e02-三耦第一番射.mp4``: the passage, numbered so that a folder lists them in order, and its title."""
    m = re.fullmatch(r"([a-z]+)\.?(\d+)(.*)", first.passage or "")
    number = f"{m.group(1)}{int(m.group(2)):02d}{m.group(3)}" if m else (first.passage or "passage")
    title = re.sub(r"[\s/\\:*?\"<>|()（）·]+", "", first.passage_title)
    return re.sub(r"[^\w.-]", "_", number) + (f"-{title}" if title else "") + suffix


def timeline_for(choreo: Choreography, cfg: RenderConfig, steps: tuple[Step, ...] | None = None,
                 comparison=None) -> Timeline:
    """The video's timeline; a comparison's counts the time of the other side's own steps too."""
    steps = choreo.steps if steps is None else steps
    if comparison is not None:
        from choreo.render.comparetime import compare_timeline

        return compare_timeline(comparison, cfg.pace, steps)
    return cfg.pace.timeline(steps)


REPEAT = object()  # queued instead of a frame: write the frame before it again


class _Writer:
    """Feeds the sink from a thread, so that drawing frame k+1 overlaps encoding frame k.

    The pipe write to ffmpeg releases the GIL; with the drawing in the main thread the export runs
    at about the slower of the two rates instead of their sum. A failure in the thread is raised
    in the main thread at the next frame (or at the end).

    With ``targets`` (surfaces of the frame's size) the frames are drawn straight into them and the
    thread writes each surface's own pixels: no copy of the frame on our side (the sink may splice
    the pixels into its pipe, choreo.export.pipefeed, and keep the surface locked until the next
    frame is in). Each target is queued once; the thread keeps the last one it wrote until the next
    frame has been written, so that a :data:`REPEAT` (the ceremony clock standing still) writes it
    again without drawing it again, and then hands it back to the free list.
    """

    # frames in flight (modelling choice: smooths jitter; with the pool, 6 surfaces, 22 MB at 720p, as
    # before the frames were spliced, when 4 were queued and the one before was let go sooner)
    DEPTH = 3
    POOL = DEPTH + 3  # targets: those queued, the one being written and the one before it, the one being drawn

    def __init__(self, sink: FrameSink, targets: list | None = None) -> None:
        self.sink = sink
        self.queue: queue.Queue = queue.Queue(maxsize=self.DEPTH)
        self.error: BaseException | None = None
        self.free: queue.SimpleQueue = queue.SimpleQueue()
        for target in targets or ():
            self.free.put(target)
        self.thread = threading.Thread(target=self._run, name="frame-writer", daemon=True)
        self.thread.start()

    def target(self):
        """A surface to draw the next frame into (waits while every one is queued or being written)."""
        if self.error is not None:
            raise self.error
        return self.free.get()

    def _run(self) -> None:
        previous = None
        while True:
            frame = self.queue.get()
            if frame is None:
                return
            done = None
            if frame is REPEAT:
                frame = previous
            else:
                if previous is not None and not isinstance(previous, (bytes, bytearray)):
                    done = previous  # no repeat can follow it now
                previous = frame
            if self.error is None:
                try:
                    self._write(frame)
                except BaseException as exc:  # handed to the main thread, which reports it
                    self.error = exc
            if done is not None:  # only now: the sink may keep a frame's pixels until the next is in
                self.free.put(done)

    def _write(self, frame) -> None:
        if isinstance(frame, (bytes, bytearray)):
            self.sink.write(frame)
            return
        pixels = frame.get_buffer()  # locks the surface until this proxy is gone
        try:
            self.sink.write(pixels)
        finally:
            del pixels

    def put(self, frame) -> None:
        """Queue a frame (bytes, or a target drawn into), or :data:`REPEAT`."""
        if self.error is not None:
            raise self.error
        self.queue.put(frame)

    def finish(self) -> None:
        self.queue.put(None)
        self.thread.join()
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        """After a failure (the sink already aborted): let the thread end without writing more."""
        self.error = self.error or ExportError("stopped")
        try:
            while True:
                self.queue.get_nowait()
        except queue.Empty:
            pass
        self.queue.put(None)
        self.thread.join(timeout=10)


def export_video(choreo: Choreography, out: str | os.PathLike, cfg: RenderConfig,
                 steps: tuple[Step, ...] | None = None, *, renderer: FrameRenderer | None = None,
                 sink: FrameSink | None = None, limit: int | None = None) -> Path:
    """Render ``steps`` (default: all) to an MP4 or GIF at ``out``; returns the path written.

    ``limit``: only the first so many frames (benchmarks, quick previews).

    Ctrl-C removes the partial file and re-raises KeyboardInterrupt (its message says so); the
    command line turns it into exit status 130 (143 for SIGTERM, raised as ``Terminated``).
    """
    check_destination(out)
    timeline = timeline_for(choreo, cfg, steps, renderer.comparison if renderer is not None else None)
    n = timeline.frame_count(cfg.fps)
    if limit is not None:
        n = max(1, min(n, limit))
    renderer = renderer or FrameRenderer(choreo, cfg)
    progress: Progress | None = None
    writer = None
    k = 0
    try:
        if sink is None:  # inside the try: a signal while the encoder starts also says what was not written
            chapters = [(v0, v1, passage_label(step, "")) for v0, v1, step in timeline.chapters()]
            sink = open_sink(out, cfg.size, cfg.fps, pix_fmt=renderer.raw_format or "rgb24", chapters=chapters,
                             title=choreo.title)
        raw = getattr(sink, "pix_fmt", "rgb24") == renderer.raw_format
        progress = Progress(n, Path(out).name, cfg.quiet)
        if hasattr(sink, "sample"):
            _sample_palette(sink, renderer, timeline, n, cfg.fps, raw)
        writer = _Writer(sink, [renderer.new_target() for _ in range(_Writer.POOL)] if raw else None)
        shown: tuple[float | None, Step | None, bool] = (None, None, False)
        for k in range(n):
            t, step = timeline.at(k / cfg.fps)
            card = timeline.card_at(k / cfg.fps)
            if (t, step, card) == shown and step is shown[1]:
                writer.put(REPEAT)  # the ceremony clock stands still: the same picture again
            else:
                writer.put(renderer.draw(t, step, into=writer.target(), card=card) if raw
                           else renderer.frame_bytes(t, step, card=card))
                shown = (t, step, card)
            progress.update(k + 1)
        writer.finish()
        path = sink.close()
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM as choreo.errors.Terminated
        _abandon(sink, writer)
        raise type(exc)(f"{'terminated' if isinstance(exc, Terminated) else 'interrupted'}: "
                        f"{out} was not written") from None
    except YiliError:
        _abandon(sink, writer)
        raise
    except Exception as exc:
        _abandon(sink, writer)
        raise ExportError(f"rendering {out} failed at frame {k} of {n}: {exc}") from exc
    finally:
        if progress is not None:
            progress.finish()
    return path


def _sample_palette(sink, renderer: FrameRenderer, timeline: Timeline, n: int, fps: int, raw: bool) -> None:
    """Show the GIF encoder moments spread evenly over the video to build its palette from."""
    from choreo.export.sinks import PALETTE_SAMPLES

    count = min(n, PALETTE_SAMPLES)
    for i in range(count):
        k = round(i * (n - 1) / max(1, count - 1))
        t, step = timeline.at(k / fps)
        card = timeline.card_at(k / fps)
        sink.sample(renderer.draw(t, step, card=card).get_buffer().raw if raw
                    else renderer.frame_bytes(t, step, card=card))


def _abandon(sink: FrameSink | None, writer: _Writer | None) -> None:
    """Kill the encoder first (a writer blocked on its pipe then fails and ends), then the thread.

    ``sink`` is None when opening it failed (it removed its own file)."""
    if sink is None:
        return
    sink.abort()
    if writer is not None:
        writer.stop()
        sink.sweep()


def still_time(choreo: Choreography, at: str | None, comparison=None) -> tuple[float, Step | None]:
    """``--at``: a time in ceremony seconds, or a step id (its end, when its figures have arrived).

    With a ``comparison`` a step id may be the other side's (a step of b only), and a still at a step's
    end shows both sides at their ends (Comparison.still)."""
    if comparison is not None and at is not None and comparison.entry(at) is not None:
        return comparison.still(at)
    if at is None:
        last = choreo.steps[-1] if choreo.steps else None
        return (last.t1 if last else 0.0), last
    try:
        t = float(at)
    except ValueError:
        ids = [s.id for s in choreo.steps]
        ids += [e.b.id for e in comparison.entries() if e.b is not None and e.b.id not in ids] if comparison else []
        if at not in ids:
            from choreo.errors import suggest

            raise ExportError(f"--at: '{at}' is neither a time in seconds nor a step of {choreo.script}",
                              None, suggest(at, ids)) from None
        step = choreo.step(at)
        return step.t1, step
    if not 0 <= t <= choreo.duration:
        raise ExportError(f"--at {at}: outside the ceremony (0 to {choreo.duration:.1f} s)")
    return t, choreo.step_at(t)


def export_still(choreo: Choreography, out: str | os.PathLike, cfg: RenderConfig, at: str | None = None,
                 renderer: FrameRenderer | None = None) -> Path:
    check_destination(out)
    t, step = still_time(choreo, at, renderer.comparison if renderer is not None else None)
    renderer = renderer or FrameRenderer(choreo, cfg)
    # drawn from the frame's Scene, as its SVG and PDF are (one layout): they agree with this PNG
    from choreo.render.framescene import FrameScene
    from choreo.render.scenepaint import paint

    frame = paint(FrameScene(renderer).at(t, step), renderer.texts)
    with PngSink(out, cfg.size) as sink:
        sink.write(pygame.image.tobytes(frame, "RGB"))
    return Path(out)


def export_plates(choreo: Choreography, folder: str | os.PathLike, cfg: RenderConfig,
                  steps: tuple[Step, ...] | None = None, renderer: FrameRenderer | None = None) -> list[Path]:
    """A PNG at the end of every step: ``DIR/NNN-ID.png``. Each appears complete or not at all; a
    failure (a full disk) stops at that plate with an ExportError naming it, the ones before it stay."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(f"--plates {folder}: cannot make the folder: {exc.strerror or exc}") from None
    steps = choreo.steps if steps is None else steps
    renderer = renderer or FrameRenderer(choreo, cfg)
    plates = _plates(steps, renderer.comparison)
    progress = Progress(len(plates), f"plates in {folder}", cfg.quiet, min_total=10)
    out = []
    for i, (stem, t, step) in enumerate(plates):
        name = re.sub(r"[^\w.-]", "_", step.id)
        path = folder / f"{stem}-{name}.png"
        with PngSink(path, cfg.size) as sink:
            sink.write(renderer.frame_bytes(t, step))
        out.append(path)
        progress.update(i + 1)
    progress.finish()
    return out


def _plates(steps: tuple[Step, ...], comparison) -> list[tuple[str, float, Step]]:
    """(file stem, moment, step) of each plate: the end of every step; in a comparison both sides' ends
    (Comparison.still), and after a step the other reading's own steps that follow it (``NNNb``, ``NNNc`` …)."""
    if comparison is None:
        return [(f"{s.index + 1:03d}", s.t1, s) for s in steps]
    out, after = [], {}
    last = None
    for e in comparison.entries():
        if e.a is not None:
            last = e.a.id
        elif last is not None:
            after.setdefault(last, []).append(e.b)
    for s in steps:
        out.append((f"{s.index + 1:03d}", *comparison.still(s.id)))
        for k, own in enumerate(after.get(s.id, ())):
            out.append((f"{s.index + 1:03d}{chr(ord('b') + k)}", own.t1, own))
    return out
