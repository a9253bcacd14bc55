"""The parts of an object at rest, where the plan says they lie: the 薦's 脯 (in its 籩) and 醢 (in its 豆),
each a small badge with its character on the side the script set it (``{設: {…, parts: {脯: 西, 醢: 東}}}``).

:func:`part_badges` computes the badges in pixels without pygame; :func:`draw_part_badges` paints them with
pygame and the scene builder (choreo/render/framescene.py) writes the same badges for SVG/PDF.
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo.model import Choreography

SCREEN = {"東": (1.0, 0.0), "西": (-1.0, 0.0), "南": (0.0, 1.0), "北": (0.0, -1.0)}  # y down on the screen


@dataclass(frozen=True)
class PartBadge:
    obj: str
    part: str  # its character (脯, 醢)
    box: tuple[float, float, float, float]  # left, top, width, height in pixels


def part_badges(ch: Choreography, figs, t: float, size: float) -> list[PartBadge]:
    """A badge ``size`` px square for each part of each object drawn at rest at t (``figs``: the frame's
    placed figures), beside the object's square on the part's side."""
    out = []
    for f in figs:
        if f.info.kind != "object" or f.shapes:
            continue
        rest = ch.rest_of(f.name, t)
        if rest is None or not rest.parts:
            continue
        for part, direction in rest.parts:
            dx, dy = SCREEN[direction]
            cx, cy = f.px + dx * (f.r + size * 0.5 + 1), f.py + dy * (f.r + size * 0.5 + 1)
            out.append(PartBadge(f.name, part, (cx - size / 2, cy - size / 2, size, size)))
    return out


def draw_part_badges(surf, badges: list[PartBadge], texts, text_px: int, fill, ink) -> None:
    import pygame

    for b in badges:
        x, y, w, h = (round(v) for v in b.box)
        pygame.draw.rect(surf, fill, (x, y, w, h), border_radius=3)
        pygame.draw.rect(surf, ink, (x, y, w, h), 1, border_radius=3)
        g = texts.render(b.part, text_px, (255, 255, 255), where=f"part of {b.obj}")
        surf.blit(g, (x + (w - g.get_width()) / 2, y + (h - g.get_height()) / 2))
