"""Resolve the text's place expressions against a venue: 西楹之西, 當階, 階前, 西階上, 楹間, 序端, 楹內 …

Grammar (X is a landmark of the venue or a name in ``positions``, e.g. a figure's 位 or body):

=====================  ===========================================================================
``X``                  the landmark or position itself (its facing, if it has one)
``X.top``              the middle of the top 等 of a 階
``X之東`` … ``X之西北``  ``offset`` (default the venue's ``relation_offset``) from X in that direction;
                       also without 之 (``中西`` = 中之西, 「釋獲者東面于中西坐」〔000〕)
``當X``                level with X on the side ``side`` (default south), ``approach`` away, facing X
                       (「當階，北面揖」〔000〕)
``X前``                south of X (in front of the hall's buildings, which face south)
``X上`` / ``X下``        of a 階: its top / its foot; of anything else: on it / south of it
                       (敖 「丰下丰下之南」〔001〕)
``X間``                the midpoint of a pair: 楹間 = 西楹–東楹, 物間 = 上物–下物; 階間 = the two 階
                       (the bare word an alias of one of them)
``X端``                the south end of a wall (序端 = the 西序's south end)
``X內`` / ``X外``        north / south of X (of a 楹: 「豫則鉤楹內，堂則由楹外」〔000〕)
``R[k]``               the k-th place (1 = the senior, 上) of a rank or file R (射位一[2])
``[x, y]``             a point given by its coordinates (a script's escape hatch)
=====================  ===========================================================================

A landmark of the exact name always wins (西階上, 階前, 物間, 序端 are landmarks of their own). The
planner, its verbs and the checker all resolve places here (a figure's own 其位 is the planner's to
substitute, and a moving figure the checker's to follow), so a place one accepts the others accept.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from stage.errors import Location, StageError, suggest
from stage.model import Venue
from stage.vocabulary import rank_slot

# Compass bearings of the direction words; the diagonals first so that 西南 is not read as 南.
DIRECTIONS = {"東南": 135.0, "西南": 225.0, "東北": 45.0, "西北": 315.0,
              "東": 90.0, "南": 180.0, "西": 270.0, "北": 0.0}
SIDES = {"south": 180.0, "north": 0.0, "east": 90.0, "west": 270.0}
# Which landmarks make up a pair named X間.
PAIRS = (("西{}", "東{}"), ("上{}", "下{}"), ("右{}", "左{}"))
# Bare names the text uses for one particular landmark (「當階，北面揖」〔000〕 is the 西階) are the
# venue file's ``aliases``.
# Exact unit steps for the eight directions, so that 西楹之西 stays level with the 西楹.
_H = math.sqrt(0.5)
UNIT = {0.0: (0.0, 1.0), 45.0: (_H, _H), 90.0: (1.0, 0.0), 135.0: (_H, -_H), 180.0: (0.0, -1.0),
        225.0: (-_H, -_H), 270.0: (-1.0, 0.0), 315.0: (-_H, _H)}




@dataclass(frozen=True)
class Place:
    """A resolved place: where, which way one faces there (None if the expression does not say),
    the name it was resolved from and the relation applied ('' for a bare name)."""

    x: float
    y: float
    facing: float | None
    anchor: str
    relation: str

    @property
    def point(self) -> tuple[float, float]:
        return (self.x, self.y)


def _move(x: float, y: float, bearing: float, d: float) -> tuple[float, float]:
    ux, uy = UNIT.get(bearing % 360.0) or (math.sin(math.radians(bearing)), math.cos(math.radians(bearing)))
    return (x + d * ux, y + d * uy)


def _bearing(dx: float, dy: float) -> float:
    return math.degrees(math.atan2(dx, dy)) % 360.0


class _Resolver:
    def __init__(self, venue: Venue, positions: Mapping[str, tuple[float, float]], loc: Location | None):
        self.venue = venue
        self.positions = positions
        self.loc = loc

    def known(self) -> list[str]:
        return [*self.venue.landmarks, *self.positions]

    def has(self, name: str) -> bool:
        return name in self.venue.landmarks or name in self.positions or self.venue.aliases.get(name) in self.venue.landmarks

    def base(self, name: str) -> Place:
        """A bare name: positions (figures) first, so a figure named like a landmark is the figure."""
        if name in self.positions:
            x, y = self.positions[name]
            return Place(float(x), float(y), None, name, "")
        if name in self.venue.landmarks:
            lm = self.venue.landmarks[name]
            return Place(lm.x, lm.y, lm.facing, name, "")
        if self.venue.aliases.get(name) in self.venue.landmarks:
            return self.base(self.venue.aliases[name])
        raise StageError(f"unknown landmark '{name}'", self.loc, suggest(name, self.known()))

    def unknown(self, expr: str, base: str | None = None) -> StageError:
        name = base if base else expr
        return StageError(f"unknown landmark '{name}'", self.loc, suggest(name, self.known()))


def resolve(venue: Venue, expr: str | Sequence[float], *, offset: float | None = None,
            positions: Mapping[str, tuple[float, float]] | None = None, loc: Location | None = None,
            side: str | None = None) -> Place:
    """Where ``expr`` (a place as the text names it) is in ``venue``; see the module docstring."""
    if is_point(expr):
        return Place(float(expr[0]), float(expr[1]), None, "coordinates", "at")
    r = _Resolver(venue, positions or {}, loc)
    expr = str(expr).strip()
    if not expr:
        raise StageError("empty place expression", loc)
    if side is not None and side not in SIDES:
        raise StageError(f"unknown side '{side}' for 當X", loc, suggest(side, SIDES))
    if r.has(expr):
        return r.base(expr)
    dist = venue.param("relation_offset") if offset is None else offset
    slot = rank_slot(expr)
    if slot:
        rank = venue.landmarks.get(slot[0])
        if rank is None:
            raise r.unknown(expr, slot[0])
        k = slot[1]
        if k < 1 or rank.rank_spacing is None:
            why = "places in a rank count from 1" if k < 1 else f"'{rank.name}' is not a rank or file"
            raise StageError(f"bad rank place '{expr}': {why}", loc)
        x, y = rank.slot(k - 1)
        return Place(x, y, rank.slot_facing(k - 1), rank.name, f"slot {k}")

    if expr.endswith(".top"):
        name = expr[:-4]
        lm = venue.landmarks.get(name)
        if lm is None:
            raise r.unknown(expr, name)
        if lm.top is None:
            raise StageError(f"'{name}' is not a 階: it has no top", loc)
        return Place(lm.top[0], lm.top[1], None, name, "top")

    if expr.startswith("當") and len(expr) > 1:
        target = _inner(r, expr[1:], dist)
        where = side or "south"
        d = venue.param("approach") if offset is None else offset
        x, y = _move(target.x, target.y, SIDES[where], d)
        return Place(x, y, (SIDES[where] + 180.0) % 360.0, target.anchor, f"當:{where}")

    for word, bearing in DIRECTIONS.items():
        for joiner in ("之", ""):
            suffix = joiner + word
            if expr.endswith(suffix) and len(expr) > len(suffix):
                stem = expr[: -len(suffix)]
                if joiner == "" and not _resolvable(r, stem):
                    continue  # e.g. 堂西 is a landmark; 'X西' without 之 only when X is known
                target = _inner(r, stem, dist)
                x, y = _move(target.x, target.y, bearing, dist)
                return Place(x, y, None, target.anchor, f"之{word}")

    suffix, stem = expr[-1], expr[:-1]
    if stem:
        if suffix == "間":
            return _between(r, stem)
        if suffix == "端":
            return _end(r, stem)
        if suffix in "前內外下上":
            if suffix == "上" and stem in venue.landmarks and venue.landmarks[stem].top is not None:
                lm = venue.landmarks[stem]
                return Place(lm.top[0], lm.top[1], None, stem, "上")
            if suffix == "下" and stem in venue.landmarks and venue.landmarks[stem].kind == "stair":
                lm = venue.landmarks[stem]
                return Place(lm.x, lm.y, None, stem, "下")
            target = _inner(r, stem, dist)
            if suffix == "上":
                return Place(target.x, target.y, None, target.anchor, "上")
            bearing = 0.0 if suffix == "內" else 180.0
            x, y = _move(target.x, target.y, bearing, dist)
            return Place(x, y, None, target.anchor, suffix)
    raise r.unknown(expr, _guess_base(expr))


def is_point(expr) -> bool:
    """Whether ``expr`` is a point written as two numbers, [x, y]."""
    return (isinstance(expr, list | tuple) and len(expr) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in expr))


def _resolvable(r: _Resolver, stem: str) -> bool:
    """Whether ``stem`` names a place, for X西 without 之 (其位南, 射位一[1]南, 西階.top東): a name, not
    itself a relation with 之 (堂西之北北 is no place the text writes)."""
    if r.has(stem):
        return True
    if "之" in stem:
        return False
    try:
        resolve(r.venue, stem, positions=r.positions)
    except StageError:
        return False
    return True


def _inner(r: _Resolver, stem: str, dist: float) -> Place:
    """The anchor of a relation: a bare name, or (rarely) itself a relation such as 西階.top."""
    if r.has(stem):
        return r.base(stem)
    return resolve(r.venue, stem, offset=dist, positions=r.positions, loc=r.loc)


def _between(r: _Resolver, stem: str) -> Place:
    names = _stair_pair(r.venue, stem)
    candidates = [names] if names else [(a.format(stem), b.format(stem)) for a, b in PAIRS]
    for a, b in candidates:
        if r.has(a) and r.has(b):
            pa, pb = r.base(a), r.base(b)
            return Place((pa.x + pb.x) / 2, (pa.y + pb.y) / 2, None, f"{a}/{b}", "間")
    raise StageError(f"unknown landmark '{stem}間': no pair such as 西{stem}/東{stem} in venue {r.venue.key}",
                     r.loc, suggest(stem + "間", r.known()))


def _stair_pair(venue: Venue, stem: str) -> tuple[str, str] | None:
    """階間: the venue's two stairs, when the bare word is an alias of one of them (階 → 西階)."""
    stairs = [lm.name for lm in venue.landmarks.values() if lm.kind == "stair"]
    alias = venue.aliases.get(stem)
    return (stairs[0], stairs[1]) if len(stairs) == 2 and alias in stairs else None


