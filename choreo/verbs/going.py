"""Going and stopping: 適, 進, 退, 就, 反位, 復位, 卻, 及, 當, 立 — and the small moves (少左 …)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from shapely import LineString

from choreo.errors import ScriptError
from choreo.interpolation import samples_at
from choreo.script import Action, parse_facing
from choreo.timeline import XY, bearing_of
from choreo.verbs.paths import MOTION_MODIFIERS, via_points
from choreo.verbs.registry import verb
from stage.vocabulary import rank_slot

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext
    from stage.relations import Place

FACE_ON_ARRIVAL = ("反位", "復位", "當", "及", "立", "就")


def _final_facing(ctx: VerbContext, action: Action, place: Place) -> float | None:
    if "面" in action.mods:
        return parse_facing(action.mods["面"], action.loc)
    if action.verb in FACE_ON_ARRIVAL:
        return place.facing
    return None


def _walk_one(ctx: VerbContext, figure: str, goal: XY, action: Action, facing: float | None,
              duration: float | None = None, extra_via: list[XY] | None = None,
              party: str | None = None, lateral: float = 0.0,
              legs: list[tuple[float, float, float]] | None = None) -> None:
    """Walk one figure; ``party`` names the pair he walks in (for 相左), ``lateral`` his offset
    to the left of the pair's centre line; ``legs`` (a pair's, one per via point and the goal) when
    each leg's walk sets off, its seconds and when it ends, so that the two keep level."""
    tl = ctx.timeline(figure)
    mods = {k: v for k, v in action.mods.items() if k not in ("面", "并行", "耦少退", "徐")}
    via, meeting = via_points(ctx, figure, tl.pos, goal, mods, lateral)
    stops = meeting is not None and stops_where_they_pass(action)
    if stops:
        # Alone he stops where he passes; in a pair his place in the pair's stop is ``goal`` already.
        goal = goal if party is not None else meeting.point
        via = [p for p in via if p != meeting.point]
    if lateral:
        via = _offset_via(tl.pos, via, goal, lateral, keep=meeting.point if meeting else None,
                          pivot=legs is not None)
    via = via + (extra_via or [])
    first = len(tl.samples)
    if "徐" in action.mods and duration is None:
        duration = float(action.mods["徐"])
    if legs is not None and len(legs) == len(via) + 1:
        for point, (off, seconds, by) in zip([*via, goal], legs, strict=True):
            if math.dist(point, tl.pos) > 1e-9:  # turn first, then set off with the other
                ctx.face(figure, bearing_of(point[0] - tl.x, point[1] - tl.y))
            tl.hold(off)
            ctx.walk(figure, point, duration=seconds)
            tl.hold(by)
    else:
        ctx.walk(figure, goal, via, duration=duration)
    if stops and facing is not None:
        ctx.face(figure, facing)  # they meet facing as they stand to bow
    if meeting is not None:
        # The via may have been nudged off a wall: take the sample nearest to the meeting point.
        t_meet = tl.t if stops else min(tl.samples[first:], key=lambda s: math.dist((s[1], s[2]), meeting.point))[0]
        ctx.meet(party or figure, meeting.partner, t_meet)
    if facing is not None and not stops:
        ctx.face(figure, facing)


def stops_where_they_pass(action: Action) -> bool:
    """A walk whose goal is its own 相左 place (``{適: 階前之南, 相左: {with: B, at: 階前之南}}``) ends there:
    each party stops where he passes, on his own right of it, level with the other: 「與升飲者相左，交于階前，
    相揖」〔000〕 — they meet there and bow. A party walking abreast stops abreast."""
    passing = action.mods.get("相左")
    return isinstance(passing, dict) and action.arg is not None and str(passing.get("at")) == str(action.arg)


