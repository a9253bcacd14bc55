"""Viewer frame time: one full picture (frame, panels, overlays, flip) at 1280×720, dummy video driver.

    python bench/viewer.py [--script NAME] [--frames 300] [--size 1280x720]
    python bench/viewer.py --idle 5 [--root CHECKOUT]      # CPU of `choreo view` left paused

With ``--idle SECONDS`` it starts ``choreo view`` (from ``--root``, default this checkout: give another
checkout to measure before a change) as a process of its own, lets it plan and settle, and prints the
CPU time that process uses over SECONDS while paused, as a share of one core (Linux: /proc).

Plays the script through with every figure drawn (labels, trails, the checker overlay and a selected
figure on: the most the viewer draws), 300 frames spread evenly over the whole rite,
and prints the mean and 95th-percentile time of ``Viewer.pump`` and of the FrameRenderer's part of it,
also apart for the frames where the step changed and the others. Frames some 6 s of ceremony apart are
a stress test: the step changes every few frames (at 60 fps it changes every few hundred), so the
viewer's drawing ahead of the next step (in a frame's spare time) has little room here.
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
    parser.add_argument("--idle", type=float, metavar="SECONDS", help="measure a paused viewer's CPU instead")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout whose viewer --idle runs (default: this one)")
    parser.add_argument("--x11", action="store_true",
                        help="--idle in a real window (needs DISPLAY: xvfb-run -a python bench/viewer.py ...)")
    parser.add_argument("--settle", type=float, default=15.0,
                        help="seconds to let it plan and draw ahead before measuring (default 15)")
    args = parser.parse_args()
    if args.idle:
        return idle(args)

    import numpy as np

    from choreo.render.config import parse_size
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    viewer = Viewer(Session(Request(args.script)), size=parse_size(args.size))
    viewer.wait_planned(120)
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
    total, changed = [], []
    for _ in range(args.frames):
        before = viewer.state.step
        t0 = time.perf_counter()
        viewer.pump(dt)
        total.append((time.perf_counter() - t0) * 1000)
        changed.append(viewer.state.step != before)
    viewer.close()
    total_a, render_a = np.array(total), np.array(renderer_ms)
    print(f"script: {ch.script} ({len(ch.steps)} steps, {len(people)} people, {len(ch.figures) - len(people)} objects)")
    print(f"window {args.size}, {args.frames} frames over {viewer.spans.end - viewer.spans.start:.0f} s of ceremony")
    print(f"viewer frame : mean {total_a.mean():6.2f} ms   p95 {np.percentile(total_a, 95):6.2f} ms   "
          f"max {total_a.max():6.2f} ms   (target < 16 ms)")
    flags = np.array(changed)
    for name, sel in (("new step", flags), ("same step", ~flags)):
        if sel.any():
            a = total_a[sel]
            print(f"  {name:9s}: {sel.sum():4d} frames  mean {a.mean():6.2f} ms   p95 {np.percentile(a, 95):6.2f} ms   "
                  f"max {a.max():6.2f} ms   over 16 ms: {(a > 16).sum()}")
    print(f"  of which FrameRenderer.draw: mean {render_a.mean():6.2f} ms   p95 {np.percentile(render_a, 95):6.2f} ms")
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux /proc/PID/stat, fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(args) -> int:
    import subprocess

    env = dict(os.environ, PYTHONPATH=args.root)
    if args.x11:
        env.pop("SDL_VIDEODRIVER", None)
    driver = env.get("SDL_VIDEODRIVER", "x11")
    script = args.script or "xiangshe/e01-youshe"  # small: planned well within the settling time
    cmd = [sys.executable, "-m", "choreo", "view", "--size", args.size, script]
    proc = subprocess.Popen(cmd, env=env, cwd=args.root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(args.settle)
        if proc.poll() is not None:
            print(f"choreo view ended early: {proc.stderr.read().decode()}", file=sys.stderr)
            return 2
        c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(args.idle)
        c1, t1 = cpu_seconds(proc.pid), time.perf_counter()
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"choreo view {script} from {args.root} ({driver} video driver), paused: "
          f"{100 * (c1 - c0) / (t1 - t0):.1f} % of a core over {t1 - t0:.1f} s "
          f"({c1 - c0:.2f} s CPU, after {args.settle:g} s to plan and settle)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
