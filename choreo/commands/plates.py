"""``choreo plates``: a passage as printed plates, one small panel per step with its clause.

    choreo plates assets/scripts/xiangshe/e02-first-round.yaml -o e02.pdf       # A4 pages
    choreo plates SCRIPT -o e02.svg --paper letter --vertical                   # e02-01.svg …, clauses in columns
    choreo plates SCRIPT -o e02.pdf --compare ao                                # 敖's stations as grey ghosts

Each page names the passage, the venue and the reading; a panel shows the fixed plan, where each
figure of the step starts (○), the path he walks and where he ends (● with his facing).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from choreo.commands import outcome_flag


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射 passage)")
    parser.add_argument("-o", "--output", required=True,
                        help="OUT.pdf (one file), OUT.svg or OUT.png (one file a page: OUT-01.svg …)")
    parser.add_argument("--venue", help="xie or xiang (default: the script's)")
    parser.add_argument("--reading", help="reading overlay (default: the script's)")
    outcome_flag.add(parser)
    parser.add_argument("--compare", metavar="READING",
                        help="draw another reading's differing stations and paths as grey ghosts")
    parser.add_argument("--from", dest="from_step", metavar="STEP", help="first step id")
    parser.add_argument("--to", dest="to_step", metavar="STEP", help="last step id")
    parser.add_argument("--paper", default="a4", type=str.lower, choices=("a4", "letter"),
                        help="page size, portrait (default a4)")
    parser.add_argument("--vertical", action="store_true",
                        help="set each clause in vertical columns, right to left, as the old ritual diagrams print them")
    parser.add_argument("--columns", type=int, default=3, help="panels across a page (default 3)")
    parser.add_argument("--rows", type=int, default=4, help="panels down a page (default 4)")


def run(args: argparse.Namespace) -> int:
    from choreo import atomic
    from choreo.commands.render import load_choreography, named_inputs
    from choreo.errors import ExportError
    from choreo.export.vector import PAGES, write_scenes
    from choreo.export.video import select_steps
    from choreo.render.plates import PAPER, PlateMaker, PlateOptions
    from choreo.render.text import TextCache
    from stage.marked_yaml import recording_reads

    for flag, n in (("--columns", args.columns), ("--rows", args.rows)):
        if not 1 <= n <= 8:
            raise ExportError(f"{flag} {n}: between 1 and 8 panels")
    with recording_reads() as inputs, atomic.protect(inputs):
        inputs.update(named_inputs(args))
        atomic.check_destination(args.output, PAGES, "choreo plates")
        choreo = load_choreography(args)
        inputs.update((choreo.script, choreo.venue.path))
        other = compared(choreo, args)
        steps = select_steps(choreo, args.from_step, args.to_step)
        texts = TextCache()
        opts = PlateOptions(args.paper, args.vertical, args.columns, args.rows)
        pages = PlateMaker(choreo, texts, opts, other).pages(steps)
        paths = write_scenes(args.output, pages, PAPER[args.paper], choreo.title, texts)
    for path in paths:
        print(path)
    return 0


def compared(choreo, args: argparse.Namespace):
    """The same script planned under ``--compare``'s reading (None without it)."""
    if not args.compare:
        return None
    from choreo.errors import ExportError, suggest
    from choreo.planning import plan_script

    if args.compare not in choreo.readings:
        raise ExportError(f"--compare: no reading '{args.compare}' in {choreo.script} "
                          f"(it has {', '.join(choreo.readings)})", None, suggest(args.compare, choreo.readings))
    if args.compare == choreo.reading:
        raise ExportError(f"--compare {args.compare}: that is the reading drawn; name another")
    return plan_script(Path(choreo.script), venue=args.venue, reading=args.compare, options=choreo.options)
