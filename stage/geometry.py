"""Shapes of a venue: landmark extents, obstacles (what a figure may not walk through), walkable areas.

All in world coordinates (尺, x east, y north). The obstacles are built from landmarks by their
canonical names (西楹, 東楹, 西序, 東序, 室, 堂, 西階, 阼階, 侯, 乏); sizes (wall and edge
thickness, pillar radius) come from the venue's parameters, never from constants here.

The 堂 platform's edge is a barrier everywhere except at the tops of the 階: one gets up or down
only by a 階 (「升自西階」〔000〕, 「降自西階」〔000〕). Each 階 has walls on both sides, so a
figure cannot step onto a 階 from the side halfway up.
"""

from __future__ import annotations

from collections.abc import Mapping

import shapely
from shapely.geometry import LineString, MultiLineString, Point, box
from shapely.geometry.base import BaseGeometry

from stage.errors import StageError
from stage.model import Landmark, Obstacle, Provenance

STAIRS = ("西階", "阼階")
PILLARS = ("西楹", "東楹")
WALLS = ("西序", "東序")


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


def build_obstacles(landmarks: Mapping[str, Landmark], params: Mapping[str, float]) -> tuple[Obstacle, ...]:
    wall = _param(params, "牆厚")
    edge = _param(params, "邊厚")
    out: list[Obstacle] = []

    def add(name: str, kind: str, geom: BaseGeometry, why: Provenance) -> None:
        geom = shapely.make_valid(geom) if not geom.is_valid else geom
        out.append(Obstacle(name, kind, geom, why))

    for name in PILLARS:
        lm = landmarks.get(name)
        if lm is not None and lm.geometry is not None:
            add(name, "pillar", lm.geometry, lm.provenance)
    for name in WALLS:
        lm = landmarks.get(name)
        if lm is not None and isinstance(lm.geometry, LineString):
            add(name, "wall", _thick(lm.geometry, wall), lm.provenance)
    room = landmarks.get("室")
    if room is not None and room.geometry is not None:
        # Nobody enters the 室 in the 鄉射禮: it is solid to the planner.
        add("室", "room", room.geometry, room.provenance)
    hall = landmarks.get("堂")
    if hall is not None and hall.geometry is not None:
        ring = hall.geometry.exterior.buffer(edge / 2, cap_style="flat", join_style="mitre")
        for name in STAIRS:
            stair = landmarks.get(name)
            if stair is None or stair.geometry is None:
                continue
            x0, _, x1, _ = stair.geometry.bounds
            # The opening spans the 階 between its side walls, so the sides meet the edge.
            ring = ring.difference(box(x0 + edge / 2, -edge, x1 - edge / 2, edge))
        add("堂廉", "edge", ring, Provenance(
            source="「升自西階」〔000〕, 「降自西階」〔000〕",
            choice="the platform edge is a barrier except at the tops of the 階"))
    for name in STAIRS:
        stair = landmarks.get(name)
        if stair is None or stair.geometry is None:
            continue
        x0, y0, x1, y1 = stair.geometry.bounds
        sides = box(x0 - edge / 2, y0, x0 + edge / 2, y1).union(box(x1 - edge / 2, y0, x1 + edge / 2, y1))
        add(f"{name}側", "stair-side", sides, stair.provenance)
    for name, kind in (("侯", "target"), ("乏", "screen")):
        lm = landmarks.get(name)
        if lm is not None and isinstance(lm.geometry, LineString):
            add(name, kind, _thick(lm.geometry, edge), lm.provenance)
    return tuple(out)


def build_walkable(landmarks: Mapping[str, Landmark], params: Mapping[str, float]) -> dict[str, BaseGeometry]:
    """Regions one may stand in: the 堂 top (minus the 室), the 庭, and each 階."""
    out: dict[str, BaseGeometry] = {}
    hall = landmarks.get("堂")
    if hall is not None and hall.geometry is not None:
        top = hall.geometry
        room = landmarks.get("室")
        if room is not None and room.geometry is not None:
            top = top.difference(room.geometry)
        out["堂"] = top
    court = landmarks.get("庭")
    if court is not None and court.geometry is not None:
        out["庭"] = court.geometry
    for name in STAIRS:
        stair = landmarks.get(name)
        if stair is not None and stair.geometry is not None:
            out[name] = stair.geometry
    return out


def blocking(obstacles: tuple[Obstacle, ...], path: BaseGeometry, radius: float) -> list[str]:
    """Names of the obstacles a disc of ``radius`` sweeping along ``path`` would touch."""
    swept = path.buffer(radius) if radius > 0 else path
    return [o.name for o in obstacles if o.geometry.intersects(swept)]
