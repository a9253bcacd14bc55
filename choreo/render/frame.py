"""One frame of a Choreography at ceremony time t: plan, figures, trails, legend, 侯道 strip, caption.

The exporter, the plates and the viewer all call :meth:`FrameRenderer.draw`; nothing here depends on
how frames are stored. Figures are drawn at ``Choreography.pose_at(figure, t)`` through the same
Viewport as the plan, so the pixel at a figure's projected position has that figure's colour.
"""

from __future__ import annotations

import bisect
import math
import sys
import weakref
from dataclasses import dataclass

import numpy as np
import pygame

from choreo.model import Choreography, FigureInfo, Pose, Step
from choreo.render.camera import Camera
from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter, draw_north, draw_scale_bar, label_measure, overlay_boxes
from choreo.render.figstate import FigureStates, object_name
from choreo.render.placement import _clear, _inside, place_indexed, settle
from choreo.render.planlayer import PlanLayer
from choreo.render.planlayout import build_layout, split_panels, strip_viewport
from choreo.render.style import CAPTION, GROUP_COLOUR, GROUPS, PLAN, colour_of, group_of
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport, fit

CAPTION_BAND = 150  # pixels at a 720-px frame
INK = (40, 32, 24)
# Modelling choice: an object within 3 尺 of a figure whose events say he holds it is in his hands
# (the planner moves a carried object's track with its carrier, a pace or so behind at most).
CARRY_REACH = 3.0


@dataclass
class _Fig:
    """A figure as laid out on one panel at one moment (pixels)."""

    name: str
    info: FigureInfo
    pose: Pose
    px: float
    py: float
    r: float
    held: tuple[str, ...]
    boxes: list  # disc, then one per object held
    label: str | None
    priority: int


def passage_label(step: Step, title: str) -> str:
    """The passage a step belongs to, as a caption names it: "e.2 三耦第一番射" in a sequence of
    passages, just "e.2" when the script is that passage (its title is already on screen)."""
    if step.passage_title and step.passage_title != title:
        return f"{step.passage} {step.passage_title}".strip()
    return step.passage


def _mix(a, b, u: float):
    return tuple(int(round(a[i] + (b[i] - a[i]) * u)) for i in range(3))


