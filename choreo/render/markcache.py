"""Marks that stand still on screen (the marks' legend, the key to the plan's signs) painted once.

A legend is some thirty Marks (its ground, icons and words) in the same box frame after frame while
the camera pans under it. Painted once into a surface keyed out round it, it is one blit a frame. The
pixels are those of painting the Marks on the frame only where each is either painted opaque or left
untouched: the Marks are painted on two grounds of different colours, and a picture where any pixel
blends with its ground (a word's edge off the legend's ground) is not kept (then the Marks are painted
on the frame each time, as before).
"""

from __future__ import annotations

import math

import pygame

from choreo.render.marks.paint import paint as paint_marks

GROUNDS = ((255, 0, 255), (0, 255, 0))  # in no palette of the plan's: a pixel of either is keyed out
MARGIN = 4  # pixels round the marks' extent that a line's width or a circle's rim may reach
MAX_KEPT = 64  # pictures kept (a legend's entries change a few times a step)


class MarkPictures:
    """Pictures of lists of Marks by key, painted once each (see the module's docstring)."""

    def __init__(self) -> None:
        self._kept: dict = {}  # key → (left, top, keyed surface) or None: paint on the frame
        self._scratch: pygame.Surface | None = None  # the frame's size, painted in the boxes only

    def paint(self, surf: pygame.Surface, key, marks, texts, box) -> None:
        """Paint ``marks`` (within ``box``, with the words' room: left, top, right, bottom) as
        marks.paint.paint does, from the picture kept under ``key`` where it can be."""
        if not marks:
            return
        if key not in self._kept:
            if len(self._kept) >= MAX_KEPT:
                self._kept.clear()
            self._kept[key] = self._picture(marks, texts, box, surf)
        pic = self._kept[key]
        if pic is None:
            paint_marks(surf, marks, texts)
        else:
            surf.blit(pic[2], (pic[0], pic[1]))

    def _picture(self, marks, texts, box, like: pygame.Surface):
        x0, y0 = math.floor(box[0]) - MARGIN, math.floor(box[1]) - MARGIN
        inner = pygame.Rect(x0, y0, math.ceil(box[2]) + MARGIN - x0, math.ceil(box[3]) + MARGIN - y0)
        if inner.w <= 0 or inner.h <= 0 or not like.get_clip().contains(inner):  # painted unclipped on the frame
            return None
        if self._scratch is None or self._scratch.get_size() != like.get_size():
            # painted at the frame's own coordinates (the same rasterisation), on a surface of its format
            self._scratch = pygame.Surface(like.get_size(), 0, like)
        big = self._scratch
        rgb = 0xFFFFFF  # a pixel's colour in the frame's 32-bit format (its fourth byte is padding)
        ka, kb = (big.map_rgb(g) & rgb for g in GROUNDS)
        big.set_clip(inner)
        grounds = []
        for ground in GROUNDS[::-1]:  # the first ground last: the scratch then holds the picture kept
            big.fill(ground, inner)
            paint_marks(big, marks, texts)
            grounds.append(pygame.surfarray.array2d(big.subsurface(inner)) & rgb)
        big.set_clip(None)
        b, a = grounds
        ga, gb = a == ka, b == kb
        same = a == b
        if not (same | (ga & gb)).all():  # a pixel that took something of its ground
            return None
        if (same & (ga | (a == kb))).any():  # a mark of a ground's colour: keyed out
            return None
        if not (ga[0, :].all() and ga[-1, :].all() and ga[:, 0].all() and ga[:, -1].all()):  # past the box
            return None
        pic = big.subsurface(inner).copy()
        pic.set_colorkey(GROUNDS[0])
        return inner.x, inner.y, pic