def _pair_stop(ctx: VerbContext, members: tuple[str, ...], action: Action, mid: XY, centre: XY,
               facing: float | None) -> tuple[XY, float]:
    """Where a pair that stops where it passes stands: its middle beside the meeting place on the
    pair's right (half the passing width and half its own), across the way it faces on arrival
    (面), else across the way it came."""
    if facing is not None:
        axis = facing
    else:
        mods = {k: v for k, v in action.mods.items() if k not in ("面", "并行", "耦少退", "徐", "相左")}
        via, _ = via_points(ctx, members[0], mid, centre, mods)
        here = via[-1] if via else mid
        axis = bearing_of(centre[0] - here[0], centre[1] - here[1])
    rad = math.radians(axis + 90.0)
    shift = ctx.param("pass_spacing") / 2.0 + ctx.param("abreast_spacing") / 2.0
    return (centre[0] + shift * math.sin(rad), centre[1] + shift * math.cos(rad)), axis


def _offset_via(start: XY, via: list[XY], goal: XY, lateral: float, keep: XY | None,
                pivot: bool = False) -> list[XY]:
    """A pair walking abreast (并行) past a 楹 or round a figure: each member passes the via points
    ``lateral`` 尺 to the left of the pair's centre line, so that the two do not meet on them
    (the 相左 point ``keep`` is already shifted by meeting_point).

    With ``pivot`` each via point gives two, for legs walked in step (_level_legs): the man on the inside
    of the turn stops at his corner (twice the same point) while the other comes round him from the
    point level with it on the way in to the point level with it on the way out, as two abreast turn.
    """
    points = [start, *via, goal]
    out = []
    for i, p in enumerate(via, start=1):
        if keep is not None and p == keep:
            out.extend([p, p] if pivot else [p])
            continue
        # The corner of a way parallel to the centre line (a mitre): ``lateral`` from both legs, so that
        # the two keep abreast through the turn instead of closing up on it.
        n_in, n_out = _left_normal(points[i - 1], p), _left_normal(p, points[i + 1])
        if n_in is None or n_out is None:
            n = n_in or n_out
            q = p if n is None else (p[0] + n[0] * lateral, p[1] + n[1] * lateral)
            out.extend([q, q] if pivot else [q])
            continue
        left_turn = n_in[0] * n_out[1] - n_in[1] * n_out[0] > 0
        inner = lateral if (lateral > 0) == left_turn else -lateral  # the inside man's offset
        scale = inner / max(1.0 + n_in[0] * n_out[0] + n_in[1] * n_out[1], 0.5)  # at most twice, for a sharp turn
        corner = (p[0] + (n_in[0] + n_out[0]) * scale, p[1] + (n_in[1] + n_out[1]) * scale)
        if inner == lateral:
            out.extend([corner, corner] if pivot else [corner])
        elif pivot:
            out.extend([(corner[0] + (lateral - inner) * n[0], corner[1] + (lateral - inner) * n[1])
                        for n in (n_in, n_out)])
        else:
            scale = lateral / max(1.0 + n_in[0] * n_out[0] + n_in[1] * n_out[1], 0.5)
            out.append((p[0] + (n_in[0] + n_out[0]) * scale, p[1] + (n_in[1] + n_out[1]) * scale))
    return out


def _left_normal(a: XY, b: XY) -> XY | None:
    """The unit vector to the left of the way from a to b (None if they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy)
    return None if norm < 1e-9 else (-dy / norm, dx / norm)


def go(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action, target: str | None) -> None:
    """Move one figure or a group to ``target`` honouring the action's modifiers."""
    if target is None:
        raise ScriptError(f"'{action.verb}' needs a place", action.loc)
    if len(members) == 1:
        place = ctx.place(target, members[0])
        _walk_one(ctx, members[0], (place.x, place.y), action, _final_facing(ctx, action, place))
        return
    if "并行" in action.mods or "耦少退" in action.mods:
        _go_pair(ctx, actor, members, action, target)
        return
    _go_to_rank(ctx, actor, members, action, target)


