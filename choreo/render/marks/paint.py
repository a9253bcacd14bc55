"""Drawing Marks with pygame: the only module of the marks that imports it."""

from __future__ import annotations

import pygame


def paint(surf: pygame.Surface, marks, texts=None) -> None:
    """Draw ``marks`` (choreo.render.marks.shapes.Mark) on ``surf``; ``texts`` (a TextCache) for text."""
    for m in marks:
        if m.kind == "line":
            w = max(1, round(m.width))
            pygame.draw.lines(surf, m.colour, False, m.points, w)
            if w >= 3:  # round joints and ends, so that a thick arc does not look broken
                for p in (m.points[0], m.points[-1]):
                    pygame.draw.circle(surf, m.colour, p, w / 2)
        elif m.kind == "polygon" and m.radius and len(m.points) == 4:  # a rounded rectangle
            (x0, y0), (x1, y1) = m.points[0], m.points[2]
            pygame.draw.rect(surf, m.colour, (x0, y0, x1 - x0, y1 - y0), border_radius=round(m.radius))
            if m.outline is not None:
                pygame.draw.rect(surf, m.outline, (x0, y0, x1 - x0, y1 - y0), 1, border_radius=round(m.radius))
        elif m.kind == "polygon":
            pygame.draw.polygon(surf, m.colour, m.points)
            if m.outline is not None:
                pygame.draw.polygon(surf, m.outline, m.points, 1)
        elif m.kind == "circle":
            pygame.draw.circle(surf, m.colour, m.points[0], m.radius, max(1, round(m.width)) if m.width else 0)
            if m.outline is not None:
                pygame.draw.circle(surf, m.outline, m.points[0], m.radius, 1)
        elif m.kind == "text" and texts is not None:
            img = texts.render(m.text, max(8, round(m.radius)), m.colour, where="mark")
            x, y = m.points[0]
            surf.blit(img, (x - img.get_width() / 2, y - img.get_height() / 2))
