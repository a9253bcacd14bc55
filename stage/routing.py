"""Shortest walking paths on the floor plan that keep a body clear of every obstacle.

A figure is a disc of radius r. In each walkable region (堂, 庭) the free space is the region
shrunk by r minus the obstacles grown by r; the shortest path between two free points is a
polyline through the free space's vertices (a visibility graph). Regions are joined only by the
階: going up or down is the planner's 升/降, never an accident of routing, so a path from the
庭 to the 堂 is an error here.
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from stage.errors import StageError
from stage.model import Venue

XY = tuple[float, float]

# Regions joined only by a 階; the 階 themselves are traversed by 升/降, not routed.


class NoPathError(StageError):
    """No path between two points keeps a figure clear of the obstacles."""


@dataclass(frozen=True)
class _RegionGraph:
    free: BaseGeometry  # where a disc centre may be
    nodes: np.ndarray  # (n, 2) vertices of the free space
    adjacency: tuple[tuple[tuple[int, float], ...], ...]


@dataclass
class _Built:
    """What a Router builds for one venue and radius. It holds no reference to the venue, so that
    the cache of it (keyed weakly by the venue) lets the venue go when nothing else holds it."""

    regions: list[tuple[str, BaseGeometry]] | None = None
    graphs: dict[tuple, _RegionGraph] = field(default_factory=dict)


_BUILT: weakref.WeakKeyDictionary[Venue, dict[float, _Built]] = weakref.WeakKeyDictionary()


def shared_router(venue: Venue, radius: float) -> Router:
    """A Router that shares its graphs with every other of the same venue and radius while the venue lives."""
    return Router(venue, radius, _BUILT.setdefault(venue, {}).setdefault(radius, _Built()))


class Router:
    """Paths for discs of one radius in one venue. Graphs are built once per region and cached
    (in ``built``: shared between routers by ``shared_router``)."""

    def __init__(self, venue: Venue, radius: float, built: _Built | None = None):
        self.venue = venue
        self.radius = radius
        self._built = built if built is not None else _Built()
        self._graphs = self._built.graphs

    # -- regions -----------------------------------------------------------------------------
    @property
    def _regions(self) -> list[tuple[str, BaseGeometry]]:
        # Smallest first, so a point on a 階 counts as on the 階 rather than on the 庭 around it.
        # Grown by 5 cm (a point on an edge belongs to the region) and prepared once.
        if self._built.regions is None:
            regions = []
            for name, geom in sorted(self.venue.walkable.items(), key=lambda item: item[1].area):
                grown = geom.buffer(0.05)
                shapely.prepare(grown)
                regions.append((name, grown))
            self._built.regions = regions
        return self._built.regions

    def region_of(self, p: XY) -> str | None:
        """The walkable region containing p (a 階 before the 庭 it stands in), or None."""
        x, y = p
        for name, geom in self._regions:
            if shapely.contains_xy(geom, x, y):
                return name
        return None

    def floor_of(self, p: XY) -> str | None:
        """The floor (堂 or 庭, Venue.floors) of a point on either; for a point on a 階, None."""
        region = self.region_of(p)
        return region if region in self.venue.floors else None

    # -- graphs ------------------------------------------------------------------------------
    def _graph(self, region: str, avoid: tuple[tuple[float, float, float], ...] = ()) -> _RegionGraph:
        key = (region, avoid)
        if key not in self._graphs:
            self._graphs[key] = self._build_graph(region, avoid)
        return self._graphs[key]

    def _build_graph(self, region: str, avoid: tuple[tuple[float, float, float], ...] = ()) -> _RegionGraph:
        r = self.radius
        area = self.venue.walkable[region]
        blocked = [ob.geometry.buffer(r, quad_segs=3, join_style="mitre", mitre_limit=2.0)
                   for ob in self.venue.obstacles]
        # People standing still are round obstacles for this walk only (x, y, their radius).
        # Circumscribe the polygon so that its flat sides too keep the full distance.
        blocked.extend(Point(x, y).buffer((r + rr) / math.cos(math.pi / 12), quad_segs=3) for x, y, rr in avoid)
        # Smaller regions inside this one are not its floor: the 堂 platform and the 階 are holes in
        # the 庭 (one gets onto them only by 升). Larger regions around this one do not matter.
        for name, geom in self.venue.walkable.items():
            if name != region and geom.area < area.area:
                blocked.append(geom.buffer(r, join_style="mitre", mitre_limit=2.0))
        free = area.buffer(-r, join_style="mitre", mitre_limit=2.0).difference(unary_union(blocked))
        free = free.simplify(0.02)
        # Nodes sit a hair inside the free space so that edges along its boundary count as inside.
        inner = free.buffer(-0.02, join_style="mitre", mitre_limit=2.0)
        coords = []
        polys = list(getattr(inner, "geoms", [inner]))
        for poly in polys:
            if isinstance(poly, Polygon) and not poly.is_empty:
                for ring in [poly.exterior, *poly.interiors]:
                    coords.extend(ring.coords[:-1])
        nodes = np.array(coords, dtype=float).reshape(-1, 2)
        shapely.prepare(free)
        n = len(nodes)
        adjacency: list[list[tuple[int, float]]] = [[] for _ in range(n)]
        if n > 1:
            ii, jj = np.triu_indices(n, k=1)
            segs = shapely.linestrings(np.stack([nodes[ii], nodes[jj]], axis=1))
            ok = shapely.covers(free, segs)
            lengths = np.hypot(*(nodes[jj] - nodes[ii]).T)
            for i, j, length in zip(ii[ok], jj[ok], lengths[ok], strict=True):
                adjacency[i].append((int(j), float(length)))
                adjacency[j].append((int(i), float(length)))
        return _RegionGraph(free, nodes, tuple(tuple(a) for a in adjacency))

    # -- queries -----------------------------------------------------------------------------
    def _snap(self, graph: _RegionGraph, p: XY, what: str) -> tuple[XY, list[XY]]:
        """A point of the free space to start from, and the short approach leg if p is just outside.

        A landmark a figure stands at may lie within a body's width of a wall (西階上 at the 堂 edge):
        the figure then steps straight out to the free space before routing.
        """
        pt = Point(p)
        if graph.free.covers(pt):
            return p, []
        near = nearest_points(graph.free, pt)[0]
        if near.distance(pt) > 2.5 * self.radius:
            raise NoPathError(f"{what} ({p[0]:.1f}, {p[1]:.1f}) is not reachable: a figure of radius "
                              f"{self.radius:g} 尺 cannot stand there")
        # Step 2 cm inside so the snapped point is strictly free.
        inside = near.buffer(0.05).intersection(graph.free).representative_point() \
            if not graph.free.covers(near) else near
        return (inside.x, inside.y), [p]

    def shortest(self, region: str, start: XY, goal: XY,
                 avoid: tuple[tuple[float, float, float], ...] = ()) -> list[XY]:
        """Shortest polyline from start to goal inside region, keeping clear of obstacles."""
        graph = self._graph(region, avoid)
        s, lead = self._snap(graph, start, "start")
        g, tail = self._snap(graph, goal, "goal")
        if graph.free.covers(LineString([s, g])) or math.dist(s, g) < 1e-9:
            return _dedupe([*lead, s, g, *tail[::-1]])
        nodes = graph.nodes
        n = len(nodes)
        ends = np.array([s, g])
        segs_s = shapely.linestrings(np.stack([np.repeat(ends[:1], n, 0), nodes], axis=1))
        segs_g = shapely.linestrings(np.stack([nodes, np.repeat(ends[1:], n, 0)], axis=1))
        vis_s = shapely.covers(graph.free, segs_s)
        vis_g = shapely.covers(graph.free, segs_g)
        d_s = np.hypot(*(nodes - ends[0]).T)
        d_g = np.hypot(*(nodes - ends[1]).T)
        # Dijkstra from the start over nodes; the goal is node n.
        best = {i: float(d_s[i]) for i in np.flatnonzero(vis_s)}
        prev: dict[int, int] = {}
        heap = [(d, i) for i, d in best.items()]
        heapq.heapify(heap)
        done: set[int] = set()
        goal_cost, goal_prev = math.inf, None
        while heap:
            d, i = heapq.heappop(heap)
            if i in done or d > best.get(i, math.inf):
                continue
            done.add(i)
            if d >= goal_cost:
                break
            if vis_g[i] and d + d_g[i] < goal_cost:
                goal_cost, goal_prev = d + float(d_g[i]), i
            for j, length in graph.adjacency[i]:
                nd = d + length
                if nd < best.get(j, math.inf):
                    best[j] = nd
                    prev[j] = i
                    heapq.heappush(heap, (nd, j))
        if goal_prev is None:
            raise NoPathError(f"no path in the {region} from ({start[0]:.1f}, {start[1]:.1f}) to "
                              f"({goal[0]:.1f}, {goal[1]:.1f}) keeps clear of the obstacles")
        chain = [goal_prev]
        while chain[-1] in prev:
            chain.append(prev[chain[-1]])
        middle = [tuple(map(float, nodes[i])) for i in reversed(chain)]
        return _dedupe([*lead, s, *middle, g, *tail[::-1]])

    def clear_run(self, start: XY, goal: XY) -> float:
        """How far (0..1 of the way) one can go straight from start towards goal keeping clear."""
        floor = self.floor_of(start)
        if floor is None:
            return 1.0  # on a 階: the planner's own stepping, not routed
        free = self._graph(floor).free.buffer(1e-6)
        if free.covers(LineString([start, goal])):
            return 1.0
        lo, hi = 0.0, 1.0
        for _ in range(12):
            mid = (lo + hi) / 2
            end = (start[0] + (goal[0] - start[0]) * mid, start[1] + (goal[1] - start[1]) * mid)
            if free.covers(LineString([start, end])) or math.dist(start, end) < 1e-9:
                lo = mid
            else:
                hi = mid
        return lo

    def route(self, start: XY, goal: XY, via: Sequence[XY] = (),
              avoid: Sequence[tuple[float, float, float]] = ()) -> list[XY]:
        """Shortest path start → via… → goal on one floor (堂 or 庭); an error across floors.

        ``avoid`` lists people standing still as discs (x, y, radius) to walk round; one standing
        within reach of the start or the goal is ignored (one walks up to him or away from him).
        """
        points = [start, *via, goal]
        floors = [self.floor_of(p) for p in points]
        floor = floors[0]
        for p, f in zip(points, floors, strict=True):
            if f is None:
                raise NoPathError(f"({p[0]:.1f}, {p[1]:.1f}) is on no floor (堂 or 庭) of {self.venue.key}")
            if f != floor:
                raise NoPathError(f"({p[0]:.1f}, {p[1]:.1f}) is on the {f} but the walk starts on the "
                                  f"{floor}: go up or down a 階 (升/降) first")
        # A via point only steers the path: if it lies within a body's width of a wall, pass at the
        # nearest free point instead of stepping out to it and back.
        graph = self._graph(floor)
        points = [start, *(self._snap(graph, v, "via point")[0] for v in via), goal]
        near_ends = [p for p in (start, goal)]
        discs = tuple(sorted((round(x, 3), round(y, 3), rr) for x, y, rr in avoid
                             if all(math.dist((x, y), e) > self.radius + rr + 0.05 for e in near_ends)))
        path: list[XY] = [start]
        for a, b in zip(points, points[1:], strict=False):
            path.extend(self.shortest(floor, a, b, discs)[1:])
        return _dedupe(path)


def _dedupe(points: Sequence[XY]) -> list[XY]:
    out: list[XY] = []
    for p in points:
        p = (float(p[0]), float(p[1]))
        if not out or math.dist(out[-1], p) > 1e-6:
            out.append(p)
    return out
