"""The banquet after the 大射 (seed 003): the 公 coming down one 等, cups poured, presented and sent up,
bows below the 堂 and on it, answers, and the 薦 set before those toasted.

Where the act is the 鄉射's (說屨, 降席, 升席, 旅, 出 / 入, 洗, 還授), the closing's verbs serve
(choreo/verbs/closing.py). What the 鄉射 lacks is here; each verb quotes its text of 003.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from choreo.errors import ScriptError
from choreo.script import Action
from choreo.timeline import bearing_of
from choreo.verbs import gestures, stairs
from choreo.verbs.registry import verb
from stage.vocabulary import FACINGS

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext

# Said with its words, lasting dur.NAME (or dur.揖): events in place.
_SAID = {
    "酌": ("pour from a 尊: 「主人洗、酌，獻士于西階上」〔003〕; 鄭 「主人既酌，西面，士旅食北面受之」〔003〕", "the 尊 (optional)"),
    "辭": ("decline an honour on another's behalf: 「公降一等，小臣正辭」〔003〕", "nothing"),
    "對": ("answer a command: 「皆興，對曰：“諾，取不醉！”」 (the 經 of 003); 鄭 「興對必降席，敬也」〔003〕", "the words"),
    "安": ("sit at ease, as the ruler bids: 「公以賓及卿、大夫皆坐，乃安」〔003〕", "nothing"),
    "薦": ("have the 薦 (脯醢) set before one, the figure named being the one served: 「乃薦司正與射人于觯南」〔003〕, "
          "「乃薦士」〔003〕 (the text names nobody who sets them)", "nothing"),
}


for _name, (_gloss, _args) in _SAID.items():
    gestures._gesture_verb(_name, _gloss, _args)


def _bows(ctx: VerbContext, figure: str, kind: str, times: int) -> None:
    """``times`` bows as one event of ``kind`` lasting that many ``dur.拜``."""
    ctx.event(figure, kind, times * ctx.param("dur.拜"))


@verb("再拜稽首", kind="gesture", example="賓: [{升: 西階}, 北面, 再拜稽首]")
def bow_twice_to_the_ground(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """再拜稽首 — bow twice, the head to the ground: 「賓升再拜稽首，公答再拜」〔003〕 (a subject to his ruler). One
    event lasting twice ``dur.拜``; no movement.
    """
    for m in members:
        _bows(ctx, m, "再拜稽首", 2)


@verb("答再拜", kind="gesture", example="公: [答再拜]")
def answer_with_two_bows(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """答再拜 — answer with two bows: 「賓升再拜稽首，公答再拜」〔003〕 (鄭 notes a variant 「公答拜，無再拜」〔003〕).
    One event lasting twice ``dur.拜``.
    """
    for m in members:
        _bows(ctx, m, "答再拜", 2)


@verb("下拜", kind="stairs", args="the 階 (default: the nearest)", example="賓: [{下拜: 西階}]")
def bow_below(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """下拜 — go down the 階 to bow below the 堂: 「賓降洗，升，媵觯于公，酌散，下拜」〔003〕. The figure goes down
    to the foot, faces north (towards the 堂 and the 公) and begins a 拜 (an event lasting ``dur.拜``);
    whoever declines it (辭) brings him up again to finish his bows there (「賓升再拜稽首」〔003〕).
    """
    stair = stairs._stair(ctx, action, members[0])
    for m in members:
        stairs.descend(ctx, m, stair)
        ctx.face(m, FACINGS["北面"])
        ctx.event(m, "拜", ctx.param("dur.拜"))
        ctx.record(m, "降")


@verb("降一等", kind="stairs", args="the 階 (default: the nearest)", example="公: [{降一等: 阼階}]")
def one_step_down(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """降一等 — come down one 等 of the 階, not to its foot: 「公降一等，小臣正辭」〔003〕 (the ruler's courtesy to a
    subject bowing below). From the 堂 the figure walks to the head of the 階 and steps onto its top tread,
    facing down it; he stays there until a later action takes him back up (適 the place above the 階).
    """
    stair = stairs._stair(ctx, action, members[0])
    for m in members:
        tl = ctx.timeline(m)
        if ctx.router(m).floor_of(tl.pos) != ctx.venue.platform:
            raise ScriptError(f"{m} is not on the 堂: 降一等 goes down one 等 from it", action.loc)
        ctx.walk(m, stairs._hall_point(stair, ctx))
        down = bearing_of(stair.point[0] - stair.top[0], stair.point[1] - stair.top[1])
        ctx.face(m, down)
        x, y = stairs.tread(stair, stair.steps or 1)
        tl.glide_for(x, y, ctx.param("stair_step_time"))
        ctx.record(m, "降")


def _present(ctx: VerbContext, members: tuple[str, ...], action: Action, kind: str) -> None:
    """Hand the cup to the one named: an event ``kind`` and a 授. Neither turns: the text says how each
    faces (鄭 「主人既酌，西面，士旅食北面受之」〔003〕, 「北面拜受爵」〔000〕), and the script faces them so."""
    figure = members[0]
    if not isinstance(action.arg, dict) or "to" not in action.arg:
        raise ScriptError(f"{kind} needs {{what: CUP, to: FIGURE}}", action.loc)
    to = str(action.arg["to"])
    if not ctx.has_timeline(to):
        from choreo.errors import suggest

        raise ScriptError(f"unknown figure '{to}'", action.loc, suggest(to, ctx.script.figures))
    ctx.event(figure, kind, 0.0, to)
    gestures.hand_over(ctx, figure, (figure,), Action("授", action.arg, {}, action.loc))
    ctx.record(figure, "授")


@verb("獻", kind="gesture", args="{what: CUP, to: FIGURE}", example="主人: [{獻: {what: 觶, to: 士長}}]",
      arg_required=True)
def present_cup(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """獻 — present a filled cup to one toasted: 「主人洗、酌，獻士于西階上」〔003〕, 「主人就士旅食之尊而獻之」〔003〕. The
    receiver takes it facing as he stands (a 授: a contact, not a collision); the 獻 is an event.
    """
    _present(ctx, members, action, "獻")


@verb("酢", kind="gesture", args="{what: CUP, to: FIGURE}", example="賓: [{酢: {what: 爵, to: 主人}}]",
      arg_required=True)
def return_cup(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """酢 — the one toasted fills the cup and toasts the giver in return: 「宾酢主人」〔002〕. As 獻, the other way."""
    _present(ctx, members, action, "酢")


@verb("媵觶", kind="gesture", args="{what: CUP, to: FIGURE}, or the one it is for",
      example="賓: [{媵觶: {what: 觶, to: 小臣正}}]", arg_required=True)
def send_up_cup(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """媵觶 — offer a cup up to a superior: 「賓降洗，升，媵觯于公，酌散，下拜」〔003〕 (鄭 「禮将終，宜勸公，序厚意也」〔003〕).
    With the name of the one it is for, an event in place (the cup is offered, not handed: he then pours
    and goes down to bow); with {what, to} it is handed over as 獻.
    """
    if isinstance(action.arg, dict):
        _present(ctx, members, action, "媵觶")
        return
    ctx.event(members[0], "媵觶", gestures._duration(ctx, "媵觶"), str(action.arg))
