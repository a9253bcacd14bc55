"""``choreo view``: the interactive viewer (a resizable pygame window).

    choreo view                                   # the bundled default passage
    choreo view my-script.yaml --watch            # reload whenever the file is saved
    choreo view e01-youshe --venue xiang --reading zheng --from s05 --to s09
    choreo view e10-xian-huozhe --compare ao      # 敖's reading overlaid as ghosts from the start (o toggles)

Keys: ``?`` in the window lists them. A script error is shown in the window, never as a crash; the
script is planned in the background (the window answers meanwhile) and given up after ``--plan-limit``
seconds. Without a display, or for a script that is not there, it says so on the terminal and exits 2.
"""

from __future__ import annotations

import argparse

from choreo.commands import outcome_flag
from choreo.render.config import DEFAULT_SPEED

# choice: some 25 times what the whole bundled 鄉射禮 (348 steps) takes to plan, 2.2 s on a 2-core machine
PLAN_LIMIT = 60.0
# Platforms whose SDL needs a display server named in the environment (X11 or Wayland); SDL on macOS
# and Windows always has one.
NEEDS_DISPLAY = ("linux", "freebsd", "openbsd", "netbsd")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射 passage)")
    parser.add_argument("--venue", help="xie or xiang (default: the script's); v in the window switches")
    parser.add_argument("--reading", help="reading overlay (default: the script's); r in the window cycles")
    parser.add_argument("--compare", metavar="READING",
                        help="overlay this other reading as ghosts from the start, as choreo render --compare "
                             "draws it (o in the window toggles the overlay)")
    outcome_flag.add(parser)
    parser.add_argument("--from", dest="from_step", metavar="STEP", help="first step id")
    parser.add_argument("--to", dest="to_step", metavar="STEP", help="last step id")
    parser.add_argument("--watch", action="store_true", help="reload the script when it changes on disk")
    parser.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--speed", type=float, default=DEFAULT_SPEED,
                        help=f"ceremony seconds per second of playback (default {DEFAULT_SPEED:g})")
    parser.add_argument("--out-dir", default=".", help="where s (PNG) and e (MP4) write (default: here)")
    parser.add_argument("--plan-limit", type=float, default=PLAN_LIMIT, metavar="SECONDS",
                        help=f"stop planning a script after this long, the window kept open (default {PLAN_LIMIT:g})")


def run(args: argparse.Namespace) -> int:
    import os

    from choreo.errors import RenderError
    from choreo.render.config import parse_size

    size = parse_size(args.size)
    if not args.speed > 0:
        raise RenderError(f"bad --speed {args.speed}: must be positive")
    if not args.plan_limit > 0:
        raise RenderError(f"bad --plan-limit {args.plan_limit}: must be a positive number of seconds")
    no_display = display_missing(os.environ)
    if no_display:
        raise RenderError(no_display)
    script = script_or_error(args.script, args.watch)
    compare_or_error(script, args.reading, args.compare)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the viewer makes no sound; spare users ALSA noise
    import pygame

    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    session = Session(Request(script, args.venue, args.reading, args.from_step, args.to_step,
                              outcome_flag.names(args)))
    try:
        viewer = Viewer(session, size=size, watch=args.watch, out_dir=args.out_dir, speed=args.speed,
                        plan_limit=args.plan_limit, compare=args.compare)
    except pygame.error as exc:
        raise RenderError(f"cannot open a window ({exc}); is there a display? "
                          "(choreo doctor checks SDL; choreo render writes files without one)") from None
    return viewer.run()


def display_missing(environ, platform: str | None = None) -> str | None:
    """Why no window can open here, or None: SDL without X11 or Wayland would fall back to its
    offscreen driver and run invisibly until killed. An SDL_VIDEODRIVER the user set (``dummy`` in
    tests) is taken as meant."""
    import sys

    platform = platform or sys.platform
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith(NEEDS_DISPLAY):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return ("no display to open the viewer's window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            "run it in a desktop session or over ssh -X, or write files without one: "
            "choreo render SCRIPT -o OUT.mp4")


def script_or_error(name: str | None, watch: bool) -> str | None:
    """The script to view, found before any window opens: a name that is neither a file nor a bundled
    script is an error on the terminal (with a did-you-mean), except a new file's path under --watch,
    which the viewer waits for (choice: ``--watch new.yaml`` in an existing folder is how one starts
    writing a script with the window beside the editor)."""
    import sys
    from pathlib import Path

    from choreo.errors import YiliError
    from choreo.planning import find_script

    if name is None:
        return None
    try:
        find_script(name)
    except YiliError as exc:
        path = Path(name)
        if not (watch and path.suffix in (".yaml", ".yml") and path.parent.is_dir()):
            if exc.suggestion is None:
                exc.message += " (choreo list names the bundled scripts)"
            raise
        print(f"{name}: not there yet; the window shows it once it is saved", file=sys.stderr)
    return name


def compare_or_error(script: str | None, reading: str | None, compare: str | None) -> None:
    """--compare checked on the terminal when the script can be read now: a reading it does not declare, or
    the one drawn, is an error (with a did-you-mean). A script that does not parse is left to the window,
    which shows its error (and, once it plans, says there if --compare names no reading of it)."""
    if compare is None:
        return
    from choreo.errors import RenderError, YiliError, suggest
    from choreo.planning import load_script

    try:
        parsed = load_script(script)
    except YiliError:
        return
    names, drawn = parsed.reading_names, reading or parsed.reading_names[0]
    if compare not in names:
        raise RenderError(f"--compare: no reading '{compare}' in {script or 'the default passage'} "
                          f"(it has {', '.join(names)})", None, suggest(compare, names))
    if compare == drawn:
        raise RenderError(f"--compare {compare}: that is the reading drawn; name another (or --reading)")
