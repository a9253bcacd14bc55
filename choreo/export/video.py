"""Export a Choreography: a video (MP4/GIF), one still (PNG), or a still at the end of every step.

One path from timeline to file (manim's lesson): the Timeline maps video time to ceremony time,
the FrameRenderer draws, a FrameSink stores. A failure anywhere removes the partial file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from choreo.errors import ExportError, YiliError
from choreo.export.progress import Progress
from choreo.export.sinks import FrameSink, PngSink, check_destination, open_sink
from choreo.model import Choreography, Step
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.timeline import Timeline, build_timeline


def select_steps(choreo: Choreography, from_step: str | None = None, to_step: str | None = None) -> tuple[Step, ...]:
    """The steps from ``from_step`` to ``to_step`` inclusive (ids); an unknown id suggests the closest."""
    from choreo.errors import suggest

    ids = [s.id for s in choreo.steps]
    lo, hi = 0, len(ids) - 1
    for which, value in (("--from", from_step), ("--to", to_step)):
        if value is None:
            continue
        if value not in ids:
            raise ExportError(f"{which}: no step '{value}' in {choreo.script}", None, suggest(value, ids))
        if which == "--from":
            lo = ids.index(value)
        else:
            hi = ids.index(value)
    if lo > hi:
        raise ExportError(f"--from {from_step} comes after --to {to_step}")
    return choreo.steps[lo:hi + 1]


def timeline_for(choreo: Choreography, cfg: RenderConfig, steps: tuple[Step, ...] | None = None) -> Timeline:
    steps = choreo.steps if steps is None else steps
    return build_timeline(steps, cfg.speed, cfg.hold)


def export_video(choreo: Choreography, out: str | os.PathLike, cfg: RenderConfig,
                 steps: tuple[Step, ...] | None = None, *, renderer: FrameRenderer | None = None,
                 sink: FrameSink | None = None) -> Path:
    """Render ``steps`` (default: all) to an MP4 or GIF at ``out``; returns the path written."""
    check_destination(out)
    timeline = timeline_for(choreo, cfg, steps)
    n = timeline.frame_count(cfg.fps)
    renderer = renderer or FrameRenderer(choreo, cfg)
    sink = sink or open_sink(out, cfg.size, cfg.fps)
    progress = Progress(n, Path(out).name, cfg.quiet)
    k = 0
    try:
        for k in range(n):
            t, step = timeline.at(k / cfg.fps)
            sink.write(renderer.frame_bytes(t, step))
            progress.update(k + 1)
        path = sink.close()
    except KeyboardInterrupt:
        sink.abort()
        raise ExportError(f"interrupted: {out} was not written") from None
    except ExportError:
        sink.abort()
        raise
    except YiliError:
        sink.abort()
        raise
    except Exception as exc:
        sink.abort()
        raise ExportError(f"rendering {out} failed at frame {k} of {n}: {exc}") from exc
    finally:
        progress.finish()
    return path


def still_time(choreo: Choreography, at: str | None) -> tuple[float, Step | None]:
    """``--at``: a time in ceremony seconds, or a step id (its end, when its figures have arrived)."""
    if at is None:
        last = choreo.steps[-1] if choreo.steps else None
        return (last.t1 if last else 0.0), last
    try:
        t = float(at)
    except ValueError:
        ids = [s.id for s in choreo.steps]
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
    t, step = still_time(choreo, at)
    renderer = renderer or FrameRenderer(choreo, cfg)
    with PngSink(out, cfg.size) as sink:
        sink.write(renderer.frame_bytes(t, step))
    return Path(out)


def export_plates(choreo: Choreography, folder: str | os.PathLike, cfg: RenderConfig,
                  steps: tuple[Step, ...] | None = None) -> list[Path]:
    """A PNG at the end of every step: ``DIR/NNN-ID.png``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    steps = choreo.steps if steps is None else steps
    renderer = FrameRenderer(choreo, cfg)
    progress = Progress(len(steps), f"plates in {folder}", cfg.quiet, min_total=10)
    out = []
    for i, step in enumerate(steps):
        name = re.sub(r"[^\w.-]", "_", step.id)
        path = folder / f"{step.index + 1:03d}-{name}.png"
        with PngSink(path, cfg.size) as sink:
            sink.write(renderer.frame_bytes(step.t1, step))
        out.append(path)
        progress.update(i + 1)
    progress.finish()
    return out
