"""Gestures that take time without moving, and objects taken, handed and set down.

Each is an Event in the Choreography (揖, 拜, 坐, 興, 射 …) lasting the venue's ``dur.<verb>``.
Objects (``obj.NAME`` in the script's ``objects``) move with whoever carries them: 取 picks one
up, 授 hands it to someone (a contact the text requires, not a collision), 設/奠/委/倚 set it
down at a place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from choreo.errors import ScriptError
from choreo.script import Action
from choreo.verbs.registry import verb

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext

_SIMPLE = {
    "揖": ("bow with the hands pushed forward: 疏 「是以推手為揖」〔000〕; 「當階，北面揖」〔000〕", "to whom (optional)"),
    "相揖": ("bow to each other in passing: 「升射者相左，交于階前，相揖」〔000〕 (each party writes it)", "nothing"),
    "拜": ("bow to the ground: 「北面拜受爵」〔000〕", "nothing"),
    "命": ("give a command (the words, optional): 「北面命曰：“不鼓不釋」〔000〕", "the words"),
    "告": ("report: 「北面告于賓」〔000〕", "the words"),
    "許諾": ("assent: 「獲者執旌許諾」〔000〕", "nothing"),
    "南揚弓": ("raise the bow towards the south: 「右執簫，南揚弓，命去侯」〔000〕; 疏 「揚弓者，向乏而揚之」〔000〕", "nothing"),
    "揖弓": ("push the bow forward: 「揖弓，命取矢」〔000〕; 疏 「揖弓者向侯而揖之」〔000〕", "nothing"),
    "偃旌": ("lower the flag: 「坐，東面偃旌」〔000〕; 鄭 「偃猶什也」〔000〕", "nothing"),
    "舉旌": ("raise the flag: 「舉旌以宮，偃旌以商」〔000〕", "nothing"),
    "束": ("bind: 「大夫之矢，則兼束之以茅，上握焉」〔000〕 (the 茅 stays on the arrows)", "what with"),
    "乘": ("count the arrows in fours: 「左右撫矢而乘之」〔000〕; 鄭 「四四數分之也」〔000〕 (they stay where they lie)",
           "what is counted"),
    "袒": ("bare the left arm (and put on 決, 遂): 「三耦皆袒、決、遂」 (the 經 of 000)", "nothing"),
    "襲": ("cover the arm again: 「襲而俟于堂西」〔000〕", "nothing"),
    "飲": ("drink: 「立卒觶」〔000〕", "nothing"),
    "祭": ("make an offering: 「俎與薦皆三祭」〔000〕", "nothing"),
    "視": ("watch: 「北面視上射」〔000〕", "what is watched"),
    "搢": ("stick arrows (or the 撲) into the belt: 「[搢]三而挾一個」〔000〕, 鄭 「插於帶右」", "nothing"),
    "挾": ("hold an arrow across the string: 「改取一個，挾之」〔000〕", "nothing"),
    "執弦": ("hold the string with the right hand, arrows spent: 「執弓不挾，右執弦」〔000〕", "nothing"),
    "說決拾": ("take off the thumb-ring and arm-guard: 「釋弓，說決拾，襲」〔000〕", "nothing"),
}


def _duration(ctx: VerbContext, name: str) -> float:
    key = f"dur.{name}"
    return ctx.param(key) if key in ctx.venue.params or key in ctx.script.params else ctx.param("dur.揖")


def _gesture_verb(name: str, gloss: str, args: str):
    def run(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
        detail = "" if action.arg is None else str(action.arg)
        ctx.event(members[0], name, _duration(ctx, name), detail)

    run.__doc__ = f"{name} — {gloss}. An event lasting ``dur.{name}`` (or ``dur.揖``); no movement."
    verb(name, kind="gesture", args=args, example=f"司射: [{name}]")(run)


for _name, (_gloss, _args) in _SIMPLE.items():
    _gesture_verb(_name, _gloss, _args)


def _thing(ctx: VerbContext, name) -> str:
    """A declared object's figure name (obj.NAME), else the thing as the script names it (弓, 酒)."""
    name = str(name)
    return _object_name(ctx, name) if f"obj.{name.removeprefix('obj.')}" in ctx.script.figures else name


def _with_the_bow(ctx: VerbContext, action: Action) -> list[str]:
    """The things named with 執弓 / 釋弓 (``{釋弓: 矢}`` for 「釋弓矢」): handled with the bow, in one gesture."""
    arg = action.arg
    names = [] if arg is None else arg if isinstance(arg, list) else [arg]
    return [_thing(ctx, name) for name in names]


