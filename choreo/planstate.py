"""The planner's working state between steps: timelines, meetings to synchronise, objects carried,
and snapshots taken before every step so that planning can resume from any of them.

Mutable, and private to the planning: the Choreography built from it is frozen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from choreo.errors import Location
from choreo.model import Event, Step
from choreo.timeline import XY, Timeline


@dataclass
class Meeting:
    """One party's arrival at the point of a 相左."""

    step: str
    figure: str
    partner: str
    t: float
    wait_key: tuple[str, str, int]  # the action to delay if this party is early
    loc: Location | None = None


@dataclass
class Carry:
    """An object carried or set down: the object's own track is derived from these."""

    obj: str
    t0: float
    t1: float
    carrier: str | None  # None: set down at ``place``
    place: XY | None = None


@dataclass
class PlanRun:
    timelines: dict[str, Timeline]
    stations: dict[str, str] = field(default_factory=dict)  # each figure's 位 now
    steps: list[Step] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)
    carries: list[Carry] = field(default_factory=list)


def copy_open(carries: list[Carry]) -> list[Carry]:
    """Carries still open (the object still in someone's hands) are changed when it is set down;
    closed ones never change again and can be shared between snapshots."""
    return [replace(c) if math.isinf(c.t1) else c for c in carries]


@dataclass
class Snapshot:
    """The planning state before a step, so that a later pass can start again from there."""

    timelines: dict[str, tuple[list[list[float]], float]]
    steps: list[Step]
    events: list[Event]
    meetings: list[Meeting]
    carries: list[Carry]
    ends: dict[str, tuple[float, float]]
    previous_end: float
    stations: dict[str, str]

    @classmethod
    def take(cls, run: PlanRun, ends: dict, previous_end: float) -> Snapshot:
        # Sample rows are never changed once appended: a shallow copy of each list is enough.
        return cls({n: (list(tl.samples), tl.t) for n, tl in run.timelines.items()}, list(run.steps),
                   list(run.events), list(run.meetings), copy_open(run.carries), dict(ends),
                   previous_end, dict(run.stations))

    def restore(self) -> tuple[PlanRun, dict, float]:
        timelines = {}
        for name, (samples, t) in self.timelines.items():
            tl = Timeline(name, 0.0, 0.0, 0.0)
            tl.samples, tl.t = list(samples), t
            timelines[name] = tl
        run = PlanRun(timelines, dict(self.stations), list(self.steps), list(self.events), list(self.meetings),
                      copy_open(self.carries))
        return run, dict(self.ends), self.previous_end
