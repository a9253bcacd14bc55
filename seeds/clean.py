#!/usr/bin/env python3
"""Write cleaned copies of the four seed texts to ``seeds/clean/NNN.txt``.

    python seeds/clean.py            # rewrite seeds/clean/000.txt … 003.txt
    python seeds/clean.py --check    # exit 1 if a committed clean copy is stale

The raw copies beside this script stay exactly as found; every change is made here, by rule,
never by hand (seeds/README.md). The rules:

1. Seed 000 carries pinyin in parentheses after many characters (``執(zhí)``): removed, with the
   same pattern as stage/sources.py.
2. Seed 000 stores rare characters as private-use (PUA) code points. Those identified in
   docs/domain.md §0.2 are restored (``RESTORE``). Each rule names phrases of the 經/注 in which it must
   occur, checked against the text before it is applied (``verify``), so a rule that stops
   matching the text fails loudly instead of silently writing a wrong character.
3. Every other PUA code point (the mojibake spans of the 賈疏, and one in 001) stands for a
   character nobody has identified; it becomes 〓 (U+3013 GETA MARK, the typesetter's sign for a
   missing character), so no invisible code point reaches a label or a quotation.

The script only uses the standard library; tests import it by path (tests/test_seeds.py).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLEAN_DIR = HERE / "clean"

# Same pattern as stage/sources.py: lower-case Latin letters with tone marks.
PINYIN = re.compile(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\)")
PUA = re.compile("[\ue000-\uf8ff]")
UNKNOWN = "\u3013"  # 〓


@dataclass(frozen=True)
class Restoration:
    """One PUA sequence (or split character) of seed 000 and the character it stands for."""

    stored: str
    char: str
    # Phrases (after pinyin removal, with the restored character written in) that the received
    # text or seed 001 attests; each must occur in the raw text with ``stored`` in its place.
    evidence: tuple[str, ...]


# docs/domain.md §0.2. Order matters: the two-code-point 楅 and the 弣 (PUA + 付) go before any rule
# that could consume part of them.
RESTORE: tuple[Restoration, ...] = (
    Restoration("\ue3ab\ue4a4", "楅", ("委于楅，北括", "乃設楅于中庭", "當楅北面揖，及楅揖")),
    Restoration("\ue4b6付", "弣", ("有司左執弣，右執弦", "遂以執弣")),
    Restoration("\ue7a1", "適", ("出于其位南，適堂西", "司馬適堂西", "遂適階西，取撲")),
    Restoration("\ue07d", "算", ("坐實八算于中", "未釋其算")),
    Restoration("\ue270", "搢", ("搢三而挾一個", "降，搢撲，反位")),
    Restoration("\ue14a", "間", ("立于物間", "中猶間也", "司射遂適階間")),
    Restoration("\ue157", "卻", ("明卻時還", "卻左手，右加弛弓于其上")),
    Restoration("\ue13d", "笴", ("所以承笴矢者", "楅長如笴")),
    Restoration("亻并", "併", ("并，併也，併東行",)),
)


class SeedError(Exception):
    """A restoration rule no longer matches the seed text it was written for."""


def seed_files() -> list[Path]:
    """The four raw seed copies, in order 000..003."""
    files = sorted(HERE.glob("0[0-9][0-9]_*.txt"))
    if [p.name[:3] for p in files] != ["000", "001", "002", "003"]:
        raise SeedError(f"expected seeds 000..003 in {HERE}, found {[p.name for p in files]}")
    return files


def stored_form(phrase: str) -> str:
    """``phrase`` spelt as seed 000 stores it: every restorable character put back as its PUA form."""
    for rule in RESTORE:
        phrase = phrase.replace(rule.char, rule.stored)
    return phrase


def verify(text: str) -> None:
    """Check every restoration of seed 000 against its evidence phrases in ``text`` (pinyin removed).

    A phrase counts as evidence when it occurs in the seed with the PUA form in the restored
    character's place. (The plain character may occur elsewhere: 卻 does, six times, and the 疏
    quotes the 注's plain 「明卻時還」 as 明<U+E157>時還, which is how that mapping is known.)
    """
    for rule in RESTORE:
        if rule.stored not in text:
            raise SeedError(f"restoration {rule.char}: {rule.stored!r} does not occur in seed 000")
        for phrase in rule.evidence:
            if rule.char not in phrase:
                raise SeedError(f"evidence {phrase!r} does not contain {rule.char}")
            if stored_form(phrase) not in text:
                raise SeedError(f"restoration {rule.char}: evidence {phrase!r} not found in seed 000")


def clean_text(number: str, raw: str) -> str:
    """The cleaned copy of seed ``number`` ("000".."003") from its raw text."""
    text = raw
    if number == "000":
        text = PINYIN.sub("", text)
        verify(text)
        for rule in RESTORE:
            text = text.replace(rule.stored, rule.char)
    return PUA.sub(UNKNOWN, text)


def cleaned() -> dict[str, str]:
    """``{"000": text, ...}``: every cleaned copy, computed in memory."""
    return {path.name[:3]: clean_text(path.name[:3], path.read_text(encoding="utf-8"))
            for path in seed_files()}


def stale() -> list[str]:
    """Names of committed clean copies that differ from what the rules produce now."""
    out = []
    for number, text in cleaned().items():
        target = CLEAN_DIR / f"{number}.txt"
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            out.append(str(target.relative_to(HERE.parent)))
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--check"]:
        bad = stale()
        for name in bad:
            print(f"{name}: stale; run python seeds/clean.py", file=sys.stderr)
        return 1 if bad else 0
    CLEAN_DIR.mkdir(exist_ok=True)
    for number, text in cleaned().items():
        # newline="": write "\n" as is on every platform, so the copies compare equal everywhere.
        (CLEAN_DIR / f"{number}.txt").write_text(text, encoding="utf-8", newline="")
        print(f"seeds/clean/{number}.txt: {len(text)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
