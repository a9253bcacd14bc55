"""Read a venue file (YAML) into a :class:`stage.model.Venue`.

The format, for a scholar reading it (see assets/venues/_common.yaml for the full example)::

    venue: xie                       # key; title, description, source/choice as for a landmark
    extends: _common.yaml            # optional base file; its params, options, landmarks are inherited
    options:  {NAME: {value: TEXT, source: 「…」〔nnn〕}}
    params:   {NAME: {value: NUMBER-OR-EXPRESSION, source: … | choice: …}}
    aliases:  {階: {value: 西階, source: 「當階，北面揖」〔000〕}}   # a bare word for one landmark
    landmarks:
      中: {x: 西序.x, y: 楅.y, facing: 東面, source: 「…南當[楅]，西當西序，東面」〔000〕}

A landmark's ``kind`` (KINDS below), never its name, decides what it is to the planner and the plan:
each ``pillar``, ``wall`` (a line), ``room`` (solid), ``target`` and ``screen`` (lines) is an obstacle,
the ``platform``'s edge is one except at the tops of the ``stair``s, the ``platform`` and each
``court`` and ``stair`` are floors. How the plan draws it: ``label`` (priority 3 always shown, 2 if
room, 1 zoomed in; default 1), ``label_option`` (show that option's value: 中 → 鹿中), ``strip_label``
(the word in the 侯道 strip), ``icon`` (half-size in 尺 of an object without extent), ``parts`` (a
target's nested widths, outermost first: [上個, 躬, 侯中]). ``state``: a ``cord``'s state when the rite
begins (張 tied or 解 loosed; a passage may change it).

An entry in the venue file replaces the base's entry of the same name as a whole; ``NAME: ~`` removes
the base's entry (the 大射's court has three 侯 instead of the 鄉射's one). Coordinates are
numbers or expressions (stage.expressions) over parameters and other landmarks' ``.x``/``.y``; the
loader resolves them in dependency order, so every derived position is written once. Errors are
StageErrors located in the file where the faulty entry is written.
"""

from __future__ import annotations

import math
from importlib import resources
from pathlib import Path
from typing import Any

from stage import expressions as ex
from stage.errors import Location, StageError, YiliError, suggest
from stage.geometry import build_landmark_geometry, build_obstacles, build_walkable
from stage.marked_yaml import MDict, MList, MStr, load, loc_of
from stage.model import Landmark, Param, Provenance, Venue
from stage.vocabulary import CORD_STATES, FACINGS

TOP_KEYS = ("venue", "title", "description", "extends", "source", "choice", "options", "params", "landmarks",
            "aliases")
LANDMARK_KEYS = ("kind", "x", "y", "facing", "top", "steps", "rank_bearing", "rank_spacing", "rank_room",
                 "rank_bend", "rank_bend_facing",
                 "line", "box", "radius", "cross", "source", "choice", "note", *("label", "label_option",
                 "strip_label", "icon", "parts", "part_names"), "state", "other_senses")
ALIAS_KEYS = ("value", "source", "choice", "note")
PARAM_KEYS = ("value", "source", "choice", "note")
OPTION_KEYS = ("value", "source", "choice", "note")
# platform: the raised floor (its edge a barrier except at the 階); court: the ground; room: a closed
# room, solid; chamber: a room open to the platform (drawn as a room, walked in); region: an area only;
# tent: a screened place (the 次 of the 大射): whoever stands inside is hidden (choreo/screening.py); cord: a
# 侯's 綱, a line with a state (張 tied, 解 loosed) that 解綱 changes.
KINDS = ("point", "line", "stair", "pillar", "wall", "region", "station", "object", "seat", "rank",
         "mark", "target", "screen", "platform", "court", "room", "chamber", "tent", "cord")
