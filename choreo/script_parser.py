"""Parsing a step script's YAML into a Script: figures, groups, objects, steps, checks and readings,
and composing scripts (``include:`` sequences of passages, ``repeat:`` of steps for other pairs).

Every error is a ScriptError with its FILE:LINE:COL and, for a misspelt name, the closest known one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from choreo.errors import Location, ScriptError, YiliError, suggest
from choreo.model import Assertion
from choreo.repeats import RepeatDecl, renamer, repeat_steps
from choreo.script import (
    ASSERTION_KINDS,
    SEEDS,
    Action,
    FigureDecl,
    ReadingDecl,
    Script,
    StepChange,
    StepDecl,
    parse_facing,
)
from choreo.verbs.argtypes import describe, is_number
from choreo.verbs.catalogue import load_verbs
from choreo.verbs.registry import MODIFIER_VALUES
from stage import marked_yaml
from stage.marked_yaml import MDict, MList, loc_of

TOP_KEYS = ("title", "heading", "passage", "source", "venue", "figures", "groups", "objects", "steps", "readings",
            "params", "include", "outcome", "branches", "options")
FIGURE_KEYS = ("at", "facing", "位", "label", "role", "carries", "radius")
START_KEYS = ("at", "facing")  # what an option may change of the script's own figure
OBJECT_KEYS = ("at", "label", "carried_by", "radius", "facing")
STEP_KEYS = ("id", "text", "source", "notes", "start", "do", "check", "contact", "restored")
READING_KEYS = ("title", "source", "note", "changes")
SEQUENCE_KEYS = ("title", "heading", "passage", "source", "venue", "include", "params", "branches")
OPTION_BLOCK_KEYS = ("figures", "objects", "groups", "changes", "readings")
CHANGE_KEYS = ("why", "do", "check", "text", "notes", "remove", "insert_after")


def included_file(item: Any, script: Path, loc: Location | None, what: str) -> Path:
    """The file an ``include:`` (or ``venue:``) entry names, relative to the script's folder.

    choice: a script may name only files in its own folder (and below) or among the bundled assets,
    so that a downloaded script cannot make an error message show a line of some other file on the
    machine (``include: [/etc/shadow]``); a file anywhere can still be given on the command line.
    """
    from choreo.paths import assets_dir

    if not isinstance(item, str) or not item.strip():
        raise ScriptError(f"a {what} is named by its file name", loc)
    path = script.parent / item
    roots = (script.parent.resolve(), assets_dir().resolve())
    if not any(path.resolve().is_relative_to(root) for root in roots):
        raise ScriptError(f"{what} '{item}' is outside the script's folder and the bundled assets (name it on "
                          "the command line instead)", loc)
    if not path.is_file():
        kind = "a folder, not a file" if path.is_dir() else "not there"
        raise ScriptError(f"no such {what}: {item} ({kind})", loc)
    return path


def _fail_unknown_keys(node: MDict, allowed: tuple[str, ...], what: str) -> None:
    for key in node:
        if key not in allowed:
            raise ScriptError(f"unknown key '{key}' in {what}", node.key_loc(key), suggest(str(key), allowed))


def _require(node: Any, kind: type, what: str, loc: Location | None) -> Any:
    if not isinstance(node, kind):
        expected = {MDict: "a mapping", MList: "a list", list: "a list", str: "text"}.get(kind, kind.__name__)
        raise ScriptError(f"{what} must be {expected}", loc_of(node, loc))
    return node


def _text(value: Any, what: str, loc: Location | None) -> str:
    """Text written in the script (a number reads as its digits)."""
    if isinstance(value, str) or is_number(value):
        return str(value)
    raise ScriptError(f"{what} must be text, not {describe(value)}", loc_of(value, loc))


def _name(value: Any, what: str, loc: Location | None) -> str:
    if isinstance(value, str) and value.strip():
        return str(value)
    raise ScriptError(f"{what} must be a name, not {describe(value)}", loc_of(value, loc))


def _texts(value: Any, what: str, loc: Location | None, *, names: bool = False) -> tuple[str, ...]:
    """A text (or name) or a list of them."""
    one = _name if names else _text
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(one(v, what, loc_of(v, _item_loc(value, i, loc))) for i, v in enumerate(value))
    return (one(value, what, loc),)


def _number(value: Any, what: str, loc: Location | None, low: float, high: float) -> float:
    """A finite number in (low, high]."""
    if not is_number(value) or not low < value <= high:
        raise ScriptError(f"{what} must be a number (more than {low:g}, at most {high:g}), not {describe(value)}",
                          loc_of(value, loc))
    return float(value)


def _radius(decl: MDict) -> float | None:
    """A disc's radius in 尺. choice: up to 10 尺, wider than any person or object of the rite."""
    return _number(decl["radius"], "'radius' (尺)", decl.value_loc("radius"), 0, 10) if "radius" in decl else None


def _item_loc(seq: Any, index: int, default: Location | None) -> Location | None:
    return seq.item_loc(index) if isinstance(seq, MList) else default


