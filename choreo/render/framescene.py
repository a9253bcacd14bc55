"""A frame of the Choreography at time t as a :class:`~choreo.render.scene.Scene`.

It takes every decision from the :class:`~choreo.render.frame.FrameRenderer` (its camera, plan
layout, figure layout, label placement, caption wrapping) and writes primitives instead of pixels,
so a still drawn from the scene (``choreo render --at … -o fig.png``) and its SVG or PDF are one
layout painted by two back ends. The video keeps the renderer's own cached layers (its speed).
"""

from __future__ import annotations

import math

from choreo.model import Step
from choreo.render.caption import clause_lines, passage_label
from choreo.render.comparecaption import CompareCaptionBand
from choreo.render.countdraw import COLOUR as COUNTER_COLOUR
from choreo.render.countdraw import counter_strokes
from choreo.render.drawplan import placed_plan_labels, range_dimension_parts, scale_bar_parts
from choreo.render.figures import PlacedFigure, wedge_tip
from choreo.render.ghosts import (
    GHOST_TINT,
    ghost_primitives,
    leader_primitives,
    plan_ghost_primitives,
    strip_ghost_primitives,
)
from choreo.render.marks.scene import mark_prims
from choreo.render.partsdraw import part_badges
from choreo.render.planlayer import quantised
from choreo.render.planlayout import clear_boxes, strip_labels
from choreo.render.rangemarks import loose_cords as range_loose_cords
from choreo.render.rangemarks import side_hold_mark
from choreo.render.scene import Circle, Clip, Poly, Scene
from choreo.render.style import CAPTION, INK, PLAN, colour_of, group_of
from choreo.render.textrun import run, vertical_run
from choreo.render.viewport import Viewport
from choreo.roles import group_colour, legend_groups


def shape_prims(shapes, vp: Viewport, k: float) -> list:
    """The plan's world shapes as pixel primitives, as drawplan.draw_shapes draws them."""
    out = []
    for s in shapes:
        pts = tuple((float(x), float(y)) for x, y in vp.to_screen_many(s.coords)) if s.coords else ()
        w = max(1, round(s.width * k))
        if s.kind == "poly" and len(pts) >= 3:
            out.append(Poly(pts, PLAN[s.style], PLAN[s.outline] if s.outline else None, w))
        elif s.kind == "line" and len(pts) >= 2:
            out.append(Poly(pts, None, PLAN[s.style], w, closed=False, dashed=(8 * k, 6 * k) if s.dashed else None))
        elif s.kind == "circle" and pts:
            r = max(vp.length(s.radius), s.min_px * k)
            out.append(Circle(pts[0], r, PLAN[s.style], PLAN[s.outline] if s.outline else None, w))
    return out


def _rect(x: float, y: float, w: float, h: float, **kw) -> Poly:
    return Poly(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), **kw)


