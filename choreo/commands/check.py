"""``choreo check [SCRIPT] [--venue V | --all-venues] [--reading R ...] [--json]``.

Plans the script for each venue and reading asked, checks every plan (collisions, the text's
constraints, text conformance) and, with two or more readings, compares them. Exit status: 0 when
nothing fails, 1 when something does, 2 for bad input (printed by choreo.cli).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def configure(parser) -> None:
    parser.add_argument("script", nargs="?", help="step script (default: the bundled 鄉射禮 sequence)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--venue", help="venue key (xie, xiang); default: the script's own")
    where.add_argument("--all-venues", action="store_true", help="check in every bundled venue where the rite of the script's seed is performed")
    parser.add_argument("--reading", action="append", default=[], metavar="R",
                        help="a reading to plan (repeat to compare readings)")
    from choreo.commands import outcome_flag

    outcome_flag.add(parser)
    parser.add_argument("--all-outcomes", action="store_true",
                        help="check the default and each of the script's options (the text's branches) alone")
    parser.add_argument("--from", dest="from_step", help="first step id")
    parser.add_argument("--to", dest="to_step", help="last step id")
    parser.add_argument("--json", action="store_true", help="machine-readable report (docs/check-schema.json)")
    parser.add_argument("--passes", action="store_true", help="also list the constraints that hold")


def _planning():
    from choreo.errors import YiliError
    try:
        import choreo.planning as planning
    except ImportError as exc:
        if exc.name not in ("choreo.planning",):
            raise
        raise YiliError("the planner (choreo.planning) is not available in this version") from None
    return planning


def _script_path(planning, script: str | None) -> Path:
    from choreo.errors import ScriptError
    if script is None:
        return Path(planning.default_script())
    path = Path(script)
    if not path.is_file():
        if hasattr(planning, "find_script") and not path.suffix:
            return Path(planning.find_script(script))  # a bundled script by name (e01-youshe)
        raise ScriptError(f"no such script file: {script}")
    return path


def _readings(script, asked: list[str]) -> list[str | None]:
    """The readings asked for; none asked: every reading the script defines (an error in any of them
    is reported, not only in the default one)."""
    from choreo.errors import ScriptError, suggest
    known = list(script.reading_names)
    if not asked:
        return list(known) or [None]
    for r in asked:
        if r not in known:
            raise ScriptError(f"unknown reading '{r}' (this script has: {', '.join(known) or 'none'})",
                              None, suggest(r, known))
    return list(dict.fromkeys(asked))


def _venues(args, script) -> list[str | None]:
    if args.all_venues:
        from stage.loader import venues_for_seed
        return venues_for_seed(script.source)
    return [args.venue]


def _venues_and_options(args, script) -> list[tuple[str | None, tuple[str, ...]]]:
    """Each venue with each set of options to plan: those --outcome names, or with --all-outcomes none and
    then each option of the script alone."""
    from choreo.commands import outcome_flag
    from choreo.errors import ScriptError

    asked = outcome_flag.names(args)
    if args.all_outcomes and asked:
        raise ScriptError("give --outcome OPTION or --all-outcomes, not both")
    sets = [(), *((o,) for o in script.option_names)] if args.all_outcomes else [asked]
    return [(venue, options) for venue in _venues(args, script) for options in sets]


def run(args) -> int:
    from choreo.check import check_report, compare, glyphs, output

    planning = _planning()
    # Parsed once, with positions, for every venue and reading planned below.
    script = planning.load_script(_script_path(planning, args.script))
    readings = _readings(script, args.reading)
    runs, comparisons, texts, failed = [], [], [], False
    lacking: list[str] = []
    for venue, options in _venues_and_options(args, script):
        plans, reports = [], []
        for reading in readings:
            ch = planning.plan(script, venue=venue, reading=reading, from_step=args.from_step,
                               to_step=args.to_step, options=options)
            rep = check_report(ch)
            for line in glyphs.missing_glyphs(ch):
                if line not in lacking:
                    lacking.append(line)
            plans.append(ch)
            reports.append(rep)
            failed |= not rep.ok
            runs.append(output.run_json(ch, rep))
            texts.append(output.text_report(ch, rep, show_passes=args.passes))
        if len(plans) > 1:
            table = compare(plans, reports)
            named = {"outcome": list(options)} if options else {}
            comparisons.append({"venue": plans[0].venue.key, **named, **table.to_json()})
            under = "".join(f" --outcome {o}" for o in options)
            texts.append(f"venue {plans[0].venue.key}{under}: " + output.text_table(table))
    if args.json:
        json.dump(output.document(runs, comparisons), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print("\n\n".join(texts))
    for line in lacking:
        print(line, file=sys.stderr)
    return 1 if failed or lacking else 0
