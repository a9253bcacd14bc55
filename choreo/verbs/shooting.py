"""The shot, its call and its counter, the music the shots keep, and the 數獲.

Each arrow is a 射 event and a Shot (``choreo.shooting``): released from the 物, it flies to the 侯
(``arrow.speed``) and hits or misses as the passage's bundled ``outcome`` says. The 獲者 calls the
hits of the archers he is told to watch ({獲: 上耦}), the 釋獲者 lays a counter for each of them
({釋獲: 上耦}), but, while a piece is played, only for a hit in time with it. The 數獲 ({告獲: 右賢於左})
counts the counters laid since the last count.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from choreo import counters as cnt
from choreo.errors import ScriptError, suggest
from choreo.script import Action
from choreo.shooting import LEFT, RIGHT, Laid, Music, Shot, Tally, chun_ji
from choreo.verbs.registry import modifier, verb

if TYPE_CHECKING:
    from choreo.verbs.context import VerbContext
    from stage.model import Landmark

# choice: the 物 a shot is loosed from is the mark within this many 尺 of the archer (he stands on it:
# 「左足履物」〔000〕); farther from every mark (the 司射 誘射 stands on the 下物 too) the shot has no 物.
ON_THE_MARK = 3.0
# choice: where hits strike within the innermost part of the 侯 (fractions of its half-width), in turn by the
# archer's arrow number, so that four hits do not draw one on top of the other; deterministic, not a claim.
HIT_SPREAD = (-0.45, 0.3, 0.05, -0.2, 0.45, -0.35, 0.2, -0.05)
# choice: a miss strikes the 侯's line this many 尺 beyond its outermost part, west and east in turn.
MISS_WIDE = 3.0

modifier("侯", args="the 侯 aimed at (default: the venue's only 侯, else the one most straight ahead)",
         example="- {射: 4, 侯: 大侯}",
         doc="Which 侯 the arrow flies to, where the venue has several (the 大射's 大侯, 參侯, 干侯).")
modifier("不以樂志", args="true, or the member of a pair it excuses", example="- {拾發: 4, 不以樂志: 公}",
         doc="「公樂作而後就物，稍屬，不以樂志」〔003〕: his shots need not keep the music's beat; a hit of his is "
             "counted all the same (choice: the text excuses him from the music, not from the count).")
modifier("算", args="縮 or 橫", example="- {釋獲: 上耦, 算: 縮}",
         doc="How each 算 laid for a hit lies: 縮 (東西 to the 釋獲者, who faces east; 末 east) or 橫 (南北, 南末). "
             "Without it 橫 (choice: the way the 經 lays the 算 at 中西, 「橫委其馀于中西，南末」〔000〕); 敖 "
             "「此毎释一算亦缩之与」〔001〕 lays them 縮.")


def _target(ctx: VerbContext, figure: str, action: Action) -> Landmark:
    targets = ctx.venue.landmarks_of("target")
    named = action.mods.get("侯")
    if named is not None:
        lm = ctx.venue.landmarks.get(str(named))
        if lm is None or lm.kind != "target":
            names = [t.name for t in targets]
            raise ScriptError(f"'{named}' is not a 侯 of venue {ctx.venue.key} (it has: {', '.join(names)})",
                              action.loc, suggest(str(named), names))
        return lm
    if not targets:
        raise ScriptError(f"venue {ctx.venue.key} has no 侯 (a landmark of kind target) to shoot at", action.loc)
    tl = ctx.timeline(figure)
    x, y = tl.pos

    def off_axis(lm: Landmark) -> float:
        bearing = math.degrees(math.atan2(lm.x - x, lm.y - y)) % 360.0
        return abs((bearing - tl.facing % 360.0 + 180.0) % 360.0 - 180.0)

    return min(targets, key=off_axis)


def _station(ctx: VerbContext, x: float, y: float) -> str:
    marks = [(math.dist((lm.x, lm.y), (x, y)), lm.name) for lm in ctx.venue.landmarks_of("mark")]
    near = min(marks, default=None)
    return near[1] if near is not None and near[0] <= ON_THE_MARK else ""


def _strike(target: Landmark, hit: bool | None, number: int, side: str) -> tuple[float, float]:
    """Where the arrow strikes the 侯's line: inside its innermost part for a hit, beside it for a miss
    (the 上射's and the 下射's n-th arrows apart)."""
    parts = target.parts or (2.0,)
    k = 2 * (number - 1) + (side == LEFT)
    if hit:
        return (target.x + HIT_SPREAD[k % len(HIT_SPREAD)] * parts[-1] / 2, target.y)
    side = -1.0 if k % 2 == 0 else 1.0
    return (target.x + side * (parts[0] / 2 + MISS_WIDE), target.y)


def _passage(ctx: VerbContext) -> str:
    return ctx.step.passage or ctx.script.passage


def _release(ctx: VerbContext, figure: str, action: Action, side: str) -> None:
    """One arrow: the 射 event and its Shot. While a piece is played the release waits for a beat."""
    book, tl = ctx.book, ctx.timeline(figure)
    excused = action.mods.get("不以樂志", False)  # true: every member; a name: that member of a pair (the 公)
    keeps = not (excused is True or excused == figure)
    draw = ctx.param("shot.draw")
    music = book.playing(tl.t + draw)
    if music is not None and keeps:
        tl.hold(music.next_beat(tl.t + draw) - draw)
    start = tl.t
    release = round(start + draw, 6)
    passage = _passage(ctx)
    number = 1 + sum(1 for s in book.shots if s.archer == figure and s.passage == passage)
    arrows = ctx.script.outcomes.get(passage)
    hit = None
    if arrows is not None:
        mine = arrows.get(figure)
        if mine is None:
            raise ScriptError(f"the outcome of passage '{passage}' gives no arrows for {figure}", action.loc,
                              suggest(figure, arrows))
        if number > len(mine):
            raise ScriptError(f"the outcome of passage '{passage}' gives {figure} {len(mine)} arrows; this is "
                              f"his arrow {number}", action.loc)
        hit = mine[number - 1]
    target = _target(ctx, figure, action)
    point = _strike(target, hit, number, side)
    origin = tl.pos
    arrival = round(release + math.dist(origin, point) / ctx.param("arrow.speed"), 6)
    book.shots.append(Shot(figure, release, arrival, origin, _station(ctx, *origin), target.name, point, hit,
                           side, ctx.step.id, passage, number, music.piece if music else "", keeps,
                           music.on_beat(release) if music else None))
    ctx.event(figure, "射", ctx.param("dur.射"), "" if hit is None else ("中" if hit else "不中"))


@verb("射", kind="shooting", args="how many arrows (default 1)", example="上耦上射: [{射: 1}]",
      modifiers=("侯", "不以樂志"))
def shoot(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """射 — shoot one arrow (or n): 「上射既發，挾弓矢，而后下射射，拾發，以將乘矢」〔000〕. One 射 event
    per arrow, lasting ``dur.射``; the arrow leaves the string ``shot.draw`` s into it and flies to the
    侯 at ``arrow.speed``, hitting or missing as the passage's ``outcome`` says. While a piece is played
    (奏) the release falls on its next beat.
    """
    count = int(action.arg) if isinstance(action.arg, int) and not isinstance(action.arg, bool) else 1
    for _ in range(count):
        _release(ctx, members[0], action, "")


@verb("拾發", kind="shooting", args="arrows each (default 4)", example="上耦: [{拾發: 4}]", group_mode="group",
      modifiers=("侯", "不以樂志"))
def shoot_in_turn(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """拾發 — shoot in turn: 「上射既發，挾弓矢，而后下射射，拾發，以將乘矢」〔000〕; 鄭 「拾，更也」〔000〕.
    The first member shoots one arrow, then the second, and so on until each has shot his four
    (乘矢); the one not shooting waits. A pair's first member is the 上射, whose hits are counted on the
    right, the second's on the left: 「上射於右，下射於左」〔000〕. Each lays his next arrow across the
    string as soon as he has shot (「上射既發，挾弓矢」): a 挾 event as his 射 ends, but after his last.
    """
    count = int(action.arg) if isinstance(action.arg, int) and not isinstance(action.arg, bool) else 4
    sides = (RIGHT, LEFT) if len(members) == 2 else ("",) * len(members)
    t = max(ctx.timeline(m).t for m in members)
    for n in range(count):
        for m, side in zip(members, sides, strict=True):
            tl = ctx.timeline(m)
            tl.hold(t)
            _release(ctx, m, action, side)
            if n < count - 1:
                ctx.event_at(m, "挾", tl.t)
            t = tl.t
    for m in members:
        ctx.timeline(m).hold(t)


def _archers(ctx: VerbContext, action: Action) -> set[str]:
    name = str(action.arg)
    known = [*ctx.script.figures, *ctx.script.groups]
    if name not in known:
        raise ScriptError(f"unknown figure or group '{name}'", action.loc, suggest(name, known))
    return set(ctx.script.members(name))


def _pending(ctx: VerbContext, archers: set[str]) -> list[tuple[int, Shot]]:
    passage = _passage(ctx)
    return [(i, s) for i, s in enumerate(ctx.book.shots) if s.archer in archers and s.passage == passage]


@verb("獲", kind="shooting", args="whose shots he calls (a figure or a group); nothing: one call",
      example="獲者: [坐, {獲: 上耦}, 興]")
def call_hits(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """獲 — call a hit: 「獲者坐而獲」〔000〕; 鄭 「射者中，則大言獲」〔000〕; 「舉旌以宮，偃旌以商」〔000〕. With
    the archers named, he watches every arrow of theirs in this passage and, as each hit reaches the 侯,
    raises the 旌 (舉旌), calls (獲, ``dur.獲``) and lowers it (偃旌); he waits until their last arrow has
    landed. Alone, one call lasting ``dur.獲``.
    """
    caller, tl = members[0], ctx.timeline(members[0])
    if action.arg is None:
        ctx.event(caller, "獲", ctx.param("dur.獲"))
        return
    shots = _pending(ctx, _archers(ctx, action))
    for i, shot in shots:
        if not shot.hit or ctx.book.called(i):
            continue
        tl.hold(shot.arrival)
        ctx.event_at(caller, "舉旌", tl.t)
        ctx.book.calls.append((i, caller, round(tl.t, 6)))
        ctx.event(caller, "獲", ctx.param("dur.獲"), shot.archer)
        ctx.event_at(caller, "偃旌", tl.t)
        ctx.record(caller, "舉旌")
        ctx.record(caller, "偃旌")
    if shots:
        tl.hold(max(s.arrival for _, s in shots))


@verb("釋獲", kind="shooting", args="whose hits he counts (a figure or a group); nothing: one counter",
      example="釋獲者: [坐, {釋獲: 上耦}, 興]", modifiers=("算",))
def lay_counters(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """釋獲 — lay a counter down: 「若中，則釋獲者坐而釋獲，每一個釋一[算]。上射於右，下射於左」〔000〕. With the
    archers named, one counter (``dur.釋獲``) for each of their hits in this passage, once it is called
    (or has landed, if nobody calls it), on the right for a 上射 and on the left for a 下射 (the event's
    detail). While a piece is played, only for a hit in time with it (「不鼓不釋」〔000〕, said for the
    鄉射's third round, whose shooting seed 000 breaks off before; the 大射's 《貍首》 the same). The first
    round lays none: 「獲而未釋獲」〔000〕 (its script has no 釋獲). Alone, one counter.
    """
    scorer, tl = members[0], ctx.timeline(members[0])
    if action.arg is None:
        ctx.event(scorer, "釋獲", ctx.param("dur.釋獲"))
        return
    calls = {i: t for i, _, t in ctx.book.calls}
    shots = _pending(ctx, _archers(ctx, action))
    for i, shot in shots:
        if not shot.hit or not shot.in_time or ctx.book.counted(i):
            continue
        tl.hold(calls.get(i, shot.arrival))
        ctx.book.counters.append((i, scorer, round(tl.t, 6)))
        ctx.event(scorer, "釋獲", ctx.param("dur.釋獲"), shot.side)
        if shot.side:
            _lay_for_hit(ctx, scorer, shot.side, action)


def _lie(action: Action) -> float:
    lie = str(action.mods.get("算", "橫"))
    if lie not in cnt.LIES:
        raise ScriptError(f"算: '{lie}' is neither 縮 nor 橫", action.loc, suggest(lie, list(cnt.LIES)))
    return cnt.LIES[lie]


def _lay_for_hit(ctx: VerbContext, scorer: str, side: str, action: Action) -> None:
    """The 算 laid for one hit, on the ground beside the scorer (the next free place of its heap)."""
    tl, book = ctx.timeline(scorer), ctx.book
    x, y = tl.pos
    origin = cnt.heap_origin(x, y, tl.facing, side, ctx.param("算.側"), ctx.param("算.前"))
    tip = _lie(action)
    n = len(book.lying(tl.t, side, ("算",)))
    px, py = cnt.slot(origin, *cnt.heap_growth(tl.facing, side, tip), n)
    book.laid.append(Laid("算", 1, side, round(px, 4), round(py, 4), tip, round(tl.t, 6), ctx.step.id))


@verb("數", kind="shooting", args="{side: 右|左, lay: 委|純|奇, at: 東|西|南|北|當, 距: 尺, 異: 東|西|南|北}",
      example="釋獲者: [{數: {side: 右, lay: 委, at: 南, 異: 南}}]")
def count_out(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """數 — the 數獲, one part at a time: 「二[算]為純」, 「實于左手，十純則縮而委之」, 「每委異之」, 「有馀純，則橫於下」,
    「一[算]為奇，奇則又縮諸純下」〔000〕. ``lay: 委`` takes up the side's heap of 算 (laid for hits) two by two
    (「一純以取」, as 001 has the words the seed 000 garbles: one 取 a 純) and lays each ten 純 as a 委, 縮; ``lay: 純`` lays the 純 left over, 橫; ``lay: 奇`` the odd
    one, 縮. ``at``: where that kind goes, a direction (``距`` 尺, default ``算.距``) from the last piece before it
    (the 委 from the heap, the 純 from the 委, the 奇 from the 純; 當: on the same spot); ``異``: the direction in
    which each further piece goes, ``算.間`` 尺 apart (「每委異之」); without it the 純 lie together as one.
    """
    figure = members[0]
    arg = action.arg
    side, kind = str(arg["side"]), str(arg["lay"])
    for key, allowed in (("side", (RIGHT, LEFT)), ("lay", tuple(cnt.KIND_LIE))):
        if str(arg[key]) not in allowed:
            raise ScriptError(f"數: {key} '{arg[key]}' is not one of {', '.join(allowed)}", action.loc,
                              suggest(str(arg[key]), list(allowed)))
    for key in ("at", "異"):
        if key in arg and str(arg[key]) not in cnt.DIRECTIONS:
            raise ScriptError(f"數: {key} '{arg[key]}' is not a direction ({'、'.join(cnt.DIRECTIONS)})",
                              action.loc, suggest(str(arg[key]), list(cnt.DIRECTIONS)))
    book, tl = ctx.book, ctx.timeline(figure)
    counts = book.counts.setdefault(side, {})
    if kind == "委":
        heap = [book.laid[i] for i in book.lying(tl.t, side, ("算",))]
        counts.clear()
        counts["n"] = len(heap)
        counts["anchor"] = (sum(p.x for p in heap) / len(heap), sum(p.y for p in heap) / len(heap)) if heap else None
        counts["heap"] = [(p.x, p.y) for p in heap]
        book.taken.append((round(tl.t, 6), side))
        for _ in range(len(heap) // 2 + len(heap) % 2):  # 「一純以取」: one 取 for each 純 (and the 奇)
            ctx.event(figure, "取", ctx.param("dur.取") / 2, "算")
    if counts.get("anchor") is None:
        ctx.event(figure, "委", ctx.param("dur.取"), "算")
        return
    wei, chun, ji = cnt.count_pieces(counts["n"])
    number = {"委": wei, "純": chun, "奇": ji}[kind]
    gap, far = ctx.param("算.間"), float(arg.get("距", ctx.param("算.距")))
    where = str(arg.get("at", "當"))
    if kind == "委":  # beyond the heap's edge that way, not its middle (a heap of many rows is long)
        before = cnt.edge(counts["heap"], counts["anchor"], where)
    else:
        before = counts.get({"純": "委", "奇": "純"}[kind], counts["anchor"])
    start = cnt.step_from(before, where, far)
    apart = arg.get("異")
    size = {"委": 20, "純": 2, "奇": 1}[kind]
    if apart is None and kind == "純":
        pieces = [(start, size * number)] if number else []
    else:
        pieces = [(cnt.step_from(start, str(apart or "當"), gap * k), size) for k in range(number)]
    counts[kind] = pieces[-1][0] if pieces else start  # the next kind goes on from the last piece of this one
    tip = cnt.LIES[cnt.KIND_LIE[kind]]
    for (px, py), n in pieces:
        ctx.event(figure, "委", ctx.param("dur.取"), kind)
        book.laid.append(Laid(kind, n, side, round(px, 4), round(py, 4), tip, round(tl.t, 6), ctx.step.id))


@verb("兼斂", kind="shooting", args="nothing", example="釋獲者: [坐, 兼斂, 興]")
def gather_all(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """兼斂 — take up every 算 lying: 「兼斂[算]，實八[算]于中」〔000〕 (敖 「兼敛左右之算及横于中西者而执之也」〔001〕)."""
    figure = members[0]
    ctx.book.taken.append((round(ctx.timeline(figure).t, 6), ""))
    ctx.event(figure, "取", ctx.param("dur.取"), "算")


@verb("告獲", kind="shooting", args="the words the text gives (右賢於左, 左賢於右, 左右鈞), optional",
      example="釋獲者: [{告獲: 右賢於左}]")
def report_count(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """告獲 — report the count: 「若右勝，則曰“右賢於左”。若左勝，則曰“左賢於右”。以純數告。若有奇者，亦曰奇」〔000〕; 鄭 「假如右勝，告曰
    右賢於左，若干純、若干奇」〔000〕. Counts the counters laid since the last count (right and left), an event
    告 lasting ``dur.命`` whose detail is what the count gives; ``choreo check`` compares it with the words
    written and with the hits in time.
    """
    figure = members[0]
    book = ctx.book
    counted = book.counters[sum(t.right + t.left for t in book.tallies):]
    sides = [book.shots[i].side for i, _, _ in counted]
    right, left = sides.count(RIGHT), sides.count(LEFT)
    passages = tuple(dict.fromkeys(book.shots[i].passage for i, _, _ in counted))
    words = "" if action.arg is None else str(action.arg)
    tally = Tally(round(ctx.timeline(figure).t, 6), figure, ctx.step.id, right, left, words, passages)
    book.tallies.append(tally)
    said = tally.said if right == left else f"{tally.said}，{chun_ji_words(abs(right - left))}"
    ctx.event(figure, "告", ctx.param("dur.命"), said)
    ctx.record(figure, "告")


@verb("奏", kind="shooting", args="the piece (貍首, 騶虞 …)", example="大師: [{奏: 貍首}]", arg_required=True)
def play(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """奏 — strike up a piece: 「奏《[貍]首》，[間]若一」〔003〕 (鄭 on 間若一: the beats evenly spaced). It plays from
    now, one beat every ``music.period`` s, until 止樂 (or to the end); shots of archers who keep it are
    released on a beat.
    """
    figure = members[0]
    t = round(ctx.timeline(figure).t, 6)
    ctx.book.music.append(Music(str(action.arg), t, math.inf, ctx.param("music.period"), figure, ctx.step.id))


@verb("止樂", kind="shooting", args="the piece (default: the one playing)", example="大師: [止樂]")
def stop_music(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """止樂 — the music stops: a modelling convenience, since the seeds do not say when the piece ends (it is
    played for the shooting, 「樂作而射」〔003〕); its last beat is before now. Without it a piece plays to the end.
    """
    t = ctx.timeline(members[0]).t
    playing = [m for m in ctx.book.pieces() if m.playing(t) and (action.arg is None or m.piece == str(action.arg))]
    if not playing:
        names = [m.piece for m in ctx.book.pieces()]
        raise ScriptError(f"no piece {'' if action.arg is None else repr(str(action.arg)) + ' '}is playing "
                          f"at {t:.1f} s", action.loc, suggest(str(action.arg), names) if action.arg else None)
    m = playing[-1]
    ctx.book.music.append(Music(m.piece, m.t0, round(t, 6), m.period, m.by, m.step))


@verb("俟樂", kind="shooting", args="nothing", example="公: [俟樂, {適: 公物}]")
def wait_for_music(ctx: VerbContext, actor: str, members: tuple[str, ...], action: Action) -> None:
    """俟樂 — wait until the music has started: 「公樂作而後就物」〔003〕. He stands until the latest piece
    struck up (奏, planned before him) begins; at once if it is already playing.
    """
    tl = ctx.timeline(members[0])
    pieces = ctx.book.pieces()
    if not pieces:
        raise ScriptError("俟樂: no piece is struck up (奏) before this action", action.loc)
    tl.hold(pieces[-1].t0)
    ctx.event_at(members[0], "俟", tl.t, 0.0, "樂作")


_DIGITS = "〇一二三四五六七八九"


def _numeral(n: int) -> str:
    """A number as the count is said (一 … 九十九)."""
    if n < 10:
        return _DIGITS[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else _numeral(tens)) + "十" + (_DIGITS[ones] if ones else "")


def chun_ji_words(n: int) -> str:
    """``n`` counters said in 純 and 奇 (「二[算]為純」, 「一[算]為奇」〔000〕): 3 → 一純一奇."""
    chun, ji = chun_ji(n)
    return (f"{_numeral(chun)}純" if chun else "") + ("一奇" if ji else "")
