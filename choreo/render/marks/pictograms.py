"""Pictograms of carried things, read from ``assets/pictograms.yaml`` and laid out as Marks in a box.

Data, not code: which thing looks how (per thing's name, with a variant or an overlay for a state of
its holder: 弛弓, 挾) is in the file; this module only scales the unit-box shapes into pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from choreo.errors import RenderError
from choreo.paths import assets_dir
from choreo.render.marks.shapes import RGB, Mark

FILE = "pictograms.yaml"


@dataclass(frozen=True)
class Shape:
    kind: str  # line | polygon
    points: tuple[tuple[float, float], ...]
    width: float = 0.0
    colour: str = "ink"
    outline: str = ""


@dataclass(frozen=True)
class Pictogram:
    name: str
    shapes: tuple[Shape, ...]
    variants: dict  # state → tuple[Shape, ...] drawn instead
    overlays: dict  # state → tuple[Shape, ...] drawn on top
    note: str = ""


def _shapes(items, where: str) -> tuple[Shape, ...]:
    out = []
    for item in items or ():
        kind = "line" if "line" in item else "polygon" if "polygon" in item else None
        if kind is None:
            raise RenderError(f"{where}: a shape is a line or a polygon, not {item!r}")
        pts = tuple((float(x), float(y)) for x, y in item[kind])
        out.append(Shape(kind, pts, float(item.get("width", 0.0)), str(item.get("colour", "ink")),
                         str(item.get("outline", ""))))
    return tuple(out)


@cache
def pictograms() -> dict[str, Pictogram]:
    path = assets_dir() / FILE
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = {}
    for name, entry in data.items():
        if "none" in entry:  # a thing drawn otherwise (its landmark's shape): no_pictogram says why
            continue
        where = f"{path.name}: {name}"
        out[str(name)] = Pictogram(
            str(name), _shapes(entry.get("shapes"), where),
            {str(k): _shapes(v.get("shapes"), f"{where} {k}") for k, v in (entry.get("variants") or {}).items()},
            {str(k): _shapes(v.get("shapes"), f"{where} {k}") for k, v in (entry.get("overlays") or {}).items()},
            str(entry.get("choice", entry.get("source", ""))))
    return out


@cache
def without_pictogram() -> dict[str, str]:
    """The things the file says have no pictogram, each with its note on how it is drawn instead."""
    data = yaml.safe_load((assets_dir() / FILE).read_text(encoding="utf-8")) or {}
    return {str(name): str(entry["none"]) for name, entry in data.items() if "none" in entry}


def pictogram_of(thing: str) -> Pictogram | None:
    return pictograms().get(thing)


def pictogram_marks(pic: Pictogram, box, palette: dict[str, RGB], states=()) -> list[Mark]:
    """The pictogram in the pixel box (left, top, right, bottom), in the holder's ``states``."""
    x0, y0, x1, y1 = box
    half = min(x1 - x0, y1 - y0) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    shapes = next((pic.variants[s] for s in states if s in pic.variants), pic.shapes)
    shapes = shapes + tuple(sh for s in states if s in pic.overlays for sh in pic.overlays[s])
    out = []
    for sh in shapes:
        pts = tuple((cx + x * half, cy + y * half) for x, y in sh.points)
        colour = palette.get(sh.colour, palette["ink"])
        if sh.kind == "line":
            out.append(Mark("line", pts, colour, max(1.0, sh.width * half)))
        else:
            out.append(Mark("polygon", pts, colour, outline=palette.get(sh.outline) if sh.outline else None))
    return out
