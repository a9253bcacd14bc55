"""Plates: a passage as pages of small multiples, one panel per step, in the manner of the 禮圖.

Each panel is the same fixed plan (panel.py) with the stations and paths of its step and the step's
clause of the 經 as its caption (across, or set in columns top to bottom, right to left, as the
禮圖 print them); each page names the passage, the venue and the reading. With a second
Choreography (another reading) the figures it places otherwise are drawn as grey ghosts beside the
base reading's, the differing panels marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo.compare import step_difference
from choreo.model import Choreography, Step
from choreo.render.caption import display_clause
from choreo.render.framescene import _rect
from choreo.render.panel import (
    Walk,
    context_prims,
    focus_bounds,
    panel_viewport,
    plan_prims,
    step_walks,
    walk_prims,
)
from choreo.render.planlayout import build_layout
from choreo.render.scene import Clip, Scene
from choreo.render.style import CAPTION, INK, PLAN
from choreo.render.text import TextCache
from choreo.render.textrun import run, vertical_run

PAPER = {"a4": (21.0, 29.7), "letter": (21.59, 27.94)}  # cm, portrait
PAGE_W = 1240  # pixels across a page: about 150 per inch on A4 (the page's text sizes are set for it)
INK_DIM = PLAN["label-dim"]


@dataclass(frozen=True)
class PlateOptions:
    paper: str = "a4"
    vertical: bool = False  # the clause set in vertical columns
    cols: int = 3
    rows: int = 4


def page_size(paper: str) -> tuple[int, int]:
    w, h = PAPER[paper]
    return PAGE_W, round(PAGE_W * h / w)


def seed_mark(step: Step) -> str:
    """〔000〕: the seed a step quotes (its file name starts with the seed's number)."""
    return f"〔{step.source[:3]}〕" if step.source[:3].isdigit() else ""


def reading_words(choreo: Choreography) -> str:
    """The reading, and the text's branches chosen (若左右鈞), as a reader names them."""
    return "　".join((choreo.reading_title or choreo.reading, *choreo.option_titles))


def passage_words(steps: tuple[Step, ...], choreo: Choreography) -> str:
    first = steps[0] if steps else None
    if first is None:
        return choreo.title
    title = first.passage_title or choreo.title
    return f"{first.passage} {title}".strip()


def header(texts: TextCache, choreo: Choreography, steps, page: int, pages: int, size, other=None) -> list:
    w, _ = size
    m = 50
    out = [run(texts, passage_words(steps, choreo), 30, INK, m, 30, where="plate title")]
    words = f"{choreo.venue.title or choreo.venue.key}　{reading_words(choreo)}"
    if other is not None:
        words += f"　灰：{reading_words(other)}"
    out.append(run(texts, words, 18, INK_DIM, m, 74, where="plate header"))
    num = run(texts, f"{page} / {pages}", 16, INK_DIM, 0, 36, where="plate header")
    out.append(_moved_x(num, w - m - num.box[2]))
    out.append(_rect(m, 104, w - 2 * m, 1.5, fill=INK_DIM))
    return out


def footer(texts: TextCache, steps, size) -> list:
    w, h = size
    seeds = "".join(dict.fromkeys(seed_mark(s) for s in steps))
    words = f"經文{seeds}　○ 始位　● 終位，▲ 所面　— 所行"
    return [run(texts, words, 14, INK_DIM, 50, h - 44, where="plate footer")]


def _moved_x(g, x: float):
    from choreo.render.framescene import moved

    return moved(g, x - g.box[0], 0)


class PlateMaker:
    def __init__(self, choreo: Choreography, texts: TextCache, opts: PlateOptions,
                 other: Choreography | None = None) -> None:
        self.choreo, self.texts, self.opts, self.other = choreo, texts, opts, other
        self.layout = build_layout(choreo.venue)
        self.size = page_size(opts.paper)
        self.base = self.layout.hall_bounds

    def fix_base(self, steps: tuple[Step, ...]) -> None:
        """The one plan every panel of these steps shares: the 堂 and every path in the hall view
        (choice: closer than the whole hall view, so that a pair of archers reads as two)."""
        hb = self.layout.hall_bounds
        inside = [Walk(w.figure, pts, 0, 0) for step in steps for w in step_walks(self.choreo, step)
                  if (pts := tuple(p for p in w.points if hb[0] <= p[0] <= hb[2] and hb[1] <= p[1] <= hb[3]))]
        self.base = focus_bounds(self.layout, inside, pad=6.0)

    def pages(self, steps: tuple[Step, ...]) -> list[Scene]:
        self.fix_base(steps)
        per = self.opts.cols * self.opts.rows
        chunks = [steps[i:i + per] for i in range(0, len(steps), per)] or [()]
        out = []
        for n, chunk in enumerate(chunks, 1):
            scene = Scene(self.size, (255, 255, 255), title=passage_words(steps, self.choreo))
            scene.add(*header(self.texts, self.choreo, steps, n, len(chunks), self.size, self.other))
            for i, step in enumerate(chunk):
                scene.add(*self.panel(step, self.cell(i)))
            scene.add(*footer(self.texts, steps, self.size))
            out.append(scene)
        return out

    def cell(self, i: int) -> tuple[float, float, float, float]:
        w, h = self.size
        m, top, bottom, gut = 50, 120, 60, 18
        cols, rows = self.opts.cols, self.opts.rows
        cw = (w - 2 * m - gut * (cols - 1)) / cols
        ch = (h - top - bottom - gut * (rows - 1)) / rows
        r, c = divmod(i, cols)
        return (m + c * (cw + gut), top + r * (ch + gut), cw, ch)

    def geometry(self, step: Step, cell):
        """(plan rect, viewport, caption runs, base walks, ghost walks) of the step's panel in ``cell``."""
        x, y, w, h = cell
        clause = display_clause(step.text)
        if self.opts.vertical:
            cap = self._vertical_caption(clause, x, y + 24, w, h - 28)
            cap_left = min((g.box[0] for g in cap), default=x + w - 6)
            plan_rect = (x + 4, y + 24, cap_left - 6 - (x + 4), h - 28)
        else:
            cap, cap_h = self._caption(clause, x + 6, y + h, w - 12)
            plan_rect = (x + 4, y + 24, w - 8, h - 28 - cap_h)
        walks = step_walks(self.choreo, step)
        ghosts = []
        diff = self._difference(step)
        if diff:
            other_step = self.other.step(step.id)
            ghosts = step_walks(self.other, other_step, [f for f in diff if f in self.other.tracks])
        return plan_rect, panel_viewport(self.layout, walks + ghosts, plan_rect, self.base), cap, walks, ghosts

    def panel(self, step: Step, cell) -> list:
        x, y, w, h = cell
        out: list = [_rect(x, y, w, h, fill=PLAN["background"], stroke=INK_DIM, width=1)]
        diff = self._difference(step)
        tag = f"{step.index + 1}　{step.id}"
        if diff:
            tag += f"　≠{reading_words(self.other)}"
        out.append(run(self.texts, tag, 14, INK if diff else INK_DIM, x + 6, y + 4, where="plate panel"))
        plan_rect, vp, cap, walks, ghosts = self.geometry(step, cell)
        k = max(0.35, vp.scale / 14)  # line widths with the panel's scale (the frames' are ~14 px/尺)
        r = max(4.0, min(9.0, vp.scale * 1.0))
        inner = [_rect(*plan_rect, fill=PLAN["background"])]
        inner += plan_prims(self.layout, vp, min(k, 0.6))
        inner += context_prims(self.choreo, step, vp, r, set(step.figures))
        for g in ghosts:
            inner += walk_prims(self.other, g, vp, r, ghost=True)
        for wk in walks:
            inner += walk_prims(self.choreo, wk, vp, r)
        inner += self._names(walks, vp, r, plan_rect)
        out.append(Clip(plan_rect, tuple(inner)))
        out += cap
        return out

    def _difference(self, step: Step) -> tuple[str, ...]:
        """The figures the other reading places, faces or orders otherwise in this step."""
        if self.other is None:
            return ()
        d = step_difference(self.choreo, self.other, step.id)
        if not (d.in_a and d.in_b):
            return ()
        return d.differing_figures

    def _names(self, walks, vp, r, rect) -> list:
        """Each actor's name beside where he ends, clear of the discs and of each other; one that
        fits nowhere beside him (a pair abreast) is set vertically above or below his disc, as the
        frames set theirs, and left out only when that is taken too."""
        from choreo.render.drawplan import label_measure
        from choreo.render.placement import _clear, _inside, place_indexed

        items = []
        for wk in walks:
            px, py = vp.to_screen(*wk.end)
            info = self.choreo.figures[wk.figure]
            items.append((info.label or wk.figure, px, py, 2, 13))
        left, top, w, h = rect
        bounds = (left, top, left + w, top + h)
        taken = [(px - r, py - r, px + r, py + r) for _, px, py, _, _ in items]
        done = place_indexed(items, label_measure(self.texts), gap=r + 3, bounds=bounds, taken=taken)
        out = [run(self.texts, items[i][0], 13, INK, lx, ly, PLAN["halo"], "plate figure label") for i, lx, ly in done]
        for i in sorted(set(range(len(items))) - {i for i, _, _ in done}):
            text, px, py, _, size = items[i]
            vw, vh = self.texts.vertical_size(text, size)
            for vx, vy in ((px - vw / 2, py - r - 2 - vh), (px - vw / 2, py + r + 2)):
                box = (vx, vy, vx + vw, vy + vh)
                if _inside(box, bounds) and _clear(box, taken):
                    taken.append(box)
                    out.append(vertical_run(self.texts, text, size, INK, vx, vy, PLAN["halo"], "plate figure label"))
                    break
        return out

    def _caption(self, clause: str, x: float, bottom: float, width: float) -> tuple[list, float]:
        """The clause across the panel's foot, as large as fits four lines (17 px down to 11)."""
        size = 17
        while True:
            lines = self.texts.wrap(clause, size, int(width - size))  # room for a mark hung at the end
            if len(lines) <= 4 or size <= 11:
                break
            size -= 1
        lh = round(size * 1.3)
        height = lh * len(lines) + 8
        top = bottom - height
        return [run(self.texts, line, size, CAPTION["background"], x, top + i * lh, where="plate caption")
                for i, line in enumerate(lines)], height

    def _vertical_caption(self, clause: str, x: float, top: float, width: float, height: float) -> list:
        """The clause in columns, top to bottom, the first column on the right (as the 禮圖 set it)."""
        chars = [ch for ch in clause if not ch.isspace()]
        size = 16
        per = max(1, int((height - 8) // round(size * 1.02)))
        cols = [chars[i:i + per] for i in range(0, len(chars), per)]
        out = []
        right = x + width - 6
        for i, col in enumerate(cols):
            col_w = size + 6
            out.append(vertical_run(self.texts, "".join(col), size, CAPTION["background"], right - (i + 1) * col_w,
                                    top + 2, where="plate caption"))
        return out