FACING_WORDS = FACINGS  # a landmark faces a compass way (stage.vocabulary)
# The planner reads these by name (task brief); a venue without them is incomplete.
REQUIRED_PARAMS = ("pace", "stair_step_time", "turn_rate", "body_radius", "small_move", "relation_offset",
                   "approach", "abreast_spacing", "rank_spacing", "dur.揖", "dur.拜", "dur.坐", "dur.興",
                   "dur.射", "dur.取", "dur.授", "dur.受", "dur.命", "dur.俟", "dur.袒", "dur.釋獲", "dur.獲",
                   "turn.literal_left", "stagger", "pass_spacing", "meeting_tolerance", "meeting_passes",
                   "brush_margin", "aside", "abreast_tolerance", "file_clearance", "file_wait_step",
                   "file_wait_tries", "small_move_least", "small_pace", "stair_foot_margin", "stair_cross_treads",
                   "beside_margin", "beside_step_in", "beside_step_out", "beside_tries_out")


# choice: the planning numbers the planner divides by or walks with, kept where it can use them
# (a pace of 0 never arrives, a turn rate of 1e-300 never ends, a radius of 1e9 fills the court).
PARAM_RANGES = {"pace": (0.1, 50.0), "stair_step_time": (0.05, 60.0), "turn_rate": (1.0, 3600.0),
                "body_radius": (0.1, 10.0), "small_move": (0.1, 60.0), "relation_offset": (0.0, 100.0),
                "approach": (0.0, 100.0), "abreast_spacing": (0.0, 100.0), "rank_spacing": (0.0, 100.0),
                "pass_spacing": (0.0, 100.0), "shot.draw": (0.0, 60.0), "arrow.speed": (1.0, 10_000.0),
                "music.period": (0.1, 600.0), "stair_cross_treads": (0.0, 20.0)}
DURATION_RANGE = (0.0, 3600.0)  # dur.*: seconds


def param_problem(name: str, value: float) -> str | None:
    """Why a planning parameter's value cannot be used, or None."""
    low, high = PARAM_RANGES.get(name, DURATION_RANGE if name.startswith("dur.") else
                                 (-ex.MAX_MAGNITUDE, ex.MAX_MAGNITUDE))
    if not math.isfinite(value) or not low <= value <= high:
        return f"must lie between {low:g} and {high:g}, not {value:g}"
    return None


def venues_dir() -> Path:
    """``<checkout>/assets/venues`` or, installed, ``choreo/_assets/venues`` (mirrors choreo.paths)."""
    checkout = Path(__file__).resolve().parent.parent / "assets" / "venues"
    if checkout.is_dir():
        return checkout
    return Path(str(resources.files("choreo") / "_assets" / "venues"))


def list_venues() -> list[str]:
    """Keys of the bundled venues (base files, named ``_*.yaml``, are not venues)."""
    return sorted(p.stem for p in venues_dir().glob("*.yaml") if not p.name.startswith("_"))


def venues_for_seed(seed: str | None) -> list[str]:
    """The bundled venues where the rite of this seed ('003' or its file name) is performed (a venue's
    ``seeds`` option; one without it, and a script without a seed, take every venue)."""
    keys = list_venues()
    if not seed:
        return keys
    seed = Path(seed).name[:3]
    return [k for k in keys if seed in load_venue(k).options.get("seeds", seed).split()]


def venue_path(key_or_path: str | Path) -> Path:
    text = str(key_or_path)
    if "/" in text or "\\" in text or text.endswith((".yaml", ".yml")):
        return Path(text)
    path = venues_dir() / f"{text}.yaml"
    if not path.is_file():
        raise StageError(f"unknown venue '{text}' (bundled: {', '.join(list_venues())})", None,
                         suggest(text, list_venues()))
    return path


