"""A role's cues: every step a figure acts in, where he starts and goes, whom he passes on which
side, which way he turns, what he carries. Pure (the model and numpy): the cue sheet draws it.

Everything is read off the planned Choreography (tracks, carries); nothing is re-planned:

* where: the nearest named landmark and the direction and distance from it;
* facing: the bearing at the step's end, as the text words it (北面, 東南面 …), to the nearest 45°;
* turn: the signed sum of his bearing's changes through the step (right = clockwise seen from
  above); choice: under 20° is not called a turn;
* passes: another figure goes from ahead of him to behind him while he walks, within PASS_REACH
  尺 of his line; the side is where that figure is as they come level (choice: a geometric reading of
  「相左」, measured on the tracks, not the script's own ``passes_left`` claim);
* carries: what he holds at the step's start and end (the planner's holds), taken up and set down;
* acts: the events he performs in the step (揖, 射, 坐 …), with how often.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from choreo.model import Choreography, Step

PASS_REACH = 8.0  # 尺: a figure further off his line is not passed (choice: about two arm spans)
CLEAR = 1.5  # 尺 ahead of or behind him that counts as "not level" (choice: half a pace)
TURN_MIN = 20.0  # degrees
SAMPLES = 240  # times a step is sampled at for passes (choice: a 30-s step every eighth of a second)
FACINGS = ("北面", "東北面", "東面", "東南面", "南面", "西南面", "西面", "西北面")
DIRECTIONS = ("北", "東北", "東", "東南", "南", "西南", "西", "西北")
UNNAMED_KINDS = ("line", "platform", "room", "chamber")  # too large to say "near" of


@dataclass(frozen=True)
class Passing:
    figure: str
    side: str  # 左 | 右
    distance: float  # 尺 off his line as they come level


@dataclass(frozen=True)
class Cue:
    step: Step
    start: tuple[float, float] | None
    end: tuple[float, float] | None
    start_words: str
    end_words: str
    facing: str
    turn: float  # degrees, + clockwise (右), − counter-clockwise (左)
    walked: float  # 尺
    passes: tuple[Passing, ...]
    held_start: tuple[str, ...]
    held_end: tuple[str, ...]
    acts: tuple[tuple[str, int], ...] = ()  # (event kind, times) he does in place: 揖, 射, 坐 …

    @property
    def turn_words(self) -> str:
        if abs(self.turn) < TURN_MIN:
            return ""
        return f"{'右' if self.turn > 0 else '左'}還 {abs(self.turn):.0f}°"


def facing_words(bearing: float) -> str:
    return FACINGS[round((bearing % 360) / 45) % 8]


def where_words(choreo: Choreography, x: float, y: float) -> str:
    """「西階 東南 3 尺」: the nearest named landmark, and how far in which direction from it."""
    best = None
    for lm in choreo.venue.landmarks.values():
        if lm.kind in UNNAMED_KINDS:
            continue
        d = math.hypot(x - lm.x, y - lm.y)
        if best is None or d < best[0]:
            best = (d, lm)
    if best is None:
        return f"({x:.0f}, {y:.0f}) 尺"
    d, lm = best
    if d < 1.5:
        return lm.name
    bearing = math.degrees(math.atan2(x - lm.x, y - lm.y))
    return f"{lm.name} {DIRECTIONS[round((bearing % 360) / 45) % 8]} {d:.0f} 尺"


def _turn(choreo: Choreography, figure: str, step: Step) -> float:
    s = choreo.tracks[figure].samples
    inside = s[(s[:, 0] >= step.t0) & (s[:, 0] <= step.t1)]
    ends = [choreo.tracks[figure].at(step.t0), choreo.tracks[figure].at(step.t1)]
    bearings = ([ends[0][2]] if ends[0] else []) + inside[:, 3].tolist() + ([ends[1][2]] if ends[1] else [])
    return float(sum((b - a + 180) % 360 - 180 for a, b in zip(bearings[:-1], bearings[1:], strict=False)))


def _positions(choreo: Choreography, figure: str, times: np.ndarray) -> np.ndarray:
    out = np.full((len(times), 2), np.nan)
    track = choreo.tracks.get(figure)
    if track is None:
        return out
    for i, t in enumerate(times):
        p = track.at(float(t))
        if p is not None:
            out[i] = p[:2]
    return out


def passes(choreo: Choreography, figure: str, step: Step) -> tuple[Passing, ...]:
    """Whom he passes in the step (see the module's note), in the order he passes them."""
    if step.t1 <= step.t0:
        return ()
    times = np.linspace(step.t0, step.t1, SAMPLES)
    me = _positions(choreo, figure, times)
    vel = np.gradient(me, axis=0)
    speed = np.hypot(vel[:, 0], vel[:, 1])
    found = []
    for other, info in choreo.figures.items():
        if other == figure or info.kind == "object":
            continue
        them = _positions(choreo, other, times)
        rel = them - me
        moving = speed > 1e-6
        unit = np.where(moving[:, None], vel / np.where(moving, speed, 1)[:, None], np.nan)
        along = unit[:, 0] * rel[:, 0] + unit[:, 1] * rel[:, 1]
        cross = unit[:, 0] * rel[:, 1] - unit[:, 1] * rel[:, 0]
        ahead = np.nan_to_num(along, nan=0.0) > CLEAR
        behind = np.nan_to_num(along, nan=0.0) < -CLEAR
        for i in range(1, len(times)):
            a0, a1 = along[i - 1], along[i]
            if np.isnan(a0) or np.isnan(a1) or not (a0 > 0 >= a1) or abs(cross[i]) > PASS_REACH:
                continue
            # clearly ahead before and clearly behind after: one walking abreast of him is not passed
            if ahead[:i].any() and behind[i:].any():
                found.append((times[i], Passing(other, "左" if cross[i] > 0 else "右", float(abs(cross[i])))))
                break
    return tuple(p for _, p in sorted(found, key=lambda item: item[0]))


def acts(choreo: Choreography, figure: str, step: Step) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for e in choreo.events:
        if e.figure == figure and e.step == step.id:
            counts[e.kind] = counts.get(e.kind, 0) + 1
    return tuple(counts.items())


def cues(choreo: Choreography, figure: str, steps: tuple[Step, ...] | None = None) -> list[Cue]:
    """Every step (of ``steps``, default all) in which ``figure`` acts."""
    out = []
    for step in choreo.steps if steps is None else steps:
        if figure not in step.figures or figure not in choreo.tracks:
            continue
        track = choreo.tracks[figure]
        a, b = track.at(step.t0), track.at(step.t1)
        start = (a[0], a[1]) if a else None
        end = (b[0], b[1]) if b else None
        s = track.samples
        inner = s[(s[:, 0] > step.t0) & (s[:, 0] < step.t1)][:, 1:3].tolist()
        pts = ([start] if start else []) + [tuple(p) for p in inner] + ([end] if end else [])
        walked = sum(math.dist(p, q) for p, q in zip(pts[:-1], pts[1:], strict=False))
        out.append(Cue(step, start, end,
                       where_words(choreo, *start) if start else "（未在）",
                       where_words(choreo, *end) if end else "（出）",
                       facing_words(b[2]) if b else "", _turn(choreo, figure, step), walked,
                       passes(choreo, figure, step) if walked > 0.5 else (),
                       choreo.held_by(figure, step.t0), choreo.held_by(figure, max(step.t0, step.t1 - 1e-6)),
                       acts(choreo, figure, step)))
    return out
