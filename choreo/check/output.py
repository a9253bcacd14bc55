"""The report, for people (grouped by step, with the 經 text) and as JSON (docs/check-schema.json)."""

from __future__ import annotations

from choreo.check.readings import ReadingsTable
from choreo.check.results import CheckReport
from choreo.compare import describe_acts, describe_laid, describe_order
from choreo.model import Choreography

FORMAT = "yili-check"
VERSION = 1


def _fmt_t(v) -> str:
    if v.t is None:
        return "      "
    if v.t_end is None or abs(v.t_end - v.t) < 1e-9:
        return f"t={v.t:.2f}"
    return f"t={v.t:.2f}–{v.t_end:.2f}"


def text_report(ch: Choreography, rep: CheckReport, *, show_passes: bool = False) -> str:
    options = "".join(f" · --outcome {o} ({t})" for o, t in zip(ch.options, ch.option_titles, strict=True))
    head = (f"{rep.script} · venue {rep.venue} · reading {rep.reading}{options} · {rep.duration:.1f} s: "
            f"{len(rep.violations)} failing, {len(rep.passes)} constraints hold, "
            f"{len(rep.contacts)} declared contacts")
    lines = [head]
    by_step: dict[str | None, list] = {}
    for item in list(rep.violations) + (list(rep.passes) if show_passes else []):
        by_step.setdefault(item.step, []).append(item)
    contacts: dict[str | None, list] = {}
    for c in rep.contacts:
        contacts.setdefault(c.step, []).append(c)
    for step in ch.steps:
        items, touch = by_step.pop(step.id, []), contacts.pop(step.id, [])
        if not items and not touch:
            continue
        lines.append(f"\n[{step.id}] {step.t0:.1f}–{step.t1:.1f} s  「{step.text}」")
        for v in sorted(items, key=lambda v: (v.ok, v.t if v.t is not None else 0.0)):
            where = f" at ({v.where[0]:.1f}, {v.where[1]:.1f})" if v.where else ""
            lines.append(f"  {'ok  ' if v.ok else 'FAIL'} {v.rule:<16} {_fmt_t(v)}{where}: {v.detail}")
        for c in touch:
            lines.append(f"  contact {'、'.join(c.figures)} t={c.t:.2f}–{c.t_end:.2f} "
                         f"({c.what}, {c.min_distance:.2f} 尺 apart)")
    for sid, items in by_step.items():  # outside any step
        lines.append(f"\n[{sid or 'no step'}]")
        lines += [f"  FAIL {v.rule:<16} {_fmt_t(v)}: {v.detail}" for v in items]
    if rep.ok:
        lines.append("nothing fails")
    return "\n".join(lines)


def text_table(table: ReadingsTable) -> str:
    figures = sorted({f for r in table.rows for f in r.path_lengths})
    lines = ["readings compared:",
             f"  {'reading':<12}{'collide':>8}{'obstacle':>9}{'failed':>8}{'unenacted':>10}{'duration':>10}"]
    for r in table.rows:
        lines.append(f"  {r.reading:<12}{r.collisions:>8}{r.obstacle_hits:>9}{r.failed_constraints:>8}"
                     f"{r.unenacted_terms:>10}{r.duration:>9.1f}s")
    lines.append("  path lengths (尺): " + "; ".join(
        f"{f} " + "/".join(f"{r.path_lengths.get(f, 0.0):.1f}" for r in table.rows)
        for f in figures if len({round(r.path_lengths.get(f, 0.0), 1) for r in table.rows}) > 1) or "  same")
    placed = [d for d in table.differing_steps if d.figures or d.max_distance == float("inf")]
    if placed:
        lines.append("  steps whose tracks differ: " + ", ".join(
            f"{d.step} ({'absent' if d.max_distance == float('inf') else f'{d.max_distance:.1f} 尺'}: "
            f"{'、'.join(d.figures)})" for d in placed))
    else:
        lines.append("  the tracks are the same in every step")
    base = table.rows[0].reading
    for d in table.differing_steps:
        for reading, o in d.orders:
            lines.append(f"  order differs in {d.step} ({o.what}): {describe_order(o, base, reading)}")
        for reading, *act in d.acts:
            lines.append(f"  acts differ in {d.step}: {describe_acts(tuple(act), base, reading)}")
        for reading, *laid in d.laid:
            lines.append(f"  算 differ in {d.step}: {describe_laid(tuple(laid), base, reading)}")
    return "\n".join(lines)


def run_json(ch: Choreography, rep: CheckReport) -> dict:
    return {
        "script": rep.script, "venue": rep.venue, "reading": rep.reading,
        **({"outcome": list(ch.options)} if ch.options else {}), "ok": rep.ok, "duration": round(rep.duration, 4),
        "counts": {"violations": len(rep.violations), "passes": len(rep.passes), "contacts": len(rep.contacts)},
        "steps": [{"id": s.id, "t0": round(s.t0, 4), "t1": round(s.t1, 4), "text": s.text, "source": s.source}
                  for s in ch.steps],
        "violations": [v.to_json() for v in rep.violations],
        "passes": [p.to_json() for p in rep.passes],
        "contacts": [c.to_json() for c in rep.contacts],
    }


def document(runs: list[dict], comparisons: list[dict]) -> dict:
    return {"format": FORMAT, "version": VERSION, "ok": all(r["ok"] for r in runs),
            "runs": runs, "comparisons": comparisons}
