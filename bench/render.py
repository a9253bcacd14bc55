"""Rendering speed: MP4 at 1280x720 and GIF at 640x360, beside an encode-only run of the same frames.

    python bench/render.py [--seconds 40] [--script PATH]

Uses the bundled default passage when the planner is available, else the test choreography of
tests/render/conftest.py stretched over time. Prints: draw ms/frame, full export fps, encode-only fps
(frames drawn beforehand, held in memory, then only encoded) and their ratio (target ≥ 0.8 for MP4).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def choreography(script: str | None):
    try:
        from choreo.planning import default_script, plan_script

        return plan_script(Path(script) if script else default_script()), "bundled default passage"
    except ImportError:
        from tests.render.conftest import make_choreography

        return make_choreography(), "test choreography (planner not available)"


def run(choreo, size, fps, suffix, seconds, folder):
    from choreo.export.sinks import open_sink
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer
    from choreo.render.timeline import build_timeline

    cfg = RenderConfig(size=size, fps=fps, quiet=True)
    tl = build_timeline(choreo.steps, cfg.speed, cfg.hold)
    n = min(tl.frame_count(fps), int(seconds * fps))
    times = [tl.at(k / fps) for k in range(n)]
    renderer = FrameRenderer(choreo, cfg)
    renderer.frame_bytes(*times[0])  # warm the caches (fonts, captions)
    t0 = time.perf_counter()
    frames = [renderer.frame_bytes(t, s) for t, s in times]
    draw = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    sink = open_sink(folder / f"enc{suffix}", size, fps)
    for f in frames:
        sink.write(f)
    sink.close()
    encode = n / (time.perf_counter() - t0)
    del frames
    renderer = FrameRenderer(choreo, cfg)
    t0 = time.perf_counter()
    sink = open_sink(folder / f"full{suffix}", size, fps)
    for t, s in times:
        sink.write(renderer.frame_bytes(t, s))
    sink.close()
    full = n / (time.perf_counter() - t0)
    print(f"{suffix[1:].upper():4} {size[0]}x{size[1]} @{fps}: {n} frames; draw {draw * 1000:.1f} ms/frame; "
          f"full export {full:.0f} fps; encode-only {encode:.0f} fps; ratio {full / encode:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="video seconds to export (default 40)")
    parser.add_argument("--script")
    args = parser.parse_args()
    choreo, what = choreography(args.script)
    print(f"{what}: {len(choreo.steps)} steps, {choreo.duration:.0f} s of ceremony, {len(choreo.figures)} figures")
    with tempfile.TemporaryDirectory() as d:
        run(choreo, (1280, 720), 25, ".mp4", args.seconds, Path(d))
        run(choreo, (640, 360), 10, ".gif", args.seconds, Path(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
