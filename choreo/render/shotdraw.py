"""The target-end inset (choreo.render.shotinset) as scene primitives, and painted with pygame.

One list of primitives serves the video frames (painted here with pygame, on top of the figures) and
the stills (FrameScene adds the same list to its Scene: PNG, SVG and PDF alike).
"""

from __future__ import annotations

import math

from choreo.model import Choreography
from choreo.render.config import RenderConfig
from choreo.render.insetcall import place_call
from choreo.render.scene import Circle, Glyphs, Poly
from choreo.render.shotinset import InsetLayout
from choreo.render.style import CAPTION, INK, PLAN, colour_of
from choreo.render.text import TextCache
from choreo.render.textrun import run as _layout_run
from choreo.shooting import LEFT, RIGHT

ARROW = (30, 30, 30)
# choice: from this frame height down (640×360) the inset is larger (shotinset.SHARE_SMALL), its words are
# larger (13 and 11 px at 640×360, not the 8-px floor) and fewer: it drops the music's name (the beat mark
# stays), the span of the compressed flight, the 物's name (the title names the archer, his disc stands on
# the 物's line), the caller's name under his disc (his disc and 旌 show him; the call 獲 stays), and the
# counters' heading and 「…釋一算」 (the strokes stay, the one being laid in the accent colour).
SMALL_HEIGHT = 480


def is_small(cfg: RenderConfig) -> bool:
    """A small frame (640×360 and below): the inset keeps its essential words, larger."""
    return cfg.size[1] < SMALL_HEIGHT


def inset_type(cfg: RenderConfig) -> tuple[int, int]:
    """(main, secondary) text sizes of the inset."""
    if is_small(cfg):
        return max(13, cfg.px(19)), max(11, cfg.px(16))
    return cfg.deco_px(15), cfg.deco_px(12)
HIT = PLAN["target-centre"]  # the verdict 中, on its halo
HIT_EDGE, HIT_CORE = INK, PLAN["halo"]  # the ring of a hit (hit_ring)
MISS = (120, 110, 100)


def _rect(x0: float, y0: float, x1: float, y1: float, **kw) -> Poly:
    return Poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), **kw)


def _moved(g, x: float, y: float):
    from dataclasses import replace

    dx, dy = x - g.box[0], y - g.box[1]
    return replace(g, chars=tuple((ch, cx + dx, cy + dy) for ch, cx, cy in g.chars),
                   box=(x, y, g.box[2], g.box[3]))


_RUNS: dict = {}  # (texts, text, size, colour, halo) → the run laid out at (0, 0): laid out once, then moved


def run(texts: TextCache, text: str, size: int, colour, left: float, top: float, halo=None, where: str = "label"):
    """textrun.run, with the layout of each (text, size, colours) kept: the inset redraws the same words."""
    key = (id(texts), text, size, colour, halo)
    laid = _RUNS.get(key)
    if laid is None or laid[0] is not texts:
        if len(_RUNS) > 4096:
            _RUNS.clear()
        laid = _RUNS[key] = (texts, _layout_run(texts, text, size, colour, 0, 0, halo, where))
    return _moved(laid[1], left, top)


