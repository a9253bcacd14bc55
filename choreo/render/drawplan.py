"""Drawing the floor plan with pygame: the main (hall) view, the 侯道 strip, scale bar, north arrow.

The static layer of a frame: :class:`PlanPainter` caches the drawn plan per viewport, so a fixed
camera costs one blit per frame.
"""

from __future__ import annotations

import math
import weakref

import pygame

from choreo.render.config import RenderConfig
from choreo.render.placement import place
from choreo.render.planlabels import (
    MARK_GAP,
    NAME_GAP,
    PlacedName,
    edge_lines,
    floor_boxes,
    mark_boxes,
    place_names,
)
from choreo.render.planlayout import LABEL_SIZES, PlanLayout, Shape, clear_boxes, nice_scale_bar, strip_labels
from choreo.render.style import PLAN, landmark_ink
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport


def _dashed(surf: pygame.Surface, colour, pts, width: int, dash: float, gap: float) -> None:
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        d = 0.0
        while d < length:
            e = min(d + dash, length)
            pygame.draw.line(surf, colour, (x0 + ux * d, y0 + uy * d), (x0 + ux * e, y0 + uy * e), width)
            d = e + gap


def draw_shapes(surf: pygame.Surface, shapes: tuple[Shape, ...], vp: Viewport, k: float) -> None:
    """Draw world-coordinate shapes through ``vp``; ``k`` scales line widths with the output size."""
    for s in shapes:
        pts = [tuple(p) for p in vp.to_screen_many(s.coords)] if s.coords else []
        w = max(1, round(s.width * k))
        if s.kind == "poly" and len(pts) >= 3:
            pygame.draw.polygon(surf, PLAN[s.style], pts)
            if s.outline:
                pygame.draw.polygon(surf, PLAN[s.outline], pts, w)
        elif s.kind == "line" and len(pts) >= 2:
            if s.dashed:
                _dashed(surf, PLAN[s.style], pts, w, 8 * k, 6 * k)
            else:
                pygame.draw.lines(surf, PLAN[s.style], False, pts, w)
        elif s.kind == "circle" and pts:
            r = max(vp.length(s.radius), s.min_px * k)
            pygame.draw.circle(surf, PLAN[s.style], pts[0], r)
            if s.outline:
                pygame.draw.circle(surf, PLAN[s.outline], pts[0], r, w)


_MEASURES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # TextCache → its label_measure


