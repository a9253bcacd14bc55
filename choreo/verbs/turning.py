"""Facing and turning: 北面 … 西南面, 負侯, 鄉, 左還, 右還, 還, 周.

左還 is counter-clockwise seen from above (bearing decreasing), 右還 clockwise (docs/domain.md §d.2).
Taken literally a 左還 always turns counter-clockwise, even when that is 270° (「既拾取乘矢，揖，
皆左還，南面揖」〔000〕 for the 上射 facing east); the parameter ``turn.literal_left`` = 0 makes it
take the short way instead (§f.16.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from choreo.script import FACINGS, parse_facing
from choreo.timeline import bearing_of
from choreo.verbs.registry import verb
from stage.vocabulary import BACK_TO_TARGET, FACING_WORDS

if TYPE_CHECKING:
    from choreo.script import Action
    from choreo.verbs.context import VerbContext


def _facing_verb(name: str, bearing: float):
    def run(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
        ctx.face(members[0], bearing)

    run.__doc__ = (f"{name} — face {'north east south west'.split()[int(bearing // 90)] if bearing % 90 == 0 else 'that way'}"
                   f" (bearing {bearing:g}°), turning in place the short way. "
                   "E.g. 「當階，北面揖」〔000〕, 「司射先立于所設中之西南，東面」〔000〕, 「西南面立于物[間]」〔000〕.")
    verb(name, kind="facing", example=f"司射: [{name}]")(run)


for _name, _bearing in FACINGS.items():
    _facing_verb(_name, _bearing)


@verb("負侯", kind="facing", example="獲者: [{適: 侯}, 負侯]")
def back_to_target(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """負侯 — stand with one's back to the 侯, facing north: 「執旌負侯而俟」〔000〕; 鄭 「負侯，負侯中也」〔000〕."""
    ctx.face(members[0], FACING_WORDS[BACK_TO_TARGET])


@verb("鄉", kind="facing", args="a place or a figure", example="司射: [{鄉: 上耦上射}]", arg_required=True)
def face_toward(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """鄉 — face toward X: 鄭 「東面鄉之」〔000〕."""
    tl = ctx.timeline(members[0])
    place = ctx.place(str(action.arg), members[0])
    ctx.face(members[0], bearing_of(place.x - tl.x, place.y - tl.y))


def _turn(ctx: VerbContext, figure, action, direction):
    tl = ctx.timeline(figure)
    target = parse_facing(action.arg, action.loc) if action.arg is not None else (tl.facing + 180.0) % 360.0
    if direction == "ccw" and ctx.param("turn.literal_left") < 0.5:
        direction = "short"
    delta = tl.turn(target, direction, ctx.param("turn_rate"))
    if abs(delta) < 1e-9 and action.arg is None:
        tl.rotate(-360.0 if direction == "ccw" else 360.0, ctx.param("turn_rate"))


@verb("左還", kind="turning", args="the facing to end in (default: about-face)",
      example="上耦上射: [{左還: 西面}]")
def turn_left(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """左還 — turn to one's left, counter-clockwise: 鄭 「還，左還也」〔000〕; 疏 on the 上射 at the 楅
    「言“左還”者，以左手向外而西回」〔000〕. Always counter-clockwise unless ``turn.literal_left`` is 0.
    """
    _turn(ctx, members[0], action, "ccw")


@verb("右還", kind="turning", args="the facing to end in (default: about-face)", example="司射: [{右還: 東面}]")
def turn_right(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """右還 — turn clockwise: 疏 「司射[卻]來向三耦之北，東面，明司射[卻]時，右還西南，東面也」〔000〕."""
    _turn(ctx, members[0], action, "cw")


@verb("還", kind="turning", args="the facing to end in", example="司射: [{還: 西面}]", arg_required=True)
def turn(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """還 — turn (direction unstated): the short way. Where 鄭 names it (「還，左還也」〔000〕) write 左還."""
    _turn(ctx, members[0], action, "short")


@verb("周", kind="turning", args="nothing", example="上耦上射: [{左還: 西面}, 周]")
def full_circle(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """周 — go on turning the same way round to the facing one started from: 鄭 「不言毋周，在阼非君，周可也」〔000〕.

    Continues counter-clockwise (after a 左還) to complete the circle back to the facing held
    before that 左還.
    """
    tl = ctx.timeline(members[0])
    before = [s[3] for s in tl.samples]
    # The 左還 is the last run of decreasing facings; a walk after it (「左還，退反位」〔000〕) leaves
    # equal facings at the end, which are skipped so that they do not hide the turn.
    i = len(before) - 1
    while i > 0 and abs(before[i] - before[i - 1]) <= 1e-9:
        i -= 1
    while i > 0 and before[i] < before[i - 1] - 1e-9:
        i -= 1
    start = before[i]
    remaining = 360.0 - abs(tl.facing - start)
    if remaining > 1e-6:
        tl.rotate(-remaining, ctx.param("turn_rate"))


@verb("毋周", kind="turning", args="the facing to return to", example="上射: [{左還: 西面}, {毋周: 東面}]",
      arg_required=True)
def no_full_circle(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """毋周 — do not complete the circle: turn back the way one came. 大射 「左旋，毋周，反面揖」 with 鄭
    「毋周，右還而反東面也。君在阼，還周則下射將背之」 (quoted in the 疏 of 000). After a 左還 the figure
    returns clockwise (右還), and after a 右還 counter-clockwise.
    """
    tl = ctx.timeline(members[0])
    facings = [s[3] for s in tl.samples]
    last_turn = next((b - a for a, b in zip(facings[-2::-1], facings[::-1], strict=False) if abs(b - a) > 1e-9), 0.0)
    _turn(ctx, members[0], action, "cw" if last_turn < 0 else "ccw")
