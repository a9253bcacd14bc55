"""Where the viewer's main view jumps while it plays: ``python bench/viewer_cuts.py SCRIPT [--reading R]
[--compare READING] [--from STEP] [--to STEP] [--faster N] [--fps 25]``.

Opens the viewer headless (``choreo view SCRIPT --compare READING``), goes to step ``--from`` and plays (space;
``--faster`` presses of + first: 4× → 8×, 16× …) until our clock is in step ``--to``, one pump of 1/fps s of wall
time a frame (the viewer's eases in wall time advanced as much, whatever a pump costs here), and compares the
main view's box at each frame with the one before, as bench/camera_cuts.py does a video's: a move over 0.15 of
the width or a zoom over ×1.2 is listed, the count of those over 0.3 or ×1.3 (cuts) printed last. A layout
measure, not a timing (tests/viewer/test_compare_glide.py holds two of these runs to it).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    import pygame

    from choreo.planning import find_script
    from choreo.render.camera import moved
    from choreo.viewer import app
    from choreo.viewer.session import Request, Session

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("script")
    ap.add_argument("--reading", help="the reading drawn (default: the script's first)")
    ap.add_argument("--compare", metavar="READING", help="the other reading, as ghosts")
    ap.add_argument("--from", dest="start", help="the step to play from (default: the first)")
    ap.add_argument("--to", dest="stop", help="the step to stop in (default: play to the end)")
    ap.add_argument("--faster", type=int, default=0, help="presses of + before playing (each doubles the speed)")
    ap.add_argument("--fps", type=int, default=25)
    args = ap.parse_args()
    request = {"reading": args.reading} if args.reading else {}
    v = app.Viewer(Session(Request(str(find_script(args.script)), **request)), size=(1280, 720), out_dir=".",
                   compare=args.compare)
    v.pump(0)
    if not v.wait_planned(120):
        raise SystemExit("the plan took over 2 minutes")
    end = time.perf_counter() + 120
    while args.compare and v.comparison is None and time.perf_counter() < end:
        v.pump(0)
        time.sleep(0.01)
    wall = SimpleNamespace(now=time.perf_counter())
    app.time = SimpleNamespace(perf_counter=lambda: wall.now, sleep=time.sleep)

    def key(k) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        v.pump(0)

    if args.start:
        v.dispatch("jump_step", v.spans.index(args.start))
        v.pump(0)
    for _ in range(args.faster):
        key(pygame.K_PLUS)
    key(pygame.K_SPACE)
    dt, prev, frames, listed, cuts = 1 / args.fps, None, 0, 0, 0
    while v.state.playing and not (args.stop and v.step_id == args.stop):
        wall.now += dt
        v.pump(dt)
        frames += 1
        box = v.frame_viewport().world_bounds
        if prev is not None:
            w = max(box[2] - box[0], prev[2] - prev[0])
            move = math.hypot((box[0] + box[2] - prev[0] - prev[2]) / 2, (box[1] + box[3] - prev[1] - prev[3]) / 2) / w
            zoom = abs(math.log((box[2] - box[0]) / (prev[2] - prev[0])))
            if move > 0.15 or zoom > math.log(1.2):
                listed += 1
                cuts += move > 0.3 or zoom > math.log(1.3)
                where = v.step_id + (f" ({v.detour.step.id} of the other reading)" if v.detour is not None else "")
                print(f"frame {frames} (ceremony {v.state.t:.2f} s, {where}): move {move:.3f} of the width, "
                      f"zoom x{math.exp(zoom):.2f} (moved {moved(prev, box):.3f})")
        prev = box
    print(f"{frames} frames at x{v.state.speed:g}: {listed} move over 0.15 widths or zoom over x1.2 in a frame; "
          f"{cuts} over 0.3 or x1.3 (cuts)")
    v.close()


if __name__ == "__main__":
    main()
