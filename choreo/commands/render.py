"""``choreo render``: a passage to MP4, GIF or PNG (one still, or ``--plates DIR``: one per step),
or one still as SVG or PDF for print (``--size-cm``).

    choreo render -o rite.mp4                               # the bundled 鄉射 passage, whole
    choreo render -o clip.gif --size 640x360 --fps 10 --from s012 --to s020
    choreo render -o still.png --at s014                    # the end of step s014 (or --at 61.5 seconds)
    choreo render -o fig.pdf --at s014 --size-cm 16x9       # the same still for print (or fig.svg)
    choreo render --plates plates/ --venue xiang

The flags are named like the fields of RenderConfig. Every size, folder and option is checked before
the first frame is drawn; a failed export leaves no file behind.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from choreo.commands import outcome_flag
from choreo.render.config import DEFAULT_CARD, DEFAULT_HOLD, DEFAULT_READING_RATE, DEFAULT_SPEED

# Modelling choice: a video of the whole rite lasts at most 32 minutes, a lecture's length: enough for
# every clause of seeds 000 and 002 to stay up for its reading time (some 31 minutes of clauses and title
# cards since the closing of 002 was added; 30 minutes were enough for 000 alone) with the walks between
# them sped up; any passage asked for by itself plays at the default 4×.
DEFAULT_MAX_MINUTES = 32.0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射 passage)")
    parser.add_argument("-o", "--output", help="OUT.mp4, OUT.gif, OUT.png, or a still for print: OUT.svg or OUT.pdf")
    parser.add_argument("--venue", help="xie or xiang (default: the script's)")
    parser.add_argument("--reading", help="reading overlay (default: the script's)")
    outcome_flag.add(parser)
    parser.add_argument("--compare", metavar="READING",
                        help="draw this reading as ghosts over the base one, where they differ; the steps where "
                             "they agree pass quickly")
    parser.add_argument("--compare-venue", metavar="VENUE",
                        help="the same, against the base reading in this venue (庠 ↔ 榭: 物當楣 ↔ 物當棟)")
    parser.add_argument("--from", dest="from_step", metavar="STEP", help="first step id")
    parser.add_argument("--to", dest="to_step", metavar="STEP", help="last step id")
    parser.add_argument("--speed", type=float, default=None,
                        help=f"ceremony seconds per video second (default {DEFAULT_SPEED:g}, raised if the "
                             "video would last longer than --max-minutes)")
    parser.add_argument("--hold", type=float, default=None,
                        help=f"minimum seconds of video a step's text stays up (default {DEFAULT_HOLD:g})")
    parser.add_argument("--reading-rate", type=float, default=None, metavar="CHARS",
                        help="a clause stays up as long as it takes to read at this many characters a "
                             f"second (default {DEFAULT_READING_RATE:g}; 0: only --hold)")
    parser.add_argument("--card", type=float, default=None, metavar="SECONDS",
                        help=f"a title card opens each passage of a video (default {DEFAULT_CARD:g} s; 0: none)")
    parser.add_argument("--max-minutes", type=float, default=DEFAULT_MAX_MINUTES,
                        help="with --speed, --hold and --reading-rate not given, speed up the walks (and, "
                             "when that is not enough, the clauses) to keep the video this short "
                             f"(default {DEFAULT_MAX_MINUTES:g}; the whole rite lasts hours of ceremony)")
    parser.add_argument("--size", help="WIDTHxHEIGHT (default 1280x720; 640x360 for a GIF)")
    parser.add_argument("--fps", type=int, help="frames per second (default 25; a GIF: 10, 20 or 25, default 10)")
    parser.add_argument("--camera", default="auto", choices=("auto", "hall", "full"),
                        help="auto: frame the figures of the current step and the places its clause names "
                             "(default); hall: the hall and court, fixed; full: the whole court, with the "
                             "target end (侯, 乏) enlarged beside it")
    parser.add_argument("--at", help="PNG: the moment, a step id or ceremony seconds (default: the end)")
    parser.add_argument("--size-cm", metavar="WxH",
                        help="SVG/PDF: the printed size in centimetres (default 16 cm wide, the picture's "
                             "shape); without --size the picture is laid out for that shape")
    parser.add_argument("--plates", metavar="DIR", help="write a PNG at the end of every step into DIR")
    parser.add_argument("--per-passage", metavar="DIR",
                        help="write one MP4 per passage into DIR (e02-三耦第一番射.mp4 …), e.g. for a course")
    parser.add_argument("--no-labels", dest="labels", action="store_false", help="no figure labels")
    parser.add_argument("--no-trails", dest="trails", action="store_false", help="no movement trails")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("-p", "--open", action="store_true",
                        help="open the result with the desktop's viewer (xdg-open, open, or the Windows "
                             "default); without one, a message says so and the file stays written")
    parser.epilog = ("An output is written to a hidden temporary file beside it and renamed into place when "
                     "complete; an output that is a symbolic link is written through (the file it points to "
                     "is replaced, the link stays); an output that is one of the run's inputs is refused.")


def build_config(args: argparse.Namespace):
    from choreo.errors import ExportError
    from choreo.export.vector import VECTOR, parse_size_cm, pixels_for
    from choreo.render.config import RenderConfig, parse_size

    out = Path(args.output) if args.output else None
    gif = out is not None and out.suffix.lower() == ".gif"
    size_cm = getattr(args, "size_cm", None)
    if size_cm is not None and (out is None or out.suffix.lower() not in VECTOR):
        raise ExportError("--size-cm: only for a still for print (-o OUT.svg or OUT.pdf)")
    default = pixels_for(parse_size_cm(size_cm)) if size_cm else (640, 360) if gif else (1280, 720)
    size = parse_size(args.size) if args.size else default
    fps = args.fps if args.fps is not None else (10 if gif else 25)
    if gif and fps not in (10, 20, 25):
        raise ExportError(f"--fps {fps}: a GIF can time only 10, 20 or 25 frames per second exactly")
    if out is not None and out.suffix.lower() == ".mp4" and (size[0] % 2 or size[1] % 2):
        raise ExportError(f"--size {size[0]}x{size[1]}: MP4 (yuv420p) needs even width and height")
    return RenderConfig(size=size, fps=fps, speed=args.speed or DEFAULT_SPEED,
                        hold=DEFAULT_HOLD if args.hold is None else args.hold,
                        reading_rate=DEFAULT_READING_RATE if args.reading_rate is None else args.reading_rate,
                        card=DEFAULT_CARD if args.card is None else args.card, labels=args.labels,
                        trails=args.trails, camera=args.camera, quiet=args.quiet)


def fitted(cfg, args: argparse.Namespace, steps, comparison=None):
    """The config with the pace fitted to --max-minutes, unless the user set it (see ``fit_pace``); a
    comparison's steps of the other side only, and the rests of its longer steps, count too."""
    from dataclasses import replace

    from choreo.errors import ExportError
    from choreo.render.timeline import fit_pace

    if args.max_minutes <= 0:
        raise ExportError(f"--max-minutes {args.max_minutes:g}: must be positive")
    if args.speed is not None or args.hold is not None or args.reading_rate is not None:
        return cfg
    budget = args.max_minutes * 60
    pace = fit_pace(steps, cfg.pace, budget)
    if comparison is not None:  # once more, with the time the other side adds at that pace taken off
        from choreo.render.comparetime import compare_timeline

        added = compare_timeline(comparison, pace, steps).duration - pace.timeline(steps).duration
        if added > 0 and pace.timeline(steps).duration + added > budget:
            pace = fit_pace(steps, cfg.pace, max(budget - added, budget * 0.5))
    if pace != cfg.pace and not cfg.quiet:
        import sys

        given_up = f"; {pace.given_up}" if pace.given_up else \
            f"; every clause up for its reading time at {pace.rate:g} characters a second" if pace.rate else ""
        print(f"playing the walks at {pace.speed:g}× to keep the video under {args.max_minutes:g} minutes"
              f"{given_up} (set --speed or --max-minutes to change it)", file=sys.stderr)
    return replace(cfg, speed=pace.speed, hold=pace.hold, reading_rate=pace.rate, card=pace.card)


