"""A picture as backend-neutral primitives in pixels: polygons, polylines, circles and text runs.

A :class:`Scene` is what a frame, a plate or a cue sheet looks like, decided once (positions, sizes,
colours, where each label went); each back end only paints it: :mod:`choreo.render.scenepaint`
with pygame (the PNG still), :mod:`choreo.render.scenesvg` (SVG, text as outlines of the bundled
font) and :mod:`choreo.render.scenepdf` (PDF, the font embedded). So a still and its PDF agree:
they are the same list of primitives (as pymunk's debug drawing serves several libraries).

Coordinates are pixels of a picture ``size`` wide and high, y down; a vector back end scales the
whole scene to the paper size. No pygame here.

To add a mark to the vector pictures, append primitives to the Scene in the builder
(:mod:`choreo.render.framescene`), computed by the same pygame-free function the raster drawing uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]
Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # left, top, width, height


@dataclass(frozen=True)
class Poly:
    """A filled and/or outlined polygon (``closed``) or an open polyline (``fill`` None)."""

    points: tuple[Point, ...]
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 1.0
    closed: bool = True
    dashed: tuple[float, float] | None = None  # (dash, gap) in pixels
    radius: float = 0.0  # rounded corners (a badge), pixels: only for a 4-point rectangle
    opacity: float = 1.0  # fill and stroke alike (the ghosts of another reading are translucent)


@dataclass(frozen=True)
class Circle:
    centre: Point
    r: float
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 1.0
    opacity: float = 1.0


@dataclass(frozen=True)
class Glyphs:
    """A run of text laid out by freetype: each character's pen origin on the baseline (pixels).

    ``box`` is where the raster text surface (halo included) is blitted: the pygame painter draws
    the run through :class:`~choreo.render.text.TextCache` at ``box``'s top-left, the vector back
    ends draw each glyph at its origin, so both put every character on the same spot."""

    text: str
    size: int
    colour: RGB
    chars: tuple[tuple[str, float, float], ...]  # (character, x, baseline y)
    box: Rect
    halo: RGB | None = None
    vertical: bool = False  # set top to bottom, one character under another
    turned: bool = False  # the whole run turned a quarter counter-clockwise (reads bottom to top)


@dataclass(frozen=True)
class Clip:
    """Primitives drawn only inside ``rect`` (a panel)."""

    rect: Rect
    items: tuple = ()


@dataclass
class Scene:
    """A picture: its size in pixels, its background and its primitives in drawing order."""

    size: tuple[int, int]
    background: RGB = (255, 255, 255)
    items: list = field(default_factory=list)
    title: str = ""

    def add(self, *items) -> None:
        self.items.extend(items)

    def walk(self):
        """Every primitive, those inside clips included, in drawing order."""
        for item in self.items:
            if isinstance(item, Clip):
                yield from item.items
            else:
                yield item

    def texts(self) -> list[str]:
        return [g.text for g in self.walk() if isinstance(g, Glyphs)]
