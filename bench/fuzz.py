"""The long fuzz run: mutated bundled scripts and venue files through the CLI. Prints figures.

    python bench/fuzz.py --cases 10000 --venue-cases 3000 [--seed 1] [--timeout 20] [--show 3]

Prints: cases, exit-status counts, tracebacks, hangs, unexpected exceptions a verb raised (reported
as a PlanError at the action, but still a bug), other misbehaviour (an error line without its
FILE:LINE:COL), and the distinct failure sites with a reproducing case for each (kept in --keep).
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_inputs import fresh_folder, run_case, script_case, venue_case  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000, help="mutated scripts")
    parser.add_argument("--venue-cases", type=int, default=300, help="mutated venue files")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a case may take")
    parser.add_argument("--keep", default="fuzz-failures", help="folder for reproducing cases")
    parser.add_argument("--show", type=int, default=3, help="stderr lines shown per failure site")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    statuses: collections.Counter = collections.Counter()
    sites: dict[str, tuple[int, list[str], str]] = {}
    tracebacks = hangs = wrapped = other = 0
    slowest = 0.0
    started = time.perf_counter()
    plan = [("script", script_case)] * args.cases + [("venue", venue_case)] * args.venue_cases
    for number, (kind, make) in enumerate(plan, 1):
        folder = fresh_folder()
        argv, name = make(rng, folder)
        outcome = run_case(argv, timeout=args.timeout)
        slowest = max(slowest, outcome.seconds)
        statuses["killed" if outcome.hang else outcome.status] += 1
        problems = outcome.problems()
        if problems:
            tracebacks += "traceback" in problems
            hangs += "hang" in problems
            wrapped += "wrapped exception" in problems
            other += not ({"traceback", "hang", "wrapped exception"} & set(problems))
            site = "hang" if outcome.hang else (outcome.site() if "traceback" in problems else problems[0][:60])
            count, _, _ = sites.get(site, (0, [], ""))
            if count == 0:
                keep = Path(args.keep) / f"{len(sites):03d}-{kind}"
                shutil.copytree(folder, keep, dirs_exist_ok=True)
                argv = [a.replace(str(folder), str(keep)) for a in argv]
                sites[site] = (1, argv, outcome.stderr)
            else:
                sites[site] = (count + 1, sites[site][1], sites[site][2])
        shutil.rmtree(folder, ignore_errors=True)
        if number % 500 == 0:
            print(f"… {number} cases, {tracebacks} tracebacks, {hangs} hangs, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)
    total = len(plan)
    print(f"cases: {total} ({args.cases} scripts, {args.venue_cases} venues), seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s, slowest case {slowest:.1f} s")
    print("exit statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)))
    print(f"tracebacks: {tracebacks}  hangs: {hangs}  exceptions wrapped in a PlanError: {wrapped}  "
          f"other misbehaviour: {other}  distinct failure sites: {len(sites)}")
    for site, (count, argv, stderr) in sorted(sites.items(), key=lambda kv: -kv[1][0]):
        print(f"\n{count:5d}× {site}\n       choreo {' '.join(argv)}")
        for line in stderr.strip().splitlines()[-args.show:]:
            print(f"       | {line[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