def load_choreography(args: argparse.Namespace):
    from choreo.errors import RenderError

    try:
        from choreo.planning import default_script, plan_script
    except ImportError as exc:
        raise RenderError(f"the planner is not available in this version ({exc})") from None
    script = Path(args.script) if args.script else default_script()
    return plan_script(script, venue=args.venue, reading=args.reading, options=outcome_flag.names(args))


def load_comparison(choreo, args: argparse.Namespace):
    """The Comparison ``--compare`` / ``--compare-venue`` ask for (None when neither is given)."""
    from choreo.compare import Comparison
    from choreo.errors import ExportError, YiliError
    from choreo.planning import plan_script

    if args.compare is None and args.compare_venue is None:
        return None
    if args.compare is not None and args.compare_venue is not None:
        raise ExportError("give --compare READING or --compare-venue VENUE, not both")
    flag = "--compare" if args.compare is not None else "--compare-venue"
    try:
        other = plan_script(Path(args.script) if args.script else None,
                            venue=args.compare_venue or args.venue, reading=args.compare or args.reading,
                            options=choreo.options)
    except YiliError as exc:
        raise type(exc)(f"{flag}: {exc.message}", exc.location, exc.suggestion) from None
    if other.reading == choreo.reading and other.venue.key == choreo.venue.key:
        raise ExportError(f"{flag} {args.compare or args.compare_venue}: the same as the base "
                          f"({choreo.venue.key}, {choreo.reading}); nothing to compare")
    return Comparison(choreo, other)


