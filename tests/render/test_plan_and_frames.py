"""The floor plan (PNG, SVG, sources) for both venues; golden stills; glyphs never drawn as boxes."""

import os
import xml.etree.ElementTree as ET
from dataclasses import replace

import imageio.v3 as iio
import numpy as np
import pytest

from choreo.cli import main
from choreo.errors import RenderError
from choreo.model import FigureInfo
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.conftest import GOLDEN_DIR, make_choreography

VENUES = ("xie", "xiang")


@pytest.mark.parametrize("venue", VENUES)
def test_plan_png_and_svg_for_each_venue(tmp_path, venue, capsys):
    png, svg = tmp_path / f"{venue}.png", tmp_path / f"{venue}.svg"
    assert main(["plan", "--venue", venue, "-o", str(png), "--size", "800x500"]) == 0
    assert main(["plan", "--venue", venue, "-o", str(svg), "--size", "800x500"]) == 0
    img = iio.imread(png)
    assert img.shape == (500, 800, 3)
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 20  # a drawing, not a blank
    root = ET.parse(svg).getroot()
    texts = {el.text for el in root.iter("{http://www.w3.org/2000/svg}text")}
    for name in ("西楹", "東楹", "西階", "阼階", "上物", "下物", "乏", "侯", "北"):
        assert name in texts, name
    if venue == "xiang":
        assert "室" in texts


def test_plan_sources_table(capsys):
    assert main(["plan", "--venue", "xie", "--sources"]) == 0
    out = capsys.readouterr().out
    assert "西楹" in out and "〔" in out and "choice:" in out


def test_plan_bad_output_is_a_clear_error(tmp_path, capsys):
    assert main(["plan", "--venue", "xie", "-o", str(tmp_path / "no" / "p.png")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["plan", "--venue", "xie", "-o", str(tmp_path / "p.png"), "--size", "big"]) == 2
    assert "expected WIDTHxHEIGHT" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_render_bad_size_fails_before_work(tmp_path, capsys):
    assert main(["render", "-o", str(tmp_path / "x.mp4"), "--size", "641x360"]) == 2
    assert "even width and height" in capsys.readouterr().err
    assert main(["render", "-o", str(tmp_path / "x.gif"), "--fps", "15"]) == 2
    assert "10, 20 or 25" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_missing_glyph_is_an_error_naming_it(choreography):
    figures = dict(choreography.figures)
    figures["司馬"] = FigureInfo("司馬", "司馬\U00020000", 1.0, role="official")
    bad = replace(choreography, figures=figures)
    with pytest.raises(RenderError, match="U\\+20000"):
        FrameRenderer(bad, RenderConfig(size=(320, 180)))


# Golden stills: (name, ceremony time, size). Tolerance: mean absolute difference ≤ 1.5 levels and at
# most 0.5 % of pixels off by more than 48 levels (antialiasing and font hinting may shift an edge).
GOLDEN = (("walk-to-fa", 10.0, (640, 360)), ("seated-at-fa", 18.5, (640, 360)), ("end", 30.0, (480, 270)))


@pytest.mark.parametrize("name,t,size", GOLDEN)
def test_golden_stills(name, t, size, regen_golden):
    frame = FrameRenderer(make_choreography(), RenderConfig(size=size)).draw(t)
    import pygame

    got = np.frombuffer(pygame.image.tobytes(frame, "RGB"), np.uint8).reshape(size[1], size[0], 3)
    path = os.path.join(GOLDEN_DIR, f"{name}.png")
    if regen_golden or not os.path.exists(path):
        if not regen_golden:
            pytest.fail(f"no golden still {path}: run pytest --regen-golden")
        iio.imwrite(path, got)
        return
    want = iio.imread(path)[..., :3]
    diff = np.abs(got.astype(int) - want.astype(int))
    assert diff.mean() <= 1.5
    assert (diff.max(axis=2) > 48).mean() <= 0.005
