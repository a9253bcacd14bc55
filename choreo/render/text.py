"""Text surfaces, rendered once and cached: labels with a halo, wrapped captions.

Every string is checked with :func:`choreo.render.fonts.ensure_glyphs` the first time it is drawn,
so a character the bundled font lacks is a RenderError naming it, never a box.

Measuring is the expensive part of text the first time it is seen (freetype's ``get_rect`` costs
some 50 µs a call, ``get_metrics`` 35 µs): glyph presence and advances are looked up once per
character (and size), and a string is measured exactly only where its width is near a limit.
"""

from __future__ import annotations

import pygame

from choreo.render import fonts

RGB = tuple[int, int, int]
# Glyphs freetype keeps laid out per font size. Its default, 64, is less than one step's text, so
# every measure of a line loaded its glyphs again (get_rect cost ~40 µs instead of ~2 µs). Modelling
# choice: above the ~530 distinct characters of the whole rite's texts with room for labels.
GLYPH_CACHE = 2048


_FACE_SIZE = 16  # the size fonts.missing_glyphs probes at: its Font object is the face all sizes use


class _Sized:
    """The bundled font at one size, drawn through one shared Font object.

    freetype's cache keeps only a couple of faces open, and each ``fonts.load_font(size)`` is a face
    of its own: with three sizes in turn (the panels, the labels, the caption) every call reopened
    the font file, some 1.5 ms. One Font asked for each size (``size=``) gives the same pixels.
    """

    __slots__ = ("face", "size")

    def __init__(self, size: int) -> None:
        fonts.load_font(size)  # refuses a bad size, as before
        self.face = fonts.load_font(_FACE_SIZE)
        self.size = size

    def render(self, text: str, colour: RGB):
        return self.face.render(text, colour, size=self.size)

    def get_rect(self, text: str):
        return self.face.get_rect(text, size=self.size)

    def get_metrics(self, text: str):
        return self.face.get_metrics(text, size=self.size)


_sized: dict[int, _Sized] = {}


def _font(size: int) -> _Sized:
    hit = _sized.get(size)
    if hit is None:
        hit = _sized[size] = _Sized(size)
    return hit


