"""Lines of text laid out character by character, for the error page: every character at its own x
(from the font's advance), on one baseline, in the bundled font or, for a character it lacks (a
typo is often one), in a system font that has it.

The bundled font is a subset cut to the characters of the seeds, venues and scripts
(assets/fonts/README.md); the figure labels refuse anything else, but an error quoting a mistyped
line has to show what was typed. The system font is found with fontconfig's ``fc-match``; where
there is none, the character is drawn as '?'.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import cache

import pygame
import pygame.freetype

from choreo.render import fonts

TAB = 4  # spaces a tab is drawn as (as the panels draw it)
CLOSING = "，。、；：」』）！？,.;:)'\"?"  # never starts a line (as choreo.render.text wraps)


@dataclass(frozen=True)
class Glyph:
    x: float  # the pen position of the character's left edge, from the line's start
    ch: str
    font: object  # the pygame.freetype.Font drawing it
    advance: float


def bundled() -> pygame.freetype.Font:
    return fonts.load_font(16)  # one face for every size (as choreo.render.text draws)


@cache
def has_bundled(ch: str) -> bool:
    return not fonts.missing_glyphs(ch)


@cache
def fallback(ch: str):
    """A system font with a glyph for ``ch``, or None."""
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--format=%{file}\t%{index}", f":charset={ord(ch):x}"], capture_output=True,
                             text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = out.partition("\t")
    font = _open(path, int(index or 0)) if path else None
    if font is None or font.get_metrics(ch, size=16)[0] is None:
        return None
    return font


@cache
def _open(path: str, index: int):
    try:
        return pygame.freetype.Font(path, 16, font_index=index, ucs4=True)
    except (OSError, pygame.error):
        return None


def _font_for(ch: str):
    if ch.isspace() or has_bundled(ch):
        return bundled()
    return fallback(ch)


def layout(text: str, size: int) -> list[Glyph]:
    """``text`` (one line) as glyphs at their pen positions; a character no font has becomes '?'."""
    out, x = [], 0.0
    space = bundled().get_metrics(" ", size=size)[0][4]
    for ch in text:
        if ch in " \t":
            adv = space * (TAB if ch == "\t" else 1)
            out.append(Glyph(x, ch, None, adv))
        else:
            font = _font_for(ch)
            shown = ch if font is not None else "?"
            font = font or bundled()
            metrics = font.get_metrics(shown, size=size)[0]
            adv = metrics[4] if metrics is not None else size
            out.append(Glyph(x, shown, font, adv))
        x += adv
    return out


def wrap(text: str, size: int, width: float) -> list[list[Glyph]]:
    """``text`` broken into lines at most ``width`` wide, each laid out from 0: after the line's last
    space when there is one in its later part (English), else at any character (CJK, a long path)."""
    lines: list[list[Glyph]] = []
    for para in text.split("\n"):
        line: list[Glyph] = []
        for g in layout(para, size):
            if line and g.x + g.advance - line[0].x > width and g.ch not in CLOSING:
                cut = max((i for i, h in enumerate(line) if h.ch == " "), default=-1)
                if cut < len(line) * 0.6:  # no space, or one far back: break here
                    cut = len(line) - 1
                lines.append(line[:cut + 1])
                line = line[cut + 1:]
            line.append(g)
        lines.append(line)
    return [_from_zero(line) for line in lines]


def _from_zero(line: list[Glyph]) -> list[Glyph]:
    start = line[0].x if line else 0.0
    return [Glyph(g.x - start, g.ch, g.font, g.advance) for g in line]


def draw(surf: pygame.Surface, glyphs: list[Glyph], pos: tuple[float, float], size: int, colour,
         colours: dict[int, tuple[int, int, int]] | None = None) -> None:
    """Draw laid-out glyphs from ``pos`` (the line's top left), each on the bundled font's baseline;
    ``colours`` gives some of them (by index) a colour of their own."""
    x0, y0 = pos
    baseline = y0 + bundled().get_sized_ascender(size)
    for i, g in enumerate(glyphs):
        if g.font is None:
            continue
        image, rect = g.font.render(g.ch, (colours or {}).get(i, colour), size=size)
        surf.blit(image, (round(x0 + g.x + rect.x), round(baseline - rect.y)))