def load_venue(key_or_path: str | Path) -> Venue:
    """Load a bundled venue by key ('xie', 'xiang') or a venue file by path."""
    path = venue_path(key_or_path)
    top, sections = _read_with_bases(path, [])
    key = _required_str(top, "venue", "the venue file")
    params = _load_params(sections["params"])
    for name in REQUIRED_PARAMS:
        if name not in params:
            raise StageError(f"venue {key} lacks the parameter '{name}' (the planner needs it)",
                             top.key_loc("params") if "params" in top else top.loc)
    options = {name: str(_required(entry, "value", f"option '{name}'")) for name, entry in
               sections["options"].items()}
    for name, entry in sections["options"].items():
        _check_keys(entry, OPTION_KEYS, f"option '{name}'")
    landmarks = _load_landmarks(sections["landmarks"], params)
    aliases = _load_aliases(sections["aliases"], landmarks)
    param_values = {n: p.value for n, p in params.items()}
    return Venue(
        key=str(key), title=str(top.get("title", key)), description=str(top.get("description", "")),
        path=str(path), landmarks=landmarks,
        obstacles=build_obstacles(landmarks, param_values),
        walkable=build_walkable(landmarks, param_values),
        params=params, options=options, provenance=_provenance(top, f"venue {key}", required=False),
        aliases=aliases,
        option_sources={name: str(entry["source"]) for name, entry in sections["options"].items()
                        if "source" in entry and "choice" not in entry},
    )


# --- reading files --------------------------------------------------------------------------------

def _read_with_bases(path: Path, chain: list[Path], where: Location | None = None
                     ) -> tuple[MDict, dict[str, dict[str, MDict]]]:
    """The file's top mapping and its sections merged over those of the files it extends
    (``where``: the ``extends`` that named this file)."""
    resolved = path.resolve()
    if resolved in chain:
        names = " → ".join(p.name for p in [*chain, resolved])
        raise StageError(f"venue files extend each other in a cycle: {names}", where)
    try:
        top = load(path)
    except StageError:
        raise
    except YiliError as exc:
        raise StageError(exc.message, exc.location, exc.suggestion) from None
    if not isinstance(top, MDict):
        raise StageError("a venue file must be a mapping (venue:, params:, landmarks: …)",
                         loc_of(top, Location(str(path), 1, 1)))
    _check_keys(top, TOP_KEYS, "the venue file")
    sections: dict[str, dict[str, MDict]] = {"options": {}, "params": {}, "landmarks": {}, "aliases": {}}
    if "extends" in top:
        base_name = top["extends"]
        if not isinstance(base_name, str):
            raise StageError("bad value for extends: expected a file name", top.value_loc("extends"))
        base_path = (path.parent / base_name).resolve()
        if not any(base_path.is_relative_to(root) for root in (path.parent.resolve(), venues_dir().resolve())):
            # choice: as a script's include, so that an error cannot show a line of a file elsewhere
            raise StageError(f"extends '{base_name}', outside the venue file's folder and the bundled venues",
                             top.value_loc("extends"))
        if not base_path.is_file():
            raise StageError(f"extends a file that does not exist: {base_name}", top.value_loc("extends"),
                             suggest(base_name, [p.name for p in path.parent.glob("*.yaml")]))
        _, sections = _read_with_bases(base_path, [*chain, resolved], top.value_loc("extends"))
    for section in sections:
        if section not in top or top[section] is None:
            continue
        block = top[section]
        if not isinstance(block, MDict):
            raise StageError(f"'{section}' must be a mapping of names to entries", top.value_loc(section))
        for name, entry in block.items():
            if entry is None:  # `NAME: ~` — this venue has no such entry, though its base does
                if str(name) not in sections[section]:
                    raise StageError(f"{section[:-1]} '{name}' is removed (~), but no base file has it",
                                     block.key_loc(name), suggest(str(name), sections[section]))
                del sections[section][str(name)]
                continue
            if not isinstance(entry, MDict):
                raise StageError(f"{section[:-1]} '{name}' must be a mapping (x:, y:, source: …)",
                                 block.value_loc(name))
            entry.name_loc = block.key_loc(name)
            sections[section][str(name)] = entry
    return top, sections


def _check_keys(entry: MDict, allowed: tuple[str, ...], what: str) -> None:
    for key in entry:
        if key not in allowed:
            raise StageError(f"unknown field '{key}' in {what}", entry.key_loc(key), suggest(str(key), allowed))


def _required(entry: MDict, key: str, what: str) -> Any:
    if key not in entry or entry[key] is None:
        raise StageError(f"{what} has no '{key}'", getattr(entry, "name_loc", entry.loc))
    return entry[key]


def _required_str(entry: MDict, key: str, what: str) -> str:
    value = _required(entry, key, what)
    if not isinstance(value, str):
        raise StageError(f"bad value for {key}: expected a name", entry.value_loc(key))
    return value


