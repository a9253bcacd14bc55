"""Colours of the plan and the caption, and a figure's colour by its role (no pygame: the SVG shares them).

The palette is flat (a GIF's one global palette keeps it exact). Figure colours are the legend
groups' (assets/roles.yaml, the Okabe–Ito set); the plan is drawn in warm greys so that figures
stand out on it.
"""

from __future__ import annotations

from choreo.model import FigureInfo
from choreo.roles import group_colour, group_of_role

RGB = tuple[int, int, int]

INK: RGB = (40, 32, 24)  # figure outlines, facing wedges and figure labels

PLAN: dict[str, RGB] = {
    "background": (246, 243, 236),
    "court": (236, 231, 220),
    "platform": (222, 208, 180),
    "platform-edge": (120, 96, 62),
    "room": (196, 180, 150),
    "wall": (78, 62, 44),
    "pillar": (92, 50, 34),
    "stair": (205, 190, 160),
    "tread": (120, 96, 62),
    "beam": (150, 120, 90),
    "mark": (170, 30, 30),
    "target": (190, 60, 40),
    "target-body": (230, 200, 120),
    "target-centre": (60, 110, 60),
    "screen": (110, 85, 55),
    "tent": (226, 218, 196),
    "tent-wall": (110, 85, 55),
    "cord": (150, 110, 70),
    "cord-loosed": (190, 170, 140),
    "cord-post": (92, 50, 34),
    "object": (110, 85, 55),
    "station": (130, 118, 100),
    "seat": (214, 196, 150),
    "label": (40, 32, 24),
    "label-dim": (105, 92, 76),
    "halo": (250, 248, 242),
    "frame": (90, 80, 70),
    "strip-bg": (238, 234, 226),
    "camera": (200, 60, 40),
    "break": (120, 96, 62),
}

CAPTION: dict[str, RGB] = {
    "background": (32, 32, 38),
    "text": (250, 248, 240),
    "meta": (190, 186, 176),
    "accent": (230, 159, 0),
}


def group_of(info: FigureInfo) -> str:
    """The legend group of a figure: objects are objects; anyone else by his role (assets/roles.yaml)."""
    if info.kind == "object" or info.name.startswith("obj."):
        return "object"
    return group_of_role(info.role)


def colour_of(info: FigureInfo) -> RGB:
    return group_colour(group_of(info))


# choice: a landmark's name smaller than this (pixels) is set in the full ink, not the dim one: the
# antialiased strokes of a 9-px name in the dim ink fall under a 3:1 contrast with their halo
# (「左個」 at 640x360, measured 2.6:1; tests/render/test_label_contrast.py)
DIM_INK_LEAST = 12


def landmark_ink(size: float, big: float) -> tuple[int, int, int]:
    """The ink of a landmark's name of ``size`` px (``big``: the size of the main names)."""
    return PLAN["label"] if size >= big or size < DIM_INK_LEAST else PLAN["label-dim"]
