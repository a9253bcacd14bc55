"""The planner's working state between steps: timelines, meetings to synchronise, objects carried,
and snapshots taken before every step so that planning can resume from any of them.

Mutable, and private to the planning: the Choreography built from it is frozen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from choreo.errors import Location
from choreo.model import Event, Step
from choreo.shooting import Laid, Music, Shot, Tally
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
    """An object in someone's hands or at rest over [t0, t1): frozen into the Choreography's Holds,
    and a declared object's own track is derived from them.

    ``obj`` is ``obj.NAME`` for a declared object (one of it: its records follow each other), else
    the thing as the script names it (弓, 酒: each holder has his own). Ownership changes when a
    take begins, when a hand-over or a set-down ends; in between the object travels between hand
    and place: in the hand from ``grip``, leaving it at ``release`` (None: t0, t1).
    """

    obj: str
    t0: float
    t1: float
    carrier: str | None  # None: at rest at ``place``
    place: XY | None = None
    landmark: str = ""
    step: str = ""
    grip: float | None = None
    release: float | None = None
    parts: tuple[tuple[str, str], ...] = ()  # at rest: (part, direction from its place), e.g. (脯, 西)


@dataclass
class ShotBook:
    """The shots, calls, counters, music and counts planned so far: append-only lists (a snapshot keeps
    their lengths). A Shot is written without its call and counter, which come later in the planning
    (the 獲者 and the 釋獲者 act after the archer): ``calls`` and ``counters`` hold (shot index, who, t)."""

    shots: list[Shot] = field(default_factory=list)
    calls: list[tuple[int, str, float]] = field(default_factory=list)
    counters: list[tuple[int, str, float]] = field(default_factory=list)
    music: list[Music] = field(default_factory=list)  # a stop appends the piece again with its t1
    tallies: list[Tally] = field(default_factory=list)
    laid: list[Laid] = field(default_factory=list)  # 算 on the ground, each with t1 = inf when laid
    taken: list[tuple[float, str]] = field(default_factory=list)  # (t, side; "" every side): 算 lying taken up
    counts: dict[str, dict] = field(default_factory=dict)  # side -> the count under way (數): its n and last place

    def _lists(self) -> tuple[list, ...]:
        return (self.shots, self.calls, self.counters, self.music, self.tallies, self.laid, self.taken)

    def lengths(self) -> tuple[int, ...]:
        return tuple(len(items) for items in self._lists())

    def cut(self, lengths: tuple[int, ...]) -> None:
        for items, n in zip(self._lists(), lengths, strict=True):
            del items[n:]

    def lying(self, t: float, side: str = "", kinds: tuple[str, ...] = ()) -> list[int]:
        """Indices of the 算 laid by t and not yet taken up (of one side; of some kinds)."""
        out = []
        for i, piece in enumerate(self.laid):
            if piece.t0 > t + 1e-9 or (side and piece.side != side) or (kinds and piece.kind not in kinds):
                continue
            if any(tt >= piece.t0 - 1e-9 and tt <= t + 1e-9 and (not s or s == piece.side) for tt, s in self.taken):
                continue
            out.append(i)
        return out

    def laid_until_taken(self) -> tuple[Laid, ...]:
        """Each piece with the moment it was taken up (the first take of its side after it was laid)."""
        from dataclasses import replace

        out = []
        for piece in self.laid:
            ends = [t for t, s in self.taken if t >= piece.t0 - 1e-9 and (not s or s == piece.side)]
            out.append(replace(piece, t1=min(ends)) if ends else piece)
        return tuple(out)

    def playing(self, t: float) -> Music | None:
        """The piece playing at t (its latest record: a stop is recorded as the piece with its end)."""
        latest: dict[tuple[str, float], Music] = {}
        for m in self.music:
            latest[(m.piece, m.t0)] = m
        found = [m for m in latest.values() if m.playing(t)]
        return found[-1] if found else None

    def pieces(self) -> list[Music]:
        """Each piece once, as last recorded."""
        latest: dict[tuple[str, float], Music] = {}
        for m in self.music:
            latest[(m.piece, m.t0)] = m
        return sorted(latest.values(), key=lambda m: m.t0)

    def called(self, index: int) -> bool:
        return any(i == index for i, _, _ in self.calls)

    def counted(self, index: int) -> bool:
        return any(i == index for i, _, _ in self.counters)


@dataclass
class PlanRun:
    timelines: dict[str, Timeline]
    stations: dict[str, str] = field(default_factory=dict)  # each figure's 位 now
    steps: list[Step] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)
    carries: list[Carry] = field(default_factory=list)
    book: ShotBook = field(default_factory=ShotBook)

    def _open(self, obj: str, holder: str | None = None) -> list[Carry]:
        return [c for c in self.carries if c.obj == obj and math.isinf(c.t1)
                and (holder is None or c.carrier == holder)]

    def holder(self, obj: str) -> str | None:
        """Who has ``obj`` in his hands now (a declared object), None if it rests or is unknown."""
        held = [c for c in self._open(obj) if c.carrier is not None]
        return held[-1].carrier if held else None

    def take(self, obj: str, figure: str, t: float, done: float, step: str) -> None:
        """``figure`` takes up ``obj`` at t; it is in his hand at ``done``."""
        if obj.startswith("obj."):
            for c in self._open(obj):
                c.t1 = t
                if c.carrier is not None:
                    c.release = t
        elif self._open(obj, figure):
            return  # he holds one already
        self.carries.append(Carry(obj, t, math.inf, figure, step=step, grip=done))

    def hand_over(self, obj: str, giver: str, receiver: str, done: float, step: str) -> None:
        """``giver`` hands ``obj`` to ``receiver``; it is in the receiver's hands at ``done``."""
        for c in self._open(obj) if obj.startswith("obj.") else self._open(obj, giver):
            c.t1 = done
        if obj.startswith("obj.") or not self._open(obj, receiver):
            self.carries.append(Carry(obj, done, math.inf, receiver, step=step))

    def set_down(self, obj: str, figure: str, t: float, done: float, step: str, spot: XY | None = None,
                 landmark: str = "", parts: tuple[tuple[str, str], ...] = ()) -> None:
        """``figure`` sets ``obj`` down from t; it rests at ``spot`` from ``done`` (its ``parts`` laid out so)."""
        for c in self._open(obj, figure):
            c.t1, c.release = done, t
        if obj.startswith("obj."):
            self.carries.append(Carry(obj, done, math.inf, None, spot, landmark, step, parts=parts))


