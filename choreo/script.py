"""The step-script language: the immutable Script a YAML file is parsed into, with positions kept.

A script names its source seed, default venue, figures (starting place, 位, carried objects),
groups, objects, readings and a list of steps. Each step quotes the 經 clause it enacts in
``text`` and says what each figure (or group) does in ``do``; different actors act at once, one
actor's actions run in order. See docs/script-language.md (generated) for the verbs. The parser
itself (``parse_script``, ``parse_text``, and the composition of sequences and repeats) is
``choreo.script_parser``; readings are applied here (``apply_reading``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from choreo.errors import Location, ScriptError, suggest
from choreo.model import Assertion
from choreo.options import Catalogue, chosen
from choreo.repeats import RepeatDecl, renamer, repeat_steps
from stage.marked_yaml import loc_of
from stage.vocabulary import FACING_WORDS, FACINGS

__all__ = ["FACINGS", "parse_facing"]  # FACINGS: the compass facings (stage.vocabulary), re-exported

SEEDS = {"000": "000_95d0325316e9e0f8.txt", "001": "001_88b838abc8f3cf70.txt",
         "002": "002_0e2d2ec9bad304ce.txt", "003": "003_619eaa23c5964bd3.txt"}
ASSERTION_KINDS = ("passes_left", "passes_south_of", "passes_north_of", "passes_east_of", "passes_west_of",
                   "around", "abreast", "before", "faces", "at")


@dataclass(frozen=True)
class Action:
    """One verb with its argument and modifiers: ``{進: 射位一, 由: 司射之西}``."""

    verb: str
    arg: Any
    mods: Mapping[str, Any]
    loc: Location | None


@dataclass(frozen=True)
class FigureDecl:
    name: str
    start: str
    facing: float
    position: str  # the figure's 位, to which he 反位
    label: str
    role: str
    carries: tuple[str, ...]
    radius: float | None
    loc: Location | None
    kind: str = "person"
    carried_by: str | None = None


@dataclass(frozen=True)
class StepDecl:
    id: str
    text: str
    source: str
    notes: tuple[str, ...]
    start: tuple[str, str] | None  # ("with" | "after", step id)
    actions: tuple[tuple[str, tuple[Action, ...]], ...]  # (actor, actions) in the order written
    checks: tuple[Assertion, ...]
    contacts: tuple[tuple[str, str], ...]
    loc: Location | None
    reading_note: str = ""
    # 位 that change when this step begins (a passage of a sequence gives a figure a new 位).
    stations: tuple[tuple[str, str], ...] = ()
    # The passage a step of a sequence comes from (its ``passage`` and ``title``); empty in a
    # single passage, whose steps belong to the script's own.
    passage: str = ""
    passage_title: str = ""
    passage_heading: str = ""
    # Where the 經 clause is garbled in the seed: the garbled span as it stands there, which
    # ``stage.mojibake.restore`` decodes to the clause in ``text`` (never restored silently).
    restored: str = ""
    option_note: str = ""  # why an option (a branch of the text, choreo.options) changed this step


@dataclass(frozen=True)
class StepChange:
    """What a reading changes in one step: the actors' actions it replaces, its checks, or steps added."""

    step: str
    why: str
    actions: tuple[tuple[str, tuple[Action, ...]], ...] = ()
    checks: tuple[Assertion, ...] | None = None
    text: str | None = None
    notes: tuple[str, ...] | None = None
    remove: bool = False
    insert_after: tuple[StepDecl | RepeatDecl, ...] = ()  # steps added after it, or repeats of the rite's steps
    loc: Location | None = None


@dataclass(frozen=True)
class ReadingDecl:
    name: str
    title: str
    source: str
    changes: tuple[StepChange, ...]
    loc: Location | None = None


