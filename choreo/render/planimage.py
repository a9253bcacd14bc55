"""The floor-plan picture of ``choreo plan``: a title band, the hall view and the 侯道 strip."""

from __future__ import annotations

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter
from choreo.render.planlayout import (
    TITLE_BAND,
    build_layout,
    hall_viewport,
    plan_key,
    plan_title,
    split_panels,
    strip_viewport,
)
from choreo.render.style import PLAN
from choreo.render.text import TextCache
from stage.model import Venue


def plan_surface(venue: Venue, cfg: RenderConfig, texts: TextCache | None = None) -> pygame.Surface:
    """The venue's plan as a pygame Surface of ``cfg.size``."""
    texts = texts or TextCache()
    layout = build_layout(venue)
    band = cfg.px(TITLE_BAND)
    panels = split_panels(cfg.size, strip=cfg.strip, top_band=band)
    surf = pygame.Surface(cfg.size)
    surf.fill(PLAN["background"])
    painter = PlanPainter(layout, cfg, texts)
    main_vp = hall_viewport(layout, panels.main)
    surf.blit(painter.panel("main", main_vp), panels.main[:2])
    if panels.strip is not None:
        strip_vp = strip_viewport(layout, panels.strip)
        surf.blit(painter.panel("strip", strip_vp, strip=True), panels.strip[:2])
        # Where the hall view sits in the strip: the reader sees what the big picture is a part of.
        _outline_world_box(surf, strip_vp, main_vp.world_bounds)
    title = texts.render(plan_title(venue), cfg.px(30), PLAN["label"], where="venue title")
    surf.blit(title, (cfg.px(16), (band - title.get_height()) // 2))
    _draw_key(surf, plan_key(venue), texts, cfg, band, cfg.px(16) + title.get_width() + cfg.px(24))
    return surf


def key_boxes(entries, texts: TextCache, cfg: RenderConfig, band: int, least_x: float) -> list[tuple]:
    """(entry, swatch box, text left) of the plan's key in a row along the title band, right-aligned."""
    size = cfg.px(18)
    sw, gap = cfg.px(22), cfg.px(8)
    widths = [sw + gap + texts.width(e.text, size) for e in entries]
    x = max(least_x, cfg.width - cfg.px(16) - sum(widths) - gap * 2 * (len(widths) - 1))
    cy = band / 2
    out = []
    for e, w in zip(entries, widths, strict=True):
        out.append((e, (x, cy - sw / 2, x + sw, cy + sw / 2), x + sw + gap))
        x += w + 2 * gap
    return out


def _draw_key(surf, entries, texts: TextCache, cfg: RenderConfig, band: int, least_x: float) -> None:
    size = cfg.px(18)
    for e, (x0, y0, x1, y1), tx in key_boxes(entries, texts, cfg, band, least_x):
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        if e.kind == "station":
            pygame.draw.circle(surf, PLAN["background"], (cx, cy), r * 0.5)
            pygame.draw.circle(surf, PLAN[e.style], (cx, cy), r * 0.5, max(1, round(1.5 * cfg.font_scale)))
        elif e.kind == "slot":
            for dx in (-r * 0.6, 0, r * 0.6):
                pygame.draw.circle(surf, PLAN[e.style], (cx + dx, cy), max(2, r * 0.18))
        else:  # a band of the 侯: the colour of that part, as the plan draws it
            pygame.draw.rect(surf, PLAN[e.style], (x0, cy - r * 0.45, x1 - x0, r * 0.9))
            pygame.draw.rect(surf, PLAN["wall"], (x0, cy - r * 0.45, x1 - x0, r * 0.9), 1)
        img = texts.render(e.text, size, PLAN["label"], where="plan key")
        surf.blit(img, (tx, cy - img.get_height() / 2))


def _outline_world_box(surf: pygame.Surface, vp, bounds) -> None:
    minx, miny, maxx, maxy = bounds
    x0, y0 = vp.to_screen(minx, maxy)
    x1, y1 = vp.to_screen(maxx, miny)
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(vp.rect))
    pygame.draw.rect(surf, PLAN["camera"], (x0, y0, x1 - x0, y1 - y0), 2)
    surf.set_clip(clip)