def _go_pair(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action, target: str | None,
             own_places: bool = False) -> None:
    """Two walk to a place abreast (并行) or one a little behind the other (耦少退).

    With ``own_places`` (反位) each goes to his own 位, the two keeping abreast on the way.
    """
    if len(members) != 2:
        raise ScriptError(f"并行 / 耦少退 is for a pair; '{actor}' has {len(members)} members", action.loc)
    left = str(action.mods.get("并行", members[0]))
    if left in (True, "True", "true"):
        left = members[0]
    if left not in members:
        raise ScriptError(f"'{left}' is not in the pair {actor}", action.loc)
    start = [ctx.timeline(m).pos for m in members]
    mid = ((start[0][0] + start[1][0]) / 2, (start[0][1] + start[1][1]) / 2)
    half = ctx.param("abreast_spacing") / 2.0
    if own_places:
        places = {m: ctx.place(ctx.station(m), m) for m in members}
        goals = {m: (p.x, p.y) for m, p in places.items()}
        facing = _final_facing(ctx, action, places[members[0]])
        _pair_walk(ctx, actor, members, action, goals, facing, left, half)
        return
    centre = ctx.place(target, members[0])
    facing = _final_facing(ctx, action, centre)
    axis = facing if facing is not None else bearing_of(centre.x - mid[0], centre.y - mid[1])
    if stops_where_they_pass(action) and "耦少退" not in action.mods:
        (cx, cy), axis = _pair_stop(ctx, members, action, mid, (centre.x, centre.y), facing)
        centre = replace(centre, x=cx, y=cy)
    # Left of a walker facing bearing b is the bearing b - 90.
    rad = math.radians(axis - 90.0)
    left_dir = (math.sin(rad), math.cos(rad))
    if "耦少退" in action.mods:
        # The senior ahead on the line, the partner small_move behind and a little aside. The senior is
        # the first member, or the member named (耦少退: 大夫 — the group lists the 上射 first, but in
        # the court the 大夫 leads: 鄭 「耦於庭，不并行，尊大夫也」〔000〕).
        lead = str(action.mods["耦少退"])
        ahead, after = (lead, next(m for m in members if m != lead)) if lead in members else members
        back = math.radians(axis + 180.0)
        behind = ctx.param("small_move")
        goals = {ahead: (centre.x, centre.y),
                 after: (centre.x + behind * math.sin(back) - left_dir[0] * ctx.param("aside"),
                         centre.y + behind * math.cos(back) - left_dir[1] * ctx.param("aside"))}
        _trail(ctx, actor, ahead, after, goals, action, facing)
        return
    else:
        other = members[1] if left == members[0] else members[0]
        goals = {left: (centre.x + left_dir[0] * half, centre.y + left_dir[1] * half),
                 other: (centre.x - left_dir[0] * half, centre.y - left_dir[1] * half)}
    _pair_walk(ctx, actor, members, action, goals, facing, left, half)


def _fall_in_abreast(ctx: VerbContext, members: tuple[str, ...], goals: dict[str, XY], left: str,
                     half: float, action: Action) -> None:
    """A pair standing one behind the other (a file, 東面北上) first comes side by side across the way
    it is going to walk, so that it walks abreast from the start (「上射在左，并行」〔000〕); a
    modelling choice: the text does not say how the 下射 comes up beside the 上射."""
    a, b = (ctx.timeline(m).pos for m in members)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    gmid = tuple(sum(goals[m][i] for m in members) / 2 for i in range(2))
    # The way they set off: towards the first place the modifiers send them past, else the goal.
    mods = {k: v for k, v in action.mods.items() if k not in ("面", "并行", "耦少退", "徐")}
    via, _ = via_points(ctx, members[0], mid, gmid, mods)
    path = ctx.router(members[0]).route(mid, via[0] if via else gmid)
    if len(path) < 2 or math.dist(path[0], path[1]) < 1e-6:
        return
    dx, dy = path[1][0] - path[0][0], path[1][1] - path[0][1]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    sep = (b[0] - a[0], b[1] - a[1])
    if abs(sep[0] * ux + sep[1] * uy) <= ctx.param("abreast_tolerance"):  # already side by side
        return
    t0 = max(ctx.timeline(m).t for m in members)
    # The one ahead stays; the other comes up beside him on his side (left of (ux, uy) is (-uy, ux)).
    ahead, behind_ = (members[0], members[1]) if sep[0] * ux + sep[1] * uy < 0 else (members[1], members[0])
    hx, hy = ctx.timeline(ahead).pos
    side = -2 * half if ahead == left else 2 * half
    tl = ctx.timeline(behind_)
    tl.hold(t0)
    ctx.walk(behind_, (hx - uy * side, hy + ux * side))
    for m in members:  # both face the way they will go, so that they set off together
        ctx.face(m, bearing_of(ux, uy))
    t1 = max(ctx.timeline(m).t for m in members)
    for m in members:
        ctx.timeline(m).hold(t1)


