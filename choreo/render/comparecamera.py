"""The camera of a comparison: the frame's own side's camera, grown to hold the ghosts, eased where the video
switches clock.

A comparison video plays a's steps on a's clock and, inserted after one of them, b's pieces on b's clock (a
step of b only, or the rest of a shared step b makes longer: choreo.render.comparetime). Each clock's camera
eases between its own steps, but at a switch the frame before (a's at the step it follows, or b's last
piece) and the frame after are framed by two cameras: without more, the view cuts. Here the cut is eased
away as the camera eases between two steps: the view at a switch starts where the frame before left it and
glides onto the new side's framing over the camera's blend (or half of what is left of the step, when
that is shorter). Which frame precedes which follows the comparison alone (its entries, as the timeline
orders them), so the view at (t, step) is the same whether a video starts there or plays up to it.
Pure: no pygame.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from choreo.compare import Comparison
from choreo.model import Step
from choreo.render.camera import PAD as CAMERA_PAD
from choreo.render.camera import carry, cuts_within, eased_into, moved
from choreo.render.comparetime import runs, waiting_step
from choreo.render.ghosts import covering, ghost_points
from choreo.render.viewport import Bounds

Frame = tuple[float, Step]  # a moment on the clock of that step's side, and the step


@dataclass(frozen=True)
class Switch:
    """Where the view eases from a frame of the other clock: from ``start`` on the clock of the frames it
    applies to, from the view of frame ``before``."""

    start: float
    before: Frame


@dataclass(frozen=True)
class Switches:
    """The switches of a comparison: into each of b's pieces (by the Step's identity) and back onto a's clock
    (by a's moment; ``after``: the step of a the pieces followed, whose own frames at that moment precede
    them); ``blend``: the cameras' easing time between two steps (Camera.blend)."""

    into_b: dict[int, Switch]
    back: tuple[tuple[float, Step, Switch], ...]  # sorted by moment
    blend: float

    def of(self, t: float, step: Step, owned: bool) -> tuple[Switch, float] | None:
        """The switch easing the frame (t, step) (``owned``: a step of b, on b's clock) and the time it takes
        (the blend, or half of what is left of the step when that is shorter), or None."""
        if owned:
            sw = self.into_b.get(id(step))
        else:
            k = bisect.bisect_right(self._moments, t) - 1
            while k >= 0 and t == self.back[k][0] and step is self.back[k][1]:
                k -= 1  # at the moment itself, a's step the pieces followed is still before them
            sw = self.back[k][2] if k >= 0 else None
        if sw is None:
            return None
        window = min(self.blend, max(0.0, step.t1 - sw.start) / 2)
        return (sw, window) if sw.start <= t < sw.start + window else None

    @cached_property
    def _moments(self) -> list[float]:
        return [m for m, _, _ in self.back]


def switches(comparison: Comparison, blend: float) -> Switches:
    """Every switch of clock the comparison's video makes (see the module's docstring): into each piece of
    each run (choreo.render.comparetime.runs) from the frame played before it, and back onto a's clock."""
    into: dict[int, Switch] = {}
    back: list[tuple[float, Step, Switch]] = []
    for run in runs(comparison):
        step = waiting_step(comparison.a, run)
        before: Frame = (run.wait, step)
        for b_step, start in run.pieces:
            into[id(b_step)] = Switch(start, before)
            before = (b_step.t1, b_step)
        back.append((run.wait, step, Switch(run.wait, before)))
    back.sort(key=lambda row: row[0])
    return Switches(into, tuple(back), blend)


def _smooth(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


class CompareView:
    """The main view's world box at any frame of a comparison: the camera of the side whose clock the frame
    is on (``camera_of(step)``), grown to hold the ghosts it must show, with the cuts at a switch of clock
    eased away. ``split``: the line (y) between the hall and the range, whose far side the strip shows."""

    def __init__(self, comparison: Comparison, camera_of: Callable, split: float, blend: float) -> None:
        self.comparison = comparison
        self.camera_of = camera_of
        self.split = split
        self._switches = switches(comparison, blend)
        self._ends: dict[tuple, tuple[Bounds, Bounds]] = {}  # switch → (the view before it, the view at its start)
        self._cuts: dict[tuple, list] = {}  # (step, its stretch's start) → the cuts the ghosts' room makes in it
        self._entries: dict[tuple, tuple[Bounds, Bounds]] = {}  # the same → (the view before it, at its start)

    def framed(self, t: float, step: Step | None) -> tuple[Bounds, bool]:
        """The side's camera's box at (t, step) and whether its zoom is settled, grown to hold the ghosts of
        the step in view (a difference off screen would go unseen); no easing across clocks."""
        box, settled = self.camera_of(step).view(t, step)
        c = self.comparison
        if step is not None and c.owns(step):
            e = c.entry(step.id)
            t_a = c.base_time(step, t)
            points = ghost_points(c, t_a, e.a or step, box, other=t)  # and a's actors, waiting, beside b's
            points += [(p.x, p.y) for p in (c.a.pose_at(n, t_a) for n in step.figures) if p is not None]
        else:
            points = ghost_points(c, t, step, box)
        grown = covering(box, points, CAMERA_PAD, self.split)
        return (grown, False) if grown != box else (box, settled)

    def held(self, t: float, step: Step | None) -> tuple[Bounds, bool]:
        """:meth:`framed`, eased where the room the ghosts need changes at once within a stretch of the step
        (a ghost appearing, or crossing into the range the strip shows), as the camera eases its own cuts."""
        box, settled = self.framed(t, step)
        cam = self.camera_of(step)
        run = cam.stretch(step, t) if step is not None else None
        if run is None:
            return box, settled
        key = (id(step), run.start)
        cuts = self._cuts.get(key)
        if cuts is None:
            if len(self._cuts) > 4096:
                self._cuts.clear()
            cuts = self._cuts[key] = cuts_within(lambda u: self.framed(u, step)[0], run.start, run.end,
                                                 cam.ease_time(step))
        eased = eased_into(box, t, cuts)
        window = min(cam.ease_time(step), (run.end - run.start) / 2)
        if run.before is not None and not run.paused and run.start <= t < run.start + window:
            # into the step: from the room the ghosts of the step before needed, as the camera blends steps
            ends = self._entries.get(key)
            if ends is None:
                if len(self._entries) > 4096:
                    self._entries.clear()
                prior = cam.choreo.steps[run.before]
                ends = self._entries[key] = (self.framed(run.start, prior)[0], self.framed(run.start, step)[0])
            if moved(ends[0], ends[1]) > 1e-9:  # the same room (to rounding): nothing to ease
                eased = carry(eased, ends[1], ends[0], _smooth((t - run.start) / window))
        return (eased, False) if eased != box else (box, settled)

    def view(self, t: float, step: Step | None) -> tuple[Bounds, bool]:
        box, settled = self.held(t, step)
        if step is None:
            return box, settled
        found = self._switches.of(t, step, self.comparison.owns(step))
        if found is None:
            return box, settled
        sw, window = found
        key = (id(sw.before[1]), sw.before[0], id(step), sw.start)
        ends = self._ends.get(key)
        if ends is None:
            ends = self._ends[key] = (self.held(*sw.before)[0], self.held(sw.start, step)[0])
        before, start = ends
        u = _smooth((t - sw.start) / window)
        if before == start or u >= 1.0:
            return box, settled
        same_size = math.isclose(before[2] - before[0], start[2] - start[0], rel_tol=1e-9)
        return carry(box, start, before, u), settled and same_size
