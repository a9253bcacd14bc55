"""The generated documents' command line: --help is help, not a file named --help; a bad destination
is one line and exit 2, and nothing is written."""

import subprocess
import sys

import pytest

GENERATORS = ["choreo.readings_doc", "choreo.coverage", "choreo.verbs.reference"]


def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("module", GENERATORS)
def test_help_writes_no_file(module, tmp_path):
    done = run(module, "--help", cwd=tmp_path)
    assert done.returncode == 0 and "usage:" in done.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("module", GENERATORS)
def test_a_bad_destination_is_one_line_and_exit_2(module, tmp_path):
    (tmp_path / "keep.yaml").write_text("precious: true\n")
    for dest, says in [("keep.yaml", "writes .md"), ("nowhere/x.md", "does not exist")]:
        done = run(module, dest, cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert says in done.stderr and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert (tmp_path / "keep.yaml").read_text() == "precious: true\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.yaml"]


def test_it_writes_where_asked(tmp_path):
    done = run("choreo.verbs.reference", str(tmp_path / "ref.md"), cwd=tmp_path)
    assert done.returncode == 0
    assert (tmp_path / "ref.md").read_text(encoding="utf-8").startswith("#")
