"""The panels beside the frame: the timeline bar, the list of steps, the current step's text.

Each panel is rendered into a cached surface keyed by what it shows (the step on screen, the list's
scroll, the panel's size, the Choreography), so a frame of playback only blits them; the timeline's
cursor and time are drawn every frame on top of its cached background. A few surfaces are kept per
panel, so that :meth:`Panels.prepare` can draw the next step's panels ahead, in a frame's spare time,
and the change of step itself costs a blit (a new step's text costs several milliseconds to lay out).
"""

from __future__ import annotations

import pygame

from choreo.model import Choreography
from choreo.render.style import CAPTION
from choreo.viewer.layout import ROW_H, Layout
from choreo.viewer.state import Spans, ViewerState
from choreo.viewer.writer import Writer

BG = (40, 40, 47)
BG_ALT = (47, 47, 55)
CURRENT = (92, 70, 30)
TEXT = CAPTION["text"]
META = CAPTION["meta"]
ACCENT = CAPTION["accent"]
RED = (220, 50, 40)
TICK = (150, 146, 136)
KEEP = 4  # surfaces kept per panel: the step shown, the next and previous ones drawn ahead, one spare


def fit_line(writer: Writer, text: str, size: int, width: int) -> str:
    """``text`` cut (with …) to fit ``width`` px on one line."""
    return writer.memo(("fit", text, size, width), lambda: _fit(writer, text, size, width))


def _fit(writer: Writer, text: str, size: int, width: int) -> str:
    text = text.replace("\n", " ")
    if writer.width(text, size) <= width:
        return text
    # The longest prefix that fits with the ellipsis: guessed from the characters' advances, then
    # settled with a few exact measures (a binary search by exact widths costs a millisecond a line).
    adv = writer.advances(text + "…", size)
    ell = adv[-1]
    k, total = 0, ell
    while k < len(text) and total + adv[k] <= width:
        total += adv[k]
        k += 1
    while k > 0 and writer.width(text[:k] + "…", size) > width:
        k -= 1
    while k < len(text) and writer.width(text[:k + 1] + "…", size) <= width:
        k += 1
    return text[:k] + "…"


