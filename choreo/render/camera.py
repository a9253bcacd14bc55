"""The automatic camera: frame the figures acting in the current step, smoothly, as a pure function of t.

For ceremony time t the camera takes the step on screen, the figures it names and the landmarks its
clause names (framing.py: 「當階」 brings in the 階, 「升」…「堂」 the whole 堂), samples where the
figures are over a window around t (so it pans ahead of a walker rather than chasing him), and fits
that box. Across a change of step it blends from the framing on screen before (the step the timeline
showed last: a step begun with another comes on screen when the other ends) to the new one (centre
linearly, size geometrically) over ``blend`` seconds from the moment the step comes on screen, or over
half its stretch when that is shorter, so that every step settles on its own framing before it ends (a
still at its end shows it). Where the framing changes at once within a step (the shot inset opens and the
archers join the framed, a framed figure appears, the actors change side of the range), the view eases
there over the ``blend`` before it. The result depends on t and the Choreography only: the same frame is
drawn whether the export starts at 0 or jumps to t.

The zoom is held for a whole step: a step's span is the largest box its actors need at any moment
of it, and only the centre follows them. A steady scale reads calmer than a view that breathes as
figures part and meet, and it lets the renderer pan a cached plan instead of redrawing it (only
the blend between two steps of different span zooms).

The hall is some 40 尺 wide and the 侯 300 尺 away: a box spanning both would shrink the hall to a
few pixels. When the actors are split between the hall and the range, the main view keeps the ones
in the hall and the 侯道 strip beside it shows the whole range with everyone on it.
"""

from __future__ import annotations

import bisect
import itertools
import math
from functools import cached_property
from typing import NamedTuple

import numpy as np

from choreo.model import Choreography, Step
from choreo.render.edgecut import cut_count, uncut_box
from choreo.render.figstate import own_landmarks
from choreo.render.framing import landmark_points, named_landmarks
from choreo.render.planlayout import PlanLayout
from choreo.render.shotinset import AFTER, BEFORE, current_shot, story_end
from choreo.render.viewport import Bounds, Rect, Viewport, fit

WINDOW = 4.0  # ceremony seconds looked ahead and back (modelling choice: about two paces)
SAMPLES = 9
MIN_SPAN = 48.0  # 尺: never zoom in closer than this (modelling choice: the 堂 stays in context)
PAD = 6.0  # 尺 of margin round the actors (room for labels)
_OFFSETS = np.linspace(-WINDOW, WINDOW, SAMPLES)
_OFFSET_LIST = _OFFSETS.tolist()
SPAN_GRID = 2 ** 0.25  # step spans are rounded up to powers of this (modelling choice: ≤ 19 % wider)
SPAN_SAMPLES = 48  # moments of a step sampled for its span (modelling choice: ample for a few walks)
WIDEN_LEVELS = 1  # zoom levels (SPAN_GRID) a step's view may widen by to cut no one (modelling choice)
WIDEN_SAMPLES = 5  # moments of a step at which its cuts are counted
SHIFT_GRID = 1.0  # ceremony seconds between the moments the bystanders' cuts are looked at (choice: under a pace)
# Cuts within a step's stretch are eased over the camera's blend before them, so that the view is where the
# cut puts it when it comes (modelling choice: a view that jumps as the shot inset opens or the actors step
# off the 堂 loses the audience; easing after the cut would leave the archers out of view at the release).
# Looked for at moments JUMP_SCAN ceremony seconds apart (choice: two cuts within a second are eased as one);
# a move of the box of over JUMP_SCAN_MOVE of its width (or zoom by that much) between two is looked into; a
# cut is a move of at least JUMP_MIN within JUMP_AT seconds (a walker's pan moves the box a thousandth of that).
JUMP_SCAN = 1.0
JUMP_SCAN_MOVE = 0.04
JUMP_MIN = 0.02
JUMP_AT = 1e-4


