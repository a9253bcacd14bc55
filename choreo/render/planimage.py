"""The floor-plan picture of ``choreo plan``: a title band, the hall view and the 侯道 strip."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter
from choreo.render.planlabels import Box, PlacedName
from choreo.render.planlayout import (
    TITLE_BAND,
    Panels,
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


@dataclass(frozen=True)
class PlanPicture:
    """The plan as drawn: the surface, its panels, and per panel ("main", "strip") the names placed and
    the boxes of the marks they keep off, in the picture's pixels."""

    surface: pygame.Surface
    panels: Panels
    names: dict[str, tuple[PlacedName, ...]]
    marks: dict[str, tuple[Box, ...]]


def plan_surface(venue: Venue, cfg: RenderConfig, texts: TextCache | None = None) -> pygame.Surface:
    """The venue's plan as a pygame Surface of ``cfg.size``."""
    return plan_picture(venue, cfg, texts).surface


def plan_picture(venue: Venue, cfg: RenderConfig, texts: TextCache | None = None) -> PlanPicture:
    """The venue's plan drawn at ``cfg.size``, with where its names went."""
    texts = texts or TextCache()
    layout = build_layout(venue)
    band = cfg.px(TITLE_BAND)
    panels = split_panels(cfg.size, strip=cfg.strip, top_band=band)
    surf = pygame.Surface(cfg.size)
    surf.fill(PLAN["background"])
    painter = PlanPainter(layout, cfg, texts, clear_of_marks=True)
    main_vp = hall_viewport(layout, panels.main)
    surf.blit(painter.panel("main", main_vp), panels.main[:2])
    at = {"main": panels.main[:2]}
    if panels.strip is not None:
        strip_vp = strip_viewport(layout, panels.strip)
        surf.blit(painter.panel("strip", strip_vp, strip=True), panels.strip[:2])
        at["strip"] = panels.strip[:2]
        # Where the hall view sits in the strip: the reader sees what the big picture is a part of.
        _outline_world_box(surf, strip_vp, main_vp.world_bounds)
    title = texts.render(plan_title(venue), cfg.px(30), PLAN["label"], where="venue title")
    surf.blit(title, (cfg.px(16), (band - title.get_height()) // 2))
    _draw_key(surf, plan_key(venue), texts, cfg, band, cfg.px(16) + title.get_width() + cfg.px(24))
    names = {key: tuple(_moved(n, *at[key]) for n in painter.names.get(key, ())) for key in at}
    marks = {key: tuple(_shift(b, *at[key]) for b in painter.marks.get(key, ())) for key in at}
    return PlanPicture(surf, panels, names, marks)


def _shift(b: Box, dx: float, dy: float) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)


def _moved(n: PlacedName, dx: float, dy: float) -> PlacedName:
    """A name placed in its panel's own pixels, in the picture's."""
    lead = None if n.leader is None else tuple((x + dx, y + dy) for x, y in n.leader)
    return PlacedName(n.text, n.size, _shift(n.box, dx, dy), (n.anchor[0] + dx, n.anchor[1] + dy), lead)


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
