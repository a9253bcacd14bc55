"""Text laid out as :class:`~choreo.render.scene.Glyphs`: where freetype puts each character.

The raster text of a frame is a surface from :class:`~choreo.render.text.TextCache` blitted at a
top-left corner; a vector back end needs each character's pen origin instead. These functions give
both for one string, from the same font metrics, so the PNG and the PDF set it on the same spot.
"""

from __future__ import annotations

from choreo.render.scene import RGB, Glyphs
from choreo.render.text import TextCache, _font, vertical_step


def halo_pad(size: int, halo: RGB | None) -> int:
    """Pixels a halo adds on each side of the text surface (TextCache.render's radius)."""
    return max(1, size // 9) if halo is not None else 0


def _word_origins(word: str, size: int) -> tuple[list[tuple[str, float]], object]:
    """(character, x from the pen origin) of one word, and the word's ink rect."""
    font = _font(int(size))
    rect = font.get_rect(word)
    out, x = [], 0.0
    for ch, m in zip(word, font.get_metrics(word), strict=True):
        out.append((ch, x))
        x += m[4] if m is not None else float(size)
    return out, rect


def run(texts: TextCache, text: str, size: int, colour: RGB, left: float, top: float,
        halo: RGB | None = None, where: str = "label") -> Glyphs:
    """``text`` as TextCache.render draws it with its top-left corner at (left, top)."""
    texts.check(text, where)
    pad = halo_pad(size, halo)
    words = [w for w in text.split(" ") if w] if " " in text else [text]
    laid = [_word_origins(w, size) for w in words]
    above = max(rect.y for _, rect in laid) if laid else size
    chars: list[tuple[str, float, float]] = []
    x = 0.0
    gap = max(2, size // 3)
    for origins, rect in laid:
        ox = left + pad + x - rect.x  # the surface of a word starts at its ink's left edge
        chars += [(ch, ox + dx, top + pad + above) for ch, dx in origins]
        x += rect.width + gap
    width = (x - gap if laid else 0) + 2 * pad
    height = (max((rect.height - rect.y for _, rect in laid), default=0) + above) + 2 * pad
    return Glyphs(text, int(size), colour, tuple(chars), (left, top, width, height), halo)


def vertical_run(texts: TextCache, text: str, size: int, colour: RGB, left: float, top: float,
                 halo: RGB | None = None, where: str = "label") -> Glyphs:
    """``text`` set top to bottom as TextCache.render_vertical draws it at (left, top)."""
    texts.check(text, where)
    pad = halo_pad(size, halo)
    glyphs = [ch for ch in text if not ch.isspace()]
    font = _font(int(size))
    rects = [font.get_rect(ch) for ch in glyphs]
    w = max((r.width + 2 * pad for r in rects), default=1)
    step = vertical_step(size)
    chars = []
    for i, (ch, rect) in enumerate(zip(glyphs, rects, strict=True)):
        gw = rect.width + 2 * pad
        gx = left + (w - gw) // 2
        chars.append((ch, gx + pad - rect.x, top + i * step + pad + rect.y))
    h = step * (len(glyphs) - 1) + (rects[-1].height + 2 * pad if rects else 1)
    return Glyphs(text, int(size), colour, tuple(chars), (left, top, w, h), halo, vertical=True)
