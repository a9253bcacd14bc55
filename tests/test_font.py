"""The bundled CJK font draws every character the project uses, and a missing one is an error, not tofu."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

from choreo.errors import RenderError  # noqa: E402
from choreo.paths import font_file  # noqa: E402
from choreo.render import fonts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LABEL = "「司射 西楹 楅 笴 觶」"


def _load_make_font():
    spec = importlib.util.spec_from_file_location("make_font", ROOT / "tools" / "make_font.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make_font = _load_make_font()


def test_every_character_the_project_uses_has_a_glyph():
    used = make_font.used_characters(ROOT)
    assert len(used) > 2000  # the four seeds alone bring ~2,000 distinct characters
    font = fonts.load_font(16)
    lacking = [f"{ch!r} U+{ord(ch):04X} (first in {where})" for ch, where in used.items()
               if font.get_metrics(ch)[0] is None]
    assert not lacking, "run python tools/make_font.py; no glyph for: " + "; ".join(lacking)


def test_scan_reads_labels_in_code_but_not_docstrings(tmp_path):
    (tmp_path / "choreo").mkdir()
    (tmp_path / "choreo" / "x.py").write_text(
        '"""Docstring ►."""\nLABEL = "司射"\nmsg = f"到{LABEL}之南"\n# comment 鼗\nHAN = "[\\u3400-\\u9fff]"\n', encoding="utf-8")
    (tmp_path / "assets" / "venues").mkdir(parents=True)
    (tmp_path / "assets" / "venues" / "v.yaml").write_text("name: 榭\n", encoding="utf-8")
    used = make_font.used_characters(tmp_path)
    assert {"司", "射", "到", "之", "南", "榭"} <= set(used)
    assert used["司"] == "choreo/x.py" and used["榭"] == "assets/venues/v.yaml"
    assert "►" not in used and "鼗" not in used
    assert "\u3400" not in used and "\u9fff" not in used  # ends of a regex range are not text


def test_missing_glyphs_ignores_line_breaks_and_finds_the_rare():
    assert fonts.missing_glyphs("司射 西楹\n楅　笴\t觶\r\n") == []
    assert fonts.missing_glyphs("司𠀀射\ue000𠀀") == ["𠀀", "\ue000"]


def test_error_names_each_missing_character_and_the_fix():
    with pytest.raises(RenderError) as info:
        fonts.ensure_glyphs("司射𠀀乏\U0002a6a5", "label of 司射")
    message = info.value.message
    assert "label of 司射" in message
    assert "'𠀀' (U+20000)" in message and "(U+2A6A5)" in message
    assert "python tools/make_font.py" in message
    fonts.ensure_glyphs(LABEL, "label")  # present characters pass silently


def test_load_font_is_cached_and_rejects_bad_sizes():
    assert fonts.load_font(18) is fonts.load_font(18)
    assert fonts.load_font(18).path == str(font_file())
    with pytest.raises(RenderError, match="bad font size 0"):
        fonts.load_font(0)


def test_missing_font_file_is_a_render_error(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "font_file", lambda: tmp_path / "none.otf")
    fonts.load_font.cache_clear()
    try:
        with pytest.raises(RenderError, match="none.otf is missing; run python tools/make_font.py"):
            fonts.load_font(12)
    finally:
        fonts.load_font.cache_clear()


def test_font_carries_the_ofl_licence():
    from fontTools.ttLib import TTFont

    names = TTFont(font_file(), lazy=True)["name"]
    assert names.getDebugName(1) == "Noto Serif CJK TC"
    assert "Adobe" in names.getDebugName(0)
    assert "SIL Open Font License, Version 1.1" in names.getDebugName(13)
    assert "OFL" in names.getDebugName(14)
    ofl = (font_file().parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and "Adobe" in ofl
    assert 0.3e6 < font_file().stat().st_size < 4e6  # a subset, not the 24 MB face


def _bitmap(font: pygame.freetype.Font, text: str) -> bytes:
    surface, _ = font.render(text, (0, 0, 0), (255, 255, 255))
    return pygame.image.tobytes(surface, "RGB") + bytes(str(surface.get_size()), "ascii")


def test_label_renders_distinct_glyphs_not_tofu():
    font = fonts.load_font(32)
    surface = pygame.Surface((400, 60))
    surface.fill((255, 255, 255))
    rect = font.render_to(surface, (4, 8), LABEL, (0, 0, 0))
    assert rect.width > 250 and rect.height > 20
    ink = sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
              if surface.get_at((x, y))[0] < 128)
    assert ink > 500, f"only {ink} dark pixels: nothing was drawn"

    chars = [ch for ch in LABEL if not ch.isspace()]
    bitmaps = {ch: _bitmap(font, ch) for ch in chars}
    assert len(set(bitmaps.values())) == len(chars), "two characters drew the same bitmap"
    tofu = _bitmap(font, "𠀀")  # not in the font: the .notdef box
    assert tofu not in bitmaps.values()
    for space in (" ", "\u3000"):  # spaces are blank, not boxes
        blank, _ = font.render(space, (0, 0, 0), (255, 255, 255))
        assert blank.get_width() > 0
        assert all(blank.get_at((x, y))[:3] == (255, 255, 255)
                   for x in range(blank.get_width()) for y in range(blank.get_height())), repr(space)


def test_import_and_load_do_not_start_a_display():
    code = (
        "import os, sys\n"
        "import choreo.render.fonts as f\n"
        "assert 'pygame' not in sys.modules or not sys.modules['pygame'].display.get_init()\n"
        "f.load_font(12)\n"
        "import pygame\n"
        "assert not pygame.display.get_init() and pygame.freetype.get_init()\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