def _seed_file(value: Any, loc: Location | None) -> str:
    text = str(value)
    if text in SEEDS:
        return SEEDS[text]
    if text in SEEDS.values():
        return text
    raise ScriptError(f"unknown seed '{text}'", loc_of(value, loc), suggest(text, [*SEEDS, *SEEDS.values()]))


def parse_script(path: str | Path, *, included_by: tuple[Path, ...] = (),
                 load: Callable[..., Script] | None = None) -> Script:
    """Parse a step script; every error is a ScriptError with its position. ``included_by``: the
    sequences whose ``include:`` led here, outermost first (so that a cycle is named, not followed).
    ``load`` reads an included passage (``choreo.script_cache.load`` passes itself, so that an unchanged
    passage is not parsed again); by default each is parsed afresh."""
    try:
        root = marked_yaml.load(path)
    except ScriptError:
        raise
    except YiliError as exc:
        raise ScriptError(exc.message, exc.location, exc.suggestion) from None
    return Parser(str(path), included_by, load).parse(root)


def parse_text(text: str, path: str = "<script>") -> Script:
    try:
        root = marked_yaml.load_text(text, path)
    except YiliError as exc:
        raise ScriptError(exc.message, exc.location, exc.suggestion) from None
    return Parser(path).parse(root)


