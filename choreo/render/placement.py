"""Greedy label placement in pixel space, shared by the pygame and SVG back ends (no pygame here).

Each label tries a few spots around its anchor (right, left, above, below, diagonals) and takes the
first that overlaps no label already placed; labels go in order of priority. A label of priority 3
is always drawn (at its first spot if it must overlap); lower ones are dropped when there is no room.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Box = tuple[float, float, float, float]  # left, top, right, bottom


def em_measure(text: str, size: float) -> tuple[float, float]:
    """Approximate size of a text: CJK glyphs are one em square, Latin about half an em."""
    w = sum(size if ord(ch) > 0x2E7F else size * 0.55 for ch in text)
    return w, size * 1.2


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def spots(px: float, py: float, w: float, h: float, gap: float) -> list[tuple[float, float]]:
    """Top-left corners tried for a w × h label anchored at (px, py), best first."""
    return [
        (px + gap, py - h / 2), (px - gap - w, py - h / 2), (px - w / 2, py - gap - h),
        (px - w / 2, py + gap), (px + gap, py - gap - h), (px + gap, py + gap),
        (px - gap - w, py - gap - h), (px - gap - w, py + gap),
    ]


def _near(boxes: list[Box], px: float, py: float, w: float, h: float, gap: float,
          also: Box | None = None) -> list[Box]:
    """The boxes that can touch any spot of a w × h label at (px, py) (one pass instead of eight)."""
    reach = (px - gap - w, py - gap - h, px + gap + w, py + gap + h)
    if also is not None:
        reach = (min(reach[0], also[0]), min(reach[1], also[1]), max(reach[2], also[2]), max(reach[3], also[3]))
    r0, r1, r2, r3 = reach
    # _overlaps(b, reach) written out: this runs a few thousand times a frame, and the call was
    # most of its cost (numpy is slower still on a few dozen boxes)
    return [b for b in boxes if b[0] < r2 and r0 < b[2] and b[1] < r3 and r1 < b[3]]


def _clear(box: Box, boxes: Iterable[Box]) -> bool:
    """No box of ``boxes`` overlaps ``box``: ``not any(_overlaps(box, b) for b in boxes)`` as one
    loop (label placement runs it thousands of times a frame; the calls were most of its cost)."""
    x0, y0, x1, y1 = box
    for b in boxes:
        if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
            return False
    return True


def _inside(box: Box, bounds: Box | None) -> bool:
    return bounds is None or (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
                              and box[3] <= bounds[3])


def place_indexed(items: list[tuple[str, float, float, int, float]],
                  measure: Callable[[str, float], tuple[float, float]] = em_measure,
                  gap: float = 4.0, bounds: Box | None = None, min_priority: int = 1,
                  taken: list[Box] | None = None, force: int = 3,
                  gaps: list[float] | None = None) -> list[tuple[int, float, float]]:
    """:func:`place` returning ``(index into items, left, top)``; labels of priority ≥ ``force``
    are drawn at their first spot when no spot is free. ``gaps`` (per item) replaces ``gap``:
    a figure's label stands off by the radius of its disc, which grows with the zoom."""
    placed: list[tuple[int, float, float]] = []
    boxes: list[Box] = taken if taken is not None else []
    order = sorted(range(len(items)), key=lambda i: -items[i][3])
    for i in order:
        text, px, py, priority, size = items[i]
        if priority < min_priority:
            continue
        if bounds is not None and not (bounds[0] <= px <= bounds[2] and bounds[1] <= py <= bounds[3]):
            continue
        w, h = measure(text, size)
        g = gap if gaps is None else gaps[i]
        candidates = spots(px, py, w, h, g)
        near = _near(boxes, px, py, w, h, g)
        chosen = None
        for left, top in candidates:
            box = (left, top, left + w, top + h)
            if _inside(box, bounds) and _clear(box, near):
                chosen = box
                break
        if chosen is None and priority >= force:
            left, top = candidates[0]
            chosen = (left, top, left + w, top + h)
        if chosen is not None:
            boxes.append(chosen)
            placed.append((i, chosen[0], chosen[1]))
    return placed


def place(items: Iterable[tuple[str, float, float, int, float]],
          measure: Callable[[str, float], tuple[float, float]] = em_measure,
          gap: float = 4.0, bounds: Box | None = None, min_priority: int = 1,
          taken: list[Box] | None = None) -> list[tuple[str, float, float, float]]:
    """Place labels ``(text, px, py, priority, size)``; returns ``(text, left, top, size)`` for each drawn.

    ``bounds`` (a pixel box) drops labels whose anchor lies outside it; ``taken`` are boxes already
    occupied (a caption, a legend) and is extended with the boxes placed.
    """
    items = list(items)
    return [(items[i][0], left, top, items[i][4])
            for i, left, top in place_indexed(items, measure, gap, bounds, min_priority, taken)]


def settle(boxes: list[tuple[Box, tuple[float, float]]], avoid: list[Box], gap: float,
           bounds: Box | None = None) -> list[Box | None]:
    """Keep labels placed earlier (clear of each other) clear of ``avoid`` too: figures and their
    labels, which take priority.

    ``boxes``: per label its preferred box and its anchor, in order of priority. A label whose box
    is clear stays; else it tries its other spots; else it is dropped (None). The preferred boxes
    were placed clear of each other, so a label that stays is checked against ``avoid`` and the
    labels that moved only (the common case costs a few comparisons).
    """
    fixed = list(avoid)
    moved: list[Box] = []
    kept: list[Box] = []
    out: list[Box | None] = []
    for box, (px, py) in boxes:
        if bounds is not None and not (bounds[0] <= px <= bounds[2] and bounds[1] <= py <= bounds[3]):
            out.append(None)
            continue
        if _inside(box, bounds) \
                and _clear(box, fixed) and _clear(box, moved):  # a few labels in view: one loop each
            kept.append(box)
            out.append(box)
            continue
        w, h = box[2] - box[0], box[3] - box[1]
        near = _near(fixed + moved + kept, px, py, w, h, gap)
        chosen = None
        for left, top in spots(px, py, w, h, gap):
            cand = (left, top, left + w, top + h)
            if _inside(cand, bounds) and _clear(cand, near):
                chosen = cand
                break
        if chosen is not None:
            moved.append(chosen)
        out.append(chosen)
    return out