@dataclass(frozen=True)
class Snapshot:
    """The planning state before a step, so that a later pass can start again from there.

    Kept small, so that a snapshot before every step costs memory linear in the steps: the run's
    lists only grow while planning goes forward (sample rows, steps, events, meetings and carries
    are appended, never changed, except an open carry closed when its object is set down), so a
    snapshot keeps their lengths, each figure's cursor, and copies of the carries still open.
    Restoring cuts the lists back to those lengths in place; the snapshots after it are dropped.
    """

    samples: dict[str, tuple[int, float]]  # figure → (number of samples, cursor t)
    steps: int
    events: int
    meetings: int
    carries: int
    open_carries: dict[int, Carry]  # index in run.carries → a copy as it was
    ends: int
    previous_end: float
    stations: dict[str, str]
    book: tuple[int, ...] = ()

    @classmethod
    def take(cls, run: PlanRun, ends: dict, previous_end: float, before: Snapshot | None = None) -> Snapshot:
        """``before`` is the snapshot of the previous step: only its open carries and the carries
        added since can still be open, so they are all that is looked at (not every carry so far)."""
        candidates = (range(len(run.carries)) if before is None
                      else [*before.open_carries, *range(before.carries, len(run.carries))])
        open_carries = {i: replace(run.carries[i]) for i in candidates if math.isinf(run.carries[i].t1)}
        return cls({n: (len(tl.samples), tl.t) for n, tl in run.timelines.items()}, len(run.steps),
                   len(run.events), len(run.meetings), len(run.carries), open_carries, len(ends),
                   previous_end, dict(run.stations), run.book.lengths())

    def restore(self, run: PlanRun, ends: dict) -> float:
        """Put ``run`` and ``ends`` back as they were; returns the latest end of a step then."""
        for name in [n for n in run.timelines if n not in self.samples]:
            del run.timelines[name]
        for name, (count, t) in self.samples.items():
            tl = run.timelines[name]
            del tl.samples[count:]
            tl.t = t
        del run.steps[self.steps:], run.events[self.events:], run.meetings[self.meetings:]
        del run.carries[self.carries:]
        run.book.cut(self.book)
        for i, carry in self.open_carries.items():
            run.carries[i] = replace(carry)
        while len(ends) > self.ends:  # steps are planned in order, so their ends are in that order
            ends.popitem()
        run.stations.clear()
        run.stations.update(self.stations)
        return self.previous_end