def run(args: argparse.Namespace) -> int:
    from choreo import atomic
    from choreo.errors import ExportError
    from choreo.export.sinks import check_destination
    from stage.marked_yaml import recording_reads

    if not args.output and not args.plates and not args.per_passage:
        raise ExportError("choreo render needs -o OUT.mp4|OUT.gif|OUT.png, --plates DIR or --per-passage DIR")
    cfg = build_config(args)
    with recording_reads() as inputs, atomic.protect(inputs):
        inputs.update(named_inputs(args))
        if args.output:
            vector_output(args) or check_destination(args.output)  # before planning: a bad folder fails at once
        for flag, value in (("--plates", args.plates), ("--per-passage", args.per_passage)):
            if value and Path(value).exists() and not Path(value).is_dir():
                raise ExportError(f"{flag} {value}: not a folder")
        choreo = load_choreography(args)
        inputs.update((choreo.script, choreo.venue.path))
        comparison = load_comparison(choreo, args)
        written = export(choreo, cfg, args, comparison)
    if args.open:
        from choreo.commands.opener import open_file

        open_file(written)
    return 0


def vector_output(args: argparse.Namespace) -> bool:
    """-o names an SVG or PDF still (checked like any output: folder, links, inputs)."""
    from choreo.export.vector import VECTOR, check_vector

    if Path(args.output).suffix.lower() not in VECTOR:
        return False
    check_vector(args.output)
    return True


def named_inputs(args: argparse.Namespace) -> list[Path]:
    """The script and venue files the command line names (the run reads more: includes, bases)."""
    named = [Path(args.script)] if args.script else []
    if args.venue and Path(args.venue).suffix in (".yaml", ".yml"):
        named.append(Path(args.venue))
    return named


def export(choreo, cfg, args: argparse.Namespace, comparison=None) -> Path:
    """Write what the command line asks for; returns what ``--open`` opens (the file, or the folder)."""
    from dataclasses import replace

    from choreo.export.video import export_plates, export_still, export_video, select_steps
    from choreo.render.frame import FrameRenderer

    steps = select_steps(choreo, args.from_step, args.to_step)
    renderer = None
    if comparison is not None:
        same = frozenset(s.id for s in steps if not comparison.differs(s.id))
        if not cfg.quiet:
            import sys

            from choreo.render.timeline import QUICK_BY

            own = comparison.only_b(steps)
            inserted = f"; {len(own)} of {comparison.names()[1]} only are played in between, its figures " \
                       f"acting them while those of {comparison.names()[0]} wait" if own else ""
            print(f"{len(steps) - len(same)} of {len(steps)} steps differ under {' ↔ '.join(comparison.names())}; "
                  f"the other {len(same)} play {QUICK_BY:g}× faster{inserted}", file=sys.stderr)
        cfg = replace(cfg, quick_steps=same)
        renderer = FrameRenderer(choreo, cfg, comparison=comparison)
    if args.plates:
        paths = export_plates(choreo, args.plates, cfg, steps, renderer=renderer)
        print(f"{len(paths)} plates in {args.plates}")
    if args.per_passage:
        from choreo.errors import ExportError
        from choreo.export.video import passage_file_name, split_passages

        folder = Path(args.per_passage)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExportError(f"--per-passage {folder}: cannot make the folder: {exc.strerror or exc}") from None
        for part in split_passages(steps):
            part_cfg = fitted(cfg, args, part, comparison)
            part_renderer = FrameRenderer(choreo, part_cfg, comparison=comparison, plays_video=True) \
                if comparison else None
            print(export_video(choreo, folder / passage_file_name(part[0], ".mp4"), part_cfg, part,
                               renderer=part_renderer))
    if not args.output:
        return Path(args.plates or args.per_passage)
    if vector_output(args):
        from choreo.export.vector import export_vector_still, parse_size_cm

        at = args.at if args.at is not None else (steps[-1].id if steps else None)
        size_cm = parse_size_cm(args.size_cm) if args.size_cm else None
        path = export_vector_still(choreo, args.output, cfg, at, size_cm, renderer=renderer)
    elif Path(args.output).suffix.lower() == ".png":
        at = args.at if args.at is not None else (steps[-1].id if steps else None)
        path = export_still(choreo, args.output, cfg, at, renderer=renderer)
    else:
        video_cfg = fitted(cfg, args, steps, comparison)
        if comparison is not None:
            renderer = FrameRenderer(choreo, video_cfg, comparison=comparison, plays_video=True)
        path = export_video(choreo, args.output, video_cfg, steps, renderer=renderer)
    print(path)
    return Path(path)