def _trail(ctx: VerbContext, actor: str, ahead: str, after: str, goals: dict[str, XY], action: Action,
           facing: float | None) -> None:
    """耦少退: the senior walks; the partner falls in on his way and keeps to it a moment behind him
    (鄭 「耦於庭，不并行，尊大夫也」〔000〕), rather than on a way of his own that may take him ahead. He
    joins the senior's way where he can reach it in time, follows ``small_move`` behind, and steps to
    his own place (behind and aside) as the senior stops."""
    t0 = max(ctx.timeline(m).t for m in (ahead, after))
    for m in (ahead, after):
        ctx.timeline(m).hold(t0)
    lead = ctx.timeline(ahead)
    first = len(lead.samples)
    _walk_one(ctx, ahead, goals[ahead], action, facing, party=actor)
    way = [list(s) for s in lead.samples[first - 1:]]
    # When he stops walking (a turn on the spot after it is not walking).
    t_stop = max((b[0] for a, b in zip(way, way[1:], strict=False) if math.dist(a[1:3], b[1:3]) > 1e-6),
                 default=lead.t)
    pace = ctx.param("pace")
    lag = ctx.param("small_move") / pace
    tl = ctx.timeline(after)
    start = tl.pos
    # Join at the first moment tau at which he can be where the senior was, lag seconds later.
    def turn_time(p):
        b = bearing_of(p[0] - start[0], p[1] - start[1])
        return abs((b - tl.facing + 180.0) % 360.0 - 180.0) / ctx.param("turn_rate")

    tau = t_stop
    for t in np.arange(t0, t_stop, 0.1):
        p, q = lead.position_at(t), lead.position_at(t + 0.1)
        step = math.dist(p, q) or 1.0
        along = ((p[0] - start[0]) * (q[0] - p[0]) + (p[1] - start[1]) * (q[1] - p[1])) / step
        aside = abs((p[0] - start[0]) * (q[1] - p[1]) - (p[1] - start[1]) * (q[0] - p[0])) / step
        if along < ctx.param("small_move") + aside:
            continue  # not yet well past him: he never steps back or alongside to fall in
        if t0 + turn_time(p) + math.dist(start, p) / (1.5 * pace) <= t + lag:  # a quicker step to fall in
            tau = float(t)
            break
    if tau + lag < t_stop:
        join = lead.position_at(tau)
        tl.hold(tau + lag - turn_time(join) - math.dist(start, join) / (1.5 * pace))  # until the senior has passed
        if math.dist(start, join) > 1e-6:
            ctx.face(after, bearing_of(join[0] - start[0], join[1] - start[1]))
        f = next(row[3] for row in reversed(way) if row[0] <= tau)  # fall in facing his way
        f += 360.0 * round((tl.facing - f) / 360.0)
        tl._append(max(tau + lag, tl.t + 1e-3), *join, f)
        for t, x, y, f in (row for row in way if tau < row[0] <= t_stop - lag and row[0] + lag > tl.t):
            f += 360.0 * round((tl.facing - f) / 360.0)
            tl._append(t + lag, x, y, f)
        tl.glide_for(*lead.position_at(t_stop - lag), t_stop - tl.t)  # where the senior was lag ago
    ctx.walk(after, goals[after])
    ctx.face(after, facing if facing is not None else lead.facing % 360.0)  # as the senior faces
    t_end = max(ctx.timeline(m).t for m in (ahead, after))
    for m in (ahead, after):
        ctx.timeline(m).hold(t_end)


