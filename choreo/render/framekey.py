"""The key to the plan's own marks in a frame: the stations (circles, 位), the places of a file (dots,
列位) and the 侯's bands (上個, 躬, 侯中 …), for those of them the frame shows (pure: no pygame; text
is measured by a function passed in, drawn as Marks).

The plan picture (``choreo plan``) has the whole key in its title band; a frame shows a part of the
court, so its key names only what is in view (in the main view, and the 侯 of the 侯道 strip or of
the shot's inset), in a small box the placement pass puts in a free corner as furniture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from choreo.render.marks.shapes import Mark
from choreo.render.planlayout import PART_STYLES, KeyEntry, PlanLayout, plan_key
from choreo.render.viewport import Viewport
from stage.model import Venue

Measure = Callable[[str, float], tuple[float, float]]


def _sign(shape) -> tuple[str, str] | None:
    """(kind, style) of the key entry a plan shape stands for, or None (drawplan's and planlayout's
    drawing of stations, slots and bands)."""
    if shape.kind == "circle" and shape.style == "background" and shape.outline == "station":
        return "station", "station"
    if shape.kind == "circle" and shape.style == "station":
        return "slot", "station"
    if shape.kind == "poly" and shape.style in PART_STYLES:
        return "band", shape.style
    return None


@dataclass(frozen=True)
class KeyLook:
    """Sizes of the frame's key, in pixels: its words, a swatch, the gap between."""

    size: float
    swatch: float
    gap: float


class PlanSigns:
    """Where each of the venue's key entries is drawn (world bounding boxes), to tell which are in view."""

    def __init__(self, venue: Venue, layout: PlanLayout) -> None:
        entries = plan_key(venue)
        boxes: dict[tuple[str, str], list[tuple[float, float, float, float]]] = {}
        for shape in layout.shapes:
            sign = _sign(shape)
            if sign is not None and shape.coords:
                xs, ys = [p[0] for p in shape.coords], [p[1] for p in shape.coords]
                boxes.setdefault(sign, []).append((min(xs), min(ys), max(xs), max(ys)))
        self.entries: tuple[tuple[KeyEntry, np.ndarray], ...] = tuple(
            (e, np.array(boxes[(e.kind, e.style)], dtype=float)) for e in entries if (e.kind, e.style) in boxes)
        self._boxes = tuple((e, tuple(tuple(float(v) for v in row) for row in b.tolist())) for e, b in self.entries)

    def visible(self, vp: Viewport, also: Sequence[KeyEntry] = ()) -> tuple[KeyEntry, ...]:
        """The entries with a mark inside the viewport's world bounds, and those of ``also`` (what
        another panel of the frame shows: the strip's or the inset's 侯), in the key's order."""
        x0, y0, x1, y1 = vp.world_bounds
        out = []
        # the marks' boxes as floats, scanned in Python: a few dozen boxes an entry, the first one in view
        # ends the scan (numpy's arrays cost more here than the comparisons, with the same answers)
        for entry, b in self._boxes:
            if entry in also or any(b0 <= x1 and b2 >= x0 and b1 <= y1 and b3 >= y0 for b0, b1, b2, b3 in b):
                out.append(entry)
        return tuple(out)

    def bands(self) -> tuple[KeyEntry, ...]:
        """The entries of the 侯's bands (an inset shows the 侯 whole)."""
        return tuple(e for e, _ in self.entries if e.kind == "band")


def key_size(entries: Sequence[KeyEntry], measure: Measure, look: KeyLook) -> tuple[float, float]:
    """The box of the entries in one row: swatch, word, a double gap before the next."""
    words = sum(measure(e.text, look.size)[0] for e in entries)
    w = len(entries) * (look.swatch + look.gap) + words + 2 * look.gap * (len(entries) - 1) + 2 * look.gap
    return w, max(look.swatch, measure("位", look.size)[1]) + 2 * look.gap


def key_marks(entries: Sequence[KeyEntry], box, measure: Measure, look: KeyLook, palette: dict,
              ink, paper, frame) -> list[Mark]:
    """The key in ``box`` as Marks: its pale ground, then per entry its swatch (drawn as the plan
    draws that mark) and its word."""
    x0, y0, x1, y1 = box
    out = [Mark("polygon", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), paper, radius=3, outline=frame)]
    cy = (y0 + y1) / 2
    x = x0 + look.gap
    r = look.swatch / 2
    for e in entries:
        cx = x + r
        if e.kind == "station":
            out.append(Mark("circle", ((cx, cy),), palette["background"], 0, r * 0.5, outline=palette["station"]))
            out.append(Mark("circle", ((cx, cy),), palette["station"], 1.5, r * 0.5))
        elif e.kind == "slot":
            out += [Mark("circle", ((cx + dx, cy),), palette["station"], 0, max(1.5, r * 0.18)) for dx in (-r * 0.6, 0, r * 0.6)]
        else:  # a band of the 侯, in the colour the plan draws that part
            out.append(Mark("polygon", ((x, cy - r * 0.45), (x + look.swatch, cy - r * 0.45), (x + look.swatch, cy + r * 0.45),
                                        (x, cy + r * 0.45)), palette[e.style], outline=palette["wall"]))
        w, _ = measure(e.text, look.size)
        tx = x + look.swatch + look.gap
        out.append(Mark("text", ((tx + w / 2, cy),), ink, 0, look.size, text=e.text))
        x = tx + w + 2 * look.gap
    return out