def _provenance(entry: MDict, what: str, *, required: bool = True) -> Provenance:
    source, choice = entry.get("source"), entry.get("choice")
    for key, value in (("source", source), ("choice", choice)):
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise StageError(f"bad value for {what}.{key}: expected text", entry.value_loc(key))
    if required and source is None and choice is None:
        raise StageError(f"{what} has neither 'source' nor 'choice' (quote the text, or say why this number)",
                         getattr(entry, "name_loc", entry.loc))
    return Provenance(source=str(source).strip() if source else None, choice=str(choice).strip() if choice else None)


def _expr(entry: MDict, key: str, what: str, value: Any = None, loc: Location | None = None) -> ex.Expr:
    value = entry[key] if value is None else value
    loc = loc or entry.value_loc(key)
    return ex.parse(value, loc, what, quoted=isinstance(value, MStr) and _is_quoted(value))


def _is_quoted(value: MStr) -> bool:
    """Whether the scalar was written in quotes, so columns inside it shift by one."""
    try:
        line = Path(value.loc.path).read_text(encoding="utf-8").splitlines()[value.loc.line - 1]
    except (OSError, IndexError):
        return False
    return line[value.loc.col - 1: value.loc.col] in ("'", '"')


# --- params ---------------------------------------------------------------------------------------

def _load_params(entries: dict[str, MDict]) -> dict[str, Param]:
    parsed: dict[str, ex.Expr] = {}
    for name, entry in entries.items():
        _check_keys(entry, PARAM_KEYS, f"parameter '{name}'")
        _required(entry, "value", f"parameter '{name}'")
        parsed[name] = _expr(entry, "value", f"parameter '{name}'")
    scope = ex.Scope({n: 0.0 for n in entries}, {}, {})
    deps = {name: ex.references(expr, scope, f"parameter '{name}'")[1] for name, expr in parsed.items()}
    values: dict[str, float] = {}
    for name in _topological(deps, {n: getattr(e, "name_loc", e.loc) for n, e in entries.items()}, "parameters"):
        values[name] = ex.evaluate(parsed[name], ex.Scope(values, {}, {}), f"parameter '{name}'")
        problem = param_problem(name, values[name])
        if problem:
            raise StageError(f"bad value for parameter '{name}': {problem}", entries[name].value_loc("value"))
    return {name: Param(name, values[name], _provenance(entries[name], f"parameter '{name}'"),
                        getattr(entries[name], "name_loc", None)) for name in entries}


def _topological(deps: dict[str, set[str]], locs: dict[str, Location], what: str) -> list[str]:
    """Names in an order where each comes after what it depends on; a cycle is named in full."""
    order: list[str] = []
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    for start in deps:
        if state.get(start):
            continue
        stack: list[tuple[str, list[str]]] = [(start, sorted(deps[start], key=list(deps).index))]
        path = [start]
        state[start] = 1
        while stack:
            node, todo = stack[-1]
            if not todo:
                stack.pop()
                path.pop()
                state[node] = 2
                order.append(node)
                continue
            nxt = todo.pop(0)
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                raise StageError(f"cycle of relations among {what}: {' → '.join(cycle)}", locs.get(nxt))
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, sorted(deps[nxt], key=list(deps).index)))
    return order


# --- landmarks ------------------------------------------------------------------------------------

def _facing_expr(entry: MDict, what: str, key: str = "facing") -> ex.Expr | None:
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, str) and value.strip() in FACING_WORDS:
        return ex.parse(FACING_WORDS[value.strip()], entry.value_loc(key), what)
    if isinstance(value, str) and not any(c in value for c in ".0123456789+-*/()"):
        raise StageError(f"bad value for {what}: unknown facing '{value}'", entry.value_loc(key),
                         suggest(value.strip(), FACING_WORDS))
    return _expr(entry, key, what)


