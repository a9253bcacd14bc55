"""What a verb's argument or a modifier's value may be, checked when the script is parsed.

Each type says in words what it expects (the error message shows it) and accepts or refuses a
loaded YAML value, so that ``{適: 堂西, 徐: 快}``, ``{射: many}`` or ``{進: 1.5}`` are errors at
their FILE:LINE:COL before anything is planned, not a ValueError (or a silent default) inside a verb.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stage.vocabulary import FACING_WORDS

# choice: a coordinate written in a script lies on the venue's floor, a few hundred 尺 across; the
# bound only keeps huge numbers (2**63, 1e308) from reaching the geometry.
MAX_COORD = 10_000.0


@dataclass(frozen=True)
class ArgType:
    """``expected`` in words (for messages and the reference); ``accepts(value)``."""

    expected: str
    accepts: Callable[[Any], bool]

    def __or__(self, other: ArgType) -> ArgType:
        return ArgType(f"{self.expected}, or {other.expected}",
                       lambda v: self.accepts(v) or other.accepts(v))


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def number(what: str, low: float, high: float, *, whole: bool = False, low_open: bool = True) -> ArgType:
    """A finite number in (low, high] (or [low, high] with ``low_open`` False)."""
    lo = "more than" if low_open else "at least"
    kind = "a whole number" if whole else "a number"

    def accepts(v: Any) -> bool:
        return (is_number(v) and (v > low if low_open else v >= low) and v <= high
                and (not whole or (isinstance(v, int) and not isinstance(v, bool))))

    return ArgType(f"{kind} of {what} ({lo} {low:g}, at most {high:g})", accepts)


NOTHING = ArgType("nothing", lambda v: v is None)
NAME = ArgType("a name", _name)
WORDS = ArgType("nothing, or a word or name", lambda v: v is None or _name(v) or is_number(v))
TRUE = ArgType("true", lambda v: v is True)
FLAG = ArgType("true or false", lambda v: isinstance(v, bool))
PLACE = ArgType(f"a place (a landmark, a relation such as 西階之東, a figure, or [x, y] within ±{MAX_COORD:,.0f} 尺)",
                lambda v: _name(v) or (isinstance(v, list) and len(v) == 2
                                       and all(is_number(c) and abs(c) <= MAX_COORD for c in v)))
FACING = ArgType("a facing (北面 … 西南面, 負侯) or a bearing in degrees",
                 lambda v: (isinstance(v, str) and v in FACING_WORDS) or (is_number(v) and abs(v) <= 3600))
NAMES = ArgType("a name or a list of names",
                lambda v: _name(v) or (isinstance(v, list) and bool(v) and all(_name(x) for x in v)))
PARTS = ArgType("{PART: 東|西|南|北, …}",
                lambda v: isinstance(v, dict) and bool(v) and all(_name(k) and v[k] in ("東", "西", "南", "北") for k in v))
SECONDS = number("seconds", 0, 3600)
DISTANCE = number("尺", 0, 60)
ARROWS = number("arrows", 0, 100, whole=True)


def mapping(required: tuple[str, ...], optional: dict[str, ArgType]) -> ArgType:
    """``{key: value, …}``: the ``required`` keys are names; the others as typed."""
    keys = [*(f"{k}: NAME" for k in required), *(f"{k}: …" for k in optional)]

    def accepts(v: Any) -> bool:
        return (isinstance(v, dict) and all(_name(v.get(k)) for k in required)
                and all(k in required or k in optional for k in v)
                and all(t.accepts(v[k]) for k, t in optional.items() if k in v))

    return ArgType("{" + ", ".join(keys) + "}", accepts)


def describe(value: Any) -> str:
    """A value as the message shows it: short, and never a whole alias expansion."""
    if isinstance(value, str):
        text = value if len(value) <= 30 else value[:30] + "…"
        return f"'{text}'"
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "nothing"}[value]
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"{value:g}" if isinstance(value, float) else str(value)
