"""Generate docs/readings.md from the bundled scripts: ``python -m choreo.readings_doc``.

For every reading a script declares beyond its default, each change is listed with its
justification (the quotations in ``why``) and what it does to the plan, measured by planning
both readings in the 榭: which figures end the step elsewhere or facing otherwise, and by how
much their paths in the step differ in length. A test compares the committed file with a fresh
rendering, so the document cannot drift from the scripts.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

from choreo.model import Choreography
from choreo.paths import scripts_dir
from choreo.planning import bundled_scripts, plan
from choreo.script import Script
from choreo.script_parser import parse_script

VENUE = "xie"


def _path_length(ch: Choreography, figure: str, t0: float, t1: float) -> float:
    track = ch.tracks.get(figure)
    if track is None:
        return 0.0
    ts = np.concatenate([[t0], track.t[(track.t > t0) & (track.t < t1)], [t1]])
    pts = np.array([track.at(t)[:2] if track.at(t) else (np.nan, np.nan) for t in ts])
    return float(np.nansum(np.hypot(*np.diff(pts, axis=0).T)))


def _effects(base: Choreography, other: Choreography, step_id: str) -> list[str]:
    try:
        a, b = base.step(step_id), other.step(step_id)
    except KeyError:
        return ["the step exists in one reading only"]
    out = []
    for figure in sorted(set(a.figures) | set(b.figures), key=list(base.figures).index):
        pa, pb = base.pose_at(figure, a.t1), other.pose_at(figure, b.t1)
        if pa is None or pb is None:
            continue
        notes = []
        moved = math.dist((pa.x, pa.y), (pb.x, pb.y))
        if moved > 0.5:
            notes.append(f"ends {moved:.1f} 尺 apart")
        turn = abs((pa.bearing - pb.bearing + 180) % 360 - 180)
        if turn > 1:
            notes.append(f"faces {pb.bearing:.0f}° instead of {pa.bearing:.0f}°")
        la, lb = _path_length(base, figure, a.t0, a.t1), _path_length(other, figure, b.t0, b.t1)
        if abs(la - lb) > 0.5:
            notes.append(f"walks {lb:.1f} 尺 instead of {la:.1f}")
        if notes:
            out.append(f"{figure}: {', '.join(notes)}")
    if abs((b.t1 - b.t0) - (a.t1 - a.t0)) > 0.5:
        out.append(f"the step lasts {b.t1 - b.t0:.1f} s instead of {a.t1 - a.t0:.1f} s")
    return out or ["no measurable change in the 榭 (order or timing only)"]


def _script_section(path: Path, script: Script) -> list[str]:
    changed = [r for r in script.readings[1:] if r.changes]
    if not changed:
        return []
    rel = path.relative_to(scripts_dir()).as_posix()
    lines = [f"\n## {script.title} ({script.passage}) — `{rel}`\n"]
    base = plan(script, venue=VENUE, reading=script.reading_names[0])
    for reading in changed:
        other = plan(script, venue=VENUE, reading=reading.name)
        lines.append(f"\n### {reading.name}: {reading.title}\n")
        texts = {s.id: s.text for s in script.steps}
        for change in reading.changes:
            lines.append(f"\n- **{change.step}** 「{texts.get(change.step, '')}」  ")
            lines.append(f"  {change.why}  ")
            actors = "、".join(actor for actor, _ in change.actions) or "—"
            lines.append(f"  replaces the actions of: {actors}; effect in the 榭: "
                         + "; ".join(_effects(base, other, change.step)))
    return lines


def render() -> str:
    lines = ["# Readings: where the commentators disagree, and what it changes",
             "",
             "*Generated from the bundled step scripts by `python -m choreo.readings_doc`; do not edit.*",
             "",
             "Each script's first reading is its default (鄭注・賈疏). Every other reading lists the steps it",
             "changes, the quotations that justify the change, and the effect measured on the two plans in",
             "the 榭 (`choreo check SCRIPT --reading zheng --reading ao` gives the full comparison)."]
    for path in bundled_scripts():
        script = parse_script(path)
        if "include" in path.read_text(encoding="utf-8"):
            continue  # a sequence repeats its passages' readings
        lines.extend(_script_section(path, script))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "docs" / "readings.md"
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