def inset_prims(lay: InsetLayout, ch: Choreography, texts: TextCache, cfg: RenderConfig) -> list:
    k = cfg.deco_scale
    size, small = inset_type(cfg)
    brief = is_small(cfg)
    x0, y0, x1, y1 = lay.box
    out: list = [_rect(x0, y0, x1, y1, fill=PLAN["court"])]
    hx0, hy0, hx1, hy1 = lay.head_row
    out.append(_rect(hx0, hy0, hx1, hy1, fill=PLAN["strip-bg"]))
    pad = cfg.dim(6)
    title = run(texts, lay.title, size, INK, hx0 + pad, hy0 + 1, where="shot inset")
    out.append(title)
    if lay.piece:
        r = max(cfg.dim(5), 4)
        cx = hx1 - pad - r
        cy = (hy0 + hy1) / 2
        lit = lay.beat > 0.75  # a beat has just fallen
        out.append(Circle((cx, cy), r * (1.0 + 0.5 * max(0.0, lay.beat - 0.75) * 4), CAPTION["accent"] if lit else None,
                          INK, max(1, round(k))))
        if not brief:
            name = run(texts, f"《{lay.piece}》", small, INK, 0, 0, where="shot inset")
            out.append(_moved(name, cx - r - pad / 2 - name.box[2], hy0 + (hy1 - hy0 - name.box[3]) / 2))
    if lay.flight is not None:
        out += _flight_band(lay, ch, texts, cfg)
    if lay.cut is not None:
        out += _cut_mark(lay, texts, cfg)
    # the 侯: its parts as nested bands on its line, the 乏 as a short bar
    w_line = max(3, round(5 * k))
    colours = (PLAN["target"], PLAN["target-body"], PLAN["target-centre"])
    for i, (a, b) in enumerate(lay.target_parts):
        out.append(Poly((a, b), None, colours[min(i, len(colours) - 1)], w_line, closed=False))
    tgt = run(texts, lay.target, small, PLAN["label"], 0, 0, PLAN["halo"], where="shot inset")
    ax, ay = lay.target_line[1]
    out.append(_moved(tgt, ax + pad / 2, ay - tgt.box[3] - cfg.dim(4)))
    if lay.screen is not None:
        out.append(Poly(lay.screen, None, PLAN["screen"], max(2, round(4 * k)), closed=False))
        scr = run(texts, lay.screen_name, small, PLAN["label"], 0, 0, PLAN["halo"], where="shot inset")
        sx, sy = lay.screen[0]
        out.append(_moved(scr, sx - scr.box[2] - pad / 2, sy - scr.box[3] / 2))
    # the strikes of the pair's arrows, then the arrows
    mark = cfg.dim(6)
    for s in lay.strikes:
        (px, py), wid = s.at, max(1, round((2.5 if s.current else 1.5) * k))
        if s.hit:
            out += hit_ring((px, py), ring_radius(cfg, s.current), max(2, wid) if s.current else wid)
        else:
            out.append(Poly(((px - mark, py - mark), (px + mark, py + mark)), None, MISS, wid, closed=False))
            out.append(Poly(((px - mark, py + mark), (px + mark, py - mark)), None, MISS, wid, closed=False))
    for a in lay.arrows:
        out += _arrow(a.tail, a.head, ARROW if a.current else MISS, max(1, round((2.0 if a.current else 1.2) * k)),
                      cfg.dim(7))
    if lay.verdict:
        word = run(texts, lay.verdict, size, HIT if lay.verdict == "中" else MISS, 0, 0, PLAN["halo"], where="shot inset")
        cur = next((s.at for s in lay.strikes if s.current), None)
        if cur is not None:  # under the strike; where the counters' row leaves no room, above it, to its west
            reach = max(mark, ring_radius(cfg, True)) + 2  # clear of the ring (hit_ring) or the cross
            room = lay.band[1] - (cur[1] + reach)
            below = room >= word.box[3]
            out.append(_moved(word, cur[0] - word.box[2] / 2 if below else cur[0] - reach - word.box[2],
                              cur[1] + reach if below else cur[1] - mark - word.box[3]))
    if lay.calling and lay.caller_at is None and lay.caller:
        far = run(texts, f"{lay.caller}：獲", small, INK, 0, 0, CAPTION["accent"], where="shot inset")
        out.append(_moved(far, title.box[0] + title.box[2] + pad, hy0 + (hy1 - hy0 - far.box[3]) / 2))
    # the 獲者, his 旌 raised while he calls (舉旌), lowered after (偃旌), and his call
    if lay.caller_at is not None:
        cx, cy = lay.caller_at
        r = max(cfg.dim(6), lay.caller_radius)
        info = ch.figures.get(lay.caller)
        out.append(Circle((cx, cy), r, colour_of(info) if info else PLAN["object"], INK, max(1, round(1.5 * k))))
        if lay.flag:
            if lay.calling:
                pole = ((cx + r * 0.6, cy), (cx + r * 0.6, cy - 3.2 * r))
                cloth = ((pole[1][0], pole[1][1]), (pole[1][0] + 1.8 * r, pole[1][1] + 0.6 * r),
                         (pole[1][0], pole[1][1] + 1.2 * r))
            else:  # lowered, lying east of him (「東面偃旌」〔000〕)
                pole = ((cx + r, cy + r * 0.4), (cx + 3.4 * r, cy + r * 0.4))
                cloth = ((pole[1][0], pole[1][1]), (pole[1][0] - 0.6 * r, pole[1][1] + 1.4 * r),
                         (pole[1][0] - 1.2 * r, pole[1][1]))
            out.append(Poly(pole, None, INK, max(1, round(1.5 * k)), closed=False))
            out.append(Poly(cloth, group_flag(), INK, 1))
        if not brief:
            who = run(texts, lay.caller, small, INK, 0, 0, PLAN["halo"], where="shot inset")
            out.append(_moved(who, cx - who.box[2] / 2, cy + r + 1))
        if lay.calling:
            out += _call(lay, out, (cx, cy), r, title, texts, cfg)
    # the counters: right and left, one stroke a counter, the one being laid outlined
    bx0, by0, bx1, by1 = lay.band
    out.append(_rect(bx0, by0, bx1, by1, fill=PLAN["strip-bg"]))
    if lay.counters is not None:
        x = bx0 + pad
        if not brief:
            head = run(texts, "釋獲", small, INK, x, by0 + 1, where="shot inset")
            out.append(head)
            x += head.box[2] + pad
        for side, n in ((RIGHT, lay.counters[0]), (LEFT, lay.counters[1])):
            g = run(texts, side, small, INK, x, by0 + 1, where="shot inset")
            out.append(g)
            x += g.box[2] + 2
            stroke_w, gap, hgt = max(2, cfg.dim(3)), max(2, cfg.dim(3)), (by1 - by0) * 0.6
            top = by0 + (by1 - by0 - hgt) / 2
            for i in range(n):
                fresh = lay.fresh == side and i == n - 1
                out.append(_rect(x, top, x + stroke_w, top + hgt, fill=CAPTION["accent"] if fresh else INK))
                x += stroke_w + gap
            x += pad
        if lay.fresh and lay.scorer and not brief:  # 「每一個釋一[算]」〔000〕
            g = run(texts, f"{lay.scorer}釋一算", small, INK, 0, 0, CAPTION["accent"], where="shot inset")
            out.append(_moved(g, bx1 - pad - g.box[2], by0 + 1))
    elif lay.note:
        out.append(run(texts, f"「{lay.note}」", small, PLAN["label-dim"], bx0 + pad, by0 + 1, where="shot inset"))
    out.append(_rect(x0, y0, x1, y1, stroke=PLAN["frame"], width=max(1, round(1.5 * k))))
    return out


