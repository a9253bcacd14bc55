"""Hostile or broken YAML ends in one error at its place: never a traceback, a hang or a memory bomb."""

import time

import pytest
import yaml

from stage import marked_yaml
from stage.errors import YiliError
from stage.marked_yaml import load, load_text
from tests.fuzz_inputs import BOMB

CASES = {
    "a control character": ("a: b\nc: d\x07e\n",
                            "f.yaml:2:5", "character U+0007 is not allowed in YAML (a control character)"),
    "deep flow nesting": ("a: " + "[" * 100 + "]" * 100, "f.yaml:1:67", "nested more than 64 levels deep"),
    "deep block nesting": ("".join(" " * i + "a:\n" for i in range(80)), "f.yaml:65:65",
                           "nested more than 64 levels deep"),
    "a recursive alias": ("a: &x [1, *x]\n", "f.yaml:1:11",
                          "alias '*x' stands inside the value it names (a recursive alias)"),
    "an undefined alias": ("a: *nope\n", "f.yaml:1:4", "alias '*nope' names no anchor ('&nope') above it"),
    "billion laughs": (BOMB, "f.yaml:6:26",
                       "the document expands to more than 500,000 values (aliases of aliases?)"),
    "a long value used by many aliases": (
        "a: &a '" + "x" * 1_000_000 + "'\nb: [" + ",".join(["*a"] * 30) + "]\n", "f.yaml:2:59",
        "the document expands to more than 20,000,000 characters (a long value used by many aliases?)"),
    "!!int on a word": ("a: !!int 北面\n", "f.yaml:1:4", "'北面' cannot be read as !!int"),
    "!!bool on a word": ("a: !!bool xie\n", "f.yaml:1:4", "'xie' cannot be read as !!bool"),
    "a custom tag": ("a: !custom x\n", "f.yaml:1:4",
                     "unsupported tag '!custom' (this file's values take only !!str, !!int, !!float, !!bool, !!null)"),
    "!!set": ("a: !!set {b: null}\n", "f.yaml:1:4", "unsupported tag '!!set' (this file's values take only !!map)"),
    "!!binary": ("a: !!binary aGk=\n", "f.yaml:1:4",
                 "unsupported tag '!!binary' (this file's values take only !!str, !!int, !!float, !!bool, !!null)"),
    "a python tag on a list": ("a: !!python/tuple [1]\n", "f.yaml:1:4",
                               "unsupported tag '!!python/tuple' (this file's values take only !!seq)"),
    "!!timestamp": ("a: !!timestamp 2001-13-99\n", "f.yaml:1:4",
                    "unsupported tag '!!timestamp' (this file's values take only !!str, !!int, !!float, "
                    "!!bool, !!null)"),
    "a 400-digit integer": ("a: " + "9" * 400 + "\n", "f.yaml:1:4",
                            "the number 99999999999999999999… is too large (more than 15 digits)"),
    "2**63": ("a: [9223372036854775808, 1]\n", "f.yaml:1:5",
              "the number 9223372036854775808 is too large (more than 15 digits)"),
    "a duplicate key": ("a: 1\na: 2\n", "f.yaml:2:1", "duplicate key 'a'"),
    "two documents": ("a: 1\n---\nb: 2\n", "f.yaml:2:1",
                      "a script or venue file holds one YAML document (found a second '---')"),
    "a merge of a number": ("g: {<<: 5}\n", "f.yaml:1:5", "'<<' merges a mapping (or a list of mappings) into this one"),
}


@pytest.mark.parametrize("case", CASES)
def test_error_at_the_place(case):
    text, where, message = CASES[case]
    started = time.perf_counter()
    with pytest.raises(YiliError) as info:
        load_text(text, "f.yaml")
    assert (str(info.value.location), info.value.message) == (where, message)
    assert time.perf_counter() - started < 5


def test_a_lone_surrogate_is_refused_by_either_loader(monkeypatch):
    expected = {yaml.SafeLoader: ("f.yaml:1:4", "a lone surrogate (\\ud800–\\udfff) is not a character")}
    if hasattr(yaml, "CSafeLoader"):  # libyaml refuses the escape itself
        expected[yaml.CSafeLoader] = ("f.yaml:1:7", "not valid YAML: found invalid Unicode character escape code")
    for loader, (where, message) in expected.items():
        monkeypatch.setattr(marked_yaml, "Loader", loader)
        with pytest.raises(YiliError) as info:
            load_text('a: "\\ud800"\n', "f.yaml")
        assert (str(info.value.location), info.value.message) == (where, message)


def test_a_merged_key_may_be_overridden_and_keeps_its_place():
    data = load_text("f: &f {x: 1, y: 2}\ng: {<<: *f, x: 3}\n", "f.yaml")
    assert data["g"] == {"x": 3, "y": 2}
    assert str(data["g"].key_loc("x")) == "f.yaml:2:13" and str(data["g"].key_loc("y")) == "f.yaml:1:14"


def test_undecodable_bytes_are_reported_by_line_and_column(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes("title: 鄉射\nfigures: 司".encode() + b"\xff" + "射\n".encode())
    with pytest.raises(YiliError) as info:
        load(path)
    assert (str(info.value.location), info.value.message) == (
        f"{path}:2:11", "not UTF-8 text: byte 0xFF cannot be decoded")


def test_a_folder_and_a_huge_file_are_refused(tmp_path):
    with pytest.raises(YiliError, match="is a folder, not a file"):
        load(tmp_path)
    big = tmp_path / "big.yaml"
    big.write_text("a: b\n" * (1 << 20), encoding="utf-8")
    with pytest.raises(YiliError, match="larger than 4 MB"):
        load(big)


def test_both_loaders_give_the_same_values_and_positions(monkeypatch):
    text = "a: &x {b: [1, 2.5, 三], c: null}\nd: *x\ne: !!str 5\nf: '7'\n"
    results = []
    for loader in (yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        monkeypatch.setattr(marked_yaml, "Loader", loader)
        data = load_text(text, "f.yaml")
        results.append((data, str(data["a"]["b"][2].loc), str(data["a"]["b"].item_loc(1)), type(data["e"]),
                        type(data["f"])))
    assert results[0] == results[1]
    assert results[0][1:] == ("f.yaml:1:20", "f.yaml:1:15", marked_yaml.MStr, marked_yaml.MStr)
