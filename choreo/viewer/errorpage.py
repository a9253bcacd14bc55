"""The page the viewer shows instead of the animation: the error as the command line prints it, or
the plan being made.

The terminal aligns the caret under the offending character by counting columns (a CJK character is
two, see ``stage.errors``); the bundled font is proportional, so here the source line is laid out
character by character from the font's own advances (:mod:`choreo.viewer.glyphs`, which also draws a
mistyped character the bundled subset lacks in a system font), its indent kept, and the caret (and
the character it points at, in the caret's colour) placed from the same measures.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import pygame

from choreo.viewer import glyphs
from choreo.viewer.writer import Writer

ERROR_BG = (70, 18, 18)
WAIT_BG = (34, 34, 40)
TEXT = (255, 245, 235)
HINT = (230, 180, 160)
POINTED = (255, 196, 70)  # the character the caret points at, and the caret
SIZE = 17
LEADING = 1.35
MESSAGE_TOP = 64  # the message's first line, below the page's title (20 px down, 44 px high)
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


def draw_pointed(surf: pygame.Surface, p: Pointed, pos: tuple[int, int], width: int, size: int = SIZE) -> int:
    """The source line at its indent with the pointed character marked, a caret under it; the line
    is shifted left (behind a '…') when the caret would fall outside ``width``. Returns the y after."""
    x0, y = pos
    line = glyphs.layout(p.source, size)
    k = min(p.index, len(line))
    left = line[k].x if k < len(line) else (line[-1].x + line[-1].advance if line else 0.0)
    right = left + (line[k].advance if k < len(line) else size / 2)
    shift = right - width * 2 / 3 if right > width - size else 0.0  # keep it in view, two thirds across
    line_h = int(size * LEADING)
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(x0, y, width, line_h))
    glyphs.draw(surf, line, (x0 - shift, y), size, TEXT, {k: POINTED})
    surf.set_clip(clip)
    if shift:
        glyphs.draw(surf, glyphs.layout("…", size), (x0 - size, y), size, HINT)
    a, b = x0 + left - shift, x0 + right - shift
    pygame.draw.line(surf, POINTED, (a, y + line_h), (b - 1, y + line_h), 2)
    mid, tip, half = (a + b) / 2, y + line_h + 4, max(4, size // 3)
    pygame.draw.polygon(surf, POINTED, [(mid, tip), (mid - half, tip + half + 2), (mid + half, tip + half + 2)])
    return y + 2 * line_h


def draw_wrapped(surf: pygame.Surface, text: str, pos: tuple[int, int], width: int, bottom: int,
                 size: int = SIZE, colour=TEXT) -> int:
    x0, y = pos
    step = int(size * LEADING)
    for line in glyphs.wrap(text, size, width):
        if y + step > bottom:
            break
        glyphs.draw(surf, line, (x0, y), size, colour)
        y += step
    return y


def error_screen(surf: pygame.Surface, rect, text: str, writer: Writer, watching: bool) -> None:
    """The error the command line would print, whole, in the window, and what to do about it."""
    left, top, w, h = rect
    pygame.draw.rect(surf, ERROR_BG, rect)
    surf.blit(writer.render("The script could not be shown", 22, (255, 220, 200)), (left + 20, top + 20))
    y = top + MESSAGE_TOP
    bottom, width = top + h - 60, w - 40
    for part in parse(text):
        if y + int(SIZE * LEADING) > bottom:
            break
        if isinstance(part, Pointed):
            y = draw_pointed(surf, part, (left + 20, y), width)
        else:
            y = draw_wrapped(surf, part, (left + 20, y), width, bottom)
    hint = ("watching the file: fix it and save, the animation comes back" if watching
            else "fix the file and restart (or run with --watch to reload on save);  v / r: other venue / reading")
    surf.blit(writer.render(hint, 14, HINT), (left + 20, top + h - 34))


def waiting_screen(surf: pygame.Surface, rect, text: str, writer: Writer) -> None:
    """While the first plan is made: what is planned and for how long (the window answers meanwhile)."""
    left, top, w, h = rect
    pygame.draw.rect(surf, WAIT_BG, rect)
    writer.block(surf, text, (left + 20, top + 20), 20, (235, 230, 220), w - 40, top + h - 40)
    surf.blit(writer.render("q / Esc quits;  ? lists the keys", 14, (170, 166, 156)), (left + 20, top + h - 34))