def _pair(entry: MDict, key: str, what: str) -> list[ex.Expr]:
    value = entry[key]
    if not isinstance(value, MList) or len(value) != 2:
        raise StageError(f"bad value for {what}: expected [x, y]", entry.value_loc(key))
    return [ex.parse(v, loc_of(v, value.loc), f"{what}[{i}]", quoted=isinstance(v, MStr) and _is_quoted(v))
            for i, v in enumerate(value)]


def _point_exprs(name: str, entry: MDict) -> dict[str, Any]:
    """The expressions that fix where the landmark is (as opposed to its drawn extent)."""
    out: dict[str, Any] = {}
    for key in ("x", "y"):
        _required(entry, key, f"landmark '{name}'")
        out[key] = _expr(entry, key, f"{name}.{key}")
    facing = _facing_expr(entry, f"{name}.facing")
    if facing is not None:
        out["facing"] = facing
    for key in ("steps", "rank_bearing", "rank_spacing", "rank_room", "rank_bend"):
        if entry.get(key) is not None:
            out[key] = _expr(entry, key, f"{name}.{key}")
    bend_facing = _facing_expr(entry, f"{name}.rank_bend_facing", "rank_bend_facing")
    if bend_facing is not None:
        out["rank_bend_facing"] = bend_facing
    return out


def _load_landmarks(entries: dict[str, MDict], params: dict[str, Param]) -> dict[str, Landmark]:
    param_values = {n: p.value for n, p in params.items()}
    parsed: dict[str, dict[str, Any]] = {}
    deps: dict[str, set[str]] = {}
    check_scope = ex.Scope(param_values, {}, entries)
    for name, entry in entries.items():
        what = f"landmark '{name}'"
        _check_keys(entry, LANDMARK_KEYS, what)
        kind = entry.get("kind", "point")
        if kind not in KINDS:
            raise StageError(f"bad value for {name}.kind: unknown kind '{kind}'", entry.value_loc("kind"),
                             suggest(str(kind), KINDS))
        _provenance(entry, what)
        parsed[name] = _point_exprs(name, entry)
        deps[name] = set()
        for key, expr in parsed[name].items():
            for e in (expr if isinstance(expr, list) else [expr]):
                deps[name] |= ex.references(e, check_scope, f"{name}.{key}")[0]
        _check_kind_fields(name, entry, str(kind))
    locs = {n: getattr(e, "name_loc", e.loc) for n, e in entries.items()}
    points: dict[str, tuple[float, float]] = {}
    values: dict[str, dict[str, Any]] = {}
    for name in _topological(deps, locs, "landmarks"):
        scope = ex.Scope(param_values, points, entries)
        got: dict[str, Any] = {}
        for key, expr in parsed[name].items():
            if isinstance(expr, list):
                got[key] = tuple(ex.evaluate(e, scope, f"{name}.{key}") for e in expr)
            else:
                got[key] = ex.evaluate(expr, scope, f"{name}.{key}")
        points[name] = (got["x"], got["y"])
        values[name] = got
    scope = ex.Scope(param_values, points, entries)
    out: dict[str, Landmark] = {}
    for name, entry in entries.items():
        got = values[name]
        steps = got.get("steps")
        if steps is not None and (steps != int(steps) or not 1 <= steps <= 100):
            raise StageError(f"bad value for {name}.steps: a 階 has a whole number of 等 (1 to 100), got {steps:g}",
                             entry.value_loc("steps"))
        facing = got.get("facing")
        top = None
        if entry.get("top") is not None:  # may use the 階's own x, y: evaluated once points are known
            top = tuple(_checked_eval(e, scope, f"{name}.top") for e in _pair(entry, "top", f"{name}.top"))
        out[name] = Landmark(
            name=name, x=got["x"], y=got["y"], kind=str(entry.get("kind", "point")),
            facing=None if facing is None else facing % 360.0,
            provenance=_provenance(entry, f"landmark '{name}'"),
            geometry=_geometry(name, entry, scope),
            steps=None if steps is None else int(steps), top=top,
            rank_bearing=got.get("rank_bearing"), rank_spacing=got.get("rank_spacing"), **_bend(name, entry, got),
            loc=locs[name], state=_state(name, entry), **_drawing_fields(name, entry, scope),
            other_senses=_other_senses(name, entry),
        )
    return out


