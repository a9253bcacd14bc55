"""Where each figure's row of carried things goes: part of the frame's one placement pass (pure
geometry, no pygame).

A figure's pictograms (a bow, arrows, a 觶 …) stand in one row under his disc. Two people shoulder
to shoulder (the drinker and the 執爵者 at the 豐, a pair on the 階) would have their rows run into
each other and into the neighbour's disc, so each row tries a few spots round its own disc and takes
the first that covers no other disc, no row placed before and no furniture; actors are placed first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from choreo.render.placement import _clear

Box = tuple[float, float, float, float]
ROW_GAP = 2.0  # pixels between two things of one row
ROW_TRIES = 4  # rings of spots tried round the disc, each a row's size further out (modelling choice)


class Row(NamedTuple):
    """One figure's carried things to place: his disc (centre, radius, box with the facing wedge
    and the marks on it) and each thing's size in pixels, in the order he took them up (immutable;
    a tuple: some ten are made a placement pass)."""

    px: float
    py: float
    r: float
    body: Box
    sizes: tuple[tuple[float, float], ...]
    priority: int = 2
    own: int = -1  # his disc's index in the ``discs`` given to :func:`place_rows`


def row_at(sizes: Sequence[tuple[float, float]], left: float, top: float) -> list[Box]:
    """The boxes of a row whose first thing's top-left corner is (left, top), tops aligned."""
    out, x = [], left
    for w, h in sizes:
        out.append((x, top, x + w, top + h))
        x += w + ROW_GAP
    return out


def row_size(sizes: Sequence[tuple[float, float]]) -> tuple[float, float]:
    width, height = 0, sizes[0][1]
    for w, h in sizes:  # sum and max as one loop (the same order of sums, the first of equal heights)
        width += w
        if h > height:
            height = h
    return width + ROW_GAP * (len(sizes) - 1), height


def default_row(row: Row) -> list[Box]:
    """The row where it stands when nothing is in the way: centred under the disc, overlapping its
    lower half (it reads as held)."""
    w, _ = row_size(row.sizes)
    return row_at(row.sizes, row.px - w / 2, row.py + row.r * 0.55)


def spots(row: Row) -> list[tuple[float, float]]:
    """Top-left corners tried for the row, best first: under the disc, then clear under it (two rows
    deep), beside it (right, left), above it, and the diagonals, each ring a row's width (or height)
    further out."""
    return list(_spots(row))


def _spots(row: Row, size: tuple[float, float] | None = None):
    """:func:`spots` one at a time (a row mostly takes its first: the rest need not be made); ``size``:
    the row's row_size, when the caller has it."""
    w, h = size if size is not None else row_size(row.sizes)
    b = row.body
    px, py = row.px, row.py
    yield px - w / 2, py + row.r * 0.55
    # under the disc first, two rows deep: a file's things stay under it, its names and numbers over it
    for k in range(2):
        yield px - w / 2, b[3] + 1 + k * (h + ROW_GAP)
    for k in range(ROW_TRIES):
        dx, dy = k * (w + ROW_GAP), k * (h + ROW_GAP)
        right, left, below, above = b[2] + 1 + dx, b[0] - 1 - w - dx, b[3] + 1 + dy, b[1] - 1 - h - dy
        yield from ((px - w / 2, below), (right, py - h / 2), (left, py - h / 2), (px - w / 2, above),
                    (right, below), (left, below), (right, above), (left, above))


def _span(row: Row, w: float, h: float) -> Box:
    """A box holding every spot of :func:`spots` (w × h: the row's size): the outermost ring's, the
    disc's own and the two under it, a pixel to spare for the rounding of the sums."""
    b, far = row.body, (ROW_TRIES - 1) * (ROW_GAP + (h if h > w else w))
    # min and max as comparisons (the same floats: min(a, c) is c only if c < a): every row of every pass
    x0, x1 = row.px - w / 2, b[0] - w - far
    y0, y1 = row.py + row.r * 0.55, b[1] - h - far
    x2, x3 = row.px + w / 2, b[2] + w + far
    y2, y3 = row.py + row.r * 0.55 + h, b[3] + 2 * h + far
    return ((x1 if x1 < x0 else x0) - 2, (y1 if y1 < y0 else y0) - 2,
            (x3 if x3 > x2 else x2) + 2, (y3 if y3 > y2 else y2) + 2)


def place_rows(rows: Sequence[Row], discs: Sequence[Box], hard: Sequence[Box], bounds: Box) -> list[list[Box]]:
    """Each row's boxes: at the first spot that covers no disc of ``discs`` but its own
    (``Row.own``), no row placed before and no ``hard`` box (furniture), inside
    ``bounds``; else the first spot that covers at least no row nor furniture; else where it would
    stand alone. Rows of higher priority (the step's actors) are placed first."""
    placed: list[Box] = []
    out: list[list[Box]] = [[] for _ in rows]
    b0, b1, b2, b3 = bounds
    hard = list(hard)
    for i in sorted(range(len(rows)), key=lambda i: (-rows[i].priority, i)):
        row = rows[i]
        w, h = row_size(row.sizes)
        # only what meets the span of the spots can cover one of them (the same answers, fewer tests)
        r0, r1, r2, r3 = _span(row, w, h)
        firm = [d for d in placed + hard if d[0] < r2 and r0 < d[2] and d[1] < r3 and r1 < d[3]]
        # the other discs: those before and after his own (two slices, no index carried along each disc)
        own = row.own
        others = firm + [d for d in (discs[:own] if own >= 0 else discs)
                         if d[0] < r2 and r0 < d[2] and d[1] < r3 and r1 < d[3]]
        if own >= 0:
            others += [d for d in discs[own + 1:] if d[0] < r2 and r0 < d[2] and d[1] < r3 and r1 < d[3]]
        # the spots inside the bounds (else the first spot) tried in turn, built only as far as the first
        # clear one (most rows stand at their first): the first clear of ``others``, else of ``firm``
        box = None
        for left, top in _spots(row, (w, h)):
            right, bottom = left + w, top + h
            if left >= b0 and top >= b1 and right <= b2 and bottom <= b3:
                for d in others:  # _clear written out: every row of every pass
                    if left < d[2] and d[0] < right and top < d[3] and d[1] < bottom:
                        break
                else:
                    box = (left, top, right, bottom)
                    break
        if box is None:
            cands = [(left, top, left + w, top + h) for left, top in spots(row)]
            cands = [c for c in cands if c[0] >= b0 and c[1] >= b1 and c[2] <= b2 and c[3] <= b3] or cands[:1]
            box = next((c for c in cands if _clear(c, firm)), cands[0])
        out[i] = row_at(row.sizes, box[0], box[1])
        placed.append(box)
    return out
