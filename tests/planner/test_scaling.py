"""Planning memory grows linearly with the number of steps (it grew as their square: a copy of the
state so far was kept before every step, 2.9 GB for 8,000 steps). bench/plan.py --scaling prints
the figures; here a long script must not need much more than its share of memory."""

import gc
import importlib.util
import tracemalloc
from pathlib import Path

from choreo.planning import plan
from choreo.script_parser import parse_text

_spec = importlib.util.spec_from_file_location("bench_plan", Path(__file__).parents[2] / "bench" / "plan.py")
bench_plan = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_plan)


def _planning_peak(steps: int) -> float:
    script = parse_text(bench_plan.walking_script(steps), f"<walking {steps}>")
    gc.collect()
    tracemalloc.start()
    try:
        ch = plan(script)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(ch.steps) == steps and ch.duration > steps  # he did walk, step after step
    return peak


def test_planning_memory_grows_linearly_with_the_steps():
    plan(parse_text(bench_plan.walking_script(2), "<warm>"))  # venue and routing graphs built beforehand
    short, long = _planning_peak(200), _planning_peak(800)
    assert long < 6 * short, f"4 times the steps took {long / short:.1f} times the memory"
