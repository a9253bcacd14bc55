"""YAML that remembers where every value came from, with limits a hostile file cannot get past.

``yaml.safe_load`` throws positions away; this loader reads the parser's events (libyaml's
``CSafeLoader`` where it is installed, the pure-Python one otherwise: both give the same marks) and
builds plain Python values that also carry ``.loc`` (a 1-based :class:`~stage.errors.Location`).
Mappings also know where each key is (``key_loc``), so an error about a misspelt key points at the
key itself.

Values behave exactly like str, int, float, dict and list; booleans and nulls stay plain
(``bool`` cannot be subclassed), ask their container for the position instead.

Building from events (rather than composing a node tree and walking it) keeps the build free of
recursion and lets every limit be reported where it is crossed: nesting depth, the size an alias
expands to (billion laughs), an alias of the collection it stands in, a tag this language does not
know, a scalar its tag cannot read, a file too large to be a script.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from stage.errors import Location, YiliError

# choice: generous bounds for hand-written files (the bundled ones nest 9 deep, hold < 6,000 values
# and 40 KB each), far below what would hurt: a file past them is a mistake or an attack.
MAX_FILE_BYTES = 4 << 20
MAX_DEPTH = 64
MAX_VALUES = 500_000  # values a document expands to, each alias counted at its full size
MAX_CHARS = 20_000_000  # characters of scalars a document expands to, aliases counted in full
MAX_INT_DIGITS = 15  # no quantity here needs more; 2**63 or a 400-digit number is a typing slip

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAML_TAG = "tag:yaml.org,2002:"
SCALAR_TAGS = ("str", "int", "float", "bool", "null")
# Not printable in YAML 1.1 (PyYAML's reader refuses them; libyaml reports a byte offset).
NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
SURROGATE = re.compile("[\ud800-\udfff]")


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
    """A list with ``loc`` (where it starts) and ``item_loc(i)`` (where item i stands, nulls too)."""

    loc: Location
    item_locs: list[Location]

    def item_loc(self, index: int) -> Location | None:
        locs = getattr(self, "item_locs", ())
        return locs[index] if 0 <= index < len(locs) else getattr(self, "loc", None)


def loc_of(value: Any, default: Location | None = None) -> Location | None:
    """The position of a loaded value, or ``default`` for values that cannot carry one."""
    return getattr(value, "loc", default)


@dataclass
class _Open:
    """A collection being built: its value, its anchor, and (for a mapping) the pending key."""

    value: Any
    anchor: str | None
    loc: Location
    size: int = 1
    chars: int = 0
    key: Any = None
    key_loc: Location | None = None
    has_key: bool = False
    merges: list[tuple[Any, Location]] = field(default_factory=list)


class _Builder:
    def __init__(self, path: str, loader: yaml.SafeLoader):
        self.path = path
        self.loader = loader
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # value, expanded size, expanded chars
        self.open_anchors: set[str] = set()
        self.stack: list[_Open] = []
        self.size = 0
        self.chars = 0
        self.resolved: dict[str, str] = {}  # plain scalar text → its implicit tag

    def loc(self, mark) -> Location:
        return Location(self.path, mark.line + 1, mark.column + 1)

    def fail(self, message: str, mark) -> YiliError:
        return YiliError(message, self.loc(mark))

    def build(self) -> Any:
        loader = self.loader
        loader.get_event()  # StreamStart
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()  # DocumentStart
        result: list[Any] = []
        while not loader.check_event(yaml.DocumentEndEvent):
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                self.add(*self.alias(event), event.start_mark, result)
            elif isinstance(event, yaml.ScalarEvent):
                value = self.scalar(event)
                self.add(value, 1, len(value) if isinstance(value, str) else 1, event.start_mark, result)
                self.remember(event.anchor, value, 1, len(value) if isinstance(value, str) else 1)
            elif isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                self.start(event)
            else:  # SequenceEnd, MappingEnd
                self.end(event, result)
        loader.get_event()  # DocumentEnd
        if not loader.check_event(yaml.StreamEndEvent):
            raise self.fail("a script or venue file holds one YAML document (found a second '---')",
                            loader.peek_event().start_mark)
        return result[0] if result else None

    # -- collections -----------------------------------------------------------------------------
    def start(self, event) -> None:
        mapping = isinstance(event, yaml.MappingStartEvent)
        self.check_tag(event.tag, "map" if mapping else "seq", event.start_mark)
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        value = MDict() if mapping else MList()
        value.loc = self.loc(event.start_mark)
        if mapping:
            value.key_locs = {}
        else:
            value.item_locs = []
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        self.stack.append(_Open(value, event.anchor, value.loc))

    def end(self, event, result: list[Any]) -> None:
        done = self.stack.pop()
        if isinstance(done.value, MDict):
            self.merge(done)
        if done.anchor is not None:
            self.open_anchors.discard(done.anchor)
        self.remember(done.anchor, done.value, done.size, done.chars)
        self.add(done.value, done.size, done.chars, event.start_mark, result, counted=True)

    def add(self, value: Any, size: int, chars: int, mark, result: list[Any], counted: bool = False) -> None:
        """Put a finished value into the collection being built (or make it the document)."""
        if not counted:
            self.size += size
            self.chars += chars
            if self.size > MAX_VALUES:
                raise self.fail(f"the document expands to more than {MAX_VALUES:,} values "
                                "(aliases of aliases?)", mark)
            if self.chars > MAX_CHARS:
                raise self.fail(f"the document expands to more than {MAX_CHARS:,} characters "
                                "(a long value used by many aliases?)", mark)
        if not self.stack:
            result.append(value)
            return
        parent = self.stack[-1]
        parent.size += size  # a finished collection's size joins its parent's here
        parent.chars += chars
        if isinstance(parent.value, MList):
            parent.value.append(value)
            parent.value.item_locs.append(loc_of(value) or self.loc(mark))
            return
        if not parent.has_key:
            if isinstance(value, list | dict):
                raise self.fail("a mapping key must be a plain name", mark)
            parent.key, parent.key_loc, parent.has_key = value, loc_of(value, self.loc(mark)), True
            return
        key, key_loc = parent.key, parent.key_loc
        parent.has_key = False
        if isinstance(key, _Merge):
            parent.merges.append((value, key_loc))
            return
        if key in parent.value:
            raise YiliError(f"duplicate key '{key}'", key_loc)
        parent.value[key] = value
        parent.value.key_locs[str(key)] = key_loc

    def merge(self, done: _Open) -> None:
        """``<<: *base`` (or a list of them): the base's keys, unless this mapping gives them itself."""
        for value, loc in done.merges:
            bases = value if isinstance(value, list) else [value]
            for base in bases:
                if not isinstance(base, MDict):
                    raise YiliError("'<<' merges a mapping (or a list of mappings) into this one", loc)
                for key, item in base.items():
                    if key not in done.value:
                        done.value[key] = item
                        done.value.key_locs[str(key)] = base.key_loc(str(key))

    def remember(self, anchor: str | None, value: Any, size: int, chars: int) -> None:
        if anchor is not None:
            self.anchors[anchor] = (value, size, chars)

    def alias(self, event) -> tuple[Any, int, int]:
        if event.anchor in self.open_anchors:
            raise self.fail(f"alias '*{event.anchor}' stands inside the value it names (a recursive alias)",
                            event.start_mark)
        if event.anchor not in self.anchors:
            raise self.fail(f"alias '*{event.anchor}' names no anchor ('&{event.anchor}') above it",
                            event.start_mark)
        return self.anchors[event.anchor]

    # -- scalars ---------------------------------------------------------------------------------
    def check_tag(self, tag: str | None, kind: str, mark) -> None:
        if tag is None or tag == "!" or tag == YAML_TAG + kind:
            return
        allowed = "!!str, !!int, !!float, !!bool, !!null" if kind not in ("map", "seq") else f"!!{kind}"
        raise self.fail(f"unsupported tag '{_short(tag)}' (this file's values take only {allowed})", mark)

    def scalar(self, event) -> Any:
        text = event.value
        mark = event.start_mark
        if SURROGATE.search(text):
            raise self.fail("a lone surrogate (\\ud800–\\udfff) is not a character", mark)
        tag = event.tag
        if tag not in (None, "!"):
            if not tag.startswith(YAML_TAG) or tag[len(YAML_TAG):] not in SCALAR_TAGS:
                self.check_tag(tag, "scalar", mark)
        elif event.style or tag == "!":  # quoted or block text: a string, whatever it looks like
            tag = YAML_TAG + "str"
        else:
            tag = self.resolved.get(text)
            if tag is None:
                tag = self.resolved[text] = self.loader.resolve(yaml.ScalarNode, text, (True, False))
        kind = tag[len(YAML_TAG):] if tag.startswith(YAML_TAG) else "str"
        if kind == "merge" and self.stack and isinstance(self.stack[-1].value, MDict) \
                and not self.stack[-1].has_key:
            merge = _Merge()
            merge.loc = self.loc(mark)
            return merge
        if kind not in ("int", "float", "bool", "null"):
            value = MStr(text)  # a timestamp or '=' stays the text written
            value.loc = self.loc(mark)
            return value
        node = yaml.ScalarNode(tag, text, mark, event.end_mark, event.style)
        try:
            value = self.loader.yaml_constructors[tag](self.loader, node)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, yaml.YAMLError):
            raise self.fail(f"'{text}' cannot be read as !!{kind}", mark) from None
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int):
            if abs(value) >= 10 ** MAX_INT_DIGITS:
                raise self.fail(f"the number {text[:20]}{'…' if len(text) > 20 else ''} is too large "
                                f"(more than {MAX_INT_DIGITS} digits)", mark)
            out: Any = MInt(value)
        else:
            out = MFloat(value)
        out.loc = self.loc(mark)
        return out


