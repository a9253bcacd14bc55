"""A figure's track while it is being planned: a cursor in time and the samples laid so far.

Mutable, and private to the planner: the Choreography it produces holds frozen Tracks. Every
method appends a sample at each vertex of the motion, so that linear interpolation between
samples reproduces the motion exactly (DESIGN.md, tracks file). Facing is unwrapped: a turn
adds its signed angle, so the direction of every turn can be read off the samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from choreo.interpolation import sample_at

XY = tuple[float, float]


def bearing_of(dx: float, dy: float) -> float:
    """Compass bearing (0 = north, 90 = east) of a direction."""
    return math.degrees(math.atan2(dx, dy)) % 360.0


def turn_delta(current: float, target: float, direction: str) -> float:
    """Signed rotation from ``current`` (unwrapped) to bearing ``target``.

    ``ccw`` (左還: bearing decreasing) and ``cw`` (右還) go the stated way even when that is the
    long way round; ``short`` takes the smaller rotation (a tie turns clockwise).
    """
    diff = (target - current) % 360.0
    if direction == "ccw":
        return -((360.0 - diff) % 360.0)
    if direction == "cw":
        return diff
    return diff - 360.0 if diff > 180.0 else diff


class Timeline:
    """Samples [t, x, y, facing] of one figure; ``t`` is when the figure is next free."""

    def __init__(self, name: str, x: float, y: float, facing: float, t: float = 0.0):
        self.name = name
        self.samples: list[list[float]] = [[t, x, y, facing]]
        self.t = t

    def copy(self) -> Timeline:
        other = Timeline.__new__(Timeline)
        other.name = self.name
        other.samples = [list(s) for s in self.samples]
        other.t = self.t
        return other

    @property
    def x(self) -> float:
        return self.samples[-1][1]

    @property
    def y(self) -> float:
        return self.samples[-1][2]

    @property
    def pos(self) -> XY:
        return (self.samples[-1][1], self.samples[-1][2])

    @property
    def facing(self) -> float:
        return self.samples[-1][3]

    def position_at(self, t: float) -> XY:
        """Where the figure is at t according to what is planned so far (held after the last sample)."""
        last = self.samples[-1]
        if t >= last[0]:  # most questions are about now, the end of what is planned so far
            return (last[1], last[2])
        x, y, _ = sample_at(self.samples, t)
        return (x, y)

    def _append(self, t: float, x: float, y: float, f: float) -> None:
        last = self.samples[-1]
        if t - last[0] < 1e-9 and abs(x - last[1]) < 1e-9 and abs(y - last[2]) < 1e-9 and abs(f - last[3]) < 1e-9:
            return
        self.samples.append([t, x, y, f])
        self.t = t

    def hold(self, until: float) -> None:
        """Stand still until ``until`` (no-op if already later)."""
        if until > self.t + 1e-9:
            self.samples.append([until, self.x, self.y, self.facing])
            self.t = until

    def start_at(self, t: float) -> None:
        """Bring the cursor to t: the figure waits where it is until then."""
        self.hold(t)

    def turn(self, target: float, direction: str, rate: float) -> float:
        """Turn in place to bearing ``target``; returns the signed angle turned."""
        delta = turn_delta(self.facing, target, direction)
        if abs(delta) > 1e-9:
            self._append(self.t + abs(delta) / rate, self.x, self.y, self.facing + delta)
        return delta

    def rotate(self, delta: float, rate: float) -> None:
        """Turn in place by a signed angle (negative = 左還, counter-clockwise)."""
        if abs(delta) > 1e-9:
            self._append(self.t + abs(delta) / rate, self.x, self.y, self.facing + delta)

    def glide(self, x: float, y: float, speed: float) -> None:
        """Move straight to (x, y) without turning: a step back, a side-step, a step up a 階."""
        dist = math.hypot(x - self.x, y - self.y)
        if dist > 1e-9:
            self._append(self.t + dist / speed, x, y, self.facing)

    def glide_for(self, x: float, y: float, duration: float) -> None:
        if math.hypot(x - self.x, y - self.y) > 1e-9 or duration > 0:
            self._append(self.t + max(duration, 1e-6), x, y, self.facing)

    def walk(self, path: Sequence[XY], pace: float, turn_rate: float) -> None:
        """Walk a polyline facing the way of travel, turning the short way at each vertex."""
        for x, y in path[1:] if path and math.dist(path[0], self.pos) < 1e-6 else path:
            dx, dy = x - self.x, y - self.y
            if math.hypot(dx, dy) < 1e-9:
                continue
            self.turn(bearing_of(dx, dy), "short", turn_rate)
            self.glide(x, y, pace)
