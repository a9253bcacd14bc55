"""Which characters the bundled font has, read from its ``cmap`` table without pygame.

``choreo check`` never imports pygame, yet should say before ``render`` does that a label has a
character the bundled subset lacks. An OpenType font maps code points to glyphs in its ``cmap``
table; subtables of format 4 (the BMP, in segments) and 12 (all planes, in groups) cover what a
Unicode font needs, and reading them is a few lines of ``struct``. tests/test_fontcmap.py checks the
result against fontTools' reading of the same file.
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

from choreo.paths import font_file


@cache
def covered(path: str | None = None) -> frozenset[int]:
    """The code points the font (default: the bundled one) maps to a glyph other than .notdef."""
    data = Path(path or font_file()).read_bytes()
    tables = _tables(data)
    if "cmap" not in tables:
        raise ValueError("the font has no cmap table")
    start = tables["cmap"]
    _, count = struct.unpack_from(">HH", data, start)
    best: dict[int, int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        fmt = struct.unpack_from(">H", data, start + offset)[0]
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6)) and fmt == 12:
            best.setdefault(12, start + offset)
        elif (platform, encoding) in ((3, 1), (0, 3)) and fmt == 4:
            best.setdefault(4, start + offset)
    if 12 in best:
        return frozenset(_format12(data, best[12]))
    if 4 in best:
        return frozenset(_format4(data, best[4]))
    raise ValueError("the font has no Unicode cmap subtable of format 4 or 12")


def missing(text: str, path: str | None = None) -> list[str]:
    """The distinct characters of ``text`` the font lacks, in order (control and format characters,
    line breaks and private-use code points are laid out, not drawn, as in choreo.render.fonts)."""
    import unicodedata

    have = covered(path)
    return [ch for ch in dict.fromkeys(text)
            if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp") and ord(ch) not in have]


def _tables(data: bytes) -> dict[str, int]:
    tag = data[:4]
    if tag == b"ttcf":  # a collection: the first face
        data_offset = struct.unpack_from(">I", data, 12)[0]
    else:
        data_offset = 0
    count = struct.unpack_from(">H", data, data_offset + 4)[0]
    out = {}
    for i in range(count):
        name, _, offset, _ = struct.unpack_from(">4sIII", data, data_offset + 12 + 16 * i)
        out[name.decode("latin-1")] = offset
    return out


def _format4(data: bytes, at: int) -> set[int]:
    segs = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
    range_at = at + 16 + 6 * segs
    offsets = struct.unpack_from(f">{segs}H", data, range_at)
    out = set()
    for k in range(segs):
        for cp in range(starts[k], ends[k] + 1):
            if cp == 0xFFFF:
                continue
            if offsets[k] == 0:
                glyph = (cp + deltas[k]) & 0xFFFF
            else:
                where = range_at + 2 * k + offsets[k] + 2 * (cp - starts[k])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(cp)
    return out


def _format12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    out = set()
    for k in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
        out.update(cp for i, cp in enumerate(range(first, last + 1)) if glyph + i)
    return out