class _Merge(str):
    """The ``<<`` key of a merge (``<<: *base``)."""

    loc: Location

    def __new__(cls):
        return super().__new__(cls, "<<")


def _short(tag: str) -> str:
    return "!!" + tag[len(YAML_TAG):] if tag.startswith(YAML_TAG) else tag


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index`` of ``text``."""
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def load_text(text: str, path: str) -> Any:
    """Parse YAML text; ``path`` names it in positions and errors."""
    bad = NOT_PRINTABLE.search(text)
    if bad:
        line, col = _position(text, bad.start())
        raise YiliError(f"character U+{ord(bad.group()):04X} is not allowed in YAML (a control character)",
                        Location(path, line, col))
    loader = Loader(text)
    try:
        return _Builder(path, loader).build()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        problem = exc.problem or exc.context
        if problem == "exceeded maximum nesting depth":
            problem = f"nested more than {MAX_DEPTH} levels deep"
        raise YiliError(f"not valid YAML: {problem}", where) from None
    except yaml.YAMLError as exc:  # a reader error libyaml found
        raise YiliError(f"not valid YAML: {getattr(exc, 'reason', exc)}", Location(path, 1, 1)) from None
    finally:
        loader.dispose()


def read_text(path: str | Path) -> str:
    """A file's UTF-8 text; a missing, unreadable, huge or undecodable file is a YiliError at its place."""
    name = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise YiliError(f"no such file: {name}") from None
    except IsADirectoryError:
        raise YiliError(f"{name} is a folder, not a file") from None
    except OSError as exc:
        raise YiliError(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise YiliError(f"{name} is larger than {MAX_FILE_BYTES >> 20} MB: not a script or venue file",
                        Location(name, 1, 1))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[:exc.start].decode("utf-8")
        line, col = _position(good, len(good))
        raise YiliError(f"not UTF-8 text: byte 0x{raw[exc.start]:02X} cannot be decoded",
                        Location(name, line, col)) from None


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
    note_read(path)
    return load_text(read_text(path), str(path))