def _end(r: _Resolver, stem: str) -> Place:
    """The south end of a wall (序端); a bare word by the venue's aliases (序 = 西序, 鄭 「西序端」〔003〕)."""
    name = stem if stem in r.venue.landmarks else r.venue.aliases.get(stem, stem)
    lm = r.venue.landmarks.get(name)
    if lm is None or lm.geometry is None or lm.geometry.geom_type != "LineString":
        raise StageError(f"unknown landmark '{stem}端': '{stem}' is not a wall of venue {r.venue.key}",
                         r.loc, suggest(stem + "端", r.known()))
    x, y = min(lm.geometry.coords, key=lambda p: p[1])
    return Place(x, y, None, name, "端")


def _guess_base(expr: str) -> str:
    """The name inside a failed expression, to report it as the unknown landmark."""
    stem = expr[1:] if expr.startswith("當") else expr
    for word in DIRECTIONS:
        for joiner in ("之", ""):
            if stem.endswith(joiner + word) and len(stem) > len(joiner + word):
                return stem[: -len(joiner + word)]
    if len(stem) > 1 and stem[-1] in "前內外下上間端":
        return stem[:-1]
    return stem


def facing_toward(src: tuple[float, float], dst: tuple[float, float]) -> float:
    """The compass bearing from ``src`` to ``dst`` (0 = 北面)."""
    return _bearing(dst[0] - src[0], dst[1] - src[1])
