"""The panels beside the frame: the timeline bar, the list of steps, the current step's text.

Each panel is rendered into a cached surface keyed by what it shows (the step on screen, the list's
scroll, rows and current row, the panel's size, the Choreography), so a frame of playback only blits them; the timeline's
cursor and time are drawn every frame on top of its cached background. A few surfaces are kept per
panel, so that :meth:`Panels.prepare` can draw the next step's panels ahead, in a frame's spare time,
and the change of step itself costs a blit (a new step's text costs several milliseconds to lay out).
"""

from __future__ import annotations

import pygame

from choreo.model import Choreography
from choreo.render.caption import display_clause, passage_label
from choreo.render.card import seed_tag
from choreo.render.ghosts import GHOST_CAPTION
from choreo.render.style import CAPTION
from choreo.viewer.layout import ROW_H, Layout
from choreo.viewer.state import Spans, ViewerState
from choreo.viewer.steplist import Row, StepList
from choreo.viewer.writer import Writer

BG = (40, 40, 47)
BG_ALT = (47, 47, 55)
CURRENT = (92, 70, 30)
TEXT = CAPTION["text"]
META = CAPTION["meta"]
ACCENT = CAPTION["accent"]
RED = (220, 50, 40)
TICK = (150, 146, 136)
OTHER_BG = (50, 43, 64)  # a row of the other reading's own step: the list's grey toward the ghosts' violet
INDENT = 22  # px such a row is indented by, under the step it is played after
HOOK_X = 10  # where the line hooking it to that step runs down
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
        self._bases: dict[tuple, object] = {}  # what the step's panels are drawn over, per plan

    def _base(self, key: tuple, build):
        hit = self._bases.get(key)
        if hit is None:
            if len(self._bases) >= 2 * KEEP:
                del self._bases[next(iter(self._bases))]
            hit = self._bases[key] = build()
        return hit

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
                scroll: int, marks: tuple[float, ...] = (), ident: int = 0, marked: frozenset[str] = frozenset(),
                listing: StepList | None = None, current: int | None = None):
        """Draw the three panels for ``state`` into the cache without showing them, one panel per
        step of the returned generator (so that the caller can stop between two); the list's arguments
        as :meth:`steps` takes them, so that the surface drawn ahead is the one it will show."""
        self._bar_surface(lay, spans, state, marks, ident)
        yield
        self._steps_surface(lay, ch, state, scroll, ident, marked, listing, current)
        yield
        self._text_surface(lay, ch, state, ident)
        yield

    # -- timeline -------------------------------------------------------------------------------
    def bar(self, surf: pygame.Surface, lay: Layout, spans: Spans, state: ViewerState,
            marks: tuple[float, ...] = (), ident: int = 0, ch: Choreography | None = None,
            shown: Row | None = None) -> None:
        """The timeline: a tick per step, the current step's span, red marks where the checker failed; its
        label names the step shown, the other reading's own (``shown``, a row of it) as the list's title
        does: 「敖繼公 s07b  (9/12) · 鄭注・賈疏 待於 s07  (8/11)」, the span and the cursor staying ours."""
        left, top, w, h = lay.bar
        other = shown if shown is not None and shown.other is not None and ch is not None else None
        surf.blit(self._bar_surface(lay, spans, state, marks, ident), (left, top))
        if other is not None and 0 <= state.step < len(spans):
            theirs, ours = readers(ch, other)
            tl = lay.track[0]
            surf.fill(BG, (tl, top + h - 20, lay.track[2] // 2, 18))
            head = self.writer.render(f"{theirs} {other.other.id}  ({other.number}/{other.count})", 14,
                                      GHOST_CAPTION)
            surf.blit(head, (tl, top + h - 20))
            tail = f"· {ours} 待於 {spans.ids[state.step]}  ({state.step + 1}/{len(spans)})"
            surf.blit(self.writer.render(tail, 14, TEXT), (tl + head.get_width() + 8, top + h - 20))
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
                            lambda: self._bar_back(lay, spans, state, marks, ident))

    def _bar_back(self, lay: Layout, spans: Spans, state: ViewerState, marks, ident: int) -> pygame.Surface:
        """The step's timeline: the ticks and marks (kept, one per plan) with the step's span painted
        in, then the ticks and marks over that span drawn again on top, as drawing them all after
        the span would (a few hundred lines cost a couple of milliseconds a step)."""
        left, top, w, h = lay.bar
        base, xs = self._bar_base(lay, spans, state.checker, marks, ident)
        back = base.copy()
        if not len(spans) or not 0 <= state.step < len(spans):
            return back
        tl, tt, tw, th = lay.track
        tl, tt = tl - left, tt - top
        a = lay.x_at(spans.t0[state.step], spans.start, spans.end) - left
        b = lay.x_at(spans.t1[state.step], spans.start, spans.end) - left
        span_w = max(2, b - a)
        pygame.draw.rect(back, CURRENT, (a, tt, span_w, th))
        lo, hi = a - 3, a + span_w + 3  # lines are at most 2 px wide: these are all it can touch
        for x in xs:
            if lo <= x <= hi:
                pygame.draw.line(back, TICK, (x, tt), (x, tt + th), 1)
        if state.checker:
            for t in marks:
                x = lay.x_at(t, spans.start, spans.end) - left
                if lo - 3 <= x <= hi + 3:  # over a tick drawn again
                    pygame.draw.line(back, RED, (x, tt - 4), (x, tt + th + 4), 2)
        label = f"{spans.ids[state.step]}  ({state.step + 1}/{len(spans)})"
        back.blit(self.writer.render(label, 14, TEXT), (tl, h - 20))
        return back

    def _bar_base(self, lay: Layout, spans: Spans, checker: bool, marks, ident: int):
        """The timeline without a current step: (surface, the ticks' x)."""
        def build():
            left, top, w, h = lay.bar
            back = pygame.Surface((w, h))
            back.fill(BG)
            tl, tt, tw, th = lay.track
            tl, tt = tl - left, tt - top
            pygame.draw.rect(back, (70, 70, 80), (tl, tt + th // 2 - 2, tw, 4))
            xs = [lay.x_at(t0, spans.start, spans.end) - left for t0 in spans.t0]
            for x in xs:
                pygame.draw.line(back, TICK, (x, tt), (x, tt + th), 1)
            if checker:
                for t in marks:
                    x = lay.x_at(t, spans.start, spans.end) - left
                    pygame.draw.line(back, RED, (x, tt - 4), (x, tt + th + 4), 2)
            return back, xs
        return self._base(("bar", lay.bar, lay.track, ident, len(spans), marks, checker), build)

    # -- the list of steps ----------------------------------------------------------------------
    def steps(self, surf: pygame.Surface, lay: Layout, ch: Choreography | None, state: ViewerState,
              scroll: int, ident: int = 0, marked: frozenset[str] = frozenset(),
              listing: StepList | None = None, current: int | None = None) -> None:
        """The list of steps; those in ``marked`` (the steps the overlaid reading changes) carry a ≠.

        ``listing``: the rows in play order (default: a row per step); ``current``: the highlighted row
        (default: ``state.step``'s)."""
        surf.blit(self._steps_surface(lay, ch, state, scroll, ident, marked, listing, current), lay.steps[:2])

    def _steps_surface(self, lay: Layout, ch: Choreography | None, state: ViewerState, scroll: int,
                       ident: int, marked: frozenset[str] = frozenset(), listing: StepList | None = None,
                       current: int | None = None) -> pygame.Surface:
        if listing is None:
            listing = StepList.plain(len(ch.steps) if ch is not None else 0)
        if current is None:
            current = listing.row_of(state.step)
        key = (lay.steps, ident, state.step, scroll, marked, listing.key, current)
        return self._cached("steps", key, lambda: self._steps(lay, ch, state, scroll, ident, marked, listing, current))

    def _steps(self, lay: Layout, ch: Choreography | None, state: ViewerState, scroll: int,
               ident: int, marked: frozenset[str], listing: StepList, current: int) -> pygame.Surface:
        """The list scrolled to ``scroll`` with row ``current`` highlighted: the rows are kept drawn
        without a highlight (one surface per scroll position), and only the title and the current
        row drawn again (each row is drawn within its own ROW_H band)."""
        _, _, w, h = lay.steps
        if ch is None:
            out = pygame.Surface((w, h))
            out.fill(BG)
            out.blit(self.writer.render("步驟 — (no script loaded)", 15, META), (12, 7))
            return out
        out = self._base(("steps", lay.steps, ident, scroll, marked, listing.key),
                         lambda: self._steps_base(lay, ch, scroll, marked, listing)).copy()
        shown = listing.rows[current] if 0 <= current < len(listing) else None
        out.set_clip((0, 0, w, ROW_H))
        out.fill(BG)
        if shown is not None and shown.other is not None:
            self._other_title(out, ch, state, shown, w)
        else:
            title = f"步驟 {max(0, state.step) + 1}/{len(ch.steps)}  {ch.venue.title or ch.venue.key}  " \
                    f"讀 {ch.reading_title or ch.reading}"
            title += "".join(f"  {t}" for t in ch.option_titles)
            out.blit(self.writer.render(fit_line(self.writer, title, 15, w - 24), 15, META), (12, 7))
        row = current - scroll
        if 0 <= row < lay.visible_rows and 0 <= current < len(listing):
            out.set_clip((0, ROW_H * (row + 1), w, ROW_H))
            self._row(out, ch, listing.rows[current], current, row, w, True, marked)
        out.set_clip(None)
        return out

    def _other_title(self, out: pygame.Surface, ch: Choreography, state: ViewerState, shown: Row, w: int) -> None:
        """The list's title while the other reading's own step is current: that reading's name and the
        step's place among its steps, in the ghosts' tint as its row is, then where our figures wait (the
        place of our step on screen among ours, in the list's own grey): 「敖繼公 步驟 9/12 · 鄭注・賈疏 待於 8/11」."""
        name, ours = readers(ch, shown)
        theirs = f"{name} 步驟 {shown.number}/{shown.count}" if shown.count else f"{name} {shown.other.id}"
        head = self.writer.render(fit_line(self.writer, theirs, 15, w - 24), 15, GHOST_CAPTION)
        out.blit(head, (12, 7))
        rest = w - 24 - head.get_width() - 8
        if rest > 40:
            tail = f"· {ours} 待於 {max(0, state.step) + 1}/{len(ch.steps)}"  # no venue: the line reads whole
            out.blit(self.writer.render(fit_line(self.writer, tail, 15, rest), 15, META), (12 + head.get_width() + 8, 7))

    def _steps_base(self, lay: Layout, ch: Choreography, scroll: int, marked: frozenset[str],
                    listing: StepList) -> pygame.Surface:
        _, _, w, h = lay.steps
        out = pygame.Surface((w, h))
        out.fill(BG)
        for row in range(lay.visible_rows):
            k = scroll + row
            if k >= len(listing):
                break
            out.set_clip((0, ROW_H * (row + 1), w, ROW_H))
            self._row(out, ch, listing.rows[k], k, row, w, False, marked)
        out.set_clip(None)
        return out

    def _row(self, out: pygame.Surface, ch: Choreography, entry: Row, k: int, row: int, w: int, current: bool,
             marked: frozenset[str]) -> None:
        """Row ``k`` of the list drawn in band ``row``: our step, or the other reading's own step."""
        if entry.other is not None:
            self._other_row(out, entry, row, w, current)
            return
        step = ch.steps[entry.step]
        y = ROW_H * (row + 1)
        colour = CURRENT if current else (BG_ALT if k % 2 else BG)
        pygame.draw.rect(out, colour, (0, y, w, ROW_H))
        ident = self.writer.render(step.id, 13, ACCENT if current else META)
        out.blit(ident, (10, y + (ROW_H - ident.get_height()) // 2))
        x = 14 + max(44, ident.get_width() + 6)
        if step.id in marked:  # the overlaid reading changes this step: its ghosts' tint, and a mark a reader can name
            pygame.draw.rect(out, GHOST_CAPTION, (0, y, 4, ROW_H))
            mark = self.writer.render("≠", 16, GHOST_CAPTION)
            out.blit(mark, (x, y + (ROW_H - mark.get_height()) // 2))
            x += mark.get_width() + 6
        line = fit_line(self.writer, step.text, 16, w - x - 8)
        r = self.writer.render(line, 16, TEXT)
        out.blit(r, (x, y + (ROW_H - r.get_height()) // 2))

    def _other_row(self, out: pygame.Surface, entry: Row, row: int, w: int, current: bool) -> None:
        """A step only the other reading has: indented under the step it is played after, hooked to it by
        a line in the ghosts' tint, its id and clause in that tint (its actors are the ghosts), and the
        reading that has it named at the row's end."""
        step = entry.other
        y, mid = ROW_H * (row + 1), ROW_H * (row + 1) + ROW_H // 2
        pygame.draw.rect(out, CURRENT if current else OTHER_BG, (0, y, w, ROW_H))
        pygame.draw.line(out, GHOST_CAPTION, (HOOK_X, y), (HOOK_X, mid), 2)
        pygame.draw.line(out, GHOST_CAPTION, (HOOK_X, mid), (INDENT, mid), 2)
        ident = self.writer.render(step.id, 13, ACCENT if current else GHOST_CAPTION)
        x = INDENT + 4
        out.blit(ident, (x, y + (ROW_H - ident.get_height()) // 2))
        x += max(44, ident.get_width() + 6)
        name = self._reading_tag(entry.reading, w - x)
        tag = self.writer.render(name, 13, GHOST_CAPTION)
        out.blit(tag, (w - tag.get_width() - 8, y + (ROW_H - tag.get_height()) // 2))
        line = fit_line(self.writer, step.text, 16, w - x - tag.get_width() - 20)
        r = self.writer.render(line, 16, GHOST_CAPTION)
        out.blit(r, (x, y + (ROW_H - r.get_height()) // 2))

    def _reading_tag(self, reading: str, room: int) -> str:
        """The reading's title as the pictures name it, in a third of the ``room`` the row has left: whole,
        else without its book's title (敖繼公《儀禮集說》 → 敖繼公: the clause needs the room more), cut to half
        the room at most."""
        if self.writer.width(reading, 13) <= room // 3:
            return reading
        return fit_line(self.writer, reading.split("《")[0].strip() or reading, 13, room // 2)

    # -- the current step's text ----------------------------------------------------------------
    def text(self, surf: pygame.Surface, lay: Layout, ch: Choreography | None, state: ViewerState,
             ident: int = 0, row: Row | None = None) -> None:
        """The text of what is on screen: our step's, or, when the list's current ``row`` is a step only the
        other reading has (pinned, or played by a detour), that step's clause and notes, its reading named."""
        surf.blit(self._text_surface(lay, ch, state, ident, row), lay.text[:2])

    def _text_surface(self, lay: Layout, ch: Choreography | None, state: ViewerState, ident: int,
                      row: Row | None = None) -> pygame.Surface:
        shown = row if row is not None and row.other is not None else None
        key = (lay.text, ident, state.step, id(shown.other) if shown else None)
        return self._cached("text", key, lambda: self._text(lay, ch, state, shown))

    def _text(self, lay: Layout, ch: Choreography | None, state: ViewerState, shown: Row | None) -> pygame.Surface:
        _, _, w, h = lay.text
        out = pygame.Surface((w, h))
        out.fill((30, 30, 36))
        pygame.draw.line(out, (70, 70, 80), (0, 0), (w, 0), 1)
        if ch is None or not (0 <= state.step < len(ch.steps)):
            return out
        step = ch.steps[state.step] if shown is None else shown.other
        reading = ch.reading_title or ch.reading if shown is None else shown.reading
        m, width, bottom = 12, w - 24, h - 8
        head = "  ".join(p for p in (step.id, passage_label(step, ch.title), seed_tag(step.source) if step.source else "",
                                     f"{shown.reading} only" if shown else "") if p)
        out.blit(self.writer.render(fit_line(self.writer, head, 13, width), 13, META), (m, 8))
        y = self.writer.block(out, f"經 「{display_clause(step.text)}」", (m, 30), 20, TEXT, width, bottom)
        for note in step.commentary:
            y = self.writer.block(out, "注疏 " + note if not note.startswith(("鄭", "賈", "注", "疏", "敖")) else note,
                                  (m, y + 6), 15, (214, 206, 186), width, bottom)
        if step.reading_note:
            y = self.writer.block(out, f"讀 {reading}: {step.reading_note}", (m, y + 6), 15, ACCENT, width,
                                  bottom)
        if step.option_note:  # a branch of the text chosen (--outcome): its title opens the note
            y = self.writer.block(out, step.option_note, (m, y + 6), 15, ACCENT, width, bottom)
        actors = "、".join(step.figures)
        if actors:
            self.writer.block(out, actors, (m, y + 6), 13, META, width, bottom)
        return out


def readers(ch: Choreography, shown: Row) -> tuple[str, str]:
    """The names of the reader whose own step ``shown`` is and of ours, without their books' titles."""
    theirs = shown.reading.split("《")[0].strip() or shown.reading
    ours = (ch.reading_title or ch.reading).split("《")[0].strip() or ch.reading
    return theirs, ours