def _pair_walk(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action, goals: dict[str, XY],
               facing: float | None, left: str, half: float) -> None:
    """Both arrive together: plan each alone, then have the quicker walk slower."""
    if "耦少退" not in action.mods:
        _fall_in_abreast(ctx, members, goals, left, half, action)
    lengths = {}
    for m in members:
        router = ctx.router(m)
        path = router.route(ctx.timeline(m).pos, goals[m])
        lengths[m] = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
    duration = max(lengths.values()) / ctx.param("pace")
    if "耦少退" in action.mods:
        duration += ctx.param("small_move") / ctx.param("pace")
    laterals = {m: 0.0 if "耦少退" in action.mods else (half if m == left else -half) for m in members}
    legs = None if "耦少退" in action.mods or min(lengths.values()) < 1e-6 else \
        _level_legs(ctx, members, goals, action, laterals)
    for m in members:
        _walk_one(ctx, m, goals[m], action, facing, duration=duration if lengths[m] > 1e-6 else None,
                  party=actor, lateral=laterals[m], legs=legs)
    t_end = max(ctx.timeline(m).t for m in members)
    for m in members:
        ctx.timeline(m).hold(t_end)
    if stops_where_they_pass(action):
        # The pair has met the other party when both of its members stand, turned, to bow.
        ctx.meet(actor, str(action.mods["相左"]["with"]), t_end)


def _level_legs(ctx: VerbContext, members: tuple[str, ...], goals: dict[str, XY], action: Action,
                laterals: dict[str, float]) -> list[tuple[float, float, float]] | None:
    """For a pair walking abreast through via points (past a 楹, a 相左, a turn): each leg timed by the
    longer of the two, and both turning before the next, so that they reach every corner together
    (「并行」: side by side the whole way, not one ahead on one leg and behind on the next)."""
    mods = {k: v for k, v in action.mods.items() if k not in ("面", "并行", "耦少退", "徐")}
    if "過楹" in mods or "鉤楹" in mods or stops_where_they_pass(action):
        return None  # past a 楹 the inner man keeps going round it rather than wait at its side
    ways = {}
    for m in members:
        tl = ctx.timeline(m)
        via, meeting = via_points(ctx, m, tl.pos, goals[m], mods, laterals[m])
        if laterals[m]:
            via = _offset_via(tl.pos, via, goals[m], laterals[m], keep=meeting.point if meeting else None,
                              pivot=True)
        ways[m] = [tl.pos, *via, goals[m]]
    if len({len(w) for w in ways.values()}) != 1 or len(ways[members[0]]) < 3:
        return None  # no via point: one leg, timed as a whole
    pace, rate = ctx.param("pace"), ctx.param("turn_rate")
    t = max(ctx.timeline(m).t for m in members)
    facing = {m: ctx.timeline(m).facing for m in members}
    paths = {m: [ctx.router(m).route(a, b) for a, b in zip(ways[m], ways[m][1:], strict=False)] for m in members}
    if _legs_too_close(paths, members, 2 * ctx.param("body_radius")):
        return None  # a sharp corner for a narrow pair: they would brush; each walks his own way instead
    legs = []
    for k in range(1, len(ways[members[0]])):
        seconds, turn = 0.0, 0.0
        for m in members:
            a, b = ways[m][k - 1], ways[m][k]
            path = paths[m][k - 1]
            seconds = max(seconds, sum(math.dist(p, q) for p, q in zip(path, path[1:], strict=False)) / pace)
            if math.dist(a, b) > 1e-9:
                bearing = bearing_of(b[0] - a[0], b[1] - a[1])
                turn = max(turn, abs((bearing - facing[m] + 180.0) % 360.0 - 180.0) / rate)
                facing[m] = bearing
        t += turn
        legs.append((t, seconds, t + seconds))
        t += seconds
    return legs


