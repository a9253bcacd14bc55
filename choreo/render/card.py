"""A passage's title card: its name, the commentary's heading, the venue, the reading and the seed,
drawn over the passage's first picture (dimmed), so that a video of the whole rite has chapters an
audience can follow. Drawn once per passage and blitted."""

from __future__ import annotations

import pygame

from choreo.model import Choreography, Step
from choreo.render.config import RenderConfig
from choreo.render.style import CAPTION
from choreo.render.text import TextCache

DIM = (18, 18, 24, 150)  # the picture behind the card, darkened (RGBA)


def seed_tag(source: str) -> str:
    """〔000〕 for a step's source file (000_95d0….txt): the citation convention, not a file name."""
    stem = source.split("_", 1)[0].split(".", 1)[0]
    return f"〔{stem}〕" if stem else ""


def card_lines(choreo: Choreography, step: Step) -> tuple[str, str, str]:
    """(title, passage and heading, where and after whom) of the passage ``step`` opens."""
    title = step.passage_title or choreo.title
    heading = "  ".join(p for p in (step.passage, step.passage_heading) if p)
    venue = choreo.venue.title or choreo.venue.key
    reading = choreo.reading_title or choreo.reading
    seed = "" if "〔" in step.passage_heading else seed_tag(step.source)  # a heading cites its seed
    return title, heading, " · ".join(p for p in (venue, reading, *choreo.option_titles, seed) if p)


class TitleCard:
    """Title-card overlays of one Choreography at one frame size, one per passage (cached)."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache,
                 area: tuple[int, int, int, int]) -> None:
        self.choreo = choreo
        self.cfg = cfg
        self.texts = texts
        self.area = area  # the picture's part of the frame (the caption band stays as it is)
        self._cards: dict[str, pygame.Surface] = {}

    def box(self, step: Step) -> tuple[int, int, int, int]:
        """Where the card's text panel lies in the frame (x, y, w, h)."""
        panel = self._panel(step)
        x, y, w, h = self.area
        return (x + (w - panel.get_width()) // 2, y + (h - panel.get_height()) // 2, *panel.get_size())

    def draw(self, surf: pygame.Surface, step: Step) -> None:
        x, y, w, h = self.area
        shade = self._cards.get("")
        if shade is None:
            shade = self._cards[""] = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill(DIM)
        surf.blit(shade, (x, y))
        bx, by, _, _ = self.box(step)
        surf.blit(self._panel(step), (bx, by))

    def _panel(self, step: Step) -> pygame.Surface:
        key = f"{step.passage}|{step.id}"
        hit = self._cards.get(key)
        if hit is not None:
            return hit
        cfg = self.cfg
        title, heading, where = card_lines(self.choreo, step)
        _, _, w, h = self.area
        pad = cfg.px(28)
        rows = []
        for text, size, colour in ((title, cfg.px(44), CAPTION["text"]), (heading, cfg.px(22), CAPTION["meta"]),
                                   (where, cfg.px(18), CAPTION["meta"])):
            if not text:
                continue
            lines = self.texts.wrap(text, size, w - 4 * pad)
            rows += [self.texts.render(line, size, colour, where="title card") for line in lines]
        gap = cfg.px(10)
        pw = min(w - 2 * pad, max(r.get_width() for r in rows) + 2 * pad)
        ph = min(h - 2 * pad, sum(r.get_height() for r in rows) + gap * (len(rows) - 1) + 2 * pad)
        panel = pygame.Surface((pw, ph))
        panel.fill(CAPTION["background"])
        pygame.draw.rect(panel, CAPTION["meta"], panel.get_rect(), max(1, cfg.dim(2)))
        yy = pad
        for r in rows:
            panel.blit(r, ((pw - r.get_width()) // 2, yy))
            yy += r.get_height() + gap
        self._cards[key] = panel
        return panel
