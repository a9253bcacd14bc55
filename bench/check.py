"""Benchmark of the checker: ``python3 bench/check.py [--naive-seconds S]``.

Tracks: the bundled full 鄉射 sequence when the planner can plan it, otherwise a synthetic
ceremony (25 figures walking seeded random routes, a few thousand samples) — the output says which.
Both venues. Compared with a naive checker written here: sample every 0.05 s, one shapely distance
call per figure pair and per figure–obstacle pair at each sample. The naive checker is slow, so it
runs on the first S seconds of ceremony time (default: all of it) and its time is scaled to the
whole duration (it is linear in time); the scaling is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from choreo.check import check_report  # noqa: E402
from choreo.model import Assertion, Choreography, FigureInfo, Step, Track  # noqa: E402
from stage.loader import load_venue  # noqa: E402

NAIVE_DT = 0.05


def synthetic(venue, n_figures: int = 25, legs: int = 60, seed: int = 7) -> Choreography:
    """Seeded random walks in the 庭 and on the 堂: legs of 2–6 s, pauses, about 2 samples a leg."""
    rng = np.random.default_rng(seed)
    figures, tracks = {}, {}
    for k in range(n_figures):
        name = f"眾賓{k + 1}"
        t, x, y = 0.0, rng.uniform(-30, 30), rng.uniform(-60, -5)
        rows = [[t, x, y, 0.0]]
        for _ in range(legs):
            on_hall = rng.random() < 0.15
            nx, ny = rng.uniform(-30, 30), (rng.uniform(2, 20) if on_hall else rng.uniform(-60, -5))
            dur = float(np.hypot(nx - x, ny - y)) / rng.uniform(2.0, 4.0)
            t += dur
            rows.append([t, nx, ny, float(np.degrees(np.arctan2(nx - x, ny - y)))])
            t += rng.uniform(0.5, 4.0)
            rows.append([t, nx, ny, rows[-1][3]])
            x, y = nx, ny
        figures[name] = FigureInfo(name, name, 1.0)
        tracks[name] = Track(name, np.array(rows))
    end = max(tr.end for tr in tracks.values())
    steps = []
    names = list(figures)
    for i, t0 in enumerate(np.arange(0.0, end, 10.0)):
        sid = f"s{i:03d}"
        a, b = names[i % len(names)], names[(i + 1) % len(names)]
        asserts = (Assertion("passes_left", {"figures": [a, b], "max_separation": None}, sid),
                   Assertion("passes_south_of", {"figure": a, "target": "西楹"}, sid),
                   Assertion("faces", {"figure": b, "facing": "北面"}, sid))
        steps.append(Step(sid, i, float(t0), float(min(t0 + 10.0, end)), "上射揖，并行，相左", "000.txt",
                          (a, b), assertions=asserts))
    return Choreography("synthetic", "synthetic", venue, "zheng", ("zheng",), figures, tuple(steps), tracks)


def full_sequence(venue_key):
    try:
        from choreo.planning import default_script, plan_script
        path = default_script()
        if not Path(path).exists():
            return None, f"no bundled full script ({path})"
        label = "full 鄉射 sequence" if Path(path).name == "full.yaml" else "bundled script (NOT the full sequence)"
        return plan_script(path, venue=venue_key), f"{label}: {Path(path).relative_to(Path(path).parents[1])}"
    except Exception as exc:  # the benchmark must run while the planner is being written
        return None, f"planner unavailable ({type(exc).__name__}: {exc})".splitlines()[0]


def naive(ch: Choreography, until: float) -> tuple[int, int]:
    """Sampled checker: counts of (figure pair, sample) and (figure, obstacle, sample) overlaps."""
    names = [n for n, f in ch.figures.items() if f.kind == "person" and len(ch.tracks[n].samples)]
    obstacles = [o.geometry for o in ch.venue.obstacles]
    pair_hits = obstacle_hits = 0
    for t in np.arange(0.0, until, NAIVE_DT):
        pts = {}
        for n in names:
            at = ch.tracks[n].at(float(t))
            if at is not None:
                pts[n] = shapely.Point(at[0], at[1])
        keys = list(pts)
        for i, a in enumerate(keys):
            ra = ch.figures[a].radius
            for b in keys[i + 1:]:
                if shapely.distance(pts[a], pts[b]) < ra + ch.figures[b].radius:
                    pair_hits += 1
            for g in obstacles:
                if shapely.distance(pts[a], g) < ra:
                    obstacle_hits += 1
    return pair_hits, obstacle_hits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--naive-seconds", type=float, default=None,
                    help="ceremony seconds the naive checker covers (scaled to the whole)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cases = []
    for key in ("xie", "xiang"):
        ch, what = full_sequence(key)
        if ch is not None:
            cases.append((key, ch, what))
        if ch is None or not what.startswith("full"):
            cases.append((key, synthetic(load_venue(key)), "SYNTHETIC ceremony, 25 figures (stands in for the "
                          "full sequence, which the planner cannot plan yet)" if ch is not None else
                          f"SYNTHETIC ceremony, 25 figures (full sequence not available: {what})"))
    for key, ch, what in cases:
        n_samples = sum(len(t.samples) for t in ch.tracks.values())
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            rep = check_report(ch)
            best = min(best, time.perf_counter() - t0)
        until = min(args.naive_seconds or ch.duration, ch.duration)
        t0 = time.perf_counter()
        pairs, obst = naive(ch, until)
        naive_time = (time.perf_counter() - t0) * (ch.duration / until)
        counts = {r: len(rep.by_rule(r)) for r in ("collision", "obstacle")}
        print(f"[{key}] {what}")
        print(f"  {len(ch.figures)} figures, {n_samples} samples, {len(ch.steps)} steps, "
              f"{len(ch.venue.obstacles)} obstacles, {ch.duration:.0f} s of ceremony")
        print(f"  exact checker: {best * 1000:.0f} ms (best of {args.repeat}); "
              f"{counts['collision']} collision intervals, {counts['obstacle']} obstacle intervals, "
              f"{len(rep.violations)} failures in all")
        scaled = "" if until >= ch.duration else f" (ran {until:.0f} s, scaled ×{ch.duration / until:.1f})"
        print(f"  naive 0.05 s sampling: {naive_time:.2f} s{scaled}; {pairs} pair-samples, "
              f"{obst} obstacle-samples in overlap")
        print(f"  ratio naive / exact: {naive_time / best:.0f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
