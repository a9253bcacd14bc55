"""Generate docs/readings.md from the bundled scripts: ``python -m choreo.readings_doc``.

For every reading a script declares beyond its default, each change is listed under the clause it
changes, with its justification (the quotations in ``why``) and what it does to the plan, measured
by choreo.compare on both readings planned in the 榭: who is placed elsewhere and by how much, who
ends facing otherwise, who goes first where the order is reversed, and how long the step lasts.
Changes that share one ``why`` are one entry: a clause the reading takes out (``remove``) and does
in other steps is the entry's clause, and those steps are named as where it is done instead. A
``§x.n`` reference in a ``why`` links to its section of docs/domain.md (an unknown one is an error).
A test compares the committed file with a fresh rendering, so the document cannot drift from the scripts.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from choreo.compare import SAME, StepDifference, describe_acts, describe_laid, describe_order, step_difference
from choreo.model import Choreography
from choreo.paths import scripts_dir
from choreo.planning import bundled_scripts, plan
from choreo.script import Script, StepChange
from choreo.script_parser import parse_script
from stage.loader import venues_for_seed

VENUE = "xie"
DOMAIN = Path(__file__).resolve().parents[1] / "docs" / "domain.md"
SECTION_REF = re.compile(r"(?:(?:docs/)?domain\.md )?§([a-f0-9]+\.\d+[a-z]?)")


def domain_sections(text: str | None = None) -> dict[str, str]:
    """Section number (f.13) -> its GitHub anchor, from the headings of docs/domain.md."""
    text = DOMAIN.read_text(encoding="utf-8") if text is None else text
    out = {}
    for m in re.finditer(r"^#{2,4} +(([a-f0-9]+\.\d+[a-z]?)\b.*)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        out[m.group(2)] = slug
    return out


def link_sections(why: str, sections: dict[str, str]) -> str:
    def link(m: re.Match) -> str:
        number = m.group(1)
        if number not in sections:
            raise ValueError(f"{why[:40]}…: §{number} is not a section of docs/domain.md")
        return f"[domain.md §{number}](domain.md#{sections[number]})"
    return SECTION_REF.sub(link, why)


def _groups(changes) -> list[list[StepChange]]:
    by_why: dict[str, list[StepChange]] = {}
    for change in changes:
        by_why.setdefault(change.why, []).append(change)
    return list(by_why.values())


def _changes_own_step(c: StepChange) -> bool:
    """False for a change that only adds steps after its own (that step is a place, not a target)."""
    return c.remove or bool(c.actions) or c.checks is not None or c.text is not None or not c.insert_after


def _effect(d: StepDifference, base: Choreography, other: Choreography) -> str:
    if not d.in_b:
        return "not a step of this reading"
    if not d.in_a:
        return "a step of this reading only"
    out = []
    for f in d.figures:
        notes = []
        if f.moved:
            notes.append(f"up to {f.max_distance:.1f} 尺 elsewhere" + (
                f", ends {f.end_distance:.1f} 尺 apart" if f.end_distance > 0.5 else ", ends on the same spot"))
        if f.turned:
            notes.append(f"ends facing {f.bearings[1]:.0f}° instead of {f.bearings[0]:.0f}°")
        elif f.turned_during and not f.moved and f.turn_at is not None:  # a walker turns with his route
            notes.append(f"faces {f.turn_at[1]:.0f}° instead of {f.turn_at[0]:.0f}° during the step")
        if abs(f.paths[0] - f.paths[1]) > 0.5:
            notes.append(f"walks {f.paths[1]:.1f} 尺 instead of {f.paths[0]:.1f}")
        out.append(f"{f.figure}: {', '.join(notes)}")
    out += [describe_order(o, base.reading, other.reading) for o in d.orders]
    out += [describe_acts(act, base.reading, other.reading) for act in d.acts]
    if d.laid is not None:
        out.append(describe_laid(d.laid, base.reading, other.reading))
    da, db = d.durations
    if abs(db - da) > 0.5:
        out.append(f"the step lasts {db:.1f} s instead of {da:.1f} s")
    return "; ".join(out) or f"the same places (within {SAME} 尺), facings and order"


class Whole:
    """The sequence a passage is part of, planned under the two readings on demand: a change whose effect
    depends on an earlier passage (the 算 of e.6 counted in e.8) is measured there when the passage
    alone shows none."""

    def __init__(self, path: Path | None, prefix: str, venue: str, readings: tuple[str, str]) -> None:
        self.path, self.prefix, self.venue, self.readings = path, prefix, venue, readings
        self._plans: tuple[Choreography, Choreography] | None = None

    def effect(self, sid: str, b_step: str | None = None) -> str | None:
        if self.path is None:
            return None
        if self._plans is None:
            script = parse_script(self.path)
            self._plans = tuple(plan(script, venue=self.venue, reading=r) for r in self.readings)
        a, b = self._plans
        try:
            a.step(self.prefix + sid)
        except KeyError:
            return None
        d = step_difference(a, b, self.prefix + sid, None if b_step is None else self.prefix + b_step)
        if not d.differs:
            return None
        rel = self.path.relative_to(scripts_dir()).as_posix()
        return f"(in the whole rite, `{rel}` {self.prefix + sid}) {_effect(d, a, b)}"


def _measured(base, other, whole: Whole | None, sid: str, b_step: str | None = None) -> str:
    d = step_difference(base, other, sid, b_step)
    if not d.differs and whole is not None:
        found = whole.effect(sid, b_step)
        if found is not None:
            return found
    return _effect(d, base, other)


def _entry(group: list[StepChange], texts: dict[str, str], base, other, sections, whole: Whole | None = None) -> list[str]:
    removed = [c for c in group if c.remove]
    hosts = [c for c in group if not c.remove]
    targets = removed if removed and hosts else group
    added = [s for c in group for s in c.insert_after]
    heads = [(c.step, texts.get(c.step, "")) for c in targets if _changes_own_step(c)]
    if not heads:  # only steps added: the entry is theirs
        heads = [(s.id, s.text) for s in added]
    by_text: dict[str, list[str]] = {}
    for sid, text in heads:
        by_text.setdefault(text, []).append(sid)
    lines = ["\n- " + "; ".join(f"**{', '.join(ids)}** 「{text}」" for text, ids in by_text.items()) + "  "]
    lines.append(f"  {link_sections(group[0].why, sections)}  ")
    if removed and hosts:
        lines.append("  under this reading done instead in: " + "; ".join(
            f"{c.step} 「{texts.get(c.step, '')}」" for c in hosts) + "  ")
    for c in group:
        if c.remove and len(c.insert_after) == 1:
            lines.append(f"  replaced by {c.insert_after[0].id} 「{c.insert_after[0].text}」  ")
        elif c.insert_after and heads != [(s.id, s.text) for s in added]:
            lines.append(f"  adds after {c.step}: " + "; ".join(f"{s.id} 「{s.text}」" for s in c.insert_after) + "  ")
        elif c.insert_after:
            lines.append(f"  added after {c.step} 「{texts.get(c.step, '')}」  ")
    actors = "、".join(dict.fromkeys(a for c in group for a, _ in c.actions)) or "—"
    where = "榭" if base.venue.key == VENUE else base.venue.title
    lines.append(f"  replaces the actions of: {actors}; effect in the {where}:  ")
    for c in group:
        if c.remove and len(c.insert_after) == 1:  # one step replaced by another: compare the two
            new = c.insert_after[0].id
            lines.append(f"  · {c.step} → {new}: {_measured(base, other, whole, c.step, new)}  ")
            continue
        for sid in ([c.step] if _changes_own_step(c) else []) + [s.id for s in c.insert_after]:
            lines.append(f"  · {sid}: {_measured(base, other, whole, sid)}  ")
    lines[-1] = lines[-1].rstrip()
    return lines


def _script_section(path: Path, script: Script, sections: dict[str, str]) -> list[str]:
    changed = [r for r in script.readings[1:] if r.changes]
    if not changed:
        return []
    rel = path.relative_to(scripts_dir()).as_posix()
    lines = [f"\n## {script.title} ({script.passage}) — `{rel}`\n"]
    # The 榭, or the script's own venue where its rite is not performed in the 榭 (the 大射's court).
    venue = VENUE if VENUE in venues_for_seed(script.source) else script.venue
    base = plan(script, venue=venue, reading=script.reading_names[0])
    texts = {s.id: s.text for s in script.steps}
    sequence = _sequence_of(path)
    prefix = (script.passage.replace(".", "") or path.stem) + "."
    for reading in changed:
        other = plan(script, venue=venue, reading=reading.name)
        whole = Whole(sequence, prefix, venue, (script.reading_names[0], reading.name))
        lines.append(f"\n### {reading.name}: {reading.title}\n")
        for group in _groups(reading.changes):
            lines.extend(_entry(group, texts, base, other, sections, whole))
    return lines


def _sequence_of(path: Path) -> Path | None:
    """The bundled sequence (a script with ``include:``) that includes this passage, if any."""
    for seq in bundled_scripts():
        if seq.parent == path.parent and seq != path and re.search(
                rf"^\s*-\s*{re.escape(path.name)}\s*$", seq.read_text(encoding="utf-8"), re.M):
            return seq
    return None


def render() -> str:
    lines = ["# Readings: where the commentators disagree, and what it changes",
             "",
             "*Generated from the bundled step scripts by `python -m choreo.readings_doc`; do not edit.*",
             "",
             "Each script's first reading is its default (鄭注・賈疏). Every other reading lists the steps it",
             "changes, under the clause it changes, with the quotations that justify the change and the effect",
             "measured on the two plans in the 榭 (a 大射 passage: in its court), step by step: who is placed elsewhere, who ends facing",
             "otherwise, who goes first where the readings reverse the order (`choreo check SCRIPT --reading",
             "zheng --reading ao` gives the same comparison for the whole script, `--json` with the orders).",
             "Section references (§) are to [docs/domain.md](domain.md)."]
    sections = domain_sections()
    for path in bundled_scripts():
        script = parse_script(path)
        if "include" in path.read_text(encoding="utf-8"):
            continue  # a sequence repeats its passages' readings
        lines.extend(_script_section(path, script, sections))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    from choreo.docgen import generate

    return generate(argv, "python -m choreo.readings_doc", Path(__file__).resolve().parents[1] / "docs" / "readings.md", render)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