def _box(g) -> tuple[float, float, float, float]:
    x, y, w, h = g.box
    return (x, y, x + w, y + h)


def _marks_taken(lay: InsetLayout, at, r: float, cfg: RenderConfig) -> list:
    """The boxes of what the inset draws round the 獲者 that his call must not cover: his disc, his raised
    旌, the 乏's and the 侯's bars, the strikes, the arrows and the break marks."""
    (cx, cy), k = at, cfg.deco_scale
    out = [(cx - r, cy - r, cx + r, cy + r), (cx + 0.6 * r - 1, cy - 3.2 * r, cx + 2.4 * r + 1, cy)]
    half = max(2, round(4 * k)) / 2 + 1
    for (ax, ay), (bx, by) in ((lay.screen,) if lay.screen else ()) + (lay.target_line,):
        out.append((min(ax, bx), min(ay, by) - half, max(ax, bx), max(ay, by) + half))
    ring = ring_radius(cfg, True) + 2
    out += [(x - ring, y - ring, x + ring, y + ring) for x, y in (s.at for s in lay.strikes)]
    out += [(min(a.tail[0], a.head[0]) - 1, min(a.tail[1], a.head[1]) - 1, max(a.tail[0], a.head[0]) + 1,
             max(a.tail[1], a.head[1]) + 1) for a in lay.arrows]
    step = max(4.0, cfg.dim(6)) / 3 + 1
    x0, _, x1, _ = lay.box
    if lay.cut is not None:
        y = (lay.cut[0] + lay.cut[1]) / 2
        out.append((x0, y - step, x1, y + step))
    return out


