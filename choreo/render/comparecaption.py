"""The caption band of a comparison: the clause, both sides' quotations and what changes, or, where the two
agree, a line saying so (and that the step passes quickly)."""

from __future__ import annotations

import pygame

from choreo.compare import Comparison
from choreo.model import Choreography, Step
from choreo.render.caption import CaptionBand, display_clause, passage_label
from choreo.render.comparetime import runs
from choreo.render.config import RenderConfig
from choreo.render.ghosts import GHOST_CAPTION, compare_caption
from choreo.render.style import CAPTION
from choreo.render.text import TextCache
from choreo.render.timeline import QUICK_BY

COMPARE_BAND = 200  # pixels at a 720-px frame: the clause and three lines of comparison


def fit_text(texts: TextCache, text: str, size: int, width: float) -> str:
    """``text`` cut to ``width`` pixels, ending in … when cut."""
    if texts.width(text, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if texts.width(text[:mid] + "…", size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


class CompareCaptionBand(CaptionBand):
    """Caption bands of a comparison, one per step (cached)."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache, size: tuple[int, int],
                 comparison: Comparison) -> None:
        super().__init__(choreo, cfg, texts, size)
        self.comparison = comparison

    def surface(self, step: Step | None) -> pygame.Surface:
        key = step.id if step else None
        hit = self._captions.get(key)
        if hit is not None:
            return hit
        surf = pygame.Surface(self.size)
        surf.fill(CAPTION["background"])
        for text, size, colour, x, y, where in self.lines(step):
            surf.blit(self.texts.render(text, size, colour, where=where), (x, y))
        self._captions[key] = surf
        return surf

    def count(self, step: Step) -> str:
        """Where the step stands in the drawn reading's numbering: a's own number; for b's rest of a shared
        step, that step's; for a step of b only, the step of a it is played after and whose it is."""
        c, total = self.comparison, len(self.choreo.steps)
        if not c.owns(step):
            return f"{step.index + 1}/{total}"
        entry = c.entry(step.id)
        if entry is not None and entry.a is not None:
            return f"{entry.a.index + 1}/{total}"
        after = next((r.after for r in runs(c) for s, _ in r.pieces if s is step), None)
        where = f"after {after.index + 1}/{total}" if after is not None else f"before 1/{total}"
        return f"{where}, {c.names()[1]} only"

    def lines(self, step: Step | None) -> list[tuple[str, int, tuple, float, float, str]]:
        """What the band says, laid out: ``(text, size, colour, x, y, where)`` from the band's top-left
        (the pygame band blits them; a still's scene writes them as text runs)."""
        cfg, texts = self.cfg, self.texts
        w, h = self.size
        margin = cfg.px(18)
        width = w - 2 * margin
        out = []
        cap = compare_caption(self.comparison, step) if step is not None else None
        name_a, name_b = self.comparison.names()
        msize = cfg.px(16)
        meta = [self.choreo.title]
        own_b = step is not None and cap is not None and cap.only == 1  # a step of b only
        if step is not None:
            meta += [passage_label(step, self.choreo.title), self.count(step)]
        x = margin
        # Both sides are planned under the same branches of the text (--outcome): named once, after them.
        sides = [(name_a, CAPTION["text"]), ("↔", CAPTION["meta"]), (name_b, GHOST_CAPTION)]
        branches = [(t, CAPTION["meta"]) for t in self.choreo.option_titles]
        for piece, colour in [(p, CAPTION["meta"]) for p in meta if p] + sides + branches:
            out.append((piece, msize, colour, x, cfg.px(10), "caption"))
            x += texts.width(piece, msize) + cfg.px(12)
        y = cfg.px(10) + int(msize * 1.5)
        if step is not None:
            size = cfg.px(24)
            while True:
                lines = texts.wrap(display_clause(step.text), size, width)
                if len(lines) <= 2 or size <= cfg.px(14):
                    break
                size -= 1
            for line in lines[:2]:  # a step of b only: its clause in b's tint, as its actors, the ghosts
                out.append((line, size, GHOST_CAPTION if own_b else CAPTION["text"], margin, y,
                            f"text of step {step.id}"))
                y += int(size * 1.3)
        qsize = cfg.px(16)
        line_h = int(qsize * 1.35)
        room = max(0, (h - y - cfg.px(6)) // line_h)  # lines left for the comparison
        rows = []
        if cap is not None and cap.differs:
            quotes = [texts.wrap(f"{name}：{quote or '—'}", qsize, width)
                      for name, quote in zip((name_a, name_b), cap.quotes, strict=True)]
            shares = [1, 1]
            for i in (1, 0):  # a second line for a long quotation, b's first, while the room lasts
                if len(quotes[i]) > 1 and sum(shares) + 1 + 1 <= room:
                    shares[i] = 2
            for lines, share, colour in zip(quotes, shares, (CAPTION["text"], GHOST_CAPTION), strict=True):
                kept = lines[:share]
                if len(lines) > share:
                    kept[-1] = fit_text(texts, kept[-1] + "".join(lines[share:]), qsize, width)
                rows += [(line, colour) for line in kept]
            rows.append((fit_text(texts, "  ·  ".join(cap.changes), qsize, width), CAPTION["accent"]))
        elif step is not None:
            quick = f"; played {QUICK_BY:g}× faster" if step.id in cfg.quick_steps else ""
            rows.append((f"the same under {name_b} (no ghosts){quick}", CAPTION["meta"]))
        for text, colour in rows:
            if y + line_h > h:
                break
            out.append((text, qsize, colour, margin, y, "comparison caption"))
            y += line_h
        return out
