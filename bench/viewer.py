"""Viewer frame time: one full picture (frame, panels, overlays, flip) at 1280×720, dummy video driver.

    python bench/viewer.py [--script NAME] [--frames 300] [--size 1280x720]

Plays the script through with every figure drawn (labels, trails, the checker overlay and a selected
figure on: the most the viewer draws), one frame per 1/25 s of playback spread over the whole rite,
and prints the mean and 95th-percentile time of ``Viewer.pump`` and of the FrameRenderer's part of it.
Target: under 16 ms a frame (60 frames a second).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--script", default=None, help="script (default: the bundled default passage)")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()

    import numpy as np

    from choreo.render.config import parse_size
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    viewer = Viewer(Session(Request(args.script)), size=parse_size(args.size))
    if viewer.error_text:
        print(viewer.error_text, file=sys.stderr)
        return 2
    ch = viewer.choreography
    people = [n for n, f in ch.figures.items() if f.kind != "object"]
    viewer.state = replace(viewer.state, checker=True, selected=people[0], playing=True)
    renderer_ms: list[float] = []
    draw = viewer.renderer.draw

    def timed_draw(*a, **k):
        t0 = time.perf_counter()
        out = draw(*a, **k)
        renderer_ms.append((time.perf_counter() - t0) * 1000)
        return out

    viewer.renderer.draw = timed_draw
    dt = (viewer.spans.end - viewer.spans.start) / args.frames / viewer.state.speed
    for _ in range(10):  # warm the caches (fonts, plan layers) as the first second of viewing does
        viewer.pump(0)
    renderer_ms.clear()
    total = []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        viewer.pump(dt)
        total.append((time.perf_counter() - t0) * 1000)
    viewer.close()
    total_a, render_a = np.array(total), np.array(renderer_ms)
    print(f"script: {ch.script} ({len(ch.steps)} steps, {len(people)} people, {len(ch.figures) - len(people)} objects)")
    print(f"window {args.size}, {args.frames} frames over {viewer.spans.end - viewer.spans.start:.0f} s of ceremony")
    print(f"viewer frame : mean {total_a.mean():6.2f} ms   p95 {np.percentile(total_a, 95):6.2f} ms   "
          f"max {total_a.max():6.2f} ms   (target < 16 ms)")
    print(f"  of which FrameRenderer.draw: mean {render_a.mean():6.2f} ms   p95 {np.percentile(render_a, 95):6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
