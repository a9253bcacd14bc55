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


def place(items: Iterable[tuple[str, float, float, int, float]],
          measure: Callable[[str, float], tuple[float, float]] = em_measure,
          gap: float = 4.0, bounds: Box | None = None, min_priority: int = 1,
          taken: list[Box] | None = None) -> list[tuple[str, float, float, float]]:
    """Place labels ``(text, px, py, priority, size)``; returns ``(text, left, top, size)`` for each drawn.

    ``bounds`` (a pixel box) drops labels whose anchor lies outside it; ``taken`` are boxes already
    occupied (a caption, a legend) and is extended with the boxes placed.
    """
    placed: list[tuple[str, float, float, float]] = []
    boxes: list[Box] = taken if taken is not None else []
    ordered = sorted(items, key=lambda it: -it[3])
    for text, px, py, priority, size in ordered:
        if priority < min_priority:
            continue
        if bounds is not None and not (bounds[0] <= px <= bounds[2] and bounds[1] <= py <= bounds[3]):
            continue
        w, h = measure(text, size)
        spots = [
            (px + gap, py - h / 2), (px - gap - w, py - h / 2), (px - w / 2, py - gap - h),
            (px - w / 2, py + gap), (px + gap, py - gap - h), (px + gap, py + gap),
            (px - gap - w, py - gap - h), (px - gap - w, py + gap),
        ]
        chosen = None
        for left, top in spots:
            box = (left, top, left + w, top + h)
            if bounds is not None and (left < bounds[0] or top < bounds[1] or box[2] > bounds[2]
                                       or box[3] > bounds[3]):
                continue
            if not any(_overlaps(box, b) for b in boxes):
                chosen = box
                break
        if chosen is None and priority >= 3:
            left, top = spots[0]
            chosen = (left, top, left + w, top + h)
        if chosen is not None:
            boxes.append(chosen)
            placed.append((text, chosen[0], chosen[1], size))
    return placed
