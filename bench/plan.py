"""Planning speed: every bundled script, both venues, each reading. Prints figures; asserts nothing.

    python bench/plan.py [--repeat N]

The issue's target: planning a full passage of a few hundred steps well under a second, so that the
viewer can re-plan when the venue or the reading is switched.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from choreo.errors import YiliError  # noqa: E402
from choreo.planning import bundled_scripts, plan  # noqa: E402
from choreo.script import parse_script  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'script':34} {'venue':6} {'reading':8} {'steps':>5} {'figures':>7} {'samples':>8} "
          f"{'parse ms':>9} {'plan ms (median)':>17}")
    for path in bundled_scripts():
        t = time.perf_counter()
        try:
            script = parse_script(path)
        except YiliError as exc:
            print(f"{path.name}: cannot be read: {exc.message}")
            continue
        parse_ms = (time.perf_counter() - t) * 1000
        for venue in ("xie", "xiang"):
            for reading in script.reading_names:
                times = []
                try:
                    for _ in range(args.repeat):
                        t = time.perf_counter()
                        ch = plan(script, venue=venue, reading=reading)
                        times.append((time.perf_counter() - t) * 1000)
                except YiliError as exc:
                    print(f"{path.name} {venue} {reading}: cannot be planned: {exc.message}")
                    continue
                samples = sum(len(tr.samples) for tr in ch.tracks.values())
                name = path.relative_to(path.parents[1]).as_posix()
                print(f"{name:34} {venue:6} {reading:8} {len(ch.steps):5d} {len(ch.figures):7d} {samples:8d} "
                      f"{parse_ms:9.1f} {statistics.median(times):17.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
