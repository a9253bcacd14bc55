"""Print outputs' cost: scenes, PDF (fpdf2) and SVG per page for the plates of e.2, and one still.

    python bench/print.py

Prints CPU milliseconds per page (process time, so a busy machine skews it less than wall time)
and file sizes. Measured 2026-12-01 on the shared 2-core machine: plates 37 ms/page of scene,
220–320 ms/page of PDF (265 KB for 4 pages), 53 ms/page of SVG (~210 KB a page); a still: 21 ms of
scene, 230–260 ms of PDF (37 KB), 11 ms of SVG (85 KB).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from choreo.paths import scripts_dir
    from choreo.planning import plan_script
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer
    from choreo.render.framescene import FrameScene
    from choreo.render.plates import PlateMaker, PlateOptions
    from choreo.render.scenepdf import scenes_pdf
    from choreo.render.scenesvg import scene_svg
    from choreo.render.text import TextCache

    ch = plan_script(scripts_dir() / "xiangshe" / "e02-first-round.yaml")
    texts = TextCache()
    c0 = time.process_time()
    pages = PlateMaker(ch, texts, PlateOptions()).pages(ch.steps)
    c1 = time.process_time()
    data = scenes_pdf(pages, (210, 297))
    c2 = time.process_time()
    svgs = [scene_svg(p, (21, 29.7)) for p in pages]
    c3 = time.process_time()
    n = len(pages)
    print(f"plates e.2: {n} pages; scene {1000 * (c1 - c0) / n:.0f} ms/page; PDF {1000 * (c2 - c1) / n:.0f} "
          f"ms/page, {len(data) / 1024:.0f} KB; SVG {1000 * (c3 - c2) / n:.0f} ms/page, "
          f"{sum(map(len, svgs)) / n / 1024:.0f} KB a page")
    renderer = FrameRenderer(ch, RenderConfig())
    step = ch.step("s07")
    c0 = time.process_time()
    scene = FrameScene(renderer).at(step.t1, step)
    c1 = time.process_time()
    pdf = scenes_pdf([scene], (160, 90))
    c2 = time.process_time()
    svg = scene_svg(scene, (16, 9))
    c3 = time.process_time()
    print(f"still e.2 s07 (1280x720, 16x9 cm): scene {1000 * (c1 - c0):.0f} ms; PDF {1000 * (c2 - c1):.0f} ms, "
          f"{len(pdf) / 1024:.0f} KB; SVG {1000 * (c3 - c2):.0f} ms, {len(svg) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
