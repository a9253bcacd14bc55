"""The planned Choreography: what the renderer draws, the checker checks and the exporter writes.

One computation, many readers: nothing here plans or draws. Time is a pure function:
``Choreography.pose_at(figure, t)`` linearly interpolates the track's samples, so exports,
viewer scrubbing and golden frames cannot drift apart.

Facing in a track is *unwrapped*: consecutive samples differ by the rotation actually made, so a
左還 (counter-clockwise) from 東面 to 西面 is stored as 90 → 0 → -90 and linear interpolation
passes through 北面. Reduce modulo 360 for a compass bearing (``Pose.bearing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

from stage.errors import Location
from stage.model import Venue

POSTURE_EVENTS = {"坐": "坐", "興": "立"}


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    facing: float  # unwrapped, degrees
    posture: str = "立"  # 立 (standing) or 坐 (kneeling)

    @property
    def bearing(self) -> float:
        """Facing as a compass bearing in [0, 360)."""
        return self.facing % 360.0


@dataclass(frozen=True, eq=False)
class Track:
    """Samples ``[t, x, y, facing]`` sorted by t, one at every vertex of the motion."""

    figure: str
    samples: np.ndarray  # shape (n, 4), read-only

    def __post_init__(self) -> None:
        arr = np.array(self.samples, dtype=float).reshape(-1, 4)
        if len(arr) and np.any(np.diff(arr[:, 0]) < 0):
            raise ValueError(f"track of {self.figure} is not sorted by time")
        arr.setflags(write=False)
        object.__setattr__(self, "samples", arr)

    @property
    def t(self) -> np.ndarray:
        return self.samples[:, 0]

    @property
    def start(self) -> float:
        return float(self.samples[0, 0])

    @property
    def end(self) -> float:
        return float(self.samples[-1, 0])

    def at(self, t: float) -> tuple[float, float, float] | None:
        """(x, y, facing) at time t; None before the first sample (not yet present).

        After the last sample the figure stays where it is. At a time with two samples (an
        instantaneous change) the later one wins.
        """
        s = self.samples
        if len(s) == 0 or t < s[0, 0]:
            return None
        i = int(np.searchsorted(s[:, 0], t, side="right")) - 1
        if i >= len(s) - 1:
            return float(s[-1, 1]), float(s[-1, 2]), float(s[-1, 3])
        t0, t1 = s[i, 0], s[i + 1, 0]
        u = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
        row = s[i, 1:] + u * (s[i + 1, 1:] - s[i, 1:])
        return float(row[0]), float(row[1]), float(row[2])


@dataclass(frozen=True)
class FigureInfo:
    """A person or a moving object (``kind='object'``, named ``obj.NAME``)."""

    name: str
    label: str
    radius: float
    kind: str = "person"  # person | object
    role: str = ""  # official | bin-archer | host-side | target-keeper | scorer | object ...
    carries: tuple[str, ...] = ()  # 弓, 旌, 撲, 觶, 中 ... at the start


@dataclass(frozen=True)
class Assertion:
    """A text constraint declared in a step, evaluated by the checker on the tracks.

    ``kind`` is one of passes_left, passes_south_of/north_of/east_of/west_of, around, abreast,
    before, faces, at; ``args`` as written in the script.
    """

    kind: str
    args: Mapping
    step: str
    loc: Location | None = None


@dataclass(frozen=True)
class Contact:
    """A touch the text requires (授/受 of a bow, an arrow, a cup): not a collision."""

    figures: tuple[str, str]
    t0: float
    t1: float
    step: str
    what: str = ""


@dataclass(frozen=True)
class Step:
    """One clause of the 經 enacted: its quotation, its time span and who acts in it."""

    id: str
    index: int
    t0: float
    t1: float
    text: str
    source: str  # seed file name, e.g. 000_95d0325316e9e0f8.txt
    figures: tuple[str, ...]
    loc: Location | None = None
    passage: str = ""
    commentary: tuple[str, ...] = ()  # 注/疏 quotations where the geometry depends on them
    verbs: tuple[tuple[str, str], ...] = ()  # (figure, verb) actually performed, for conformance
    assertions: tuple[Assertion, ...] = ()
    contacts: tuple[Contact, ...] = ()
    reading_note: str = ""  # the overlay's justification when a reading changed this step
    passage_title: str = ""  # the title of the passage the step belongs to (e.g. 三耦第一番射)
    passage_heading: str = ""  # the commentary's heading of that passage (「論…之事」〔000〕), if any


@dataclass(frozen=True)
class Event:
    """Something that happens without moving: 揖, 拜, 坐, 興, 射, 取, 授, 受, 獲, 釋獲 ..."""

    t: float
    figure: str
    kind: str
    step: str
    detail: str = ""
    duration: float = 0.0


@dataclass(frozen=True, eq=False)
class Choreography:
    """Steps and per-figure tracks for one script, venue and reading. Immutable."""

    script: str  # script file name as given
    title: str
    venue: Venue
    reading: str
    readings: tuple[str, ...]
    figures: Mapping[str, FigureInfo]
    steps: tuple[Step, ...]
    tracks: Mapping[str, Track]
    events: tuple[Event, ...] = ()
    params: Mapping[str, float] = field(default_factory=dict)
    reading_title: str = ""  # the reading as a reader names it (鄭注・賈疏), where the script titles it

    def __post_init__(self) -> None:
        object.__setattr__(self, "figures", MappingProxyType(dict(self.figures)))
        object.__setattr__(self, "tracks", MappingProxyType(dict(self.tracks)))
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def duration(self) -> float:
        ends = [s.t1 for s in self.steps] + [tr.end for tr in self.tracks.values() if len(tr.samples)]
        return max(ends, default=0.0)

    def pose_at(self, figure: str, t: float) -> Pose | None:
        """Where ``figure`` is at time t, facing which way, standing or kneeling; None if absent."""
        track = self.tracks.get(figure)
        if track is None:
            return None
        at = track.at(t)
        if at is None:
            return None
        return Pose(at[0], at[1], at[2], self.posture_at(figure, t))

    def posture_at(self, figure: str, t: float) -> str:
        posture = "立"
        for event in self.events:
            if event.t > t:
                break
            if event.figure == figure and event.kind in POSTURE_EVENTS:
                posture = POSTURE_EVENTS[event.kind]
        return posture

    def step_at(self, t: float) -> Step | None:
        """The step being enacted at t (the latest-starting one when steps overlap)."""
        current = None
        for step in self.steps:
            if step.t0 <= t and (t < step.t1 or (step is self.steps[-1] and t <= step.t1)):
                current = step
        return current

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)