class FrameRenderer:
    """Draws frames of one Choreography with one RenderConfig; caches what does not change."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache | None = None) -> None:
        self.choreo = choreo
        self.cfg = cfg
        self.texts = texts or TextCache()
        self.layout = build_layout(choreo.venue)
        self.panels = split_panels(cfg.size, strip=cfg.strip, bottom_band=cfg.px(CAPTION_BAND))
        self.camera = Camera(choreo, self.layout, self.panels.main, cfg.camera)
        self.painter = PlanPainter(self.layout, cfg, self.texts)  # the strip (a fixed view)
        self.layer = PlanLayer(self.layout, cfg, self.texts)  # the main view's plan, per zoom level
        self.states = FigureStates(choreo)
        self._may_carry: dict[str, list[str]] = {}  # object name → the persons who ever hold one
        for name, info in choreo.figures.items():
            if info.kind != "object":
                for obj in self.states.ever_carries(name):
                    self._may_carry.setdefault(obj, []).append(name)
        self.strip_vp = strip_viewport(self.layout, self.panels.strip) if self.panels.strip else None
        self.surface = pygame.Surface(cfg.size)
        self._captions: dict[str | None, pygame.Surface] = {}
        self._poses: tuple[float | None, dict] = (None, {})
        self._track_runs: dict[str, tuple[list[float], list[int]]] = {}
        self._colours = {name: colour_of(info) for name, info in choreo.figures.items()}
        # per surface drawn on: the caption now in its bottom band, and what frame it holds
        self._bands: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._drawn: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._order: tuple[object, list] = (object(), [])  # step id → figures in drawing order
        self._carried_at: tuple[float | None, dict[str, bool]] = (None, {})  # t → object carried?
        self._legends: dict[float, pygame.Surface | None] = {}  # by the room left for it
        for name, info in choreo.figures.items():
            self.texts.check(info.label or name, f"label of figure {name}")
        for step in choreo.steps:
            self.texts.check(step.text, f"text of step {step.id}")

    # -- the frame ------------------------------------------------------------------------------
    def main_viewport(self, t: float, step: Step | None = None, view: Viewport | None = None) -> Viewport:
        """The viewport of the main panel at t, exactly as :meth:`draw` uses it (figures and plan)."""
        return self._main_view(t, step, view)[0]

    def _main_view(self, t: float, step: Step | None, view: Viewport | None) -> tuple[Viewport, bool]:
        if view is not None:
            return PlanLayer.snap(view), True
        if step is None:
            step = self.choreo.step_at(t)
        box, settled = self.camera.view(t, step)
        vp = fit(box, self.panels.main, margin=0.0)
        return (PlanLayer.snap(vp), True) if settled else (vp, False)

    def draw(self, t: float, step: Step | None = None, view: Viewport | None = None,
             into: pygame.Surface | None = None) -> pygame.Surface:
        """The frame at ceremony time t; ``step`` is the step captioned (default: the one at t).

        ``view`` (optional) replaces the automatic camera's viewport of the main panel (the viewer's
        manual zoom and pan); it is moved by under a pixel onto the cached plan's pixel grid.
        ``into`` (optional, from :meth:`new_target`): the surface to draw on, instead of the
        renderer's own (the video export draws straight into the surfaces it hands to the encoder).

        The surface returned is reused by the next frame drawn into it: copy it or blit it
        elsewhere, never draw on it (a frame asked for again is not redrawn, and the caption band
        is only redrawn when it changes).
        """
        if step is None:
            step = self.choreo.step_at(t)
        surf = self.surface if into is None else into
        key = (t, step.id if step else None, view)
        if self._drawn.get(surf) == key:
            return surf
        self._drawn.pop(surf, None)  # half drawn if this raises
        vp, exact = self._main_view(t, step, view)
        main = self.panels.main
        level = self.layer.draw(surf, vp, exact)
        surf.set_clip(pygame.Rect(main))
        self._draw_main(surf, vp, level, t, step)
        draw_scale_bar(surf, vp, self.texts, self.cfg)
        draw_north(surf, main, self.texts, self.cfg)
        surf.set_clip(None)
        pygame.draw.rect(surf, PLAN["frame"], main, 1)
        if self.strip_vp is not None:
            self._draw_strip(surf, vp, t, step)
        if self.panels.bottom_band is not None:
            caption = self._caption(step)
            if self._bands.get(surf) is not caption:  # nothing else draws in the band: it still holds it
                surf.blit(caption, self.panels.bottom_band[:2])
                self._bands[surf] = caption
        self._drawn[surf] = key
        return surf

    def new_target(self) -> pygame.Surface:
        """A surface to pass to :meth:`draw` as ``into``: the frame's size and pixel format."""
        return pygame.Surface(self.cfg.size)

    def prepare(self, step: Step) -> None:
        """Do ahead what the first frame of ``step`` would otherwise pay for: the camera's span of the
        step and its caption (the viewer calls it in a frame's spare time before the step comes)."""
        self.camera.step_span(step)
        if self.panels.bottom_band is not None:
            self._caption(step)

    def frame_bytes(self, t: float, step: Step | None = None) -> bytes:
        """The frame as RGB24 bytes, row-major (``pygame.image.tobytes`` is faster than surfarray)."""
        return pygame.image.tobytes(self.draw(t, step), "RGB")

    @property
    def raw_format(self) -> str | None:
        """ffmpeg's name for the byte layout of :meth:`frame_raw` ("bgr0"), or None if unsupported."""
        surf = self.surface
        if surf.get_bytesize() == 4 and surf.get_masks()[:3] == (0xFF0000, 0xFF00, 0xFF) \
                and sys.byteorder == "little" and surf.get_pitch() == 4 * surf.get_width():
            return "bgr0"
        return None

    def frame_raw(self, t: float, step: Step | None = None) -> bytes:
        """The frame as the surface's own 32-bit pixels (:attr:`raw_format`): a copy, no conversion."""
        return self.draw(t, step).get_buffer().raw

    def project(self, figure: str, t: float, step: Step | None = None,
                view: Viewport | None = None) -> tuple[float, float] | None:
        """Where the figure's centre is drawn in the main view at t (None if absent or off-panel)."""
        pose = self.choreo.pose_at(figure, t)
        if pose is None:
            return None
        px, py = self.main_viewport(t, step, view).to_screen(pose.x, pose.y)
        left, top, w, h = self.panels.main
        if not (left <= px < left + w and top <= py < top + h):
            return None
        return px, py

    # -- figures --------------------------------------------------------------------------------
    def carrier_of(self, obj: str, t: float) -> str | None:
        """The person carrying object figure ``obj`` at t (its events say he holds it and he is at
        it), or None when it lies where its track puts it."""
        info = self.choreo.figures.get(obj)
        at = self.states.position(obj, t)
        if info is None or at is None:
            return None
        what = object_name(info.label or obj.removeprefix("obj."))
        best, best_d = None, CARRY_REACH
        for name in self._may_carry.get(what, ()):
            if what not in self.states.carries(name, t):
                continue
            pos = self.states.position(name, t)
            if pos is None:
                continue
            d = math.hypot(pos[0] - at[0], pos[1] - at[1])
            if d <= best_d:
                best, best_d = name, d
        return best

    def _draw_main(self, surf, vp: Viewport, level: float, t: float, step: Step | None) -> None:
        """Figures, their labels and the landmark labels; a figure's label wins over a landmark's."""
        figs = self._layout_figures(vp, t, step, small=False)
        taken = [box for f in figs for box in f.boxes] + overlay_boxes(vp, self.texts, self.cfg)
        labels = self._place_figure_labels(figs, taken, surf.get_clip()) if self.cfg.labels else []
        left, top, w, h = vp.rect
        plan = self.layer.labels(level)
        s = vp.scale
        wanted = []
        for lab in plan:
            ax, ay = vp.to_screen(lab.x, lab.y)
            f = s / level  # during a zoom blend, offsets follow the scale so labels keep their side
            x0, y0 = ax + lab.dx * f, ay + lab.dy * f
            wanted.append(((x0, y0, x0 + lab.w, y0 + lab.h), (ax, ay)))
        kept = settle(wanted, list(taken), gap=self.cfg.px(5), bounds=(left, top, left + w, top + h))
        for lab, box in zip(plan, kept, strict=True):
            if box is not None:
                surf.blit(self.texts.render(lab.text, lab.size, lab.colour, PLAN["halo"], where="plan label"),
                          box[:2])
        self._paint_figures(surf, vp, figs, t, small=False)
        self._blit_labels(surf, labels)

    def _layout_figures(self, vp: Viewport, t: float, step: Step | None, *, small: bool,
                        only_south_of: float | None = None) -> list[_Fig]:
        """Where every present figure is drawn at t, with the boxes it occupies (disc, objects held)."""
        cfg = self.cfg
        k = cfg.font_scale
        actors = set(step.figures) if step else set()
        out = []
        key = step.id if step else None
        if self._order[0] != key:  # the drawing order changes with the step's actors only
            self._order = (key, sorted(self.choreo.figures.items(),
                                       key=lambda kv: (kv[1].kind != "object", kv[0] in actors)))
        poses = self._poses_at(t)
        if self._carried_at[0] != t:  # the main view and the strip ask the same at one t
            self._carried_at = (t, {})
        carried = self._carried_at[1]
        for name, info in self._order[1]:
            pose = poses.get(name)
            if pose is None:
                continue
            px, py = vp.to_screen(pose.x, pose.y)
            label = info.label or name
            if info.kind == "object":
                if name not in carried:
                    carried[name] = self.carrier_of(name, t) is not None
                if carried[name]:
                    continue  # drawn with its carrier, not as a token on top of him
                r = max(vp.length(info.radius or 0.6), (2.5 if small else 4) * k)
                out.append(_Fig(name, info, pose, px, py, r, (), [(px - r, py - r, px + r, py + r)],
                                None if small else label, 1))
                continue
            r = max(vp.length(info.radius or 1.0), (3.5 if small else 8) * k)
            boxes = [(px - r, py - r, px + r, py + r)]
            held: tuple[str, ...] = ()
            if not small:
                held = self.states.carries(name, t)[:4]
                boxes += self._held_boxes(px, py, r, held)
            shown = only_south_of is None or pose.y < only_south_of
            out.append(_Fig(name, info, pose, px, py, r, held, boxes, label if shown else None,
                            3 if name in actors else 2))
        return out

    def _poses_at(self, t: float) -> dict[str, Pose | None]:
        """Every figure's pose at t, computed once for the main view and the strip."""
        if self._poses[0] != t:
            self._poses = (t, {name: self.states.pose(name, t) for name in self.choreo.figures})
        return self._poses[1]

    def _held_boxes(self, px, py, r, held) -> list[tuple[float, float, float, float]]:
        """Badges of the objects a figure holds: one row just under its disc, centred on it."""
        if not held:
            return []
        size = self.cfg.deco_px(12)
        pad = self.cfg.dim(4)
        widths = [self.texts.width(obj[0], size) + pad for obj in held]
        x = px - (sum(widths) + 2 * (len(widths) - 1)) / 2
        y = py + r * 0.55
        out = []
        for w in widths:
            out.append((x, y, x + w, y + size * 1.25 + pad))
            x += w + 2
        return out

    def _place_figure_labels(self, figs: list[_Fig], taken: list, clip) -> list:
        """Figure labels, clear of every disc, held object and other label; returns drawing orders
        ``(text, left, top, size, vertical)``.

        A label that fits nowhere beside its figure (a file of archers shoulder to shoulder) is set
        vertically above or below the disc; failing that, an acting figure's label is drawn at its
        first spot only if it covers no other label, and any other is left out, since overlapping
        labels read as neither.
        """
        cfg = self.cfg
        left, top, w, h = clip if clip else (0, 0, *self.surface.get_size())
        bounds = (left, top, left + w, top + h)
        measure = label_measure(self.texts)
        items = [(f.label, f.px, f.py, f.priority, cfg.px(13 if f.info.kind == "object" else 17))
                 for f in figs if f.label]
        rad = [f.r for f in figs if f.label]
        gap = cfg.px(10)
        done = place_indexed(items, measure, gap=gap, bounds=bounds, taken=taken, force=99)
        out = [(items[i][0], lx, ly, items[i][4], False) for i, lx, ly in done]
        placed = {i for i, _, _ in done}
        label_boxes = []
        for i, lx, ly in done:
            lw, lh = measure(items[i][0], items[i][4])
            label_boxes.append((lx, ly, lx + lw, ly + lh))
        for i in sorted(set(range(len(items))) - placed, key=lambda i: -items[i][3]):
            text, px, py, priority, size = items[i]
            vw, vh = self.texts.vertical_size(text, int(size))
            chosen = None
            for vx, vy in ((px - vw / 2, py - rad[i] - 2 - vh), (px - vw / 2, py + rad[i] + 2)):
                box = (vx, vy, vx + vw, vy + vh)
                if _inside(box, bounds) and _clear(box, taken):
                    chosen = box
                    out.append((text, vx, vy, size, True))
                    break
            if chosen is None and priority >= 3:
                lw, lh = measure(text, size)
                box = (px + gap, py - lh / 2, px + gap + lw, py + lh / 2)
                if _clear(box, label_boxes):
                    chosen = box
                    out.append((text, box[0], box[1], size, False))
            if chosen is not None:
                taken.append(chosen)
                label_boxes.append(chosen)
        return out

    def _blit_labels(self, surf, labels) -> None:
        for text, lx, ly, size, vertical in labels:
            render = self.texts.render_vertical if vertical else self.texts.render
            surf.blit(render(text, int(size), INK, PLAN["halo"]), (lx, ly))

    def _paint_figures(self, surf, vp: Viewport, figs: list[_Fig], t: float, *, small: bool) -> None:
        cfg = self.cfg
        k = cfg.font_scale
        if cfg.trails and not small:
            for f in figs:
                if f.info.kind != "object":
                    self._draw_trail(surf, vp, f.name, f.info, t)
        for f in figs:
            px, py, r = f.px, f.py, f.r
            colour = self._colours.get(f.name) or colour_of(f.info)
            if f.info.kind == "object":
                pygame.draw.rect(surf, colour, (px - r, py - r, 2 * r, 2 * r))
                pygame.draw.rect(surf, INK, (px - r, py - r, 2 * r, 2 * r), 1)
                continue
            gesture = None if small else self.states.gesture(f.name, t)
            if gesture:
                pygame.draw.circle(surf, CAPTION["accent"], (px, py), r + 5 * k, max(2, round(3 * k)))
            pygame.draw.circle(surf, colour, (px, py), r)
            seated = f.pose.posture == "坐"
            pygame.draw.circle(surf, INK, (px, py), r, max(1, round((3.5 if seated else 1.5) * k)))
            if seated and not small:
                pygame.draw.circle(surf, PLAN["halo"], (px, py), r * 0.55, max(1, round(1.5 * k)))
            if not small:
                self._wedge(surf, px, py, r, f.pose.bearing, k)
                self._carried(surf, f, cfg.deco_px(12))
                if gesture:
                    g = self.texts.render(gesture, cfg.px(15), INK, PLAN["halo"], where="gesture")
                    surf.blit(g, (px - g.get_width() / 2, py - r - 6 * k - g.get_height()))

    def _wedge(self, surf, px, py, r, bearing, k) -> None:
        """The facing: a triangle on the rim pointing the way the figure faces (bearing 0 = up)."""
        a = math.radians(bearing)
        dx, dy = math.sin(a), -math.cos(a)  # screen: north is up
        tip = (px + dx * (r + 7 * k), py + dy * (r + 7 * k))
        side = math.radians(40)
        b1 = (px + math.sin(a - side) * r, py - math.cos(a - side) * r)
        b2 = (px + math.sin(a + side) * r, py - math.cos(a + side) * r)
        pygame.draw.polygon(surf, INK, [tip, b1, b2])

    def _carried(self, surf, f: _Fig, size: int) -> None:
        """Each object held as a badge with its first character, in the objects' colour, under the disc."""
        for obj, box in zip(f.held, f.boxes[1:], strict=False):
            tag = self.texts.render(obj[0], size, (255, 255, 255), where=f"object carried by {f.name}")
            rect = pygame.Rect(round(box[0]), round(box[1]), round(box[2] - box[0]), round(box[3] - box[1]))
            pygame.draw.rect(surf, GROUP_COLOUR["object"], rect, border_radius=3)
            pygame.draw.rect(surf, INK, rect, 1, border_radius=3)
            surf.blit(tag, (rect.x + (rect.width - tag.get_width()) / 2, rect.y + (rect.height - tag.get_height()) / 2))

    def _draw_trail(self, surf, vp: Viewport, name, info, t) -> None:
        track = self.choreo.tracks[name]
        t0 = t - self.cfg.trail_seconds
        s = track.samples
        if len(s) < 2 or t <= s[0, 0] or t0 >= s[-1, 0] and s[-1, 0] < t0:
            return
        times, run = self._runs(name)
        i0 = bisect.bisect_right(times, t0)
        i1 = bisect.bisect_left(times, t)
        # every sample the trail's points lie between, s[max(i0 - 1, 0):i1 + 1], at one place:
        # standing still all the while, every segment has zero length and nothing is drawn
        if run[min(i1, len(times) - 1)] <= max(i0 - 1, 0):
            return
        # Track.at at a sample's own time is that sample (the last of several at one time): looked
        # up all at once; only the two ends are interpolated.
        start, end = max(t0, s[0, 0]), track.at(t)
        first = track.at(start)
        inner = s[np.searchsorted(s[:, 0], s[i0:i1, 0], side="right") - 1]
        pts = [(start, first[0], first[1])] if first is not None else []
        pts += zip(s[i0:i1, 0].tolist(), inner[:, 1].tolist(), inner[:, 2].tolist(), strict=True)
        if end is not None:
            pts.append((t, end[0], end[1]))
        if len(pts) < 2:
            return
        colour = colour_of(info)
        w = max(2, round(3 * self.cfg.font_scale))
        for (ta, xa, ya), (tb, xb, yb) in zip(pts[:-1], pts[1:], strict=False):
            if xa == xb and ya == yb:
                continue
            age = (t - (ta + tb) / 2) / self.cfg.trail_seconds
            c = _mix(colour, PLAN["background"], min(0.85, 0.25 + 0.6 * age))
            pygame.draw.line(surf, c, vp.to_screen(xa, ya), vp.to_screen(xb, yb), w)

    def _runs(self, name: str) -> tuple[list[float], list[int]]:
        """The track's sample times, and per sample the first sample of its run at one (x, y) (the
        trails' test for a figure standing still, by bisection instead of numpy calls per figure)."""
        hit = self._track_runs.get(name)
        if hit is None:
            s = self.choreo.tracks[name].samples
            xy = s[:, 1:3].tolist()
            run = [0] * len(xy)
            for i in range(1, len(xy)):
                run[i] = run[i - 1] if xy[i] == xy[i - 1] else i
            hit = self._track_runs[name] = (s[:, 0].tolist(), run)
        return hit

    # -- strip, legend, caption -----------------------------------------------------------------
    def _draw_strip(self, surf, main_vp: Viewport, t: float, step: Step | None) -> None:
        svp = self.strip_vp
        surf.blit(self.painter.panel("strip", svp, strip=True), svp.rect[:2])
        surf.set_clip(pygame.Rect(svp.rect))
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        pygame.draw.rect(surf, PLAN["camera"], (x0, y0, max(2, x1 - x0), max(2, y1 - y0)), 2)
        figs = self._layout_figures(svp, t, step, small=True, only_south_of=self.layout.range_top)
        labels = []
        if self.cfg.labels:
            labels = self._place_figure_labels(figs, [box for f in figs for box in f.boxes], surf.get_clip())
        self._paint_figures(surf, svp, figs, t, small=True)
        self._blit_labels(surf, labels)
        surf.set_clip(None)

    def _legend_surface(self, bg, room: float) -> pygame.Surface | None:
        """The role colours as one row (drawn in the caption band, where it hides no figure), at most
        ``room`` pixels wide: in a small frame the entries that do not fit after the caption's first
        line are left out, whole, rather than cut at the band's edge (None if not even one fits)."""
        hit = self._legends.get(room)
        if hit is not None or room in self._legends:
            return hit
        present = {group_of(info) for info in self.choreo.figures.values()}
        rows = [(label, colour) for key, label, colour in GROUPS if key in present]
        size = self.cfg.px(15)
        gap = self.cfg.px(5)
        rendered = [self.texts.render(label, size, CAPTION["meta"], where="legend") for label, _ in rows]
        used = 0
        for n, r in enumerate(rendered):
            used += size + gap + r.get_width() + 2 * gap
            if used > room:
                rows, rendered = rows[:n], rendered[:n]
                break
        if not rows:
            self._legends[room] = None
            return None
        h = max((r.get_height() for r in rendered), default=size)
        w = sum(size + gap + r.get_width() + 2 * gap for r in rendered)
        surf = pygame.Surface((max(1, w), h))
        surf.fill(bg)
        x = 0
        for (_, colour), r in zip(rows, rendered, strict=True):
            pygame.draw.circle(surf, colour, (x + size / 2, h / 2), size / 2)
            pygame.draw.circle(surf, CAPTION["text"], (x + size / 2, h / 2), size / 2, 1)
            surf.blit(r, (x + size + gap, 0))
            x += size + gap + r.get_width() + 2 * gap
        self._legends[room] = surf
        return surf

    def _caption(self, step: Step | None) -> pygame.Surface:
        key = step.id if step else None
        hit = self._captions.get(key)
        if hit is not None:
            return hit
        cfg = self.cfg
        _, _, w, h = self.panels.bottom_band
        surf = pygame.Surface((w, h))
        surf.fill(CAPTION["background"])
        margin = cfg.px(18)
        meta = [self.choreo.title]
        if step is not None:
            meta.append(passage_label(step, self.choreo.title))
            meta.append(f"{step.index + 1}/{len(self.choreo.steps)}")
        meta += [self.choreo.venue.title or self.choreo.venue.key, self.choreo.reading]
        x = margin
        msize = cfg.px(16)
        for piece in meta:
            if not piece:
                continue
            r = self.texts.render(piece, msize, CAPTION["meta"], where="caption")
            surf.blit(r, (x, cfg.px(10)))
            x += r.get_width() + cfg.px(22)
        if cfg.legend:
            legend = self._legend_surface(CAPTION["background"], w - margin - x)
            if legend is not None:
                surf.blit(legend, (max(x, w - margin - legend.get_width()), cfg.px(10)))
        if step is not None:
            top = cfg.px(10) + int(msize * 1.5)
            avail = h - top - cfg.px(8)
            size = cfg.px(30)
            while True:
                lines = self.texts.wrap(step.text, size, w - 2 * margin)
                if len(lines) * size * 1.3 <= avail or size <= cfg.px(14):
                    break
                size -= 1
            y = top
            for line in lines:
                r = self.texts.render(line, size, CAPTION["text"], where=f"text of step {step.id}")
                surf.blit(r, (margin, y))
                y += int(size * 1.3)
        self._captions[key] = surf
        return surf
