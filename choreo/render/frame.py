"""One frame of a Choreography at ceremony time t: plan, figures, trails, legend, 侯道 strip, caption.

The exporter, the plates and the viewer all call :meth:`FrameRenderer.draw`; nothing here depends on
how frames are stored. Figures are drawn at ``Choreography.pose_at(figure, t)`` through the same
Viewport as the plan, so the pixel at a figure's projected position has that figure's colour.
"""

from __future__ import annotations

import sys
import weakref

import pygame

from choreo.model import Choreography, Step
from choreo.render.camera import Camera
from choreo.render.caption import CaptionBand
from choreo.render.card import TitleCard
from choreo.render.config import RenderConfig
from choreo.render.drawplan import PlanPainter, draw_north, draw_scale_bar, furniture_boxes
from choreo.render.figstate import own_landmarks
from choreo.render.figures import FigureLayer
from choreo.render.placement import settle
from choreo.render.planlayer import PlanLayer, quantised
from choreo.render.planlayout import build_layout, split_panels, strip_viewport, without_landmarks
from choreo.render.rangemarks import draw_loose_cords
from choreo.render.style import PLAN
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport, fit

CAPTION_BAND = 150  # pixels at a 720-px frame


class FrameRenderer:
    """Draws frames of one Choreography with one RenderConfig; caches what does not change."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache | None = None) -> None:
        self.choreo = choreo
        self.cfg = cfg
        self.texts = texts or TextCache()
        venue_layout = build_layout(choreo.venue)
        own = own_landmarks(choreo)  # the 楅, the 中: drawn with the object that is set there, when it is
        self.layout = without_landmarks(venue_layout, frozenset(own))
        self.panels = split_panels(cfg.size, strip=cfg.strip, bottom_band=cfg.px(CAPTION_BAND))
        self.camera = Camera(choreo, self.layout, self.panels.main, cfg.camera)
        self.painter = PlanPainter(self.layout, cfg, self.texts)  # the strip (a fixed view)
        self.layer = PlanLayer(self.layout, cfg, self.texts)  # the main view's plan, per zoom level
        self.figures = FigureLayer(choreo, cfg, self.texts, venue_layout, own)
        self.strip_vp = strip_viewport(self.layout, self.panels.strip) if self.panels.strip else None
        self.surface = pygame.Surface(cfg.size)
        band = self.panels.bottom_band
        self.caption = CaptionBand(choreo, cfg, self.texts, band[2:]) if band is not None else None
        picture_h = band[1] if band is not None else cfg.height
        self.title_card = TitleCard(choreo, cfg, self.texts, (0, 0, cfg.width, picture_h))
        # per surface drawn on: the caption now in its bottom band, and what frame it holds
        self._bands: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._drawn: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
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
             into: pygame.Surface | None = None, card: bool = False) -> pygame.Surface:
        """The frame at ceremony time t; ``step`` is the step captioned (default: the one at t).

        ``view`` (optional) replaces the automatic camera's viewport of the main panel (the viewer's
        manual zoom and pan); it is moved by under a pixel onto the cached plan's pixel grid.
        ``into`` (optional, from :meth:`new_target`): the surface to draw on, instead of the
        renderer's own (the video export draws straight into the surfaces it hands to the encoder).
        ``card``: the title card of the passage ``step`` opens, over the dimmed picture.

        The surface returned is reused by the next frame drawn into it: copy it or blit it
        elsewhere, never draw on it (a frame asked for again is not redrawn, and the caption band
        is only redrawn when it changes).
        """
        if step is None:
            step = self.choreo.step_at(t)
        surf = self.surface if into is None else into
        key = (t, step.id if step else None, view, card)
        if self._drawn.get(surf) == key:
            return surf
        self._drawn.pop(surf, None)  # half drawn if this raises
        vp, exact = self._main_view(t, step, view)
        main = self.panels.main
        level = self.layer.draw(surf, vp, exact)
        surf.set_clip(pygame.Rect(main))
        self._draw_main(surf, vp, level, t, step)
        surf.set_clip(None)
        pygame.draw.rect(surf, PLAN["frame"], main, 1)
        if self.strip_vp is not None:
            self._draw_strip(surf, vp, t, step)
        if card and step is not None:
            self.title_card.draw(surf, step)
        if self.panels.bottom_band is not None:
            caption = self.caption.surface(step)
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
        if self.caption is not None:
            self.caption.surface(step)

    def frame_bytes(self, t: float, step: Step | None = None, card: bool = False) -> bytes:
        """The frame as RGB24 bytes, row-major (``pygame.image.tobytes`` is faster than surfarray)."""
        return pygame.image.tobytes(self.draw(t, step, card=card), "RGB")

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

    # -- figures and the strip ----------------------------------------------------------------------
    def carrier_of(self, obj: str, t: float) -> str | None:
        """The person carrying object figure ``obj`` at t, or None when it lies where its track puts it."""
        return self.figures.carrier_of(obj, t)

    def furniture(self, t: float, step: Step | None = None, view: Viewport | None = None):
        """(scale bar, north arrow) pixel boxes of the main view at t, as :meth:`draw` places them."""
        if step is None:
            step = self.choreo.step_at(t)
        vp, exact = self._main_view(t, step, view)
        figs = self.figures.layout(vp, t, step, small=False)
        plan = self.layer.labels(vp.scale if exact else quantised(vp.scale))
        return self._furniture(vp, figs, self._anchors(vp, plan))

    def _anchors(self, vp: Viewport, plan) -> list:
        """Small boxes round the points the plan's landmark labels stand for (kept uncovered)."""
        reach = self.cfg.px(4)
        out = []
        for lab in plan or ():
            ax, ay = vp.to_screen(lab.x, lab.y)
            out.append((ax - reach, ay - reach, ax + reach, ay + reach))
        return out

    def _furniture(self, vp: Viewport, figs, anchors) -> tuple:
        return furniture_boxes(vp, self.texts, self.cfg, [box for f in figs for box in f.boxes] + anchors)

    def _draw_main(self, surf, vp: Viewport, level: float, t: float, step: Step | None) -> None:
        """Figures, their labels and the landmark labels; a figure's label wins over a landmark's.

        The scale bar and the north arrow go to corners where no figure stands and are drawn first,
        under the figures, so that they hide none even where no corner is free."""
        figs = self.figures.layout(vp, t, step, small=False)
        left, top, w, h = vp.rect
        plan = self.layer.labels(level)
        s = vp.scale
        wanted = []
        for lab in plan:
            ax, ay = vp.to_screen(lab.x, lab.y)
            f = s / level  # during a zoom blend, offsets follow the scale so labels keep their side
            x0, y0 = ax + lab.dx * f, ay + lab.dy * f
            wanted.append(((x0, y0, x0 + lab.w, y0 + lab.h), (ax, ay)))
        anchors = self._anchors(vp, plan)
        bar, north = self._furniture(vp, figs, anchors)
        draw_scale_bar(surf, vp, self.texts, self.cfg, bar)
        draw_north(surf, vp.rect, self.texts, self.cfg, north)
        taken = [box for f in figs for box in f.boxes] + [bar, north]
        labels = []
        if self.cfg.labels:
            occupied = taken + anchors
            labels = self.figures.place_labels(figs, occupied, surf.get_clip())
            taken += occupied[len(taken) + len(anchors):]  # the figure labels placed
        kept = settle(wanted, list(taken), gap=self.cfg.px(5), bounds=(left, top, left + w, top + h))
        for lab, box in zip(plan, kept, strict=True):
            if box is not None:
                surf.blit(self.texts.render(lab.text, lab.size, lab.colour, PLAN["halo"], where="plan label"),
                          box[:2])
        draw_loose_cords(surf, vp, self.choreo, t, PLAN["court"], PLAN["target"], self.cfg.font_scale)
        self.figures.paint(surf, vp, figs, t, small=False)
        self.figures.blit_labels(surf, labels)

    def _draw_strip(self, surf, main_vp: Viewport, t: float, step: Step | None) -> None:
        svp = self.strip_vp
        surf.blit(self.painter.panel("strip", svp, strip=True), svp.rect[:2])
        surf.set_clip(pygame.Rect(svp.rect))
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        pygame.draw.rect(surf, PLAN["camera"], (x0, y0, max(2, x1 - x0), max(2, y1 - y0)), 2)
        figs = self.figures.layout(svp, t, step, small=True, only_south_of=self.layout.range_top)
        labels = []
        if self.cfg.labels:
            labels = self.figures.place_labels(figs, [box for f in figs for box in f.boxes], surf.get_clip())
        self.figures.paint(surf, svp, figs, t, small=True)
        self.figures.blit_labels(surf, labels)
        surf.set_clip(None)
