"""Peak memory of a GIF export, ours and ffmpeg's together: does it grow with the video's length?

    python bench/memory.py [--script xiangshe/e06-second-round] [--to STEP] [--checkout DIR] [--keep FILE]

Runs ``choreo render SCRIPT -o OUT.gif --quiet`` as a child process and samples, every 50 ms, the
resident memory (VmRSS in /proc/PID/status) of the child and of all its descendants (the ffmpeg
encoders), summed. Prints the peak of that sum, the largest single process (what ``/usr/bin/time -v``
reports as its maximum resident set size), the frames written and the wall time. ``--checkout DIR``
runs another checkout's code (e.g. the main branch, for a before/after figure); ``--to`` exports
only the passage up to that step, to see memory against length. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def descendants(root: int) -> list[int]:
    """``root`` and every process below it (from /proc/PID/task/*/children)."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except OSError:
            continue
    return found


def measure(cmd: list[str], env: dict, cwd: str) -> dict:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak_sum = peak_one = 0
    while proc.poll() is None:
        sizes = [rss_kb(p) for p in descendants(proc.pid)]
        peak_sum = max(peak_sum, sum(sizes))
        peak_one = max(peak_one, max(sizes, default=0))
        time.sleep(0.05)
    out, err = proc.communicate()
    return {"rc": proc.returncode, "peak_sum_mb": peak_sum / 1024, "peak_one_mb": peak_one / 1024,
            "seconds": time.perf_counter() - t0, "stdout": out, "stderr": err}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", default="xiangshe/e06-second-round")
    ap.add_argument("--to", help="last step (a shorter video)")
    ap.add_argument("--size", default="640x360")
    ap.add_argument("--checkout", type=Path, default=HERE, help="the code to run (default: this checkout)")
    ap.add_argument("--keep", type=Path, help="copy the GIF here")
    args = ap.parse_args()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(args.checkout.resolve()))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.gif"
        cmd = [sys.executable, "-c", "import choreo, runpy; print(choreo.__file__); "
               "runpy.run_module('choreo', run_name='__main__')", "render", args.script, "-o", str(out), "--size", args.size,
               "--quiet", *(["--to", args.to] if args.to else [])]
        result = measure(cmd, env, tmp)  # not in a checkout: its folder would come first on sys.path
        if result["rc"] != 0:
            print(result["stderr"], file=sys.stderr)
            return 1
        import imageio.v3 as iio

        frames = iio.improps(out, index=None).shape[0]
        size_mb = out.stat().st_size / 1e6
        if args.keep:
            args.keep.write_bytes(out.read_bytes())
    code = Path(result["stdout"].splitlines()[0]).parent.parent
    print(f"GIF export of {args.script}{' to ' + args.to if args.to else ''} at {args.size} "
          f"(code in {code}): {frames} frames, {size_mb:.1f} MB, {result['seconds']:.1f} s")
    print(f"peak RSS, choreo and ffmpeg summed: {result['peak_sum_mb']:.0f} MB; "
          f"largest single process: {result['peak_one_mb']:.0f} MB; "
          f"{result['peak_sum_mb'] * 1024 / max(1, frames):.0f} KB per frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
