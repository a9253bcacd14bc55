"""The cost of a comparison: computing it (every step of two readings) and drawing its ghosts.

    python bench/compare.py [--script PATH] [--reading ao] [--frames 200]

Plans the script (default: the bundled whole rite) under its first reading and under ``--reading``,
then prints: the seconds to compare every step (``Comparison.differing_steps``, what ``choreo render
--compare`` and the viewer's ghost overlay compute once) with the number of steps that differ; and the
drawing time per 1280×720 frame of the differing steps without and with the ghosts (the same
renderer, ``comparison`` set and unset, frames spread over those steps).
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--script")
    parser.add_argument("--reading", default="ao")
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()

    from choreo.compare import Comparison
    from choreo.planning import default_script, load_script, plan_script
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer

    script = Path(args.script) if args.script else default_script()
    base_reading = load_script(script).reading_names[0]
    t = time.perf_counter()
    a = plan_script(script, reading=base_reading)
    b = plan_script(script, reading=args.reading)
    print(f"planned {script.name} twice ({base_reading}, {args.reading}): {time.perf_counter() - t:.1f} s")
    cmp = Comparison(a, b)
    t = time.perf_counter()
    differing = cmp.differing_steps()
    took = time.perf_counter() - t
    print(f"compare every step: {took:.2f} s for {len(a.steps)} steps ({1000 * took / len(a.steps):.1f} ms a step), "
          f"{len(differing)} differ")
    if not differing:
        return 0
    renderer = FrameRenderer(a, RenderConfig(size=(1280, 720)), comparison=cmp)
    steps = [a.step(s) for s in differing]
    moments = [(s, s.t0 + (k % 7 + 0.5) / 7 * (s.t1 - s.t0)) for k in range(args.frames)
               for s in [steps[k % len(steps)]]]
    for label, comparison in (("without ghosts", None), ("with ghosts", cmp)):
        renderer.comparison = comparison
        target = renderer.new_target()
        renderer.draw(moments[0][1], moments[0][0], into=target)  # warm the caches
        t = time.perf_counter()
        for step, when in moments:
            renderer.draw(when + 1e-6, step, into=target)
        print(f"draw {label}: {1000 * (time.perf_counter() - t) / len(moments):.2f} ms/frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
