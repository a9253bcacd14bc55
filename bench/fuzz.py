"""The long fuzz run: mutated bundled scripts and venue files through the CLI. Prints figures.

    python bench/fuzz.py --cases 10000 --venue-cases 3000 [--seed 1] [--timeout 20] [--show 3]

Prints: cases, exit-status counts, tracebacks, hangs, unexpected exceptions a verb raised (reported
as a PlanError at the action, but still a bug), other misbehaviour (an error line without its
FILE:LINE:COL), and the distinct failure sites with a reproducing case for each (kept in --keep).
Stopped early (Ctrl-C, SIGTERM), it prints the figures of the cases run so far.
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_inputs import fresh_folder, run_case, script_case, venue_case  # noqa: E402

KINDS = ("traceback", "hang", "wrapped exception")


@dataclass
class Tally:
    cases: collections.Counter = field(default_factory=collections.Counter)  # script / venue
    statuses: collections.Counter = field(default_factory=collections.Counter)
    problems: collections.Counter = field(default_factory=collections.Counter)  # traceback, hang, … other
    sites: dict[str, tuple[int, list[str], str]] = field(default_factory=dict)
    slowest: float = 0.0

    def add(self, kind: str, argv: list[str], folder: Path, keep: Path, outcome) -> None:
        self.cases[kind] += 1
        self.slowest = max(self.slowest, outcome.seconds)
        self.statuses["killed" if outcome.hang else outcome.status] += 1
        problems = outcome.problems()
        if not problems:
            return
        for name in KINDS:
            self.problems[name] += name in problems
        self.problems["other"] += not set(KINDS) & set(problems)
        site = "hang" if outcome.hang else (outcome.site() if "traceback" in problems or "wrapped exception"
                                            in problems else problems[0][:60])
        count, first_argv, stderr = self.sites.get(site, (0, argv, outcome.stderr))
        if count == 0:  # keep the first case of each site to reproduce it
            kept = keep / f"{len(self.sites):03d}-{kind}"
            shutil.copytree(folder, kept, dirs_exist_ok=True)
            first_argv = [a.replace(str(folder), str(kept)) for a in argv]
        self.sites[site] = (count + 1, first_argv, stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000, help="mutated scripts")
    parser.add_argument("--venue-cases", type=int, default=300, help="mutated venue files")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="CPU seconds a case may take")
    parser.add_argument("--keep", default="fuzz-failures", help="folder for reproducing cases")
    parser.add_argument("--show", type=int, default=3, help="stderr lines shown per failure site")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    plan = [("script", script_case)] * args.cases + [("venue", venue_case)] * args.venue_cases
    rng.shuffle(plan)
    tally = Tally()
    started = time.perf_counter()
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        for number, (kind, make) in enumerate(plan, 1):
            folder = fresh_folder()
            argv, _ = make(rng, folder)
            tally.add(kind, argv, folder, Path(args.keep), run_case(argv, timeout=args.timeout))
            shutil.rmtree(folder, ignore_errors=True)
            if number % 500 == 0:
                print(f"… {number} cases, {tally.problems['traceback']} tracebacks, {tally.problems['hang']} "
                      f"hangs, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("stopped early", file=sys.stderr)
    _report(args, tally, time.perf_counter() - started)
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _report(args, tally: Tally, seconds: float) -> None:
    total = sum(tally.cases.values())
    print(f"cases: {total} ({tally.cases['script']} scripts, {tally.cases['venue']} venues), seed {args.seed}, "
          f"{seconds:.0f} s, slowest case {tally.slowest:.1f} s")
    print("exit statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.statuses.items(), key=str)))
    p = tally.problems
    print(f"tracebacks: {p['traceback']}  hangs: {p['hang']}  exceptions wrapped in a PlanError: "
          f"{p['wrapped exception']}  other misbehaviour: {p['other']}  distinct failure sites: {len(tally.sites)}")
    for site, (count, argv, stderr) in sorted(tally.sites.items(), key=lambda kv: -kv[1][0]):
        print(f"\n{count:5d}× {site}\n       choreo {' '.join(argv)}")
        for line in stderr.strip().splitlines()[-args.show:]:
            print(f"       | {line[:160]}")


if __name__ == "__main__":
    sys.exit(main())
