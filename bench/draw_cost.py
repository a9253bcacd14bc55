"""The drawing's own CPU by kind of frame, and in instructions (a count the machine's load does not change).

    python bench/draw_cost.py [--size 1280x720] [--camera auto] [--repeat 3] [--seconds 40]
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.out \\
        python bench/draw_cost.py --callgrind run300      # or every10, all

The frames are bench/render.py's (the bundled default passage, 25 fps, the first ``--seconds``), drawn
as the export draws them: one renderer, a pool of six surfaces in turn, a moment repeated not drawn again.

Without ``--callgrind`` it draws them ``--repeat`` times, each time with a fresh renderer, and prints per
kind of frame how many there are and the best-of-repeats ms a frame: "moving" (the main view is not the
frame before's: the placement pass runs), "standing, placed" (the view stands but somebody moved: placed
anew), "standing, kept" (the last pass's boxes kept), "repeat" (the moment before: not drawn).

With ``--callgrind SET``, run under valgrind as above, callgrind counts only while the frames of SET are
drawn (``callgrind_control -i on/off`` round the loop; the renderer has drawn frame 0 before: fonts
loaded): ``run300`` frames 300 to 499, ``every10`` every tenth frame, ``all``. Valgrind's closing
"Collected :" line is then the instructions of drawing them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SETS = {"run300": lambda moments: moments[300:500], "every10": lambda moments: moments[::10],
        "all": lambda moments: moments}
POOL = 6  # the export's surfaces drawn into in turn (choreo.export.video)


def moments(size, camera: str, seconds: float):
    from choreo.planning import default_script, plan_script
    from choreo.render.config import RenderConfig

    choreo = plan_script(default_script())
    cfg = RenderConfig(size=size, fps=25, quiet=True, camera=camera)
    timeline = cfg.pace.timeline(choreo.steps)
    n = min(timeline.frame_count(25), int(seconds * 25))
    return choreo, cfg, [timeline.at(k / 25) for k in range(n)]


def by_kind(choreo, cfg, frames, repeat: int) -> None:
    from choreo.render.frame import FrameRenderer

    best: list[float] = [float("inf")] * len(frames)
    kinds: list[str] = []
    for rep in range(repeat):
        renderer = FrameRenderer(choreo, cfg)
        pool = [renderer.new_target() for _ in range(POOL)]
        renderer.draw(*frames[0])
        last = None
        for k, (t, step) in enumerate(frames):
            view = renderer.main_viewport(t, step)  # (the camera's answer is kept: the draw asks it again)
            before = renderer._placed
            t0 = time.perf_counter()
            renderer.draw(t, step, into=pool[k % POOL])
            best[k] = min(best[k], time.perf_counter() - t0)
            if rep == 0:
                if last is not None and last[0] == (t, step):
                    kinds.append("repeat")
                elif last is None or last[1] != view:
                    kinds.append("moving")
                else:
                    kinds.append("standing, placed" if renderer._placed is not before else "standing, kept")
            last = ((t, step), view)
    spent = defaultdict(list)
    for kind, seconds in zip(kinds, best, strict=True):
        spent[kind].append(seconds)
    total = sum(best)
    for kind in ("moving", "standing, placed", "standing, kept", "repeat"):
        got = spent.get(kind, [])
        if got:
            print(f"{kind:17s} {len(got):5d} frames  {1000 * sum(got) / len(got):6.3f} ms a frame  "
                  f"{100 * sum(got) / total:5.1f} % of the drawing")
    print(f"{'all':17s} {len(frames):5d} frames  {1000 * total / len(frames):6.3f} ms a frame (best of {repeat})")


def under_callgrind(choreo, cfg, frames, which: str) -> None:
    from choreo.render.frame import FrameRenderer

    chosen = SETS[which](frames)
    renderer = FrameRenderer(choreo, cfg)
    pool = [renderer.new_target() for _ in range(POOL)]
    renderer.draw(*frames[0])
    pid = str(os.getpid())
    subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
    for k, (t, step) in enumerate(chosen):
        renderer.draw(t, step, into=pool[k % POOL])
    subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
    print(f"{which}: {len(chosen)} frames drawn with instrumentation on (valgrind's 'Collected' below)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--camera", default="auto")
    ap.add_argument("--seconds", type=float, default=40.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--callgrind", choices=sorted(SETS))
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    choreo, cfg, frames = moments(size, args.camera, args.seconds)
    if args.callgrind:
        under_callgrind(choreo, cfg, frames, args.callgrind)
    else:
        by_kind(choreo, cfg, frames, args.repeat)


if __name__ == "__main__":
    main()
