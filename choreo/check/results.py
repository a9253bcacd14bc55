"""What the checker finds: reasons with the measured numbers, never bare booleans.

A :class:`Violation` is a failure (a collision, a constraint not met, a clause not enacted); a
:class:`Pass` is a constraint that holds, with the same fields so that the report can show *why* it
holds; a :class:`ContactFound` is a touch the text requires (授/受), reported but not a failure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


def _freeze(measured: Mapping) -> Mapping:
    return MappingProxyType(dict(measured))


@dataclass(frozen=True, eq=False)
class Violation:
    """A failed check.

    ``rule``: collision | obstacle | passes_left | passes_south_of | … | at | conformance.
    ``t``/``t_end``: the time (or interval) where it happens; ``where``: a plan point (尺) or None;
    ``step``: the step id being enacted (all of them in ``measured['steps']`` when several);
    ``measured``: the numbers the verdict rests on (distances in 尺, times in s, angles in °).
    """

    rule: str
    figures: tuple[str, ...]
    t: float | None
    t_end: float | None
    where: tuple[float, float] | None
    step: str | None
    detail: str
    measured: Mapping = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "measured", _freeze(self.measured))

    @property
    def ok(self) -> bool:
        return False

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "ok": self.ok,
            "figures": list(self.figures),
            "t": _num(self.t),
            "t_end": _num(self.t_end),
            "where": None if self.where is None else [_num(self.where[0]), _num(self.where[1])],
            "step": self.step,
            "detail": self.detail,
            "measured": {k: _jsonable(v) for k, v in self.measured.items()},
        }


@dataclass(frozen=True, eq=False)
class Pass(Violation):
    """A constraint that holds, with the numbers that show it."""

    @property
    def ok(self) -> bool:
        return True


@dataclass(frozen=True)
class ContactFound:
    """Two discs overlap where the text requires a touch (a declared Contact or a 授/受 pair)."""

    figures: tuple[str, str]
    t: float
    t_end: float
    where: tuple[float, float]
    step: str | None
    min_distance: float
    what: str

    def to_json(self) -> dict:
        return {"figures": list(self.figures), "t": _num(self.t), "t_end": _num(self.t_end),
                "where": [_num(self.where[0]), _num(self.where[1])], "step": self.step,
                "min_distance": _num(self.min_distance), "what": self.what}


@dataclass(frozen=True)
class CheckReport:
    """Everything checked for one Choreography: failures, passes and declared contacts."""

    script: str
    venue: str
    reading: str
    violations: tuple[Violation, ...]
    passes: tuple[Pass, ...]
    contacts: tuple[ContactFound, ...]
    duration: float

    @property
    def ok(self) -> bool:
        return not self.violations

    def by_rule(self, rule: str) -> list[Violation]:
        return [v for v in self.violations if v.rule == rule]


def _num(x):
    """A JSON number: rounded to 1e-4 (尺 or s); inf and nan become null."""
    if x is None or not math.isfinite(float(x)):
        return None
    return round(float(x), 4)


def _jsonable(v):
    if isinstance(v, float):
        return _num(v)
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if hasattr(v, "item"):  # numpy scalar
        return _jsonable(v.item())
    return v
