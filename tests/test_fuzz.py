"""Mutated bundled scripts and venue files never end in a traceback, a hang or an unplaced error.

Each example is one to three random edits (nasty values, lines deleted, duplicated, swapped or
re-indented, control characters, bytes that are not UTF-8, aliases, bombs, deep nesting …) of a
small bundled passage or of a venue file, run through the CLI's ``main`` in a forked child with a
CPU-time and memory limit (tests/fuzz_inputs.py). The long run is ``python bench/fuzz.py``.
"""

import os
import random
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_inputs import ERROR_LINE, fresh_folder, run_case, script_case, venue_case

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the harness forks")
SMALL = ("e11-xian-shihuozhe.yaml", "e03-qushi.yaml", "e07-qushi.yaml")
FUZZ = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


def _behaves(make, seed: int) -> None:
    folder = fresh_folder()
    try:
        argv, name = make(random.Random(seed), folder)
        outcome = run_case(argv, timeout=20)
        assert not outcome.problems(), (f"seed {seed}, {name}: choreo {' '.join(argv)}: {outcome.problems()}\n"
                                        + outcome.stderr[-2000:])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@FUZZ
@given(st.integers(0, 2**32))
def test_mutated_scripts(seed):
    import tests.fuzz_inputs as fi

    original = fi.SCRIPT_FILES
    fi.SCRIPT_FILES = SMALL  # the smallest passages: a case plans in well under a second
    try:
        _behaves(script_case, seed)
    finally:
        fi.SCRIPT_FILES = original


@settings(FUZZ, max_examples=40)
@given(st.integers(0, 2**32))
def test_mutated_venues(seed):
    _behaves(venue_case, seed)


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_a_real_process_on_a_mutated_script(seed, tmp_path):
    argv, _ = script_case(random.Random(seed), tmp_path)
    out = subprocess.run([sys.executable, "-m", "choreo", *argv], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert out.returncode in (0, 1, 2) and "Traceback" not in out.stderr
    if out.returncode == 2:
        assert ERROR_LINE.match(out.stderr.splitlines()[0])


def test_the_harness_sees_a_traceback_and_a_hang(monkeypatch):
    import choreo.cli

    monkeypatch.setattr(choreo.cli, "main", lambda argv: 1 / 0)
    assert run_case(["check"]).problems() == ["exit status 99", "traceback"]
    monkeypatch.setattr(choreo.cli, "main", lambda argv: [0 for _ in iter(int, 1)])
    assert run_case(["check"], timeout=1).problems() == ["hang"]
