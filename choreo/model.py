"""The planned Choreography: what the renderer draws, the checker checks and the exporter writes.

One computation, many readers: nothing here plans or draws. Time is a pure function:
``Choreography.pose_at(figure, t)`` linearly interpolates the track's samples (one rule,
``choreo.interpolation``, read by every consumer), so exports,
viewer scrubbing and golden frames cannot drift apart.

Facing in a track is *unwrapped*: consecutive samples differ by the rotation actually made, so a
左還 (counter-clockwise) from 東面 to 西面 is stored as 90 → 0 → -90 and linear interpolation
passes through 北面. Reduce modulo 360 for a compass bearing (``Pose.bearing``).
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from types import MappingProxyType

import numpy as np

from choreo.interpolation import sample_at, samples_at
from choreo.shooting import Laid, Music, Shot, Tally
from choreo.steptime import StepClock
from stage.errors import Location
from stage.model import Venue
from stage.vocabulary import CORD_LOOSED

POSTURE_EVENTS = {"坐": "坐", "興": "立"}
# Going out of the venue by the 門 and coming back in (choreo/verbs/closing.py): a figure outside is
# neither drawn nor checked; his track goes on (where he waits outside) so that he comes back from there.
LEAVE, ENTER = "出", "入"
# One man, two offices (the 司正 serves as 司馬): the figure he was is absent from a 為 on, the one he
# becomes present from its 代.
BECOME, TAKE_OVER = "為", "代"
ABSENT_FROM, PRESENT_FROM = (LEAVE, BECOME), (ENTER, TAKE_OVER)
# Shoes taken off below the 堂 and put on again (說屨 … 納屨): a state the frames mark.
SHOES_OFF, SHOES_ON = "說屨", "納屨"
# Going into a screened place (a venue landmark of kind ``tent``: the 次) and coming out of it: the
# planner finds these moments on the tracks (choreo/screening.py); in between the figure is hidden.
HIDDEN, SEEN = "隱", "見"
# An arrow held along the string, point up (執一個，兼諸弦，面鏃〔003〕: 鄭 「側持弦矢曰執」), as against 挾
# (鄭 「方持弦矢曰挾」, quoted in the 疏 of 003): a state from the 執 event until the arrow is shot, nocked
# across (挾), put in the belt (搢) or handed over with the bow (授弓矢), or the bow is put down (釋弓).
SIDE_HOLD = "執"
SIDE_HOLD_ENDS = ("射", "挾", "搢", "授弓矢", "釋弓")
# A 侯's cord untied (「巾車、量人解左下綱」〔003〕): an event whose detail is the cord (a venue landmark of
# kind ``cord``); from then on it hangs loose (its state 解, stage.vocabulary.CORD_LOOSED).
LOOSE_CORD = "解綱"


# What a figure has on or how he holds his bow between two of his events, drawn as marks on his disc.
# name: (events that begin it, events that end it, detail words that keep an event from beginning it).
# 袒 bares the left arm and, unless the script says 不決遂 (the 司馬: 「不決、遂、袒」〔000〕), puts on 決
# and 遂 (the verb's gloss, choreo/verbs/gestures.py); 說決拾 takes them off (「釋弓，說決拾，襲」〔000〕).
# 挾: an arrow across the string (「改取一個，挾之」〔000〕) until it is shot or the bow is held by its
# string or put down. 弛弓: the unstrung bow the 不勝者 hold (「右加弛弓于其上」〔000〕, the verb 執弛弓),
# until it is put down or taken up strung.
BODY_STATES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "袒": (("袒",), ("襲",), ""),
    "決遂": (("袒",), ("說決拾",), "不決"),
    "挾": (("挾",), ("射", "執弦", "釋弓"), ""),
    "弛弓": (("執弛弓",), ("釋弓", "執弓", "執張弓"), ""),
    SHOES_OFF: ((SHOES_OFF,), (SHOES_ON,), ""),
}


def _begins(state: str, event) -> bool:
    starts, _, unless = BODY_STATES[state]
    return event.kind in starts and not (unless and unless in event.detail)


def body_state_spans(events) -> dict[str, dict[str, tuple[tuple[float, float], ...]]]:
    """Per state of BODY_STATES, per figure, the spans [t0, t1) he is in it."""
    out: dict[str, dict[str, tuple[tuple[float, float], ...]]] = {}
    for state, (_, ends, _) in BODY_STATES.items():
        mine = [e for e in events if e.kind in ends or _begins(state, e)]
        begun = {e.figure for e in mine if _begins(state, e)}
        out[state] = {figure: _spans(mine, figure, state, ends) for figure in sorted(begun)}
    return out


def _spans(events, figure, state, ends) -> tuple[tuple[float, float], ...]:
    # unlike state_spans, an end before any beginning opens nothing: a passage planned alone starts
    # its figures as the script sets them, and a 襲 does not tell that he was 袒 before it
    spans, opened = [], None
    for ev in sorted((e for e in events if e.figure == figure), key=lambda e: e.t):
        if _begins(state, ev):
            if opened is None:
                opened = ev.t
        elif ev.kind in ends and opened is not None:
            spans.append((opened, ev.t))
            opened = None
    if opened is not None:
        spans.append((opened, float("inf")))
    return tuple(spans)


def state_spans(events, figure: str, start, end) -> tuple[tuple[float, float], ...]:
    """The spans [t0, t1) between each ``start`` event of ``figure`` (a kind or a tuple of kinds) and
    the next ``end`` one (open to infinity when none follows; from minus infinity when the first is an
    ``end``: a figure who comes in, or takes over, was not there before)."""
    start = (start,) if isinstance(start, str) else tuple(start)
    end = (end,) if isinstance(end, str) else tuple(end)
    spans, opened, first = [], None, True
    for ev in sorted((e for e in events if e.figure == figure and e.kind in start + end), key=lambda e: e.t):
        if first and ev.kind in end:
            opened = -math.inf
        first = False
        if ev.kind in start and opened is None:
            opened = ev.t
        elif ev.kind in end and opened is not None:
            spans.append((opened, ev.t))
            opened = None
    if opened is not None:
        spans.append((opened, float("inf")))
    return tuple(spans)


def within(spans: tuple[tuple[float, float], ...], t: float) -> bool:
    return any(t0 <= t < t1 for t0, t1 in spans)


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
    # spans [t0, t1) out of view: outside the venue (出 … 入) or hidden in a screened place (隱 … 見)
    absent: tuple[tuple[float, float], ...] = ()
    hidden: tuple[tuple[float, float], ...] = ()  # those of the absent spans spent in a screened place

    def __post_init__(self) -> None:
        arr = np.array(self.samples, dtype=float).reshape(-1, 4)
        if len(arr) and np.any(np.diff(arr[:, 0]) < 0):
            raise ValueError(f"track of {self.figure} is not sorted by time")
        arr.setflags(write=False)
        object.__setattr__(self, "samples", arr)

    @property
    def t(self) -> np.ndarray:
        return self.samples[:, 0]

    def present(self, times) -> np.ndarray:
        """Whether ``at`` gives a place at each of ``times``: from the first sample on, not outside."""
        times = np.asarray(times, float)
        if len(self.samples) == 0:
            return np.zeros(times.shape, bool)
        here = times >= self.samples[0, 0]
        for t0, t1 in self.absent:
            here &= (times < t0) | (times >= t1)
        return here

    @property
    def start(self) -> float:
        return float(self.samples[0, 0])

    @property
    def end(self) -> float:
        return float(self.samples[-1, 0])

    def at(self, t: float) -> tuple[float, float, float] | None:
        """(x, y, facing) at time t (``choreo.interpolation``); None before the first sample (not yet
        present) and while he is outside the venue (``absent``). After the last sample the figure
        stays where it is. At a time with two samples (an instantaneous change) the later one wins.
        """
        rows = self._rows
        if not rows or t < rows[0][0] or (self.absent and within(self.absent, t)):
            return None
        return sample_at(rows, t)

    def at_times(self, times, side: str = "right") -> np.ndarray:
        """(len(times), 3) x, y, facing at many times at once, by the same rule as :meth:`at` but not
        masked: before the first sample the first (ask :meth:`present`); ``side='left'`` takes the
        earlier of two samples at one time (the end of the interval before an instantaneous change)."""
        return samples_at(self.samples, times, side)

    @cached_property
    def _rows(self) -> list[list[float]]:
        return self.samples.tolist()

    def still_span(self, t: float) -> tuple[float, float] | None:
        """The span [t0, t1) round t over which :meth:`at` gives the very place it gives at t (he stands
        and is present), or None while he moves or is not there; a renderer reuses its answer."""
        rows = self._rows
        if not rows or t < rows[0][0] or (self.absent and within(self.absent, t)):
            return None
        lo, hi = float("-inf"), float("inf")
        for a0, a1 in self.absent:
            if a1 <= t:
                lo = max(lo, a1)
            elif a0 > t:
                hi = min(hi, a0)
        i = bisect.bisect_right(rows, t, key=itemgetter(0)) - 1  # sample_at's interval: rows[i] ≤ t < rows[i + 1]
        j = i
        while j + 1 < len(rows) and rows[j + 1][1:4] == rows[i][1:4]:
            j += 1
        if j + 1 >= len(rows):
            return max(lo, rows[i][0]), hi  # at his last place from rows[i] on
        if j == i:
            return None  # moving from rows[i] to rows[i + 1]
        return max(lo, rows[i][0]), min(hi, rows[j][0])  # from rows[j] on he moves again


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
    restored: str = ""  # the garbled span of the seed that ``text`` restores (stage.mojibake), if any
    option_note: str = ""  # why an option (a branch of the text: 若左勝 …) changed this step


@dataclass(frozen=True)
class Event:
    """Something that happens without moving: 揖, 拜, 坐, 興, 射, 取, 授, 受, 獲, 釋獲 ..."""

    t: float
    figure: str
    kind: str
    step: str
    detail: str = ""
    duration: float = 0.0


@dataclass(frozen=True)
class Hold:
    """Who has an object over ``[t0, t1)``: a figure's hands, or nobody (it rests at ``place``).

    ``obj`` is a declared object's figure name (``obj.楅``: it has a track) or a thing the script
    names without declaring it (弓, 矢, 酒: each holder has his own, and it has no track). The
    planner writes one Hold per take, hand-over and set-down, so the records of one declared object
    follow each other without a gap or an overlap.
    """

    obj: str
    t0: float
    t1: float  # math.inf: until the end
    holder: str | None = None  # None: at rest
    place: tuple[float, float] | None = None  # where it rests (holder None)
    landmark: str = ""  # the venue landmark it rests on, when the script set it at one (設楅于楅)
    step: str = ""  # the step whose verb began it ("" from the start)
    # At rest, how its parts lie: (part, direction from ``place``): the 薦's 脯 and 醢 (「脯西而醢东」〔001〕)
    parts: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.holder is None and self.place is None:
            raise ValueError(f"{self.obj} rests from {self.t0} but the Hold has no place")

    def covers(self, t: float) -> bool:
        return self.t0 <= t < self.t1


class Carries:
    """The Holds of one Choreography, indexed: who holds what at t, where an object rests."""

    def __init__(self, holds: tuple[Hold, ...]) -> None:
        self.holds = holds
        by_obj: dict[str, list[Hold]] = {}
        by_holder: dict[str, list[Hold]] = {}
        for h in sorted(holds, key=lambda h: h.t0):
            by_obj.setdefault(h.obj, []).append(h)
            if h.holder is not None:
                by_holder.setdefault(h.holder, []).append(h)
        self._by_obj = by_obj
        self._starts = {obj: [h.t0 for h in hs] for obj, hs in by_obj.items()}
        # per holder: the times at which what he holds changes, and what he holds from each on
        self._held: dict[str, tuple[list[float], list[tuple[str, ...]]]] = {}
        for holder, hs in by_holder.items():
            cuts = sorted({h.t0 for h in hs} | {h.t1 for h in hs if math.isfinite(h.t1)})
            self._held[holder] = (cuts, [tuple(h.obj for h in hs if h.covers(t)) for t in cuts])

    def cuts(self) -> list[float]:
        """The times at which :meth:`hold_at`, :meth:`holder_of` or :meth:`held_by` may answer otherwise:
        every answer is the same for all t in [c_k, c_{k+1}) (a renderer reuses it over such a span)."""
        return sorted({h.t0 for h in self.holds} | {h.t1 for h in self.holds if math.isfinite(h.t1)})

    def hold_at(self, obj: str, t: float) -> Hold | None:
        """The record of a declared object at t (its records follow each other: the latest begun)."""
        hs = self._by_obj.get(obj)
        if not hs:
            return None
        i = bisect.bisect_right(self._starts[obj], t) - 1
        return hs[i] if i >= 0 and hs[i].covers(t) else None

    def holder_of(self, obj: str, t: float) -> str | None:
        hold = self.hold_at(obj, t)
        return hold.holder if hold else None

    def held_by(self, figure: str, t: float) -> tuple[str, ...]:
        """What the figure holds at t, in the order he took it up."""
        entry = self._held.get(figure)
        if entry is None:
            return ()
        i = bisect.bisect_right(entry[0], t) - 1
        return entry[1][i] if i >= 0 else ()


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
    holds: tuple[Hold, ...] = ()  # who carries what, when, and where each object rests
    shots: tuple[Shot, ...] = ()  # every arrow, in release order, with its call and counter (choreo.shooting)
    music: tuple[Music, ...] = ()  # the pieces played, in order
    tallies: tuple[Tally, ...] = ()  # the 數獲: counters counted and the words said
    music_end: float = 0.0  # where a piece that is never stopped ends its beats (the end of the planning)
    options: tuple[str, ...] = ()  # the text's branches chosen (--outcome: tie, arrows-short …), in catalogue order
    option_titles: tuple[str, ...] = ()  # the same, in the text's words (若左右鈞, 若矢不備)
    laid: tuple[Laid, ...] = ()  # the 算 on the ground (laid for hits, laid again in the count), in laying order

    def __post_init__(self) -> None:
        object.__setattr__(self, "holds", tuple(self.holds))
        object.__setattr__(self, "shots", tuple(self.shots))
        object.__setattr__(self, "music", tuple(self.music))
        object.__setattr__(self, "tallies", tuple(self.tallies))
        object.__setattr__(self, "laid", tuple(self.laid))
        object.__setattr__(self, "carries", Carries(self.holds))  # derived: the holds, indexed
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

    def hidden_at(self, figure: str, t: float) -> bool:
        """Whether the figure is inside a screened place (the 次) at t: there, but not drawn."""
        track = self.tracks.get(figure)
        return track is not None and within(track.hidden, t)

    def side_held(self, figure: str, t: float) -> bool:
        """Whether the figure holds an arrow 兼諸弦面鏃 (執, not 挾) at t."""
        return within(self._side_holds.get(figure, ()), t)

    @cached_property
    def _side_holds(self) -> dict[str, tuple[tuple[float, float], ...]]:
        names = {e.figure for e in self.events if e.kind == SIDE_HOLD}
        # Only from a 執 on: an archer's first 射 does not mean he held an arrow so before the script began.
        return {n: tuple(s for s in state_spans(self.events, n, SIDE_HOLD, SIDE_HOLD_ENDS) if math.isfinite(s[0]))
                for n in names}

    def cord_loosed(self, cord: str, t: float) -> bool:
        """Whether the venue's cord (a landmark of kind ``cord``) hangs loose at t: loosed when the rite
        begins (its ``state``), or untied (解綱) by then."""
        lm = self.venue.landmarks.get(cord)
        if lm is not None and lm.state == CORD_LOOSED:
            return True
        untied = self._cords_untied.get(cord)
        return untied is not None and untied <= t

    @cached_property
    def _cords_untied(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for e in self.events:
            if e.kind == LOOSE_CORD:
                out[e.detail] = min(e.t, out.get(e.detail, math.inf))
        return out

    def holder_of(self, obj: str, t: float) -> str | None:
        """Who has the declared object ``obj`` (``obj.楅``) in his hands at t; None while it rests."""
        return self.carries.holder_of(obj, t)

    def held_by(self, figure: str, t: float) -> tuple[str, ...]:
        """What ``figure`` holds at t: declared objects by figure name (``obj.旌``), other things by name."""
        return self.carries.held_by(figure, t)

    def rest_of(self, obj: str, t: float) -> Hold | None:
        """The object's rest at t (its ``place``, and ``landmark`` if set at one), None while held."""
        hold = self.carries.hold_at(obj, t)
        return hold if hold is not None and hold.holder is None else None

    @cached_property
    def body_states(self) -> Mapping[str, Mapping[str, tuple[tuple[float, float], ...]]]:
        """Per state of BODY_STATES (袒, 決遂, 挾, 弛弓, 說屨), per figure, the spans he is in it."""
        return MappingProxyType(body_state_spans(self.events))

    def states_at(self, figure: str, t: float) -> tuple[str, ...]:
        """The BODY_STATES the figure is in at t, in the table's order."""
        entry = self._state_index.get(figure)
        if entry is None:
            return ()
        i = bisect.bisect_right(entry[0], t) - 1
        return entry[1][i] if i >= 0 else ()

    def state_cuts(self) -> list[float]:
        """The times at which :meth:`states_at` may answer otherwise: the same for all t in [c_k, c_{k+1})."""
        return sorted({c for cuts, _ in self._state_index.values() for c in cuts})

    @cached_property
    def _state_index(self) -> dict[str, tuple[list[float], list[tuple[str, ...]]]]:
        # per figure: the times his states change and the states from each on (a frame asks for every
        # figure twice: a bisection instead of a scan of every state's spans)
        out = {}
        for figure in {f for spans in self.body_states.values() for f in spans}:
            mine = [(state, spans[figure]) for state, spans in self.body_states.items() if figure in spans]
            cuts = sorted({v for _, spans in mine for span in spans for v in span if math.isfinite(v)})
            out[figure] = (cuts, [tuple(s for s, spans in mine if within(spans, t)) for t in cuts])
        return out

    def posture_at(self, figure: str, t: float) -> str:
        """立 or 坐: set by the figure's last 坐/興 among the events up to the first one after t."""
        reached, by_figure = self._posture_index
        k = bisect.bisect_right(reached, t)  # events[:k] come before the first event later than t
        indices, postures = by_figure.get(figure, ((), ()))
        i = bisect.bisect_left(indices, k) - 1
        return postures[i] if i >= 0 else "立"

    @cached_property
    def _posture_index(self) -> tuple[list[float], dict[str, tuple[list[int], list[str]]]]:
        # Built once so that a lookup is a bisection, not a scan of the events (a long rite has thousands).
        reached = list(itertools.accumulate((e.t for e in self.events), max))
        by_figure: dict[str, tuple[list[int], list[str]]] = {}
        for i, event in enumerate(self.events):
            if event.kind in POSTURE_EVENTS:
                indices, postures = by_figure.setdefault(event.figure, ([], []))
                indices.append(i)
                postures.append(POSTURE_EVENTS[event.kind])
        return reached, by_figure

    @cached_property
    def step_clock(self) -> StepClock:
        """The steps' spans indexed for "which step at t" (shared by the renderer and the viewer)."""
        return StepClock([s.t0 for s in self.steps], [s.t1 for s in self.steps])

    def step_at(self, t: float) -> Step | None:
        """The step being enacted at t (the latest-starting one when steps overlap; the last step
        until its very end)."""
        i = self.step_clock.covering(t)
        if i is None and self.steps and self.steps[-1].t0 <= t <= self.steps[-1].t1:
            i = len(self.steps) - 1
        return None if i is None else self.steps[i]

    def beats(self, piece: Music) -> tuple[float, ...]:
        """The beat times of a piece (one that is never stopped beats until the end)."""
        return piece.beats(max(self.music_end, self.duration))

    def shots_at(self, t: float, before: float = 0.0, after: float = 0.0) -> tuple[Shot, ...]:
        """The shots in the air at t, or released up to ``before`` s earlier / landing up to ``after`` s later."""
        return tuple(s for s in self.shots if s.release - before <= t <= s.arrival + after)

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)