@dataclass(frozen=True)
class Script:
    path: str
    title: str
    passage: str
    source: str
    venue: str
    figures: Mapping[str, FigureDecl]
    groups: Mapping[str, tuple[str, ...]]
    steps: tuple[StepDecl, ...]
    readings: tuple[ReadingDecl, ...]
    params: Mapping[str, float] = field(default_factory=dict)
    heading: str = ""  # the commentary's heading of the passage, quoted (「論…之事」〔000〕)
    # Each passage's shot outcome (choreo.outcome): passage → archer → his arrows in order (True: a hit).
    outcomes: Mapping[str, Mapping[str, tuple[bool, ...]]] = field(default_factory=dict)
    data_files: tuple[str, ...] = ()  # files read besides the scripts (outcomes): the script cache watches them
    catalogue: Catalogue | None = None  # the text's branches this script offers (``branches:``, choreo.options)
    option_changes: Mapping[str, tuple[StepChange, ...]] = field(default_factory=dict)  # per option, as a reading's
    # (option, reading) → changes that take the place of the option's own for the same steps under that reading
    option_reading_changes: Mapping[tuple[str, str], tuple[StepChange, ...]] = field(default_factory=dict)
    # per option, the figures (and objects) and groups it adds (``options: {NAME: {figures: …, groups: …}}``), or
    # the script's own figures it places elsewhere at the start (``at``, ``facing`` only), and in a sequence the 位
    # the added ones take when a passage begins: ((step id, figure, 位), …)
    option_figures: Mapping[str, Mapping[str, FigureDecl]] = field(default_factory=dict)
    option_groups: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    option_stations: Mapping[str, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)

    @property
    def option_names(self) -> tuple[str, ...]:
        return self.catalogue.names() if self.catalogue else ()

    @property
    def reading_names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.readings) or ("zheng",)

    def members(self, actor: str) -> tuple[str, ...]:
        return self.groups.get(actor, (actor,))


def parse_facing(value: Any, loc: Location | None) -> float:
    """北面 … 西南面, 負侯, or a bearing in degrees."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value) % 360.0
    if isinstance(value, str) and value in FACING_WORDS:
        return FACING_WORDS[value]
    raise ScriptError(f"unknown facing '{value}'", loc_of(value, loc), suggest(str(value), FACING_WORDS))


def apply_reading(script: Script, reading: str | None) -> tuple[Script, str]:
    """The script as the named reading has it (default: the first declared reading)."""
    names = script.reading_names
    name = reading or names[0]
    if name not in names:
        raise ScriptError(f"unknown reading '{name}' (this script has: {', '.join(names)})",
                          None, suggest(name, names))
    decl = next((r for r in script.readings if r.name == name), None)
    if decl is None or not decl.changes:
        return script, name
    return replace(script, steps=_changed(script.steps, decl.changes, "reading_note", script_names(script))), name


def apply_options(script: Script, asked: tuple[str, ...] | list[str], reading: str = "") -> tuple[Script, tuple[str, ...]]:
    """The script under the options asked for (after its reading, named ``reading``): the figures and groups
    they add, their change sets in the catalogue's order (a step's change written for that reading in place
    of the option's own), and the hits they imply in place of the bundled outcome's. An unknown option, or two
    that exclude each other, is a ScriptError."""
    names = chosen(script.catalogue, tuple(asked), script.path)
    if not names:
        return script, ()
    steps, outcomes = script.steps, {p: dict(t) for p, t in script.outcomes.items()}
    read = {s.id for s in steps}  # the steps of the reading: a change to one an earlier option removed is not made
    figures, groups = dict(script.figures), dict(script.groups)
    by_option: dict[str, str] = {}  # who added (or placed) each figure
    for name in names:
        spec = script.catalogue.options[name]
        for figure, decl in script.option_figures.get(name, {}).items():
            if figure in by_option:
                raise ScriptError(f"option '{name}' adds or places figure '{figure}', as option '{by_option[figure]}' "
                                  "chosen with it does", decl.loc)
            by_option[figure] = name
            figures[figure] = decl  # one the script has stands elsewhere at the start
        groups.update(script.option_groups.get(name, {}))
        steps = _stationed(steps, script.option_stations.get(name, ()))
        own = {c.step: c for c in script.option_changes.get(name, ())}
        own.update({c.step: c for c in script.option_reading_changes.get((name, reading), ())})
        present = {s.id for s in steps}
        for change in own.values():
            if change.step not in read:
                raise ScriptError(f"option '{name}' changes step '{change.step}', which this reading removes",
                                  change.loc)
        # An option before this one took the step out of the rite (若左右鈞: nobody drinks): so does this one.
        changes = tuple(c for c in own.values() if c.step in present)
        if changes:
            steps = _changed(steps, tuple(replace(c, why=f"{spec.title}: {c.why}") for c in changes), "option_note",
                             {*figures, *groups})
        for passage, table in spec.outcome.items():
            if passage in outcomes:
                for archer in table:
                    if archer not in figures:
                        raise ScriptError(f"option '{name}' gives arrows to unknown figure '{archer}' in passage "
                                          f"'{passage}'", spec.loc, suggest(archer, figures))
                outcomes[passage].update(table)
    return replace(script, steps=steps, outcomes=outcomes, figures=figures, groups=groups), names


def _stationed(steps: tuple[StepDecl, ...], stations: tuple[tuple[str, str, str], ...]) -> tuple[StepDecl, ...]:
    """The steps with the 位 an option's figures take when a passage begins (``Script.option_stations``)."""
    if not stations:
        return steps
    at: dict[str, tuple[tuple[str, str], ...]] = {}
    for step_id, figure, position in stations:
        at[step_id] = at.get(step_id, ()) + ((figure, position),)
    return tuple(replace(s, stations=s.stations + at[s.id]) if s.id in at else s for s in steps)


