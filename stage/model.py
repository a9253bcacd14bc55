"""The venue as immutable data: landmarks, stairs, obstacles, walkable areas and parameters.

World frame (DESIGN.md): unit 尺; origin at the middle of the 堂's south edge (堂廉); x east,
y north. Facing is a compass bearing in degrees, 0 = 北面, 90 = 東面, 180 = 南面, 270 = 西面.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
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
    kind: str = "point"  # see stage.loader.KINDS: the kind, never the name, decides obstacles and drawing
    facing: float | None = None
    provenance: Provenance = field(default_factory=Provenance)
    geometry: BaseGeometry | None = None
    steps: int | None = None          # a 階: its number of 等
    top: tuple[float, float] | None = None  # a 階: the middle of its top tread
    # A rank or file of people (射位一, 堂西位 ...): the point is the senior end (上), ``facing`` is
    # how they face, rank k (0 = senior) stands ``rank_spacing`` 尺 further along ``rank_bearing``.
    rank_bearing: float | None = None
    rank_spacing: float | None = None
    # A rank with only ``rank_room`` 尺 along its bearing: the places beyond go on from its last one in a file
    # along ``rank_bend``, facing ``rank_bend_facing`` (the 堂西 rank's 「西邊東面，北上」); None: no end.
    rank_room: float | None = None
    rank_bend: float | None = None
    rank_bend_facing: float | None = None
    loc: Location | None = None
    # How the plan draws it (venue-file fields): label priority (3 always, 2 if room, 1 zoomed in),
    # the option whose value is shown instead of the name (中 → 鹿中), the word shown in the 侯道 strip,
    # the half-size in 尺 of an object's square when it has no footprint, and a 侯's nested parts
    # (widths in 尺, outermost first).
    label_priority: int = 1
    label_option: str | None = None
    strip_label: str | None = None
    icon: float | None = None
    parts: tuple[float, ...] = ()
    # The state it is in when the rite begins, for a landmark whose state a passage can change (a 綱:
    # stage.vocabulary.CORD_STATES); None for the rest.
    state: str | None = None
    part_names: tuple[str, ...] = ()  # the parts' names where the venue file writes them as parameters
    # Words of the text that contain the name and do not mean this landmark (中等, 中庭, 若中 for the 中):
    # a clause naming a place is read with these masked (choreo.render.framing).
    other_senses: tuple[str, ...] = ()

    @property
    def point(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def rank_holds(self) -> int | None:
        """How many the rank holds before it bends (None: it does not end)."""
        if self.rank_room is None or not self.rank_spacing:
            return None
        return int(self.rank_room / self.rank_spacing + 1e-9) + 1

    def slot(self, k: int) -> tuple[float, float]:
        """Where the k-th person (0 = the senior, 上) of a rank or file stands."""
        if self.rank_bearing is None or self.rank_spacing is None:
            return self.point
        holds = self.rank_holds
        along, beyond = (k, 0) if holds is None or k < holds else (holds - 1, k - holds + 1)
        rad, d = math.radians(self.rank_bearing), along * self.rank_spacing
        x, y = self.x + d * math.sin(rad), self.y + d * math.cos(rad)
        if beyond:
            rad, d = math.radians(self.rank_bend), beyond * self.rank_spacing
            x, y = x + d * math.sin(rad), y + d * math.cos(rad)
        return (x, y)

    def slot_facing(self, k: int) -> float | None:
        """How the k-th person (0 = the senior) of a rank or file faces: past a bend, the file's way."""
        holds = self.rank_holds
        return self.rank_bend_facing if holds is not None and k >= holds else self.facing


@dataclass(frozen=True)
class Obstacle:
    """Something a figure may not walk through: a 楹, a wall, the 堂 edge, a 階 side, the 侯, the 乏."""

    name: str
    kind: str  # pillar | wall | edge | stair-side | room | target | screen (from the landmark's kind)
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
    # Bare words the text uses for one landmark (階 → 西階): venue-file ``aliases``.
    aliases: Mapping[str, str] = field(default_factory=dict)
    # The quotation behind each option that reads the text (one with a ``choice`` note is a modelling
    # switch, left out): a comparison of two venues quotes them.
    option_sources: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("landmarks", "walkable", "params", "options", "aliases", "option_sources"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    @cached_property
    def platform(self) -> str | None:
        """The name of the raised floor (the landmark of kind ``platform``), if the venue has one."""
        return next((n for n, lm in self.landmarks.items() if lm.kind == "platform"), None)

    @cached_property
    def floors(self) -> tuple[str, ...]:
        """Walkable regions one stands on (platform, court), as opposed to the 階 between them."""
        return tuple(n for n in self.walkable if n not in self.landmarks or self.landmarks[n].kind != "stair")

    def landmarks_of(self, *kinds: str) -> list[Landmark]:
        """The landmarks of these kinds, in file order."""
        return [lm for lm in self.landmarks.values() if lm.kind in kinds]

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