@verb("執弓", kind="gesture", args="nothing, or what is taken up with it (矢)", example="三耦: [執弓]")
def hold_bow(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """執弓 — hold the bow: 「三耦皆執弓」〔000〕. An event lasting ``dur.執弓`` (or ``dur.揖``):
    he takes the bow up unless it is already in his hand. ``{執弓: 矢}`` takes the arrows up with it
    (「取弓于階西，挾一個」〔000〕)."""
    _hold_bow(ctx, members[0], action)


@verb("執弛弓", kind="gesture", args="nothing, or what is taken up with it (矢)", example="上耦下射: [執弛弓]")
def hold_unstrung_bow(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """執弛弓 — hold the bow unstrung, as the losers do to drink: 「右加弛弓于其上」〔000〕, 「不勝者執弛弓」〔003〕.
    An event 執弛弓 lasting ``dur.執弛弓`` (or ``dur.揖``); he takes the bow up as with 執弓, and is in the
    Choreography's state 弛弓 until he puts it down."""
    _hold_bow(ctx, members[0], action, "執弛弓")


def _hold_bow(ctx: VerbContext, figure: str, action: Action, kind: str = "執弓") -> None:
    bow = _thing(ctx, "弓")
    t = ctx.timeline(figure).t
    duration = _duration(ctx, kind)
    if not bow.startswith("obj.") or ctx.holder(bow) is None:
        ctx.take(figure, bow, t, t + duration)
    for thing in _with_the_bow(ctx, action):
        ctx.take(figure, thing, t, t + duration)
    ctx.event(figure, kind, duration)


@verb("釋弓", kind="gesture", args="nothing, or what is laid down with it (矢)", example="上耦上射: [{釋弓: 矢}]")
def put_bow_down(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """釋弓 — put the bow down: 「[適]堂西，釋弓，襲」〔000〕. An event lasting ``dur.釋弓`` (or ``dur.揖``):
    the bow leaves his hand where he stands. ``{釋弓: 矢}`` lays the arrows down with it, where the
    text says 「釋弓矢」 (「司射[適]階西，釋弓矢，去撲」〔000〕)."""
    figure, bow = members[0], _thing(ctx, "弓")
    t = ctx.timeline(figure).t
    duration = _duration(ctx, "釋弓")
    for thing in (bow, *_with_the_bow(ctx, action)):
        ctx.set_down(figure, thing, t, t + duration, ctx.timeline(figure).pos)
    ctx.event(figure, "釋弓", duration)


@verb("坐", kind="gesture", example="獲者: [坐, 偃旌, 興]")
def kneel(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """坐 — kneel-sit: 「以至于乏，坐，東面偃旌，興而俟」〔000〕. The posture lasts until 興."""
    ctx.event(members[0], "坐", ctx.param("dur.坐"))


@verb("興", kind="gesture", example="獲者: [興]")
def rise(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """興 — rise from kneeling: 「興而俟」〔000〕."""
    ctx.event(members[0], "興", ctx.param("dur.興"))


@verb("俟", kind="gesture", args="seconds, or a figure to wait for", example="獲者: [{俟: 司馬}]")
def wait(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """俟 — wait: 鄭 「俟，待也」〔000〕. With a number, that many seconds; with a figure, until he has
    done what he does in this step (he must be listed above); alone, ``dur.俟``.
    """
    tl = ctx.timeline(members[0])
    if action.arg is None:
        tl.hold(tl.t + ctx.param("dur.俟"))
    elif isinstance(action.arg, int | float) and not isinstance(action.arg, bool):
        tl.hold(tl.t + float(action.arg))
    elif ctx.has_timeline(str(action.arg)):
        tl.hold(ctx.timeline(str(action.arg)).t)
    else:
        raise ScriptError(f"俟 takes seconds or a figure, not '{action.arg}'", action.loc)
    ctx.event_at(members[0], "俟", ctx.timeline(members[0]).t)



def _object_name(ctx: VerbContext, value) -> str:
    name = str(value)
    full = name if name.startswith("obj.") else f"obj.{name}"
    if full not in ctx.script.figures:
        raise ScriptError(f"unknown object '{name}' (declare it under 'objects')", ctx.action.loc)
    return full


@verb("取", kind="gesture", args="an object", example="司射: [{取: 撲}]")
def take(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """取 — take up: 「取撲，[搢]之」〔000〕; 「取弓于階西」. Declared objects then move with the taker."""
    figure = members[0]
    detail = "" if action.arg is None else str(action.arg)
    if action.arg is not None:
        t = ctx.timeline(figure).t
        ctx.take(figure, _thing(ctx, action.arg), t, t + ctx.param("dur.取"))
    ctx.event(figure, "取", ctx.param("dur.取"), detail)


@verb("授", kind="gesture", args="{what: OBJECT, to: FIGURE}", example="弟子1: [{授: {what: 弓, to: 上耦上射}}]",
      arg_required=True)
def hand_over(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """授 — hand something over: 「有司左執[弣]，右執弦，而授弓」〔000〕. The two touch: a contact, not a collision.
    The receiver waits for it (he must be listed above, or be idle).
    """
    figure = members[0]
    if not isinstance(action.arg, dict) or "to" not in action.arg:
        raise ScriptError("授 needs {what: OBJECT, to: FIGURE}", action.loc)
    to = str(action.arg["to"])
    if to not in ctx.script.figures:
        from choreo.errors import suggest

        raise ScriptError(f"unknown figure '{to}'", action.loc, suggest(to, ctx.script.figures))
    what = str(action.arg.get("what", ""))
    me, them = ctx.timeline(figure), ctx.timeline(to)
    t = max(me.t, them.t)
    me.hold(t)
    them.hold(t)
    duration = ctx.param("dur.授")
    if what:
        ctx.hand_over(figure, to, _thing(ctx, what), t + duration)
    ctx.event(figure, "授", duration, what)
    ctx.event_at(to, "受", t, ctx.param("dur.授"), what)
    them.hold(t + duration)
    ctx.contact(figure, to, t, t + duration, what)
    ctx.record(to, "受")


@verb("受", kind="gesture", args="{what: OBJECT, from: FIGURE}", example="釋獲者: [{受: {what: 算, from: 執算者}}]",
      arg_required=True)
def receive(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """受 — receive something: 「興受[算]」〔000〕; 「北面拜受爵」〔000〕. The giver hands it over (授): a
    contact, not a collision. The giver must be idle or listed above.
    """
    if not isinstance(action.arg, dict) or "from" not in action.arg:
        raise ScriptError("受 needs {what: OBJECT, from: FIGURE}", action.loc)
    giver = str(action.arg["from"])
    if not ctx.has_timeline(giver):
        from choreo.errors import suggest

        raise ScriptError(f"unknown figure '{giver}'", action.loc, suggest(giver, ctx.script.figures))
    mirrored = Action("授", {"what": action.arg.get("what", ""), "to": members[0]}, {}, action.loc)
    hand_over(ctx, giver, (giver,), mirrored)
    ctx.record(giver, "授")



def _set_down(name: str, gloss: str):
    def run(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
        figure = members[0]
        arg = action.arg
        parts: tuple[tuple[str, str], ...] = ()
        if isinstance(arg, dict):
            what, where = arg.get("what"), arg.get("at")
            parts = tuple((str(k), str(v)) for k, v in (arg.get("parts") or {}).items())
        else:
            what, where = arg, None
        duration = ctx.param("dur.取")
        t = ctx.timeline(figure).t
        if what is not None:
            thing = _thing(ctx, what)
            if thing.startswith("obj.") and ctx.holder(thing) != figure:
                raise ScriptError(f"{figure} does not carry {what}", action.loc)
            place = ctx.place(str(where), figure) if where is not None else None
            spot = (place.x, place.y) if place is not None else ctx.timeline(figure).pos
            bare = place is not None and not place.relation and place.anchor in ctx.venue.landmarks
            landmark = place.anchor if bare else ""
            ctx.set_down(figure, thing, t, t + duration, spot, landmark, parts)
        ctx.event(figure, name, duration, "" if what is None else str(what))

    run.__doc__ = (f"{name} — {gloss}. With {{what: OBJECT, at: PLACE}} the object is left at that place; "
                   "``parts: {脯: 西, 醢: 東}`` says how its parts lie there (each a direction from its place: "
                   "the 薦's 籩 of 脯 and 豆 of 醢, 鄭 「設籩在東，豆在西」〔000〕).")
    verb(name, kind="gesture", args="an object, or {what: OBJECT, at: PLACE}",
         example=f"弟子1: [{{{name}: {{what: 楅, at: 楅}}}}]")(run)


_set_down("設", "set something in place: 「乃設[楅]于中庭，南當洗，東肆」〔000〕")
_set_down("奠", "put down: 「南面坐奠于豐上」〔000〕")
_set_down("委", "lay down: 「北面坐委于[楅]，北括」〔000〕")
_set_down("倚", "lean against: 「去撲，倚于西階之西」〔000〕")
