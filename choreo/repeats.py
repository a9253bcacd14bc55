"""Steps again for others: the ``repeat:`` of a script (「三耦卒射，亦如之」〔000〕) and of a change set.

The text compresses repetitions; each repetition is its own steps, with the same 經 text and ids with a
suffix, every name in ``as`` replaced by its counterpart (in actors, places, modifiers and checks) and every
place in ``places`` by its own. The parser repeats a script's steps as it reads them; a change set's
``insert_after`` repeats the steps as the reading and the options before it left them (``choreo.script``), so
that one repeat written for an option gives each reading's form of the steps it copies.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from choreo.errors import Location
from choreo.model import Assertion


@dataclass(frozen=True)
class RepeatDecl:
    """``{repeat: [FIRST, LAST], as: {上耦: 次耦}, suffix: b, places: {…}}`` among the steps a change inserts."""

    span: tuple[str, str]
    swap: Mapping[str, str]
    suffix: str
    notes: tuple[str, ...] = ()
    places: Mapping[str, str] = field(default_factory=dict)
    start: tuple[str, str] | None = None  # the first copy's start ("with" | "after", step id), if not the original's
    loc: Location | None = None

    def prefixed(self, prefix: str) -> RepeatDecl:
        start = (self.start[0], prefix + self.start[1]) if self.start else None
        return replace(self, span=(prefix + self.span[0], prefix + self.span[1]), start=start)


def renamer(known: Iterable[str], swap: Mapping[str, str], places: Mapping[str, str] | None = None):
    """A function that renames, in any value of a step (strings, lists, mappings), the names in ``swap`` and
    the places in ``places``.

    Whole names only: every known name is matched, longest first. A name in ``swap`` is replaced; a longer
    name containing one (上耦上射 for 上耦 → 次耦) is renamed only when the result is a name too (次耦上射), so
    that swapping 獲者 for 賓 leaves 釋獲者 alone. A place is replaced wherever it is written (堂西位[10] in
    「堂西位[10]之南」).
    """
    places = dict(places or {})
    names = {*known, *swap}
    pattern = re.compile("|".join(re.escape(k) for k in sorted({*names, *places}, key=len, reverse=True)))
    inner = re.compile("|".join(re.escape(k) for k in sorted(swap, key=len, reverse=True))) if swap else None

    def rename(m: re.Match) -> str:
        name = m.group(0)
        if name in places and name not in names:
            return places[name]
        if name in swap:
            return swap[name]
        if inner is None:
            return name
        renamed = inner.sub(lambda k: swap[k.group(0)], name)
        return renamed if renamed in names else name

    def sub(value: Any) -> Any:
        if isinstance(value, str):
            return pattern.sub(rename, value)
        if isinstance(value, dict):
            return {sub(k): sub(v) for k, v in value.items()}
        if isinstance(value, tuple):
            return tuple(sub(v) for v in value)
        if isinstance(value, list):
            return [sub(v) for v in value]
        return value

    return sub


def repeat_steps(span: Sequence, sub, suffix: str, notes: tuple[str, ...] = (),
                 start: tuple[str, str] | None = None) -> list:
    """The steps of ``span`` again, renamed by ``sub`` (a ``renamer``), ids with ``suffix``; a ``start`` that
    points into the span points to the copy; ``start``, if given, is the first copy's."""
    span_ids = {s.id for s in span}
    out = []
    for i, step in enumerate(span):
        begins = step.start
        if begins and begins[1] in span_ids:
            begins = (begins[0], begins[1] + suffix)
        if i == 0 and start is not None:
            begins = start
        actions = tuple((sub(actor), tuple(replace(a, arg=sub(a.arg), mods=sub(dict(a.mods))) for a in acts))
                        for actor, acts in step.actions)
        checks = tuple(Assertion(a.kind, sub(dict(a.args)), step.id + suffix, a.loc) for a in step.checks)
        contacts = tuple((sub(a), sub(b)) for a, b in step.contacts)
        out.append(replace(step, id=step.id + suffix, notes=step.notes + notes, start=begins, actions=actions,
                           checks=checks, contacts=contacts, stations=()))
    return out
