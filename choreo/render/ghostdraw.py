"""Placing the ghosts' labels (they need the font's measures) and painting the ghosts with pygame: thin code
over choreo.render.ghosts, which computes where everything goes."""

from __future__ import annotations

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import label_measure
from choreo.render.ghosts import (
    GHOST_TINT,
    Ghost,
    ghost_primitives,
    plan_ghost_primitives,
    strip_ghost_primitives,
)
from choreo.render.placement import place_indexed
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


def ghost_labels(ghosts: list[Ghost], texts: TextCache, cfg: RenderConfig, taken: list, clip) -> list:
    """Each ghost's label beside it, clear of what is ``taken`` (discs, labels); ``(text, x, y, size)``."""
    size = cfg.px(15)
    left, top, w, h = clip if clip else (0, 0, *cfg.size)
    items = [(g.label, g.px, g.py, 2, size) for g in ghosts]
    done = place_indexed(items, label_measure(texts), bounds=(left, top, left + w, top + h), taken=taken, force=99,
                         gaps=[g.r + cfg.px(4) for g in ghosts])
    return [(items[i][0], x, y, size) for i, x, y in done]


def blit_ghost_labels(surf: pygame.Surface, labels: list, texts: TextCache) -> None:
    for text, x, y, size in labels:
        surf.blit(texts.render(text, int(size), GHOST_TINT, PLAN["halo"], where="ghost label"), (x, y))
