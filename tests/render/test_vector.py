"""Vector stills: a frame's SVG and PDF are its PNG's scene, painted by other back ends.

The PDF is read back with pdftoppm (poppler-utils, installed by .ci/run) at the resolution that
makes its page as many pixels wide as the PNG, and compared with it: figures where the model puts
them, the caption's text there, the bundled font embedded. The SVG parses and its text is outlines.
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pygame
import pytest

from choreo.cli import main
from choreo.export.vector import parse_size_cm, pixels_for, write_scenes
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.framescene import FrameScene
from choreo.render.scene import Glyphs
from choreo.render.scenepaint import paint
from choreo.render.style import CAPTION, colour_of

SVG = "{http://www.w3.org/2000/svg}"
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="pdftoppm (poppler-utils) is not installed: .ci/run installs it")


def pdf_page_png(pdf, page: int, size: tuple[int, int], tmp_path) -> np.ndarray:
    """Page ``page`` (1-based) of ``pdf`` rasterised to ``size`` pixels, as an (h, w, 3) array."""
    stem = tmp_path / f"page{page}"
    subprocess.run(["pdftoppm", "-scale-to-x", str(size[0]), "-scale-to-y", str(size[1]), "-f", str(page),
                    "-l", str(page), "-png", "-singlefile", str(pdf), str(stem)], check=True, capture_output=True)
    img = pygame.image.load(f"{stem}.png")
    return pygame.surfarray.array3d(img).swapaxes(0, 1).astype(int)


def _near(img: np.ndarray, x: float, y: float, want, tol: int, reach: int = 1) -> bool:
    """Some pixel within ``reach`` of (x, y) has colour ``want`` (each channel within ``tol``)."""
    xi, yi = int(x), int(y)
    patch = img[max(0, yi - reach):yi + reach + 1, max(0, xi - reach):xi + reach + 1]
    return bool((np.abs(patch - np.array(want)).max(axis=2) <= tol).any())


@pytest.fixture(scope="module")
def frame(choreography):
    cfg = RenderConfig(size=(1280, 720), quiet=True)
    renderer = FrameRenderer(choreography, cfg)
    step = choreography.steps[0]
    t = 12.0  # the 司馬 on the 堂, the 獲者 walking: both in the main view, a trail behind each
    return renderer, FrameScene(renderer).at(t, step), t, step


def test_the_scene_paints_the_frame_the_video_draws(frame):
    """The still drawn from the scene is the video's frame (within a pixel's rounding of the plan)."""
    renderer, scene, t, step = frame
    video = pygame.surfarray.array3d(renderer.draw(t, step)).astype(int)
    still = pygame.surfarray.array3d(paint(scene, renderer.texts)).astype(int)
    differ = (np.abs(video - still).max(axis=2) > 40).mean()
    assert differ < 0.002, f"{differ:.2%} of the pixels differ"


@needs_pdftoppm
def test_pdf_still_agrees_with_the_png(frame, tmp_path):
    renderer, scene, t, step = frame
    pdf = tmp_path / "fig.pdf"
    write_scenes(pdf, [scene], (16.0, 9.0), "test")
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "NotoSerifCJK" in fonts and " yes yes " in fonts, fonts  # embedded, subset
    page = pdf_page_png(pdf, 1, (1280, 720), tmp_path)
    assert page.shape[:2] == (720, 1280)
    png = pygame.surfarray.array3d(paint(scene, renderer.texts)).swapaxes(0, 1).astype(int)
    checked = 0
    for name, info in renderer.choreo.figures.items():
        p = renderer.project(name, t, step)
        if p is None or info.kind == "object":
            continue
        want = colour_of(info)
        assert _near(png, *p, want, 12), name
        assert _near(page, *p, want, 12, reach=2), (name, page[int(p[1]), int(p[0])])
        checked += 1
    assert checked >= 3
    # the clause is in the caption band: light text on the dark band, where the PNG has it too
    x0, y0, w, h = renderer.panels.bottom_band
    band_pdf = page[y0 + 40:y0 + h, x0:x0 + w]
    band_png = png[y0 + 40:y0 + h, x0:x0 + w]
    light_pdf = (band_pdf.min(axis=2) > 180).sum()
    light_png = (band_png.min(axis=2) > 180).sum()
    assert light_png > 500 and 0.7 < light_pdf / light_png < 1.4, (light_pdf, light_png)
    assert _near(page, x0 + 4, y0 + 4, CAPTION["background"], 10)
    # over the whole picture the two agree but for anti-aliasing along edges
    assert np.abs(page - png).mean() < 6


def test_svg_text_is_outlines_of_the_bundled_font(frame, tmp_path):
    renderer, scene, _, _ = frame
    out = tmp_path / "fig.svg"
    write_scenes(out, [scene], (16.0, 9.0))
    root = ET.parse(out).getroot()
    assert root.get("width") == "16cm" and root.get("height") == "9cm" and root.get("viewBox") == "0 0 1280 720"
    assert not list(root.iter(f"{SVG}text"))  # no text left to a font the reader may lack
    paths = {p.get("id"): p.get("d") for p in root.iter(f"{SVG}path")}
    uses = [u.get("href") for u in root.iter(f"{SVG}use")]
    runs = [g for g in scene.walk() if isinstance(g, Glyphs)]
    drawn = sum(sum(not ch.isspace() for ch, _, _ in g.chars) * (2 if g.halo else 1) for g in runs)
    assert len(uses) == drawn
    assert all(u.startswith("#") and paths.get(u[1:]) for u in uses)  # every glyph has an outline
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert step_text(renderer) in "".join(titles)


def step_text(renderer) -> str:
    return renderer.choreo.steps[0].text[:6]


def test_render_writes_pdf_and_svg_stills_sized_in_centimetres(tmp_path, capsys):
    pdf, svg = tmp_path / "fig.pdf", tmp_path / "fig.svg"
    script = "assets/scripts/xiangshe/e02-first-round.yaml"
    assert main(["render", script, "--at", "s07", "-o", str(svg), "--size-cm", "18x12", "--quiet"]) == 0
    root = ET.parse(svg).getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("18cm", "12cm", "0 0 1080 720")
    if shutil.which("pdfinfo"):
        assert main(["render", script, "--at", "s07", "-o", str(pdf), "--quiet"]) == 0
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert "453.54 x 255.12 pts" in info  # 16 × 9 cm
    assert main(["render", script, "--at", "s07", "-o", str(tmp_path / "x.mp4"), "--size-cm", "3x3"]) == 2
    assert "--size-cm: only for a still for print" in capsys.readouterr().err
    assert main(["render", script, "-o", str(pdf), "--size-cm", "16 by 9"]) == 2
    assert "expected WIDTHxHEIGHT in centimetres" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_size_cm_parsing():
    assert parse_size_cm("16x9") == (16.0, 9.0)
    assert parse_size_cm("21.0×29.7") == (21.0, 29.7)
    assert pixels_for((18, 12)) == (1080, 720)
    with pytest.raises(Exception, match="between 1 and 200 cm"):
        parse_size_cm("0x9")