def _call(lay: InsetLayout, drawn: list, at, r: float, title, texts: TextCache, cfg: RenderConfig) -> list:
    """The 獲者's call (獲) beside him clear of the inset's words and marks (choreo.render.insetcall); where
    none of the spots round him is free, in the top row after the title, as for a caller out of view."""
    size = inset_type(cfg)[0]
    call = run(texts, "獲", size, INK, 0, 0, CAPTION["accent"], where="shot inset")
    words = [_box(g) for g in drawn if isinstance(g, Glyphs)]
    x0, y0, x1, y1 = lay.box
    top = lay.flight.bottom + max(4.0, cfg.dim(6)) / 3 + 1 if lay.flight is not None else lay.head_row[3]
    box = place_call(at, r, call.box[2:], words + _marks_taken(lay, at, r, cfg), (x0 + 1, top, x1 - 1, lay.band[1]))
    if box is not None:
        return [_moved(call, box[0], box[1])]
    hx0, hy0, hx1, hy1 = lay.head_row
    far = run(texts, f"{lay.caller}：獲", inset_type(cfg)[1], INK, 0, 0, CAPTION["accent"], where="shot inset")
    g = far if title.box[0] + title.box[2] + 2 * cfg.dim(6) + far.box[2] <= hx1 else call
    return [_moved(g, title.box[0] + title.box[2] + cfg.dim(6), hy0 + (hy1 - hy0 - g.box[3]) / 2)]


def _zigzag(x0: float, x1: float, y: float, step: float) -> tuple:
    n = max(2, int((x1 - x0) / step))
    return tuple((x0 + i * (x1 - x0) / n, y + (step / 3 if i % 2 else -step / 3)) for i in range(n + 1))


def _cut_mark(lay: InsetLayout, texts: TextCache, cfg: RenderConfig) -> list:
    """The break where the court between the 乏 and the 侯 is shortened, and (but in a small frame) the 尺
    it stands for, at its east end."""
    top, bottom, span = lay.cut
    x0, _, x1, _ = lay.box
    y = (top + bottom) / 2
    step = max(4.0, cfg.dim(6))
    out: list = [Poly(_zigzag(x0, x1, y, step), None, PLAN["frame"], max(1, round(1.2 * cfg.deco_scale)), closed=False)]
    if not is_small(cfg):
        g = run(texts, f"{span:.0f}尺", inset_type(cfg)[1], PLAN["label-dim"], 0, 0, PLAN["halo"], where="shot inset")
        out.append(_moved(g, x1 - cfg.dim(8) - g.box[2], y - g.box[3] / 2))
    return out