def _smooth(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


# A track as plain lists (times, xs, ys, absent spans): Track.at's rule evaluated here without its calls
# and numpy's per-call cost, which were most of the camera's time a frame (the same floats: the same
# interval, the same arithmetic as interpolation.sample_at).
_Plain = tuple[list[float], list[float], list[float], tuple[tuple[float, float], ...]]


def _plain(track) -> _Plain:
    s = track.samples
    return s[:, 0].tolist(), s[:, 1].tolist(), s[:, 2].tolist(), track.absent


def _place_at(plain: _Plain, t: float) -> tuple[float, float] | None:
    """(x, y) of Track.at(t), None where it gives None."""
    times, xs, ys, absent = plain
    if not times or t < times[0]:
        return None
    if absent:
        for a, b in absent:
            if a <= t < b:
                return None
    i = bisect.bisect_right(times, t) - 1
    if i + 1 == len(times):
        return xs[i], ys[i]
    u = (t - times[i]) / (times[i + 1] - times[i])
    return xs[i] + u * (xs[i + 1] - xs[i]), ys[i] + u * (ys[i + 1] - ys[i])


_INF = math.inf


def _extent_over(plain: _Plain, ts: list[float], top: float, hall: list[float], court: list[float]) -> None:
    """Widen ``hall`` and ``court`` ([minx, miny, maxx, maxy]) by Track.at's place at each of the
    ascending ``ts``: a place at or north of ``top`` the first, south of it the second (the samples are
    walked once for all of ``ts``)."""
    times, xs, ys, absent = plain
    n = len(times)
    if not n:
        return
    if not absent and ts[0] >= times[0]:
        i = bisect.bisect_right(times, ts[0]) - 1
        x0, y0 = xs[i], ys[i]
        if all(xs[k] == x0 and ys[k] == y0 for k in range(i + 1, min(bisect.bisect_right(times, ts[-1]) + 1, n))):
            # at one place at every t (a figure standing all the window): the place the loop below finds at
            # the first (the others equal it: they widen nothing)
            if i + 1 < n:
                u = (ts[0] - times[i]) / (times[i + 1] - times[i])
                x0, y0 = x0 + u * (xs[i + 1] - x0), y0 + u * (ys[i + 1] - y0)
            box = hall if y0 >= top else court
            box[0], box[1] = (x0 if x0 < box[0] else box[0]), (y0 if y0 < box[1] else box[1])
            box[2], box[3] = (x0 if x0 > box[2] else box[2]), (y0 if y0 > box[3] else box[3])
            return
    i = -1
    for t in ts:
        if t < times[0]:
            continue
        if absent and any(a <= t < b for a, b in absent):
            continue
        if i < 0:
            i = bisect.bisect_right(times, t) - 1
        while i + 1 < n and times[i + 1] <= t:
            i += 1
        if i + 1 == n:
            x, y = xs[i], ys[i]
        else:
            u = (t - times[i]) / (times[i + 1] - times[i])
            x, y = xs[i] + u * (xs[i + 1] - xs[i]), ys[i] + u * (ys[i + 1] - ys[i])
        box = hall if y >= top else court
        if x < box[0]:
            box[0] = x
        if y < box[1]:
            box[1] = y
        if x > box[2]:
            box[2] = x
        if y > box[3]:
            box[3] = y


def _empty() -> list[float]:
    return [_INF, _INF, -_INF, -_INF]


def _widen(box: list[float], other: list[float] | None) -> None:
    if other is not None and other[0] <= other[2]:
        box[0], box[1] = min(box[0], other[0]), min(box[1], other[1])
        box[2], box[3] = max(box[2], other[2]), max(box[3], other[3])


class _ShotWindows:
    """shotinset.current_shot by bisection: the shots opened by t are a prefix (they are in release
    order), and the story told is the last of them still open at t (its loop looked at every shot)."""

    def __init__(self, choreo: Choreography) -> None:
        self.choreo = choreo
        self.shots = choreo.shots
        self.opens = [s.release - BEFORE for s in self.shots]
        self.closes = [story_end(s, choreo) + AFTER for s in self.shots]
        self.in_order = all(a <= b for a, b in itertools.pairwise(self.opens))
        self.reach = list(itertools.accumulate(self.closes, max))  # the latest close among shots[:k + 1]

    def at(self, t: float):
        if not self.in_order:
            return current_shot(self.choreo, t)
        k = bisect.bisect_right(self.opens, t)
        if k == 0 or self.reach[k - 1] < t:
            return None
        while self.closes[k - 1] < t:
            k -= 1
        return self.shots[k - 1]


class Stretch(NamedTuple):
    """A stretch of ceremony time a step is on screen: [start, end] (a point where it is paused on), and the
    step (an index) whose framing is on screen before it (None for the first)."""

    start: float
    end: float
    before: int | None
    paused: bool


class Camera:
    """Viewports for the main panel at any ceremony time."""

    def __init__(self, choreo: Choreography, layout: PlanLayout, rect: Rect, mode: str = "auto",
                 blend: float = 3.0, *, disc_px: float = 8.0, room_px: float = 24.0,
                 quick: frozenset[str] = frozenset(), quick_by: float = 1.0) -> None:
        """``disc_px``: the smallest radius a person's disc is drawn with, in pixels; ``room_px`` the
        room his name needs beside it (a figure the view shows is shown whole, with that room). ``quick``:
        ids of steps the video plays ``quick_by`` times faster (a comparison's steps where the readings
        agree): their eases take that many times the ``blend``, so that they last as long on screen."""
        self.choreo = choreo
        self.disc_px = disc_px
        self.room_px = room_px
        self.layout = layout
        self.rect = rect
        self.mode = mode
        self.blend = blend
        self.quick, self.quick_by = quick, quick_by
        self._steps = choreo.steps
        self._persons = [n for n, f in choreo.figures.items() if f.kind != "object" and n in choreo.tracks]
        self._person_set = set(self._persons)
        self._spans: dict[int, float] = {}
        self._index = {id(s): i for i, s in enumerate(self._steps)}
        self._index_by_id: dict[str, int] = {}
        for i, s in enumerate(self._steps):
            self._index_by_id.setdefault(s.id, i)
        self._own = own_landmarks(choreo)
        self._whole: Bounds | None = None
        self._named: dict[tuple, tuple[np.ndarray, tuple[str, ...]]] = {}  # step text → framed places
        self._shooters: dict[tuple, tuple[str, ...]] = {}  # (step, passage) of a stretch → its archers
        self._radii = np.array([choreo.figures[n].radius or 1.0 for n in self._persons], dtype=float)
        self._people_at: dict[float, tuple] = {}  # t → (names, x y radius) of the people present
        self._shifts: dict[tuple, tuple[float, float]] = {}  # (step, grid moment, span) → the box's move
        self._radius = {n: float(r) for n, r in zip(self._persons, self._radii, strict=True)}
        self._plains = {n: _plain(track) for n, track in choreo.tracks.items()}
        self._place_sides: dict[tuple, tuple[list[float] | None, list[float] | None]] = {}  # named → sides
        self._shot_windows = _ShotWindows(choreo)
        self._jump_memo: dict[tuple, list] = {}  # (step, its stretch's start) → the cuts within it

    def named(self, step: Step | None) -> tuple[np.ndarray, tuple[str, ...]]:
        """The points of the landmarks the step's clause names, (n, 2), and the objects standing for
        the landmarks that are an object's own place (framed where the object is)."""
        if step is None:
            return np.empty((0, 2)), ()
        key = (step.text, step.figures, step.t0, step.t1)
        hit = self._named.get(key)
        if hit is None:
            venue = self.choreo.venue
            names = named_landmarks(step.text, venue)
            pts, objs = landmark_points(names + self._floors_reached(step, names), venue, self._own)
            objs = tuple(o for o in objs if o in self.choreo.tracks)
            hit = self._named[key] = (np.array(pts, dtype=float).reshape(-1, 2), objs)
        return hit

    def _floors_reached(self, step: Step, named: tuple[str, ...]) -> tuple[str, ...]:
        """The raised floor (the 堂) when an actor of the step stands on it at some moment: 「升」 names
        no landmark, but a figure going up is shown with the whole 堂 he goes up to (choice: the
        堂 is the context of what happens on it; a view cut at its edge hid the seats and the 物)."""
        platform = self.choreo.venue.platform
        if platform is None or platform in named:
            return ()
        geom = self.choreo.venue.landmarks[platform].geometry
        if geom is None or geom.is_empty:
            return ()
        minx, miny, maxx, maxy = geom.bounds
        times = np.linspace(step.t0, max(step.t0, step.t1), SPAN_SAMPLES)
        for name in step.figures:
            track = self.choreo.tracks.get(name)
            if track is None or not len(track.samples):
                continue
            at = track.at_times(times[track.present(times)])  # Track.at at these times at once
            x, y = at[:, 0], at[:, 1]
            if ((x >= minx) & (x <= maxx) & (y >= miny) & (y <= maxy)).any():
                return (platform,)
        return ()

    def places(self, step: Step | None, t: float) -> np.ndarray:
        """The named places at t: the landmarks' points and where the named objects are."""
        pts, objs = self.named(step)
        extra = [(p.x, p.y) for p in (self.choreo.pose_at(o, t) for o in objs) if p is not None]
        return np.vstack((pts, np.array(extra, dtype=float).reshape(-1, 2))) if extra else pts

    def _named_sides(self, step: Step | None) -> tuple[tuple[str, ...], list[float], list[float]]:
        """:meth:`named`'s objects, and the extents ([minx, miny, maxx, maxy]) of its landmarks' points
        at or north of the range's top (the hall's) and south of it (the range's)."""
        if step is None:
            return (), _empty(), _empty()
        key = (step.text, step.figures, step.t0, step.t1)
        hit = self._place_sides.get(key)
        if hit is None:
            pts, objs = self.named(step)
            hall, court = _empty(), _empty()
            for x, y in pts.tolist():
                _widen(hall if y >= self.layout.range_top else court, [x, y, x, y])
            hit = self._place_sides[key] = (objs, hall, court)
        return hit

    def _sides(self, step: Step | None, t: float) -> tuple[list[float], list[float]]:
        """The extents of the named places at t in the hall and in the range (:meth:`_named_sides`):
        the landmarks' points and where the named objects are."""
        objs, hall, court = self._named_sides(step)
        if not objs:
            return hall, court
        hall, court = list(hall), list(court)
        for o in objs:
            at = _place_at(self._plains[o], t)
            if at is not None:
                _widen(hall if at[1] >= self.layout.range_top else court, [at[0], at[1], at[0], at[1]])
        return hall, court

    def whole_court(self) -> Bounds:
        """The ``full`` camera's main view: the hall and the court with everyone who is ever there
        (the target end is shown beside it, enlarged, in the strip: at one scale with the 侯 300 尺
        away, a wide frame was four fifths empty)."""
        if self._whole is None:
            pts = [self.layout.hall_bounds[:2], self.layout.hall_bounds[2:]]
            far = self.layout.far_bounds
            edge = far[3] if far is not None else self.layout.range_top  # north of the target end
            for name in self._persons:
                s = self.choreo.tracks[name].samples
                north = s[s[:, 2] > edge] if len(s) else s
                if len(north):
                    pts += [tuple(north[:, 1:3].min(axis=0) - PAD), tuple(north[:, 1:3].max(axis=0) + PAD)]
            arr = np.array(pts, dtype=float)
            self._whole = (*arr.min(axis=0), *arr.max(axis=0))
        return self._whole

    def settled_at(self, step: Step, t: float) -> float:
        """The moment from t on when the view of ``step`` has eased in: the end of the blend into the stretch
        of it holding t (from when it came on screen), not before t, and not past the stretch's end."""
        i = self._step_index(step)
        run = self._run_at(i, t) if i is not None else None
        since, end = (run.start, run.end) if run is not None else (step.t0, step.t1)
        return min(end, max(t, since + min(self._blend_of(step), max(0.0, end - since) / 2)))

    def blend_of(self, step: Step) -> float:
        """Ceremony seconds the camera takes to ease into ``step``'s framing."""
        return min(self._blend_of(step), max(0.0, step.t1 - step.t0) / 2)

    def _blend_of(self, step: Step) -> float:
        """The ceremony seconds of an ease in ``step``: :attr:`blend`, times ``quick_by`` for a quick step."""
        return self.blend * self.quick_by if step.id in self.quick else self.blend

    def shooters(self, t: float) -> tuple[str, ...]:
        """The archers of the shooting stretch whose story the shot inset tells at t (none when it is
        closed): framed with the step's actors. The inset shows the target end; 「獲者坐而獲」, begun with
        「乃射」 and captioned over it, framed its 獲者 alone and left the pair shooting off screen."""
        shot = self._shot_windows.at(t) if self.choreo.shots else None
        if shot is None:
            return ()
        key = (shot.step, shot.passage)
        hit = self._shooters.get(key)
        if hit is None:
            hit = self._shooters[key] = tuple(dict.fromkeys(
                s.archer for s in self.choreo.shots if (s.step, s.passage) == key))
        return hit

    def framed(self, step: Step | None, t: float) -> tuple[str, ...]:
        """The figures the camera is to frame at t: the step's, and the archers shooting (:meth:`shooters`)."""
        own = step.figures if step else ()
        extra = [n for n in self.shooters(t) if n not in own]
        return (*own, *extra) if extra else own

    def actors(self, step: Step | None, t: float) -> list[str]:
        """The figures the camera frames: those of :meth:`framed` that are present, else everyone."""
        return [n for n, _ in self._actors_at(step, t)]

    def _actors_at(self, step: Step | None, t: float) -> list[tuple[str, tuple[float, float]]]:
        """:meth:`actors` with their places at t."""
        plains = self._plains
        present = [(n, at) for n in self.framed(step, t)
                   if n in plains and (at := _place_at(plains[n], t)) is not None]
        if present:
            return present
        return [(n, at) for n in self._persons if (at := _place_at(plains[n], t)) is not None]

    def _raw_box(self, actors: list[tuple[str, tuple[float, float]]], t: float,
                 sides: tuple[list[float], list[float]]) -> Bounds | None:
        """The actors' positions over the window round t and the named places (``sides``: in the hall,
        in the range) on their side of the range (the hall's or the 侯's), padded (None when nobody is
        there). Actors in the range while others are in the hall are shown by the strip."""
        top = self.layout.range_top
        hall, court = _empty(), _empty()
        ts = [t + o for o in _OFFSET_LIST]
        for name, _ in actors:
            _extent_over(self._plains[name], ts, top, hall, court)
        if hall[0] <= hall[2]:
            box, side = hall, 0
        elif court[0] <= court[2]:
            box, side = court, 1
        else:
            return None
        _widen(box, sides[side])
        return (box[0] - PAD, box[1] - PAD, box[2] + PAD, box[3] + PAD)

    def _span_w(self, raw: Bounds) -> float:
        _, _, w, h = self.rect
        aspect = w / max(h, 1)
        return max(raw[2] - raw[0], (raw[3] - raw[1]) * aspect, MIN_SPAN * aspect)

    def step_span(self, step: Step) -> float:
        """The world width shown during ``step``: the widest its actors need at any moment of it."""
        i = self._step_index(step)
        key = -1 if i is None else i
        hit = self._spans.get(key)
        if hit is None:
            hit = self._span_of(step)
            if hit <= 0:
                hit = self._span_w(self.layout.hall_bounds)
            # a few zoom levels shared by many steps: the plan's tiles drawn for one serve the next
            hit = SPAN_GRID ** math.ceil(math.log(hit) / math.log(SPAN_GRID) - 1e-9)
            if self.mode == "auto" and i is not None:
                hit = self._widened(step, hit)
            self._spans[key] = hit
        return hit

    def _widened(self, step: Step, span: float) -> float:
        """``span``, or up to WIDEN_LEVELS zoom levels wider when the bystanders the step's framing
        cuts at WIDEN_SAMPLES moments of it are fewer so (choice: a file standing across the edge
        is taken in whole rather than cut; no wider, so that the actors stay large)."""
        times = np.linspace(step.t0, max(step.t0, step.t1), WIDEN_SAMPLES)
        best, fewest = span, None
        for k in range(WIDEN_LEVELS + 1):
            level = span * SPAN_GRID ** k
            cuts = sum(self._cuts(step, float(t), level) for t in times)
            if fewest is None or cuts < fewest:
                best, fewest = level, cuts
            if not cuts:
                break
        return best

    def _cuts(self, step: Step, t: float, span: float) -> int:
        """How many bystanders the edge of the step's box at t cuts, at zoom ``span``."""
        box = self._box(step, t, span)
        people, at, radius, _ = self._discs(t, box)
        if not people:
            return 0
        others = ~self._framed_mask(people, at, self.actors(step, t))
        return cut_count(box, np.column_stack((at[others, :2], radius[others])))

    def _span_of(self, step: Step) -> float:
        """The largest box of :meth:`_raw_box` over the step's SPAN_SAMPLES moments, all at once in
        numpy (the same arithmetic as calling ``_raw_box(actors(step, t), t)`` at every moment, which
        costs some 8 ms a step in Python loops): figures × moments × window offsets."""
        tracks = self.choreo.tracks
        places, objs = self.named(step)
        times = np.linspace(step.t0, max(step.t0, step.t1), SPAN_SAMPLES)
        shooting = [self.shooters(float(u)) for u in times] if self.choreo.shots else [()] * len(times)
        named = [n for n in dict.fromkeys((*step.figures, *(n for a in shooting for n in a))) if n in tracks]
        names = list(dict.fromkeys(named + self._persons + [o for o in objs if o in tracks]))
        names = [n for n in names if len(tracks[n].samples)]  # an empty track is never present
        if not names:
            return 0.0
        is_named = np.array([n in set(named) for n in names])
        is_person = np.array([n in self._person_set for n in names])
        is_object = np.array([n in objs and n not in named for n in names])
        ts = times[:, None] + _OFFSETS[None, :]  # (moments, offsets)
        xs = np.empty((len(names), *ts.shape))
        ys = np.empty_like(xs)
        for k, name in enumerate(names):
            at = tracks[name].at_times(ts)
            xs[k] = at[..., 0]
            ys[k] = at[..., 1]
        present = np.array([tracks[n].present(times) for n in names])  # (figures, moments): Track.at is not None
        named_here = present & is_named[:, None]
        if any(shooting):  # an archer not of the step is framed while he shoots only (shooters)
            own = set(step.figures)
            named_here &= np.array([[n in own or n in a for a in shooting] for n in names])
        actors = np.where(named_here.any(axis=0)[None, :], named_here, present & is_person[:, None])
        pts = actors[:, :, None] & np.array([tracks[n].present(ts) for n in names])  # absent before / outside
        count = pts.sum(axis=(0, 2))
        hall = pts & (ys >= self.layout.range_top)
        hall_count = hall.sum(axis=(0, 2))
        use = np.where(((hall_count > 0) & (hall_count < count))[None, :, None], hall, pts)
        side = hall_count > 0
        # a named object is a place: framed where it is at each moment, on the actors' side only
        at_obj = is_object[:, None, None] & present[:, :, None]
        on_side = np.where(side[None, :, None], ys >= self.layout.range_top, ys < self.layout.range_top)
        use = use | (at_obj & on_side)
        inf = np.inf
        minx = np.where(use, xs, inf).min(axis=(0, 2))
        maxx = np.where(use, xs, -inf).max(axis=(0, 2))
        miny = np.where(use, ys, inf).min(axis=(0, 2))
        maxy = np.where(use, ys, -inf).max(axis=(0, 2))
        if len(places):  # the named places on the actors' side of the range, as _raw_box takes them
            in_hall = places[:, 1] >= self.layout.range_top
            for sel, where in ((places[in_hall], side), (places[~in_hall], ~side)):
                if len(sel):
                    lo, hi = sel.min(axis=0), sel.max(axis=0)
                    minx = np.where(where, np.minimum(minx, lo[0]), minx)
                    maxx = np.where(where, np.maximum(maxx, hi[0]), maxx)
                    miny = np.where(where, np.minimum(miny, lo[1]), miny)
                    maxy = np.where(where, np.maximum(maxy, hi[1]), maxy)
        minx, miny, maxx, maxy = minx - PAD, miny - PAD, maxx + PAD, maxy + PAD
        _, _, w, h = self.rect
        aspect = w / max(h, 1)
        spans = np.maximum(np.maximum(maxx - minx, (maxy - miny) * aspect), MIN_SPAN * aspect)
        spans = spans[count > 0]
        return float(spans.max()) if len(spans) else 0.0

    def _fitted(self, actors: list[tuple[str, tuple[float, float]]], t: float, span_w: float | None,
                sides: tuple[list[float], list[float]]) -> Bounds:
        """The box round the actors' window at t (:meth:`_raw_box`) at the step's span, before any
        bystander is considered."""
        raw = self._raw_box(actors, t, sides)
        if raw is None:
            raw = self.layout.hall_bounds
        cx, cy = (raw[0] + raw[2]) / 2, (raw[1] + raw[3]) / 2
        _, _, w, h = self.rect
        aspect = w / max(h, 1)
        span_w = max(span_w or 0.0, self._span_w(raw))
        span_h = span_w / aspect
        return (cx - span_w / 2, cy - span_h / 2, cx + span_w / 2, cy + span_h / 2)

    def _box(self, step: Step | None, t: float, span_w: float | None = None) -> Bounds:
        """The box framing ``step`` at t: :meth:`_fitted`, moved so that it cuts no bystander
        (:meth:`_shift`, eased between the moments it is found at) and clamped to keep the framed in."""
        actors, sides = self._actors_at(step, t), self._sides(step, t)
        box = self._fitted(actors, t, span_w, sides)
        if step is None:
            return box
        m0 = math.floor(t / SHIFT_GRID) * SHIFT_GRID
        m1 = m0 + SHIFT_GRID
        if step.t0 <= t <= step.t1:  # the grid's moments within the step: its own first and last too
            m0, m1 = max(m0, step.t0), min(m1, step.t1)
        else:  # the step before, still eased out of after its end: as it is at t
            m0 = m1 = t
        a = self._shift(step, m0, span_w)
        u = (t - m0) / (m1 - m0) if m1 > m0 else 0.0
        b = self._shift(step, m1, span_w) if u > 0 else a
        dx, dy = a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])
        need = self._need(actors, sides, box)
        hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        cx, cy = (box[0] + box[2]) / 2 + dx, (box[1] + box[3]) / 2 + dy
        if need is not None:  # the framed at t stay inside (clamped only where it can hold them)
            if need[2] - need[0] <= 2 * hw:
                cx = min(max(cx, need[2] - hw), need[0] + hw)
            if need[3] - need[1] <= 2 * hh:
                cy = min(max(cy, need[3] - hh), need[1] + hh)
        return (cx - hw, cy - hh, cx + hw, cy + hh)

    def _shift(self, step: Step, t: float, span_w: float | None) -> tuple[float, float]:
        """How far the box framing ``step`` at grid moment t moves to cut no bystander (edgecut.uncut_box):
        found at moments SHIFT_GRID apart and eased between them, so that the view pans where a figure
        would be cut, rather than jumping from one side of him to the other."""
        key = (self._step_index(step), t, span_w)
        hit = self._shifts.get(key)
        if hit is None:
            actors, sides = self._actors_at(step, t), self._sides(step, t)
            box = self._fitted(actors, t, span_w, sides)
            people, at, radius, room = self._discs(t, box)
            hit = (0.0, 0.0)
            if len(people):
                framed = self._framed_mask(people, at, [n for n, _ in actors])
                discs = np.column_stack((at[~framed, :2], radius[~framed]))
                moved = uncut_box(box, discs, room, self._need(actors, sides, box))
                hit = (moved[0] - box[0], moved[1] - box[1])
            if len(self._shifts) > 4096:
                self._shifts.clear()
            self._shifts[key] = hit
        return hit

    def people_at(self, t: float) -> tuple[list[str], np.ndarray]:
        """The people present at t and their (x, y, radius in 尺), kept for a few moments."""
        hit = self._people_at.get(t)
        if hit is None:
            names, rows = [], []
            for name in self._persons:
                at = _place_at(self._plains[name], t)
                if at is not None:
                    names.append(name)
                    rows.append((at[0], at[1], self._radius[name]))
            if len(self._people_at) > 8:
                self._people_at.clear()
            hit = self._people_at[t] = (names, np.array(rows, dtype=float).reshape(-1, 3))
        return hit

    def _discs(self, t: float, box: Bounds) -> tuple[list[str], np.ndarray, np.ndarray, float]:
        """The people at t, their places, their discs' radii as drawn in ``box`` (尺, with a pixel
        the view's snapping may move them by) and the room a name needs beside a disc (尺)."""
        people, at = self.people_at(t)
        scale = self.rect[2] / max(box[2] - box[0], 1e-9)  # pixels a 尺
        radius = np.maximum(at[:, 2], self.disc_px / scale) + 1.5 / scale
        return people, at, radius, self.room_px / scale

    def _framed_mask(self, people: list[str], at: np.ndarray, names: list[str]) -> np.ndarray:
        """Which of ``people`` the box frames: ``names``, on the side of the range it shows (those of
        them in the range while others are in the hall are the strip's: bystanders here)."""
        framed = set(names)
        mine = np.array([n in framed for n in people], dtype=bool)
        hall_side = at[:, 1] >= self.layout.range_top
        if (mine & hall_side).any():
            mine &= hall_side
        return mine

    def _need(self, actors: list[tuple[str, tuple[float, float]]], sides: tuple[list[float], list[float]],
              box: Bounds) -> Bounds | None:
        """What must stay in the box: the framed people's discs (``actors``: the framed with their
        places) with their names' room, and the named places on their side of the range (None when
        nobody framed is there)."""
        scale = self.rect[2] / max(box[2] - box[0], 1e-9)
        floor, room, top = self.disc_px / scale, self.room_px / scale, self.layout.range_top
        radius = self._radius  # people only: a framed object is no disc to keep whole
        spots = [(at[0], at[1], max(radius[n], floor) + 1.5 / scale + room) for n, at in actors if n in radius]
        hall = [s for s in spots if s[1] >= top]
        spots = hall or spots  # the framed in the range while others are in the hall are the strip's
        if not spots:
            return None
        need = [min(x - r for x, _, r in spots), min(y - r for _, y, r in spots),
                max(x + r for x, _, r in spots), max(y + r for _, y, r in spots)]
        _widen(need, sides[0 if hall else 1])
        return tuple(need)

    def _step_index(self, step: Step | None) -> int | None:
        if step is None:
            return None
        i = self._index.get(id(step))
        if i is not None and self._steps[i] is step:
            return i
        return self._index_by_id.get(step.id)

    def box(self, t: float, step: Step | None) -> Bounds:
        return self.view(t, step)[0]

    def view(self, t: float, step: Step | None) -> tuple[Bounds, bool]:
        """The world box shown at t and whether the zoom is settled (False only while it eases)."""
        if self.mode in ("hall", "full"):  # fixed: the hall and the court with everyone who stands there
            return self.whole_court(), True
        i = self._step_index(step)
        if i is None:
            return self._box(step, t, self.step_span(step) if step is not None else None), True
        run = self._run_at(i, t)
        box, settled = self._stepped(step, i, t, run)
        if run is not None:
            eased = eased_into(box, t, self._jumps(i, run))
            if eased != box:
                settled = settled and abs((eased[2] - eased[0]) - (box[2] - box[0])) < 1e-9
                box = eased
        return box, settled

    def _stepped(self, step: Step, i: int, t: float, run: Stretch | None) -> tuple[Bounds, bool]:
        """The step's box at t, blended from the framing on screen before it over :attr:`blend` seconds from
        the moment it came on screen (``run``: that stretch of it; None off its stretches: from its start,
        after the step listed before it), or over half the stretch when that is shorter. A step paused on
        (one no other leaves on screen: the timeline holds its start while its clause is read) keeps the
        framing before it: the ceremony clock stands, so a change of view there could only be a cut."""
        if run is None:
            since, length, before = step.t0, step.t1 - step.t0, (i - 1 if i > 0 else None)
        else:
            since, length, before = run.start, run.end - run.start, run.before
        if run is not None and run.paused and before is not None:
            prior = self._steps[before]
            return self._box(prior, t, self.step_span(prior)), True
        cur = self._box(step, t, self.step_span(step))
        if before is None or before == i:
            return cur, True
        blend = min(self._blend_of(step), max(0.0, length) / 2)
        u = _smooth((t - since) / blend) if blend > 0 else 1.0
        if u >= 1.0:
            return cur, True
        prior = self._steps[before]
        prev = self._box(prior, t, self.step_span(prior))
        settled = abs((prev[2] - prev[0]) - (cur[2] - cur[0])) < 1e-9
        return _blend(prev, cur, u), settled

    def _run_at(self, i: int, t: float) -> Stretch | None:
        """The stretch of step i on screen holding t, or None (t off them: the step before, eased out of)."""
        for run in self._runs.get(i, ()):
            if run.start <= t <= run.end:
                return run
        return None

    @cached_property
    def _runs(self) -> dict[int, list[Stretch]]:
        """Each step's stretches on screen, in the order the timeline shows them (render.timeline: the step
        covering t, choreo.steptime.StepClock.runs, so that a step begun with another comes on screen when
        the other ends; a step never covering t paused on at its start, before the piece that begins
        there), each with the step whose framing is on screen before it."""
        steps, out = self._steps, {}
        covered = self.choreo.step_clock.runs()
        shown = {k for _, _, k in covered}
        pauses = sorted((s.t0, i) for i, s in enumerate(steps) if i not in shown)
        framing, p = None, 0

        def add(k: int, start: float, end: float, paused: bool) -> None:
            nonlocal framing
            out.setdefault(k, []).append(Stretch(start, end, framing, paused))
            if not paused or framing is None:
                framing = k

        for start, end, k in covered:
            while p < len(pauses) and pauses[p][0] <= start:
                add(pauses[p][1], pauses[p][0], pauses[p][0], True)
                p += 1
            while p < len(pauses) and pauses[p][0] < end:  # paused on within the stretch: it resumes after
                add(k, start, pauses[p][0], False)
                start = pauses[p][0]
                add(pauses[p][1], start, start, True)
                p += 1
            add(k, start, end, False)
        for t0, k in pauses[p:]:
            add(k, t0, t0, True)
        return out

    def _jumps(self, i: int, run: Stretch) -> list[tuple[float, float, Bounds, Bounds]]:
        """The cuts within a stretch of step i (:func:`cuts_within` of its box): where its framing changes at
        once (the shot inset opens and the archers join the framed, a framed figure appears, the actors
        leave the hall for the range)."""
        key = (i, run.start)
        hit = self._jump_memo.get(key)
        if hit is None:
            step = self._steps[i]
            hit = cuts_within(lambda u: self._stepped(step, i, u, run)[0], run.start, run.end,
                              self._blend_of(step))
            if len(self._jump_memo) > 4096:
                self._jump_memo.clear()
            self._jump_memo[key] = hit
        return hit

    def stretch(self, step: Step | None, t: float) -> Stretch | None:
        """The stretch of ``step`` on screen holding t, or None (a step not of this camera's choreography,
        or t off its stretches)."""
        i = self._step_index(step)
        return self._run_at(i, t) if i is not None else None

    def ease_time(self, step: Step) -> float:
        """The ceremony seconds an ease takes in ``step`` (the blend; longer in a quick step)."""
        return self._blend_of(step)

    def viewport(self, t: float, step: Step | None) -> Viewport:
        return fit(self.box(t, step), self.rect, margin=0.0)


