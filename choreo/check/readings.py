"""Readings compared: what each reading of one script implies, side by side.

Per reading: collisions, failed constraints, conformance gaps, duration, each figure's path length;
and the steps where a reading differs from the first one asked, as choreo.compare measures them:
places (the largest distance, step-relative), facings at the step's end, and order (who starts,
arrives, goes up or down first).
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo import compare as cmp
from choreo.check import kinematics as kin
from choreo.check.results import CheckReport
from choreo.model import Choreography


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
class DifferingStep:
    """One step against the base reading: the farthest any figure is put elsewhere, who, and how."""

    step: str
    max_distance: float  # 尺; inf when the step or a figure is in one reading only
    figures: tuple[str, ...]  # placed elsewhere
    facings: tuple[tuple[str, str, float, float], ...]  # (reading, figure, base bearing, its bearing)
    orders: tuple[tuple[str, cmp.OrderDifference], ...]  # (reading, order reversed against the base)
    acts: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = ()  # (reading, figure, base events, its)
    laid: tuple[tuple[str, str, str], ...] = ()  # (reading, the 算 laid under the base, under it)


def _num(d: float) -> float | None:
    return round(d, 4) if d != float("inf") else None


@dataclass(frozen=True)
class ReadingsTable:
    rows: tuple[ReadingRow, ...]
    differing_steps: tuple[DifferingStep, ...]

    def to_json(self) -> dict:
        base = self.rows[0].reading
        return {"rows": [{"reading": r.reading, "collisions": r.collisions, "obstacle_hits": r.obstacle_hits,
                          "failed_constraints": r.failed_constraints, "unenacted_terms": r.unenacted_terms,
                          "duration": round(r.duration, 4),
                          "path_lengths": {k: round(v, 4) for k, v in r.path_lengths.items()}}
                         for r in self.rows],
                "differing_steps": [
                    {"step": d.step, "max_distance": _num(d.max_distance), "figures": list(d.figures),
                     "facings": [{"reading": r, "figure": f, "bearings": {base: round(x, 2), r: round(y, 2)}}
                                 for r, f, x, y in d.facings],
                     "orders": [{"reading": r, "what": o.what, "figures": list(o.figures),
                                 "first": {base: o.first[0], r: o.first[1]},
                                 "lead": {base: round(o.lead[0], 3), r: round(o.lead[1], 3)}}
                                for r, o in d.orders],
                     "acts": [{"reading": r, "figure": f, "events": {base: list(x), r: list(y)}}
                              for r, f, x, y in d.acts],
                     "laid": [{"reading": r, "laid": {base: x, r: y}} for r, x, y in d.laid]}
                    for d in self.differing_steps]}


def row(ch: Choreography, report: CheckReport) -> ReadingRow:
    v = report.violations
    return ReadingRow(
        ch.reading, sum(x.rule == "collision" for x in v), sum(x.rule == "obstacle" for x in v),
        sum(x.rule not in ("collision", "obstacle", "conformance") for x in v),
        sum(x.rule == "conformance" for x in v), ch.duration,
        {n: kin.path_length(t) for n, t in sorted(ch.tracks.items()) if len(t.samples)})


def compare(choreographies: list[Choreography], reports: list[CheckReport]) -> ReadingsTable:
    rows = tuple(row(c, r) for c, r in zip(choreographies, reports, strict=True))
    base = choreographies[0]
    per_other = [(o.reading, {d.step: d for d in cmp.compare(base, o)}) for o in choreographies[1:]]
    ids = list(dict.fromkeys(s.id for c in choreographies for s in c.steps))
    differing = []
    for sid in ids:
        found = [(r, diffs[sid]) for r, diffs in per_other if sid in diffs]
        if not found:
            continue
        differing.append(DifferingStep(
            sid, max(d.max_distance for _, d in found),
            tuple(sorted({n for _, d in found for n in d.moved})),
            tuple((r, f.figure, *f.bearings) for r, d in found for f in d.figures if f.turned),
            tuple((r, o) for r, d in found for o in d.orders),
            tuple((r, *act) for r, d in found for act in d.acts),
            tuple((r, *d.laid) for r, d in found if d.laid is not None)))
    return ReadingsTable(rows, tuple(differing))