def _flight_band(lay: InsetLayout, ch: Choreography, texts: TextCache, cfg: RenderConfig) -> list:
    """The compressed flight above the target end: the pair on their 物, the break, the span it stands for."""
    k = cfg.deco_scale
    fl = lay.flight
    x0, _, x1, _ = lay.box
    out: list = [_rect(x0, lay.head_row[3], x1, fl.bottom, fill=PLAN["strip-bg"])]
    # the break: a zigzag across the inset (the flight between the 物 and the target end is shortened)
    step = max(4.0, cfg.dim(6))
    out.append(Poly(_zigzag(x0, x1, fl.bottom, step), None, PLAN["frame"], max(1, round(1.2 * k)), closed=False))
    small = inset_type(cfg)[1]
    r = max(cfg.dim(4), 3.0)
    if lay.stations:  # the archer shooting, on his 物 (the other of the pair stands 6 尺 off: a few pixels)
        (sx, sy), station, archer = lay.stations[0]
        info = ch.figures.get(archer)
        out.append(Poly(((sx - 2.2 * r, sy), (sx + 2.2 * r, sy)), None, PLAN["label"], max(1, round(1.5 * k)),
                        closed=False))
        out.append(Circle((sx, sy - r * 0.2), r, colour_of(info) if info else PLAN["object"], INK,
                          max(1, round(1.5 * k))))
        if station and not is_small(cfg):
            g = run(texts, station, small, INK, 0, 0, PLAN["halo"], where="shot inset")
            out.append(_moved(g, sx + 2.4 * r, sy - g.box[3] / 2))
    span = fl.far - fl.near
    if span > 0 and not is_small(cfg):  # the span the band stands for, as a dimension line at its right
        g = run(texts, f"{span:.0f}尺", small, PLAN["label-dim"], 0, 0, PLAN["halo"], where="shot inset")
        dx = x1 - cfg.dim(8)
        sy = lay.stations[0][0][1] if lay.stations else fl.top
        tick = cfg.dim(3)
        out.append(Poly(((dx, sy), (dx, fl.bottom)), None, PLAN["label-dim"], 1, closed=False))
        out += [Poly(((dx - tick, y), (dx + tick, y)), None, PLAN["label-dim"], 1, closed=False) for y in (sy, fl.bottom)]
        out.append(_moved(g, dx - tick - 2 - g.box[2], (sy + fl.bottom) / 2 - g.box[3] / 2))
    return out


def ring_radius(cfg: RenderConfig, current: bool) -> float:
    """The radius of a hit's ring: the current arrow's larger, at least 5 px (a 4-px ring of one-pixel
    strokes at 640×360 read as a dot)."""
    mark = cfg.dim(6)
    return max(5.0, mark * 1.4) if current else mark


def hit_ring(at, r: float, width: int) -> list:
    """A hit: a pale ring edged in ink, read on the 侯中 it strikes (the green centre: a green ring on it
    was lost at 640×360) and on the paper round it alike (each at least 3:1 against what is under it)."""
    return [Circle(at, r + 1, None, HIT_EDGE, width + 2), Circle(at, r, None, HIT_CORE, width)]


def group_flag():
    return CAPTION["accent"]


def _arrow(tail, head, colour, width: int, barb: float) -> list:
    """A shaft from tail to head with a barbed head (and fletching at the tail)."""
    (tx, ty), (hx, hy) = tail, head
    a = math.atan2(hy - ty, hx - tx)
    left = (hx - barb * math.cos(a - 0.45), hy - barb * math.sin(a - 0.45))
    right = (hx - barb * math.cos(a + 0.45), hy - barb * math.sin(a + 0.45))
    return [Poly((tail, head), None, colour, width, closed=False), Poly((head, left, right), colour, colour, 1)]


def flight_prims(arrows, cfg: RenderConfig) -> list:
    """Arrows in the air on a plan view (shotinset.arrows_in_flight), drawn as the inset draws its own."""
    out: list = []
    for a in arrows:
        out += _arrow(a.tail, a.head, ARROW, max(1, round(2.0 * cfg.deco_scale)), cfg.dim(7))
    return out


def paint_inset(surf, prims: list, texts: TextCache) -> None:
    """Paint the primitives on a frame (the raster back end's own painter)."""
    from choreo.render.scenepaint import _paint

    for item in prims:
        _paint(surf, item, texts)
