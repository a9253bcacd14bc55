"""Two plans of one script compared step by step: where the figures are, which way they face, who goes first.

One computation for everyone who asks what a reading changes: ``choreo check``'s readings table,
docs/readings.md and (issue 17) the ghosts of a comparison drawing. Pure: numpy and the model only.

Each step is compared on its own window, re-timed from the step's start (a reading that lengthens an
earlier step must not make every later step "differ"). Positions: the largest distance between the
two readings' places of a figure on the union of both step-relative sample times, and the distance at
the step's end. Facings: the bearings at the step's end. Order: for every pair of the step's figures,
who starts, arrives, begins to climb or to descend a 階 first (choreo.check.stairs.event_time, the
events ``before:`` checks), reported where the two readings put them the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from choreo.alignment import Entry, align
from choreo.check import kinematics as kin
from choreo.check.stairs import WHATS, event_time
from choreo.model import Choreography, Track

SAME = 0.05  # 尺: closer than this everywhere is "the same track" (a rounding margin; choice)
TURN = 1.0  # degrees: a smaller difference of facing is rounding (choice)
ORDER_WHATS = ("climb", "descend", "start", "arrive")  # the 階 first: the order the texts dispute
AT_ONCE = 0.25  # s: two events closer than this are simultaneous, neither is first (choice: a planner tick)


@dataclass(frozen=True)
class FigureDifference:
    """One figure in one step: how far apart the readings put him, and how he ends facing."""

    figure: str
    max_distance: float  # 尺 over the step; inf when he is there in one reading only
    end_distance: float  # 尺 at the step's end (inf as above)
    bearings: tuple[float, float] | None  # (a, b) at the step's end; None when both are absent
    paths: tuple[float, float]  # 尺 walked in the step under a and under b
    max_turn: float = 0.0  # degrees: the largest difference of facing at one step-relative moment
    turn_at: tuple[float, float] | None = None  # (a, b) bearings at that moment

    @property
    def moved(self) -> bool:
        return self.max_distance > SAME

    @property
    def turned(self) -> bool:
        if self.bearings is None:
            return False
        return abs((self.bearings[0] - self.bearings[1] + 180) % 360 - 180) > TURN

    @property
    def turned_during(self) -> bool:
        """Faces otherwise at some moment of the step, though perhaps not at its end (鄭's 還北面 … 反東面)."""
        return self.max_turn > TURN


@dataclass(frozen=True)
class OrderDifference:
    """Two figures whose order the readings reverse: ``first`` is who goes first under a, under b."""

    what: str  # start | arrive | climb | descend
    figures: tuple[str, str]
    first: tuple[str, str]
    lead: tuple[float, float]  # s by which the first one leads, under a and under b


@dataclass(frozen=True)
class StepDifference:
    step: str
    in_a: bool
    in_b: bool
    figures: tuple[FigureDifference, ...]  # those who moved or turned otherwise
    orders: tuple[OrderDifference, ...]
    durations: tuple[float | None, float | None]
    acts: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()  # (figure, events under a, under b)
    laid: tuple[str, str] | None = None  # the 算 laid on the ground in the step, said for a and for b, if they differ

    @property
    def max_distance(self) -> float:
        if not (self.in_a and self.in_b):
            return float("inf")
        return max((f.max_distance for f in self.figures if f.moved), default=0.0)

    @property
    def moved(self) -> tuple[str, ...]:
        return tuple(f.figure for f in self.figures if f.moved)

    @property
    def differing_figures(self) -> tuple[str, ...]:
        """Everyone whose place, facing or order differs (the figures a comparison drawing ghosts)."""
        names = [f.figure for f in self.figures if f.moved or f.turned or f.turned_during]
        names += [n for o in self.orders for n in o.figures] + [f for f, _, _ in self.acts]
        return tuple(dict.fromkeys(names))

    @property
    def differs(self) -> bool:
        return (not (self.in_a and self.in_b) or bool(self.figures) or bool(self.orders) or bool(self.acts)
                or self.laid is not None)


def _present_positions(track: Track | None, times: np.ndarray) -> np.ndarray | None:
    if track is None or len(track.samples) == 0:
        return None
    here = kin.present(track, times)
    if not here.any():
        return None
    p = kin.positions(track, times)
    p[~here] = np.nan
    return p


def _walked(p: np.ndarray | None) -> float:
    return 0.0 if p is None else float(np.nansum(np.hypot(*np.diff(p, axis=0).T)))


def _grid(track: Track, t0: float, t1: float) -> np.ndarray:
    """kinematics.grid_of([track], t0, t1), cut from the step's window only (not the whole track)."""
    ts = track.t
    lo, hi = np.searchsorted(ts, t0, side="left"), np.searchsorted(ts, t1, side="right")
    ends = [b for span in track.absent for b in span if np.isfinite(b) and t0 <= b <= t1]
    return np.unique(np.concatenate([ts[lo:hi], [t0, t1], ends]))


def _standing(track: Track | None, t0: float, t1: float) -> tuple[float, float, float] | None:
    """(x, y, facing) when the figure is there and stands unmoved, unturned through [t0, t1], else None.

    Most figures of a step do not act in it; for them the two readings are compared at one moment
    instead of on the step's whole grid (the comparison of a whole rite stays linear in its length)."""
    if track is None or len(track.samples) == 0:
        return None
    ts, s = track.t, track.samples
    i0 = int(np.searchsorted(ts, t0, side="right")) - 1  # the last sample at or before t0
    i1 = int(np.searchsorted(ts, t1, side="left"))  # the first at or after t1
    if i0 < 0 or any(x0 < t1 and x1 > t0 for x0, x1 in track.absent):
        return None
    rows = s[i0:min(i1, len(s) - 1) + 1, 1:4]
    if not (rows == rows[0]).all():
        return None
    return float(rows[0, 0]), float(rows[0, 1]), float(rows[0, 2])


def _figure(a: Choreography, b: Choreography, name: str, sa, sb) -> FigureDifference | None:
    ta, tb = a.tracks.get(name), b.tracks.get(name)
    still_a, still_b = _standing(ta, sa.t0, sa.t1), _standing(tb, sb.t0, sb.t1)
    if still_a is not None and still_b is not None:
        d = float(np.hypot(still_a[0] - still_b[0], still_a[1] - still_b[1]))
        bearings = (still_a[2] % 360, still_b[2] % 360)
        turn = abs((still_a[2] - still_b[2] + 180) % 360 - 180)
        return FigureDifference(name, d, d, bearings, (0.0, 0.0), turn, bearings)
    grids = [_grid(t, s.t0, s.t1) - s.t0 for t, s in ((ta, sa), (tb, sb)) if t is not None]
    rel = np.unique(np.concatenate(grids + [[0.0, sa.t1 - sa.t0, sb.t1 - sb.t0]]))
    pa = _present_positions(ta, np.minimum(rel + sa.t0, sa.t1))
    pb = _present_positions(tb, np.minimum(rel + sb.t0, sb.t1))
    if pa is None and pb is None:
        return None
    ea, eb = a.pose_at(name, sa.t1), b.pose_at(name, sb.t1)
    bearings = (ea.bearing, eb.bearing) if ea is not None and eb is not None else None
    paths = (_walked(pa), _walked(pb))
    if pa is None or pb is None:
        return FigureDifference(name, float("inf"), float("inf"), bearings, paths)
    d = np.linalg.norm(pa - pb, axis=1)
    both = ~np.isnan(d)  # coming in or going out at other moments is a difference of timing, not of place
    worst = float(np.max(d[both])) if both.any() else float("inf")
    end = float(np.hypot(ea.x - eb.x, ea.y - eb.y)) if bearings else float("inf")
    turn, turn_at = 0.0, None
    if both.any():
        fa = kin.facings(ta, np.minimum(rel + sa.t0, sa.t1)[both])
        fb = kin.facings(tb, np.minimum(rel + sb.t0, sb.t1)[both])
        gaps = np.abs((fa - fb + 180) % 360 - 180)
        k = int(np.argmax(gaps))
        turn, turn_at = float(gaps[k]), (float(fa[k] % 360), float(fb[k] % 360))
    return FigureDifference(name, worst, end, bearings, paths, turn, turn_at)


def _event_times(ch: Choreography, step, names) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for what in WHATS:
        times = {}
        for name in names:
            track = ch.tracks.get(name)
            if track is not None and len(track.samples):
                t, _ = event_time(ch, track, what, step.t0, step.t1)
                if t is not None:
                    times[name] = t - step.t0
        out[what] = times
    return out


def _orders(a: Choreography, b: Choreography, sa, sb) -> tuple[OrderDifference, ...]:
    names = [n for n in dict.fromkeys(sa.figures + sb.figures)
             if n in a.tracks and n in b.tracks and getattr(a.figures.get(n), "kind", "") == "person"]
    ea, eb = _event_times(a, sa, names), _event_times(b, sb, names)
    out = []
    for what in ORDER_WHATS:
        for x, y in combinations(names, 2):
            if not {x, y} <= ea[what].keys() & eb[what].keys():
                continue
            da, db = ea[what][y] - ea[what][x], eb[what][y] - eb[what][x]  # > 0: x first
            if abs(da) > AT_ONCE and abs(db) > AT_ONCE and (da > 0) != (db > 0):
                out.append(OrderDifference(what, (x, y), (x if da > 0 else y, x if db > 0 else y),
                                           (abs(da), abs(db))))
    return tuple(out)


def _acts(a: Choreography, b: Choreography, step_a: str, step_b: str) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    """Who does something in place (坐, 興, 揖, 受 …) under one reading and not the other in this step."""
    ea = [(e.figure, e.kind) for e in a.events if e.step == step_a]
    eb = [(e.figure, e.kind) for e in b.events if e.step == step_b]
    out = []
    for name in dict.fromkeys(f for f, _ in ea + eb):
        ka, kb = tuple(k for f, k in ea if f == name), tuple(k for f, k in eb if f == name)
        if sorted(ka) != sorted(kb):
            out.append((name, ka, kb))
    return tuple(out)


LIE_WORDS = {90.0: "縮", 180.0: "橫"}


def laid_words(ch: Choreography, step_id: str) -> str:
    """The 算 a step lays on the ground, said short: 「5 純 橫 apart, 1 奇 縮」, in laying order."""
    pieces = [p for p in ch.laid if p.step == step_id]
    groups: dict[tuple[str, float], list] = {}
    for p in pieces:
        groups.setdefault((p.kind, p.tip), []).append(p)
    out = []
    for (kind, tip), ps in groups.items():
        lie = LIE_WORDS.get(tip, f"{tip:.0f}°")
        if kind in ("算", "奇", "委"):
            out.append(f"{len(ps)} {kind} {lie}")
        else:
            n = sum(p.n for p in ps) // 2
            out.append(f"{n} {kind} {lie} " + ("one by one" if len(ps) > 1 else "together"))
    return ", ".join(out)


def _laid(a: Choreography, b: Choreography, step_a: str, step_b: str) -> tuple[str, str] | None:
    """The 算 laid in the step under each reading, where their kinds, lie or places (re-timed: relative
    to the first piece) differ."""
    pa = [p for p in a.laid if p.step == step_a]
    pb = [p for p in b.laid if p.step == step_b]
    if not pa and not pb:
        return None
    wa, wb = laid_words(a, step_a), laid_words(b, step_b)
    if wa == wb and len(pa) == len(pb):
        far = max((float(np.hypot(x.x - y.x, x.y - y.y)) for x, y in zip(pa, pb, strict=True)), default=0.0)
        if far <= SAME:
            return None
        wb = f"{wb}, up to {far:.1f} 尺 elsewhere"
    return wa or "none", wb or "none"


def step_difference(a: Choreography, b: Choreography, step_id: str, b_step: str | None = None) -> StepDifference:
    """What reading b changes in one step of reading a (the step may exist in one of them only).

    ``b_step``: the step of b that stands for it, where b replaces the step by one of its own.
    """
    sa, sb = _step(a, step_id), _step(b, b_step or step_id)
    durations = (sa.t1 - sa.t0 if sa else None, sb.t1 - sb.t0 if sb else None)
    if sa is None or sb is None:
        return StepDifference(step_id, sa is not None, sb is not None, (), (), durations)
    return _difference(a, b, sa, sb, step_id)


def _difference(a: Choreography, b: Choreography, sa, sb, step_id: str, sides=(True, True)) -> StepDifference:
    names = sorted(set(sa.figures) | set(sb.figures) | set(a.tracks) & set(b.tracks))
    found = [f for f in (_figure(a, b, n, sa, sb) for n in names) if f is not None]
    differ = tuple(f for f in found if f.moved or f.turned or f.turned_during)
    # Re-timed places the same throughout: starts, arrivals and climbs are at the same moments too.
    orders = _orders(a, b, sa, sb) if any(f.moved for f in differ) else ()
    durations = tuple(s.t1 - s.t0 if on else None for s, on in zip((sa, sb), sides, strict=True))
    return StepDifference(step_id, sides[0], sides[1], differ, orders, durations, _acts(a, b, sa.id, sb.id),
                          _laid(a, b, sa.id, sb.id))


def one_sided_difference(a: Choreography, b: Choreography, entry: Entry) -> StepDifference:
    """A step one plan only has, set against the other plan's figures waiting at its ``hold`` moment: who
    of either plan stands, moves or acts otherwise than the other side's (b's ghosts, or a's)."""
    from dataclasses import replace

    if entry.a is None:
        sb = entry.b
        sa = replace(sb, id="", t0=entry.hold_a, t1=entry.hold_a, figures=())
        return _difference(a, b, sa, sb, sb.id, (False, True))
    sa = entry.a
    sb = replace(sa, id="", t0=entry.hold_b, t1=entry.hold_b, figures=())
    return _difference(a, b, sa, sb, sa.id, (True, False))


def _step(ch: Choreography, step_id: str):
    try:
        return ch.step(step_id)
    except KeyError:
        return None


def compare(a: Choreography, b: Choreography) -> tuple[StepDifference, ...]:
    """Every step of either plan (a's order, then b's own) that b changes."""
    ids = list(dict.fromkeys([s.id for s in a.steps] + [s.id for s in b.steps]))
    return tuple(d for d in (step_difference(a, b, sid) for sid in ids) if d.differs)


def describe_acts(act: tuple[str, tuple[str, ...], tuple[str, ...]], reading_a: str, reading_b: str) -> str:
    name, ka, kb = act
    return f"{name} does {'、'.join(kb) or 'nothing in place'} under {reading_b}, {'、'.join(ka) or 'nothing'} under {reading_a}"


def describe_laid(laid: tuple[str, str], reading_a: str, reading_b: str) -> str:
    return f"the 算 laid on the ground: {laid[1]} under {reading_b}, {laid[0]} under {reading_a}"


def describe_order(o: OrderDifference, reading_a: str, reading_b: str) -> str:
    verb = {"start": "sets off", "arrive": "arrives", "climb": "goes up", "descend": "goes down"}[o.what]
    return (f"{o.first[0]} {verb} first under {reading_a} (by {o.lead[0]:.1f} s), "
            f"{o.first[1]} under {reading_b} (by {o.lead[1]:.1f} s)")


# -- a comparison drawn: the ghosts of reading (or venue) b over a, step by step (issue 17) ----------

FIRST = {"start": "先行", "arrive": "先至", "climb": "先升", "descend": "先降"}  # 主人先升 ↔ 賓先升


def facing_word(bearing: float) -> str:
    """The named facing nearest to a bearing (北面, 東南面 …), as the text would say it."""
    from stage.vocabulary import FACINGS

    return min(FACINGS, key=lambda w: abs((FACINGS[w] - bearing + 180) % 360 - 180))


def venue_differences(a, b) -> tuple[tuple[str, str, str, str, str], ...]:
    """The textual switches two venues set otherwise: (option, value in a, in b, source in a, in b); only
    options quoted from the text (Venue.option_sources), not modelling switches."""
    keys = [k for k in dict.fromkeys([*a.option_sources, *b.option_sources]) if a.options.get(k) != b.options.get(k)]
    return tuple((k, a.options.get(k, ""), b.options.get(k, ""), a.option_sources.get(k, ""),
                  b.option_sources.get(k, "")) for k in keys)


class Comparison:
    """Choreography b (another reading, or the same reading in another venue) set against a.

    Steps are matched by id, not by time (a reading may lengthen a step), or as one clause where a
    reading replaces a step by its own; a step one side only has is set against the other side's
    figures waiting (choreo.alignment). Each step's difference is computed once, by
    :func:`step_difference` (:func:`one_sided_difference`), and every consumer (the comparison video
    and still, the viewer's ghosts and its list of differing steps, the plates) asks this object.
    """

    def __init__(self, a: Choreography, b: Choreography) -> None:
        self.a, self.b = a, b
        self._diffs: dict[str, StepDifference] = {}
        self._entries: tuple[Entry, ...] | None = None
        self._of_a: dict[str, Entry] = {}
        self._of_b: dict[str, Entry] = {}

    @property
    def by_venue(self) -> bool:
        """Whether the venue is what differs (庠 ↔ 榭), rather than the reading."""
        return self.a.venue.key != self.b.venue.key

    def names(self) -> tuple[str, str]:
        """How the picture names the two sides: venue titles, or reading titles."""
        if self.by_venue:
            return tuple(c.venue.title or c.venue.key for c in (self.a, self.b))
        return tuple(c.reading_title or c.reading for c in (self.a, self.b))

    def entries(self) -> tuple[Entry, ...]:
        """Every step of either side once, in play order (choreo.alignment.align)."""
        if self._entries is None:
            self._entries = align(self.a, self.b)
            self._of_a = {e.a.id: e for e in self._entries if e.a is not None}
            self._of_b = {e.b.id: e for e in self._entries if e.b is not None}
        return self._entries

    def entry(self, step_id: str) -> Entry | None:
        """The entry of a's step ``step_id``, else of b's (None when neither side has it)."""
        self.entries()
        return self._of_a.get(step_id) or self._of_b.get(step_id)

    def only_b(self, steps=None) -> tuple[Entry, ...]:
        """The entries of b's own steps (a has no such step), in play order; with ``steps`` (a's steps
        shown), those that follow one of them."""
        out, shown, last = [], None if steps is None else {s.id for s in steps}, None
        for e in self.entries():
            if e.a is not None:
                last = e.a.id
            elif shown is None or last in shown:
                out.append(e)
        return tuple(out)

    def owns(self, step) -> bool:
        """Whether ``step`` is one of b's Step objects (then a moment given with it is on b's clock)."""
        self.entries()
        e = self._of_b.get(step.id) if step is not None else None
        return e is not None and e.b is step

    def difference(self, step_id: str) -> StepDifference:
        hit = self._diffs.get(step_id)
        if hit is None:
            e = self.entry(step_id)
            if e is None:
                hit = step_difference(self.a, self.b, step_id)
            elif e.one_sided:
                hit = one_sided_difference(self.a, self.b, e)
            else:
                hit = step_difference(self.a, self.b, e.a.id, e.b.id)
            self._diffs[step_id] = hit
        return hit

    def differs(self, step_id: str) -> bool:
        return self.difference(step_id).differs

    def differing_steps(self, steps=None) -> tuple[str, ...]:
        """Ids of a's steps (or of ``steps``) that b changes, in order."""
        return tuple(s.id for s in (self.a.steps if steps is None else steps) if self.differs(s.id))

    def ghosts(self, step_id: str) -> tuple[str, ...]:
        """The figures drawn as ghosts in this step: those whose place, facing, order or acts differ,
        and who are on the plan under b."""
        return tuple(n for n in self.difference(step_id).differing_figures if n in self.b.tracks)

    def other_time(self, step_id: str, t: float) -> float | None:
        """The moment of b that stands for a's moment t in this step: as far into b's step as t is into
        a's (re-timed from the step's start, as :func:`step_difference` compares them, so that what it
        calls the same is drawn the same), held at b's end when b's step is the shorter; b's waiting
        moment when b has no such step; None when the step is not a's. Where b's step is the longer,
        a video plays its rest on b's clock after a's end (choreo.render.comparetime)."""
        e = self.entry(step_id)
        if e is None or e.a is None or e.a.id != step_id:
            return None
        if e.b is None:
            return e.hold_b
        sa, sb = e.a, e.b
        return sb.t0 + min(max(t - sa.t0, 0.0), sb.t1 - sb.t0)

    def base_time(self, step, t: float) -> float:
        """a's moment that stands for b's moment t of b's ``step`` (the inverse of :meth:`other_time`): a's
        waiting moment when a has no such step, held at a's end when a's step is the shorter."""
        e = self.entry(step.id) if step is not None else None
        if e is None or e.b is None:
            return t
        if e.a is None:
            return e.hold_a
        return e.a.t0 + min(max(t - e.b.t0, 0.0), e.a.t1 - e.a.t0)

    def still(self, step_id: str):
        """(moment, step) of a still at the end of a step of either side: both sides at their step's end
        (on b's clock where b's step is the longer, or b's only)."""
        e = self.entry(step_id)
        if e is None:
            return None
        if e.b is not None and (e.a is None or e.b.t1 - e.b.t0 > e.a.t1 - e.a.t0 + 1e-9):
            return e.b.t1, e.b
        return e.a.t1, e.a

    def label(self, name: str) -> str:
        """A figure as the picture names it (obj.算 → 算)."""
        info = self.a.figures.get(name) or self.b.figures.get(name)
        return (info.label if info is not None and info.label else name)

    def changes(self, step_id: str) -> tuple[str, ...]:
        """Short phrases saying what b changes in this step: 「主人先升 ↔ 賓先升」, 「釋獲者 北面 ↔ 東面」, a distance."""
        d = self.difference(step_id)
        na, nb = self.names()
        head = []
        if not d.in_b:
            head = [f"a step of {na} only: {nb} has none, its figures wait"]
        elif not d.in_a:
            head = [f"a step of {nb} only: {na} has none, its figures wait"]
        out = head + [f"{v_a or '—'} ↔ {v_b or '—'}" for _, v_a, v_b, _, _ in
               (venue_differences(self.a.venue, self.b.venue) if self.by_venue else ())]
        seen = set()
        for o in d.orders:
            if (o.what, o.first) in seen or o.what not in ("climb", "descend"):
                continue
            seen.add((o.what, o.first))
            out.append(self._order(o))
        if not seen:
            out += [self._order(o) for o in d.orders[:1]]
        actors = set(self.entry(step_id).step.figures if self.entry(step_id) else ())
        for f in sorted(d.figures, key=lambda f: f.figure not in actors):  # the step's actors first
            if f.turned or f.turned_during and not f.moved:
                pair = f.bearings if f.turned else f.turn_at
                if pair is not None:
                    out.append(f"{self.label(f.figure)} {facing_word(pair[0])} ↔ {facing_word(pair[1])}")
                    continue
            if f.moved and f.max_distance != float("inf"):
                out.append(f"{self.label(f.figure)} up to {f.max_distance:.1f} 尺 elsewhere")
        for name, ka, kb in d.acts:
            out.append(f"{self.label(name)} {'、'.join(ka) or '—'} ↔ {'、'.join(kb) or '—'}")
        if d.laid is not None:
            out.append(f"算 {d.laid[0]} ↔ {d.laid[1]}")
        return tuple(dict.fromkeys(out))

    def _order(self, o: OrderDifference) -> str:
        word = FIRST[o.what]
        return f"{self.label(o.first[0])}{word} ↔ {self.label(o.first[1])}{word}"
