"""The floor-plan picture of ``choreo plan``: a title band, the hall view and the 侯道 strip."""

from __future__ import annotations

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter
from choreo.render.planlayout import (
    TITLE_BAND,
    build_layout,
    hall_viewport,
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
    return surf


def _outline_world_box(surf: pygame.Surface, vp, bounds) -> None:
    minx, miny, maxx, maxy = bounds
    x0, y0 = vp.to_screen(minx, maxy)
    x1, y1 = vp.to_screen(maxx, miny)
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(vp.rect))
    pygame.draw.rect(surf, PLAN["camera"], (x0, y0, x1 - x0, y1 - y0), 2)
    surf.set_clip(clip)
