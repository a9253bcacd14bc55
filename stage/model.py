"""The venue as immutable data: landmarks, stairs, obstacles, walkable areas and parameters.

World frame (DESIGN.md): unit 尺; origin at the middle of the 堂's south edge (堂廉); x east,
y north. Facing is a compass bearing in degrees, 0 = 北面, 90 = 東面, 180 = 南面, 270 = 西面.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from shapely.geometry.base import BaseGeometry

from stage.errors import Location, StageError, suggest


@dataclass(frozen=True)
class Provenance:
    """Why a number is what it is: a quotation from a seed, or a modelling choice.

    ``source`` holds quotations written 「…」〔nnn〕 (checked against the seeds); ``choice`` says
    why a number was chosen where the texts are silent. At least one of the two is set.
    """

    source: str | None = None
    choice: str | None = None


@dataclass(frozen=True)
class Landmark:
    """A named place of the venue, as the text names it (西楹, 上物, 司射位 ...).

    ``x, y`` is the landmark's point: for a line (棟, 楣) where it crosses x = 0; for a 階 the
    middle of its foot. ``facing`` is the facing of a 位 or of an object set down, if any.
    ``geometry`` is the footprint or line in world coordinates when the landmark has extent.
    """

    name: str
    x: float
    y: float
    kind: str = "point"  # point | line | stair | pillar | wall | region | station | object | seat
    facing: float | None = None
    provenance: Provenance = field(default_factory=Provenance)
    geometry: BaseGeometry | None = None
    steps: int | None = None          # a 階: its number of 等
    top: tuple[float, float] | None = None  # a 階: the middle of its top tread
    # A rank or file of people (射位一, 堂西位 ...): the point is the senior end (上), ``facing`` is
    # how they face, rank k (0 = senior) stands ``rank_spacing`` 尺 further along ``rank_bearing``.
    rank_bearing: float | None = None
    rank_spacing: float | None = None
    loc: Location | None = None

    @property
    def point(self) -> tuple[float, float]:
        return (self.x, self.y)

    def slot(self, k: int) -> tuple[float, float]:
        """Where the k-th person (0 = the senior, 上) of a rank or file stands."""
        if self.rank_bearing is None or self.rank_spacing is None:
            return self.point
        rad = math.radians(self.rank_bearing)
        d = k * self.rank_spacing
        return (self.x + d * math.sin(rad), self.y + d * math.cos(rad))


@dataclass(frozen=True)
class Obstacle:
    """Something a figure may not walk through: a 楹, a wall, the 堂 edge, a 階 side, the 侯, the 乏."""

    name: str
    kind: str  # pillar | wall | edge | stair-side | room | target | screen
    geometry: BaseGeometry
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True)
class Param:
    """A venue number with its provenance (pace, body radius, size of a 少 move, file spacing ...)."""

    name: str
    value: float
    provenance: Provenance = field(default_factory=Provenance)
    loc: Location | None = None


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, eq=False)
class Venue:
    """A floor plan: 庠 (``xiang``) or 榭 (``xie``).

    ``options`` holds the venue's textual switches, e.g. ``{"path_past_pillar": "鉤楹內"}`` for the
    榭 and ``"由楹外"`` for the 庠 (「豫則鉤楹內，堂則由楹外」〔000〕), ``{"zhong": "鹿中"}``.
    ``walkable`` maps region names (堂, 庭, 西階, 阼階) to polygons. Compared by identity: a venue
    is loaded once and shared (the planner caches its routing graphs per venue object).
    """

    key: str
    title: str
    description: str
    path: str
    landmarks: Mapping[str, Landmark]
    obstacles: tuple[Obstacle, ...]
    walkable: Mapping[str, BaseGeometry]
    params: Mapping[str, Param]
    options: Mapping[str, str]
    provenance: Provenance = field(default_factory=Provenance)

    def __post_init__(self) -> None:
        for name in ("landmarks", "walkable", "params", "options"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def landmark(self, name: str, loc: Location | None = None) -> Landmark:
        """The landmark called ``name``; an unknown name is a StageError with the closest name."""
        try:
            return self.landmarks[name]
        except KeyError:
            raise StageError(f"unknown landmark '{name}' in venue {self.key}", loc,
                             suggest(name, self.landmarks)) from None

    def param(self, name: str) -> float:
        try:
            return self.params[name].value
        except KeyError:
            raise StageError(f"venue {self.key} has no parameter '{name}'", None,
                             suggest(name, self.params)) from None