def script_names(script: Script) -> set[str]:
    """The names a repeat renames: the script's figures and groups, and those its options add."""
    added = (name for table in (*script.option_figures.values(), *script.option_groups.values()) for name in table)
    return {*script.figures, *script.groups, *added}


def _changed(steps: tuple[StepDecl, ...], changes: tuple[StepChange, ...], note: str,
             names: set[str]) -> tuple[StepDecl, ...]:
    """The steps with a change set applied (a reading's or an option's); ``note``: the field of the
    step that keeps each change's why; ``names``: the figures and groups a repeat among the inserted steps
    renames (choreo.repeats: it copies the steps as they stand here)."""
    by_step = {c.step: c for c in changes}
    out: list[StepDecl] = []
    for step in steps:
        change = by_step.get(step.id)
        if change is None:
            out.append(step)
            continue
        if not change.remove:
            replaced = {actor for actor, _ in change.actions}
            actions = tuple((a, acts) for a, acts in step.actions if a not in replaced) + change.actions
            out.append(replace(step, text=change.text or step.text,
                               notes=change.notes if change.notes is not None else step.notes,
                               actions=actions, checks=change.checks if change.checks is not None else step.checks,
                               **{note: change.why}))
        for s in inserted_steps(change, steps, names):
            out.append(replace(s, passage=step.passage, passage_title=step.passage_title,
                               passage_heading=step.passage_heading, stations=(), **{note: change.why}))
    return tuple(out)


def inserted_steps(change: StepChange, steps: tuple[StepDecl, ...], names: set[str]) -> list[StepDecl]:
    """The steps a change inserts after its step, each repeat made from ``steps`` (those it changes)."""
    out: list[StepDecl] = []
    ids = [s.id for s in steps]
    for item in change.insert_after:
        if not isinstance(item, RepeatDecl):
            out.append(item)
            continue
        for ref in item.span:
            if ref not in ids:
                raise ScriptError(f"'repeat' copies step '{ref}', which is not in the rite as it stands here "
                                  "(a reading or an option removed it)", item.loc)
        first, last = ids.index(item.span[0]), ids.index(item.span[1])
        out.extend(repeat_steps(steps[first:last + 1], renamer(names, item.swap, item.places), item.suffix,
                                item.notes, item.start))
    return out
