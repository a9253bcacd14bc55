"""The cleaned seed copies: up to date, free of private-use code points and pinyin, restored right."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_clean():
    spec = importlib.util.spec_from_file_location("seeds_clean", ROOT / "seeds" / "clean.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


clean = _load_clean()
COMMITTED = {n: (ROOT / "seeds" / "clean" / f"{n}.txt").read_text(encoding="utf-8")
             for n in ("000", "001", "002", "003")}


def test_committed_clean_copies_are_current():
    assert clean.stale() == [], "run python seeds/clean.py and commit seeds/clean/"
    assert clean.cleaned() == COMMITTED


@pytest.mark.parametrize("number", sorted(COMMITTED))
def test_no_private_use_code_point_remains(number):
    found = {f"U+{ord(ch):04X}" for ch in COMMITTED[number] if 0xE000 <= ord(ch) <= 0xF8FF}
    assert not found, f"seeds/clean/{number}.txt still has {sorted(found)}"


def test_pinyin_removed_from_000_and_text_kept():
    text = COMMITTED["000"]
    assert not re.search(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\)", text)
    assert "(zhí)" in (ROOT / "seeds" / "000_95d0325316e9e0f8.txt").read_text(encoding="utf-8")
    assert "司射猶挾乘矢，以命三耦" in text  # the 經 opening of the passage survives


@pytest.mark.parametrize("phrase", [
    "委于楅，北括", "楅長如笴", "坐實八算于中", "搢三挾一個", "司馬適堂西", "立于物間", "中猶間也",
    "司射遂適階間", "有司左執弣，右執弦", "并，併也，併東行", "明卻時還",
])
def test_restored_characters_read_as_the_received_text(phrase):
    assert phrase in COMMITTED["000"]


@pytest.mark.parametrize(("in_000", "in_001"), [
    # Where 敖繼公 (001, simplified) quotes the same 經 the restorations must agree with it.
    ("南當楅，西當西序", "南当楅西当西序"),
    ("實八算于中", "实八算于中"),
    ("搢三挾一個", "搢三挟一个"),
    ("司馬適堂西", "司马适堂西"),
])
def test_restorations_agree_with_001(in_000, in_001):
    assert in_000 in COMMITTED["000"]
    assert in_001 in COMMITTED["001"]


def test_unidentified_private_use_becomes_geta_mark():
    assert clean.clean_text("001", "右手执\ue0ffx") == "右手执〓x"
    # a lone half of the two-code-point 楅 is not a 楅
    assert "楅" not in clean.clean_text("002", "\ue3ab困之")


def test_a_rule_that_no_longer_matches_its_evidence_fails_loudly():
    raw = (ROOT / "seeds" / "000_95d0325316e9e0f8.txt").read_text(encoding="utf-8")
    broken = raw.replace("委于\ue3ab\ue4a4，北括", "委于X，北括")
    with pytest.raises(clean.SeedError, match="委于楅，北括"):
        clean.clean_text("000", broken)
