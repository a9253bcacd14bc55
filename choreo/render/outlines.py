"""The bundled font's glyphs as outlines (fontTools), for SVG that prints the same everywhere.

A glyph is an SVG path in font units (y up); a text run places each character's path at its pen
origin with ``translate(x y) scale(s -s)``, s = size / unitsPerEm (freetype's size is the em).
"""

from __future__ import annotations

from functools import cache

from choreo.errors import RenderError
from choreo.paths import font_file


@cache
def _font():
    try:
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.ttLib import TTFont
    except ImportError as exc:  # a dependency of the package: only a broken install lacks it
        raise RenderError(f"fontTools is needed for vector output ({exc}); reinstall: pip install .") from None
    font = TTFont(str(font_file()), lazy=True)
    return font, font.getBestCmap(), font.getGlyphSet(), SVGPathPen, font["head"].unitsPerEm


def units_per_em() -> int:
    return _font()[4]


@cache
def glyph_path(ch: str) -> tuple[str, str]:
    """(glyph name, SVG path data in font units) of a character; RenderError if the font lacks it."""
    _, cmap, glyphs, pen_class, _ = _font()
    name = cmap.get(ord(ch))
    if name is None:
        raise RenderError(f"no glyph for '{ch}' (U+{ord(ch):04X}) in the bundled font; run python tools/make_font.py")
    pen = pen_class(glyphs)
    glyphs[name].draw(pen)
    return name, pen.getCommands()
