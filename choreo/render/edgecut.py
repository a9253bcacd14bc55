"""Discs an edge cuts, and a box moved so that none is (pure geometry, no pygame).

A disc is cut when part of it is in the panel and part outside (under the caption band, the strip or
beyond the picture): a reader sees half a figure and cannot tell who it is. The camera moves its box
(:func:`uncut_box`) so that each figure it does not frame is either in the picture whole, with room
for his name, or out of it whole, while the figures it frames stay inside.
"""

from __future__ import annotations

import numpy as np

from choreo.render.viewport import Bounds, Rect


def is_cut(px: float, py: float, r: float, rect: Rect) -> bool:
    """The disc of radius ``r`` at (px, py) crosses an edge of ``rect`` (left, top, width, height)."""
    left, top, w, h = rect
    right, bottom = left + w, top + h
    meets = px + r > left and px - r < right and py + r > top and py - r < bottom
    inside = px - r >= left and px + r <= right and py - r >= top and py + r <= bottom
    return meets and not inside


def cut_count(box: Bounds, discs: np.ndarray) -> int:
    """How many of ``discs`` ((n, 3): x, y, radius) an edge of ``box`` crosses (world units)."""
    if not len(discs):
        return 0
    x, y, r = discs[:, 0], discs[:, 1], discs[:, 2]
    meets = (x + r > box[0]) & (x - r < box[2]) & (y + r > box[1]) & (y - r < box[3])
    inside = (x - r >= box[0]) & (x + r <= box[2]) & (y - r >= box[1]) & (y + r <= box[3])
    return int((meets & ~inside).sum())


def cut_people(figures, rect: Rect) -> list:
    """The people (PlacedFigure, not objects) among ``figures`` whose disc the edge of ``rect`` cuts."""
    return [f for f in figures if f.info.kind != "object" and is_cut(f.px, f.py, f.r, rect)]


def _cut_centres(p: np.ndarray, r: np.ndarray, room: float, half: float) -> tuple[np.ndarray, np.ndarray]:
    """The open intervals (starts, ends) of box centres on one axis at which an edge of a box
    ``2 * half`` long cuts a disc at p of radius r, or leaves it less than ``room`` inside."""
    starts = np.concatenate((p - r - room + half, p - r - half))  # the low edge, the high edge
    ends = np.concatenate((p + r + half, p + r + room - half))
    return starts, ends


def _best_centre(c0: float, lo: float, hi: float, starts: np.ndarray, ends: np.ndarray) -> float:
    """The centre in [lo, hi] inside the fewest intervals, nearest ``c0`` among those (c0 when
    [lo, hi] is empty: the box cannot hold what it must, and is left as it was)."""
    if lo > hi:
        return c0
    cand = np.clip(np.concatenate(([c0, lo, hi], starts, ends)), lo, hi)
    inside = (starts[None, :] < cand[:, None]) & (cand[:, None] < ends[None, :])
    count = inside.sum(axis=1)
    best = np.lexsort((np.abs(cand - c0), count))[0]
    return float(cand[best])


def _reaches(starts: np.ndarray, ends: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """Per disc, whether one of its two intervals (:func:`_cut_centres`) overlaps [lo, hi]."""
    meets = (starts < hi) & (ends > lo)
    n = len(meets) // 2
    return meets[:n] | meets[n:]


MAX_SHIFT = 0.2  # of the box's width or height: the furthest it moves off the framing (modelling choice)


def uncut_box(box: Bounds, discs: np.ndarray, room: float, need: Bounds | None = None,
              passes: int = 3) -> Bounds:
    """``box`` moved (not resized) so that its edges cut as few of ``discs`` as they can, as little
    as it can and by at most MAX_SHIFT of its size: a disc is wholly out, or wholly in with ``room`` to
    spare. ``discs`` is (n, 3): x, y, radius, in the box's units; ``need`` a box that must stay
    inside it (the framed figures and places). The two axes are solved in turn (a disc beside the box
    in x is not cut by its top)."""
    if not len(discs):
        return box
    x, y, r = discs[:, 0], discs[:, 1], discs[:, 2] + 1e-6
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    cx0, cy0 = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    xlo0, xhi0 = cx0 - 2 * MAX_SHIFT * hw, cx0 + 2 * MAX_SHIFT * hw  # the furthest it may move
    ylo0, yhi0 = cy0 - 2 * MAX_SHIFT * hh, cy0 + 2 * MAX_SHIFT * hh
    xlo, xhi, ylo, yhi = xlo0, xhi0, ylo0, yhi0
    if need is not None:
        xlo, xhi = max(xlo, need[2] - hw), min(xhi, need[0] + hw)
        ylo, yhi = max(ylo, need[3] - hh), min(yhi, need[1] + hh)
    near = _cut_centres(x, r, room, hw), _cut_centres(y, r, room, hh)
    if not any(((lo < c) & (c < hi)).any() for (lo, hi), c in zip(near, (cx0, cy0), strict=True)):
        return box  # no edge near anyone (most moments): nothing to move
    # Only a disc whose intervals reach the centres the box may move to (on either axis) can count: the
    # others hold no candidate centre and clip to its ends, which are candidates already (the same
    # answer, solved over the few discs near an edge instead of everyone).
    keep = _reaches(*near[0], xlo0, xhi0) | _reaches(*near[1], ylo0, yhi0)
    x, y, r = x[keep], y[keep], r[keep]
    cx, cy = cx0, cy0
    for _ in range(passes):
        beside = (x + r > cx - hw) & (x - r < cx + hw)  # a disc the top and bottom edges can cut
        cy = _best_centre(cy0, ylo, yhi, *_cut_centres(y[beside], r[beside], room, hh))
        level = (y + r > cy - hh) & (y - r < cy + hh)
        new_cx = _best_centre(cx0, xlo, xhi, *_cut_centres(x[level], r[level], room, hw))
        if new_cx == cx:
            break
        cx = new_cx
    return (cx - hw, cy - hh, cx + hw, cy + hh)
