"""The static plan under a moving camera: cached tiles per zoom level, panned by blitting.

Redrawing the plan costs some 8 ms a frame at 1280×720; the automatic camera pans every frame
but holds its zoom through a step (camera.py). So the plan's shapes are drawn once per zoom level
into square tiles on a pixel grid anchored at the world origin, composed into a window somewhat
larger than the panel, and a frame blits its part of that window at whole-pixel offsets (the
caller snaps the viewport to that grid with :meth:`PlanLayer.snap`, and draws the figures through
the same snapped viewport, so they sit exactly on the plan). While the zoom blends between steps the window is cut from the tiles of
the next finer quantised level and smoothscaled (about 1 ms) instead of redrawing anything.

Landmark labels are not baked into the tiles: they are placed once per level (offsets from their
anchors) and drawn per frame by the FrameRenderer, which drops those a figure or its label covers.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from choreo.render.config import RenderConfig
from choreo.render.drawplan import anchor_boxes, draw_shapes, spaced_measure
from choreo.render.placement import place_indexed
from choreo.render.planlayout import LABEL_SIZES, PlanLayout, clear_boxes
from choreo.render.style import PLAN, landmark_ink
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport

TILE = 512  # pixels: a 1024×570 panel needs 9 blits; a new tile costs about 1.5 ms to draw
MAX_TILES = 48  # LRU bound: 48 MB of 32-bit tiles at most
# A frame is cut from one window composed of tiles, larger than the panel by this many pixels on
# every side, and composed again only when the camera has panned out of it: one blit of the
# panel from a single surface costs about a quarter of nine clipped tile blits (0.09 against 0.33
# ms at 1024×570, measured), and a camera following a walker pans a few pixels a frame.
WINDOW_MARGIN = 256
STEPS_PER_OCTAVE = 4  # quantised levels during a zoom blend: ≤ 19 % downscale, sharp enough


@dataclass(frozen=True)
class PlacedLabel:
    """A landmark label placed at one zoom level: its box is (anchor on screen) + (dx, dy), w × h."""

    text: str
    size: int
    colour: tuple[int, int, int]
    x: float  # world anchor
    y: float
    dx: float
    dy: float
    w: float
    h: float
    priority: int


def _key(scale: float) -> float:
    return float(f"{scale:.6g}")


def quantised(scale: float) -> float:
    """The smallest level 2^(k/STEPS_PER_OCTAVE) at or above ``scale`` (finer, then scaled down)."""
    k = math.ceil(math.log2(scale) * STEPS_PER_OCTAVE - 1e-9)
    return 2.0 ** (k / STEPS_PER_OCTAVE)


class PlanLayer:
    """Tiles and label placements of one layout's main view, per zoom level."""

    def __init__(self, layout: PlanLayout, cfg: RenderConfig, texts: TextCache) -> None:
        self.layout = layout
        self.cfg = cfg
        self.texts = texts
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        self._labels: dict[float, tuple[PlacedLabel, ...]] = {}
        self._window: tuple[tuple[float, int, int], pygame.Surface] | None = None  # (level, left, top)

    @staticmethod
    def snap(vp: Viewport) -> Viewport:
        """The viewport moved by under a pixel so that the tile grid falls on whole pixels."""
        s = vp.scale
        return Viewport(vp.rect, round(vp.x0 * s) / s, round(vp.y1 * s) / s, s)

    # -- tiles ------------------------------------------------------------------------------------
    def _tile(self, scale: float, ix: int, iy: int) -> pygame.Surface:
        key = (_key(scale), ix, iy)
        surf = self._tiles.get(key)
        if surf is not None:
            self._tiles.move_to_end(key)
            return surf
        surf = pygame.Surface((TILE, TILE))
        surf.fill(PLAN["background"])
        local = Viewport((0, 0, TILE, TILE), ix * TILE / scale, -iy * TILE / scale, scale)
        draw_shapes(surf, self.layout.shapes, local, self.cfg.font_scale)
        self._tiles[key] = surf
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return surf

    def _blit_tiles(self, dest: pygame.Surface, scale: float, gx0: int, gy0: int) -> None:
        """Fill ``dest`` with the level's pixels whose global top-left is (gx0, gy0)."""
        w, h = dest.get_size()
        for iy in range(gy0 // TILE, (gy0 + h - 1) // TILE + 1):
            for ix in range(gx0 // TILE, (gx0 + w - 1) // TILE + 1):
                dest.blit(self._tile(scale, ix, iy), (ix * TILE - gx0, iy * TILE - gy0))

    def draw(self, surf: pygame.Surface, vp: Viewport, exact: bool) -> float:
        """Draw the plan's shapes into ``vp.rect`` of ``surf``; returns the level whose labels to use.

        ``exact``: ``vp`` was snapped and its scale gets tiles of its own; otherwise (a zoom in
        progress) the window is cut from the next finer quantised level and scaled down.
        """
        left, top, w, h = vp.rect
        if exact:
            gx0, gy0 = round(vp.x0 * vp.scale), round(-vp.y1 * vp.scale)
            window, wx0, wy0 = self._window_over(vp.scale, gx0, gy0, w, h)
            surf.blit(window, (left, top), (gx0 - wx0, gy0 - wy0, w, h))
            return vp.scale
        level = quantised(vp.scale)
        f = level / vp.scale
        sw, sh = max(1, math.ceil(w * f)), max(1, math.ceil(h * f))
        tmp = pygame.Surface((sw, sh))
        self._blit_tiles(tmp, level, math.floor(vp.x0 * level), math.floor(-vp.y1 * level))
        pygame.transform.smoothscale(tmp, (w, h), surf.subsurface((left, top, w, h)))
        return level

    def _window_over(self, scale: float, gx0: int, gy0: int, w: int, h: int) -> tuple[pygame.Surface, int, int]:
        """The composed window holding the level's pixels from (gx0, gy0), w × h, and its top-left."""
        if self._window is not None:
            (key, wx0, wy0), window = self._window
            ww, wh = window.get_size()
            if key == _key(scale) and wx0 <= gx0 and wy0 <= gy0 and gx0 + w <= wx0 + ww and gy0 + h <= wy0 + wh:
                return window, wx0, wy0
        m = WINDOW_MARGIN
        size = (w + 2 * m, h + 2 * m)
        reuse = self._window is not None and self._window[1].get_size() == size
        window = self._window[1] if reuse else pygame.Surface(size)
        wx0, wy0 = gx0 - m, gy0 - m
        self._blit_tiles(window, scale, wx0, wy0)
        self._window = ((_key(scale), wx0, wy0), window)
        return window, wx0, wy0

    # -- labels -----------------------------------------------------------------------------------
    def labels(self, scale: float) -> tuple[PlacedLabel, ...]:
        """Landmark labels placed clear of each other at this level (computed once per level)."""
        key = _key(scale)
        hit = self._labels.get(key)
        if hit is not None:
            return hit
        cfg = self.cfg
        # Zoomed far in, show every name; at plan scale only those of priority 2 and up.
        min_priority = 1 if scale > 14 * cfg.font_scale else 2
        items = []
        for lab in self.layout.labels:
            items.append((lab.text, lab.x * scale, -lab.y * scale, lab.priority, cfg.name_px(LABEL_SIZES[lab.size])))
        measure = spaced_measure(self.texts, cfg.px(8))
        out = []
        points = anchor_boxes(items, cfg.px(3), min_priority)  # no name covers another's point
        points += clear_boxes(self.layout, Viewport((0, 0, 0, 0), 0.0, 0.0, scale))  # nor the 侯's bands
        for i, lx, ly in place_indexed(items, measure, gap=cfg.px(5), min_priority=min_priority, taken=points):
            lab = self.layout.labels[i]
            text, px, py, priority, size = items[i]
            w, h = measure(text, size)
            colour = landmark_ink(size, cfg.name_px(LABEL_SIZES["big"]))
            out.append(PlacedLabel(text, int(size), colour, lab.x, lab.y, lx - px, ly - py, w, h, priority))
        self._labels[key] = hit = tuple(out)
        return hit