def carry(box: Bounds, start: Bounds, before: Bounds, u: float) -> Bounds:
    """``box`` moved by what is left (1 − u) of the cut from ``before`` to ``start``: centre linearly, size
    geometrically (as the camera blends two steps), so that u = 0 gives ``before`` where ``box`` is
    ``start`` and u = 1 gives ``box``; the view's own motion meanwhile is kept."""
    k = 1.0 - u
    cx = (box[0] + box[2]) / 2 + k * ((before[0] + before[2]) - (start[0] + start[2])) / 2
    cy = (box[1] + box[3]) / 2 + k * ((before[1] + before[3]) - (start[1] + start[3])) / 2
    w = (box[2] - box[0]) * math.exp(k * math.log((before[2] - before[0]) / (start[2] - start[0])))
    h = (box[3] - box[1]) * math.exp(k * math.log((before[3] - before[1]) / (start[3] - start[1])))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def cuts_within(box_at, start: float, end: float, ease: float) -> list[tuple[float, float, Bounds, Bounds]]:
    """The cuts of the box ``box_at(t)`` over [start, end]: each as (moment, the time eased over before it:
    ``ease`` or what there is since ``start``, the box from it on, the box just before it). Found by looking
    at the box JUMP_SCAN seconds apart and halving where it moved more than JUMP_SCAN_MOVE until the move is
    under half that (continuous: a pan, a blend) or the moment is found to JUMP_AT (a cut of at least
    JUMP_MIN)."""
    if end <= start:
        return []
    jumps: list[tuple[float, float, Bounds, Bounds]] = []
    grid = [start + k * JUMP_SCAN for k in range(int((end - start) / JUMP_SCAN) + 1)]
    if grid[-1] < end:
        grid.append(end)
    values = [box_at(u) for u in grid]
    for a, b, fa, fb in zip(grid, grid[1:], values, values[1:], strict=False):
        if moved(fa, fb) <= JUMP_SCAN_MOVE:
            continue
        while b - a > JUMP_AT:
            mid = (a + b) / 2
            fm = box_at(mid)
            if moved(fa, fm) >= moved(fm, fb):
                b, fb = mid, fm
            else:
                a, fa = mid, fm
            if moved(fa, fb) < JUMP_SCAN_MOVE / 2:
                break
        window = min(ease, b - start)
        if b - a <= JUMP_AT and moved(fa, fb) >= JUMP_MIN and window > 0:
            jumps.append((b, window, fb, fa))
    return jumps


