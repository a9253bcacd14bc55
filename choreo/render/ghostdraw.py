"""Placing the ghosts' labels (they need the font's measures) and painting the ghosts with pygame: thin code
over choreo.render.ghosts, which computes where everything goes."""

from __future__ import annotations

import math

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import label_measure
from choreo.render.ghosts import (
    GHOST_TINT,
    Ghost,
    ghost_primitives,
    leader,
    leader_primitives,
    plan_ghost_primitives,
    strip_ghost_primitives,
)
from choreo.render.placement import place_indexed, spots
from choreo.render.scenepaint import paint_items
from choreo.render.style import PLAN
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport


def paint_ghosts(surf: pygame.Surface, ghosts: list[Ghost], cfg: RenderConfig, texts: TextCache) -> None:
    paint_items(surf, ghost_primitives(ghosts, cfg.font_scale), texts)


def paint_strip_ghosts(surf: pygame.Surface, ghosts: list[Ghost], cfg: RenderConfig, texts: TextCache) -> None:
    paint_items(surf, strip_ghost_primitives(ghosts, cfg.font_scale), texts)


def paint_plan_ghosts(surf: pygame.Surface, shapes, vp: Viewport, cfg: RenderConfig, texts: TextCache) -> None:
    paint_items(surf, plan_ghost_primitives(shapes, vp, cfg.font_scale), texts)


LABEL_RINGS = (2.5, 4.0)  # when no spot beside a ghost is free, its name stands off by these many gaps, with a leader
PRIORITY = {"actor": 4, "person": 3, "object": 2}  # whose names are placed first


def ghost_labels(ghosts: list[Ghost], texts: TextCache, cfg: RenderConfig, taken: list, clip,
                 hard: list = ()) -> list:
    """Each ghost's label beside it, clear of what is ``taken`` (discs, labels) and never over ``hard`` (the
    furniture, the landmarks' points, the 侯's bands); ``(text, x, y, size, leader)``.

    The step's actors first, then the other persons, then the objects. A person's name that finds no room
    beside him stands further off, joined to him by a leader that crosses nothing placed; an actor's name
    that finds no such spot either goes where it covers least (choice: in a crowd the ghost of the one
    acting the clause must not go unnamed, as 敖's 獲者 did at e.10 s07b)."""
    taken = list(taken) + list(hard)
    size = cfg.px(15)
    left, top, w, h = clip if clip else (0, 0, *cfg.size)
    bounds = (left, top, left + w, top + h)
    measure = label_measure(texts)
    rank = [PRIORITY["actor" if g.acting else g.kind if g.kind == "object" else "person"] for g in ghosts]
    items = [(g.label, g.px, g.py, rank[i], size) for i, g in enumerate(ghosts)]
    gaps = [g.r + cfg.px(4) for g in ghosts]
    done = {i: (x, y, None) for i, x, y in place_indexed(items, measure, bounds=bounds, taken=taken, force=99, gaps=gaps)}
    for i in sorted((i for i, g in enumerate(ghosts) if i not in done and g.kind != "object"), key=lambda i: -rank[i]):
        g = ghosts[i]
        if not (bounds[0] <= g.px <= bounds[2] and bounds[1] <= g.py <= bounds[3]):
            continue
        tw, th = measure(g.label, size)
        tries = [(x, y, x + tw, y + th) for ring in LABEL_RINGS for x, y in spots(g.px, g.py, tw, th, gaps[i] * ring)]
        tries = [b for b in tries if b[0] >= bounds[0] and b[1] >= bounds[1] and b[2] <= bounds[2] and b[3] <= bounds[3]]
        box = next((b for b in tries if not any(_meets(b, o) for o in taken) and _leader_clear(g, b, taken)), None)
        soft = [b for b in tries if not any(_meets(b, o) for o in hard)]
        if box is None and g.acting and soft:
            box = min(soft, key=lambda b: sum(_overlap(b, o) for o in taken))
        if box is not None:
            taken.append(box)
            done[i] = (box[0], box[1], leader(g, box))
    return [(items[i][0], x, y, size, line) for i, (x, y, line) in sorted(done.items())]


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _leader_clear(g: Ghost, box, taken) -> bool:
    """The leader from ``g`` to ``box`` crosses no box of ``taken`` but those round the ghost itself."""
    (x0, y0), (x1, y1) = leader(g, box)
    n = max(2, int(math.hypot(x1 - x0, y1 - y0) // 2))
    pts = [(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(1, n)]
    for o in taken:
        if o[0] <= g.px <= o[2] and o[1] <= g.py <= o[3]:
            continue  # the ghost's own box, or its own figure's under it
        if any(o[0] < x < o[2] and o[1] < y < o[3] for x, y in pts):
            return False
    return True


def blit_ghost_labels(surf: pygame.Surface, labels: list, texts: TextCache, cfg: RenderConfig) -> None:
    paint_items(surf, leader_primitives(labels, cfg.font_scale), texts)
    for text, x, y, size, _ in labels:
        surf.blit(texts.render(text, int(size), GHOST_TINT, PLAN["halo"], where="ghost label"), (x, y))
