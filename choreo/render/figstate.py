"""What a figure holds and which gesture it is making at time t, from FigureInfo and the events.

Pure (no pygame): 取 and 受 add the object the event's ``detail`` names, 授 (and 奠, 釋, 去, 倚,
委) remove it. An object name we have no icon for is kept as written (the renderer draws a generic
token with its first character), never an error.
"""

from __future__ import annotations

import bisect

from choreo.model import POSTURE_EVENTS, Choreography, Pose

# Carried objects the renderer draws (FigureInfo.carries, 取/授/受 events). An unknown name is
# drawn as a small generic token, never an error: scripts may name objects we have no icon for.
CARRIED = ("弓", "矢", "旌", "撲", "觶", "爵", "中", "算", "豐", "楅", "俎", "薦")

TAKE = ("取", "受", "執")
GIVE = ("授", "奠", "釋", "去", "倚", "委", "反")
GESTURES = ("揖", "拜", "射", "獲", "釋獲", "命")
GESTURE_MIN = 1.2  # ceremony seconds a gesture without a duration stays visible (modelling choice)


def object_name(detail: str) -> str | None:
    """The carried object an event's detail names: a known one it contains, else the detail itself."""
    detail = (detail or "").strip()
    if not detail:
        return None
    for name in CARRIED:
        if name in detail:
            return name
    return detail


class FigureStates:
    """Per figure: the sets of objects carried over time, and the gesture events."""

    def __init__(self, choreo: Choreography) -> None:
        self._carry: dict[str, tuple[list[float], list[tuple[str, ...]]]] = {}
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
        self._rows: dict[str, tuple[list[float], list[list[float]]]] = {}  # per figure: times, (x, y, facing)
        for name, info in choreo.figures.items():
            self._carry[name] = ([float("-inf")], [tuple(info.carries)])
        for ev in sorted(choreo.events, key=lambda e: e.t):
            if ev.kind in GESTURES:
                dur = max(ev.duration, GESTURE_MIN)
                self._gestures.setdefault(ev.figure, []).append((ev.t, ev.t + dur, ev.kind))
            obj = object_name(ev.detail)
            if obj is None or (ev.kind not in TAKE and ev.kind not in GIVE):
                continue
            times, sets = self._carry.setdefault(ev.figure, ([float("-inf")], [()]))
            now = list(sets[-1])
            if ev.kind in TAKE and obj not in now:
                now.append(obj)
            elif ev.kind in GIVE and obj in now:
                now.remove(obj)
            times.append(ev.t)
            sets.append(tuple(now))
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
        """``Track.at(t)`` of the figure's track, the same arithmetic on Python floats with a bisection
        (numpy's per-call overhead made it ~4 µs, paid for every figure twice a frame)."""
        rows = self._rows.get(figure)
        if rows is None:
            track = self._choreo.tracks.get(figure)
            if track is None:
                return None
            s = track.samples
            rows = self._rows[figure] = (s[:, 0].tolist(), s[:, 1:4].tolist()) if len(s) else ([], [])
        times, xyf = rows
        if not times or t < times[0]:
            return None
        i = bisect.bisect_right(times, t) - 1
        if i >= len(times) - 1:
            x, y, f = xyf[-1]
            return x, y, f
        t0, t1 = times[i], times[i + 1]
        u = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
        a, b = xyf[i], xyf[i + 1]
        return a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]), a[2] + u * (b[2] - a[2])

    def pose(self, figure: str, t: float) -> Pose | None:
        """``Choreography.pose_at(figure, t)`` with the posture looked up by :meth:`posture`."""
        at = self.position(figure, t)
        if at is None:
            return None
        return Pose(at[0], at[1], at[2], self.posture(figure, t))

    def ever_carries(self, figure: str) -> set[str]:
        """Every object the figure holds at some moment."""
        entry = self._carry.get(figure)
        return {obj for held in entry[1] for obj in held} if entry else set()

    def carries(self, figure: str, t: float) -> tuple[str, ...]:
        entry = self._carry.get(figure)
        if entry is None:
            return ()
        times, sets = entry
        return sets[bisect.bisect_right(times, t) - 1]

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
