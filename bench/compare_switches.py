"""How a comparison video's camera moves where it switches clock: ``python bench/compare_switches.py [SCRIPT]
[--base zheng] [--other ao] [--fps 25]``.

Plans a bundled passage (default: e10, 獻獲者) under both readings, times the comparison video as the export
does, and prints, round every switch between the drawn reading's clock and the other's (a step of the other
only, the rest of a step it makes longer, and back), the largest frame-to-frame move of the main view's
centre (in widths of the view) and of its zoom (|log| of the width ratio) over the frames from 0.4 s
before the switch to 1.5 s after. A layout measure, not a timing.
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
    from choreo.paths import scripts_dir
    from choreo.planning import plan_script
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("script", nargs="?", default=str(scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"))
    ap.add_argument("--base", default="zheng")
    ap.add_argument("--other", default="ao")
    ap.add_argument("--fps", type=int, default=25)
    args = ap.parse_args()
    a = plan_script(args.script, venue="xie", reading=args.base)
    b = plan_script(args.script, venue="xie", reading=args.other)
    cmp = Comparison(a, b)
    steps = tuple(a.steps)
    cfg = replace(RenderConfig(size=(1280, 720), fps=args.fps),
                  quick_steps=frozenset(s.id for s in steps if not cmp.differs(s.id)))
    timeline = timeline_for(a, cfg, steps, cmp)
    renderer = FrameRenderer(a, cfg, comparison=cmp, plays_video=True)  # the video's own view
    segs = timeline.segments
    switches = [seg.v0 for i, seg in enumerate(segs) if i and seg.step is not None and segs[i - 1].step is not None
                and cmp.owns(timeline.steps[seg.step]) != cmp.owns(timeline.steps[segs[i - 1].step])]
    worst_all = (0.0, 0.0)
    for v in switches:
        prev, worst = None, (0.0, 0.0)
        for k in range(max(0, int((v - 0.4) * args.fps)), int((v + 1.5) * args.fps)):
            t, step = timeline.at(k / args.fps)
            x0, y0, x1, y1 = renderer.main_viewport(t, step).world_bounds
            cur = ((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0)
            if prev is not None:
                move = math.hypot(cur[0] - prev[0], cur[1] - prev[1]) / max(cur[2], prev[2])
                worst = (max(worst[0], move), max(worst[1], abs(math.log(cur[2] / prev[2]))))
            prev = cur
        t, step = timeline.at(v)
        side = args.other if cmp.owns(step) else args.base
        print(f"switch at video {v:7.2f} s into {step.id} ({side}'s clock): largest move {worst[0]:.3f} of the "
              f"view's width, zoom {worst[1]:.3f}")
        worst_all = (max(worst_all[0], worst[0]), max(worst_all[1], worst[1]))
    print(f"{len(switches)} switches; largest move {worst_all[0]:.3f} of the width, zoom {worst_all[1]:.3f}")


if __name__ == "__main__":
    main()
