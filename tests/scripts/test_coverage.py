"""Every 經 sentence of seed 000 is enacted by a step of the whole rite or has its reason, and the
generated docs/coverage.md says so in the order of the seed."""

from pathlib import Path

from choreo.coverage import jing_sentences, render, table

ROOT = Path(__file__).resolve().parents[2]


def test_the_coverage_document_is_up_to_date():
    committed = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    assert committed == render(), "docs/coverage.md is stale: run python -m choreo.coverage"


def test_every_jing_sentence_has_a_step_or_a_reason():
    rows = table()
    assert len(rows) > 150
    missing = [s.text for s, ids, reason in rows if not ids and not reason]
    assert not missing, missing[:5]


def test_the_jing_is_read_in_order_without_the_notes_and_garbled_words_are_restored():
    seed = (ROOT / "seeds" / "clean" / "000.txt").read_text(encoding="utf-8")
    sentences = jing_sentences(seed)
    texts = [s.text for s in sentences]
    first = texts.index("司射猶挾乘矢，以命三耦：“各與其耦讓取弓矢，拾。")
    assert texts.index("有司左執弣，右執弦，而授弓。") == first + 2  # after the garbled 三耦皆袒、決、遂
    assert "誘射，將乘矢。" in texts  # 「誘射，（誘猶教也。）將乘矢」: the 注 taken out
    restored = {s.text for s in sentences if s.restored}
    assert "司射作上耦取矢。" in restored  # 「∷旧渥魃像钊∈浮」 in the seed
    assert not any("（" in t or "）" in t for t in texts if not t.startswith(("〓", "（")))
