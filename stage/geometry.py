"""Shapes of a venue: landmark extents, obstacles (what a figure may not walk through), walkable areas.

All in world coordinates (尺, x east, y north). Obstacles and walkable areas are built from the
landmarks' kinds, never their names (DESIGN.md): each pillar, wall (a line), room, stair, target
and screen; the platform's edge. Sizes (wall and edge thickness) come from the venue's parameters.

The platform's edge is a barrier everywhere except at the tops of the stairs: one gets up or down
only by a 階 (「升自西階」〔000〕, 「降自西階」〔000〕). Each stair has walls on both sides, so a
figure cannot step onto it from the side halfway up.
"""

from __future__ import annotations

from collections.abc import Mapping

import shapely
from shapely.geometry import LineString, MultiLineString, Point, box
from shapely.geometry.base import BaseGeometry

from stage.errors import StageError
from stage.model import Landmark, Obstacle, Provenance

# Words for the obstacles derived from a landmark, as the text would name them: a platform's
# edge (廉, so 堂 → 堂廉) and a stair's side walls (側).
EDGE = "廉"
SIDE = "側"


def build_landmark_geometry(name: str, point: tuple[float, float], spec: Mapping) -> BaseGeometry:
    """The extent of one landmark from its ``box`` / ``line`` / ``radius`` / ``cross`` fields."""
    if len(spec) > 1:
        raise StageError(f"landmark '{name}' gives more than one shape ({', '.join(spec)}); keep one")
    (key, value), = spec.items()
    x, y = point
    if key == "box":
        x0, y0, x1, y1 = value
        if not (x0 < x1 and y0 < y1):
            raise StageError(f"bad value for {name}.box: need x0 < x1 and y0 < y1, got {value}")
        return box(x0, y0, x1, y1)
    if key == "line":
        return LineString(value)
    if key == "radius":
        if value <= 0:
            raise StageError(f"bad value for {name}.radius: must be positive, got {value:g}")
        return Point(x, y).buffer(value, quad_segs=8)
    length, crossbar = value  # a 物: a N–S stroke crossed by the 距隨 (「度尺而午」〔000〕)
    return MultiLineString([[(x, y - length / 2), (x, y + length / 2)],
                            [(x - crossbar / 2, y), (x + crossbar / 2, y)]])


def _param(params: Mapping[str, float], name: str) -> float:
    if name not in params:
        raise StageError(f"the venue lacks the parameter '{name}' (needed to build its obstacles)")
    return params[name]


def _thick(geom: BaseGeometry, width: float) -> BaseGeometry:
    """A line made into a wall ``width`` thick; flat ends so it stops where the line stops."""
    return geom.buffer(width / 2, cap_style="flat", join_style="mitre")


def _of(landmarks: Mapping[str, Landmark], *kinds: str) -> list[Landmark]:
    return [lm for lm in landmarks.values() if lm.kind in kinds and lm.geometry is not None]


def build_obstacles(landmarks: Mapping[str, Landmark], params: Mapping[str, float]) -> tuple[Obstacle, ...]:
    wall = _param(params, "牆厚")
    edge = _param(params, "邊厚")
    out: list[Obstacle] = []

    def add(name: str, kind: str, geom: BaseGeometry, why: Provenance) -> None:
        geom = shapely.make_valid(geom) if not geom.is_valid else geom
        out.append(Obstacle(name, kind, geom, why))

    stairs = _of(landmarks, "stair")
    for lm in _of(landmarks, "pillar"):
        add(lm.name, "pillar", lm.geometry, lm.provenance)
    for lm in _of(landmarks, "wall"):
        if isinstance(lm.geometry, LineString):
            add(lm.name, "wall", _thick(lm.geometry, wall), lm.provenance)
    for lm in _of(landmarks, "room"):
        add(lm.name, "room", lm.geometry, lm.provenance)  # nobody enters it: solid to the planner
    for hall in _of(landmarks, "platform"):
        ring = hall.geometry.exterior.buffer(edge / 2, cap_style="flat", join_style="mitre")
        for stair in stairs:
            x0, _, x1, top = stair.geometry.bounds
            # The opening spans the 階 between its side walls, so the sides meet the edge.
            ring = ring.difference(box(x0 + edge / 2, top - edge, x1 - edge / 2, top + edge))
        add(hall.name + EDGE, "edge", ring, hall.provenance)
    for stair in stairs:
        x0, y0, x1, y1 = stair.geometry.bounds
        sides = box(x0 - edge / 2, y0, x0 + edge / 2, y1).union(box(x1 - edge / 2, y0, x1 + edge / 2, y1))
        add(stair.name + SIDE, "stair-side", sides, stair.provenance)
    for kind in ("target", "screen"):
        for lm in _of(landmarks, kind):
            if isinstance(lm.geometry, LineString):
                add(lm.name, kind, _thick(lm.geometry, edge), lm.provenance)
    return tuple(out)


def build_walkable(landmarks: Mapping[str, Landmark], params: Mapping[str, float]) -> dict[str, BaseGeometry]:
    """Regions one may stand in, by landmark name: each platform (minus its rooms), court and stair."""
    out: dict[str, BaseGeometry] = {}
    rooms = [lm.geometry for lm in _of(landmarks, "room")]
    for hall in _of(landmarks, "platform"):
        top = hall.geometry
        for room in rooms:
            top = top.difference(room)
        out[hall.name] = top
    for lm in [*_of(landmarks, "court"), *_of(landmarks, "stair")]:
        out[lm.name] = lm.geometry
    return out


def blocking(obstacles: tuple[Obstacle, ...], path: BaseGeometry, radius: float) -> list[str]:
    """Names of the obstacles a disc of ``radius`` sweeping along ``path`` would touch."""
    swept = path.buffer(radius) if radius > 0 else path
    return [o.name for o in obstacles if o.geometry.intersects(swept)]
