"""``choreo cues``: a cue sheet for one role, or one for every figure into a folder.

    choreo cues assets/scripts/xiangshe/e02-first-round.yaml --figure 上耦上射 -o cues.pdf
    choreo cues SCRIPT --all -o cues/                 # cues/上耦上射.pdf, cues/司馬.pdf …

Every step the figure acts in: the clause, a mini-plan of where he starts and goes (an arrow), and in
words where from and to, which way he faces and turns, whom he passes on which side, what he carries.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from choreo.commands import outcome_flag


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射 passage)")
    parser.add_argument("-o", "--output", required=True,
                        help="OUT.pdf, OUT.svg or OUT.png (one file a page: OUT-01.svg …); with --all a folder")
    parser.add_argument("--figure", help="the role (a figure of the script), e.g. 上耦上射")
    parser.add_argument("--all", action="store_true", help="one PDF cue sheet per figure into the -o folder")
    parser.add_argument("--venue", help="xie or xiang (default: the script's)")
    parser.add_argument("--reading", help="reading overlay (default: the script's)")
    outcome_flag.add(parser)
    parser.add_argument("--from", dest="from_step", metavar="STEP", help="first step id")
    parser.add_argument("--to", dest="to_step", metavar="STEP", help="last step id")
    parser.add_argument("--paper", default="a4", type=str.lower, choices=("a4", "letter"))


def run(args: argparse.Namespace) -> int:
    from choreo import atomic
    from choreo.commands.render import load_choreography, named_inputs
    from choreo.errors import ExportError, suggest
    from choreo.export.vector import PAGES, write_scenes
    from choreo.export.video import select_steps
    from choreo.render.cuesheet import CueSheet
    from choreo.render.plates import PAPER
    from choreo.render.text import TextCache
    from stage.marked_yaml import recording_reads

    if bool(args.figure) == bool(args.all):
        raise ExportError("choreo cues needs --figure NAME (one sheet) or --all (a sheet per figure)")
    out = Path(args.output)
    with recording_reads() as inputs, atomic.protect(inputs):
        inputs.update(named_inputs(args))
        if args.all:
            if out.exists() and not out.is_dir():
                raise ExportError(f"-o {out}: not a folder (--all writes one sheet per figure into it)")
        else:
            atomic.check_destination(out, PAGES, "choreo cues")
        choreo = load_choreography(args)
        inputs.update((choreo.script, choreo.venue.path))
        people = [n for n, info in choreo.figures.items() if info.kind != "object"]
        if args.figure and args.figure not in people:
            raise ExportError(f"--figure: no figure '{args.figure}' in {choreo.script}", None,
                              suggest(args.figure, people))
        steps = select_steps(choreo, args.from_step, args.to_step)
        texts = TextCache()
        written = []
        if args.all:
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ExportError(f"-o {out}: cannot make the folder: {exc.strerror or exc}") from None
            for name in people:
                if any(name in s.figures for s in steps):
                    pages = CueSheet(choreo, name, texts, args.paper).pages(steps)
                    written += write_scenes(out / f"{name}.pdf", pages, PAPER[args.paper], choreo.title, texts)
        else:
            pages = CueSheet(choreo, args.figure, texts, args.paper).pages(steps)
            written = write_scenes(out, pages, PAPER[args.paper], choreo.title, texts)
    for path in written:
        print(path)
    return 0