def _legs_too_close(paths: dict[str, list[list[XY]]], members: tuple[str, ...], apart: float) -> bool:
    """Whether two men walking their legs in step (each leg begun together and ended together) come
    closer than ``apart`` at the same fraction of some leg."""
    a, b = (paths[m] for m in members[:2])
    for leg_a, leg_b in zip(a, b, strict=False):
        for s in np.linspace(0.0, 1.0, 21):
            if math.dist(_along(leg_a, s), _along(leg_b, s)) < apart:
                return True
    return False


def _along(path: list[XY], s: float) -> XY:
    """The point a fraction ``s`` of the way along ``path`` (by length)."""
    if len(path) < 2:
        return path[-1]
    p = LineString(path).interpolate(s, normalized=True)
    return (p.x, p.y)


def _go_to_rank(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action, target: str) -> None:
    """A group to a rank or file (射位一, 堂西位[4]): member i to the i-th place, in file."""
    name, first = rank_slot(target) or (target, 1)
    rank = ctx.venue.landmarks.get(name)
    if rank is None or rank.rank_bearing is None:
        raise ScriptError(f"the {len(members)} of '{actor}' cannot all stand at '{target}': name a rank "
                          f"(射位一, 堂西位 …) or walk as a pair with 并行", action.loc)
    t_start = max(ctx.timeline(mm).t for mm in members)
    placed: list[str] = []
    head = ctx.place(f"{name}[{first}]")
    back = ctx.param("rank_spacing")
    for i, member in enumerate(members):
        place = ctx.place(f"{name}[{first + i}]", member)
        facing = _final_facing(ctx, action, place) or place.facing
        # Take one's place from behind the file, not through those already standing in it.
        via = [behind((head.x, head.y), rank.facing, back), behind((place.x, place.y), rank.facing, back)]
        _walk_in_file(ctx, member, (place.x, place.y), action, facing, placed,
                      t_start + i * ctx.param("stagger"), via)
        placed.append(member)


def behind(point: XY, facing: float | None, distance: float) -> XY:
    """The point ``distance`` behind someone standing at ``point`` facing ``facing``."""
    if facing is None:
        return point
    rad = math.radians(facing + 180.0)
    return (point[0] + distance * math.sin(rad), point[1] + distance * math.cos(rad))


def _walk_in_file(ctx: VerbContext, member: str, goal: XY, action: Action, facing: float | None,
                  ahead: list[str], earliest: float, via: list[XY]) -> None:
    """Walk as one of a file: start no earlier than ``earliest`` and late enough to keep clear of
    those already on their way (a modelling choice: the text only says they go in order, 北上)."""
    tl = ctx.timeline(member)
    clearance = 2 * ctx.param("body_radius") + ctx.param("file_clearance")
    base = tl.copy()
    for k in range(int(ctx.param("file_wait_tries"))):
        trial = base.copy()
        ctx.replace_timeline(member, trial)
        trial.hold(earliest + ctx.param("file_wait_step") * k)
        _walk_one(ctx, member, goal, action, facing, extra_via=via)
        if all(_min_distance(trial, ctx.timeline(other), earliest) >= clearance for other in ahead):
            return
        ctx.forget_meetings(member)
    ctx.replace_timeline(member, trial)  # no clear slot: keep the last try; the checker will report it


def _min_distance(a, b, t0: float) -> float:
    """Smallest distance between two planned tracks from t0 to the end of either (every 0.1 s)."""
    t1 = max(a.samples[-1][0], b.samples[-1][0])
    if t1 <= t0:
        return math.dist(a.position_at(t0), b.position_at(t0))
    ts = np.arange(t0, t1 + 0.1, 0.1)
    d = samples_at(a.samples, ts)[:, :2] - samples_at(b.samples, ts)[:, :2]
    return float(np.hypot(d[:, 0], d[:, 1]).min())


_GOING_EXAMPLE = "- {適: 堂西}\n- {進: 射位一, 由: 司射之西, 面: 東面}"


