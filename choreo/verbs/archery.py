"""The verbs the 大射 (seed 003) adds to the shooting: the arrow held 兼諸弦面鏃, the 次 where the bows are
given up, the range's implements taken away, a 侯's cord untied, and an order passed down a chain.

A venue's knowledge stays in its file: the 次 is whichever landmark is of kind ``tent`` (a figure inside
it is hidden: choreo/screening.py), a 侯's cord whichever is of kind ``cord``; nothing here knows their names.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from choreo.errors import ScriptError, suggest
from choreo.model import LOOSE_CORD, SIDE_HOLD
from choreo.script import Action
from choreo.timeline import bearing_of
from choreo.verbs import gestures
from choreo.verbs.registry import verb
from stage.vocabulary import CORD_LOOSED

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext

GIVE_UP = "授弓矢"


@verb("執一個", kind="gesture", args="nothing", example="司射: [執弓, 執一個]")
def hold_arrow_sideways(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """執一個 — hold one arrow along the string, point up: 「左執弓，右執一個，兼諸弦，面镞」〔003〕; 鄭
    「側持弦矢曰執。面猶尚也。兼矢于弦，尚镞，将止，變于射也」〔003〕, against 挾 (疏: 「方持弦矢曰挾」, 「以其将射故也」〔003〕).
    The archers hold their arrows so too when the shooting is over (``兼諸弦``). A state (``執`` events) from here until the arrow is shot, nocked across (挾), put in the belt
    (搢) or given up with the bow (授弓矢), or the bow is put down (釋弓): frames draw it unlike 挾.
    """
    ctx.event(members[0], SIDE_HOLD, gestures._duration(ctx, "執"), "兼諸弦面鏃")


def _screened_place(ctx: VerbContext, action: Action) -> str:
    """The place named, which must be a screened one, or the venue's only screened place."""
    places = [lm.name for lm in ctx.venue.landmarks_of("tent")]
    if action.arg is not None:
        name = str(action.arg)
        if name not in places:
            raise ScriptError(f"'{name}' is not a screened place of venue {ctx.venue.key} (a landmark of kind "
                              f"'tent'{': ' + '、'.join(places) if places else ''})", action.loc,
                              suggest(name, places))
        return name
    if len(places) != 1:
        raise ScriptError(f"venue {ctx.venue.key} has {len(places) or 'no'} screened places (landmarks of kind "
                          "'tent'); name the one meant", action.loc)
    return places[0]


