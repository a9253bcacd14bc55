"""Stairs: 升, 降, 盡階 — climbing a 階 one 等 at a time, and the pair's 升三等 … 中等.

A 階 has ``steps`` 等 between its foot (the landmark's point) and its top tread (``top``); the
i-th tread lies at foot + (i / N)(top − foot). Going up, a figure walks to the foot, climbs the
treads at ``stair_step_time`` each, and steps onto the 堂 at the place 西階上 / 阼階上.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from choreo.errors import ScriptError
from choreo.timeline import bearing_of
from choreo.verbs.registry import verb
from stage.model import Landmark

if TYPE_CHECKING:
    from choreo.script import Action
    from choreo.verbs.context import VerbContext


def _stair(ctx: VerbContext, action, figure) -> Landmark:
    name = str(action.arg) if action.arg is not None else _nearest_stair(ctx, figure)
    if name not in ctx.venue.landmarks:
        name = ctx.venue.aliases.get(name, name)  # a bare 階 is the venue's alias (階 → 西階)
    stair = ctx.venue.landmark(name, action.loc)
    if stair.kind != "stair" or not stair.steps or stair.top is None:
        raise ScriptError(f"'{name}' is not a 階: one can only 升/降 by a 階", action.loc)
    return stair


def _nearest_stair(ctx: VerbContext, figure) -> str:
    tl = ctx.timeline(figure)
    stairs = [lm for lm in ctx.venue.landmarks.values() if lm.kind == "stair" and lm.top is not None]
    if not stairs:
        raise ScriptError("this venue has no 階", ctx.action.loc if ctx.action else None)
    return min(stairs, key=lambda s: math.dist(tl.pos, s.top)).name


def tread(stair: Landmark, i: float) -> tuple[float, float]:
    n = stair.steps or 1
    fx, fy = stair.point
    tx, ty = stair.top
    return (fx + (tx - fx) * i / n, fy + (ty - fy) * i / n)


def _below(stair: Landmark, ctx: VerbContext) -> tuple[float, float]:
    """Where one stands at the foot, a little south of the first tread."""
    fx, fy = stair.point
    tx, ty = stair.top
    length = math.hypot(tx - fx, ty - fy) or 1.0
    back = ctx.param("body_radius") + ctx.param("stair_foot_margin")
    return (fx - (tx - fx) / length * back, fy - (ty - fy) / length * back)


def _hall_point(stair: Landmark, ctx: VerbContext) -> tuple[float, float]:
    name = f"{stair.name}上"
    if name in ctx.venue.landmarks:
        return ctx.venue.landmarks[name].point
    tx, ty = stair.top
    fx, fy = stair.point
    length = math.hypot(tx - fx, ty - fy) or 1.0
    step = ctx.param("body_radius") * 2
    return (tx + (tx - fx) / length * step, ty + (ty - fy) / length * step)


def climb(ctx: VerbContext, figure: str, stair: Landmark, *, to_hall: bool = True, start_at: float | None = None,
          step_times: list[float] | None = None) -> list[float]:
    """Walk to the foot and climb; returns the times at which each tread is reached."""
    tl = ctx.timeline(figure)
    if ctx.router(figure).floor_of(tl.pos) == ctx.venue.platform:
        raise ScriptError(f"{figure} is already on the 堂: cannot 升 {stair.name}",
                          ctx.action.loc if ctx.action else None)
    if ctx.router(figure).region_of(tl.pos) == stair.name and step_times is None:
        return _climb_on(ctx, figure, stair, to_hall)
    below = _below(stair, ctx)
    if step_times:
        # A follower waits where he is, so as not to crowd the foot while the leader climbs.
        # He reaches the foot as the leader leaves the first 等 (not earlier: the foot is less than a
        # body's width from it); a turn on arrival only delays him further.
        lead = math.dist(tl.pos, below) / ctx.param("pace")
        tl.hold(step_times[0] - ctx.param("stair_step_time") - lead)
    ctx.walk(figure, below)
    up = bearing_of(stair.top[0] - stair.point[0], stair.top[1] - stair.point[1])
    ctx.face(figure, up)
    if start_at is not None:
        tl.hold(start_at)
    return _treads_up(ctx, figure, stair, 1, to_hall, step_times)


def _treads_up(ctx: VerbContext, figure: str, stair: Landmark, first: int, to_hall: bool,
               step_times: list[float] | None = None) -> list[float]:
    """Climb from tread ``first`` to the top (each tread no earlier than the leader left it, when
    ``step_times`` are given), then onto the 堂; returns the times each tread is reached."""
    tl = ctx.timeline(figure)
    dt = ctx.param("stair_step_time")
    times = []
    for i in range(first, (stair.steps or 1) + 1):
        if step_times is not None and i - 1 < len(step_times):
            tl.hold(step_times[i - 1] - dt)
        x, y = tread(stair, i)
        tl.glide_for(x, y, dt)
        times.append(tl.t)
    if to_hall:
        hx, hy = _hall_point(stair, ctx)
        tl.glide_for(hx, hy, dt)
    return times


def _climb_on(ctx: VerbContext, figure: str, stair: Landmark, to_hall: bool) -> list[float]:
    """Go on up from the 等 one stands on (after 降一等 or 盡階): the treads above it, then the 堂."""
    tl = ctx.timeline(figure)
    fx, fy = stair.point
    tx, ty = stair.top
    n = stair.steps or 1
    length2 = (tx - fx) ** 2 + (ty - fy) ** 2 or 1.0
    on = round(((tl.x - fx) * (tx - fx) + (tl.y - fy) * (ty - fy)) / length2 * n)
    ctx.face(figure, bearing_of(tx - fx, ty - fy))
    return _treads_up(ctx, figure, stair, max(1, on + 1), to_hall)


def descend(ctx: VerbContext, figure: str, stair: Landmark, *, step_times: list[float] | None = None,
            keep_side: bool = False, mirror: bool = False) -> list[float]:
    """Walk on the 堂 to the top of the 階 and go down to its foot; returns the tread times. With
    ``keep_side`` (the follower of a pair, after his 少右) he goes down from where he stands across it;
    with ``mirror`` as far off the middle line on the other side (the first down will step aside to his
    side), crossing behind the first once he is on the 階."""
    tl = ctx.timeline(figure)
    if ctx.router(figure).floor_of(tl.pos) != ctx.venue.platform and ctx.router(figure).region_of(tl.pos) != stair.name:
        raise ScriptError(f"{figure} is not on the 堂: cannot 降 {stair.name}", ctx.action.loc if ctx.action else None)
    side = (0.0, 0.0)
    if ctx.router(figure).floor_of(tl.pos) == ctx.venue.platform:
        side = _aside(stair, ctx, tl.pos) if keep_side or mirror else (0.0, 0.0)
        side = (-side[0], -side[1]) if mirror else side
        top = _shift(_hall_point(stair, ctx), side)
        if step_times:
            lead = math.dist(tl.pos, top) / ctx.param("pace") + 180.0 / ctx.param("turn_rate")
            # Crossing behind the first, he sets off as the first steps on to the 階 (the venue's stair_cross_treads).
            tl.hold(step_times[0] - ctx.param("stair_cross_treads") * ctx.param("stair_step_time") if mirror
                    else step_times[0] - ctx.param("stair_step_time") - lead)
        ctx.walk(figure, top)
    down = bearing_of(stair.point[0] - stair.top[0], stair.point[1] - stair.top[1])
    ctx.face(figure, down)
    dt = ctx.param("stair_step_time")
    n = stair.steps or 1
    times = []
    for k, i in enumerate(range(n, 0, -1)):
        if step_times is not None and k < len(step_times):
            tl.hold(step_times[k] - dt)
        x, y = _shift(tread(stair, i), side)
        tl.glide_for(x, y, dt)
        times.append(tl.t)
    bx, by = _shift(_below(stair, ctx), side)
    tl.glide_for(bx, by, dt)
    return times


def _aside(stair: Landmark, ctx: VerbContext, pos) -> tuple[float, float]:
    """How far one standing at the head of the 階 stands off its middle line, if he still stands
    over its width: 「下射少右，從之」〔000〕 — after his 少右 he goes down from where he stands."""
    fx, fy = stair.point
    tx, ty = stair.top
    length = math.hypot(tx - fx, ty - fy) or 1.0
    ux, uy = (tx - fx) / length, (ty - fy) / length
    across = (pos[0] - fx) * -uy + (pos[1] - fy) * ux  # signed distance to the left of the way up
    half = (_width(stair) / 2.0) - ctx.param("body_radius") - 0.5  # clear of the 階's sides
    if abs(across) < 0.5 or abs(across) > _width(stair) / 2.0:
        return (0.0, 0.0)
    across = max(-half, min(half, across))
    return (-uy * across, ux * across)


def _width(stair: Landmark) -> float:
    if stair.geometry is None:
        return 0.0
    x0, y0, x1, y1 = stair.geometry.bounds
    vertical = stair.top is not None and abs(stair.top[0] - stair.x) < abs(stair.top[1] - stair.y)
    return x1 - x0 if vertical else y1 - y0


def _shift(point, side):
    return (point[0] + side[0], point[1] + side[1])


def _pair_order(members, action):
    leader = str(action.mods.get("先", members[0]))
    if leader not in members:
        raise ScriptError(f"'{leader}' is not one of {'、'.join(members)}", action.loc)
    return [leader, *[m for m in members if m != leader]]


@verb("升", kind="stairs", args="the 階 (default: the nearest)", example="上耦: [{升: 西階, 三等: true}]",
      modifiers=("三等", "先", "盡階", "少右"), group_mode="group")
def ascend(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """升 — go up a 階 onto the 堂: 「升自西階」〔000〕. A pair with ``三等: true`` climbs as
    「上射先升三等，下射從之，中等」〔000〕: the follower sets foot on the first 等 when the leader
    reaches the third, and keeps one 等 empty between them (鄭 「中猶[間]也」〔000〕). ``先`` names who
    goes first (default the first member). ``盡階: true`` stops on the top 等 (「盡階，不升堂」〔000〕).
    The first up makes room for the next by stepping aside to the outside of the hall (「上射升堂，少左」〔000〕);
    with ``少右: true`` he steps ``small_move`` to his right instead (「勝者先升，升堂，少右」〔000〕).
    """
    stair = _stair(ctx, action, members[0])
    to_hall = not action.mods.get("盡階", False)
    order = _pair_order(members, action)
    if len(order) == 1:
        climb(ctx, order[0], stair, to_hall=to_hall)
        return
    gap = 2 if action.mods.get("三等") else 1
    previous: list[float] | None = None
    for m in order:
        times = None
        if previous is not None:
            times = [previous[min(i + gap, len(previous) - 1)] if i + gap < len(previous)
                     else previous[-1] + (i + gap - len(previous) + 1) * ctx.param("stair_step_time")
                     for i in range(stair.steps or 1)]
        previous = climb(ctx, m, stair, to_hall=to_hall, step_times=times)
        if to_hall and m != order[-1]:
            # The one who is up steps aside so that the next can come up: 「上射升堂，少左」〔000〕.
            _make_room(ctx, m, stair, to_right=bool(action.mods.get("少右")))


def _make_room(ctx: VerbContext, figure, stair, to_right: bool = False):
    tl = ctx.timeline(figure)
    slow = ctx.param("pace") * ctx.param("small_pace")
    if to_right:
        _step_aside(ctx, figure, _across(stair, up=True, right=True), slow)
        return
    side = -1.0 if stair.point[0] <= 0 else 1.0  # towards the outside of the hall
    tl.glide(tl.x + side * ctx.param("abreast_spacing"), tl.y, slow)


def _across(stair: Landmark, up: bool, right: bool) -> tuple[float, float]:
    """The unit vector to the right (or left) of one facing up (or down) the 階."""
    ux, uy = stair.top[0] - stair.point[0], stair.top[1] - stair.point[1]
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = (ux / norm, uy / norm) if up else (-ux / norm, -uy / norm)
    return (uy, -ux) if right else (-uy, ux)


def _step_aside(ctx: VerbContext, figure: str, direction: tuple[float, float], speed: float) -> None:
    tl = ctx.timeline(figure)
    d = ctx.param("small_move")
    tl.glide(tl.x + direction[0] * d, tl.y + direction[1] * d, speed)


@verb("盡階", kind="stairs", args="the 階", example="釋獲者: [{盡階: 西階}]")
def top_step(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """盡階 — climb to the top 等 without stepping onto the 堂: 「升自西階，盡階，不升堂，告于賓」〔000〕."""
    stair = _stair(ctx, action, members[0])
    for m in members:
        climb(ctx, m, stair, to_hall=False)


@verb("降", kind="stairs", args="the 階 (default: the nearest)", example="上耦: [{降: 西階, 三等: true}]",
      modifiers=("三等", "先", "少右", "少左"), group_mode="group")
def go_down(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """降 — go down a 階: 「降自西階」〔000〕. A pair with ``三等: true``: 「上射降三等，下射少右，從之，中等」〔000〕 —
    the follower starts down when the leader has gone down three 等 and keeps one 等 between them.
    At the foot the first down clears the way for the one behind; ``少右: true`` or ``少左: true`` names
    the side, ``small_move`` to his own right or left: 敖 「不胜者若下射也则旣降而少右上射则少左」〔001〕. The one
    behind then comes down on the other side of the 階's middle line, or on it.
    """
    stair = _stair(ctx, action, members[0])
    order = _pair_order(members, action)
    gap = 2 if action.mods.get("三等") else 1
    named = _across(stair, up=False, right=True) if action.mods.get("少右") else \
        _across(stair, up=False, right=False) if action.mods.get("少左") else None
    previous: list[float] | None = None
    for m in order:
        times = None
        if previous is not None:
            times = [previous[i + gap] if i + gap < len(previous)
                     else previous[-1] + (i + gap - len(previous) + 1) * ctx.param("stair_step_time")
                     for i in range(stair.steps or 1)]
        follower = bool(action.mods.get("三等")) and m != order[0]
        mirror = False
        if follower and named is not None:
            side = _aside(stair, ctx, ctx.timeline(m).pos)
            across = side[0] * named[0] + side[1] * named[1]
            follower, mirror = across < 0, across > 0  # his own side, unless the first went there: then the other
        previous = descend(ctx, m, stair, step_times=times, keep_side=follower, mirror=mirror)
        if m != order[-1] and named is not None:
            _step_aside(ctx, m, named, ctx.param("pace") * ctx.param("small_pace"))
        elif m != order[-1]:
            # Clear the foot of the 階 for the one behind: westward, or away from the side the one
            # behind comes down on (after his 少右).
            behind = _aside(stair, ctx, ctx.timeline(order[order.index(m) + 1]).pos)[0] if action.mods.get("三等") else 0.0
            away = 1.0 if behind < 0 else -1.0
            tl = ctx.timeline(m)
            tl.glide(tl.x + away * ctx.param("abreast_spacing") / 2, tl.y - ctx.param("body_radius") * 2,
                     ctx.param("pace") * ctx.param("small_pace"))
