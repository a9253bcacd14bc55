"""One frame of a Choreography at ceremony time t: plan, figures, trails, legend, 侯道 strip, caption.

The exporter, the plates and the viewer all call :meth:`FrameRenderer.draw`; nothing here depends on
how frames are stored. Figures are drawn at ``Choreography.pose_at(figure, t)`` through the same
Viewport as the plan, so the pixel at a figure's projected position has that figure's colour.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from choreo.model import Choreography, Step
from choreo.render.camera import Camera
from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter
from choreo.render.figstate import FigureStates
from choreo.render.placement import place
from choreo.render.planlayout import build_layout, split_panels, strip_viewport
from choreo.render.style import CAPTION, GROUPS, PLAN, colour_of, group_of
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport

CAPTION_BAND = 150  # pixels at a 720-px frame
INK = (40, 32, 24)


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
        self.painter = PlanPainter(self.layout, cfg, self.texts)
        self.states = FigureStates(choreo)
        self.strip_vp = strip_viewport(self.layout, self.panels.strip) if self.panels.strip else None
        self.surface = pygame.Surface(cfg.size)
        self._captions: dict[str | None, pygame.Surface] = {}
        self._legend: pygame.Surface | None = None
        for name, info in choreo.figures.items():
            self.texts.check(info.label or name, f"label of figure {name}")
        for step in choreo.steps:
            self.texts.check(step.text, f"text of step {step.id}")

    # -- the frame ------------------------------------------------------------------------------
    def draw(self, t: float, step: Step | None = None) -> pygame.Surface:
        """The frame at ceremony time t; ``step`` is the step captioned (default: the one at t)."""
        if step is None:
            step = self.choreo.step_at(t)
        surf = self.surface
        vp = self.camera.viewport(t, step)
        main = self.panels.main
        surf.blit(self.painter.panel("main", vp), main[:2])
        surf.set_clip(pygame.Rect(main))
        self._draw_figures(surf, vp, t, step, labels=self.cfg.labels, small=False)
        surf.set_clip(None)
        if self.strip_vp is not None:
            self._draw_strip(surf, vp, t, step)
        if self.panels.bottom_band is not None:
            surf.blit(self._caption(step), self.panels.bottom_band[:2])
        return surf

    def frame_bytes(self, t: float, step: Step | None = None) -> bytes:
        """The frame as RGB24 bytes, row-major (``pygame.image.tobytes`` is faster than surfarray)."""
        return pygame.image.tobytes(self.draw(t, step), "RGB")

    def project(self, figure: str, t: float, step: Step | None = None) -> tuple[float, float] | None:
        """Where the figure's centre is drawn in the main view at t (None if absent or off-panel)."""
        pose = self.choreo.pose_at(figure, t)
        if pose is None:
            return None
        if step is None:
            step = self.choreo.step_at(t)
        px, py = self.camera.viewport(t, step).to_screen(pose.x, pose.y)
        left, top, w, h = self.panels.main
        if not (left <= px < left + w and top <= py < top + h):
            return None
        return px, py

    # -- figures --------------------------------------------------------------------------------
    def _draw_figures(self, surf, vp: Viewport, t: float, step: Step | None, *, labels: bool,
                      small: bool, only_south_of: float | None = None) -> None:
        cfg = self.cfg
        k = cfg.font_scale
        actors = set(step.figures) if step else set()
        items = []
        discs = []  # pixel boxes of the discs: labels are placed clear of them
        order = sorted(self.choreo.figures.items(), key=lambda kv: (kv[1].kind != "object", kv[0] in actors))
        poses = []
        for name, info in order:
            pose = self.choreo.pose_at(name, t)
            if pose is None:
                continue
            poses.append((name, info, pose))
        if self.cfg.trails and not small:
            for name, info, _pose in poses:
                if info.kind != "object":
                    self._draw_trail(surf, vp, name, info, t)
        for name, info, pose in poses:
            px, py = vp.to_screen(pose.x, pose.y)
            colour = colour_of(info)
            if info.kind == "object":
                s = max(vp.length(info.radius or 0.6), (2.5 if small else 4) * k)
                pygame.draw.rect(surf, colour, (px - s, py - s, 2 * s, 2 * s))
                pygame.draw.rect(surf, INK, (px - s, py - s, 2 * s, 2 * s), 1)
                if labels and not small:
                    items.append((info.label or name, px, py, 1, cfg.px(13)))
                continue
            r = max(vp.length(info.radius or 1.0), (3.5 if small else 8) * k)
            discs.append((px - r, py - r, px + r, py + r))
            gesture = None if small else self.states.gesture(name, t)
            if gesture:
                pygame.draw.circle(surf, CAPTION["accent"], (px, py), r + 5 * k, max(2, round(3 * k)))
            pygame.draw.circle(surf, colour, (px, py), r)
            seated = pose.posture == "坐"
            pygame.draw.circle(surf, INK, (px, py), r, max(1, round((3.5 if seated else 1.5) * k)))
            if seated and not small:
                pygame.draw.circle(surf, PLAN["halo"], (px, py), r * 0.55, max(1, round(1.5 * k)))
            if not small:
                self._wedge(surf, px, py, r, pose.bearing, k)
                self._carried(surf, px, py, r, name, t)
                if gesture:
                    g = self.texts.render(gesture, cfg.px(15), INK, PLAN["halo"], where="gesture")
                    surf.blit(g, (px - g.get_width() / 2, py - r - 6 * k - g.get_height()))
            if labels and (only_south_of is None or pose.y < only_south_of):
                items.append((info.label or name, px, py, 3 if name in actors else 2, cfg.px(14 if small else 17)))
        if items:
            left, top, w, h = surf.get_clip() if surf.get_clip() else (0, 0, *surf.get_size())

            def measure(text, size):
                r = max(1, int(size) // 9)
                return self.texts.width(text, int(size)) + 2 * r, int(size) * 1.25 + 2 * r
            for text, lx, ly, size in place(items, measure, gap=cfg.px(10), bounds=(left, top, left + w, top + h),
                                            taken=discs):
                surf.blit(self.texts.render(text, int(size), INK, PLAN["halo"]), (lx, ly))

    def _wedge(self, surf, px, py, r, bearing, k) -> None:
        """The facing: a triangle on the rim pointing the way the figure faces (bearing 0 = up)."""
        a = math.radians(bearing)
        dx, dy = math.sin(a), -math.cos(a)  # screen: north is up
        tip = (px + dx * (r + 7 * k), py + dy * (r + 7 * k))
        side = math.radians(40)
        b1 = (px + math.sin(a - side) * r, py - math.cos(a - side) * r)
        b2 = (px + math.sin(a + side) * r, py - math.cos(a + side) * r)
        pygame.draw.polygon(surf, INK, [tip, b1, b2])

    def _carried(self, surf, px, py, r, name, t) -> None:
        held = self.states.carries(name, t)
        if not held:
            return
        size = self.cfg.px(12)
        x = px + r + 1  # beside the disc, never over its centre
        y = py
        for obj in held[:4]:
            glyph = obj[0]
            tag = self.texts.render(glyph, size, (255, 255, 255), where=f"object carried by {name}")
            box = pygame.Rect(x, y, tag.get_width() + 4, tag.get_height() + 4)
            pygame.draw.rect(surf, (90, 70, 50), box, border_radius=3)
            surf.blit(tag, (x + 2, y + 2))
            x += box.width + 2

    def _draw_trail(self, surf, vp: Viewport, name, info, t) -> None:
        track = self.choreo.tracks[name]
        t0 = t - self.cfg.trail_seconds
        s = track.samples
        if len(s) < 2 or t <= s[0, 0] or t0 >= s[-1, 0] and s[-1, 0] < t0:
            return
        i0 = int(np.searchsorted(s[:, 0], t0, side="right"))
        i1 = int(np.searchsorted(s[:, 0], t, side="left"))
        times = [max(t0, s[0, 0])] + list(s[i0:i1, 0]) + [t]
        pts = []
        for tt in times:
            at = track.at(tt)
            if at is not None:
                pts.append((tt, at[0], at[1]))
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

    # -- strip, legend, caption -----------------------------------------------------------------
    def _draw_strip(self, surf, main_vp: Viewport, t: float, step: Step | None) -> None:
        svp = self.strip_vp
        surf.blit(self.painter.panel("strip", svp, strip=True), svp.rect[:2])
        surf.set_clip(pygame.Rect(svp.rect))
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        pygame.draw.rect(surf, PLAN["camera"], (x0, y0, max(2, x1 - x0), max(2, y1 - y0)), 2)
        self._draw_figures(surf, svp, t, step, labels=self.cfg.labels, small=True,
                           only_south_of=self.layout.range_top)
        surf.set_clip(None)

    def _legend_surface(self, bg) -> pygame.Surface:
        """The role colours as one row (drawn in the caption band, where it hides no figure)."""
        if self._legend is not None:
            return self._legend
        present = {group_of(info) for info in self.choreo.figures.values()}
        rows = [(label, colour) for key, label, colour in GROUPS if key in present]
        size = self.cfg.px(15)
        gap = self.cfg.px(5)
        rendered = [self.texts.render(label, size, CAPTION["meta"], where="legend") for label, _ in rows]
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
        self._legend = surf
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
            if step.passage:
                meta.append(step.passage)
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
            legend = self._legend_surface(CAPTION["background"])
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
