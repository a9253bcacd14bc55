"""The page the viewer shows instead of the animation: the error as the command line prints it, or
the plan being made.

The terminal aligns the caret under the offending character by counting columns (a CJK character is
two, see ``stage.errors``); the bundled font is proportional, so here the source line is laid out
character by character from the font's own advances, its indent kept, and the caret (and a mark
under the character it points at) placed from the same measures.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import pygame

from choreo.viewer.writer import Writer

ERROR_BG = (70, 18, 18)
WAIT_BG = (34, 34, 40)
TEXT = (255, 245, 235)
HINT = (230, 180, 160)
POINTED = (255, 196, 70)  # the character the caret points at, and the caret
SIZE = 17
LEADING = 1.35
_CARET = re.compile(r"^  [ \t]*\^$")


@dataclass(frozen=True)
class Pointed:
    """A quoted source line and the index of the character its caret points at."""

    source: str
    index: int


def parse(text: str) -> list[str | Pointed]:
    """The error's lines, a quoted source line followed by its caret line taken as one :class:`Pointed`."""
    lines = text.split("\n")
    out: list[str | Pointed] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("  ") and i + 1 < len(lines) and _CARET.match(lines[i + 1]):
            source = line[2:]
            out.append(Pointed(source, caret_index(source, lines[i + 1][2:-1])))
            i += 2
        else:
            out.append(line)
            i += 1
    return out


def caret_index(source: str, pad: str) -> int:
    """The character of ``source`` under the caret, from the terminal padding before it (two
    columns for a wide character, a tab for a tab, one otherwise: ``stage.errors._caret_pad``)."""
    width = 0
    for k, ch in enumerate(source):
        if width >= len(pad):
            return k
        width += 1 if ch == "\t" else (2 if unicodedata.east_asian_width(ch) in "WF" else 1)
    return len(source)


def layout_line(writer: Writer, text: str, size: int) -> list[float]:
    """The x of each character's left edge and the line's end, from the font's advances (a tab is
    four spaces wide, as the panels draw it)."""
    xs, x = [], 0.0
    for adv in writer.advances(text, size):
        xs.append(x)
        x += adv
    xs.append(x)
    return xs


def draw_pointed(surf: pygame.Surface, p: Pointed, pos: tuple[int, int], width: int, writer: Writer,
                 size: int = SIZE) -> int:
    """The source line at its indent with the pointed character marked, a caret under it; the line
    is shifted left (behind a '…') when the caret would fall outside ``width``. Returns the y after."""
    x0, y = pos
    xs = layout_line(writer, p.source, size)
    k = min(p.index, len(p.source))
    left, right = xs[k], xs[k + 1] if k < len(p.source) else xs[k] + size / 2
    shift = 0.0
    if right > width - size:  # keep the pointed character in view, two thirds across
        shift = right - width * 2 / 3
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(x0, y, width, int(size * LEADING) * 2))
    for a, b, colour in _runs(p.source, k):
        piece = p.source[a:b]
        if piece.strip():
            ink = piece.lstrip(" \t")
            lead = len(piece) - len(ink)
            surf.blit(writer.render(ink, size, colour), (x0 + xs[a + lead] - shift, y))
    surf.set_clip(clip)
    if shift:
        surf.blit(writer.render("…", size, HINT), (x0 - size, y))
    line_h = int(size * LEADING)
    mid = x0 + (left + right) / 2 - shift
    pygame.draw.line(surf, POINTED, (x0 + left - shift, y + line_h - 1), (x0 + right - shift - 1, y + line_h - 1), 2)
    caret = writer.render("^", size, POINTED)
    surf.blit(caret, (round(mid - caret.get_width() / 2), y + line_h))
    return y + 2 * line_h


def _runs(source: str, k: int) -> list[tuple[int, int, tuple[int, int, int]]]:
    """The line cut into the part before the pointed character, the character, and the rest; a
    part with a space in it is cut again at the spaces (the font's renderer lays a space out as a
    gap of its own width, the layout uses the space's advance)."""
    out = []
    for a, b, colour in ((0, k, TEXT), (k, k + 1, POINTED), (k + 1, len(source), TEXT)):
        start = a
        for i in range(a, min(b, len(source))):
            if source[i] in " \t":
                if i > start:
                    out.append((start, i, colour))
                start = i + 1
        if min(b, len(source)) > start:
            out.append((start, min(b, len(source)), colour))
    return out


def error_screen(surf: pygame.Surface, rect, text: str, writer: Writer, watching: bool) -> None:
    """The error the command line would print, whole, in the window, and what to do about it."""
    left, top, w, h = rect
    pygame.draw.rect(surf, ERROR_BG, rect)
    y = top + 20
    surf.blit(writer.render("The script could not be shown", 22, (255, 220, 200)), (left + 20, y))
    y += 44
    bottom, width = top + h - 60, w - 40
    for part in parse(text):
        if y + int(SIZE * LEADING) > bottom:
            break
        if isinstance(part, Pointed):
            y = draw_pointed(surf, part, (left + 20, y), width, writer)
        else:
            y = writer.block(surf, part, (left + 20, y), SIZE, TEXT, width, bottom) if part else y + int(
                SIZE * LEADING)
    hint = ("watching the file: fix it and save, the animation comes back" if watching
            else "fix the file and restart (or run with --watch to reload on save);  v / r: other venue / reading")
    surf.blit(writer.render(hint, 14, HINT), (left + 20, top + h - 34))


def waiting_screen(surf: pygame.Surface, rect, text: str, writer: Writer) -> None:
    """While the first plan is made: what is planned and for how long (the window answers meanwhile)."""
    left, top, w, h = rect
    pygame.draw.rect(surf, WAIT_BG, rect)
    writer.block(surf, text, (left + 20, top + 20), 20, (235, 230, 220), w - 40, top + h - 40)
    surf.blit(writer.render("q / Esc quits;  ? lists the keys", 14, (170, 166, 156)), (left + 20, top + h - 34))
