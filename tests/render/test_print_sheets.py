"""Plates and cue sheets, written as PDF and read back with pdftoppm: figures where the model puts
them, the clauses there as text, the bundled font embedded; SVG pages as outlines; the cues' words."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pygame
import pytest

from choreo.cli import main
from choreo.cues import cues, facing_words
from choreo.planning import plan_script
from choreo.render.cuesheet import CueSheet
from choreo.render.panel import GHOST
from choreo.render.plates import PlateMaker, PlateOptions, page_size
from choreo.render.scene import Circle, Glyphs
from choreo.render.style import colour_of
from choreo.render.text import TextCache

E02 = "assets/scripts/xiangshe/e02-first-round.yaml"
E08 = "assets/scripts/xiangshe/e08-shuhuo.yaml"  # 數獲: 鄭 and 敖 place the 釋獲者 and 司射 otherwise
SVG = "{http://www.w3.org/2000/svg}"
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="pdftoppm (poppler-utils) is not installed: .ci/run installs it")


@pytest.fixture(scope="module")
def e02():
    return plan_script(E02)


def pages_of(pdfinfo: str) -> int:
    return int(re.search(r"^Pages:\s+(\d+)", pdfinfo, re.M).group(1))


def page_pixels(pdf, page: int, size, tmp_path) -> np.ndarray:
    stem = tmp_path / f"p{page}"
    subprocess.run(["pdftoppm", "-scale-to-x", str(size[0]), "-scale-to-y", str(size[1]), "-f", str(page),
                    "-l", str(page), "-png", "-singlefile", str(pdf), str(stem)], check=True, capture_output=True)
    return pygame.surfarray.array3d(pygame.image.load(f"{stem}.png")).swapaxes(0, 1).astype(int)


def near(img, x, y, want, tol=14, reach=2) -> bool:
    xi, yi = int(x), int(y)
    patch = img[max(0, yi - reach):yi + reach + 1, max(0, xi - reach):xi + reach + 1]
    return bool((np.abs(patch - np.array(want)).max(axis=2) <= tol).any())


def dark(img, box) -> int:
    x0, y0, x1, y1 = (int(v) for v in box)
    return int((img[y0:y1, x0:x1].max(axis=2) < 110).sum())


@needs_pdftoppm
def test_plates_pdf_of_e02(e02, tmp_path):
    out = tmp_path / "e02.pdf"
    assert main(["plates", E02, "-o", str(out)]) == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert pages_of(info) == 4  # 45 steps, 12 panels a page
    assert "595.2 x 841.68 pts" in info or "595.28 x 841.89 pts" in info  # A4
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "CID Type 0C" in fonts and " yes yes yes" in fonts, fonts
    size = page_size("a4")
    page = page_pixels(out, 1, size, tmp_path)
    maker = PlateMaker(e02, TextCache(), PlateOptions())
    maker.fix_base(e02.steps)  # as the command does for the steps it draws
    checked = 0
    for i, step in enumerate(e02.steps[:12]):
        plan_rect, vp, cap, walks, _ = maker.geometry(step, maker.cell(i))
        for wk in walks:
            x, y = vp.to_screen(*wk.end)
            px, py, pw, ph = plan_rect
            if px + 6 < x < px + pw - 6 and py + 6 < y < py + ph - 6:
                assert near(page, x, y, colour_of(e02.figures[wk.figure])), (step.id, wk.figure)
                checked += 1
        # the clause under the panel: dark ink in its box, and the words are the step's own
        top = min(g.box[1] for g in cap)
        assert dark(page, (plan_rect[0], top, plan_rect[0] + plan_rect[2], top + 20)) > 40, step.id
        assert "".join(g.text for g in cap).replace("」", "") in step.text + "」"
    assert checked >= 12
    assert dark(page, (50, 25, 600, 70)) > 200  # the passage title in the page's head


def test_plates_vertical_svg_pages(e02, tmp_path):
    out = tmp_path / "e02.svg"
    assert main(["plates", E02, "-o", str(out), "--vertical", "--paper", "letter", "--to", "s07"]) == 0
    page = tmp_path / "e02.svg"  # eight steps: one page, the name as given
    root = ET.parse(page).getroot()
    assert root.get("width") == "21.59cm" and not list(root.iter(f"{SVG}text"))
    maker = PlateMaker(e02, TextCache(), PlateOptions(paper="letter", vertical=True))
    scene = maker.pages(e02.steps[:8])[0]
    chars = sum((1 + (g.halo is not None)) * sum(not c.isspace() for c, _, _ in g.chars)
                for g in scene.walk() if isinstance(g, Glyphs))
    assert len(list(root.iter(f"{SVG}use"))) == chars > 200  # every character an outline
    rect, _, cap, _, _ = maker.geometry(e02.steps[4], maker.cell(4))
    assert cap and all(g.vertical for g in cap)
    assert min(g.box[0] for g in cap) >= rect[0] + rect[2]  # the columns stand right of the plan
    firsts = sorted(cap, key=lambda g: -g.box[0])
    assert "".join(g.text for g in firsts).startswith(e02.steps[4].text[:5])  # read from the right


def test_compare_ghosts_exactly_the_differing_figures():
    from choreo.compare import step_difference

    a, b = plan_script(E08), plan_script(E08, reading="ao")
    maker = PlateMaker(a, TextCache(), PlateOptions(), b)
    maker.fix_base(a.steps)
    differing = 0
    for i, step in enumerate(a.steps):
        d = step_difference(a, b, step.id)
        want = {f for f in d.differing_figures if f in b.tracks} if d.in_a and d.in_b else set()
        _, _, _, _, ghosts = maker.geometry(step, maker.cell(i % 12))
        assert {g.figure for g in ghosts} == want, step.id
        prims = maker.panel(step, maker.cell(i % 12))
        grey = [p for c in prims if hasattr(c, "items") for p in c.items
                if isinstance(p, Circle) and p.stroke == GHOST and p.fill is None and p.r >= 4]
        assert len(grey) >= len(want) and (not want) == (not grey), step.id
        tags = [g.text for g in prims if isinstance(g, Glyphs) and g.text.startswith(f"{step.index + 1}　")]
        assert ("≠" in tags[0]) == bool(want)
        differing += bool(want)
    assert differing >= 2  # 〔000〕 s01 and s11 at least: the 司射 and the 釋獲者


@needs_pdftoppm
def test_cue_sheet_of_the_first_upper_archer(e02, tmp_path):
    out = tmp_path / "cues.pdf"
    assert main(["cues", E02, "--figure", "上耦上射", "-o", str(out)]) == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    entries = cues(e02, "上耦上射")
    assert pages_of(info) == math.ceil(len(entries) / 5)
    sheet = CueSheet(e02, "上耦上射", TextCache())
    scene = sheet.pages()[0]
    page = page_pixels(out, 1, scene.size, tmp_path)
    colour = colour_of(e02.figures["上耦上射"])
    discs = [p for p in scene.walk() if isinstance(p, Circle) and p.fill == colour]
    assert len(discs) >= 5  # one end disc a row
    for disc in discs:
        assert near(page, *disc.centre, colour)
    texts = scene.texts()
    assert any(t.startswith("上耦揖進") for t in texts)  # s04's clause
    x, y, w, h = sheet.row_rect(0)
    assert dark(page, (x + w * 0.45, y + 30, x + w, y + 60)) > 150  # the clause's first line is ink


def test_cue_words_read_off_the_tracks(e02):
    by_step = {c.step.id: c for c in cues(e02, "上耦上射")}
    assert set(by_step) == {s.id for s in e02.steps if "上耦上射" in s.figures}
    # 「相左，交于階前」〔000〕: coming down, he passes the second pair going up on his left
    s17 = by_step["s17"]
    assert [(p.figure, p.side) for p in s17.passes][:2] == [("次耦下射", "左"), ("次耦上射", "左")]
    # 「以將乘矢」: four arrows; 「上射既發，挾弓矢」: after each but the last he lays the next across the string
    assert by_step["s13"].acts == (("射", 4), ("挾", 3))
    assert by_step["s07"].end_words == "上物" and by_step["s07"].facing == "南面"
    assert facing_words(91) == "東面" and facing_words(-44) == "西北面"
    # his partner walking abreast (并行) is not "passed"
    assert "上耦下射" not in [p.figure for p in by_step["s06"].passes]


def test_cues_bad_figure_suggests(capsys, tmp_path):
    assert main(["cues", E08, "--figure", "釋獲", "-o", str(tmp_path / "c.pdf")]) == 2
    err = capsys.readouterr().err
    assert "no figure '釋獲'" in err and "did you mean '釋獲者'" in err
    assert main(["plates", E08, "--compare", "oa", "-o", str(tmp_path / "p.pdf")]) == 2
    assert "did you mean 'ao'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_cues_all_writes_a_sheet_per_acting_figure(tmp_path):
    out = tmp_path / "cues"
    assert main(["cues", E08, "--all", "-o", str(out)]) == 0
    ch = plan_script(E08)
    acting = {n for s in ch.steps for n in s.figures if ch.figures[n].kind != "object"}
    assert {p.stem for p in out.iterdir()} == acting
    assert all(p.read_bytes().startswith(b"%PDF-") for p in out.iterdir())
