"""The key to the marks: one entry per kind of mark drawn in the frame, with its own small picture.

Pure: :func:`legend_layout` returns the box and the Marks (icons and words) at a given corner; the
frame chooses the corner, clear of the figures, as it does for the scale bar and the north arrow.
"""

from __future__ import annotations

from choreo.render.marks.bodymarks import body_marks
from choreo.render.marks.pictograms import pictogram_marks, pictogram_of
from choreo.render.marks.shapes import RGB, Mark, toward

# The entries in the order the legend lists them, with their words; a carried thing's entry is its name.
ENTRIES = (("左還", "左還"), ("右還", "右還"), ("相左", "相左"), ("袒", "袒"), ("決遂", "決遂"),
           ("張弓", "張弓"), ("挾", "挾"), ("弛弓", "弛弓"), ("說屨", "說屨"), ("坐", "坐"))
STATE_ENTRY = {"袒": "袒", "決遂": "決遂", "挾": "挾", "弛弓": "弛弓", "說屨": "說屨"}


def ordered(keys) -> list[str]:
    """The legend's entries among ``keys``: the fixed ones in ENTRIES' order, then things by name."""
    fixed = [k for k, _ in ENTRIES if k in keys]
    return fixed + sorted(k for k in keys if k not in dict(ENTRIES))


def icon_marks(key: str, box, palette: dict[str, RGB], unit: float) -> list[Mark]:
    """The small picture of one entry, in the pixel box."""
    x0, y0, x1, y1 = box
    cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    ink, paper, disc = palette["ink"], palette["paper"], palette["disc"]
    r = half * 0.5
    if key in ("左還", "右還"):
        from choreo.render.marks.turns import Turn, turn_arc

        sweep = -200.0 if key == "左還" else 200.0
        turn = Turn("", 0.0, 1.0, 90.0 - sweep / 2 + 90.0, 90.0 + sweep / 2 + 90.0)
        return [Mark("circle", ((cx, cy),), disc, 0, r * 0.8, outline=ink),
                *turn_arc(turn, 1.0, cx, cy, half * 0.8, ink, paper, max(1.0, unit * 0.9))]
    if key == "相左":
        h = half * 0.8
        return [Mark("line", ((cx - h * 0.45, cy + h), (cx - h * 0.45, cy - h * 0.6)), ink, max(1.0, unit)),
                Mark("polygon", ((cx - h * 0.45, cy - h), (cx - h * 0.8, cy - h * 0.5), (cx - h * 0.1, cy - h * 0.5)), ink),
                Mark("line", ((cx + h * 0.45, cy - h), (cx + h * 0.45, cy + h * 0.6)), ink, max(1.0, unit)),
                Mark("polygon", ((cx + h * 0.45, cy + h), (cx + h * 0.1, cy + h * 0.5), (cx + h * 0.8, cy + h * 0.5)), ink)]
    if key in ("袒", "決遂"):
        return [Mark("circle", ((cx, cy),), disc, 0, r, outline=ink), *body_marks(cx, cy, r, 0.0, (key,), ink, paper, unit)]
    if key == "說屨":
        return [Mark("circle", ((cx, cy),), disc, 0, r, outline=ink), *bare_feet_marks(cx, cy, r, 0.0, ink, paper, unit)]
    if key == "坐":
        return [Mark("circle", ((cx, cy),), disc, 0, r),
                Mark("circle", ((cx, cy),), ink, max(2.0, unit * 1.6), r),
                Mark("circle", ((cx, cy),), paper, max(1.0, unit * 0.7), r * 0.55)]
    bow = {"張弓": (), "挾": ("挾",), "弛弓": ("弛弓",)}
    pic = pictogram_of("弓" if key in bow else key)
    if pic is None:
        return []
    return pictogram_marks(pic, box, palette, bow.get(key, ()))


def bare_feet_marks(cx: float, cy: float, r: float, bearing: float, ink: RGB, paper: RGB, unit: float) -> list[Mark]:
    """說屨: two small open marks on the rim behind the figure, his shoes off (choice of sign)."""
    out = []
    for side in (-35.0, 35.0):
        at = toward(cx, cy, bearing + 180.0 + side, r)
        dot = max(2.0, r * 0.28)
        out.append(Mark("circle", (at,), paper, 0, dot, outline=ink))
    return out


def legend_size(keys, measure, icon: float, text_size: float, max_width: float) -> tuple[float, float, list]:
    """(width, height, rows): the entries flowed into rows no wider than ``max_width``; each row a
    list of (key, words, x offset, word width)."""
    words = dict(ENTRIES)
    gap, pad = icon * 0.3, icon * 0.35
    rows, row, x = [], [], pad
    for key in ordered(keys):
        w = measure(words.get(key, key), text_size)[0]
        item = icon + gap + w
        if row and x + item > max_width - pad:
            rows.append(row)
            row, x = [], pad
        row.append((key, words.get(key, key), x, w))
        x += item + icon * 0.8
    if row:
        rows.append(row)
    width = max((r[-1][2] + icon + gap + r[-1][3] for r in rows), default=0) + pad
    line = max(icon, text_size * 1.25)
    return width, len(rows) * line + 2 * pad * 0.6, rows


def legend_marks(rows, left: float, top: float, icon: float, text_size: float, palette: dict[str, RGB],
                 unit: float) -> list[Mark]:
    """The legend's icons and words with its top-left corner at (left, top)."""
    line = max(icon, text_size * 1.25)
    gap = icon * 0.3
    out = []
    for i, row in enumerate(rows):
        y = top + icon * 0.35 * 0.6 + i * line + (line - icon) / 2
        for key, words, x, w in row:
            box = (left + x, y, left + x + icon, y + icon)
            out += icon_marks(key, box, palette, unit)
            out.append(Mark("text", ((left + x + icon + gap + w / 2, y + icon / 2),), palette["ink"], 0, text_size,
                            text=words))
    return out