class FrameScene:
    """Scenes of one renderer's frames."""

    def __init__(self, renderer) -> None:
        self.r = renderer
        self.texts = renderer.texts
        self.cfg = renderer.cfg

    def at(self, t: float, step: Step | None = None) -> Scene:
        r, cfg = self.r, self.cfg
        if step is None:
            step = r.choreo.step_at(t)
        vp, exact = r._main_view(t, step, None)
        level = vp.scale if exact else quantised(vp.scale)
        scene = Scene(cfg.size, PLAN["background"], title=r.choreo.title)
        main = r.panels.main
        inner = [_rect(*main, fill=PLAN["background"])]
        inner += shape_prims(r.layout.shapes, vp, cfg.font_scale)
        t_a, drawn = r.enter(t, step)  # a comparison's step of b: played on b's clock, a's figures waiting
        inner += self._main(vp, level, t_a, drawn)
        scene.add(Clip(main, tuple(inner)))
        scene.add(_rect(*main, stroke=PLAN["frame"], width=1))
        if r.strip_vp is not None:
            scene.add(Clip(r.strip_vp.rect, tuple(self._strip(vp, t_a, drawn))))
        if r.panels.bottom_band is not None:
            scene.add(*self.caption(step, r.panels.bottom_band))
        return scene

    # -- the main view --------------------------------------------------------------------------
    def _main(self, vp: Viewport, level: float, t: float, step: Step | None) -> list:
        r, cfg, texts = self.r, self.cfg, self.texts
        out: list = []
        fl = r._lay_out(vp, level, t, step)  # the one placement pass the video's frames use
        out += self.scale_bar(vp, fl.furniture["scale bar"])
        out += self.north(fl.furniture["north"])
        out += mark_prims(r.legend_marks_of(fl, vp), texts)
        out += mark_prims(r.plan_key_marks(fl), texts)
        for lab, box in fl.landmark_labels:
            out.append(run(texts, lab.text, lab.size, lab.colour, box[0], box[1], PLAN["halo"], "plan label"))
        if "key" in fl.furniture:
            x0, y0, x1, y1 = (round(v) for v in fl.furniture["key"])
            out.append(_rect(x0, y0, x1 - x0, y1 - y0, fill=PLAN["halo"], stroke=PLAN["frame"], width=1, radius=3))
            for entry, x, y, size in r.key_rows(fl):
                out.append(run(texts, entry, size, INK, x, y, None, "key"))
        out += self.loose_cords(vp, t)
        out += [Poly(pts, None, COUNTER_COLOUR, w, closed=False)
                for pts, w in counter_strokes(r.choreo, vp, t, cfg.font_scale)]  # the 算 on the ground
        if r.comparison is not None and r.plan_ghosts:
            out += plan_ghost_primitives(r.plan_ghosts, vp, cfg.font_scale)
        out += self.figures(vp, fl.figures, t, small=False, trails=r.figures.people(t, step))
        out += r.flight_prims(vp, t)  # an arrow leaving the 物
        out += self.parts(fl.figures, t)
        out += ghost_primitives(list(fl.ghosts), cfg.font_scale)
        out += self.figure_labels(fl.labels)
        out += leader_primitives(fl.ghost_labels, cfg.font_scale)
        for text, x, y, size, _ in fl.ghost_labels:
            out.append(run(texts, text, int(size), GHOST_TINT, x, y, PLAN["halo"], "ghost label"))
        if fl.inset is not None:
            out += r.inset_prims(fl.inset)  # the target end, as the frames paint it
        return out

    def loose_cords(self, vp: Viewport, t: float) -> list:
        """Each cord untied (解綱) by t: its taut line wiped, the slack one drawn (rangemarks.py)."""
        k, out = self.cfg.font_scale, []
        for taut, slack in range_loose_cords(self.r.choreo, t):
            out.append(Poly(tuple(vp.to_screen(x, y) for x, y in taut), None, PLAN["court"], max(2, round(3 * k)),
                            closed=False))
            out.append(Poly(tuple(vp.to_screen(x, y) for x, y in slack), None, PLAN["target"], max(1, round(1.5 * k)),
                            closed=False))
        return out

    def parts(self, figs, t: float) -> list:
        """The 脯 and 醢 of a 薦 at rest, each on its side (partsdraw.py), as the frame paints them."""
        out = []
        for b in part_badges(self.r.choreo, figs, t, self.cfg.deco_px(16)):
            x, y, w, h = (round(v) for v in b.box)
            out.append(_rect(x, y, w, h, fill=group_colour("object"), stroke=INK, width=1, radius=3))
            g = run(self.texts, b.part, self.cfg.deco_px(12), (255, 255, 255), 0, 0, where=f"part of {b.obj}")
            out.append(moved(g, x + (w - g.box[2]) / 2, y + (h - g.box[3]) / 2))
        return out

    def scale_bar(self, vp: Viewport, box) -> list:
        parts = scale_bar_parts(vp, self.texts, self.cfg, box)
        out = [Poly(pts, None, colour, wid, closed=False) for colour, wid, pts in parts["lines"]]
        text, size, x, y = parts["text"]
        out.append(run(self.texts, text, size, PLAN["label"], x, y, PLAN["halo"], "scale bar"))
        return out

    def north(self, box) -> list:
        cfg = self.cfg
        s = cfg.px(20)
        cx, cy = (box[0] + box[2]) / 2, box[3] - 2 - s * 0.6
        out = [Poly(((cx, cy - s), (cx + s * 0.45, cy + s * 0.6), (cx, cy + s * 0.25)), PLAN["label"]),
               Poly(((cx, cy - s), (cx - s * 0.45, cy + s * 0.6), (cx, cy + s * 0.25)), None, PLAN["label"], 2)]
        g = run(self.texts, "北", cfg.px(20), PLAN["label"], 0, 0, PLAN["halo"], "north arrow")
        out.append(moved(g, cx - g.box[2] / 2, cy - s - g.box[3]))
        return out

    # -- figures ----------------------------------------------------------------------------------
    def figures(self, vp: Viewport, figs: list[PlacedFigure], t: float, *, small: bool,
                trails: list | None = None) -> list:
        """``trails``: whose trails to draw, as FigureLayer.paint takes them."""
        layer, cfg = self.r.figures, self.cfg
        k = cfg.font_scale
        out: list = []
        if cfg.trails and not small:
            for name, info in trails if trails is not None else ((f.name, f.info) for f in figs):
                if info.kind != "object":
                    out += [Poly((a, b), None, c, w, closed=False)
                            for c, a, b, w in layer.trail_segments(vp, name, info, t)]
        if not small:
            out += mark_prims(layer.passing_marks_at(vp, t), self.texts)
        for f in figs:
            px, py, r = f.px, f.py, f.r
            colour = colour_of(f.info)
            if f.shapes:
                out += shape_prims(f.shapes, vp, k)
                continue
            if f.info.kind == "object" and not small and layer.rest_pictogram(f) is not None:
                out += mark_prims(layer.rest_marks(f), self.texts)
                continue
            if f.info.kind == "object":
                out.append(_rect(px - r, py - r, 2 * r, 2 * r, fill=colour, stroke=INK, width=1))
                continue
            gesture = None if small else layer.states.gesture(f.name, t)
            if gesture:
                out.append(Circle((px, py), r + 5 * k, None, CAPTION["accent"], max(2, round(3 * k))))
            seated = f.pose.posture == "坐"
            out.append(Circle((px, py), r, colour, INK, max(1, round((3.5 if seated else 1.5) * k))))
            if seated and not small:
                out.append(Circle((px, py), r * 0.55, None, PLAN["halo"], max(1, round(1.5 * k))))
            if small:
                continue
            out.append(wedge(px, py, r, f.pose.bearing, k))
            out += mark_prims(layer.disc_marks(f, t), self.texts)
            out += self.badges(f, t)
            out += mark_prims(layer.turn_marks(f, t, vp), self.texts)
            if self.r.choreo.side_held(f.name, t):  # 執一個，兼諸弦，面鏃 (not 挾): over the badges
                shaft, head = side_hold_mark(px, py, r, f.pose.bearing, k)
                out += [Poly(tuple(shaft), None, INK, max(1, round(1.5 * k)), closed=False), Poly(tuple(head), INK)]
            if f.gesture:  # where the placement pass put it (FigureLayer.place_gestures)
                word, box = f.gesture
                out.append(run(self.texts, word, layer.gesture_size(), INK, round(box[0]), round(box[1]), PLAN["halo"],
                               "gesture"))
        return out

    def badges(self, f: PlacedFigure, t: float) -> list:
        """What the figure holds: a pictogram where the data has one, else a badge with a character."""
        size = self.cfg.deco_px(12)
        out = []
        pictograms = self.r.figures.pictogram_marks_of(f, t)
        for i, (obj, box) in enumerate(zip(f.held, f.boxes[1:], strict=False)):
            if i in pictograms:
                out += mark_prims(pictograms[i], self.texts)
                continue
            x, y = round(box[0]), round(box[1])
            w, h = round(box[2] - box[0]), round(box[3] - box[1])
            out.append(_rect(x, y, w, h, fill=group_colour("object"), stroke=INK, width=1, radius=3))
            g = run(self.texts, self.r.figures.states.label(obj)[0], size, (255, 255, 255), 0, 0,
                    where=f"object carried by {f.name}")
            out.append(moved(g, x + (w - g.box[2]) / 2, y + (h - g.box[3]) / 2))
        return out

    def figure_labels(self, labels) -> list:
        out = []
        for text, lx, ly, size, vertical in labels:
            make = vertical_run if vertical else run
            out.append(make(self.texts, text, int(size), INK, lx, ly, PLAN["halo"]))
        return out

    # -- the 侯道 strip -----------------------------------------------------------------------------
    def _strip(self, main_vp: Viewport, t: float, step: Step | None) -> list:
        r, cfg, texts = self.r, self.cfg, self.texts
        svp = r.strip_vp
        left, top, w, h = svp.rect
        out: list = [_rect(left, top, w, h, fill=PLAN["strip-bg"])]
        out += shape_prims(r.layout.shapes, svp, cfg.font_scale * 0.7)
        for text, lx, ly, size, colour in placed_plan_labels(strip_labels(r.layout), svp, texts, cfg, 3,
                                                                clear_boxes(r.layout, svp)):
            out.append(run(texts, text, int(size), colour, lx, ly, PLAN["halo"], "plan label"))
        out += self.range_dimension(svp)
        out.append(_rect(left, top, w, h, stroke=PLAN["frame"], width=1))
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        out.append(_rect(x0, y0, max(2, x1 - x0), max(2, y1 - y0), stroke=PLAN["camera"], width=2))
        figs = r.figures.layout(svp, t, step, small=True, only_south_of=r.layout.range_top, within=svp.rect)
        labels = []
        if cfg.labels:
            labels = r.figures.place_labels(figs, [box for f in figs for box in f.boxes] + r._strip_clear(), svp.rect)
        if cfg.camera == "full":  # the strip is the target end, enlarged: its cords as the main view's
            out += self.loose_cords(svp, t)
        out += self.figures(svp, figs, t, small=True)
        out += strip_ghost_primitives(r._ghosts(svp, t, step, small=True), cfg.font_scale)
        out += r.flight_prims(svp, t, small=True)
        out += self.figure_labels(labels)
        return out

    def range_dimension(self, vp: Viewport) -> list:
        """The 侯道 dimension line (drawplan.draw_range_dimension), its length turned along it."""
        parts = range_dimension_parts(vp, self.cfg, *self.r.layout.range_span)
        if parts is None:
            return []
        x, p0, p1 = parts["line"]
        col = PLAN["label-dim"]
        out = [Poly(((x, p0), (x, p1)), None, col, 1, closed=False)]
        out += [Poly(((x - 5, p), (x + 5, p)), None, col, 1, closed=False) for p in parts["ticks"]]
        if parts["arrow"] is not None:
            out.append(Poly(parts["arrow"], col, None, 1))
        g = turned(run(self.texts, parts["words"], parts["size"], col, 0, 0, PLAN["halo"]))
        out.append(moved(g, x - g.box[2] - 2, parts["centre"] - g.box[3] / 2))
        return out

    # -- the caption band -------------------------------------------------------------------------
    def caption(self, step: Step | None, band) -> list:
        """CaptionBand's drawing as primitives: meta line, legend and the step's clause (a comparison's
        band: its own lines, both sides quoted)."""
        choreo, cfg, texts = self.r.choreo, self.cfg, self.texts
        bx, by, w, h = band
        out: list = [_rect(bx, by, w, h, fill=CAPTION["background"])]
        if isinstance(self.r.caption, CompareCaptionBand):
            return out + [run(texts, text, size, colour, bx + x, by + y, where=where)
                          for text, size, colour, x, y, where in self.r.caption.lines(step)]
        margin = cfg.px(18)
        meta = [choreo.title]
        if step is not None:
            meta += [passage_label(step, choreo.title), f"{step.index + 1}/{len(choreo.steps)}"]
        meta += [choreo.venue.title or choreo.venue.key, choreo.reading_title or choreo.reading, *choreo.option_titles]
        x = margin
        msize = cfg.px(16)
        for piece in meta:
            if piece:
                g = run(texts, piece, msize, CAPTION["meta"], bx + x, by + cfg.px(10), where="caption")
                out.append(g)
                x += g.box[2] + cfg.px(22)
        if cfg.legend:
            out += self.legend(bx + x, by + cfg.px(10), w - margin - x, bx + w - margin)
        if step is not None:
            top = cfg.px(10) + int(msize * 1.5)
            lines, size = clause_lines(choreo, step, texts, cfg, w - 2 * margin, h - top - cfg.px(8))
            y = top
            for line in lines:
                out.append(run(texts, line, size, CAPTION["text"], bx + margin, by + y, where=f"text of step {step.id}"))
                y += int(size * 1.3)
        return out

    def legend(self, x_min: float, y: float, room: float, right: float) -> list:
        present = {group_of(info) for info in self.r.choreo.figures.values()}
        rows = [(g.legend, g.colour) for g in legend_groups() if g.key in present]
        size, gap = self.cfg.px(15), self.cfg.px(5)
        runs = [run(self.texts, label, size, CAPTION["meta"], 0, 0, where="legend") for label, _ in rows]
        used, keep = 0, 0
        for g in runs:
            used += size + gap + g.box[2] + 2 * gap
            if used > room:
                break
            keep += 1
        if not keep:
            return []
        rows, runs = rows[:keep], runs[:keep]
        total = sum(size + gap + g.box[2] + 2 * gap for g in runs)
        hgt = max(g.box[3] for g in runs)
        x = max(x_min, right - total)
        out = []
        for (_, colour), g in zip(rows, runs, strict=True):
            out.append(Circle((x + size / 2, y + hgt / 2), size / 2, colour, CAPTION["text"], 1))
            out.append(moved(g, x + size + gap, y))
            x += size + gap + g.box[2] + 2 * gap
        return out


