"""Where the main view jumps: ``python bench/camera_cuts.py [SCRIPT] [--size 1280x720] [--fps 25]
[--reading R] [--compare READING]``.

Times SCRIPT (default: the whole 鄉射禮, ``xiangshe/full``) as ``choreo render`` does (without --max-minutes:
the default pace), and compares the main view's box at each frame with the frame before (cards aside): a
move of its centre over 0.15 of its width or a zoom over ×1.2 in one frame is listed, and the count of those
over 0.3 widths or ×1.3 (a cut: no ease could look like it) is printed last. With ``--compare`` the
comparison video (the other reading's ghosts; its agreeing steps played quickly). A layout measure, not a
timing (tests/render/test_camera_no_cut.py holds the bundled passages to it).
"""

from __future__ import annotations

import argparse
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    from dataclasses import replace

    from choreo.compare import Comparison
    from choreo.export.video import timeline_for
    from choreo.planning import plan_script
    from choreo.render.camera import frame_moves
    from choreo.render.config import RenderConfig, parse_size
    from choreo.render.frame import FrameRenderer

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("script", nargs="?", default="xiangshe/full")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--fps", type=int, default=25)
    ap.add_argument("--reading", help="the reading drawn (default: the script's first)")
    ap.add_argument("--compare", metavar="READING", help="the other reading, as ghosts")
    args = ap.parse_args()
    a = plan_script(args.script, reading=args.reading)
    if args.compare == a.reading:
        ap.error(f"--compare {args.compare}: that is the reading drawn")
    cfg = RenderConfig(size=parse_size(args.size), fps=args.fps, quiet=True)
    comparison = None
    if args.compare:
        comparison = Comparison(a, plan_script(args.script, reading=args.compare))
        cfg = replace(cfg, quick_steps=frozenset(s.id for s in a.steps if not comparison.differs(s.id)))
    timeline = timeline_for(a, cfg, tuple(a.steps), comparison)
    renderer = FrameRenderer(a, cfg, comparison=comparison, plays_video=True)
    listed = cuts = 0
    for k, v, t, step, move, zoom in frame_moves(timeline, args.fps,
                                                 lambda t, step: renderer.main_viewport(t, step).world_bounds):
        if move > 0.15 or zoom > math.log(1.2):
            listed += 1
            cuts += move > 0.3 or zoom > math.log(1.3)
            print(f"frame {k} (video {v:.2f} s, ceremony {t:.2f} s, {step.id if step else '-'}): "
                  f"move {move:.3f} of the width, zoom x{math.exp(zoom):.2f}")
    n = timeline.frame_count(args.fps)
    print(f"{n} frames: {listed} move over 0.15 widths or zoom over x1.2 in a frame; {cuts} over 0.3 or x1.3 (cuts)")


if __name__ == "__main__":
    main()
