"""Cue sheets: for one role, every step he acts in as a row: a mini-plan with his path and an
arrow, the clause, and his cues in words (choreo.cues): where he starts and goes, facing and turn,
whom he passes on which side, what he carries. What a student playing the role needs, like a
marching band's dot sheet.
"""

from __future__ import annotations

from choreo.cues import Cue, cues
from choreo.model import Choreography, Step
from choreo.render.caption import display_clause
from choreo.render.framescene import _rect
from choreo.render.panel import CONTEXT, context_prims, focus_bounds, plan_prims, walk, walk_prims
from choreo.render.planlayout import build_layout
from choreo.render.plates import INK_DIM, page_size, passage_words, reading_words, seed_mark
from choreo.render.scene import Circle, Clip, Scene
from choreo.render.style import CAPTION, INK, PLAN
from choreo.render.text import TextCache
from choreo.render.textrun import run
from choreo.render.viewport import fit

ROWS = 5  # steps a page (choice: a mini-plan about 7 cm wide on A4 stays legible)


def held_words(c: Cue, label) -> str:
    a = "、".join(label(x) for x in c.held_start) or "無"
    b = "、".join(label(x) for x in c.held_end) or "無"
    return a if a == b else f"{a} → {b}"


def pass_words(c: Cue, name) -> str:
    return "、".join(f"{name(p.figure)}（{p.side} {p.distance:.0f} 尺）" for p in c.passes) or "無"


class CueSheet:
    def __init__(self, choreo: Choreography, figure: str, texts: TextCache, paper: str = "a4") -> None:
        self.choreo, self.figure, self.texts = choreo, figure, texts
        self.layout = build_layout(choreo.venue)
        self.size = page_size(paper)

    def name(self, figure: str) -> str:
        info = self.choreo.figures.get(figure)
        return (info.label if info is not None and info.label else figure).removeprefix("obj.")

    def pages(self, steps: tuple[Step, ...] | None = None) -> list[Scene]:
        entries = cues(self.choreo, self.figure, steps)
        chunks = [entries[i:i + ROWS] for i in range(0, len(entries), ROWS)] or [[]]
        out = []
        for n, chunk in enumerate(chunks, 1):
            scene = Scene(self.size, (255, 255, 255), title=f"{self.name(self.figure)} {self.choreo.title}")
            scene.add(*self.header(steps or self.choreo.steps, n, len(chunks)))
            for i, cue in enumerate(chunk):
                scene.add(*self.row(cue, self.row_rect(i)))
            if not entries:
                scene.add(run(self.texts, "無", 20, INK_DIM, 50, 140, where="cue sheet"))
            scene.add(*self.footer(steps or self.choreo.steps))
            out.append(scene)
        return out

    def header(self, steps, page: int, pages: int) -> list:
        w, _ = self.size
        m, texts = 50, self.texts
        out = [run(texts, self.name(self.figure), 30, INK, m, 30, where="cue sheet title")]
        words = f"{passage_words(tuple(steps), self.choreo)}　{self.choreo.venue.title or self.choreo.venue.key}　" \
                f"{reading_words(self.choreo)}"
        out.append(run(texts, words, 18, INK_DIM, m, 74, where="cue sheet header"))
        num = run(texts, f"{page} / {pages}", 16, INK_DIM, 0, 36, where="cue sheet header")
        from choreo.render.framescene import moved

        out.append(moved(num, w - m - num.box[2], 0))
        out.append(_rect(m, 104, w - 2 * m, 1.5, fill=INK_DIM))
        return out

    def footer(self, steps) -> list:
        _, h = self.size
        seeds = "".join(dict.fromkeys(seed_mark(s) for s in steps))
        words = f"經文{seeds}　始：始位　至：終位　面：終時所面　為：所為　過：所過之人（在左右，相去尺數）　執：所執"
        return [run(self.texts, words, 14, INK_DIM, 50, h - 44, where="cue sheet footer")]

    def row_rect(self, i: int):
        w, h = self.size
        top, bottom, gut = 120, 60, 14
        rh = (h - top - bottom - gut * (ROWS - 1)) / ROWS
        return (50, top + i * (rh + gut), w - 100, rh)

    def row(self, c: Cue, rect) -> list:
        x, y, w, h = rect
        texts = self.texts
        out: list = [_rect(x, y, w, h, stroke=INK_DIM, width=1)]
        plan_w = min(w * 0.4, h * 1.5)
        plan_rect = (x + 4, y + 4, plan_w, h - 8)
        step = c.step
        mine = walk(self.choreo, self.figure, step.t0, step.t1)
        others = [wk for wk in (walk(self.choreo, f, step.t0, step.t1) for f in step.figures if f != self.figure)
                  if wk is not None]
        vp = fit(focus_bounds(self.layout, ([mine] if mine else []) + others), plan_rect, margin=0.03)
        r = max(5.0, min(10.0, vp.scale))
        inner = [_rect(*plan_rect, fill=PLAN["background"])]
        inner += plan_prims(self.layout, vp, 0.5)
        inner += context_prims(self.choreo, step, vp, r, {self.figure, *step.figures})
        for wk in others:  # those acting with him: grey, so that his own path stands out
            inner += walk_prims(self.choreo, wk, vp, r * 0.8, colour=CONTEXT)
        for p in c.passes:
            pose = self.choreo.pose_at(p.figure, step.t1)
            if pose is not None and p.figure not in step.figures:
                inner.append(Circle(vp.to_screen(pose.x, pose.y), r * 0.7, CONTEXT, INK, 1))
        if mine is not None:
            inner += walk_prims(self.choreo, mine, vp, r, arrow=True)
        out.append(Clip(plan_rect, tuple(inner)))
        tx = x + plan_w + 24
        tw = x + w - 12 - tx
        ty = y + 10
        out.append(run(texts, f"{step.index + 1}　{step.id}", 15, INK_DIM, tx, ty, where="cue sheet"))
        ty += 26
        for line in texts.wrap(display_clause(step.text), 20, int(tw))[:3]:
            out.append(run(texts, line, 20, CAPTION["background"], tx, ty, where=f"text of step {step.id}"))
            ty += 27
        ty += 6
        rows = [("始", c.start_words), ("至", f"{c.end_words}（行 {c.walked:.0f} 尺）" if c.walked >= 0.5 else c.end_words),
                ("面", f"{c.facing}　{c.turn_words}".strip()),
                ("為", "、".join(k if n == 1 else f"{k} ×{n}" for k, n in c.acts) or "無"),
                ("過", pass_words(c, self.name)),
                ("執", held_words(c, self.name))]
        for key, words in rows:
            out.append(run(texts, key, 17, INK, tx, ty, where="cue sheet"))
            for line in texts.wrap(words, 17, int(tw - 34))[:2]:
                out.append(run(texts, line, 17, INK, tx + 34, ty, where="cue sheet"))
                ty += 23
        return out
