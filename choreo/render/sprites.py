"""A figure's look (disc, rim, wedge, marks on the disc) drawn once into a small surface and blitted.

pygame's draw functions truncate every coordinate and radius to an integer, so a look drawn at the
same sub-pixel phase is the same pixels one whole pixel over: a sprite drawn from the figure's own
marks shifted by whole pixels, and blitted back by those whole pixels, is pixel for pixel what
drawing the marks there paints. Truncation is a floor only at coordinates ≥ 0, and a line cut by the
clip may be drawn a pixel otherwise: a look not wholly inside the surface's clip is drawn directly.
Text (a 相左's number) blends with what lies under it, so it is never put in a sprite: the caller
draws it over the blitted look.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from choreo.render.marks.paint import paint as paint_marks
from choreo.render.marks.shapes import bounds

KEY = (255, 0, 255)  # the transparent colour of a sprite (in no palette here: figures.BADGE_KEY)
LIMIT = 400  # sprites kept (choice: the whole archery rite's looks at 1280 make ~150; each a few kB)
MARGIN = 2  # pixels round the marks' bounds: pygame's thick lines and circles reach half a pixel over
PHASES = 1 << 20  # sub-pixel phases told apart in a look's key (why: :func:`phase`)


def phase(v: float) -> int:
    """A coordinate's sub-pixel phase as a look's key holds it: in steps of 2⁻²⁰ px. A standing figure's
    place, found anew under a panning camera, comes back a few 1e-13 px off (floating point), which an
    exact phase would take for a new look. A sprite blitted at a phase up to 2⁻²¹ px from its own paints
    otherwise only where one of its truncated coordinates lies that close to a pixel's edge (a chance of
    about 1e-6 a coordinate; none in same_pixels' four sets); a figure truly moved moves by 0.01 px or more."""
    return round(v % 1.0 * PHASES)


def shifted(marks, dx: int, dy: int) -> list:
    """The marks moved by whole pixels (exact in floating point: the sub-pixel phase is kept)."""
    return [replace(m, points=tuple((x + dx, y + dy) for x, y in m.points)) for m in marks]


class Sprites:
    """A bounded cache of looks, each a colour-keyed surface and its offset from the figure's whole-pixel
    centre. A look is made into a sprite once seen twice running for one figure (a figure turning or
    walking changes it every frame: drawn directly then, as a sprite would never be blitted again)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._hits: dict[tuple, tuple[pygame.Surface | None, int, int, int, int]] = {}
        self._last: dict[object, tuple] = {}  # owner → the key of his look the last time it was drawn
        self.made = 0  # sprites drawn (a measure: bench, tests)
        self.blits = 0  # looks blitted from a sprite
        self.misses = 0  # looks left to the caller to draw directly (not seen the frame before, or cut by the clip)
        self.peak = 0  # most sprites held at once

    def __len__(self) -> int:
        return len(self._hits)

    def draw(self, surf: pygame.Surface, clip: tuple[int, int, int, int], key: tuple, owner, px: float, py: float,
             marks, texts=None, steady: bool = False, args: tuple = (), queue: list | None = None) -> bool:
        """Blit the look ``key`` of a figure at (px, py) on ``surf`` from its sprite, made now from ``marks(*args)``
        (his look there as Marks, nothing in them but what ``key`` decides) if the owner showed this look the
        last time too, or at once if ``steady`` (a look that never changes with the figure's place). False:
        nothing drawn, the caller draws the look directly; True also for a look that would fall wholly
        outside the clip. ``clip``: the surface's clip as (left, top,
        right, bottom). ``queue``: the blit is appended to it as (sprite, place), for the caller's one
        ``Surface.fblits`` call, instead of made now."""
        hit = self._hits.get(key)
        # the whole pixel under the phase the key holds (:func:`phase`): a floor, also left of and
        # above the surface, so that a sprite made there has the offset of one made inside
        ix, iy = math.floor(px), math.floor(py)
        if hit is None:
            if not steady:
                last, self._last[owner] = self._last.get(owner), key
                if last != key:
                    self.misses += 1
                    return False
            hit = self._make(surf, key, ix, iy, marks(*args), texts)
        elif not steady:
            self._last[owner] = key
        sprite, dx, dy, w, h = hit
        x, y = ix + dx, iy + dy
        if sprite is None:
            self.misses += 1
            return False
        if x < clip[0] or y < clip[1] or x + w > clip[2] or y + h > clip[3]:
            # wholly outside the clip the look paints nothing (it lies inside its sprite); across its edge it
            # is drawn directly
            outside = x >= clip[2] or y >= clip[3] or x + w <= clip[0] or y + h <= clip[1]
            self.misses += not outside
            return outside
        if queue is None:
            surf.blit(sprite, (x, y))
        else:
            queue.append((sprite, (x, y)))
        self.blits += 1
        return True

    def _make(self, like: pygame.Surface, key: tuple, ix: int, iy: int, marks, texts):
        box = bounds(marks)
        if box is None:
            return None
        x0, y0 = math.floor(box[0]) - MARGIN, math.floor(box[1]) - MARGIN
        w, h = math.floor(box[2]) - x0 + MARGIN + 1, math.floor(box[3]) - y0 + MARGIN + 1
        sprite = pygame.Surface((w, h), 0, like)
        sprite.fill(KEY)
        paint_marks(sprite, shifted(marks, -x0, -y0), texts)
        sprite.set_colorkey(KEY, pygame.RLEACCEL)
        drawn = sprite.get_bounding_rect()
        # a look reaching the sprite's edge would be cut: drawn directly instead (never seen so far)
        inside = drawn.width and pygame.Rect(1, 1, w - 2, h - 2).contains(drawn)
        entry = (sprite, x0 - ix, y0 - iy, w, h) if inside else (None, 0, 0, 0, 0)
        if len(self._hits) >= self.limit:
            del self._hits[next(iter(self._hits))]  # the oldest made
        self._hits[key] = entry
        self.made += 1
        self.peak = max(self.peak, len(self._hits))
        return entry

    def nbytes(self) -> int:
        """The pixels the sprites held now take."""
        return sum(s.get_width() * s.get_height() * s.get_bytesize() for s, *_ in self._hits.values() if s is not None)