@verb("適", kind="going", args="a place", example="司射: [{適: 堂西}]", modifiers=MOTION_MODIFIERS,
      group_mode="group", arg_required=True)
def go_to(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """適 — go to a place: 「司射[適]堂西，命弟子設豐」〔000〕.

    The character is dropped in the seed copy of 000 (a private-use code point, docs/domain.md §0.2).
    The figure routes round every obstacle and faces the way he walks.
    """
    go(ctx, actor, members, action, action.arg)


@verb("進", kind="going", args="a place (or nothing: one small step forward)",
      example="三耦: [{進: 射位一, 由: 司射之西, 面: 東面}]", modifiers=MOTION_MODIFIERS, group_mode="group")
def advance(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """進 — advance: 「三耦皆進，由司射之西，立于其西南」〔000〕; 鄭 「進，前也」〔000〕.

    With a place, go there; without one, one small step (``small_move``) forward.
    """
    if action.arg is None:
        for m in members:
            small_move(ctx, m, 0.0, action, relative=True)
        return
    go(ctx, actor, members, action, action.arg)


@verb("退", kind="going", args="a place (or nothing: a small step back, still facing forward)",
      example="司射: [{退: 司射位}]", modifiers=MOTION_MODIFIERS, group_mode="group")
def withdraw(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """退 — withdraw: 「司射退反位」〔000〕; 「乃退」〔000〕. Without a place, a step back keeping the facing.

    With ``{what: OBJECTS, to: PLACE}`` — take implements away: 「小臣師退[楅]」, 「司射命釋獲者退中與[算]而俟」,
    「卒、退豐與觶」, 「司馬師命獲者以旌與薦俎退」〔003〕 — he takes up each where it rests, carries them to the
    place and sets them down there; they are off the range from then on (鄭 「諸所退射器皆俟，備君複射」〔003〕:
    kept at hand, not done away with).
    """
    if isinstance(action.arg, dict):
        from choreo.verbs.archery import remove

        for m in members:
            remove(ctx, m, action)
        return
    if action.arg is None:
        for m in members:
            small_move(ctx, m, 180.0, action, relative=True)
        return
    go(ctx, actor, members, action, action.arg)


@verb("卻", kind="going", args="nothing, or a distance in 尺", example="司射: [卻]", group_mode="together")
def step_back(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """卻 — step back: 鄭 「明[卻]時還」〔000〕 (the 司射 steps back and turns). Keeps the facing."""
    small_move(ctx, members[0], 180.0, action, relative=True)


@verb("就", kind="going", args="a place or a figure", example="大夫: [{就: 大夫之耦, 面: 東面}]",
      modifiers=MOTION_MODIFIERS, group_mode="group", arg_required=True)
def join(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """就 — go to (someone): 「由堂西出于司射之西，就其耦」〔000〕. Given a figure, stand beside him (south)."""
    target = str(action.arg)
    if target in ctx.script.figures:
        target = f"{target}之南"
    go(ctx, actor, members, action, target)


@verb("及", kind="going", args="a place", example="上耦: [{及: 西階, 并行: 上耦上射}]",
      modifiers=MOTION_MODIFIERS, group_mode="group", arg_required=True)
def reach(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """及 — arrive at: 「及階揖」, 「及物揖」〔000〕; 鄭 「及[楅]，當[楅]東西也」〔000〕. Stops just short of it, facing it."""
    go(ctx, actor, members, action, f"{action.arg}前" if str(action.arg).endswith("階") else action.arg)


@verb("當", kind="going", args="a place", example="上耦: [{當: 西階, 并行: 上耦上射}]",
      modifiers=MOTION_MODIFIERS, group_mode="group", arg_required=True)
def align(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """當 — stand squarely in line with X, facing it: 「當階，北面揖」〔000〕 (疏 「當西階北面揖」〔000〕).

    Due south of X at the ``approach`` distance, facing north.
    """
    go(ctx, actor, members, action, f"當{action.arg}")


@verb("立", kind="going", args="a place", example="司射: [{立: 中南, 面: 北面}]", modifiers=MOTION_MODIFIERS,
      group_mode="group", arg_required=True)
def stand_at(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """立 — stand at a place: 「立于中南，北面視[算]」〔000〕; 「司射先立于所設中之西南，東面」〔000〕."""
    go(ctx, actor, members, action, action.arg)


def _return(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    if len(members) == 2 and ("并行" in action.mods or "相左" in action.mods):
        _go_pair(ctx, actor, members, action, None, own_places=True)
        return
    for m in members:
        place = ctx.place(ctx.station(m), m)
        sub = Action(action.verb, ctx.station(m), action.mods, action.loc)
        _walk_one(ctx, m, (place.x, place.y), sub, _final_facing(ctx, sub, place))


@verb("反位", kind="going", args="nothing (the figure's own 位)", example="司射: [反位]",
      modifiers=MOTION_MODIFIERS, group_mode="group")
def return_to_station(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """反位 — go back to one's 位 and face as it faces: 「司射反位」〔000〕; 「以反位」〔000〕."""
    _return(ctx, actor, members, action)


@verb("復位", kind="going", args="nothing (the figure's own 位)", example="司射: [復位]",
      modifiers=MOTION_MODIFIERS, group_mode="group")
def resume_station(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """復位 — return to one's 位: 「司射復位」〔000〕."""
    _return(ctx, actor, members, action)


# -- small moves -------------------------------------------------------------------------------
def small_move(ctx: VerbContext, figure: str, bearing: float, action: Action, relative: bool) -> None:
    """Move ``small_move`` 尺 (or the action's number) without turning."""
    tl = ctx.timeline(figure)
    dist = float(action.arg) if isinstance(action.arg, int | float) and not isinstance(action.arg, bool) \
        else ctx.param("small_move")
    b = math.radians((tl.facing + bearing) if relative else bearing)
    goal = (tl.x + dist * math.sin(b), tl.y + dist * math.cos(b))
    router = ctx.router(figure)
    if router.region_of(goal) is None:
        raise ScriptError(f"{action.verb} would take {figure} off the floor", action.loc)
    # A small move stops short of a wall, a 楹 or the edge of the 堂 rather than going into it.
    u = router.clear_run(tl.pos, goal)
    if u * dist < ctx.param("small_move_least"):
        raise ScriptError(f"no room for {figure} to {action.verb} here", action.loc)
    goal = (tl.x + (goal[0] - tl.x) * u, tl.y + (goal[1] - tl.y) * u)
    tl.glide(goal[0], goal[1], ctx.param("pace") * ctx.param("small_pace"))


_SMALL = {"少左": (-90.0, True, "「上射升堂，少左」〔000〕 (疏 「避下射升階也」)"),
          "少右": (90.0, True, "「下射少右，從之」〔000〕; 「升堂，少右」 (鄭 「辟飲者也」)〔000〕"),
          "少退": (180.0, True, "「少退，立卒觶」〔000〕"),
          "少進": (0.0, True, "「皆少進，當[楅]南」〔000〕"),
          "少南": (180.0, False, "鄭 「為其少南就右獲」〔000〕"),
          "少北": (0.0, False, "鄭 「少北於故」〔000〕"),
          "少西": (270.0, False, "「釋獲者少西辟薦」〔000〕"),
          "少東": (90.0, False, "the mirror of 少西 (a modelling convenience)")}


def _small_verb(name: str, bearing: float, relative: bool, quote: str):
    def run(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
        small_move(ctx, members[0], bearing, action, relative)

    run.__doc__ = (f"{name} — a small move {'to the figure’s own ' if relative else 'to the '}"
                   f"{'left' if name == '少左' else 'right' if name == '少右' else name[1]}: {quote}. "
                   "The size is the venue's ``small_move`` (or the number given); the facing is kept.")
    verb(name, kind="small", args="nothing, or a distance in 尺", example=f"上耦上射: [{name}]")(run)


for _name, (_b, _rel, _q) in _SMALL.items():
    _small_verb(_name, _b, _rel, _q)
