"""Started with standard output closed (``choreo list >&-``), a command whose output is standard output fails
cleanly, exit 2 and one line on stderr, instead of printing into nothing and exiting 0 (Python sets sys.stdout
to None then, and print() drops every line); one that writes only to a file still succeeds."""

import os
import subprocess
import sys

import pytest

from choreo.paths import scripts_dir

E01 = scripts_dir() / "xiangshe" / "e01-youshe.yaml"
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX: closing a descriptor before exec")


def _closed(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "choreo", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, env=env, timeout=300, preexec_fn=lambda: os.close(1))


@pytest.mark.parametrize("args", [("list",), ("check", str(E01))])
def test_a_listing_or_a_report_to_a_closed_stdout_is_an_error(args):
    done = _closed(*args)
    assert (done.returncode, done.stderr.strip()) == (2, "error: cannot write to standard output: it is closed")


def test_a_command_that_writes_a_file_needs_no_stdout(tmp_path):
    out = tmp_path / "t.json"
    done = _closed("tracks", str(E01), "-o", str(out))
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert out.read_text(encoding="utf-8").startswith("{")
