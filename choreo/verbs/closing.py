"""The closing of the 鄉射 (seed 002): leaving the mat, the 俎 handed on and carried out, shoes off
below the 堂, cups passed along, coming down in reverse order, and going out and in by the 門.

A figure outside the 門 is outside the venue: the planner turns his 出 … 入 events into spans in
which his track is absent (``Track.absent``), so he is neither drawn nor checked there; his track
goes on where he waits outside, and he comes back through the 門.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from choreo.errors import ScriptError
from choreo.model import BECOME, ENTER, LEAVE, SHOES_OFF, SHOES_ON, TAKE_OVER
from choreo.script import Action, parse_facing
from choreo.timeline import bearing_of
from choreo.verbs import gestures, stairs
from choreo.verbs.going import go
from choreo.verbs.registry import verb

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext

GATE = "門"
OUTSIDE = "門外"


def is_outside(ctx: VerbContext, figure: str) -> bool:
    """Whether the figure is outside the venue now (an 出 not yet followed by an 入)."""
    return ctx.outside(figure)


def _gate(ctx: VerbContext):
    loc = ctx.action.loc if ctx.action else None
    return ctx.venue.landmark(GATE, loc)


def _last_passage(ctx: VerbContext, figure: str) -> float:
    """When the figure before this one in a group went through the 門 (-inf if none)."""
    times = [ev.t for ev in ctx.events() if ev.kind in (LEAVE, ENTER) and ev.step == ctx.step.id
             and ev.figure != figure]
    return max(times, default=-math.inf)


def _face_mod(ctx: VerbContext, figure: str, action: Action) -> None:
    if "面" in action.mods:
        ctx.face(figure, parse_facing(action.mods["面"], action.loc))


@verb("出", kind="going", args="the place outside (default 門外)", example="賓: [{出: 門外}]",
      modifiers=("面",), group_mode="group")
def go_out(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """出 — go out of the venue by the 門: 「宾出，众宾皆出，主人送于门外，再拜」〔002〕; 「司正以俎出，授从者」〔002〕.
    The figure walks to the 門, passes it (an ``出`` event) and walks on to the place outside; from
    then on he is outside the picture and the collision check until he comes back in (入). A group
    goes out one after another, the first named first, ``gate_gap`` seconds apart at the 門 (a venue parameter).
    """
    gate = _gate(ctx)
    outside = ctx.place(str(action.arg) if action.arg is not None else OUTSIDE)
    for m in members:
        if is_outside(ctx, m):
            raise ScriptError(f"{m} is already outside the 門", action.loc)
        tl = ctx.timeline(m)
        path = ctx.router(m).route(tl.pos, gate.point)
        length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
        earliest = _last_passage(ctx, m) + ctx.param("gate_gap") - length / ctx.param("pace")
        tl.hold(earliest)
        ctx.walk(m, gate.point)
        ctx.event(m, LEAVE, 0.0, GATE)
        tl.walk([tl.pos, (outside.x, outside.y)], ctx.param("pace"), ctx.param("turn_rate"))
        _face_mod(ctx, m, action)


@verb("入", kind="going", args="a place inside to go to (optional)", example="主人: [{入: 階前}]",
      modifiers=("面",), group_mode="group")
def come_in(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """入 — come back in by the 門: 「迎于门外，不拜，入，升」〔002〕. From where he waits outside the figure
    walks to the 門 and passes it (an ``入`` event): from then on he is drawn and checked again; with
    a place he walks on to it. A group comes in one after another, the first named first.
    """
    gate = _gate(ctx)
    for m in members:
        if not is_outside(ctx, m):
            raise ScriptError(f"{m} is not outside the 門: only one who went out (出) can come in", action.loc)
        tl = ctx.timeline(m)
        lead = math.dist(tl.pos, gate.point) / ctx.param("pace")
        tl.hold(_last_passage(ctx, m) + ctx.param("gate_gap") - lead)
        tl.walk([tl.pos, gate.point], ctx.param("pace"), ctx.param("turn_rate"))
        ctx.event(m, ENTER, 0.0, GATE)
        if action.arg is not None:
            go(ctx, m, (m,), action, str(action.arg))
        else:
            _face_mod(ctx, m, action)


def _below_the_hall(ctx: VerbContext, figure: str, word: str, action: Action) -> None:
    if ctx.router(figure).floor_of(ctx.timeline(figure).pos) != "庭":
        raise ScriptError(f"{figure} is not below the 堂: {word} is done in the 庭, at the foot of the 階 "
                          "(疏 「故皆说屦於堂下也」〔002〕)", action.loc)


@verb("說屨", kind="gesture", example="賓: [說屨, {升: 西階}]")
def shoes_off(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """說屨 — take the shoes off below the 堂 before going up to sit: 「主人以宾揖让，说屦，乃升。大夫及众宾皆说屦，升，坐」〔002〕;
    疏 「故皆说屦於堂下也」〔002〕, 「是以《燕礼》、《大射》臣皆说屦於阶下」〔002〕. A state the figure carries
    until 納屨: the frames mark his feet and the tracks have a ``說屨`` event. Only in the 庭.
    """
    figure = members[0]
    _below_the_hall(ctx, figure, "說屨", action)
    ctx.event(figure, SHOES_OFF, gestures._duration(ctx, SHOES_OFF))


@verb("納屨", kind="gesture", example="賓: [{降: 西階}, 納屨]")
def shoes_on(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """納屨 — put the shoes on again below the 堂 (the guests leave shod: 「宾降及阶，《陔》作。宾出」〔002〕; the
    word 納屨 is [NOT IN SEEDS], choice: it is the received name of the act). Ends the 說屨 state.
    """
    figure = members[0]
    _below_the_hall(ctx, figure, "納屨", action)
    ctx.event(figure, SHOES_ON, gestures._duration(ctx, SHOES_OFF))


@verb("降席", kind="going", args="where he stands off the mat", example="賓: [{降席: 賓席之北, 面: 北面}]",
      modifiers=("面", "由"), arg_required=True)
def leave_mat(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """降席 — step off one's mat: 「宾降席，北面。主人降席自南方，阼阶上北面。大夫降席，席东南面」〔002〕. The figure
    walks from his seat to the place named (by the way ``由`` names: 「自南方」) and faces as ``面`` says.
    ``降`` alone in the text names this too: 「宾降及阶」〔002〕 (from his mat to the head of the 階).
    """
    go(ctx, actor, members, action, str(action.arg))
    for m in members:
        ctx.record(m, "降")


@verb("升席", kind="going", args="the seat (default: his 位)", example="賓: [升席]", modifiers=("面",))
def take_mat(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """升席 — go onto one's mat (to sit: 「升，坐」〔002〕): the figure walks to the seat and faces the way
    it faces.
    """
    for m in members:
        target = str(action.arg) if action.arg is not None else ctx.station(m)
        place = ctx.place(target, m)
        ctx.walk(m, (place.x, place.y))
        if "面" in action.mods:
            ctx.face(m, parse_facing(action.mods["面"], action.loc))
        elif place.facing is not None:
            ctx.face(m, place.facing)


@verb("反奠", kind="gesture", args="an object", example="賓: [{取: 觶}, 飲, {反奠: 觶}]", arg_required=True)
def put_back(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """反奠 — put it back where it lay: 「宾与大夫坐，反奠于其所，兴」〔002〕. The object is set down at the place
    it rested before the figure last took it (where it was first set, if nobody set it down since).
    """
    figure = members[0]
    obj = gestures._object_name(ctx, action.arg)
    if ctx.holder(obj) != figure:
        raise ScriptError(f"{figure} does not carry {action.arg}", action.loc)
    held = [c for c in ctx.carries(obj) if c.carrier == figure and math.isinf(c.t1)][-1]
    rests = [c for c in ctx.carries(obj) if c.carrier is None and c.place is not None
             and c.t0 <= held.t0 + 1e-9]
    spot = rests[-1].place if rests else tuple(ctx.timeline(obj).samples[0][1:3])
    landmark = rests[-1].landmark if rests else ""
    t = ctx.timeline(figure).t
    duration = ctx.param("dur.取")
    ctx.set_down(figure, obj, t, t + duration, spot, landmark)
    ctx.event(figure, "奠", duration, str(action.arg))


@verb("還授", kind="turning", args="{what: OBJECT, to: FIGURE}", example="賓: [{取: 俎}, {還授: {what: 俎, to: 司正}}]",
      arg_required=True)
def turn_and_hand(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """還授 — turn round and hand it on: 「宾取俎，还授司正」〔002〕; 鄭 「凡言还者，明取俎各自乡其席」〔002〕 —
    he took the 俎 facing his own mat, so he turns (還) to face the one who receives it, then hands it
    over (授): a contact, not a collision.
    """
    figure = members[0]
    if not isinstance(action.arg, dict) or "to" not in action.arg:
        raise ScriptError("還授 needs {what: OBJECT, to: FIGURE}", action.loc)
    to = str(action.arg["to"])
    if not ctx.has_timeline(to):
        raise ScriptError(f"unknown figure '{to}'", action.loc)
    tl, them = ctx.timeline(figure), ctx.timeline(to)
    x, y = them.position_at(max(tl.t, them.t))
    ctx.face(figure, bearing_of(x - tl.x, y - tl.y))
    ctx.record(figure, "還")
    gestures.hand_over(ctx, figure, (figure,), Action("授", action.arg, {}, action.loc))
    ctx.record(figure, "授")


@verb("旅", kind="pair", args="the object passed", example="旅人: [{旅: 觶}]", group_mode="group",
      arg_required=True)
def pass_along(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """旅 — the cup passed along the line, each drinking and handing it to the next: 「宾觯以之主人，大夫之觯长受」〔002〕,
    「辩，卒受者兴，以旅在下者于西阶上」〔002〕. The group's members in order: the first holds the cup; each
    in turn drinks (飲) and hands it on (授) to the next, who has turned to him. The members stay
    where they are (a modelling choice: they sit next to each other; whoever must come to the
    giver walks there in a step of his own).
    """
    if len(members) < 2:
        raise ScriptError(f"旅 passes a cup along a line: '{actor}' has only one member", action.loc)
    what = str(action.arg)
    for giver, taker in zip(members, members[1:], strict=False):
        ctx.event(giver, "飲", gestures._duration(ctx, "飲"))
        a, b = ctx.timeline(giver), ctx.timeline(taker)
        ctx.face(taker, bearing_of(a.x - b.x, a.y - b.y))
        gestures.hand_over(ctx, giver, (giver,), Action("授", {"what": what, "to": taker}, {}, action.loc))
        ctx.record(giver, "授")
        ctx.record(giver, "飲")
    ctx.event(members[-1], "飲", gestures._duration(ctx, "飲"))
    ctx.record(members[-1], "飲")


@verb("逆降", kind="stairs", args="the 階 (default: the nearest)", example="舉觶者: [{逆降: 西階}]",
      group_mode="group")
def come_down_reversed(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """逆降 — come down in the reverse order of going up: 「举觯者逆降，洗，升实觯」〔002〕. The group went up in
    the order it is listed; the last listed comes down first, the others after him, two 等 empty between two.
    """
    stair = stairs._stair(ctx, action, members[0])
    previous: list[float] | None = None
    dt = ctx.param("stair_step_time")
    for k, m in enumerate(reversed(members)):
        times = None
        if previous is not None:
            # Two 等 empty between them: one (the archers' 「中等」〔000〕) is not quite a body's width.
            times = [previous[i + 3] if i + 3 < len(previous) else previous[-1] + (i + 4 - len(previous)) * dt
                     for i in range(stair.steps or 1)]
        previous = stairs.descend(ctx, m, stair, step_times=times)
        tl = ctx.timeline(m)
        # Clear the foot of the 階 for the one behind, towards the outside of the hall.
        side = -1.0 if stair.point[0] <= 0 else 1.0
        # Each a place further out, so that the file does not stand on itself.
        tl.glide(tl.x + side * ctx.param("abreast_spacing") * (len(members) - k), tl.y - ctx.param("body_radius"),
                 ctx.param("pace"))
    for m in members:
        ctx.record(m, "降")


@verb("為", kind="going", args="the figure he becomes", example="司馬: [{適: 司正位}, {為: 司正}]", arg_required=True)
def become(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """為 — the same man takes up another office: 疏 「後及司正为司马，与司射并行事」〔002〕 — the 司正 serves as
    the 司馬 while they shoot, and is the 司正 again for the closing (choice: the text that says so,
    「司馬反為司正」, is [NOT IN SEEDS]). The actor's disc gives way to the named figure's, in the same
    place and facing: the first is absent from then on (a ``為`` event), the second present (``代``).
    """
    figure = members[0]
    other = str(action.arg)
    if not ctx.has_timeline(other) or other == figure:
        raise ScriptError(f"為 needs another declared figure, not '{other}'", action.loc)
    tl, new = ctx.timeline(figure), ctx.timeline(other)
    t = max(tl.t, new.t)
    tl.hold(t)
    new.hold(t)
    new.samples.append([t, tl.x, tl.y, tl.facing])
    ctx.event(figure, BECOME, 0.0, other)
    ctx.event(other, TAKE_OVER, 0.0, figure)


for _name, _gloss in (("洗", "wash the cup at the 洗: 「举觯者皆洗觯，升，实之」〔002〕"),
                      ("實", "fill the cup from the 尊: 「升实觯」〔002〕")):
    gestures._gesture_verb(_name, _gloss, "the cup (optional)")
