#!/usr/bin/env python3
"""Subset Noto Serif CJK TC to the characters this project draws: assets/fonts/NotoSerifCJKtc-yili.otf.

    python tools/make_font.py                 # regenerate the bundled font (needs Debian's fonts-noto-cjk)
    python tools/make_font.py --report        # only list what would be kept and what the face lacks
    python tools/make_font.py --source F.ttc --face 3

Run it again whenever a venue, script, doc or label gains a character: tests/test_font.py fails
until you do. The characters kept (``used_characters``) are:

* every character of the four cleaned seeds (seeds/clean/*.txt), so any quotation can be drawn;
* every non-ASCII character of assets/**/*.yaml, docs/**/*.md and of the string literals in
  stage/**/*.py and choreo/**/*.py (comments and docstrings are never drawn, so they are not scanned);
* printable ASCII, CJK symbols and punctuation (U+3000–303F), half- and full-width forms
  (U+FF00–FFEF), and the symbols the renderer draws (``EXTRA``).

Why a subset: the whole face is 44,746 glyphs (~24 MB); the basic CJK block alone ~16 MB, too
big to ship (both measured when the font was first subset). Why face 3: in Debian's
NotoSerifCJK-Regular.ttc, face 0 is the Japanese face, and 3 is the Traditional Chinese one whose glyph shapes fit these texts; the
script checks the face's family name rather than trusting the index.

The name table (copyright, the OFL licence text and URL) is kept whole: SIL OFL 1.1 requires the
licence to travel with any modified version; assets/fonts/OFL.txt carries it too.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")
FACE = 3
FAMILY = "Noto Serif CJK TC"
OUTPUT = ROOT / "assets" / "fonts" / "NotoSerifCJKtc-yili.otf"

# Symbols drawn by the renderer and the viewer (timeline, arrows, play/pause, units, quotes, marks).
# The face has no U+23F8 ⏸ (nor ⏵⏹⏩⏪); draw pause as ‖ (U+2016) or as two rectangles.
EXTRA = "·×→←↑↓▶◀‖■□●○◎▲▼△◆◇✓⚠※★≈°“”‘’「」『』〔〕《》〈〉…—–〓"
NOT_IN_FACE = "⏸"
RANGES = ((0x20, 0x7E), (0x3000, 0x303F), (0xFF00, 0xFFEF))


def drawable(ch: str) -> bool:
    """Whether ``ch`` needs a glyph in the font.

    Spaces do (U+0020, U+3000 ideographic space: without a glyph freetype draws them as boxes);
    control, format, private-use and unassigned code points and line separators do not.
    """
    return unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp")


def string_literal_chars(path: Path) -> str:
    """The non-ASCII characters of the string literals in ``path`` that could end up drawn.

    Every ``str`` constant counts, the literal parts of f-strings included, except documentation:
    a string standing alone as a statement (docstrings, attribute notes) is never drawn, and its
    box-drawing diagrams need no glyphs. Nor do the ends of a regex range such as ``[一-鿿]``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    documentation = {id(node.value) for node in ast.walk(tree)
                     if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    out = [_RANGE_IN_CLASS.sub(lambda m: _RANGE.sub("", m.group()), node.value) for node in ast.walk(tree)
           if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation]
    return "".join(ch for ch in "".join(out) if ord(ch) > 0x7E)


# A range in a regular expression's character class (``[一-鿿]``) names code points, not text.
_RANGE_IN_CLASS = re.compile(r"\[[^\]]*-[^\]]*\]")
_RANGE = re.compile(r"[^\\]-[^\]]")


def _sources(root: Path, seeds: bool) -> list[tuple[Path, str]]:
    """(file, the text of it that gets drawn) for every file the scan reads."""
    out: list[tuple[Path, str]] = []
    if seeds:
        out += [(p, p.read_text(encoding="utf-8")) for p in sorted((root / "seeds" / "clean").glob("*.txt"))]
    for pattern in ("assets/**/*.yaml", "docs/**/*.md"):
        out += [(p, p.read_text(encoding="utf-8")) for p in sorted(root.glob(pattern))]
    for package in ("stage", "choreo"):
        out += [(p, string_literal_chars(p)) for p in sorted((root / package).glob("**/*.py"))]
    return out


def used_characters(root: Path = ROOT, *, seeds: bool = True) -> dict[str, str]:
    """Every character the project may draw, mapped to where it was first seen (a path or "fixed").

    With ``seeds=False`` the seed texts are left out: what remains is what the project itself
    writes (venues, scripts, docs, labels in code), which must all be drawable.
    """
    found: dict[str, str] = {}
    for path, text in _sources(root, seeds):
        where = str(path.relative_to(root))
        for ch in text:
            if drawable(ch):
                found.setdefault(ch, where)
    fixed = [chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)] + list(EXTRA)
    for ch in fixed:
        if drawable(ch):
            found.setdefault(ch, "fixed")
    return found


def describe(ch: str) -> str:
    return f"{ch!r} U+{ord(ch):04X} {unicodedata.name(ch, '?')}"


def load_face(source: Path, face: int):
    from fontTools.ttLib import TTFont

    # recalcTimestamp=False: same input, same bytes (the subset is committed).
    font = TTFont(source, fontNumber=face, recalcTimestamp=False) if source.suffix.lower() in (".ttc", ".otc") \
        else TTFont(source, recalcTimestamp=False)
    family = font["name"].getDebugName(1)
    if family != FAMILY:
        raise SystemExit(f"{source} face {face} is {family!r}, not {FAMILY!r}; pass --face")
    return font


def make_font(source: Path, face: int, output: Path, report_only: bool = False) -> int:
    from fontTools import subset

    wanted = used_characters()
    font = load_face(source, face)
    cmap = font.getBestCmap()
    lacking = sorted(ch for ch in wanted if ord(ch) not in cmap)
    kept = sorted(ord(ch) for ch in wanted if ord(ch) in cmap)
    print(f"{len(wanted)} characters wanted, {len(kept)} in {FAMILY}, {len(lacking)} lacking:")
    for ch in lacking:
        print(f"  {describe(ch)}  (first in {wanted[ch]})")
    if report_only:
        return 0

    options = subset.Options()
    options.font_number = face
    options.layout_features = ["*"]     # keep vertical forms, punctuation kerning etc.
    options.name_IDs = ["*"]            # the whole name table: copyright and licence (OFL)
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    output.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(output), options)
    print(f"wrote {output.relative_to(ROOT)}: {output.stat().st_size:,} bytes, {len(kept)} characters")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the .ttc/.otf to subset")
    parser.add_argument("--face", type=int, default=FACE, help="face index in a .ttc (3 = TC)")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    parser.add_argument("--report", action="store_true", help="list coverage, write nothing")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"{args.source}: not found; on Debian: apt-get install fonts-noto-cjk", file=sys.stderr)
        return 2
    return make_font(args.source, args.face, args.output.resolve(), args.report)


if __name__ == "__main__":
    sys.exit(main())
