"""Path constraints: the modifiers a going verb takes (由X之南, 鉤楹, 還其後, 相左 …).

Each becomes one or more via points the route must pass through, placed ``relation_offset``
尺 from the named landmark or figure on the named side. The checker tests the result
independently (passes_south_of, around, passes_left), so a constraint the route cannot honour
shows up as a failed check rather than being silently assumed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from choreo.errors import ScriptError
from choreo.timeline import XY
from choreo.verbs.registry import modifier

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext



@dataclass(frozen=True)
class Meeting:
    """The point a party of a 相左 passes, and whom it passes there."""

    point: XY
    partner: str


SIDES = {"南": (0.0, -1.0), "北": (0.0, 1.0), "東": (1.0, 0.0), "西": (-1.0, 0.0)}
MOTION_MODIFIERS = ("由", "出于", "鉤楹", "過楹", "還其後", "相左", "面", "并行", "耦少退", "徐")

modifier("由", args="X之南 / X之北 / X之東 / X之西 / X之後 (a list for several)",
         example="- {適: 堂西, 由: 司馬之南}",
         doc="Pass on that side of X: 「由司馬之南[適]堂西」〔000〕; 「三耦皆進，由司射之西」〔000〕. "
             "後 is behind a figure, opposite his facing: 「由上射之後」〔000〕. A figure named here is "
             "where he is at that moment; write 司射位之南 for his station.")
modifier("出于", args="X之南 … (as 由)", example="- {降: 西階, 出于: 其位南}",
         doc="Leave going past that side of X: 「出于司射之南，升自西階」〔000〕; 「降，出于其位南，[適]堂西」〔000〕 "
             "(疏 「今乃[適]位南，而北回[適]堂西者，取教眾耦威儀之法故也」〔000〕). 其位 is the actor's own 位.")
modifier("鉤楹", args="the 楹 (default: the venue's alias 楹, the 西楹)", example="- {適: 物間, 鉤楹: 西楹}",
         doc="Hook round the pillar: 鄭 「鉤楹，繞楹而東也」〔000〕; 疏 「北而東也」〔000〕, for the 司馬 "
             "「於西楹西而北，東行過」〔000〕: up the west side of the 楹, then east along its north side "
             "(mirrored when coming back west).")
modifier("過楹", args="the 楹 (default: the venue's alias 楹, the 西楹)", example="- {當: 左物, 過楹: 西楹}",
         doc="Pass the 楹 as the venue has it: 「豫則鉤楹內，堂則由楹外」〔000〕 — in the 榭 north of it "
             "(鉤楹內, 疏 「物近北，故過由楹北也」〔000〕), in the 庠 south of it (由楹外, 「故過由楹南也」〔000〕).")
modifier("還其後", args="the figure gone round", example="- {適: 西階上, 還其後: 上耦下射}",
         doc="Go round behind a figure: 「司馬出于下射之南，還其後，降自西階」〔000〕; 鄭 「圍下射者，明為二人命去侯」〔000〕; "
             "疏 「乃圍下射之後」〔000〕. The path passes south of him, round his east side and back west "
             "north of him: a counter-clockwise loop.")
modifier("相左", args="the figure met, or {with: FIGURE, at: PLACE}",
         example="- {進: 堂下西階之東, 相左: {with: 司馬, at: 階前}}",
         doc="Pass each other keeping each other on the left: 疏 「司馬由北而西行，司射由南而東行，各以左相迎，"
             "故云相左也」〔000〕. Both parties declare it; each passes the meeting place a little to his own "
             "right, and the planner delays the earlier so that they reach it together. A walk whose place "
             "is the meeting place itself stops there, each on his own right of it, level with the other "
             "(「與升飲者相左，交于階前，相揖」〔000〕: they meet and bow).")
modifier("面", args="the facing on arrival (北面 … 西南面)", example="- {適: 司射位, 面: 東面}",
         doc="Arrive and face that way (turning the short way), e.g. 「立于其西南，東面北上」〔000〕.")
modifier("并行", args="true, or the member on the left", example="- {進: 當階, 并行: 上耦上射}",
         doc="A pair walks abreast: 「上射在左，并行」〔000〕; 鄭 「并東行」. The named member (default the first, "
             "the 上射) is on the left of the way they walk and stand.")
modifier("耦少退", args="true", example="- {進: 當階, 耦少退: true}",
         doc="The partner walks a little behind: 「揖進，耦少退」〔000〕, 鄭 「耦於庭，不并行，尊大夫也」〔000〕. "
             "The second member keeps `small_move` 尺 behind the first.")
modifier("徐", args="seconds the walk takes", example="- {適: 乏, 徐: 40}",
         doc="Walk so as to take that long (a call 「聲不絕，以至于乏」〔000〕 lasts the walk). A modelling "
             "convenience, not a word of the text.")


def side_point(point: XY, side: str, distance: float) -> XY:
    dx, dy = SIDES[side]
    return (point[0] + dx * distance, point[1] + dy * distance)


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def pillar_via(ctx: VerbContext, pillar_name: Any, start: XY, goal: XY, inside: bool) -> list[XY]:
    """Via points round a 楹: inside (north, 鉤楹) or outside (south, 由楹外)."""
    # No 楹 named: the bare word, which the venue's aliases resolve (楹 → 西楹 in the 鄉射's halls).
    name = str(pillar_name) if pillar_name not in (None, True) else "楹"
    pillar = ctx.place(name)
    d = ctx.param("relation_offset")
    if not inside:
        return [(pillar.x, pillar.y - d)]
    # Up the side facing the start, then across the north of the 楹 (reversed on the way back).
    near_side = (pillar.x - d if start[0] < pillar.x else pillar.x + d, pillar.y)
    far_side = (pillar.x - d if goal[0] < pillar.x else pillar.x + d, pillar.y)
    north = (pillar.x, pillar.y + d)
    points = [near_side, north]
    if (far_side[0] - pillar.x) * (near_side[0] - pillar.x) < 0 and goal[1] < pillar.y:
        points.append(far_side)
    return points


def loop_behind(ctx: VerbContext, figure_name: Any) -> list[XY]:
    """還其後: south of him, east of him, north of him (counter-clockwise), then west of him."""
    p = ctx.place(str(figure_name))
    d = ctx.param("relation_offset")
    return [side_point((p.x, p.y), s, d) for s in ("南", "東", "北", "西")]


FIGURE_SIDE = re.compile(r"^(?P<name>.+?)之(?P<side>南|北|東|西|後|前)$")


def relation_points(ctx: VerbContext, figure: str, value: Any) -> list[XY]:
    points = []
    for expr in _as_list(value):
        m = FIGURE_SIDE.match(str(expr))
        if m and ctx.has_timeline(m.group("name")) and m.group("name") != figure:
            points.append(_beside_figure(ctx, figure, m.group("name"), m.group("side")))
            continue
        place = ctx.place(str(expr), figure)
        points.append((place.x, place.y))
    return points


def _beside_figure(ctx: VerbContext, walker: str, other: str, side: str) -> XY:
    """A point on that side of a standing figure, clear of him and of anyone standing near him.

    ``relation_offset`` if that spot is free; otherwise the nearest free distance, closer first
    (down to two bodies' width) and then further out (a modelling choice: one passes between
    people standing 4 尺 apart rather than walking round the whole group).
    """
    t = ctx.timeline(walker).t
    centre = ctx.timeline(other).position_at(t)
    if side in ("後", "前"):
        # Behind a figure is opposite his facing: 「由上射之後」〔000〕 (a south-facing archer's back is north).
        facing = ctx.timeline(other).samples[-1][3] if t >= ctx.timeline(other).t else _facing_at(ctx, other, t)
        rad = math.radians(facing + (180.0 if side == "後" else 0.0))
        side_vec = (math.sin(rad), math.cos(rad))
    else:
        side_vec = SIDES[side]
    need = 2 * ctx.param("body_radius") + ctx.param("beside_margin")
    preferred = ctx.param("relation_offset")
    step_in, step_out = ctx.param("beside_step_in"), ctx.param("beside_step_out")
    candidates = [preferred, *[need + step_in * k for k in range(int((preferred - need) / step_in) + 1)],
                  *[preferred + step_out * k for k in range(1, int(ctx.param("beside_tries_out")) + 1)]]
    others = [p for name, p in ctx.positions(t).items()
              if name not in (walker, other) and not name.startswith("obj.")]
    for d in candidates:
        p = (centre[0] + side_vec[0] * d, centre[1] + side_vec[1] * d)
        if all(math.dist(p, q) >= need for q in others):
            return p
    return (centre[0] + side_vec[0] * preferred, centre[1] + side_vec[1] * preferred)


def _facing_at(ctx: VerbContext, figure: str, t: float) -> float:
    rows = [s for s in ctx.timeline(figure).samples if s[0] <= t]
    return rows[-1][3] if rows else ctx.timeline(figure).samples[0][3]


def via_points(ctx: VerbContext, figure: str, start: XY, goal: XY, mods: dict[str, Any],
               lateral: float = 0.0) -> tuple[list[XY], Meeting | None]:
    """The via points the modifiers ask for, in the order written; and the 相左, if any.

    ``lateral`` is this walker's offset to the left of a pair's centre line (并行), so that a pair
    passing another pair (相左) keeps its formation.
    """
    via: list[XY] = []
    meeting: Meeting | None = None
    for key, value in mods.items():
        here = via[-1] if via else start
        if key in ("由", "出于"):
            via.extend(relation_points(ctx, figure, value))
        elif key == "鉤楹":
            via.extend(pillar_via(ctx, value, here, goal, inside=True))
        elif key == "過楹":
            inside = ctx.venue.options.get("path_past_pillar", "鉤楹內") == "鉤楹內"
            ctx.record(figure, "鉤楹內" if inside else "由楹外")
            via.extend(pillar_via(ctx, value, here, goal, inside=inside))
        elif key == "還其後":
            via.extend(loop_behind(ctx, value))
        elif key == "相左":
            meeting = meeting_point(ctx, figure, value, here, goal, lateral)
            via.append(meeting.point)
    return via, meeting


def meeting_point(ctx: VerbContext, figure: str, value: Any, here: XY, goal: XY,
                  lateral: float = 0.0) -> Meeting:
    """The point a party of a 相左 passes (the meeting place, shifted to his own right) and whom he meets.

    A pair (or anyone walking beside someone) shifts by half its own width more, and each member
    keeps his place in it: each party then has the other on its left (疏 「各以左相迎」〔000〕).
    """
    if isinstance(value, dict):
        partner, at = value.get("with"), value.get("at")
    else:
        partner, at = value, None
    loc = ctx.action.loc if ctx.action else None
    known = {**ctx.script.figures, **ctx.script.groups}
    if partner is None or str(partner) not in known:
        from choreo.errors import suggest

        raise ScriptError(f"相左 needs the figure or pair met ('with'), got '{partner}'", loc,
                          suggest(str(partner), known) if partner is not None else None)
    if at is None:
        raise ScriptError("相左 needs the place where they pass ('at'), e.g. {with: 司馬, at: 階前}", loc)
    centre = ctx.place(str(at), figure)
    heading = (goal[0] - here[0], goal[1] - here[1])
    norm = math.hypot(*heading) or 1.0
    right = (heading[1] / norm, -heading[0] / norm)
    shift = ctx.param("pass_spacing") / 2.0 + abs(lateral) - lateral
    return Meeting((centre.x + right[0] * shift, centre.y + right[1] * shift), str(partner))
