"""What the automatic camera costs a frame: ``python bench/camera_cost.py [--until SECONDS]``.

Camera.view at video-like moments (every 0.27 ceremony seconds, about a frame of the whole-rite
video) over the first ``--until`` seconds of the bundled 鄉射禮 at 640×360, the steps' spans found
first (as FrameRenderer.prepare does); CPU time of this process, so a loaded machine inflates it less.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    import numpy as np

    from choreo.planning import plan_script
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--until", type=float, default=3000.0)
    args = ap.parse_args()
    rite = plan_script("xiangshe/full")
    r = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    ts = np.arange(0.0, args.until, 0.27)
    steps = [rite.step_at(float(t)) for t in ts]
    t0 = time.process_time()
    for s in {id(s): s for s in steps if s is not None}.values():
        r.camera.step_span(s)
    spans = time.process_time() - t0
    t0 = time.process_time()
    for t, s in zip(ts, steps, strict=True):
        r.camera.view(float(t), s)
    dt = time.process_time() - t0
    print(f"camera: {len(ts)} frames, {dt / len(ts) * 1000:.3f} ms a frame; the steps' spans {spans:.2f} s (CPU)")


if __name__ == "__main__":
    main()