def _init_freetype() -> None:
    """Start freetype with a glyph cache for our texts, unless it is started already (then the fonts
    loaded so far keep their cache; fonts.load_font starts it with the default otherwise)."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init(cache_size=GLYPH_CACHE)


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, halo)."""

    def __init__(self) -> None:
        _init_freetype()
        self._surfaces: dict[tuple, pygame.Surface] = {}
        self._checked: set[str] = set()
        self._widths: dict[tuple[str, int], int] = {}
        self._glyph: dict[str, bool] = {}  # character → the bundled font draws it
        self._advances: dict[int, dict[str, float]] = {}  # size → character → advance (px)

    def check(self, text: str, where: str) -> None:
        if text in self._checked:
            return
        glyph = self._glyph
        new = "".join(ch for ch in dict.fromkeys(text) if ch not in glyph)
        if new:  # one probe per character ever seen, not per string
            missing = set(fonts.missing_glyphs(new))
            for ch in new:
                glyph[ch] = ch not in missing
        if not all(glyph[ch] for ch in text):
            fonts.ensure_glyphs(text, where)  # raises, naming every missing character
        self._checked.add(text)

    def advance(self, text: str, size: int) -> float:
        """Sum of the characters' advances at ``size``: within an em of the exact width of ``text``
        (the ink box drops the first glyph's left and the last's right bearing), and cheap."""
        table = self._advances.setdefault(int(size), {})
        new = "".join(ch for ch in dict.fromkeys(text) if ch not in table)
        if new:
            font = _font(int(size))
            for ch, m in zip(new, font.get_metrics(new), strict=True):
                table[ch] = m[4] if m is not None else float(size)
        return sum(table[ch] for ch in text)

    def render(self, text: str, size: int, colour: RGB, halo: RGB | None = None,
               where: str = "label") -> pygame.Surface:
        key = (text, size, colour, halo)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        self.check(text, where)
        font = _font(int(size))
        plain = _render_plain(font, text, colour, size)
        if halo is None:
            surf = plain
        else:
            # A halo of the background colour around each glyph keeps a label legible where it
            # crosses a wall line or a trail (drawn once, then cached).
            r = max(1, size // 9)
            ghost = _render_plain(font, text, halo, size)
            surf = pygame.Surface((plain.get_width() + 2 * r, plain.get_height() + 2 * r), pygame.SRCALPHA)
            for dx in range(-r, r + 1):
                for dy in range(-r, r + 1):
                    if dx * dx + dy * dy <= r * r + 1:
                        surf.blit(ghost, (r + dx, r + dy))
            surf.blit(plain, (r, r))
        self._surfaces[key] = surf
        return surf

    def render_vertical(self, text: str, size: int, colour: RGB, halo: RGB | None = None,
                        where: str = "label") -> pygame.Surface:
        """``text`` set top to bottom, one character under the other (how CJK is written anyway):
        a label that fits above or below a figure in a row of figures too close for a line of text."""
        key = ("|v", text, size, colour, halo)
        surf = self._surfaces.get(key)
        if surf is not None:
            return surf
        glyphs = [self.render(ch, size, colour, halo, where) for ch in text if not ch.isspace()]
        w = max((g.get_width() for g in glyphs), default=1)
        step = vertical_step(size)
        h = step * (len(glyphs) - 1) + (glyphs[-1].get_height() if glyphs else 1)
        surf = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
        for i, g in enumerate(glyphs):
            surf.blit(g, ((w - g.get_width()) // 2, i * step))
        self._surfaces[key] = surf
        return surf

    def vertical_size(self, text: str, size: int) -> tuple[int, int]:
        """(width, height) of :meth:`render_vertical`'s surface, without rendering it."""
        r = max(1, size // 9)
        n = sum(1 for ch in text if not ch.isspace())
        return size + 2 * r, vertical_step(size) * max(0, n - 1) + int(size * 1.25) + 2 * r

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Break ``text`` into lines at most ``width`` pixels wide (any character may end a CJK line,
        but a closing punctuation mark never starts one)."""
        self.check(text, "caption")
        font = _font(int(size))
        self.advance(text, size)  # fills the advance table for every character of text
        adv = self._advances[int(size)]
        sure = width - size  # an estimate this far under the limit fits for certain (see advance)
        lines: list[str] = []
        line, est = "", 0.0
        for ch in text:
            if ch == "\n":
                lines.append(line)
                line, est = "", 0.0
                continue
            trial = line + ch
            est += adv[ch]
            if line and est > sure and font.get_rect(trial).width > width and ch not in "，。、；：」』）！？,.;:)":
                lines.append(line)
                line, est = ch, adv[ch]
            else:
                line = trial
        if line:
            lines.append(line)
        return lines

    def width(self, text: str, size: int) -> int:
        """Pixel width of ``text`` (cached: freetype's get_rect costs a quarter of a millisecond)."""
        key = (text, int(size))
        hit = self._widths.get(key)
        if hit is None:
            hit = self._widths[key] = self._measure(text, int(size))
        return hit

    def _measure(self, text: str, size: int) -> int:
        font = _font(int(size))
        if " " not in text:
            return font.get_rect(text).width
        words = [w for w in text.split(" ") if w]
        return sum(font.get_rect(w).width for w in words) + max(2, size // 3) * (len(words) - 1)


def vertical_step(size: int) -> int:
    """Pixels from one character to the next in a vertical label (glyphs are about one em tall)."""
    return int(round(size * 1.02))


def _render_plain(font, text: str, colour: RGB, size: int) -> pygame.Surface:
    """Render ``text``; spaces are laid out as gaps, because the bundled subset may have no space glyph."""
    if " " not in text:
        return font.render(text, colour)[0]
    parts = [font.render(word, colour) for word in text.split(" ") if word]
    gap = max(2, size // 3)
    above = max(r.y for _, r in parts)  # rect.y: from the baseline up to the top of the ink
    below = max(s.get_height() - r.y for s, r in parts)
    w = sum(s.get_width() for s, _ in parts) + gap * (len(parts) - 1)
    out = pygame.Surface((max(1, w), above + below), pygame.SRCALPHA)
    x = 0
    for s, r in parts:
        out.blit(s, (x, above - r.y))  # every word on one baseline
        x += s.get_width() + gap
    return out