def label_measure(texts: TextCache):
    """The box of a label drawn with a halo (TextCache.render): text width plus the halo on each side
    (one function per TextCache, each size found once: a placement pass asks some hundred times)."""
    hit = _MEASURES.get(texts)
    if hit is not None:
        return hit
    known: dict = {}

    def measure(text, size):
        key = (text, size)
        box = known.get(key)
        if box is None:
            r = max(1, int(size) // 9)
            box = known[key] = (texts.width(text, int(size)) + 2 * r, int(size) * 1.25 + 2 * r)
        return box
    _MEASURES[texts] = measure
    return measure


def label_ink(texts: TextCache):
    """Where a label's glyphs lie in its :func:`label_measure` box: their insets (left, top, right, bottom) from
    it, read from the text drawn without its halo (the halo and the line's leading below are margin a wall may
    touch)."""
    measure = label_measure(texts)
    known: dict = {}

    def ink(text, size):
        key = (text, size)
        insets = known.get(key)
        if insets is None:
            r = max(1, int(size) // 9)  # the halo's reach, as label_measure counts it
            w, h = measure(text, size)
            glyphs = texts.render(text, int(size), PLAN["label"]).get_bounding_rect()
            insets = known[key] = (r + glyphs.left, r + glyphs.top, w - r - glyphs.right, h - r - glyphs.bottom)
        return insets
    return ink


def spaced_measure(texts: TextCache, space: float):
    """:func:`label_measure` with ``space`` px kept free after each name, so that two names side by
    side read as two (「上物」「下物」 placed edge to edge read as one word, 「上物下物」)."""
    measure = label_measure(texts)

    def spaced(text, size):
        w, h = measure(text, size)
        return w + space, h
    return spaced


def anchor_boxes(items, reach: float, min_priority: int) -> list:
    """Small boxes round the points of the labels ``(text, px, py, priority, size)`` that are drawn:
    a label placed clear of them covers no other landmark's point (「上物」 lay over the 下物 and ran
    into its name, 「上物下物」)."""
    return [(px - reach, py - reach, px + reach, py + reach) for _, px, py, pr, _ in items if pr >= min_priority]


def placed_plan_labels(labels, vp: Viewport, texts: TextCache, cfg: RenderConfig, min_priority: int = 1,
                       taken: list | None = None) -> list:
    """Where landmark labels go: ``(text, left, top, size, colour)``; ``taken`` (the pixel boxes
    to keep clear of) gets the boxes round the landmarks' points."""
    left, top, w, h = vp.rect
    items = []
    for lab in labels:
        px, py = vp.to_screen(lab.x, lab.y)
        items.append((lab.text, px, py, lab.priority, cfg.name_px(LABEL_SIZES[lab.size])))

    measure = spaced_measure(texts, cfg.px(8))
    boxes = taken if taken is not None else []
    boxes += anchor_boxes(items, cfg.px(3), min_priority)  # no name covers another's point
    out = []
    for text, lx, ly, size in place(items, measure, gap=cfg.px(5), bounds=(left, top, left + w, top + h),
                                    min_priority=min_priority, taken=boxes):
        colour = landmark_ink(size, cfg.name_px(LABEL_SIZES["big"]))
        out.append((text, lx, ly, size, colour))
    return out


def strip_names(layout: PlanLayout, vp: Viewport, texts: TextCache, cfg: RenderConfig, clear: list) -> list:
    """``clear`` (the strip's clear boxes) with the boxes of the points its landmark names stand for and
    of the names themselves, as its panel and its still place them: what a figure's name keeps off."""
    measure = label_measure(texts)
    taken = list(clear)
    names = []
    for text, lx, ly, size, _ in placed_plan_labels(strip_labels(layout), vp, texts, cfg, 3, taken):
        w, h = measure(text, size)
        names.append((lx, ly, lx + w, ly + h))
    return taken + names


def draw_labels(surf: pygame.Surface, labels, vp: Viewport, texts: TextCache, cfg: RenderConfig,
                min_priority: int = 1, taken: list | None = None) -> list:
    """Place and draw landmark labels; returns the pixel boxes they occupy."""
    boxes = taken if taken is not None else []
    for text, lx, ly, size, colour in placed_plan_labels(labels, vp, texts, cfg, min_priority, boxes):
        surf.blit(texts.render(text, int(size), colour, PLAN["halo"], where="plan label"), (lx, ly))
    return boxes


def picture_names(layout: PlanLayout, labels, vp: Viewport, texts: TextCache, cfg: RenderConfig, k: float,
                  min_priority: int, taken: list) -> tuple[list[PlacedName], list]:
    """The plan picture's names in ``vp`` placed clear of the marks drawn there (``k``: the panel's line-width
    scale, as draw_shapes draws them) and of ``taken``; returns them and the marks' boxes."""
    left, top, w, h = vp.rect
    items = [(lab.text, *vp.to_screen(lab.x, lab.y), lab.priority, cfg.name_px(LABEL_SIZES[lab.size]))
             for lab in labels]
    marks = mark_boxes(layout, vp, k)
    names = place_names(items, label_measure(texts), marks, gap=cfg.px(5), name_gap=cfg.dim(NAME_GAP),
                        mark_gap=cfg.dim(MARK_GAP), bounds=(left, top, left + w, top + h),
                        min_priority=min_priority, taken=taken, floors=floor_boxes(layout, vp),
                        edges=edge_lines(layout, vp, k), ink=label_ink(texts))
    return names, marks


def draw_names(surf: pygame.Surface, names: list[PlacedName], texts: TextCache, cfg: RenderConfig, k: float) -> None:
    """The leaders first (a name's halo covers the end of its own), then the names."""
    for name in names:
        if name.leader is not None:
            pygame.draw.line(surf, PLAN["label-dim"], *name.leader, max(1, round(k)))
    big = cfg.name_px(LABEL_SIZES["big"])
    for name in names:
        colour = landmark_ink(name.size, big)
        surf.blit(texts.render(name.text, int(name.size), colour, PLAN["halo"], where="plan label"), name.box[:2])


Box = tuple[float, float, float, float]


_BAR_SIZES: dict[tuple, tuple[float, str, float, float]] = {}  # (scale, panel width, sizes) → _scale_bar_size


def _scale_bar_size(vp: Viewport, texts: TextCache, cfg: RenderConfig) -> tuple[float, str, float, float]:
    """(bar length in px, its words, box width, box height) of the scale bar at ``vp``'s scale (found
    twice a frame, the same while the zoom holds: kept by scale; the words' width is the font's)."""
    size = cfg.deco_px(15)
    key = (vp.scale, vp.rect[2], size, cfg.dim(9) + cfg.dim(6) + cfg.dim(10))
    hit = _BAR_SIZES.get(key)
    if hit is None:
        chi, words = nice_scale_bar(vp.scale, vp.rect[2] * 0.16)
        length = chi * vp.scale
        if len(_BAR_SIZES) > 256:  # a zoom blend's scales each come once: bounded
            _BAR_SIZES.clear()
        hit = _BAR_SIZES[key] = (length, words, max(length, texts.width(words, size)) + 8, size + key[3])
    return hit


def _north_size(cfg: RenderConfig) -> tuple[float, float]:
    s = cfg.px(20)
    return 2 * s, s * 1.6 + cfg.px(28) + 2


def _clear(box: Box, others) -> bool:
    x0, y0, x1, y1 = box
    for o in others:  # a loop, not all() over a generator: the furniture's corners are tried every pass
        if not (x1 <= o[0] or o[2] <= x0 or y1 <= o[1] or o[3] <= y0):
            return False
    return True


def furniture_boxes(vp: Viewport, texts: TextCache, cfg: RenderConfig, avoid=()) -> tuple[Box, Box]:
    """(scale bar, north arrow) boxes in ``vp``'s panel, each in the first corner that covers none
    of the ``avoid`` boxes (figure discs, the points landmarks stand for) nor the other's box.

    choice: the furniture moves to a free corner rather than hiding a figure; the scale bar tries
    the bottom-left first and the arrow the top-right (where a plan reader looks for them). Where no
    corner is free, the usual one is kept and the figures are drawn over it (it is drawn first).
    """
    left, top, w, h = vp.rect
    m = cfg.dim(10)
    _, _, bw, bh = _scale_bar_size(vp, texts, cfg)
    nw, nh = _north_size(cfg)

    def corners(cw, ch, order):
        spots = {"bl": (left + m, top + h - m - ch), "br": (left + w - m - cw, top + h - m - ch),
                 "tl": (left + m, top + m), "tr": (left + w - m - cw, top + m)}
        return [(spots[k][0], spots[k][1], spots[k][0] + cw, spots[k][1] + ch) for k in order]

    avoid = list(avoid)
    bars = corners(bw, bh, ("bl", "br", "tl", "tr"))
    bar = next((b for b in bars if _clear(b, avoid)), bars[0])
    norths = corners(nw, nh, ("tr", "tl", "br", "bl"))
    north = next((b for b in norths if _clear(b, avoid + [bar])), next(b for b in norths if _clear(b, [bar])))
    return bar, north


def overlay_boxes(vp: Viewport, texts: TextCache, cfg: RenderConfig, avoid=()) -> list[Box]:
    """The pixel boxes the scale bar and the north arrow take (labels keep clear of them)."""
    return list(furniture_boxes(vp, texts, cfg, avoid))


def scale_bar_parts(vp: Viewport, texts: TextCache, cfg: RenderConfig, box: Box) -> dict:
    """The scale bar in ``box``: ``lines`` as (colour, width, points), halo first, and ``text`` as
    (words, size, left, top)."""
    length, words, _, _ = _scale_bar_size(vp, texts, cfg)
    size = cfg.deco_px(15)
    x0, y_bar = box[0] + 4, box[3] - cfg.dim(8)
    tick = cfg.dim(6)
    lines = []
    for colour, wid in ((PLAN["halo"], max(3, cfg.dim(4.5))), (PLAN["label"], max(1, cfg.dim(1.5)))):
        lines.append((colour, wid, ((x0, y_bar), (x0 + length, y_bar))))
        for x in (x0, x0 + length / 2, x0 + length):
            lines.append((colour, wid, ((x, y_bar - tick), (x, y_bar))))
    return {"lines": lines, "text": (words, size, x0, box[1])}


def draw_scale_bar(surf: pygame.Surface, vp: Viewport, texts: TextCache, cfg: RenderConfig,
                   box: Box | None = None) -> None:
    """A bar with ticks at its ends and middle and its length in 尺 and 步, drawn with a halo
    instead of an opaque box, so that what lies under it stays visible."""
    if box is None:
        box = furniture_boxes(vp, texts, cfg)[0]
    parts = scale_bar_parts(vp, texts, cfg, box)
    for colour, wid, (a, b) in parts["lines"]:
        pygame.draw.line(surf, colour, a, b, wid)
    words, size, x, y = parts["text"]
    surf.blit(texts.render(words, size, PLAN["label"], PLAN["halo"], where="scale bar"), (x, y))


def draw_north(surf: pygame.Surface, rect, texts: TextCache, cfg: RenderConfig, box: Box | None = None) -> None:
    """The north arrow in ``box`` (default: the panel's top-right corner)."""
    s = cfg.px(20)
    if box is None:
        left, top, w, _ = rect
        nw, nh = _north_size(cfg)
        box = (left + w - cfg.dim(10) - nw, top + cfg.dim(10), left + w - cfg.dim(10), top + cfg.dim(10) + nh)
    cx, cy = (box[0] + box[2]) / 2, box[3] - 2 - s * 0.6
    pygame.draw.polygon(surf, PLAN["label"], [(cx, cy - s), (cx + s * 0.45, cy + s * 0.6), (cx, cy + s * 0.25)])
    pygame.draw.polygon(surf, PLAN["label"], [(cx, cy - s), (cx - s * 0.45, cy + s * 0.6), (cx, cy + s * 0.25)], 2)
    label = texts.render("北", cfg.px(20), PLAN["label"], PLAN["halo"], where="north arrow")
    surf.blit(label, (cx - label.get_width() / 2, cy - s - label.get_height()))


RANGE_WORD = "侯道"  # 「侯道五十步」〔002〕: the distance from the 物 to the 侯


def range_dimension_parts(vp: Viewport, cfg: RenderConfig, y_mark: float | None,
                          y_target: float | None) -> dict | None:
    """The 侯道 as a dimension line along the east side of the panel of ``vp``: ``line`` (x, top, bottom),
    ``ticks`` (the ends within the panel), ``arrow`` (None, or the tip and two barbs where the line runs
    on past the panel's top to a 物 out of it: --camera full's strip shows the target end alone) and
    ``words`` to write turned along it, centred on ``centre`` (the middle of the part in the panel).
    None when the venue has no 物 or no 侯."""
    if y_mark is None or y_target is None:
        return None
    left, top, w, h = vp.rect
    x = left + w - cfg.px(16)
    _, p0 = vp.to_screen(0, y_mark)
    _, p1 = vp.to_screen(0, y_target)
    p0, p1 = min(p0, p1), max(p0, p1)
    dist = abs(y_mark - y_target)
    cut = p0 < top  # the 物 is north of the panel: the line leaves it with an arrowhead, named in words
    shown0, shown1 = max(p0, top), min(p1, top + h)
    ticks = [p for p in (p0, p1) if top <= p <= top + h]
    arrow = None
    if cut:
        a = cfg.dim(5)
        arrow = ((x, shown0), (x - a, shown0 + 1.6 * a), (x + a, shown0 + 1.6 * a))
    words = f"{RANGE_WORD}{dist:.0f}尺" if cut else f"{dist:.0f}尺"
    return {"line": (x, shown0, shown1), "ticks": ticks, "arrow": arrow, "words": words,
            "size": cfg.px(14), "centre": (shown0 + shown1) / 2}


def range_dimension_boxes(vp: Viewport, cfg: RenderConfig, y_mark: float | None, y_target: float | None) -> list[Box]:
    """The box the 侯道's dimension line and its turned words take along the panel's east side (none without it)."""
    parts = range_dimension_parts(vp, cfg, y_mark, y_target)
    if parts is None:
        return []
    x, p0, p1 = parts["line"]
    return [(x - 1.6 * parts["size"] - 2, p0 - 1, x + 6, p1 + 1)]  # the words' line height, turned, and the ticks


def draw_range_dimension(surf: pygame.Surface, vp: Viewport, texts: TextCache, cfg: RenderConfig,
                         y_mark: float | None, y_target: float | None) -> None:
    """The 侯道 as a dimension line along the strip's east side: 「侯道五十步」 (300 尺)."""
    parts = range_dimension_parts(vp, cfg, y_mark, y_target)
    if parts is None:
        return
    x, p0, p1 = parts["line"]
    col = PLAN["label-dim"]
    pygame.draw.line(surf, col, (x, p0), (x, p1), 1)
    for p in parts["ticks"]:
        pygame.draw.line(surf, col, (x - 5, p), (x + 5, p), 1)
    if parts["arrow"] is not None:
        pygame.draw.polygon(surf, col, parts["arrow"])
    lab = texts.render(parts["words"], parts["size"], col, PLAN["halo"])
    rot = pygame.transform.rotate(lab, 90)
    surf.blit(rot, (x - rot.get_width() - 2, parts["centre"] - rot.get_height() / 2))


class PlanPainter:
    """Draws a panel's plan; the last drawing per (panel, viewport) is reused as the static layer.

    ``clear_of_marks`` (the plan picture's): the names are placed by :func:`picture_names`, off every
    mark drawn, and kept, per panel, in ``names`` and ``marks`` (panel pixels). The frames' strip keeps
    the placement its figures' names are laid out against (strip_names)."""

    def __init__(self, layout: PlanLayout, cfg: RenderConfig, texts: TextCache, *, clear_of_marks: bool = False) -> None:
        self.layout = layout
        self.cfg = cfg
        self.texts = texts
        self.clear_of_marks = clear_of_marks
        self.names: dict[str, list[PlacedName]] = {}
        self.marks: dict[str, list] = {}
        self._cache: dict[str, tuple[tuple, pygame.Surface]] = {}
        self._strip_labels = strip_labels(layout)

    def panel(self, key: str, vp: Viewport, *, strip: bool = False) -> pygame.Surface:
        """The plan drawn into a surface the size of ``vp.rect`` (cached while vp is unchanged)."""
        sig = (round(vp.x0, 3), round(vp.y1, 3), round(vp.scale, 5), vp.rect)
        hit = self._cache.get(key)
        if hit is not None and hit[0] == sig:
            return hit[1]
        left, top, w, h = vp.rect
        surf = pygame.Surface((w, h))
        local = Viewport((0, 0, w, h), vp.x0, vp.y1, vp.scale)
        surf.fill(PLAN["strip-bg" if strip else "background"])
        k = self.cfg.font_scale * (0.7 if strip else 1.0)
        draw_shapes(surf, self.layout.shapes, local, k)
        if strip:
            y_mark, y_target = self.layout.range_span
            if self.clear_of_marks:
                self._names(surf, key, self._strip_labels, local, k, 3,
                            range_dimension_boxes(local, self.cfg, y_mark, y_target))
            else:
                draw_labels(surf, self._strip_labels, local, self.texts, self.cfg, min_priority=3,
                            taken=clear_boxes(self.layout, local))
            draw_range_dimension(surf, local, self.texts, self.cfg, y_mark, y_target)
        else:
            # Zoomed far in, show every name; at plan scale only those of priority 2 and up.
            bar, north = furniture_boxes(local, self.texts, self.cfg)
            draw_scale_bar(surf, local, self.texts, self.cfg, bar)
            draw_north(surf, (0, 0, w, h), self.texts, self.cfg, north)
            least = 1 if local.scale > 14 * self.cfg.font_scale else 2
            if self.clear_of_marks:
                self._names(surf, key, self.layout.labels, local, k, least, [bar, north])
            else:
                draw_labels(surf, self.layout.labels, local, self.texts, self.cfg, min_priority=least,
                            taken=[bar, north, *clear_boxes(self.layout, local)])
        pygame.draw.rect(surf, PLAN["frame"], (0, 0, w, h), 1)
        self._cache[key] = (sig, surf)
        return surf

    def _names(self, surf, key: str, labels, vp: Viewport, k: float, least: int, taken: list) -> None:
        names, marks = picture_names(self.layout, labels, vp, self.texts, self.cfg, k, least, taken)
        draw_names(surf, names, self.texts, self.cfg, k)
        self.names[key], self.marks[key] = names, marks
