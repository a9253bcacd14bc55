"""Roles as data (issue 12): a figure is coloured by the role its script declares, through the one
glossary (assets/roles.yaml); no name table in the planner or the renderer decides it."""

import numpy as np
import pygame
import pytest

from choreo.model import FigureInfo
from choreo.paths import scripts_dir
from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import colour_of, group_of
from choreo.roles import group_colour, role_of
from choreo.script_parser import parse_script

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def youshe():
    return plan_script("xiangshe/e01-youshe", venue="xie")


def _pixel(renderer: FrameRenderer, name: str, t: float) -> np.ndarray:
    surf = renderer.draw(t)
    w, h = surf.get_size()
    img = np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3)
    x, y = (int(v) for v in renderer.project(name, t))
    return img[y, x].astype(int)


def test_the_zhijue_declared_an_attendant_is_drawn_as_an_attendant_not_as_the_host(youshe):
    decl = parse_script(scripts_dir() / "xiangshe/e01-youshe.yaml").figures["執爵者"]
    assert decl.role == "attendant"
    assert youshe.figures["執爵者"].role == "attendant"
    r = FrameRenderer(youshe, RenderConfig(size=SIZE, camera="hall"))
    t = youshe.steps[0].t0
    attendant, host = np.array(group_colour("other")), np.array(group_colour("host"))
    assert np.abs(_pixel(r, "執爵者", t) - attendant).max() <= 10
    assert np.abs(_pixel(r, "執爵者", t) - host).max() > 60
    assert np.abs(_pixel(r, "主人", t) - host).max() <= 10


def test_the_dizi_are_drawn_in_the_colour_of_the_bin_party_as_zheng_counts_them(youshe):
    """鄭 「弟子，宾党也」〔002〕: the scripts declare them ``role: youth``, a role of the 賓黨 group."""
    decl = parse_script(scripts_dir() / "xiangshe/e01-youshe.yaml").figures["弟子1"]
    assert decl.role == "youth" and group_of(youshe.figures["弟子1"]) == "bin"
    r = FrameRenderer(youshe, RenderConfig(size=SIZE, camera="hall"))
    t = youshe.steps[0].t0
    bin_party, attendant = np.array(group_colour("bin")), np.array(group_colour("other"))
    assert np.abs(_pixel(r, "弟子1", t) - bin_party).max() <= 10
    assert np.abs(_pixel(r, "弟子1", t) - attendant).max() > 60


def test_a_declared_role_wins_over_the_glossary_and_a_missing_one_comes_from_it():
    assert group_of(FigureInfo("主人", "主人", 1.0, role="attendant")) == "other"
    assert group_of(FigureInfo("主人", "主人", 1.0, role="host")) == "host"
    # left without role: the glossary's, a numbered figure by its name without the number
    assert role_of("主人") == "host"
    assert role_of("眾賓3") == "archer"
    assert role_of("弟子2") == "youth"
    assert role_of("主人", "official") == "official"
    assert colour_of(FigureInfo("眾賓3", "眾賓3", 1.0, role=role_of("眾賓3"))) == group_colour("bin")


def test_a_group_misspelt_in_the_glossary_is_an_error_at_its_place(tmp_path):
    from choreo.errors import ScriptError
    from choreo.roles import roles, roles_file

    text = roles_file().read_text(encoding="utf-8").replace("  archer: bin\n", "  archer: bim\n")
    path = tmp_path / "roles.yaml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  archer: bim") + 1
    with pytest.raises(ScriptError) as err:
        roles(str(path))
    assert "role 'archer' names an unknown group 'bim'" in err.value.message
    assert (err.value.location.line, err.value.location.col) == (line, 11)