def main_clip(renderer):
    return renderer.panels.main


def wedge(px: float, py: float, r: float, bearing: float, k: float) -> Poly:
    """The facing wedge (FigureLayer._wedge) as a polygon."""
    a = math.radians(bearing)
    tip = wedge_tip(px, py, r, bearing, k)
    side = math.radians(40)
    b1 = (px + math.sin(a - side) * r, py - math.cos(a - side) * r)
    b2 = (px + math.sin(a + side) * r, py - math.cos(a + side) * r)
    return Poly((tip, b1, b2), INK)


def turned(g):
    """A run laid out at (0, 0) turned a quarter counter-clockwise (pygame.transform.rotate(…, 90)):
    the point (x, y) of its box goes to (y, width - x)."""
    from dataclasses import replace

    w, h = g.box[2], g.box[3]
    return replace(g, chars=tuple((ch, y, w - x) for ch, x, y in g.chars), box=(0, 0, h, w), turned=True)


def moved(g, dx: float, dy: float):
    """A text run laid out at (0, 0) moved by (dx, dy)."""
    from dataclasses import replace

    return replace(g, chars=tuple((ch, x + dx, y + dy) for ch, x, y in g.chars),
                   box=(g.box[0] + dx, g.box[1] + dy, g.box[2], g.box[3]))