def _spots(box: tuple[float, float, float, float], n: int, spacing: float) -> list[tuple[float, float]]:
    """n places inside the box, a body's spacing apart, row after row from its north-east corner."""
    x0, y0, x1, y1 = box
    margin = spacing / 2
    per_row = max(1, int((x1 - x0 - 2 * margin) // spacing) + 1)
    out = []
    for k in range(n):
        row, col = divmod(k, per_row)
        out.append((max(x0 + margin, x1 - margin - col * spacing), max(y0 + margin, y1 - margin - row * spacing)))
    return out


@verb("適次", kind="going", args="the screened place (default: the venue's one)", example="三耦: [{適次: 次}]",
      modifiers=("由", "面"), group_mode="group")
def go_into_shelter(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """適次 — go into the 次, the screened place where the archers take and give up their bows: 「司射猶袒、決、遂，
    左執弓，右執一個，兼諸弦，面镞，[適]次」 and 「矢不挾，兼諸弦，面镞，退[適]次，皆授有司弓矢，襲，反位」〔003〕 (適 is
    dropped in the seed copy: 「?次」). Each member goes to a spot of his own inside it (a modelling choice:
    a body's spacing apart from its north-east corner); inside he is hidden from view (the venue marks the
    place as a ``tent``), until he comes out. ``由`` names places to pass on the way.
    """
    name = _screened_place(ctx, action)
    lm = ctx.venue.landmarks[name]
    spacing = 2 * ctx.param("body_radius") + ctx.param("file_clearance")
    ways = action.mods.get("由")
    ways = [] if ways is None else ways if isinstance(ways, list) else [ways]
    for m, spot in zip(members, _spots(lm.geometry.bounds, len(members), spacing), strict=True):
        ctx.walk(m, spot, [ctx.place(str(w), m).point for w in ways])
        if "面" in action.mods:
            from choreo.script import parse_facing

            ctx.face(m, parse_facing(action.mods["面"], action.loc))


@verb("兼諸弦", kind="gesture", args="nothing", example="上耦上射: [兼諸弦, 退適次]")
def arrows_along_string(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """兼諸弦 — the arrow not nocked but held along the string, point up, as the 司射 holds his (執一個):
    「矢不挾，兼諸弦，面镞」〔003〕; 鄭 「不挾，亦謂執之如司射」〔003〕. The same state as 執一個."""
    hold_arrow_sideways(ctx, actor, members, action)


@verb("退適次", kind="going", args="the screened place (default: the venue's one)", example="三耦: [退適次]",
      modifiers=("由", "面"), group_mode="group")
def withdraw_into_shelter(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """退適次 — withdraw from the range into the 次: 「退[適]次，皆授有司弓矢，襲，反位」〔003〕. As 適次: each to a spot
    of his own inside, hidden from view while there."""
    go_into_shelter(ctx, actor, members, action)


@verb("授有司弓矢", kind="gesture", args="the 有司 who takes them (a figure)", example="上耦上射: [{授有司弓矢: 有司}]",
      arg_required=True)
def give_up_bow(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """授有司弓矢 — give the bow and arrows up to an attendant: 「皆授有司弓矢，襲，反位」〔003〕. The archer turns to
    the 有司 and hands him the bow (a contact, not a collision; the 有司 waits for each in turn); the
    arrow he held 兼諸弦 goes with it, which ends that hold (a ``授弓矢`` event).
    """
    figure = members[0]
    taker = str(action.arg)
    if not ctx.has_timeline(taker) or taker == figure:
        raise ScriptError(f"unknown figure '{taker}'", action.loc, suggest(taker, ctx.script.figures))
    me, them = ctx.timeline(figure), ctx.timeline(taker)
    t = max(me.t, them.t)
    x, y = them.position_at(t)
    ctx.face(figure, bearing_of(x - me.x, y - me.y))
    ctx.event(figure, GIVE_UP, 0.0, taker)
    gestures.hand_over(ctx, figure, (figure,), Action("授", {"what": "弓", "to": taker}, {}, action.loc))
    ctx.hand_over(figure, taker, gestures._thing(ctx, "矢"), ctx.timeline(figure).t)  # with the bow, his arrows
    ctx.record(figure, "授")


def remove(ctx: VerbContext, figure: str, action: Action) -> None:
    """退 with ``{what: OBJECTS, to: PLACE}``: take each object where it rests (or as he holds it), carry them
    to the place and set them down there, side by side."""
    arg = action.arg
    what = arg.get("what")
    if what is None:
        raise ScriptError("退 of implements needs {what: OBJECT or [OBJECTS], to: PLACE}", action.loc)
    things = [gestures._object_name(ctx, w) for w in (what if isinstance(what, list) else [what])]
    place = ctx.place(str(arg["to"]), figure)
    duration = ctx.param("dur.取")
    for thing in things:
        holder = ctx.holder(thing)
        if holder is not None and holder != figure:
            raise ScriptError(f"{thing.removeprefix('obj.')} is in the hands of {holder}, not {figure}", action.loc)
        if holder is None:
            x, y = ctx.timeline(thing).position_at(ctx.timeline(figure).t)
            ctx.walk(figure, _beside(ctx, figure, (x, y)))
            t = ctx.timeline(figure).t
            ctx.take(figure, thing, t, t + duration)
            ctx.event(figure, "取", duration, thing.removeprefix("obj."))
    ctx.walk(figure, (place.x, place.y))
    bare = not place.relation and place.anchor in ctx.venue.landmarks
    for k, thing in enumerate(things):
        t = ctx.timeline(figure).t
        tl = ctx.timeline(figure)
        # side by side, to his left and right, so that two things set down are not drawn as one
        side = (k - (len(things) - 1) / 2) * 1.2
        rad = math.radians(tl.facing + 90.0)
        spot = (tl.x + side * math.sin(rad), tl.y + side * math.cos(rad))
        ctx.set_down(figure, thing, t, t + duration, spot, place.anchor if bare else "")
        ctx.event(figure, "奠", duration, thing.removeprefix("obj."))


def _beside(ctx: VerbContext, figure: str, point: tuple[float, float]) -> tuple[float, float]:
    """Where he stands to take up a thing lying at ``point``: one approach short of it, on his side."""
    tl = ctx.timeline(figure)
    dx, dy = point[0] - tl.x, point[1] - tl.y
    d = math.hypot(dx, dy)
    reach = ctx.param("approach")
    if d <= reach:
        return tl.pos
    return (point[0] - dx / d * reach, point[1] - dy / d * reach)


@verb("解綱", kind="gesture", args="a cord (a landmark of kind cord), or a list of them",
      example="巾車: [{解綱: [大侯左下綱, 參侯左下綱]}]", arg_required=True)
def untie_cord(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """解綱 — untie a cord of a 侯: 「司馬正命退[楅]、解綱」, 「小臣師退[楅]，巾車、量人解左下綱」〔003〕; 鄭 「解猶釋也」〔003〕.
    For each cord named (the venue's landmarks of kind ``cord``: where each is tied, and whether it is tied
    when the rite begins) the figure walks to its post, faces along the cord and unties it: a ``解綱`` event
    whose detail is the cord; from then on it hangs loose and the frames draw it so. The 侯 is not taken
    down: 鄭 「諸所退射器皆俟，備君複射」〔003〕.
    """
    figure = members[0]
    names = action.arg if isinstance(action.arg, list) else [action.arg]
    cords = [lm.name for lm in ctx.venue.landmarks_of("cord")]
    for name in map(str, names):
        if name not in cords:
            raise ScriptError(f"'{name}' is not a cord of venue {ctx.venue.key} (a landmark of kind 'cord')",
                              action.loc, suggest(name, cords))
        lm = ctx.venue.landmarks[name]
        if lm.state == CORD_LOOSED or any(e.kind == LOOSE_CORD and e.detail == name for e in ctx.events()):
            raise ScriptError(f"{name} is already untied", action.loc)
        ctx.walk(figure, lm.point)
        ends = list(lm.geometry.coords) if lm.geometry is not None else [lm.point]
        far = max(ends, key=lambda p: math.dist(p, lm.point))  # the cord runs from its post to the 侯
        tl = ctx.timeline(figure)
        ctx.face(figure, bearing_of(far[0] - tl.x, far[1] - tl.y))
        ctx.event(figure, LOOSE_CORD, gestures._duration(ctx, "解綱"), name)


@verb("傳命", kind="pair", args="the words (optional)", example="司馬命: [{傳命: 退楅}]", group_mode="group")
def pass_order_down(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """傳命 — an order passed down a chain: 「司馬正命退[楅]、解綱」 → 「小臣師退[楅]，巾車、量人解左下綱」; 「司馬師命獲者以旌與
    薦俎退」〔003〕. The group's members in order: each gives the order (命) to the next, who assents (許諾) and
    passes it on. A giver farther than ``命距`` (a venue parameter, or 12 尺) from the next first walks towards
    him until he is that near (the short walk a command implies); they face each other for it. With
    ``{words: …, 距: N}`` the order carries N 尺 (a command called across the range: 鄭 「遙號令之可也」〔000〕).
    """
    if len(members) < 2:
        raise ScriptError(f"傳命 passes an order down a chain: '{actor}' has only one member", action.loc)
    arg = action.arg if isinstance(action.arg, dict) else {"words": action.arg}
    reach = float(arg["距"]) if "距" in arg else (
        ctx.param("命距") if "命距" in ctx.venue.params or "命距" in ctx.script.params else 12.0)
    words = "" if arg.get("words") is None else str(arg["words"])
    for giver, taker in zip(members, members[1:], strict=False):
        me, them = ctx.timeline(giver), ctx.timeline(taker)
        me.hold(max(me.t, them.t))
        x, y = them.pos
        d = math.dist(me.pos, (x, y))
        if d > reach:
            u = (d - reach) / d
            ctx.walk(giver, (me.x + (x - me.x) * u, me.y + (y - me.y) * u))
        ctx.face(giver, bearing_of(x - me.x, y - me.y))
        ctx.event(giver, "命", ctx.param("dur.命"), words)
        ctx.record(giver, "命")
        them.hold(me.t)
        ctx.face(taker, bearing_of(me.x - x, me.y - y))
        ctx.event(taker, "許諾", gestures._duration(ctx, "許諾"), words)
        ctx.record(taker, "許諾")


# 執弛弓 (the losers' unstrung bow) is choreo/verbs/gestures.py's: it takes the bow up and begins the
# Choreography's state 弛弓 (choreo/model.py BODY_STATES), which the frames draw.
for _name, _gloss in (("執張弓", "hold a strung bow, as the winners do when the losers drink: 「遂命勝者執張弓，不勝者執弛弓，升、飲，如初」〔003〕"),):
    gestures._gesture_verb(_name, _gloss, "nothing")
