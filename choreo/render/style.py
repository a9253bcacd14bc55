"""Colours, role groups and the fixed words drawn on a frame (no pygame here: the SVG shares them).

The palette is flat (a GIF's one global palette keeps it exact). Figure colours follow the
Okabe–Ito set, distinguishable with the common colour-vision deficiencies; the plan is drawn in
warm greys so that figures stand out on it.
"""

from __future__ import annotations

from choreo.model import FigureInfo

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

# Role groups: (key, legend words, colour). The legend words are drawn with the bundled font.
GROUPS: tuple[tuple[str, str, RGB], ...] = (
    ("official", "司射·司馬", (213, 94, 0)),
    ("bin", "賓黨射者", (0, 114, 178)),
    ("host", "主人之黨", (0, 158, 115)),
    ("range", "獲者·釋獲者", (204, 121, 167)),
    ("other", "樂工等", (86, 180, 233)),
    ("object", "器物", (120, 90, 60)),
)
GROUP_COLOUR: dict[str, RGB] = {key: colour for key, _, colour in GROUPS}

_ROLE_TO_GROUP = {
    "official": "official",
    "bin-archer": "bin", "bin": "bin", "archer": "bin", "guest": "bin", "bin-side": "bin",
    "host-side": "host", "host": "host",
    "target-keeper": "range", "target": "range", "scorer": "range", "range": "range",
    "musician": "other", "object": "object",
}
# When a planner leaves ``role`` empty, the canonical names of DESIGN.md still place the figure.
_NAME_TO_GROUP = {
    "司射": "official", "司馬": "official",
    "獲者": "range", "釋獲者": "range",
    "主人": "host", "執爵者": "host",
    "賓": "bin", "大夫": "bin", "大夫之耦": "bin", "弟子": "bin",
}


def group_of(info: FigureInfo) -> str:
    """The legend group of a figure: by its role, else by its canonical name, else 'other'."""
    if info.kind == "object" or info.name.startswith("obj."):
        return "object"
    if info.name in _NAME_TO_GROUP:  # the canonical names are unambiguous; roles vary by planner
        return _NAME_TO_GROUP[info.name]
    role = (info.role or "").strip().lower()
    if role in _ROLE_TO_GROUP:
        return _ROLE_TO_GROUP[role]
    if "耦" in info.name or info.name.startswith(("眾賓", "弟子")):
        return "bin"
    return "other"


def colour_of(info: FigureInfo) -> RGB:
    return GROUP_COLOUR[group_of(info)]


# Fixed words the renderer draws besides data: the font subset must cover them (fonts.py).
UI_TEXT = ("北 尺 步 侯道 侯中 躬 舌 左個 右個 乏 步驟 第 共 讀 場 揖 拜 坐 射 獲 取 授 受 "
           + " ".join(label for _, label, _ in GROUPS) + " 鹿中 兕中 榭 庠 鄭 敖 ≈ · / 0123456789")
