"""The bundled CJK font: loading it, and refusing to draw a character it lacks.

pygame's default font has no CJK glyphs and silently draws boxes (tofu); even the bundled subset
lacks whatever a new venue or script brings in until ``tools/make_font.py`` is re-run. So every
label goes through :func:`ensure_glyphs` first, and a missing character is an error that names it.

Nothing happens at import time: pygame is imported, and only ``pygame.freetype`` initialised
(never the display), when a font is first loaded.
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache
from typing import TYPE_CHECKING

from choreo.errors import RenderError
from choreo.paths import font_file

if TYPE_CHECKING:
    import pygame.freetype

# The size get_metrics probes glyphs at; any size answers the same for presence.
_PROBE_SIZE = 16


@cache
def load_font(size: int) -> pygame.freetype.Font:
    """The bundled Noto Serif CJK TC subset at ``size`` pixels, cached per size."""
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 1000:
        raise RenderError(f"bad font size {size!r}: give a whole number of pixels between 1 and 1000")
    path = font_file()
    if not path.is_file():
        raise RenderError(f"the bundled font {path} is missing; run python tools/make_font.py")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        font = pygame.freetype.Font(str(path), size)
    except (OSError, pygame.error) as exc:
        raise RenderError(f"cannot load the bundled font {path}: {exc}; run python tools/make_font.py") from exc
    return font


def _needs_glyph(ch: str) -> bool:
    """Control and format characters and line breaks are laid out, not drawn.

    Spaces are checked like letters: a font without a glyph for U+0020 or U+3000 draws them as boxes.
    """
    return unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp")


def missing_glyphs(text: str) -> list[str]:
    """The distinct characters of ``text`` the bundled font has no glyph for, in order of appearance."""
    font = load_font(_PROBE_SIZE)
    out: list[str] = []
    for ch in dict.fromkeys(text):
        if _needs_glyph(ch) and font.get_metrics(ch)[0] is None:
            out.append(ch)
    return out


def ensure_glyphs(text: str, where: str) -> None:
    """Raise RenderError naming every character of ``text`` the font lacks; ``where`` says whose text.

    >>> ensure_glyphs("司射", "figure label")    # fine
    >>> ensure_glyphs("𠀀", "figure label")     # RenderError: figure label: no glyph for '𠀀' (U+20000) ...
    """
    missing = missing_glyphs(text)
    if not missing:
        return
    named = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    raise RenderError(f"{where}: no glyph for {named} in the bundled font; run python tools/make_font.py")
