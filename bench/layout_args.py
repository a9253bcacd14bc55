"""What the layout measures (bench/file_numbers.py, gesture_words.py, cut_figures.py) share: the bundled
鄉射禮 planned in a venue and a FrameRenderer at 640×360 or 1280×720, from ``[640|1280] [--venue V]``."""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def rite_and_renderer(description: str, extra=None):
    """(the parsed arguments, the planned rite, its FrameRenderer); ``extra(parser)`` adds options."""
    from choreo.planning import plan_script
    from choreo.render.config import RenderConfig
    from choreo.render.frame import FrameRenderer

    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("width", nargs="?", type=int, default=640, choices=(640, 1280))
    ap.add_argument("--venue", default=None)
    if extra is not None:
        extra(ap)
    args = ap.parse_args()
    rite = plan_script("xiangshe/full", venue=args.venue)
    size = (640, 360) if args.width == 640 else (1280, 720)
    return args, rite, FrameRenderer(rite, RenderConfig(size=size))
