"""Text for the viewer's own panels, drawn with the bundled font and never failing.

The frame renderer refuses a character the bundled font lacks (an export must not show boxes). The
viewer's panels also show text nobody checked, an error message quoting a misspelt line or a file
path, and must show it anyway: a character the font lacks is drawn as '?' here, never an exception.
"""

from __future__ import annotations

import pygame

from choreo.render import fonts
from choreo.render.text import TextCache

RGB = tuple[int, int, int]


class Writer:
    """Cached text surfaces for panels: ``render`` one line, ``wrap`` to a width, ``block`` both."""

    def __init__(self, texts: TextCache | None = None) -> None:
        self.texts = texts or TextCache()
        self._has: dict[str, bool] = {}
        self._memo: dict[tuple, object] = {}

    def safe(self, text: str) -> str:
        """``text`` with every character the bundled font lacks replaced by '?' (looked up once per character)."""
        has = self._has
        for ch in text:
            if ch not in has:
                has[ch] = not fonts.missing_glyphs(ch)
        if all(has[ch] for ch in text):
            return text.replace("\t", "    ")
        return "".join(ch if has[ch] else "?" for ch in text).replace("\t", "    ")

    def memo(self, key: tuple, build):
        """A drawn piece (a card, a list) kept while its key stays the same: overlays change rarely."""
        hit = self._memo.get(key)
        if hit is None:
            if len(self._memo) > 256:  # keys carry times and positions: forget old ones
                self._memo.clear()
            hit = self._memo[key] = build()
        return hit

    def render(self, text: str, size: int, colour: RGB, halo: RGB | None = None) -> pygame.Surface:
        text = self.safe(text)
        if not text.strip():
            return pygame.Surface((max(1, size // 3 * len(text)), size), pygame.SRCALPHA)
        return self.texts.render(text, size, colour, halo, where="viewer")

    def width(self, text: str, size: int) -> int:
        text = self.safe(text)
        return self.texts.width(text, size) if text.strip() else size // 3 * len(text)

    def advances(self, text: str, size: int) -> list[float]:
        """Each character's advance at ``size``, one per character of ``text`` as given (cheap
        estimates: see TextCache.advance; a tab counts as the four spaces it is drawn as)."""
        self.safe(text)  # learns which characters are drawn as '?'
        out = []
        for ch in text:
            shown = "    " if ch == "\t" else (ch if self._has[ch] else "?")
            out.append(self.texts.advance(shown, size))
        return out

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Lines at most ``width`` px wide; explicit line breaks are kept, blank lines too."""
        def build() -> list[str]:
            out: list[str] = []
            for para in self.safe(text).split("\n"):
                out.extend(self.texts.wrap(para, size, max(size, width)) if para.strip() else [""])
            return out
        return self.memo(("wrap", text, size, width), build)

    def block(self, surf: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: RGB,
              width: int, bottom: int | None = None, leading: float = 1.35) -> int:
        """Draw ``text`` wrapped to ``width`` from ``pos``; stop above ``bottom``; returns the y after it."""
        x, y = pos
        step = int(size * leading)
        for line in self.wrap(text, size, width):
            if bottom is not None and y + step > bottom:
                break
            if line:
                surf.blit(self.render(line, size, colour), (x, y))
            y += step
        return y
