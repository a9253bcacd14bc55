"""Where every number of a venue comes from, and checking the quotations against the seeds.

``provenance_rows`` is what ``choreo plan --sources`` prints. ``check_quotations`` applies the rule
of the project's quotation checker (docs/domain.md, at its head) to the repository's own copies of the seeds (``<repo>/seeds``):
a quotation 「…」〔nnn〕 must occur in seed nnn, whitespace ignored, pinyin removed from 000, and a
restored character written [X] standing for up to two non-Han characters of the copy.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from stage.errors import StageError
from stage.model import Venue

PINYIN = re.compile(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\)")
QUOTATION = re.compile(r"「([^」]+)」〔(\d{3})〕")
NOT_IN_SEEDS = "[NOT IN SEEDS]"
# The CJK Unified Ideographs block, built with chr() so that no stray glyph appears in the source.
_HAN = f"{chr(0x4E00)}-{chr(0x9FFF)}"


def seeds_dir() -> Path:
    """``<checkout>/seeds`` (the raw copies as found, beside their README)."""
    return Path(__file__).resolve().parent.parent / "seeds"


@cache
def load_seeds(folder: str | None = None) -> dict[str, str]:
    """Seed number ('000'…) → text with whitespace (and, in 000, pinyin) removed."""
    root = Path(folder) if folder else seeds_dir()
    files = sorted(root.glob("[0-9][0-9][0-9]_*.txt"))
    if not files:
        raise StageError(f"no seed texts in {root} (expected 000_….txt … 003_….txt)")
    out = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path.name.startswith("000"):
            text = PINYIN.sub("", text)
        out[path.name[:3]] = re.sub(r"[\s\u3000]", "", text)
    return out


def _pattern(quote: str) -> str:
    """The regular expression for one quotation (the rule of docs/domain.md, at its head)."""
    quote = re.sub(r"[\s\u3000]", "", quote)
    parts = re.split(r"\[[^\]]*\]", quote)
    restored = re.findall(r"\[([^\]]*)\]", quote)
    pat = ""
    for i, part in enumerate(parts):
        pat += re.escape(part)
        if i < len(restored):
            ch = re.escape(restored[i])
            tail = "付?" if restored[i] == "弣" else ""
            pat += f"(?:{ch}|[^{_HAN}，。、；：“”（）]{{0,2}}{tail})"
    return pat


def occurs(quote: str, text: str) -> bool:
    """Whether ``quote`` occurs in ``text`` by the quotation rule ([X] a restored character)."""
    return re.search(_pattern(quote), text) is not None


def check_quotations(text: str, seeds: dict[str, str] | None = None) -> list[str]:
    """Problems with the quotations in ``text``: one line per quotation not found in its seed."""
    seeds = load_seeds() if seeds is None else seeds
    problems = []
    for m in QUOTATION.finditer(text):
        quote, seed = m.group(1), m.group(2)
        if seed not in seeds:
            problems.append(f"「{quote[:60]}」〔{seed}〕: no seed {seed}")
        elif not re.search(_pattern(quote), seeds[seed]):
            problems.append(f"「{quote[:60]}」〔{seed}〕: not found in seed {seed}")
    return problems


def provenance_rows(venue: Venue) -> list[tuple[str, str, float, float, str, str]]:
    """One row per landmark, in file order: (name, kind, x, y, 'source' | 'choice', text).

    A landmark with both a source and a choice gives two rows, the source first.
    """
    rows = []
    for name, lm in venue.landmarks.items():
        if lm.provenance.source:
            rows.append((name, lm.kind, lm.x, lm.y, "source", lm.provenance.source))
        if lm.provenance.choice:
            rows.append((name, lm.kind, lm.x, lm.y, "choice", lm.provenance.choice))
    return rows


def param_rows(venue: Venue) -> list[tuple[str, float, str, str]]:
    """One row per parameter: (name, value, 'source' | 'choice', text)."""
    rows = []
    for name, p in venue.params.items():
        if p.provenance.source:
            rows.append((name, p.value, "source", p.provenance.source))
        if p.provenance.choice:
            rows.append((name, p.value, "choice", p.provenance.choice))
    return rows
