"""``choreo check`` plans every reading a script defines, and names characters the bundled font lacks
(read from the font's cmap, without pygame) before ``render`` refuses them."""

import subprocess
import sys

from fontTools.ttLib import TTFont

from choreo.cli import main
from choreo.fontcmap import covered
from choreo.paths import font_file

SCRIPT = """\
title: t
figures:
  司射: {at: 司射位, facing: 東面}
steps:
  - {id: s1, text: 司射適堂西, do: {司射: [{適: 堂西}]}}
readings:
  zheng: {title: 鄭}
  ao:
    title: 敖
    changes:
      s1: {why: w, do: {司射: [{適: 堂酉}]}}
"""


def test_the_cmap_reader_agrees_with_fonttools():
    assert covered() == frozenset(TTFont(font_file()).getBestCmap())


def test_an_error_in_a_reading_other_than_the_default_is_reported(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(SCRIPT, encoding="utf-8")
    assert main(["check", "s.yaml", "--reading", "zheng"]) == 0
    capsys.readouterr()
    assert main(["check", "s.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("s.yaml:11:30: error: step s1: 司射 cannot 適: unknown landmark '堂酉'")
    assert "did you mean '堂西'?" in err


def test_a_character_the_font_lacks_is_named_at_its_step(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(SCRIPT.replace("司射適堂西", "司射適堂西𠀀").split("readings:")[0],
                                     encoding="utf-8")
    assert main(["check", "s.yaml"]) == 1
    assert capsys.readouterr().err == (
        "s.yaml:5:5: error: no glyph for '𠀀' (U+20000) in the bundled font, in step s1's text: render refuses it "
        "(add it with python tools/make_font.py)\n")


def test_check_reads_the_font_without_pygame(tmp_path):
    (tmp_path / "s.yaml").write_text(SCRIPT.replace("司射適堂西", "司射適堂西𠀀").split("readings:")[0],
                                     encoding="utf-8")
    code = ("import sys; sys.modules['pygame'] = None\nfrom choreo.cli import main\n"
            "sys.exit(main(['check', 's.yaml']))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 1 and "no glyph for '𠀀'" in out.stderr and "Traceback" not in out.stderr