class Parser:
    def __init__(self, path: str, included_by: tuple[Path, ...] = (), load: Callable[..., Script] | None = None):
        self.path = path
        self.included_by = included_by
        self.load = load or parse_script  # how an included passage is read
        self.verbs = load_verbs()

    def parse(self, root: Any) -> Script:
        if not isinstance(root, MDict):
            raise ScriptError("a step script must be a YAML mapping with 'figures' and 'steps'",
                              loc_of(root, Location(self.path, 1, 1)))
        _fail_unknown_keys(root, TOP_KEYS, "the script")
        if "include" in root:
            return self.sequence(root)
        for key in ("title", "figures", "steps"):
            if key not in root:
                raise ScriptError(f"the script has no '{key}'", root.loc)
        source = _seed_file(root.get("source", "000"), root.loc)
        figures = self.figures(root)
        groups = self.groups(root.get("groups") or MDict(), figures, root)
        self.figures_known = figures
        self.groups_known = groups
        steps = self.steps(_require(root["steps"], MList, "'steps'", root.key_loc("steps")), source)
        self.readings_loc = root.value_loc("readings")
        readings = self.readings(root.get("readings"), source, [s.id for s in steps])
        params = self.params(root)
        passage = str(root.get("passage", ""))
        outcomes, data_files = {}, ()
        if "outcome" in root:
            from choreo.outcome import parse_outcome

            def beside(name: str, loc: Location | None) -> Path:
                return included_file(name, Path(self.path), loc, "outcome file")

            outcomes[passage], read = parse_outcome(root["outcome"], passage, beside, figures, root.value_loc("outcome"))
            data_files = (str(read),) if read is not None else ()
        catalogue = self.catalogue(root)
        option_changes, option_reading_changes, option_figures, option_groups = self.option_changes(
            root, catalogue, source, [s.id for s in steps], [r.name for r in readings] or ["zheng"])
        if catalogue is not None:
            data_files += (catalogue.path,)
        return Script(self.path, str(root["title"]), passage, source,
                      self.venue(root), figures, groups, steps, readings, params,
                      heading=str(root.get("heading", "")), outcomes=outcomes, data_files=data_files,
                      catalogue=catalogue, option_changes=option_changes,
                      option_reading_changes=option_reading_changes, option_figures=option_figures,
                      option_groups=option_groups)

    # -- the text's branches (choreo.options) ------------------------------------------------------
    def catalogue(self, root: MDict):
        """The catalogue of options ``branches:`` names (None without it)."""
        from choreo.options import catalogue_file, load_catalogue

        if "branches" not in root:
            return None

        def beside(name: str, loc: Location | None) -> Path:
            return included_file(name, Path(self.path), loc, "catalogue of options")

        return load_catalogue(catalogue_file(root["branches"], beside, root.value_loc("branches")))

    def option_changes(self, root: MDict, catalogue, source: str, step_ids: list[str],
                       readings: list[str]) -> tuple[dict, dict, dict, dict]:
        """``options: {NAME: {figures: …, groups: …, changes: …, readings: {READING: {changes: …}}}}``: each
        option's change set, in a reading's form; the changes that take the place of its own under a reading
        (where the option's step must also keep that reading's difference); and the figures (objects) and
        groups it adds, written as the script's own, which only its changes (and the option's) name."""
        if "options" not in root:
            return {}, {}, {}, {}
        node = _require(root["options"], MDict, "'options'", root.value_loc("options"))
        if catalogue is None:
            raise ScriptError("'options' changes steps under the text's branches: name their catalogue with "
                              "'branches' (e.g. branches: xiangshe)", root.key_loc("options"))
        out, per_reading, figures_added, groups_added = {}, {}, {}, {}
        for name, decl in node.items():
            if name not in catalogue.options:
                raise ScriptError(f"unknown option '{name}' (the catalogue {Path(catalogue.path).name} has: "
                                  f"{', '.join(catalogue.names()) or 'none'})", node.key_loc(name),
                                  suggest(str(name), catalogue.names()))
            decl = _require(decl, MDict, f"option '{name}'", node.key_loc(name))
            _fail_unknown_keys(decl, OPTION_BLOCK_KEYS, f"option '{name}'")
            own_figures, own_groups = self.figures_known, self.groups_known
            added = self.figures(decl, own_figures)
            all_figures = {**own_figures, **added}  # a figure of the script's own placed elsewhere stays his
            groups = self.groups(decl.get("groups") or MDict(), all_figures, decl, own_groups)
            if added or groups:
                figures_added[str(name)], groups_added[str(name)] = added, groups
            # the option's changes name its own figures and groups as well as the script's
            self.figures_known, self.groups_known = all_figures, {**own_groups, **groups}
            try:
                out[str(name)] = self.change_set(decl, f"option '{name}'", source, step_ids)
                per_reading.update(self.option_reading_blocks(decl, str(name), source, step_ids, readings))
            finally:
                self.figures_known, self.groups_known = own_figures, own_groups
        return out, per_reading, figures_added, groups_added

    def option_reading_blocks(self, decl: MDict, name: str, source: str, step_ids: list[str],
                              readings: list[str]) -> dict[tuple[str, str], tuple[StepChange, ...]]:
        """``readings: {READING: {changes: …}}`` in option ``name``'s block."""
        per_reading = {}
        block = _require(decl.get("readings") or MDict(), MDict, "'readings'", decl.value_loc("readings"))
        for reading, sub in block.items():
            if reading not in readings:
                raise ScriptError(f"option '{name}' changes steps under unknown reading '{reading}' (this script "
                                  f"has: {', '.join(readings) or 'none'})", block.key_loc(reading),
                                  suggest(str(reading), readings))
            sub = _require(sub, MDict, f"option '{name}' under reading '{reading}'", block.key_loc(reading))
            _fail_unknown_keys(sub, ("changes",), f"option '{name}' under reading '{reading}'")
            per_reading[(str(name), str(reading))] = self.change_set(sub, f"option '{name}' under '{reading}'",
                                                                    source, step_ids)
        return per_reading

    def params(self, root: MDict) -> dict[str, float]:
        """``params:`` overriding the venue's planning numbers, each in the range the planner can use."""
        from stage.loader import param_problem

        node = _require(root.get("params") or MDict(), MDict, "'params'", root.value_loc("params"))
        params = {}
        for key, value in node.items():
            if not is_number(value):
                raise ScriptError(f"parameter '{key}' must be a number, not {describe(value)}", node.value_loc(key))
            problem = param_problem(str(key), float(value))
            if problem:
                raise ScriptError(f"parameter '{key}' {problem}", node.value_loc(key))
            params[str(key)] = float(value)
        return params

    # -- sequences of passages ------------------------------------------------------------------
    def sequence(self, root: MDict) -> Script:
        """A script made of passages: ``include: [e01.yaml, e02.yaml]``, planned one after another.

        Step ids get the passage as prefix (``e1.s04``) so that they stay unique; a figure starts
        where the first passage that names it puts him; readings of the same name are merged.
        """
        for key in root:
            if key not in SEQUENCE_KEYS:
                raise ScriptError(f"a sequence (with 'include') takes no '{key}'", root.key_loc(key),
                                  suggest(str(key), SEQUENCE_KEYS))
        items = _require(root["include"], MList, "'include'", root.key_loc("include"))
        parts: list[Script] = []
        chain = (*self.included_by, Path(self.path).resolve())
        for item in items:
            path = included_file(item, Path(self.path), loc_of(item, items.loc), "script to include")
            if path.resolve() in chain:
                names = " → ".join(p.name for p in (*chain[chain.index(path.resolve()):], path))
                raise ScriptError(f"scripts include each other in a cycle: {names}", loc_of(item, items.loc))
            if any(Path(p.path).resolve() == path.resolve() for p in parts):
                raise ScriptError(f"'{item}' is included twice (each passage once; a repeat of its steps "
                                  "is written with 'repeat:')", loc_of(item, items.loc))
            parts.append(self.load(path, included_by=chain))  # from the cache: an unchanged passage is not parsed again
        figures: dict[str, FigureDecl] = {}
        groups: dict[str, tuple[str, ...]] = {}
        steps: list[StepDecl] = []
        readings: dict[str, ReadingDecl] = {}
        for part in parts:
            prefix = (part.passage.replace(".", "") or Path(part.path).stem) + "."
            # A passage may give a figure another 位 (the 三耦 stand at 射位一 in round 1, at 射位二 from
            # e.5 on): the change takes effect when the passage begins.
            changed = tuple((name, decl.position) for name, decl in part.figures.items()
                            if name in figures and figures[name].position != decl.position)
            for name, decl in part.figures.items():
                figures.setdefault(name, decl)
            for name, members in part.groups.items():
                if groups.setdefault(name, members) != members:
                    raise ScriptError(f"group '{name}' has different members in {part.path}", None)
            part_steps = [_prefixed(step, prefix, part) for step in part.steps]
            if changed and part_steps:
                part_steps[0] = replace(part_steps[0], stations=part_steps[0].stations + changed)
            steps.extend(part_steps)
            for reading in part.readings:
                changes = tuple(_prefixed_change(c, prefix) for c in reading.changes)
                if reading.name in readings:
                    old = readings[reading.name]
                    readings[reading.name] = ReadingDecl(old.name, old.title, old.source, old.changes + changes, old.loc)
                else:
                    readings[reading.name] = ReadingDecl(reading.name, reading.title, reading.source, changes,
                                                         reading.loc)
        params: dict[str, float] = {}
        outcomes: dict[str, Any] = {}
        data_files: dict[str, None] = {}
        option_changes: dict[str, tuple[StepChange, ...]] = {}
        option_reading_changes: dict[tuple[str, str], tuple[StepChange, ...]] = {}
        option_figures, option_groups, option_stations = _option_casts(parts, figures)
        catalogue = self.catalogue(root)
        for part in parts:
            params.update(part.params)
            outcomes.update(part.outcomes)
            data_files.update(dict.fromkeys(part.data_files))
            prefix = (part.passage.replace(".", "") or Path(part.path).stem) + "."
            if part.catalogue is not None:
                if catalogue is not None and Path(catalogue.path).resolve() != Path(part.catalogue.path).resolve():
                    raise ScriptError(f"{part.path} offers the branches of {part.catalogue.path}, the sequence "
                                      f"those of {catalogue.path}: a sequence has one catalogue of options", None)
                catalogue = catalogue or part.catalogue
            for name, changes in part.option_changes.items():
                option_changes[name] = option_changes.get(name, ()) + tuple(_prefixed_change(c, prefix)
                                                                            for c in changes)
            for key, changes in part.option_reading_changes.items():
                option_reading_changes[key] = option_reading_changes.get(key, ()) + tuple(
                    _prefixed_change(c, prefix) for c in changes)
        if catalogue is not None:
            data_files[catalogue.path] = None
        params.update(self.params(root))
        first = parts[0] if parts else None
        return Script(self.path, str(root.get("title", "")), str(root.get("passage", "")),
                      _seed_file(root.get("source", "000"), root.loc),
                      self.venue(root, first.venue if first else "xie"), figures, groups, tuple(steps),
                      tuple(readings.values()), params, heading=str(root.get("heading", "")), outcomes=outcomes,
                      data_files=tuple(data_files), catalogue=catalogue, option_changes=option_changes,
                      option_reading_changes=option_reading_changes, option_figures=option_figures,
                      option_groups=option_groups, option_stations=option_stations)

    def venue(self, root: MDict, default: str = "xie") -> str:
        """A bundled venue's key, or the path of a venue file beside the script."""
        from stage.loader import list_venues

        if "venue" not in root:
            return default
        value, loc = root["venue"], root.value_loc("venue")
        if not isinstance(value, str):
            raise ScriptError("'venue' must be a venue's key (xie, xiang) or a venue file's name", loc)
        if "/" in value or "\\" in value or value.endswith((".yaml", ".yml")):
            return str(included_file(value, Path(self.path), loc, "venue file"))
        if value not in list_venues():
            raise ScriptError(f"unknown venue '{value}' (bundled: {', '.join(list_venues())})", loc,
                              suggest(value, list_venues()))
        return str(value)

    # -- figures and groups ----------------------------------------------------------------------
    def figures(self, root: MDict, known: Mapping[str, FigureDecl] | None = None) -> dict[str, FigureDecl]:
        """The figures and objects of ``root`` (the script, or an option's block adding to ``known``)."""
        out: dict[str, FigureDecl] = {}
        known = known or {}
        node = _require(root.get("figures") or MDict(), MDict, "'figures'", root.key_loc("figures"))
        for name, decl in node.items():
            if name in known and known[name].kind == "person":
                out[str(name)] = self.replaced_start(known[name], decl, node.key_loc(name))
                continue
            decl = _require(decl, MDict, f"figure '{name}'", node.key_loc(name))
            _fail_unknown_keys(decl, FIGURE_KEYS, f"figure '{name}'")
            if "at" not in decl:
                raise ScriptError(f"figure '{name}' has no starting place 'at'", decl.loc)
            facing = parse_facing(decl.get("facing", "北面"), decl.key_loc("facing"))
            start = _name(decl["at"], "'at'", decl.value_loc("at"))
            carries = _texts(decl.get("carries"), "'carries'", decl.value_loc("carries"), names=True)
            out[str(name)] = FigureDecl(str(name), start, facing, _name(decl.get("位", start), "'位'", decl.value_loc("位")),
                                        _text(decl.get("label", name), "'label'", decl.value_loc("label")),
                                        _text(decl.get("role", ""), "'role'", decl.value_loc("role")), carries,
                                        _radius(decl), node.key_loc(name))
        objects = root.get("objects") or MDict()
        for name, decl in _require(objects, MDict, "'objects'", root.key_loc("objects")).items():
            decl = _require(decl, MDict, f"object '{name}'", objects.key_loc(name))
            _fail_unknown_keys(decl, OBJECT_KEYS, f"object '{name}'")
            full = f"obj.{name}"
            if full in known:
                raise ScriptError(f"object '{name}' is the script's own: an option adds objects the script has not",
                                  objects.key_loc(name))
            carrier = decl.get("carried_by")
            if carrier is not None and str(carrier) not in out and str(carrier) not in known:
                raise ScriptError(f"unknown figure '{carrier}'", decl.value_loc("carried_by"),
                                  suggest(str(carrier), {**known, **out}))
            if "at" not in decl and carrier is None:
                raise ScriptError(f"object '{name}' needs 'at' or 'carried_by'", decl.loc)
            start = _name(decl["at"], "'at'", decl.value_loc("at")) if "at" in decl else ""
            out[full] = FigureDecl(full, start, parse_facing(decl.get("facing", 0), decl.key_loc("facing")),
                                   start, _text(decl.get("label", name), "'label'", decl.value_loc("label")),
                                   "object", (), _radius(decl),
                                   objects.key_loc(name), kind="object",
                                   carried_by=str(carrier) if carrier is not None else None)
        return out

    def replaced_start(self, own: FigureDecl, decl: Any, loc: Location | None) -> FigureDecl:
        """The script's own figure, standing elsewhere when the passage begins under an option (``at``,
        ``facing``): where what the option changed before leaves him (his 位 and the rest stay the script's)."""
        decl = _require(decl, MDict, f"figure '{own.name}'", loc)
        for key in decl:
            if key not in START_KEYS:
                raise ScriptError(f"figure '{own.name}' is the script's own: an option may say only where he stands "
                                  f"when the passage begins ({', '.join(START_KEYS)}), not '{key}'", decl.key_loc(key),
                                  suggest(str(key), START_KEYS))
        start = _name(decl["at"], "'at'", decl.value_loc("at")) if "at" in decl else own.start
        facing = parse_facing(decl["facing"], decl.key_loc("facing")) if "facing" in decl else own.facing
        return replace(own, start=start, facing=facing, loc=loc)

    def groups(self, node: MDict, figures: Mapping[str, FigureDecl], root: MDict,
               known: Mapping[str, tuple[str, ...]] | None = None) -> dict[str, tuple[str, ...]]:
        """The groups of ``root``; an option's block may also name the script's groups (``known``)."""
        out: dict[str, tuple[str, ...]] = dict(known or {})
        _require(node, MDict, "'groups'", root.key_loc("groups"))
        for name, members in node.items():
            if name in figures:
                raise ScriptError(f"group '{name}' has the name of a figure", node.key_loc(name))
            if name in (known or {}):
                raise ScriptError(f"group '{name}' is the script's own: an option adds groups the script has not",
                                  node.key_loc(name))
            members = _require(members, MList, f"group '{name}'", node.key_loc(name))
            if not members:
                raise ScriptError(f"group '{name}' has no members", members.loc)
            expanded: list[str] = []
            for i, member in enumerate(members):
                if not isinstance(member, str):
                    raise ScriptError(f"a member of group '{name}' must be a figure's name, not {describe(member)}",
                                      members.item_loc(i))
                if str(member) in out:
                    expanded.extend(out[str(member)])
                elif str(member) in figures:
                    expanded.append(str(member))
                else:
                    raise ScriptError(f"unknown figure '{member}' in group '{name}'", members.item_loc(i),
                                      suggest(str(member), [*figures, *out]))
            out[str(name)] = tuple(expanded)
        return {n: m for n, m in out.items() if n not in (known or {})}

    # -- steps -----------------------------------------------------------------------------------
    def steps(self, node: MList, source: str) -> tuple[StepDecl, ...]:
        steps: list[StepDecl] = []
        seen: dict[str, Location | None] = {}
        for index, item in enumerate(node):
            if isinstance(item, MDict) and "repeat" in item:
                for step in self.repeat(item, steps):
                    if step.id in seen:
                        raise ScriptError(f"duplicate step id '{step.id}' (first at {seen[step.id]})", item.loc)
                    seen[step.id] = step.loc
                    steps.append(step)
                continue
            step = self.step(item, source, index, node.item_loc(index))
            if step.id in seen:
                raise ScriptError(f"duplicate step id '{step.id}' (first at {seen[step.id]})", step.loc)
            seen[step.id] = step.loc
            steps.append(step)
        for step in steps:
            if step.start and step.start[1] not in seen:
                raise ScriptError(f"unknown step '{step.start[1]}' in 'start'", step.loc,
                                  suggest(step.start[1], seen))
        return tuple(steps)

    def repeat(self, item: MDict, before: list[StepDecl]) -> list[StepDecl]:
        """``{repeat: [FROM, TO], as: {上耦: 次耦, …}, suffix: b}``: those steps again for others.

        The text compresses repetitions (「三耦卒射，亦如之」〔000〕); each repetition is its own steps,
        with the same 經 text and ids with the suffix, every name in ``as`` replaced by its
        counterpart (in actors, places, modifiers and checks) and every place in ``places`` by its own
        (choreo.repeats).
        """
        decl = self.repeat_decl(item, [s.id for s in before])
        ids = [s.id for s in before]
        first, last = ids.index(decl.span[0]), ids.index(decl.span[1])
        sub = renamer({*self.figures_known, *self.groups_known}, decl.swap, decl.places)
        return repeat_steps(before[first:last + 1], sub, decl.suffix, decl.notes, decl.start)

    def repeat_decl(self, item: MDict, ids: list[str]) -> RepeatDecl:
        """A ``repeat:`` checked against the step ids it may copy (those before it)."""
        _fail_unknown_keys(item, ("repeat", "as", "suffix", "notes", "places", "start"), "a repeat")
        span = item["repeat"]
        if not isinstance(span, list) or len(span) != 2:
            raise ScriptError("'repeat' takes [FIRST, LAST] step ids", item.key_loc("repeat"))
        for ref in span:
            if str(ref) not in ids:
                raise ScriptError(f"unknown step '{ref}' in 'repeat' (only earlier steps can be repeated)",
                                  loc_of(ref, item.loc), suggest(str(ref), ids))
        first, last = ids.index(str(span[0])), ids.index(str(span[1]))
        if last < first:
            raise ScriptError(f"'repeat': {span[1]} comes before {span[0]}", item.key_loc("repeat"))
        if "suffix" not in item or "as" not in item:
            raise ScriptError("'repeat' needs 'as' (who stands in for whom) and 'suffix' (for the new ids)",
                              item.loc)
        swap = {str(k): str(v) for k, v in _require(item["as"], MDict, "'as'", item.key_loc("as")).items()}
        for name in (*swap, *swap.values()):
            self.figure_name(name, item.key_loc("as"), groups=True)
        places = _require(item.get("places") or MDict(), MDict, "'places' (a place for a place)",
                          item.value_loc("places"))
        for place, other in places.items():
            for value in (place, other):
                _name(value, "a place in 'places'", loc_of(value, places.key_loc(place)))
        return RepeatDecl((str(span[0]), str(span[1])), swap, str(item["suffix"]),
                          tuple(str(n) for n in item.get("notes") or ()),
                          {str(k): str(v) for k, v in places.items()}, self.start(item), item.loc)

    def start(self, item: MDict) -> tuple[str, str] | None:
        """A step's (or a repeat's) ``start: with STEP`` / ``after STEP``."""
        if "start" not in item:
            return None
        m = re.fullmatch(r"\s*(with|after)\s+(\S+)\s*", str(item["start"]))
        if not m:
            raise ScriptError("'start' must be 'with STEP' or 'after STEP'", item.value_loc("start"))
        return (m.group(1), m.group(2))

    def step(self, item: Any, source: str, index: int, loc: Location | None = None) -> StepDecl:
        item = _require(item, MDict, "a step", loc)
        _fail_unknown_keys(item, STEP_KEYS, "a step")
        if "text" not in item:
            raise ScriptError("a step needs 'text': the 經 clause it enacts, verbatim", item.loc)
        step_id = _text(item.get("id", f"s{index + 1:03d}"), "a step's 'id'", item.value_loc("id"))
        start = self.start(item)
        actions = self.actions(item.get("do") or MDict(), item)
        checks = self.checks(item.get("check") or MList(), step_id, item)
        contacts = []
        pairs = _require(item.get("contact") or MList(), list, "'contact'", item.value_loc("contact"))
        for i, pair in enumerate(pairs):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ScriptError("'contact' lists pairs of figures: [[A, B], …]",
                                  loc_of(pair, _item_loc(pairs, i, item.loc)))
            for k, name in enumerate(pair):
                self.figure_name(name, loc_of(name, _item_loc(pair, k, item.loc)))
            contacts.append((str(pair[0]), str(pair[1])))
        notes = _texts(item.get("notes"), "a note", item.value_loc("notes"))
        text = _text(item["text"], "'text'", item.value_loc("text"))
        return StepDecl(step_id, text, _seed_file(item["source"], item.value_loc("source"))
                        if "source" in item else source, notes, start, actions, checks, tuple(contacts),
                        item.loc, restored=str(item.get("restored", "")))

    def figure_name(self, name: Any, loc: Location | None, groups: bool = False) -> str:
        known = dict(self.figures_known)
        if groups:
            known.update(self.groups_known)
        if str(name) not in known:
            raise ScriptError(f"unknown {'figure or group' if groups else 'figure'} '{name}'", loc,
                              suggest(str(name), known))
        return str(name)

    def actions(self, node: Any, step: MDict) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        node = _require(node, MDict, "'do'", step.key_loc("do"))
        out = []
        for actor, items in node.items():
            self.figure_name(actor, node.key_loc(actor), groups=True)
            if not isinstance(items, list):
                items = MList([items])
                items.loc = node.key_loc(actor)
            out.append((str(actor), tuple(self.action(a, node.key_loc(actor)) for a in items)))
        return tuple(out)

    def action(self, item: Any, default_loc: Location | None) -> Action:
        loc = loc_of(item, default_loc)
        if isinstance(item, str):
            name, arg, mods = item.strip(), None, {}
            if " " in name:
                raise ScriptError(f"'{item}': write a verb with an argument as a mapping, e.g. "
                                  f"'{{{name.split()[0]}: {name.split(maxsplit=1)[1]}}}'", loc)
        elif isinstance(item, MDict) and item:
            keys = list(item)
            name, arg = str(keys[0]), item[keys[0]]
            mods = {str(k): item[k] for k in keys[1:]}
        else:
            raise ScriptError("an action is a verb (揖) or a mapping ({適: 司射位})", loc)
        if name not in self.verbs:
            raise ScriptError(f"unknown verb '{name}'", loc, suggest(name, self.verbs))
        spec = self.verbs[name]
        if spec.arg_required and arg is None:
            raise ScriptError(f"'{name}' needs an argument: {spec.args}", loc)
        if spec.arg_type is not None and not spec.arg_type.accepts(arg):
            raise ScriptError(f"'{name}' takes {spec.arg_type.expected}, not {describe(arg)}", loc_of(arg, loc))
        for key in mods:
            if key not in spec.modifiers:
                allowed = ", ".join(spec.modifiers) or "none"
                raise ScriptError(f"'{name}' takes no modifier '{key}' (it takes: {allowed})",
                                  item.key_loc(key), suggest(key, spec.modifiers) if spec.modifiers else None)
            value_type = MODIFIER_VALUES.get(key)
            if value_type is not None and not value_type.accepts(mods[key]):
                raise ScriptError(f"'{key}' takes {value_type.expected}, not {describe(mods[key])}",
                                  loc_of(mods[key], item.key_loc(key)))
        return Action(name, arg, mods, loc)

    def checks(self, node: Any, step_id: str, step: MDict) -> tuple[Assertion, ...]:
        node = _require(node, MList, "'check'", step.key_loc("check"))
        out = []
        for i, item in enumerate(node):
            item = _require(item, MDict, "a check", _item_loc(node, i, node.loc))
            if len(item) < 1:
                raise ScriptError("an empty check", item.loc)
            kind = str(next(iter(item)))
            if kind not in ASSERTION_KINDS:
                raise ScriptError(f"unknown check '{kind}'", item.key_loc(kind), suggest(kind, ASSERTION_KINDS))
            out.append(Assertion(kind, self.assertion_args(kind, item, item.key_loc(kind)), step_id,
                                 item.key_loc(kind)))
        return tuple(out)

    def assertion_args(self, kind: str, item: MDict, loc: Location | None) -> Mapping[str, Any]:
        value = item[kind]
        extra = {str(k): v for k, v in item.items() if k != kind}
        if not isinstance(value, list) or len(value) != 2:
            raise ScriptError(f"'{kind}' takes two names: [{'A, B' if kind in _PAIR_CHECKS else 'A, X'}]", loc)
        a = self.figure_name(value[0], loc_of(value[0], loc))
        if kind in _PAIR_CHECKS:
            b = self.figure_name(value[1], loc_of(value[1], loc))
            args: dict[str, Any] = {"figures": (a, b)}
            if kind == "passes_left":
                args["max_separation"] = _number(extra.get("max_separation", 8.0), "'max_separation' (尺)",
                                                 item.value_loc("max_separation"), 0, 1000)
            elif kind == "abreast":
                left = extra.get("left", a)
                args["left"] = self.figure_name(left, loc_of(left, item.value_loc("left")))
            elif kind == "before":
                args["what"] = _text(extra.get("what", "arrive"), "'what'", item.value_loc("what"))
                gap = extra.get("gap")
                if gap is not None and not (isinstance(gap, int) and not isinstance(gap, bool) and 0 <= gap <= 10_000):
                    raise ScriptError(f"'gap' must be a whole number of steps (0 to 10000), not {describe(gap)}",
                                      item.value_loc("gap"))
                args["gap"] = None if gap is None else int(gap)
            return args
        if kind == "faces":
            return {"figure": a, "facing": parse_facing(value[1], loc_of(value[1], loc))}
        args = {"figure": a, "target": _name(value[1], f"the place of '{kind}'", loc_of(value[1], loc))}
        if kind == "around":
            args["turn"] = _text(extra.get("turn", "ccw"), "'turn'", item.value_loc("turn"))
        return args

    # -- readings --------------------------------------------------------------------------------
    def readings(self, node: Any, source: str, step_ids: list[str]) -> tuple[ReadingDecl, ...]:
        if node is None:
            return ()
        node = _require(node, MDict, "'readings'", getattr(self, "readings_loc", None))
        out = []
        for name, decl in node.items():
            decl = _require(decl, MDict, f"reading '{name}'", node.key_loc(name))
            _fail_unknown_keys(decl, READING_KEYS, f"reading '{name}'")
            changes = self.change_set(decl, f"reading '{name}'", source, step_ids)
            out.append(ReadingDecl(str(name), _text(decl.get("title", name), "'title'", decl.value_loc("title")),
                                   _text(decl.get("source", ""), "'source'", decl.value_loc("source")),
                                   tuple(changes), node.key_loc(name)))
        return tuple(out)

    def change_set(self, decl: MDict, owner: str, source: str, step_ids: list[str]) -> tuple[StepChange, ...]:
        """A reading's (or an option's) ``changes:``: per step, its actors' new actions, checks, text, notes,
        its removal or the steps inserted after it, each with the ``why`` that justifies it."""
        changes = []
        block = _require(decl.get("changes") or MDict(), MDict, "'changes'", decl.value_loc("changes"))
        for step_id, change in block.items():
            change_loc = block.key_loc(step_id)
            if str(step_id) not in step_ids:
                raise ScriptError(f"{owner} changes unknown step '{step_id}'", change_loc,
                                  suggest(str(step_id), step_ids))
            change = _require(change, MDict, f"the change of step '{step_id}'", change_loc)
            _fail_unknown_keys(change, CHANGE_KEYS, f"the change of step '{step_id}'")
            if "why" not in change:
                raise ScriptError(f"{owner} changes step '{step_id}' without 'why' (quote the "
                                  "commentary that justifies it)", change_loc)
            added = _require(change.get("insert_after") or MList(), list, "'insert_after' (a list of steps)",
                             change.value_loc("insert_after"))
            inserted = tuple(self.repeat_decl(s, list(step_ids)) if isinstance(s, MDict) and "repeat" in s
                             else self.step(s, source, 0, _item_loc(added, i, change_loc))
                             for i, s in enumerate(added))
            remove = change.get("remove", False)
            if not isinstance(remove, bool):
                raise ScriptError(f"'remove' must be true or false, not {describe(remove)}",
                                  change.value_loc("remove"))
            changes.append(StepChange(
                str(step_id), _text(change["why"], "'why'", change.value_loc("why")),
                self.actions(change["do"], change) if "do" in change else (),
                self.checks(change["check"], str(step_id), change) if "check" in change else None,
                _text(change["text"], "'text'", change.value_loc("text")) if "text" in change else None,
                _texts(change["notes"], "a note", change.value_loc("notes")) if "notes" in change else None,
                remove, tuple(inserted), change_loc))
        return tuple(changes)


