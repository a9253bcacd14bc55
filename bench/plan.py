"""Planning speed: every bundled script, both venues, each reading. Prints figures; asserts nothing.

    python bench/plan.py [--repeat N]
    python bench/plan.py --scaling [--sizes 1000 2000 4000 8000]
    python bench/plan.py --reloads 10
    python bench/plan.py --parse [--check SCRIPT]

The issue's target: planning a full passage of a few hundred steps well under a second, so that the
viewer can re-plan when the venue or the reading is switched. ``--scaling`` plans a generated script
of N steps (one figure walking to 堂西 and back, step after step), each size in a fresh process so
that its peak resident memory (ru_maxrss, which includes the interpreter and imports) is its own.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from choreo.errors import YiliError  # noqa: E402
from choreo.planning import bundled_scripts, plan  # noqa: E402
from choreo.script_parser import parse_script, parse_text  # noqa: E402

SIZES = (1000, 2000, 4000, 8000)


def walking_script(steps: int) -> str:
    """A script of ``steps`` steps: 司射 walks to 堂西, back to his 位, to 堂西 …"""
    head = ("title: scaling\npassage: bench\nsource: \"000\"\nvenue: xie\nfigures:\n"
            "  司射: {at: 司射位, 位: 司射位, facing: 南面, role: official}\nsteps:\n")
    body = "".join(f"  - id: s{i}\n    text: 司射適{'堂西' if i % 2 else '司射位'}。\n"
                   f"    do:\n      司射: [{{適: {'堂西' if i % 2 else '司射位'}}}]\n" for i in range(1, steps + 1))
    return head + body


def measure_one(steps: int) -> dict:
    """Parse and plan the walking script once in this process; times and this process's peak RSS."""
    text = walking_script(steps)
    wall, cpu = time.perf_counter(), time.process_time()
    script = parse_text(text, f"<walking {steps}>")
    parsed, parsed_cpu = time.perf_counter(), time.process_time()
    ch = plan(script)
    planned, planned_cpu = time.perf_counter(), time.process_time()
    if len(ch.steps) != steps:
        raise SystemExit(f"planned {len(ch.steps)} steps of {steps}")
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    return {"steps": steps, "parse_s": parsed - wall, "parse_cpu_s": parsed_cpu - cpu, "plan_s": planned - parsed,
            "plan_cpu_s": planned_cpu - parsed_cpu, "peak_mb": peak_kb / 1024}


def scaling(sizes: list[int]) -> int:
    # CPU seconds beside wall seconds: on a shared machine the wall clock includes waiting for a core.
    print(f"{'steps':>6} {'parse s':>8} {'parse cpu s':>11} {'plan s':>8} {'plan cpu s':>10} {'peak MB':>8}")
    for n in sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True,
                             check=False)
        if out.returncode != 0:
            print(f"{n:6d} failed: {out.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(out.stdout)
        print(f"{r['steps']:6d} {r['parse_s']:8.2f} {r['parse_cpu_s']:11.2f} {r['plan_s']:8.2f} {r['plan_cpu_s']:10.2f} {r['peak_mb']:8.0f}",
              flush=True)
    return 0


def reloads(count: int) -> int:
    """Load the venue afresh and plan e.1 with it ``count`` times, as the viewer does on every edit:
    memory still held after each (tracemalloc) and how many of the dropped venues are still alive."""
    import gc
    import tracemalloc
    import weakref

    from choreo.planner import Planner
    from choreo.script import apply_reading
    from stage.loader import load_venue

    script, reading = apply_reading(parse_script(bundled_scripts()[0]), None)
    alive: list[weakref.ref] = []
    tracemalloc.start()
    print(f"{'reload':>6} {'held MB':>8} {'venues alive':>12}")
    for i in range(1, count + 1):
        venue = load_venue(script.venue)
        Planner(script, venue, reading).plan()
        alive.append(weakref.ref(venue))
        del venue
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] / 1e6
        print(f"{i:6d} {held:8.2f} {sum(r() is not None for r in alive):12d}", flush=True)
    return 0


def _counting_parses() -> list[tuple[str, float]]:
    """Record every YAML parse (with positions: stage.marked_yaml.load; without: yaml.safe_load) and its time."""
    import yaml

    from stage import marked_yaml

    done: list[tuple[str, float]] = []

    def timed(kind, real):
        def run(arg):
            t = time.perf_counter()
            try:
                return real(arg)
            finally:
                done.append((kind, time.perf_counter() - t))
        return run

    marked_yaml.load = timed("with positions", marked_yaml.load)
    yaml.safe_load = timed("without positions", yaml.safe_load)
    return done


def parsing(check_script: str | None) -> int:
    """Parse time of the whole rite, first and again; with ``check_script``, the parses ``choreo check
    --all-venues`` with both readings makes of it."""
    import contextlib
    import io

    from choreo.planning import default_script, load_script

    done = _counting_parses()
    if check_script is None:
        for label in ("first load", "again (files unchanged)"):
            t = time.perf_counter()
            load_script(default_script())
            print(f"whole rite, {label}: {(time.perf_counter() - t) * 1000:8.1f} ms, "
                  f"{len(done)} files parsed", flush=True)
            done.clear()
        return 0
    from choreo.cli import main as choreo_main

    t = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        status = choreo_main(["check", check_script, "--all-venues", "--reading", "zheng", "--reading", "ao"])
    total = time.perf_counter() - t
    by_kind: dict[str, list[float]] = {}
    for kind, seconds in done:
        by_kind.setdefault(kind, []).append(seconds)
    parts = ", ".join(f"{len(v)} {k} ({sum(v):.2f} s)" for k, v in by_kind.items())
    print(f"choreo check {check_script} --all-venues, 2 readings: exit {status}, {total:.1f} s in all; "
          f"YAML files parsed: {parts or 'none'}")
    return 0


def bundled(repeat: int) -> int:
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
                    for _ in range(repeat):
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scaling", action="store_true", help="plan generated scripts of growing length")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--reloads", type=int, metavar="N", help="plan with a freshly loaded venue N times")
    parser.add_argument("--parse", action="store_true", help="parse time of the whole rite, first and again")
    parser.add_argument("--check", metavar="SCRIPT", help="with --parse: count the parses of choreo check")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # the child process of --scaling
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure_one(args.one)))
        return 0
    if args.scaling:
        return scaling(args.sizes)
    if args.reloads:
        return reloads(args.reloads)
    if args.parse:
        return parsing(args.check)
    return bundled(args.repeat)


if __name__ == "__main__":
    sys.exit(main())
