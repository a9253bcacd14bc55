"""Painting a :class:`~choreo.render.scene.Scene` with pygame (the raster back end).

Text runs are drawn through :class:`~choreo.render.text.TextCache` at their boxes, exactly as
the frames draw them; shapes with pygame.draw, as drawplan and figures draw theirs.
"""

from __future__ import annotations

import pygame

from choreo.render.drawplan import _dashed
from choreo.render.scene import Circle, Clip, Glyphs, Poly, Scene
from choreo.render.text import TextCache


def paint(scene: Scene, texts: TextCache, into: pygame.Surface | None = None) -> pygame.Surface:
    surf = into if into is not None else pygame.Surface(scene.size)
    surf.fill(scene.background)
    for item in scene.items:
        if isinstance(item, Clip):
            surf.set_clip(pygame.Rect(*(round(v) for v in item.rect)))
            for sub in item.items:
                _paint(surf, sub, texts)
            surf.set_clip(None)
        else:
            _paint(surf, item, texts)
    return surf


def paint_items(surf: pygame.Surface, items, texts: TextCache) -> None:
    """Primitives painted onto a surface already drawn (the ghosts of a comparison over a frame)."""
    for item in items:
        _paint(surf, item, texts)


def _paint(surf: pygame.Surface, item, texts: TextCache) -> None:
    if isinstance(item, (Poly, Circle)) and item.opacity < 1.0:
        _translucent(surf, item, texts)
    elif isinstance(item, Poly):
        pts = list(item.points)
        w = max(1, round(item.width))
        if item.closed and _upright(pts):  # a box: pygame.draw.rect, as the frames draw theirs
            (x0, y0), (x1, y1) = pts[0], pts[2]
            rect = (x0, y0, x1 - x0, y1 - y0)
            radius = round(item.radius) if item.radius else -1
            if item.fill is not None:
                pygame.draw.rect(surf, item.fill, rect, border_radius=radius)
            if item.stroke is not None:
                pygame.draw.rect(surf, item.stroke, rect, w, border_radius=radius)
        elif not item.closed:
            if item.dashed:
                _dashed(surf, item.stroke, pts, w, *item.dashed)
            elif len(pts) == 2:
                pygame.draw.line(surf, item.stroke, pts[0], pts[1], w)
            else:
                pygame.draw.lines(surf, item.stroke, False, pts, w)
        else:
            if item.fill is not None:
                pygame.draw.polygon(surf, item.fill, pts)
            if item.stroke is not None:
                pygame.draw.polygon(surf, item.stroke, pts, w)
    elif isinstance(item, Circle):
        if item.fill is not None:
            pygame.draw.circle(surf, item.fill, item.centre, item.r)
        if item.stroke is not None:
            pygame.draw.circle(surf, item.stroke, item.centre, item.r, max(1, round(item.width)))
    elif isinstance(item, Glyphs):
        render = texts.render_vertical if item.vertical else texts.render
        drawn = render(item.text, item.size, item.colour, item.halo)
        surf.blit(pygame.transform.rotate(drawn, 90) if item.turned else drawn, item.box[:2])


def _translucent(surf: pygame.Surface, item, texts: TextCache) -> None:
    """Drawn opaque on a layer just its size, the layer blitted at the item's opacity."""
    from dataclasses import replace

    pad = item.width + 2
    if isinstance(item, Circle):
        x0, y0 = item.centre[0] - item.r - pad, item.centre[1] - item.r - pad
        w = h = 2 * (item.r + pad)
        moved = replace(item, centre=(item.centre[0] - x0, item.centre[1] - y0), opacity=1.0)
    else:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        x0, y0 = min(xs) - pad, min(ys) - pad
        w, h = max(xs) - x0 + pad, max(ys) - y0 + pad
        moved = replace(item, points=tuple((x - x0, y - y0) for x, y in item.points), opacity=1.0)
    layer = pygame.Surface((max(1, int(w) + 2), max(1, int(h) + 2)), pygame.SRCALPHA)
    _paint(layer, moved, texts)
    layer.set_alpha(round(255 * item.opacity))
    surf.blit(layer, (x0, y0))


def _upright(pts) -> bool:
    """Four corners of an axis-aligned rectangle, clockwise from the top-left (framescene._rect)."""
    return (len(pts) == 4 and pts[0][1] == pts[1][1] and pts[2][1] == pts[3][1] and pts[0][0] == pts[3][0]
            and pts[1][0] == pts[2][0] and pts[2][0] > pts[0][0] and pts[2][1] > pts[0][1])
