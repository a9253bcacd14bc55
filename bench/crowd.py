"""Drawing cost of a crowded step beside a quiet one: is a frame's cost linear in what it shows?

    python bench/crowd.py [--frames 250] [--size 1280x720] [--steps ID,ID ...]

Plans the bundled whole rite and, unless ``--steps`` names them, takes the step with the most
people in the main view at its middle and one with the fewest (at least one); draws the export's
frames of each (as ``choreo render`` times them, a repeated moment not drawn again) with a renderer
that has drawn that step's first frame, and prints per step the people in view, the frames drawn
and the drawing time and CPU time a frame (ms), and the ms per person in view. Run it on an idle
machine, or pair runs: other processes skew the times, less so the CPU time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def people_in_view(renderer, t, step) -> int:
    fl = renderer.frame_layout(t, step)
    left, top, w, h = fl.viewport.rect
    return sum(1 for f in fl.figures if f.info.kind != "object" and left <= f.px < left + w and top <= f.py < top + h)


def main() -> int:
    from choreo.planning import default_script, plan_script
    from choreo.render.config import RenderConfig, parse_size
    from choreo.render.frame import FrameRenderer

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=250, help="frames drawn of each step (default 250)")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--steps", help="step ids to draw, comma-separated (default: the most and least crowded)")
    args = parser.parse_args()
    size = parse_size(args.size)
    fps = 25
    choreo = plan_script(default_script())
    cfg = RenderConfig(size=size, fps=fps, quiet=True)
    timeline = cfg.pace.timeline(choreo.steps)
    frames: dict[str, list] = {}
    for k in range(timeline.frame_count(fps)):
        t, step = timeline.at(k / fps)
        moments = frames.setdefault(step.id, [])
        if not moments or moments[-1] != (t, step):
            moments.append((t, step))
    probe = FrameRenderer(choreo, cfg)
    if args.steps:
        chosen = args.steps.split(",")
    else:
        long_enough = [s for s in choreo.steps if len(frames.get(s.id, ())) >= args.frames]
        counts = {s.id: people_in_view(probe, (s.t0 + s.t1) / 2, s) for s in long_enough}
        busy = max(counts, key=counts.get)
        quiet = min((i for i in counts if counts[i] > 0), key=counts.get)
        chosen = [busy, quiet]
    print(f"{size[0]}x{size[1]}: {len(choreo.steps)} steps, {len(choreo.figures)} figures")
    for sid in chosen:
        moments = frames[sid][:args.frames]
        step = moments[0][1]
        seen = sum(people_in_view(probe, t, step) for t, _ in moments[::25]) / len(moments[::25])
        renderer = FrameRenderer(choreo, cfg)
        pool = [renderer.new_target() for _ in range(6)]
        renderer.draw(*moments[0])
        wall, cpu = time.perf_counter(), time.process_time()
        for k, (t, s) in enumerate(moments):
            renderer.draw(t, s, into=pool[k % len(pool)])
        wall, cpu = (time.perf_counter() - wall) / len(moments), (time.process_time() - cpu) / len(moments)
        print(f"{sid}: {seen:.1f} people in view, {len(moments)} frames; draw {wall * 1000:.2f} ms/frame "
              f"({cpu * 1000:.2f} ms CPU), {cpu * 1000 / max(seen, 1):.3f} ms CPU per person in view", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
