"""YAML that remembers where every value came from.

``yaml.safe_load`` throws positions away; this loader composes the node tree (which keeps
``start_mark``) and builds plain Python values that also carry ``.loc`` (a 1-based
:class:`~stage.errors.Location`). Mappings also know where each key is (``key_loc``), so an error
about a misspelt key points at the key itself.

Values behave exactly like str, int, float, dict and list; booleans and nulls stay plain
(``bool`` cannot be subclassed), ask their container for the position instead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from stage.errors import Location, YiliError


class MStr(str):
    loc: Location


class MInt(int):
    loc: Location


class MFloat(float):
    loc: Location


class MDict(dict):
    """A mapping with ``loc`` (where it starts) and ``key_loc(key)``."""

    loc: Location
    key_locs: dict[str, Location]

    def key_loc(self, key: str) -> Location:
        return self.key_locs.get(key, self.loc)

    def value_loc(self, key: str) -> Location:
        """Where the value of ``key`` stands (its key's place for bools and nulls)."""
        return loc_of(self.get(key), self.key_loc(key))


class MList(list):
    loc: Location


def loc_of(value: Any, default: Location | None = None) -> Location | None:
    """The position of a loaded value, or ``default`` for values that cannot carry one."""
    return getattr(value, "loc", default)


def _loc(path: str, node: yaml.Node) -> Location:
    return Location(path, node.start_mark.line + 1, node.start_mark.column + 1)




def _build(path: str, node: yaml.Node, constructor: yaml.constructor.SafeConstructor) -> Any:
    loc = _loc(path, node)
    if isinstance(node, yaml.MappingNode):
        out = MDict()
        out.loc = loc
        out.key_locs = {}
        constructor.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = _build(path, key_node, constructor)
            if isinstance(key, list | dict):
                raise YiliError("a mapping key must be a plain name", _loc(path, key_node))
            if key in out:
                raise YiliError(f"duplicate key '{key}'", _loc(path, key_node))
            out[key] = _build(path, value_node, constructor)
            out.key_locs[str(key)] = _loc(path, key_node)
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = MList(_build(path, item, constructor) for item in node.value)
        seq.loc = loc
        return seq
    value = constructor.construct_object(node, deep=True)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        out_int = MInt(value)
        out_int.loc = loc
        return out_int
    if isinstance(value, float):
        out_float = MFloat(value)
        out_float.loc = loc
        return out_float
    out_str = MStr(str(value))
    out_str.loc = loc
    return out_str


def load_text(text: str, path: str) -> Any:
    """Parse YAML text; ``path`` names it in positions and errors."""
    try:
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            return _build(path, node, loader)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        raise YiliError(f"not valid YAML: {exc.problem or exc.context}", where) from None


_recorders: list[set[Path]] = []  # the sets of the open recording_reads() blocks


@contextlib.contextmanager
def recording_reads() -> Iterator[set[Path]]:
    """The set of every file :func:`load` reads inside the block (scripts, included scripts,
    venue files and the files they extend): the command line refuses to write over them."""
    seen: set[Path] = set()
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


def note_read(*paths: str | Path) -> None:
    """Count ``paths`` as read by the open :func:`recording_reads` blocks (a cache that skips
    reading them again says so with this)."""
    for seen in _recorders:
        seen.update(Path(p) for p in paths)


def load(path: str | Path) -> Any:
    """Load a YAML file, keeping positions. A missing or unreadable file is a YiliError."""
    name = str(path)
    note_read(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YiliError(f"no such file: {name}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise YiliError(f"cannot read {name}: {exc}") from None
    return load_text(text, name)
