"""Where our CPU goes in a video export: the drawing, the export loop around it, the writer thread, the kernel.

    python bench/export_split.py [--seconds 40] [--size 1280x720] [--fps 25] [--sinks draw,null,pipe,mp4]

The bench's frames (the bundled default passage, as bench/render.py) exported four ways, each with a
fresh renderer that has drawn its first frame:

- ``draw``: drawing alone, as bench/render.py's draw figure (a pool of 6 surfaces in turn, the
  moments looked up beforehand, a repeated moment not drawn again); no writer thread.
- ``null``: ``export_video`` into a sink that takes each frame's pixels and drops them: the loop's
  own cost (timeline lookups, the writer's queue and pool) on top of the drawing, no pipe.
- ``pipe``: ``export_video`` into the pipe as the MP4 sink feeds it (spliced at 1280×720), read by
  ``cat`` into /dev/null: the pipe's cost without an encoder competing for the cores and caches.
- ``mp4``: the full export, as ``choreo render`` runs it.

Each line prints, per frame (ms of CPU, user+system, page faults, context switches): the main thread, the writer
thread, and the process as a whole (all threads); the wall time a frame. The figures come from
``getrusage(RUSAGE_THREAD)`` in each thread (Linux). Then the loop's parts timed alone:
``timeline.at`` + ``card_at`` a frame.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _usage(who: int) -> tuple[float, float, int, int]:
    u = resource.getrusage(who)
    return u.ru_utime, u.ru_stime, u.ru_minflt + u.ru_majflt, u.ru_nvcsw + u.ru_nivcsw


def _minus(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


class _Counted:
    """Counts the calls of pipefeed's vmsplice (each one a wait for the reader to make room)."""

    def __init__(self) -> None:
        self.calls = 0

    def __enter__(self):
        from choreo.export import pipefeed

        self._orig = orig = pipefeed._VMSPLICE
        if orig is not None:
            def counted(*args):
                self.calls += 1
                return orig(*args)

            pipefeed._VMSPLICE = counted
        return self

    def __exit__(self, *exc):
        from choreo.export import pipefeed

        pipefeed._VMSPLICE = self._orig
        return False


class _WriterUsage:
    """Records the writer thread's own usage (RUSAGE_THREAD from inside it) as it ends."""

    def __init__(self) -> None:
        self.usage = (0.0, 0.0, 0, 0)
        self._orig = None

    def __enter__(self):
        from choreo.export import video

        self._orig = orig = video._Writer._run
        rec = self

        def run(writer) -> None:
            u0 = _usage(resource.RUSAGE_THREAD)
            try:
                orig(writer)
            finally:
                rec.usage = _minus(_usage(resource.RUSAGE_THREAD), u0)

        video._Writer._run = run
        return self

    def __exit__(self, *exc):
        from choreo.export import video

        video._Writer._run = self._orig
        return False


def _null_sink(path, size, fps):
    from choreo.export.sinks import FrameSink

    class NullSink(FrameSink):
        kind = "null sink"

        def write(self, frame) -> None:
            with self._check(frame):
                pass
            self.frames += 1

        def _finish(self) -> None:
            pass

    return NullSink(path, size, fps, pix_fmt="bgr0")


def _pipe_sink(path, size, fps):
    from choreo.export.sinks import Mp4Sink

    class CatSink(Mp4Sink):
        """The MP4 sink's pipe and feed, read by ``cat`` into /dev/null instead of ffmpeg."""

        kind = "pipe to cat"

        def _ffmpeg(self, args):
            return subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE)

        def close(self):
            self._finish()
            self.tmp.unlink(missing_ok=True)
            self._closed = True
            return self.path

    return CatSink(path, size, fps, pix_fmt="bgr0")


def run(choreo, size, fps, seconds, kind, folder: Path):
    from choreo.export.video import export_video
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer

    cfg = RenderConfig(size=size, fps=fps, quiet=True)
    tl = cfg.pace.timeline(choreo.steps)
    n = min(tl.frame_count(fps), int(seconds * fps))
    renderer = FrameRenderer(choreo, cfg)
    renderer.draw(*tl.at(0.0))  # fonts, the first tiles and caption: one-off work
    writer, splices = _WriterUsage(), _Counted()
    if kind == "draw":
        moments = [(*tl.at(k / fps), tl.card_at(k / fps)) for k in range(n)]
        pool = [renderer.new_target() for _ in range(6)]
        shown = None
        m0, p0, w0 = _usage(resource.RUSAGE_THREAD), _usage(resource.RUSAGE_SELF), time.perf_counter()
        for k, (t, step, card) in enumerate(moments):
            if (t, step, card) != shown:
                renderer.draw(t, step, into=pool[k % len(pool)], card=card)
                shown = (t, step, card)
    else:
        out = folder / f"{kind}.mp4"
        sink = {"null": _null_sink, "pipe": _pipe_sink, "mp4": lambda *a: None}[kind](out, size, fps)
        with writer, splices:
            m0, p0, w0 = _usage(resource.RUSAGE_THREAD), _usage(resource.RUSAGE_SELF), time.perf_counter()
            export_video(choreo, out, cfg, renderer=renderer, sink=sink, limit=n)
    wall = time.perf_counter() - w0
    main, whole = _minus(_usage(resource.RUSAGE_THREAD), m0), _minus(_usage(resource.RUSAGE_SELF), p0)

    def ms(u):
        return f"{(u[0] + u[1]) * 1000 / n:5.2f} ({u[0] * 1000 / n:4.2f} user {u[1] * 1000 / n:4.2f} sys, " \
               f"{u[2] / n:5.1f} faults, {u[3] / n:5.1f} switches)"

    print(f"{kind:5} {n} frames: main {ms(main)}; writer {ms(writer.usage)}; process {ms(whole)}; "
          f"wall {wall * 1000 / n:5.2f} ms a frame; {splices.calls / n:.1f} vmsplice calls a frame", flush=True)
    return n


def loop_parts(choreo, size, fps, seconds) -> None:
    from choreo.render.config import RenderConfig

    cfg = RenderConfig(size=size, fps=fps, quiet=True)
    tl = cfg.pace.timeline(choreo.steps)
    n = min(tl.frame_count(fps), int(seconds * fps))
    t0 = time.thread_time()
    for _ in range(5):
        for k in range(n):
            tl.at(k / fps)
            tl.card_at(k / fps)
    print(f"loop parts: timeline.at + card_at {(time.thread_time() - t0) * 1000 / (5 * n):.4f} ms a frame "
          f"({len(tl.segments)} segments)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--fps", type=int, default=25)
    parser.add_argument("--sinks", default="draw,null,pipe,mp4")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if not hasattr(resource, "RUSAGE_THREAD"):
        print("needs getrusage(RUSAGE_THREAD) (Linux)")
        return 1
    from choreo.planning import default_script, plan_script

    choreo = plan_script(default_script())
    size = tuple(int(v) for v in args.size.split("x"))
    print(f"{args.size} @{args.fps}, {args.seconds:g} s; CPU ms a frame (user, sys, page faults a frame); "
          f"thread {threading.current_thread().name}")
    with tempfile.TemporaryDirectory() as d:
        for _ in range(args.repeat):
            for kind in args.sinks.split(","):
                run(choreo, size, args.fps, args.seconds, kind, Path(d))
    loop_parts(choreo, size, args.fps, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
