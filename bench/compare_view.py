"""What a comparison video shows of the other reading: ``python bench/compare_view.py [--base zheng] [--other ao]``.

Plans the bundled 鄉射禮 under both readings and prints, for the comparison drawn over ``--base``: the steps
that differ, the other reading's own steps (played in between, its figures acting them) and the shared
steps it plays longer (their rest played on its clock); the video's length at the default pace fitted to
32 minutes without and with that time; and, at the still of every differing step (both sides at the
step's end, Comparison.still), how many of the persons drawn as ghosts are outside the main view, split
into those across the range (the main view shows the hall's side or the 侯's, the 侯道 strip the other),
those of the step's actors or of figures in view, and bystanders off screen under both readings. A
layout measure, not a timing.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    from dataclasses import replace

    from choreo.compare import Comparison
    from choreo.planning import default_script, plan_script
    from choreo.render.comparetime import compare_timeline
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer
    from choreo.render.timeline import fit_pace

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="zheng")
    ap.add_argument("--other", default="ao")
    args = ap.parse_args()
    c = Comparison(plan_script(default_script(), reading=args.base), plan_script(default_script(), reading=args.other))
    steps = c.a.steps
    same = frozenset(s.id for s in steps if not c.differs(s.id))
    pace = fit_pace(steps, replace(RenderConfig(), quick_steps=same).pace, 32 * 60)
    own = [e.b.id for e in c.only_b(steps)]
    longer = sum(1 for e in c.entries() if e.a and e.b and e.b.t1 - e.b.t0 > e.a.t1 - e.a.t0 + 1e-6)
    print(f"{c.a.reading} drawn, {c.b.reading} as ghosts: {len(steps) - len(same)} of {len(steps)} steps differ; "
          f"{len(own)} steps of {c.b.reading} only ({', '.join(own)}); {longer} shared steps longer under {c.b.reading}")
    print(f"video at {pace.speed:g}×: {pace.timeline(steps).duration:.1f} s without the other reading's time, "
          f"{compare_timeline(c, pace, steps).duration:.1f} s with it")
    r = FrameRenderer(c.a, RenderConfig(), comparison=c)
    split = r.layout.range_top
    total, counts = 0, {"across the range": 0, "actors or in view": 0, "bystanders": 0}
    for e in c.entries():
        if not c.differs(e.id):
            continue
        t, step = c.still(e.id)
        vp = r.main_viewport(t, step)
        left, top, w, h = vp.rect
        t_a, drawn = r.enter(t, step)
        tb = t if c.owns(step) else c.other_time(step.id, t)
        actors = set(step.figures) | set(e.a.figures if e.a else ()) | set(e.b.figures if e.b else ())
        box = vp.world_bounds
        north = (box[1] + box[3]) / 2 >= split
        for g in r.ghosts(t, step):
            if g.kind != "person":
                continue
            total += 1
            if left <= g.px <= left + w and top <= g.py <= top + h:
                continue
            pose, mine = c.b.pose_at(g.name, tb), c.a.pose_at(g.name, t_a)
            seen = mine is not None and box[0] <= mine.x <= box[2] and box[1] <= mine.y <= box[3]
            if (pose.y >= split) != north:
                counts["across the range"] += 1
            elif g.name in actors or seen:
                counts["actors or in view"] += 1
            else:
                counts["bystanders"] += 1
    print(f"persons drawn as ghosts at the stills of the differing steps: {total}; outside the main view: "
          + ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