_PAIR_CHECKS = ("passes_left", "abreast", "before")


def _prefix_of(part: Script) -> str:
    return (part.passage.replace(".", "") or Path(part.path).stem) + "."


def _option_casts(parts: list[Script], figures: Mapping[str, FigureDecl]) -> tuple[dict, dict, dict]:
    """The figures and groups each option adds across a sequence of passages, as the script's own are joined:
    a figure starts where the first passage naming him puts him and takes the 位 a later passage gives him
    from its first step on (``option_stations``: option → ((step id, figure, 位), …))."""
    added: dict[str, dict[str, FigureDecl]] = {}
    groups: dict[str, dict[str, tuple[str, ...]]] = {}
    stations: dict[str, tuple[tuple[str, str, str], ...]] = {}
    first_named = {name: next(p for p in parts if name in p.figures) for name in figures}
    for part in parts:
        first = _prefix_of(part) + part.steps[0].id if part.steps else None
        for option, decls in part.option_figures.items():
            known = added.setdefault(option, {})
            for name, decl in decls.items():
                if name in part.figures:  # the passage's own, placed elsewhere by the option when it begins:
                    if first_named[name] is part:  # in a sequence he starts where the first passage puts him
                        known[name] = decl
                    continue
                if name in figures:
                    raise ScriptError(f"option '{option}' adds figure '{name}', whom another passage of the "
                                      "sequence has as its own", decl.loc)
                if name in known and known[name].position != decl.position and first is not None:
                    stations[option] = stations.get(option, ()) + ((first, name, decl.position),)
                known.setdefault(name, decl)
        for option, table in part.option_groups.items():
            known_groups = groups.setdefault(option, {})
            for name, members in table.items():
                if known_groups.setdefault(name, members) != members:
                    raise ScriptError(f"group '{name}' of option '{option}' has different members in {part.path}",
                                      None)
    return added, groups, stations


def _prefixed(step: StepDecl, prefix: str, part: Script | None = None) -> StepDecl:
    """``step`` of an included passage: ids prefixed, and (with ``part``) the passage it comes from,
    unless a nested sequence already named it."""
    start = (step.start[0], prefix + step.start[1]) if step.start else None
    checks = tuple(Assertion(a.kind, a.args, prefix + a.step, a.loc) for a in step.checks)
    step = replace(step, id=prefix + step.id, start=start, checks=checks)
    if part is not None and not step.passage:
        step = replace(step, passage=part.passage, passage_title=part.title, passage_heading=part.heading)
    return step


def _prefixed_change(change: StepChange, prefix: str) -> StepChange:
    checks = None if change.checks is None else tuple(Assertion(a.kind, a.args, prefix + a.step, a.loc)
                                                     for a in change.checks)
    return StepChange(prefix + change.step, change.why, change.actions, checks, change.text, change.notes,
                      change.remove, tuple(s.prefixed(prefix) if isinstance(s, RepeatDecl) else _prefixed(s, prefix)
                                           for s in change.insert_after), change.loc)