def _load_aliases(entries: dict[str, MDict], landmarks: dict[str, Landmark]) -> dict[str, str]:
    """``aliases: {階: {value: 西階, source: …}}``: a bare word of the text standing for one landmark."""
    out = {}
    for name, entry in entries.items():
        what = f"alias '{name}'"
        _check_keys(entry, ALIAS_KEYS, what)
        target = str(_required(entry, "value", what))
        _provenance(entry, what)
        if target not in landmarks:
            raise StageError(f"{what} names an unknown landmark '{target}'", entry.value_loc("value"),
                             suggest(target, landmarks))
        out[name] = target
    return out


def _drawing_fields(name: str, entry: MDict, scope: ex.Scope) -> dict[str, Any]:
    """The fields that say how the plan draws a landmark (label priority, label text, icon, parts and their names)."""
    out: dict[str, Any] = {}
    label = entry.get("label")
    if label is not None:
        if label not in (1, 2, 3) or isinstance(label, bool):
            raise StageError(f"bad value for {name}.label: a priority 1, 2 or 3, got {label!r}",
                             entry.value_loc("label"))
        out["label_priority"] = int(label)
    for key in ("label_option", "strip_label"):
        if entry.get(key) is not None:
            if not isinstance(entry[key], str):
                raise StageError(f"bad value for {name}.{key}: expected a word", entry.value_loc(key))
            out[key] = str(entry[key])
    if entry.get("icon") is not None:
        out["icon"] = _value(entry, "icon", f"{name}.icon", scope)
    parts = entry.get("parts")
    if parts is not None:
        if not isinstance(parts, MList) or not parts:
            raise StageError(f"bad value for {name}.parts: expected a list of widths, outermost first",
                             entry.value_loc("parts"))
        out["parts"] = tuple(_item(parts, i, f"{name}.parts", scope) for i in range(len(parts)))
        # a part written as a parameter's name is called by it in the plan's key (上個, 躬, 侯中) ...
        out["part_names"] = tuple(str(p) if isinstance(p, str) and str(p) in scope.param_names else ""
                                  for p in parts)
    names = entry.get("part_names")
    if names is not None:  # ... or by the words part_names gives (a width written as an expression)
        if parts is None:
            raise StageError(f"{name}.part_names without parts: name the widths parts gives",
                             entry.key_loc("part_names"))
        if not isinstance(names, MList) or len(names) != len(parts) or \
                not all(isinstance(n, str) and n.strip() for n in names):
            raise StageError(f"bad value for {name}.part_names: expected a word for each of its {len(parts)} "
                             "parts, outermost first", entry.value_loc("part_names"))
        out["part_names"] = tuple(str(n) for n in names)
    return out


def _other_senses(name: str, entry: MDict) -> tuple[str, ...]:
    """``other_senses: {中等: 「…中等」〔000〕 …}``: words containing the name that do not mean the landmark,
    each with the passage that shows the word's sense."""
    value = entry.get("other_senses")
    if value is None:
        return ()
    if not isinstance(value, MDict) or not value:
        raise StageError(f"bad value for {name}.other_senses: expected words, each with the passage showing its sense",
                         entry.value_loc("other_senses"))
    for word, why in value.items():
        if name not in str(word):
            raise StageError(f"bad word in {name}.other_senses: '{word}' does not contain '{name}'",
                             value.key_loc(word))
        if not isinstance(why, str) or not why.strip():
            raise StageError(f"bad value for {name}.other_senses.{word}: expected the passage showing its sense",
                             value.value_loc(word))
    return tuple(str(w) for w in value)