def eased_into(box: Bounds, t: float, jumps) -> Bounds:
    """``box`` at t eased towards each cut of ``jumps`` (:func:`cuts_within`) due within its window: the cut's
    move (:func:`carry`: centre linearly, size geometrically) made gradually over the window before it, so
    that the view is where the cut puts it when the cut comes; the view's own motion kept."""
    for tj, window, after, before in jumps:
        if tj - window <= t < tj:
            box = carry(box, before, after, 1.0 - _smooth((t - (tj - window)) / window))
    return box


def frame_moves(timeline, fps: int, box_at):
    """How the main view moves from each video frame of ``timeline`` at ``fps`` to the next (the title cards
    aside: no view): (frame, video seconds, ceremony t, step, the centre's move in widths of the larger
    box, |log| of the widths' ratio), ``box_at(t, step)`` giving the world box shown. What
    bench/camera_cuts.py lists and tests/render/test_camera_no_cut.py bounds."""
    prev = None
    for k in range(timeline.frame_count(fps)):
        v = k / fps
        if timeline.card_at(v):
            prev = None
            continue
        t, step = timeline.at(v)
        x0, y0, x1, y1 = box_at(t, step)
        cur = ((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0)
        if prev is not None:
            move = math.hypot(cur[0] - prev[0], cur[1] - prev[1]) / max(cur[2], prev[2])
            yield k, v, t, step, move, abs(math.log(cur[2] / prev[2]))
        prev = cur


def moved(a: Bounds, b: Bounds) -> float:
    """How far the view moves from box a to box b: its centre in widths, or its zoom (|log| of the widths)."""
    w = max(a[2] - a[0], b[2] - b[0], 1e-9)
    centre = math.hypot((b[0] + b[2] - a[0] - a[2]) / 2, (b[1] + b[3] - a[1] - a[3]) / 2) / w
    return max(centre, abs(math.log(max(b[2] - b[0], 1e-9) / max(a[2] - a[0], 1e-9))))


def _blend(a: Bounds, b: Bounds, u: float) -> Bounds:
    """Centre linearly, size geometrically (a zoom feels even that way)."""
    acx, acy = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    bcx, bcy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    aw, ah = a[2] - a[0], a[3] - a[1]
    bw, bh = b[2] - b[0], b[3] - b[1]
    cx, cy = acx + u * (bcx - acx), acy + u * (bcy - acy)
    w = math.exp(math.log(aw) + u * (math.log(bw) - math.log(aw)))
    h = math.exp(math.log(ah) + u * (math.log(bh) - math.log(ah)))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
