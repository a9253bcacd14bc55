"""Where the 算 lie on the ground, and the sticks that draw them: pure geometry, no pygame.

The 釋獲者 sits 東面 at 中西 and lays one 算 for each hit, 「上射於右，下射於左」〔000〕: a heap on his right
(south) and one on his left (north). At the 數獲 he takes each heap up two by two and lays it out again:
「十純則縮而委之」, 「每委異之」, 「有馀純，則橫於下」, 「一[算]為奇，奇則又縮諸純下」〔000〕. Which way a 算 lies is the
經's (縮 東西, 橫 南北 to one facing east: 疏 「是以東西者為從，南北者為橫」〔000〕); where each piece goes the
readings dispute, and the script says it (the verbs 釋獲 {算: 縮}, 數 {side, lay, at, 異}).

World coordinates are 尺 (x east, y north); a stick is drawn from its base to its 末 (tip).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from choreo.shooting import LEFT, RIGHT, Laid

XY = tuple[float, float]
LIES = {"縮": 90.0, "橫": 180.0}  # the bearing of the 末: 縮 東末 (敖 「其缩者东末与」〔001〕), 橫 「南末」〔000〕
KIND_LIE = {"委": "縮", "純": "橫", "奇": "縮"}  # 「縮而委之」, 「橫於下」, 「又縮諸純下」〔000〕
DIRECTIONS = {"東": (1.0, 0.0), "西": (-1.0, 0.0), "南": (0.0, -1.0), "北": (0.0, 1.0), "當": (0.0, 0.0)}
# choice: the seeds give no length for a 算; 1.2 尺 draws it about a forearm long beside a seated man's disc.
LENGTH = 1.2
GAP = 0.25  # 尺 between two 算 laid side by side in a heap (choice: each one countable on the picture)
ROW = 6  # 算 side by side before a heap starts a new row (choice)


def heap_origin(x: float, y: float, facing: float, side: str, aside: float, ahead: float) -> XY:
    """Where the heap of one side lies for a scorer at (x, y) facing ``facing``: ``aside`` 尺 to his right
    (右, the 上射's) or left (左), ``ahead`` 尺 before him."""
    a = math.radians(facing)
    fx, fy = math.sin(a), math.cos(a)
    rx, ry = fy, -fx  # his right
    s = 1.0 if side == RIGHT else -1.0
    return x + fx * ahead + rx * aside * s, y + fy * ahead + ry * aside * s


def slot(origin: XY, across: float, along: float, i: int) -> XY:
    """The i-th 算 of a heap, from 0: side by side towards bearing ``across``, ``ROW`` to a row, each further
    row towards bearing ``along`` (the sticks' own axis), so that a heap grows away from the scorer."""
    a, b = math.radians(across), math.radians(along)
    k, row = i % ROW, i // ROW
    return (origin[0] + math.sin(a) * k * GAP + math.sin(b) * row * (LENGTH + GAP),
            origin[1] + math.cos(a) * k * GAP + math.cos(b) * row * (LENGTH + GAP))


def heap_growth(facing: float, side: str, tip: float) -> tuple[float, float]:
    """(across, along) bearings for a heap: the sticks side by side away from the scorer (his facing) or
    outwards (to his right for 右, his left for 左), whichever is across them, rows the other way."""
    outward = (facing + (90.0 if side == RIGHT else -90.0)) % 360
    lengthwise = abs((tip - facing + 90) % 180 - 90) < 45  # the sticks point along his facing (縮)
    return (outward, facing % 360) if lengthwise else (facing % 360, outward)


def step_from(origin: XY, direction: str, distance: float) -> XY:
    dx, dy = DIRECTIONS[direction]
    return origin[0] + dx * distance, origin[1] + dy * distance


def edge(points: list[XY], centre: XY, direction: str) -> XY:
    """The centre moved to the farthest of ``points`` in ``direction`` (當: the centre itself)."""
    dx, dy = DIRECTIONS[direction]
    if not points or (dx, dy) == (0.0, 0.0):
        return centre
    reach = max(px * dx + py * dy for px, py in points) - (centre[0] * dx + centre[1] * dy)
    return centre[0] + dx * reach, centre[1] + dy * reach


def count_pieces(n: int) -> tuple[int, int, int]:
    """n 算 as the count lays them: (委 of ten 純, 純 left over, 奇): 「二算為純」, 「十純則縮而委之」〔000〕."""
    chun, ji = divmod(n, 2)
    return chun // 10, chun % 10, ji


def lying(laid: Iterable[Laid], t: float) -> list[Laid]:
    return [p for p in laid if p.lying(t)]


def sticks(piece: Laid) -> list[tuple[XY, XY]]:
    """The sticks that draw one piece, each (base, 末), centred on the piece's place: a 算 one stick, a 純
    two, a 委 a tight bundle of five (standing for its twenty: choice, twenty would be a blur), the 純 of a
    reading that lays them together two a 純 side by side."""
    a = math.radians(piece.tip)
    ux, uy = math.sin(a), math.cos(a)
    vx, vy = uy, -ux
    count, gap = (5, 0.12) if piece.kind == "委" else (max(1, piece.n), 0.18 if piece.n <= 2 else 0.1)
    out = []
    for k in range(count):
        off = (k - (count - 1) / 2) * gap
        cx, cy = piece.x + vx * off, piece.y + vy * off
        out.append(((cx - ux * LENGTH / 2, cy - uy * LENGTH / 2), (cx + ux * LENGTH / 2, cy + uy * LENGTH / 2)))
    return out


def tip_mark(base: XY, tip: XY, size: float) -> list[XY]:
    """A small open head at the 末 (the 算 like an arrow: 敖 「南末象矢之北括而南镞」〔001〕), ``size`` long,
    in whatever units base and tip are given."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    return [(tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6), tip,
            (tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6)]


def bundle_tie(piece: Laid) -> tuple[XY, XY] | None:
    """The tie across a 委 (drawn so that a bundle of ten 純 reads as one thing), else None."""
    if piece.kind != "委":
        return None
    a = math.radians(piece.tip)
    ux, uy = math.sin(a), math.cos(a)
    vx, vy = uy, -ux
    h = 0.45
    return (piece.x - vx * h, piece.y - vy * h), (piece.x + vx * h, piece.y + vy * h)


__all__ = ["DIRECTIONS", "KIND_LIE", "LEFT", "LENGTH", "LIES", "RIGHT", "bundle_tie", "count_pieces", "edge",
           "heap_growth", "heap_origin", "lying", "slot", "step_from", "sticks", "tip_mark"]
