"""What a figure holds and which gesture it is making at time t: the holds from the Choreography's
carries (the planner's own records, nothing guessed from verb words), gestures from the events.

Pure (no pygame). A held thing is shown by its label (a declared object's, else its name as the
script writes it); the renderer draws a badge with its first character.
"""

from __future__ import annotations

import bisect

from choreo.model import POSTURE_EVENTS, SHOES_OFF, SHOES_ON, Choreography, Pose, state_spans, within

GESTURES = ("揖", "拜", "射", "獲", "釋獲", "命")
GESTURE_MIN = 1.2  # ceremony seconds a gesture without a duration stays visible (modelling choice)


def own_landmarks(choreo: Choreography) -> dict[str, str]:
    """Landmarks that are a declared object's own place, by the script's naming (obj.楅 and the 楅),
    mapped to that object. The plan leaves them out: the object is drawn where it is, in the
    landmark's shape while it rests there, so it is never drawn twice nor before it is set."""
    out = {}
    for name, info in choreo.figures.items():
        if info.kind == "object":
            for landmark in (name.removeprefix("obj."), info.label):
                if landmark in choreo.venue.landmarks:
                    out.setdefault(landmark, name)
    return out


class FigureStates:
    """Per figure: what he holds (the Choreography's carries), and the gesture events."""

    def __init__(self, choreo: Choreography) -> None:
        self._gestures: dict[str, list[tuple[float, float, str]]] = {}
        # Choreography.posture_at scans every event up to t (a tenth of a millisecond per figure and
        # frame); the same answer by bisection: an event counts once it and every event stored
        # before it are at or before t, i.e. once the running maximum of the times reaches it.
        self._posture: dict[str, tuple[list[float], list[str]]] = {}
        latest = float("-inf")
        for ev in choreo.events:
            latest = max(latest, ev.t)
            if ev.kind in POSTURE_EVENTS:
                times, postures = self._posture.setdefault(ev.figure, ([], []))
                times.append(latest)
                postures.append(POSTURE_EVENTS[ev.kind])
        self._choreo = choreo
        self._still: dict[str, tuple[float, float, Pose]] = {}  # figure → (t0, t1, his pose all that while)
        shoe_events = [ev for ev in choreo.events if ev.kind in (SHOES_OFF, SHOES_ON)]
        self._unshod = {name: state_spans(shoe_events, name, SHOES_OFF, SHOES_ON)
                        for name in {ev.figure for ev in shoe_events}}
        for ev in sorted(choreo.events, key=lambda e: e.t):
            if ev.kind in GESTURES:
                dur = max(ev.duration, GESTURE_MIN)
                self._gestures.setdefault(ev.figure, []).append((ev.t, ev.t + dur, ev.kind))
        self._index_gestures()

    def _index_gestures(self) -> None:
        self._gesture_index: dict[str, tuple[list[float], list[float], list[str]]] = {}
        for figure, gestures in self._gestures.items():
            reach, latest = [], float("-inf")
            for _, t1, _ in gestures:
                latest = max(latest, t1)
                reach.append(latest)
            self._gesture_index[figure] = ([g[0] for g in gestures], reach, [g[2] for g in gestures])

    def posture(self, figure: str, t: float) -> str:
        """``Choreography.posture_at(figure, t)``, by bisection."""
        entry = self._posture.get(figure)
        if entry is None:
            return "立"
        i = bisect.bisect_right(entry[0], t)
        return entry[1][i - 1] if i else "立"

    def position(self, figure: str, t: float) -> tuple[float, float, float] | None:
        """``Track.at(t)`` of the figure's track (None for a figure without one)."""
        track = self._choreo.tracks.get(figure)
        return None if track is None else track.at(t)

    def pose(self, figure: str, t: float) -> Pose | None:
        """``Choreography.pose_at(figure, t)`` with the posture looked up by :meth:`posture`; the same
        Pose again while he stands still in one posture (most figures, most frames)."""
        still = self._still.get(figure)
        if still is not None and still[0] <= t < still[1]:
            return still[2]
        at = self.position(figure, t)
        if at is None:
            return None
        pose = Pose(at[0], at[1], at[2], self.posture(figure, t))
        span = self._choreo.tracks[figure].still_span(t)
        if span is not None:
            lo, hi = self._posture_span(figure, t)
            self._still[figure] = (max(lo, span[0]), min(hi, span[1]), pose)
        return pose

    def poses(self, figures, t: float) -> dict[str, Pose | None]:
        """{figure: :meth:`pose`} for ``figures`` in their order, the stillness test made here (every figure,
        every frame: most stand still)."""
        kept, pose = self._still, self.pose
        out = {}
        for figure in figures:
            still = kept.get(figure)
            out[figure] = still[2] if still is not None and still[0] <= t < still[1] else pose(figure, t)
        return out

    def _posture_span(self, figure: str, t: float) -> tuple[float, float]:
        """The span round t over which :meth:`posture` gives its answer at t."""
        entry = self._posture.get(figure)
        if entry is None:
            return float("-inf"), float("inf")
        i = bisect.bisect_right(entry[0], t)
        return (entry[0][i - 1] if i else float("-inf")), (entry[0][i] if i < len(entry[0]) else float("inf"))

    def label(self, thing: str) -> str:
        """How a held thing is named on its badge: a declared object's label, else its own name."""
        info = self._choreo.figures.get(thing)
        return (info.label if info is not None and info.label else thing).removeprefix("obj.")

    def unshod(self, figure: str, t: float) -> bool:
        """Whether the figure has taken his shoes off (說屨) and not put them on again at t."""
        spans = self._unshod.get(figure)
        return bool(spans) and within(spans, t)

    def holder(self, obj: str, t: float) -> str | None:
        """Who has the declared object in his hands at t (``Choreography.holder_of``)."""
        return self._choreo.holder_of(obj, t)

    def gesture_cuts(self) -> list[float]:
        """The times at which :meth:`gesture` may answer otherwise: the same for all t in [c_k, c_{k+1})."""
        return sorted({v for starts, reach, _ in self._gesture_index.values() for v in (*starts, *reach)})

    def gesture(self, figure: str, t: float) -> str | None:
        """The kind of the earliest-starting gesture under way at t (a scan of every gesture cost
        ~8 µs per figure and frame; this is the same answer by two bisections)."""
        index = self._gesture_index.get(figure)
        if index is None:
            return None
        starts, reach, kinds = index
        # reach[j] = the latest end among gestures 0..j; the first j with reach[j] > t is the first
        # gesture ending after t, and it is under way if it has started.
        j = bisect.bisect_right(reach, t)
        return kinds[j] if j < len(starts) and starts[j] <= t else None
