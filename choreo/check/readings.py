"""Readings compared: what each reading of one script implies, side by side.

Per reading: collisions, failed constraints, conformance gaps, duration, each figure's path length;
and the steps whose tracks differ. Tracks are compared step by step, each restricted to its own
step window and re-timed from the step's start (a reading that lengthens an earlier step must not
make every later step "differ"): positions on the union of both step-relative sample times.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from choreo.check import kinematics as kin
from choreo.check.results import CheckReport
from choreo.model import Choreography, Track

SAME = 0.05  # 尺: closer than this everywhere is "the same track" (a rounding margin; choice)


@dataclass(frozen=True)
class ReadingRow:
    reading: str
    collisions: int
    obstacle_hits: int
    failed_constraints: int
    unenacted_terms: int
    duration: float
    path_lengths: dict


@dataclass(frozen=True)
class ReadingsTable:
    rows: tuple[ReadingRow, ...]
    differing_steps: tuple[tuple[str, float, str], ...]  # (step id, max distance 尺, figures)

    def to_json(self) -> dict:
        return {"rows": [{"reading": r.reading, "collisions": r.collisions, "obstacle_hits": r.obstacle_hits,
                          "failed_constraints": r.failed_constraints, "unenacted_terms": r.unenacted_terms,
                          "duration": round(r.duration, 4),
                          "path_lengths": {k: round(v, 4) for k, v in r.path_lengths.items()}}
                         for r in self.rows],
                "differing_steps": [{"step": s, "max_distance": round(d, 4) if d != float("inf") else None, "figures": f.split("、") if f else []}
                                    for s, d, f in self.differing_steps]}


def row(ch: Choreography, report: CheckReport) -> ReadingRow:
    v = report.violations
    return ReadingRow(
        ch.reading, sum(x.rule == "collision" for x in v), sum(x.rule == "obstacle" for x in v),
        sum(x.rule not in ("collision", "obstacle", "conformance") for x in v),
        sum(x.rule == "conformance" for x in v), ch.duration,
        {n: kin.path_length(t) for n, t in sorted(ch.tracks.items()) if len(t.samples)})


def _window(track: Track | None, t0: float, t1: float) -> Track | None:
    if track is None or len(track.samples) == 0 or track.start > t1:
        return None
    return track


def step_difference(a: Choreography, b: Choreography, step_id: str) -> tuple[float, list[str]]:
    """Largest distance between the two readings' positions of any figure during one step."""
    try:
        sa, sb = a.step(step_id), b.step(step_id)
    except KeyError:
        return float("inf"), []
    worst, who = 0.0, []
    for name in sorted(set(sa.figures) | set(sb.figures) | set(a.tracks) & set(b.tracks)):
        ta, tb = _window(a.tracks.get(name), sa.t0, sa.t1), _window(b.tracks.get(name), sb.t0, sb.t1)
        if ta is None and tb is None:
            continue
        if ta is None or tb is None:
            worst, who = float("inf"), who + [name]
            continue
        rel = np.unique(np.concatenate([
            kin.grid_of([ta], sa.t0, sa.t1) - sa.t0, kin.grid_of([tb], sb.t0, sb.t1) - sb.t0,
            [0.0, sa.t1 - sa.t0, sb.t1 - sb.t0]]))
        pa = kin.positions(ta, np.minimum(rel + sa.t0, sa.t1))
        pb = kin.positions(tb, np.minimum(rel + sb.t0, sb.t1))
        d = float(np.max(np.linalg.norm(pa - pb, axis=1)))
        if d > SAME:
            who.append(name)
            worst = max(worst, d)
    return worst, who


def compare(choreographies: list[Choreography], reports: list[CheckReport]) -> ReadingsTable:
    rows = tuple(row(c, r) for c, r in zip(choreographies, reports, strict=True))
    ids = []
    for c in choreographies:
        ids += [s.id for s in c.steps if s.id not in ids]
    differing = []
    base = choreographies[0]
    for sid in ids:
        worst, who = 0.0, set()
        for other in choreographies[1:]:
            d, names = step_difference(base, other, sid)
            worst = max(worst, d)
            who |= set(names)
        if who or worst == float("inf"):
            differing.append((sid, worst, "、".join(sorted(who))))
    return ReadingsTable(rows, tuple(differing))
