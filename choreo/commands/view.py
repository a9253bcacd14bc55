"""``choreo view``: the interactive viewer (a resizable pygame window).

    choreo view                                   # the bundled default passage
    choreo view my-script.yaml --watch            # reload whenever the file is saved
    choreo view e01-youshe --venue xiang --reading zheng --from s05 --to s09

Keys: ``?`` in the window lists them. A script error is shown in the window, never as a crash.
"""

from __future__ import annotations

import argparse

from choreo.render.config import DEFAULT_SPEED


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射 passage)")
    parser.add_argument("--venue", help="xie or xiang (default: the script's); v in the window switches")
    parser.add_argument("--reading", help="reading overlay (default: the script's); r in the window cycles")
    parser.add_argument("--from", dest="from_step", metavar="STEP", help="first step id")
    parser.add_argument("--to", dest="to_step", metavar="STEP", help="last step id")
    parser.add_argument("--watch", action="store_true", help="reload the script when it changes on disk")
    parser.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--speed", type=float, default=DEFAULT_SPEED,
                        help=f"ceremony seconds per second of playback (default {DEFAULT_SPEED:g})")
    parser.add_argument("--out-dir", default=".", help="where s (PNG) and e (MP4) write (default: here)")


def run(args: argparse.Namespace) -> int:
    import os

    from choreo.errors import RenderError
    from choreo.render.config import parse_size

    size = parse_size(args.size)
    if not args.speed > 0:
        raise RenderError(f"bad --speed {args.speed}: must be positive")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the viewer makes no sound; spare users ALSA noise
    import pygame

    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    session = Session(Request(args.script, args.venue, args.reading, args.from_step, args.to_step))
    try:
        viewer = Viewer(session, size=size, watch=args.watch, out_dir=args.out_dir, speed=args.speed)
    except pygame.error as exc:
        raise RenderError(f"cannot open a window ({exc}); is there a display? "
                          "(choreo doctor checks SDL; choreo render writes files without one)") from None
    return viewer.run()
