"""The caption band under the picture: what is being read and where (title, passage, step k of n,
venue, reading), the role colours, and the step's clause of the 經, wrapped and as large as fits.
"""

from __future__ import annotations

import pygame

from choreo.model import Choreography, Step
from choreo.render.config import RenderConfig
from choreo.render.style import CAPTION, group_of
from choreo.render.text import TextCache
from choreo.roles import legend_groups


def passage_label(step: Step, title: str) -> str:
    """The passage a step belongs to, as a caption names it: "e.2 三耦第一番射" in a sequence of
    passages, just "e.2" when the script is that passage (its title is already on screen)."""
    if step.passage_title and step.passage_title != title:
        return f"{step.passage} {step.passage_title}".strip()
    return step.passage


QUOTE_PAIRS = (("“", "”"), ("「", "」"), ("『", "』"))


def display_clause(text: str) -> str:
    """The clause as shown on screen: a quotation it opens but does not close is closed.

    A step quotes its clause verbatim from the seed, and a clause often ends inside a speech
    (「命曰：“不貫不釋」: in seed 000 the closing mark is lost in a mojibake span, elsewhere the
    speech runs on past the clause). An open quotation mark left dangling under the picture reads
    as a typo; the text and the tracks file keep the clause exactly as quoted.
    """
    closing = ""
    for opening, close in QUOTE_PAIRS:
        closing = close * max(0, text.count(opening) - text.count(close)) + closing
    if not closing:
        return text
    return text.rstrip("，、：") + closing


def shown_steps(choreo: Choreography, step: Step) -> tuple[Step, ...]:
    """The steps whose clauses the caption of ``step`` shows: the steps that shoot (choreo.shots)
    and run together with it by the text (``start: with``: the same start), first, then its own.

    「獲者坐而獲」 starts with 「乃射」 and outlasts it, so the step at t while the shots fly is the
    獲者's: captioned alone, the caption named the call and not the clause that shoots."""
    shooting = {shot.step for shot in choreo.shots}
    if not shooting or step.id in shooting:
        return (step,)
    partners = tuple(s for s in choreo.steps if s.id in shooting and s is not step
                     and abs(s.t0 - step.t0) < 1e-6 and s.t1 > s.t0)
    return (*partners, step)


def clause_lines(choreo: Choreography, step: Step, texts: TextCache, cfg: RenderConfig, width: float,
                 height: float) -> tuple[list[str], int]:
    """The caption's clause lines for ``step`` (:func:`shown_steps`, each clause from a new line) and
    their text size: as large as fits ``height`` (at most 30 px at 720, at least 14)."""
    clauses = [display_clause(s.text) for s in shown_steps(choreo, step)]
    size = cfg.px(30)
    while True:
        lines = [line for text in clauses for line in texts.wrap(text, size, width)]
        if len(lines) * size * 1.3 <= height or size <= cfg.px(14):
            return lines, size
        size -= 1


class CaptionBand:
    """Caption band surfaces of one Choreography at one size, one per step (cached)."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache, size: tuple[int, int]) -> None:
        self.choreo = choreo
        self.cfg = cfg
        self.texts = texts
        self.size = size
        self._captions: dict[str | None, pygame.Surface] = {}
        self._legends: dict[float, pygame.Surface | None] = {}  # by the room left for it
        self.drawn: dict[str | None, tuple[str, ...]] = {}  # step id → the clause lines drawn for it

    def surface(self, step: Step | None) -> pygame.Surface:
        """The band for ``step``: its meta line, the legend and the step's clause (drawn once a step)."""
        key = step.id if step else None
        hit = self._captions.get(key)
        if hit is not None:
            return hit
        cfg = self.cfg
        w, h = self.size
        surf = pygame.Surface((w, h))
        surf.fill(CAPTION["background"])
        margin = cfg.px(18)
        meta = [self.choreo.title]
        if step is not None:
            meta.append(passage_label(step, self.choreo.title))
            meta.append(f"{step.index + 1}/{len(self.choreo.steps)}")
        meta += [self.choreo.venue.title or self.choreo.venue.key, self.choreo.reading_title or self.choreo.reading,
                 *self.choreo.option_titles]  # the text's branches chosen (若左右鈞), beside the reading
        x = margin
        msize = cfg.px(16)
        for piece in meta:
            if not piece:
                continue
            r = self.texts.render(piece, msize, CAPTION["meta"], where="caption")
            surf.blit(r, (x, cfg.px(10)))
            x += r.get_width() + cfg.px(22)
        if cfg.legend:
            legend = self._legend(CAPTION["background"], w - margin - x)
            if legend is not None:
                surf.blit(legend, (max(x, w - margin - legend.get_width()), cfg.px(10)))
        if step is not None:
            top = cfg.px(10) + int(msize * 1.5)
            lines, size = clause_lines(self.choreo, step, self.texts, cfg, w - 2 * margin, h - top - cfg.px(8))
            self.drawn[key] = tuple(lines)
            y = top
            for line in lines:
                r = self.texts.render(line, size, CAPTION["text"], where=f"text of step {step.id}")
                surf.blit(r, (margin, y))
                y += int(size * 1.3)
        self._captions[key] = surf
        return surf

    def _legend(self, bg, room: float) -> pygame.Surface | None:
        """The role colours as one row (drawn in the caption band, where it hides no figure), at most
        ``room`` pixels wide: in a small frame the entries that do not fit after the caption's first
        line are left out, whole, rather than cut at the band's edge (None if not even one fits)."""
        hit = self._legends.get(room)
        if hit is not None or room in self._legends:
            return hit
        present = {group_of(info) for info in self.choreo.figures.values()}
        rows = [(g.legend, g.colour) for g in legend_groups() if g.key in present]
        size = self.cfg.px(15)
        gap = self.cfg.px(5)
        rendered = [self.texts.render(label, size, CAPTION["meta"], where="legend") for label, _ in rows]
        used = 0
        for n, r in enumerate(rendered):
            used += size + gap + r.get_width() + 2 * gap
            if used > room:
                rows, rendered = rows[:n], rendered[:n]
                break
        if not rows:
            self._legends[room] = None
            return None
        h = max((r.get_height() for r in rendered), default=size)
        w = sum(size + gap + r.get_width() + 2 * gap for r in rendered)
        surf = pygame.Surface((max(1, w), h))
        surf.fill(bg)
        x = 0
        for (_, colour), r in zip(rows, rendered, strict=True):
            pygame.draw.circle(surf, colour, (x + size / 2, h / 2), size / 2)
            pygame.draw.circle(surf, CAPTION["text"], (x + size / 2, h / 2), size / 2, 1)
            surf.blit(r, (x + size + gap, 0))
            x += size + gap + r.get_width() + 2 * gap
        self._legends[room] = surf
        return surf