class Panels:
    def __init__(self, writer: Writer) -> None:
        self.writer = writer
        self._cache: dict[str, dict[tuple, pygame.Surface]] = {}

    def _cached(self, name: str, key: tuple, build) -> pygame.Surface:
        kept = self._cache.setdefault(name, {})
        surf = kept.pop(key, None)
        if surf is None:
            surf = build()
            while len(kept) >= KEEP:
                del kept[next(iter(kept))]  # the least recently used
        kept[key] = surf
        return surf

    def prepare(self, lay: Layout, spans: Spans, ch: Choreography | None, state: ViewerState,
                scroll: int, marks: tuple[float, ...] = (), ident: int = 0):
        """Draw the three panels for ``state`` into the cache without showing them, one panel per
        step of the returned generator (so that the caller can stop between two)."""
        self._bar_surface(lay, spans, state, marks, ident)
        yield
        self._steps_surface(lay, ch, state, scroll, ident)
        yield
        self._text_surface(lay, ch, state, ident)
        yield

    # -- timeline -------------------------------------------------------------------------------
    def bar(self, surf: pygame.Surface, lay: Layout, spans: Spans, state: ViewerState,
            marks: tuple[float, ...] = (), ident: int = 0) -> None:
        """The timeline: a tick per step, the current step's span, red marks where the checker failed."""
        left, top, w, h = lay.bar
        surf.blit(self._bar_surface(lay, spans, state, marks, ident), (left, top))
        if not len(spans):
            return
        x = lay.x_at(state.t, spans.start, spans.end)
        tl, tt, tw, th = lay.track
        pygame.draw.line(surf, ACCENT, (x, tt - 5), (x, tt + th + 4), 3)
        pygame.draw.circle(surf, ACCENT, (x, tt + th / 2), 6)
        mark = "▶" if state.playing else "■"
        info = f"{mark} {state.t:7.1f} s / {spans.end:.1f} s   ×{state.speed:g}"
        if state.view is not None:
            info += "   manual view (f: follow)"
        r = self.writer.render(info, 14, META)
        surf.blit(r, (left + w - r.get_width() - 16, top + h - r.get_height() - 3))

    def _bar_surface(self, lay: Layout, spans: Spans, state: ViewerState, marks, ident: int) -> pygame.Surface:
        return self._cached("bar", (lay.bar, lay.track, ident, state.step, marks, state.checker),
                            lambda: self._bar_back(lay, spans, state, marks))

    def _bar_back(self, lay: Layout, spans: Spans, state: ViewerState, marks) -> pygame.Surface:
        left, top, w, h = lay.bar
        back = pygame.Surface((w, h))
        back.fill(BG)
        tl, tt, tw, th = lay.track
        tl, tt = tl - left, tt - top
        pygame.draw.rect(back, (70, 70, 80), (tl, tt + th // 2 - 2, tw, 4))
        if len(spans):
            def x(t):
                return lay.x_at(t, spans.start, spans.end) - left
            if 0 <= state.step < len(spans):
                a, b = x(spans.t0[state.step]), x(spans.t1[state.step])
                pygame.draw.rect(back, CURRENT, (a, tt, max(2, b - a), th))
            for t0 in spans.t0:
                pygame.draw.line(back, TICK, (x(t0), tt), (x(t0), tt + th), 1)
            if state.checker:
                for t in marks:
                    pygame.draw.line(back, RED, (x(t), tt - 4), (x(t), tt + th + 4), 2)
            if 0 <= state.step < len(spans):
                label = f"{spans.ids[state.step]}  ({state.step + 1}/{len(spans)})"
                back.blit(self.writer.render(label, 14, TEXT), (tl, h - 20))
        return back

    # -- the list of steps ----------------------------------------------------------------------
    def steps(self, surf: pygame.Surface, lay: Layout, ch: Choreography | None, state: ViewerState,
              scroll: int, ident: int = 0) -> None:
        surf.blit(self._steps_surface(lay, ch, state, scroll, ident), lay.steps[:2])

    def _steps_surface(self, lay: Layout, ch: Choreography | None, state: ViewerState, scroll: int,
                       ident: int) -> pygame.Surface:
        key = (lay.steps, ident, state.step, scroll)
        return self._cached("steps", key, lambda: self._steps(lay, ch, state, scroll))

    def _steps(self, lay: Layout, ch: Choreography | None, state: ViewerState, scroll: int) -> pygame.Surface:
        _, _, w, h = lay.steps
        out = pygame.Surface((w, h))
        out.fill(BG)
        if ch is None:
            out.blit(self.writer.render("步驟 — (no script loaded)", 15, META), (12, 7))
            return out
        title = f"步驟 {max(0, state.step) + 1}/{len(ch.steps)}  {ch.venue.title or ch.venue.key}  讀 {ch.reading}"
        out.blit(self.writer.render(fit_line(self.writer, title, 15, w - 24), 15, META), (12, 7))
        for row in range(lay.visible_rows):
            i = scroll + row
            if i >= len(ch.steps):
                break
            step = ch.steps[i]
            y = ROW_H * (row + 1)
            colour = CURRENT if i == state.step else (BG_ALT if i % 2 else BG)
            pygame.draw.rect(out, colour, (0, y, w, ROW_H))
            ident = self.writer.render(step.id, 13, ACCENT if i == state.step else META)
            out.blit(ident, (10, y + (ROW_H - ident.get_height()) // 2))
            x = 14 + max(44, ident.get_width() + 6)
            line = fit_line(self.writer, step.text, 16, w - x - 8)
            r = self.writer.render(line, 16, TEXT)
            out.blit(r, (x, y + (ROW_H - r.get_height()) // 2))
        return out

    # -- the current step's text ----------------------------------------------------------------
    def text(self, surf: pygame.Surface, lay: Layout, ch: Choreography | None, state: ViewerState,
             ident: int = 0) -> None:
        surf.blit(self._text_surface(lay, ch, state, ident), lay.text[:2])

    def _text_surface(self, lay: Layout, ch: Choreography | None, state: ViewerState, ident: int) -> pygame.Surface:
        return self._cached("text", (lay.text, ident, state.step), lambda: self._text(lay, ch, state))

    def _text(self, lay: Layout, ch: Choreography | None, state: ViewerState) -> pygame.Surface:
        _, _, w, h = lay.text
        out = pygame.Surface((w, h))
        out.fill((30, 30, 36))
        pygame.draw.line(out, (70, 70, 80), (0, 0), (w, 0), 1)
        if ch is None or not (0 <= state.step < len(ch.steps)):
            return out
        step = ch.steps[state.step]
        m, width, bottom = 12, w - 24, h - 8
        head = "  ".join(p for p in (step.id, step.passage, f"〔{step.source}〕" if step.source else "") if p)
        out.blit(self.writer.render(fit_line(self.writer, head, 13, width), 13, META), (m, 8))
        y = self.writer.block(out, f"經 「{step.text}」", (m, 30), 20, TEXT, width, bottom)
        for note in step.commentary:
            y = self.writer.block(out, "注疏 " + note if not note.startswith(("鄭", "賈", "注", "疏", "敖")) else note,
                                  (m, y + 6), 15, (214, 206, 186), width, bottom)
        if step.reading_note:
            y = self.writer.block(out, f"讀 {ch.reading}: {step.reading_note}", (m, y + 6), 15, ACCENT, width,
                                  bottom)
        actors = "、".join(step.figures)
        if actors:
            self.writer.block(out, actors, (m, y + 6), 13, META, width, bottom)
        return out
