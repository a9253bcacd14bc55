"""Two states of the 大射's range in the frames: the arrow held 兼諸弦面鏃 (執, not 挾) beside a figure, and a
侯's cord untied (解綱). Their geometry is computed here without pygame (the print backend can reuse it);
``draw_*`` are thin pygame painters of it.

The 執 mark: a short shaft along the figure's right side, parallel to his facing, with the head forward —
the arrow laid along the string, point up (鄭 「側持弦矢曰執。面猶尚也」〔003〕); seen from above "up" is
shown as "forward" (a choice of sign). A loose cord: the taut line from the 侯 to its post is wiped and
the cord drawn hanging slack from the 侯's end, short of the post (a choice of sign).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from choreo.model import Choreography

XY = tuple[float, float]


def side_hold_mark(px: float, py: float, r: float, bearing: float, k: float) -> tuple[list[XY], list[XY]]:
    """(shaft, head) in screen pixels for a disc of radius r at (px, py) facing ``bearing`` (0 = up):
    the shaft runs along his right side from behind his centre to beyond his front; the head is a
    small triangle at its forward end."""
    a = math.radians(bearing)
    fx, fy = math.sin(a), -math.cos(a)  # forward on screen
    rx, ry = -fy, fx  # his right: clockwise of forward on a y-down screen
    off = r + 3.0 * k
    back, front = -0.6 * r, r + 4.0 * k
    base = (px + rx * off, py + ry * off)
    shaft = [(base[0] + fx * back, base[1] + fy * back), (base[0] + fx * front, base[1] + fy * front)]
    h = 3.5 * k
    tip = (shaft[1][0] + fx * h * 1.6, shaft[1][1] + fy * h * 1.6)
    head = [tip, (shaft[1][0] + rx * h, shaft[1][1] + ry * h), (shaft[1][0] - rx * h, shaft[1][1] - ry * h)]
    return shaft, head


def loose_cord_line(cord: Sequence[XY], post: XY, sag: float = 0.35) -> tuple[list[XY], list[XY]]:
    """(taut, slack) in world coordinates (尺) for a cord given as its line (from the 侯's end to its post):
    the taut line as it was, and the slack one — from the 侯's end, half the length, bowed south by
    ``sag`` of its length, in a few segments."""
    ends = list(cord)
    near = max(ends, key=lambda p: math.dist(p, post))  # the end at the 侯
    length = math.dist(near, post)
    ux, uy = ((post[0] - near[0]) / length, (post[1] - near[1]) / length) if length else (0.0, 0.0)
    slack = []
    for i in range(7):
        u = i / 6
        d = 0.5 * length * u
        drop = sag * length * 0.5 * math.sin(math.pi * u * 0.5)
        slack.append((near[0] + ux * d, near[1] + uy * d - drop))
    return ends, slack


def loose_cords(ch: Choreography, t: float) -> list[tuple[list[XY], list[XY]]]:
    """(taut, slack) of each of the venue's cords loose at t (kind ``cord``, with its line)."""
    out = []
    for lm in ch.venue.landmarks_of("cord"):
        if lm.geometry is not None and lm.geometry.geom_type == "LineString" and ch.cord_loosed(lm.name, t):
            out.append(loose_cord_line(list(lm.geometry.coords), lm.point))
    return out


def draw_side_hold(surf, px, py, r, bearing, k, ink) -> None:
    import pygame

    shaft, head = side_hold_mark(px, py, r, bearing, k)
    pygame.draw.line(surf, ink, shaft[0], shaft[1], max(1, round(1.5 * k)))
    pygame.draw.polygon(surf, ink, head)


def draw_loose_cords(surf, vp, ch: Choreography, t: float, ground, ink, k: float) -> None:
    import pygame

    for taut, slack in loose_cords(ch, t):
        pts = [vp.to_screen(x, y) for x, y in taut]
        pygame.draw.line(surf, ground, pts[0], pts[-1], max(2, round(3 * k)))
        pygame.draw.lines(surf, ink, False, [vp.to_screen(x, y) for x, y in slack], max(1, round(1.5 * k)))
