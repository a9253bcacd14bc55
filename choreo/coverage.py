"""Which 經 sentence of seed 000 the bundled rite enacts: ``python -m choreo.coverage`` writes
docs/coverage.md (a test keeps it up to date).

The 經 is read from the cleaned seed: each line of 000 holds 經 (with the 注 in （…） between its
words, taken out here) and 疏 paragraphs (``[疏]…``), separated by two ideographic spaces. Where a
garbled span of a 疏 has swallowed the 經 that follows it, the span is read back in step
(``stage.mojibake``) and the words are listed as restored, never silently. Each sentence (up to
「。」) is matched with the steps of ``xiangshe/full`` whose quoted clause lies in it (or that quote it
whole); a sentence no step enacts gets the reason written for it in docs/coverage-reasons.yaml,
or is counted as a gap.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from choreo.paths import scripts_dir
from choreo.script import inserted_steps, script_names
from choreo.script_parser import parse_script
from stage.mojibake import restore

ROOT = Path(__file__).resolve().parents[1]
SEP = "\u3000\u3000"
_NOTE = re.compile(r"（[^（）]*）", re.S)
# A replacement character or a private-use code point: a garbled or unidentified character.
_GARBLED = re.compile(f"[{chr(0xFFFD)}{chr(0xE000)}-{chr(0xF8FF)}]")
_PUNCT = re.compile(r"[\s，。、：；“”「」！？?]")


@dataclass(frozen=True)
class Sentence:
    """One 經 sentence in the order of the seed; ``restored`` when read back from a garbled span."""

    index: int
    text: str
    restored: bool = False


def _bare(text: str) -> str:
    return _PUNCT.sub("", text)


def _readable(text: str) -> bool:
    return bool(text) and not _GARBLED.search(text) and "〓" not in text.lstrip("〓")


def jing_sentences(seed: str) -> list[Sentence]:
    """The 經 sentences of a cleaned seed text, in order.

    The text is a run of segments (each opened by two ideographic spaces). A 疏 paragraph
    ``[疏]“A”至“B”`` follows the 經 it explains, which begins with A: the 經 is the run of segments
    from the first one that begins with A up to that 疏; what lies between one 疏 and that point
    continues the 疏 before it. The 注 between the 經's words (（…）, which may run across segments)
    is taken out."""
    segments = [seg.strip("\u3000 \n") for seg in seed.replace("\n", "").split(SEP)]
    segments = [seg for seg in segments if seg]
    pieces: list[tuple[str, bool]] = []
    done = -1
    for k, seg in enumerate(segments):
        if not seg.startswith("[疏]"):
            continue
        m = re.match(r"\[疏\]“([^”]+)”", seg)
        head = _bare(m.group(1)) if m else ""
        begin = next((i for i in range(done + 1, k) if head and _bare(segments[i]).startswith(head)), None)
        if begin is None and k > done + 1 and "（" in segments[k - 1]:
            begin = k - 1  # its first words are garbled: the 經 with its 注 just before the 疏
            while seg.startswith("[疏]注") and begin - 1 > done and "（" in segments[begin - 1]:
                begin -= 1  # a 疏 on the 注 alone (「注“增故”至“相明”」) follows every 經 since the last 疏
        end = re.search(r"至“([^”]+)”", seg)
        known = any(end and end.group(1) in t for t in _swallowed(segments[k - 1])) if k > 0 else True
        if begin is None and end and not known and end.group(1) in segments[k - 1]:
            # A garbled span ate the break before the 經: it follows the span in the 疏 before.
            tail = segments[k - 1]
            stop = tail.rfind(end.group(1)) + len(end.group(1))
            text = _NOTE.sub("", tail[tail.rfind("?", 0, stop) + 1:stop] + "。")
            text = re.sub(r"^[^\u4e00-\u9fff]*", "", re.split(r"[！\u3000]", text)[-1])
            if _readable(text):
                pieces.append(("〓" + text, False))  # 〓: the words before it are lost
        if begin is not None:
            text = _NOTE.sub("", "\n".join(segments[begin:k]))
            text = re.sub(r"（[^）]*$", "", text, flags=re.M)  # a 注 whose closing mark a garbled span ate
            pieces.extend((t, False) for t in text.split("\n"))
        pieces.extend((t, True) for t in _swallowed(seg))
        done = k
    out: list[Sentence] = []
    for text, restored in pieces:
        for sentence in re.findall(r"[^。]+。?", text):
            sentence = sentence.strip()
            if len(_bare(sentence)) < 2 or not _readable(sentence):
                continue
            if sentence.startswith("〓") and out and _bare(out[-1].text).endswith(_bare(sentence[1:])):
                continue  # already restored whole
            out.append(Sentence(len(out) + 1, sentence, restored))
    return out


def _swallowed(segment: str) -> list[str]:
    """經 that a garbled span inside this 疏 paragraph hides, read back in step."""
    found = []
    for piece in segment.split("?")[1:]:
        for m in re.finditer(r"\u3000\u3000([^\u3000（\[]{2,}?)(?:（|$)", restore(piece)):
            words = m.group(1)
            cut = re.split("〓", _GARBLED.split(words)[0])[0]
            if _readable(cut) and len(_bare(cut)) >= 3 and not cut.startswith(("者", "注", "釋")):
                found.append(cut)
    return found


def _clauses(text: str) -> list[str]:
    return [b for b in map(_bare, text.split("。")) if b]


def _steps(script) -> list[tuple[str, list[str]]]:
    """Each step of the whole rite with the sentences of its quoted clause (bare of punctuation)."""
    return [(s.id, _clauses(s.text)) for s in script.steps if s.source.startswith("000")]


def _option_steps(script) -> list[tuple[str, str, list[tuple[str, list[str]]]]]:
    """Each option of the whole rite (the text's branches, choreo.options) with the steps its change sets
    make act (changed or inserted), as ``_steps`` gives them."""
    texts = {s.id: s.text for s in script.steps}
    out = []
    for name in script.option_names:
        steps = []
        under_readings = [c for (n, _), cs in script.option_reading_changes.items() if n == name for c in cs]
        for change in (*script.option_changes.get(name, ()), *under_readings):
            if not change.remove and (change.actions or change.text):
                steps.append((change.step, _clauses(change.text or texts[change.step])))
            steps.extend((s.id, _clauses(s.text)) for s in inserted_steps(change, script.steps, script_names(script))
                         if s.source.startswith("000"))
        out.append((name, script.catalogue.options[name].title, steps))
    return out


def _enacting(bare: str, steps: list[tuple[str, list[str]]]) -> list[str]:
    return [sid for sid, parts in steps if any(p == bare or (len(p) >= 4 and p in bare) or bare in p for p in parts)]


def _reasons() -> dict[str, str]:
    path = ROOT / "docs" / "coverage-reasons.yaml"
    if not path.exists():
        return {}
    return {str(k): str(v) for k, v in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items()}


def table() -> list[tuple[Sentence, list[str], str]]:
    """Each 經 sentence with the ids of the steps that enact it and, if none does, the reason."""
    return [row[:3] for row in _rows()]


def _rows() -> list[tuple[Sentence, list[str], str, list[str]]]:
    """``table``'s rows, each with the options (``--outcome``) whose steps enact the sentence, in words."""
    seed = (ROOT / "seeds" / "clean" / "000.txt").read_text(encoding="utf-8")
    script = parse_script(scripts_dir() / "xiangshe" / "full.yaml")
    steps, options, reasons = _steps(script), _option_steps(script), _reasons()
    rows = []
    for sentence in jing_sentences(seed):
        bare = _bare(sentence.text)
        ids = _enacting(bare, steps)
        reason = next((r for key, r in reasons.items() if _bare(key) and _bare(key) in bare), "")
        taken = [f"`--outcome {name}` ({title}): {', '.join(_collapse(found))}"
                 for name, title, changed in options if (found := _enacting(bare, changed))]
        rows.append((sentence, _collapse(ids), reason, taken))
    return rows


def _collapse(ids: list[str]) -> list[str]:
    """e2.s13, e2.s13b, e2.s13c → e2.s13 (×3): a clause the text repeats."""
    out: dict[str, int] = {}
    for sid in ids:
        out[sid] = out.get(sid, 0) + 1
    return [sid for sid in out]


def render() -> str:
    rows = _rows()
    enacted = sum(1 for _, ids, _, _ in rows if ids)
    reasoned = sum(1 for _, ids, r, _ in rows if not ids and r)
    gaps = len(rows) - enacted - reasoned
    restored = sum(1 for s, _, _, _ in rows if s.restored)
    branched = sum(1 for *_, taken in rows if taken)
    lines = [
        "# Coverage of the 經 (seed 000)",
        "",
        "*Generated by `python -m choreo.coverage`; do not edit by hand.*",
        "",
        "Every 經 sentence of seed 000 (儀禮注疏 卷十二 鄉射禮), in the order of the seed, with the steps of",
        "`xiangshe/full` that enact it, or the reason none does (`docs/coverage-reasons.yaml`).",
        "Sentences marked *restored* are garbled in the seed copy and read back from the garbled span",
        "(`stage/mojibake.py`: GBK bytes read one byte out of step); a sentence that begins with 〓 lost its",
        "first words to a garbled span that could not be read back (marked, not restored).",
        "Where the text branches (若矢不備, 若左右鈞 …), the bundled rite takes one way by default and the others",
        "are options (`choreo … --outcome NAME`, `assets/options/xiangshe.yaml`): the reason column names the",
        "option whose steps enact a sentence, and which.",
        "",
        f"**Seed 000: {len(rows)} sentences; {enacted} enacted by steps; {reasoned} with a reason for no step;"
        f" {gaps} with neither. {restored} restored from garbled spans. {branched} enacted (or enacted otherwise)"
        " under an option.**",
        "",
        "| # | 經 | steps | reason |",
        "| --- | --- | --- | --- |",
    ]
    for sentence, ids, reason, taken in rows:
        mark = " *(restored)*" if sentence.restored else ""
        steps = ", ".join(ids) if ids else ""
        why = "" if ids else (reason or "**no step and no reason**")
        if taken:
            why = " ".join(filter(None, (why, f"Under {'; '.join(taken)}.")))
        lines.append(f"| {sentence.index} | {sentence.text}{mark} | {steps} | {why} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    from choreo.docgen import generate

    return generate(argv, "python -m choreo.coverage", ROOT / "docs" / "coverage.md", render)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
