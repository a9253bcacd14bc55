"""Nothing overwritten, nothing half-written: inputs refused, links written through, a full disk,
a read-only folder and a closed or full stdout reported (exit 2, the file named, nothing left),
temporary files of killed runs swept, no NaN in a tracks file."""

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import imageio.v3 as iio
import pytest

from choreo import atomic
from choreo.cli import main
from choreo.errors import ExportError
from choreo.model import Track
from choreo.paths import scripts_dir
from choreo.tracks import write_tracks
from stage.loader import venues_dir

SCRIPT = scripts_dir() / "xiangshe" / "e01-youshe.yaml"
SMALL = ["--size", "320x180", "--quiet"]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX: rlimits, /dev/full, /proc, signals")


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# -- an output that is an input ----------------------------------------------------------------------

def test_a_script_named_as_the_output_is_refused_and_kept(tmp_path, capsys):
    script = tmp_path / "youshe.json"  # a script is YAML whatever its name
    shutil.copy(SCRIPT, script)
    before = script.read_bytes()
    assert main(["tracks", str(script), "-o", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write '{script}': it is an input of this run" in err
    assert script.read_bytes() == before
    assert _hidden(tmp_path) == []


def test_an_included_script_and_a_venue_file_are_inputs_too(tmp_path, capsys):
    shutil.copy(SCRIPT, tmp_path / "part.json")
    (tmp_path / "seq.yaml").write_text("title: test\ninclude: [part.json]\n", encoding="utf-8")
    for name in ("xie.yaml", "_common.yaml"):
        shutil.copy(venues_dir() / name, tmp_path / name.replace(".yaml", ".json"))
    venue = tmp_path / "xie.json"
    venue.write_text(venue.read_text(encoding="utf-8").replace("extends: _common.yaml", "extends: _common.json"),
                     encoding="utf-8")
    kept = {p: p.read_bytes() for p in tmp_path.iterdir()}
    # the venue named on the command line, the file it extends (read, never named) and the included
    # passage, the later runs with the script and venue already parsed (cached: not read again)
    for out in ("xie.json", "_common.json", "part.json"):
        assert main(["tracks", str(tmp_path / "seq.yaml"), "--venue", str(venue), "-o", str(tmp_path / out)]) == 2
        assert "it is an input of this run" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == kept
    assert main(["tracks", str(tmp_path / "seq.yaml"), "--venue", str(venue), "-o", str(tmp_path / "ok.json")]) == 0
    assert json.loads((tmp_path / "ok.json").read_text(encoding="utf-8"))["venue"] == "xie"


def test_a_link_or_a_hard_link_to_an_input_is_refused(tmp_path, capsys):
    script = tmp_path / "youshe.yaml"
    shutil.copy(SCRIPT, script)
    before = script.read_bytes()
    (tmp_path / "soft.json").symlink_to(script)
    os.link(script, tmp_path / "hard.json")
    for name in ("soft.json", "hard.json"):
        assert main(["tracks", str(script), "-o", str(tmp_path / name)]) == 2
        assert "it is an input of this run" in capsys.readouterr().err
    assert script.read_bytes() == before


# -- links are written through -----------------------------------------------------------------------

def test_an_output_that_is_a_link_is_written_through_and_stays_a_link(tmp_path, capsys):
    real = tmp_path / "real"
    real.mkdir()
    (real / "old.json").write_text("old", encoding="utf-8")
    (tmp_path / "latest.json").symlink_to(real / "old.json")
    (tmp_path / "dangling.json").symlink_to(real / "new.json")
    assert main(["tracks", str(SCRIPT), "-o", str(tmp_path / "latest.json")]) == 0
    assert main(["tracks", str(SCRIPT), "-o", str(tmp_path / "dangling.json")]) == 0
    for link, target in (("latest.json", "old.json"), ("dangling.json", "new.json")):
        assert (tmp_path / link).is_symlink()
        assert json.loads((real / target).read_text(encoding="utf-8"))["format"] == "yili-tracks"
    (tmp_path / "lost.json").symlink_to(tmp_path / "nowhere" / "x.json")
    assert main(["tracks", str(SCRIPT), "-o", str(tmp_path / "lost.json")]) == 2
    assert (f"cannot write '{tmp_path / 'lost.json'}': folder '{tmp_path / 'nowhere'}' does not exist "
            f"(the link points to '{tmp_path / 'nowhere' / 'x.json'}')") in capsys.readouterr().err
    assert _hidden(tmp_path) == [] and _hidden(real) == []


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    out = tmp_path / "t.json"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o640)
    assert main(["tracks", str(SCRIPT), "-o", str(out)]) == 0
    assert out.stat().st_mode & 0o777 == 0o640


# -- a full disk, a read-only folder, a closed stdout -------------------------------------------------

FULL_DISK_CHILD = r"""
import contextlib, io, json, os, resource, sys
from choreo.cli import main
resource.setrlimit(resource.RLIMIT_FSIZE, (40_000, resource.RLIM_INFINITY))  # a disk that is full at 40 KB
results = {}
for name, argv in json.loads(sys.argv[1]).items():
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        rc = main(argv)
    results[name] = [rc, err.getvalue()]
print(json.dumps(results))
"""


@posix_only
def test_a_full_disk_fails_every_kind_of_output_with_the_file_named_and_nothing_left(tmp_path):
    """RLIMIT_FSIZE makes every write past 40 KB fail with EFBIG, as a full disk fails with ENOSPC:
    ours (PNG, tracks) and ffmpeg's (MP4, GIF; it is killed by SIGXFSZ) alike."""
    s = str(SCRIPT)
    cases = {
        "png": ["render", s, "-o", "still.png", "--quiet"],  # 1280x720: some 75 KB,
        "plates": ["render", s, "--plates", "plates", "--quiet"],
        "tracks": ["tracks", s, "-o", "t.json"],
        "mp4": ["render", s, "-o", "clip.mp4", "--to", "s03", *SMALL],
        "gif": ["render", s, "-o", "clip.gif", "--to", "s03", *SMALL],
    }
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", FULL_DISK_CHILD, json.dumps(cases)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)
    named = {"png": "still.png", "plates": "plates/001-s01.png", "tracks": "t.json", "mp4": "clip.mp4",
             "gif": "clip.gif"}
    for name, (rc, err) in results.items():
        assert rc == 2, (name, err)
        assert named[name] in err, (name, err)
        assert "Traceback" not in err
    assert "File too large" in results["png"][1] and "File too large" in results["tracks"][1]
    assert "SIGXFSZ" in results["mp4"][1] and "SIGXFSZ" in results["gif"][1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plates"]  # nothing half-written, no .part
    assert list((tmp_path / "plates").iterdir()) == []


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_stdout_full_or_closed_is_an_error_not_a_traceback(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "choreo"]
    with open("/dev/full", "w") as full:
        tracks = subprocess.run([*cmd, "tracks", str(SCRIPT), "-o", "-"], stdout=full, stderr=subprocess.PIPE,
                                text=True, env=env, timeout=120)
        listing = subprocess.run([*cmd, "list"], stdout=full, stderr=subprocess.PIPE, text=True, env=env,
                                 timeout=120)
    closed = subprocess.run([*cmd, "tracks", str(SCRIPT), "-o", "-"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env, timeout=120,
                            preexec_fn=lambda: os.close(1))
    assert (tracks.returncode, tracks.stderr.strip()) == (
        2, "error: cannot write the tracks to standard output: No space left on device")
    assert (listing.returncode, listing.stderr.strip()) == (
        2, "error: cannot write to standard output: No space left on device")
    assert (closed.returncode, closed.stderr.strip()) == (
        2, "error: cannot write the tracks to standard output: it is closed")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc (a file system nobody can write)")
def test_a_folder_nobody_can_write_fails_at_once(capsys):
    """/proc refuses new files even to root (for whom every os.access check passes)."""
    s = str(SCRIPT)
    assert main(["render", s, "-o", "/proc/x.mp4", *SMALL]) == 2
    assert "cannot write '/proc/x.mp4': folder '/proc' is not writable" in capsys.readouterr().err
    assert main(["render", s, "--plates", "/proc", *SMALL]) == 2
    assert "cannot write '/proc/001-s01.png': folder '/proc' is not writable" in capsys.readouterr().err
    assert main(["render", s, "--plates", "/proc/plates", *SMALL]) == 2
    assert "--plates /proc/plates: cannot make the folder" in capsys.readouterr().err


# -- temporary files a killed run left ----------------------------------------------------------------

def _aged(path: Path, seconds: float) -> Path:
    path.write_bytes(b"partial")
    old = time.time() - seconds
    os.utime(path, (old, old))
    return path


DEAD_PID = 2**22 + 1  # above Linux's largest pid (pid_max is at most 2**22)


def test_the_next_export_sweeps_stale_temporary_files_of_ours_only(tmp_path):
    stale = [
        _aged(tmp_path / f".clip.mp4.{DEAD_PID}.abcd1234.part.mp4", atomic.STALE_AFTER + 60),
        _aged(tmp_path / ".clip.mp4.k2x_9qz0.part.mp4", atomic.STALE_AFTER + 60),  # before pids were in the name
        _aged(tmp_path / f".still.png.{DEAD_PID}.zz00zz00.part.png", atomic.STALE_AFTER + 60),
    ]
    kept = [
        _aged(tmp_path / f".clip.mp4.{DEAD_PID}.abcd5678.part.mp4", 30),  # recent: perhaps being written
        _aged(tmp_path / f".clip.mp4.{os.getpid()}.abcd9999.part.mp4", atomic.STALE_AFTER + 60),  # owner alive
        _aged(tmp_path / ".notes.part", atomic.STALE_AFTER + 60),  # not our naming
        _aged(tmp_path / ".clip.mp4.short.part.mp4", atomic.STALE_AFTER + 60),
        _aged(tmp_path / "clip.mp4.abcd1234.part.mp4", atomic.STALE_AFTER + 60),  # not hidden
    ]
    assert main(["render", str(SCRIPT), "-o", str(tmp_path / "s.png"), *SMALL]) == 0
    assert not [p for p in stale if p.exists()]
    assert all(p.exists() for p in kept)
    assert iio.imread(tmp_path / "s.png").shape == (180, 320, 3)


def _wait_until_nobody_writes(path: Path, deadline: float) -> None:
    """Until no process has ``path`` on its command line (an encoder left by a killed export)."""
    while True:
        writers = []
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                if path.name.encode() in cmdline.read_bytes():
                    writers.append(cmdline.parent.name)
            except OSError:  # gone meanwhile
                continue
        if not writers:
            return
        assert time.monotonic() < deadline, f"processes {writers} still write {path.name}"
        time.sleep(0.1)


@posix_only
def test_a_file_left_by_sigkill_goes_at_the_next_export(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "choreo", "render", str(SCRIPT), "-o", "clip.mp4", *SMALL],
                            cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    # The kill comes as soon as the temporary file exists: its size can stay 0 while ffmpeg buffers
    # until near the end, and a wait for bytes once let the export finish and rename it first.
    while not [p for p in tmp_path.iterdir() if p.name.startswith(".clip.mp4.")]:
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the export never started writing"
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert len(left) == 1 and f".clip.mp4.{proc.pid}." in left[0].name  # no handler runs on SIGKILL
    # Its ffmpeg, orphaned, still finishes the file (and touches it, so that no sweep takes it meanwhile):
    # under load that outlasts the utime below unless we wait for it (CI failed once so).
    _wait_until_nobody_writes(left[0], deadline=time.monotonic() + 60)
    main(["render", str(SCRIPT), "-o", str(tmp_path / "s.png"), *SMALL])
    assert left[0].exists()  # too recent to be sure nobody writes it
    old = time.time() - atomic.STALE_AFTER - 1
    os.utime(left[0], (old, old))
    assert main(["render", str(SCRIPT), "-o", str(tmp_path / "s.png"), *SMALL]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.png"]


# -- no NaN in a tracks file ----------------------------------------------------------------------------

def test_a_non_finite_value_is_an_error_naming_where_and_no_file(tmp_path):
    from tests.render.conftest import make_choreography

    good = make_choreography()
    rows = good.tracks["司射"].samples.copy()
    rows[2, 1] = math.nan
    bad = replace(good, tracks={**good.tracks, "司射": Track("司射", rows)})
    with pytest.raises(ExportError, match=r"would hold a NaN at tracks\.司射\[2\]\[1\]"):
        write_tracks(bad, tmp_path / "t.json")
    rows[2, 1] = math.inf
    worse = replace(good, tracks={**good.tracks, "司射": Track("司射", rows)})
    with pytest.raises(ExportError, match=r"an infinity at tracks\.司射\[2\]\[1\]"):
        write_tracks(worse, tmp_path / "t.json")
    assert list(tmp_path.iterdir()) == []
    assert json.loads(write_tracks(good, tmp_path / "t.json").read_text(encoding="utf-8"))["format"] == "yili-tracks"