def _bend(name: str, entry: MDict, got: dict[str, Any]) -> dict[str, Any]:
    """A rank that holds only so many (``rank_room`` 尺 along its bearing) and goes on in a file the other
    way (``rank_bend``, facing ``rank_bend_facing``): all three or none."""
    keys = ("rank_room", "rank_bend", "rank_bend_facing")
    given = [k for k in keys if entry.get(k) is not None]
    if not given:
        return {}
    if entry.get("kind") != "rank" or len(given) != len(keys):
        missing = [k for k in keys if k not in given]
        why = "only a rank bends" if entry.get("kind") != "rank" else f"it has no '{missing[0]}'"
        raise StageError(f"landmark '{name}' bends ({', '.join(given)}), but {why}", entry.key_loc(given[0]))
    if got["rank_room"] < 0:
        raise StageError(f"bad value for {name}.rank_room: the room along the rank is at least 0 尺, got "
                         f"{got['rank_room']:g}", entry.value_loc("rank_room"))
    return {"rank_room": got["rank_room"], "rank_bend": got["rank_bend"] % 360.0,
            "rank_bend_facing": got["rank_bend_facing"] % 360.0}


def _check_kind_fields(name: str, entry: MDict, kind: str) -> None:
    needs = {"stair": ("steps", "top", "box"), "rank": ("facing", "rank_bearing", "rank_spacing"),
             "line": ("line",), "pillar": ("radius",), "region": ("box",), "mark": ("cross",),
             "cord": ("line", "state"), **{k: ("box",) for k in ("platform", "court", "room", "chamber", "tent")}}
    for key in needs.get(kind, ()):
        if entry.get(key) is None:
            raise StageError(f"landmark '{name}' of kind '{kind}' has no '{key}'",
                             getattr(entry, "name_loc", entry.loc))


def _state(name: str, entry: MDict) -> str | None:
    """The state a ``cord`` starts in (張 tied, 解 loosed); other kinds have none."""
    value = entry.get("state")
    if value is None:
        return None
    if entry.get("kind") != "cord":
        raise StageError(f"landmark '{name}' has a state, but only a cord has one", entry.key_loc("state"))
    if str(value) not in CORD_STATES:
        raise StageError(f"bad value for {name}.state: a cord is {' or '.join(CORD_STATES)}, not '{value}'",
                         entry.value_loc("state"), suggest(str(value), CORD_STATES))
    return str(value)


def _geometry(name: str, entry: MDict, scope: ex.Scope):
    """The drawn extent (line, box, circle, cross), evaluated once every point is known."""
    spec: dict[str, Any] = {}
    for key in ("line", "box", "radius", "cross"):
        value = entry.get(key)
        if value is None:
            continue
        what = f"{name}.{key}"
        if key == "radius":
            spec[key] = _value(entry, key, what, scope)
        elif key == "line":
            if not isinstance(value, MList) or len(value) < 2:
                raise StageError(f"bad value for {what}: expected a list of [x, y] points", entry.value_loc(key))
            spec[key] = [tuple(_item(p, i, what, scope) for i in range(2)) if isinstance(p, MList) and len(p) == 2
                         else _bad(what, "each point is [x, y]", loc_of(p, value.loc)) for p in value]
        else:
            size = 4 if key == "box" else 2
            if not isinstance(value, MList) or len(value) != size:
                form = "[x0, y0, x1, y1]" if key == "box" else "[length, crossbar]"
                raise StageError(f"bad value for {what}: expected {form}", entry.value_loc(key))
            spec[key] = tuple(_item(value, i, what, scope) for i in range(size))
    if not spec:
        return None
    try:
        return build_landmark_geometry(name, scope.points[ex.nfkc(name)], spec)
    except StageError as exc:
        raise exc.with_location(entry.value_loc(next(iter(spec)))) from None


def _bad(what: str, why: str, loc: Location | None):
    raise StageError(f"bad value for {what}: {why}", loc)


def _item(seq: MList, i: int, what: str, scope: ex.Scope) -> float:
    v = seq[i]
    expr = ex.parse(v, loc_of(v, seq.loc), f"{what}[{i}]", quoted=isinstance(v, MStr) and _is_quoted(v))
    ex.references(expr, scope, f"{what}[{i}]")
    return ex.evaluate(expr, scope, f"{what}[{i}]")


def _value(entry: MDict, key: str, what: str, scope: ex.Scope) -> float:
    return _checked_eval(_expr(entry, key, what), scope, what)


def _checked_eval(expr: ex.Expr, scope: ex.Scope, what: str) -> float:
    ex.references(expr, scope, what)
    return ex.evaluate(expr, scope, what)
