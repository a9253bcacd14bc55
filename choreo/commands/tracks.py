"""choreo tracks SCRIPT -o FILE.json: the tracks file (DESIGN.md, version 1)."""

from __future__ import annotations

import sys


def configure(parser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射禮)")
    parser.add_argument("-o", "--output", required=True, help="output JSON file ('-' for stdout)")
    parser.add_argument("--venue", help="xie (榭) or xiang (庠); default: the script's")
    parser.add_argument("--reading", help="a reading declared by the script (default: its first)")
    from choreo.commands import outcome_flag

    outcome_flag.add(parser)
    parser.add_argument("--from", dest="from_step", help="first step id")
    parser.add_argument("--to", dest="to_step", help="last step id")


def run(args) -> int:
    from pathlib import Path

    from choreo import atomic
    from choreo.commands import outcome_flag
    from choreo.planning import plan_script
    from choreo.tracks import dumps, write_tracks
    from stage.marked_yaml import recording_reads

    with recording_reads() as inputs, atomic.protect(inputs):
        inputs.update(Path(p) for p in (args.script, args.venue) if p and Path(p).suffix in (".yaml", ".yml"))
        if args.output != "-":
            atomic.check_destination(args.output, (".json",), "choreo tracks")  # before planning
        ch = plan_script(args.script, venue=args.venue, reading=args.reading, from_step=args.from_step,
                         to_step=args.to_step, options=outcome_flag.names(args))
        inputs.update((ch.script, ch.venue.path))
        if args.output == "-":
            atomic.write_stdout(dumps(ch), "the tracks")
        else:
            write_tracks(ch, args.output)
            print(f"wrote {args.output}: {len(ch.steps)} steps, {len(ch.tracks)} tracks, "
                  f"{ch.duration:.1f} s", file=sys.stderr)
    return 0
