"""One frame of a Choreography at ceremony time t: plan, figures, trails, legend, 侯道 strip, caption.

The exporter, the plates and the viewer all call :meth:`FrameRenderer.draw`; nothing here depends on
how frames are stored. Figures are drawn at ``Choreography.pose_at(figure, t)`` through the same
Viewport as the plan, so the pixel at a figure's projected position has that figure's colour.
"""

from __future__ import annotations

import bisect
import operator
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from choreo.compare import Comparison
from choreo.model import Choreography, Step
from choreo.render.camera import Camera
from choreo.render.caption import CaptionBand
from choreo.render.card import TitleCard
from choreo.render.comparecamera import CompareView
from choreo.render.comparecaption import COMPARE_BAND, CompareCaptionBand
from choreo.render.comparetime import compare_timeline
from choreo.render.config import RenderConfig
from choreo.render.countdraw import draw_counters
from choreo.render.drawplan import (
    PlanPainter,
    draw_north,
    draw_scale_bar,
    furniture_boxes,
    label_measure,
    strip_names,
)
from choreo.render.figstate import own_landmarks
from choreo.render.figurekey import KEY_HEIGHT, KEY_WIDTH, KeyLayout, key_entries, key_layout
from choreo.render.figures import KEY_TAG, FigureLayer
from choreo.render.framekey import KeyLook, PlanSigns, key_marks, key_size
from choreo.render.ghostdraw import (
    blit_ghost_labels,
    ghost_labels,
    paint_ghosts,
    paint_plan_ghosts,
    paint_strip_ghosts,
)
from choreo.render.ghosts import Ghost, ghost_layout, plan_ghosts
from choreo.render.insetplace import SAMPLE, InsetPlan, place_box, plan_places
from choreo.render.labelling import corner_box
from choreo.render.markcache import MarkPictures
from choreo.render.marks.legend import legend_marks, legend_size
from choreo.render.marks.paint import paint as paint_marks
from choreo.render.marks.shapes import Mark
from choreo.render.partsdraw import draw_part_badges, part_badges
from choreo.render.placement import settle
from choreo.render.planlayer import PlanLayer, quantised
from choreo.render.planlayout import (
    PART_STYLES,
    build_layout,
    clear_boxes,
    clear_extents,
    split_panels,
    strip_viewport,
    target_end_share,
    without_landmarks,
)
from choreo.render.rangemarks import draw_loose_cords
from choreo.render.shotdraw import flight_prims, inset_prims, inset_type, is_small, paint_inset
from choreo.render.shotinset import (
    InsetLayout,
    arrows_in_flight,
    current_shot,
    inset_box,
    inset_layout,
    inset_size,
    stretch_of,
)
from choreo.render.style import INK, PLAN
from choreo.render.text import TextCache
from choreo.render.timeline import Pace
from choreo.render.videoclock import EASE, EasedInVideo, MotionClock
from choreo.render.viewport import Rect, Viewport, fit
from choreo.roles import group_colour

CAPTION_BAND = 150  # pixels at a 720-px frame
FULL_STRIP = 0.34  # the most of the width the strip takes with --camera full
KEY_TEXT = 15  # the key's names, pixels at a 720-px frame
KEY_TRIES = 3  # placements of the key and the labels round it (the key grows as names join it)
KEY_LAYOUTS_KEPT = 64  # the key's layouts kept (its entries change a few times a step)


def _meets_any(a, boxes) -> bool:
    """``a`` overlaps one of ``boxes``: one loop, no call per box (a few hundred a pass)."""
    a0, a1, a2, a3 = a
    for b in boxes:
        if a0 < b[2] and b[0] < a2 and a1 < b[3] and b[1] < a3:
            return True
    return False


def placement_inputs(figs) -> tuple:
    """What the placement pass reads of the figures laid out: their boxes, anchors, words, ranks and
    world places (files), what they hold; not their facing or posture beyond what their boxes show."""
    return tuple(map(_placement_row, figs))


def _placement_row(f) -> tuple:
    """One figure's part of :func:`placement_inputs`."""
    return (f.name, f.px, f.py, f.r, tuple(f.boxes), f.label, f.priority, f.info.kind, bool(f.shapes),
            f.pose.x, f.pose.y, f.held, f.gesture)


def _union(a, b) -> tuple:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _holds(outer, inner) -> bool:
    """A key of ``inner``'s size fits in ``outer`` at its top-left corner."""
    return inner[2] - inner[0] <= outer[2] - outer[0] and inner[3] - inner[1] <= outer[3] - outer[1]


class _LastPass:
    """What the last placement pass read and laid out: ``reads`` ((viewport, level), reserved boxes,
    legend entries), the figures it placed (as FigureLayer.layout gave them) and their
    placement_inputs, found when first compared (a pass while the camera pans is never compared)."""

    __slots__ = ("reads", "figures", "layout", "_inputs")

    def __init__(self, reads: tuple, figures: list, layout: FrameLayout, inputs: tuple | None) -> None:
        self.reads, self.figures, self.layout, self._inputs = reads, figures, layout, inputs

    def inputs(self) -> tuple:
        if self._inputs is None:  # its figures are not changed after the pass (PlacedFigure.replaced copies)
            self._inputs = placement_inputs(self.figures)
        return self._inputs


@dataclass(frozen=True)
class FrameLayout:
    """The main view's boxes at one moment (pixels: left, top, right, bottom), as drawn.

    ``labels`` are the figure labels' drawing orders and ``label_boxes`` their boxes; ``keyed`` the
    numbered figures (index into ``figures``, number); ``landmark_labels`` (PlacedLabel, box);
    ``furniture`` the scale bar, the north arrow, the key (if any) and the reserved boxes by name.
    """

    viewport: Viewport
    figures: list
    labels: tuple
    label_boxes: tuple
    keyed: tuple
    landmark_labels: tuple
    furniture: dict
    inset: InsetLayout | None = None  # the target end while a pair shoots (choreo.render.shotinset)
    ghosts: tuple = ()  # a comparison's ghosts (choreo.render.ghosts.Ghost) and their labels, placed last
    ghost_labels: tuple = ()  # (text, left, top, size, leader: None or its ends)
    key_runs: tuple = ()  # (first, last number) of each file numbered together: one key entry each


class FrameRenderer:
    """Draws frames of one Choreography with one RenderConfig; caches what does not change."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache | None = None,
                 comparison: Comparison | None = None, *, plays_video: bool = False) -> None:
        """``comparison`` (its ``a`` is ``choreo``): draw its other side as ghosts, with a caption band
        that quotes both sides (``choreo render --compare``); it may be set to None later (and back).
        ``plays_video``: the frames are those of the comparison video ``cfg``'s pace times, whose view is
        then eased in video time too (render.videoclock); not for a still (its step's own framing) nor
        for the viewer (played at its own pace: :meth:`plays_at`)."""
        self.plays_video = plays_video
        self._played_at: float | None = None  # the viewer playing a comparison at this speed (plays_at)
        self.choreo = choreo
        self.cfg = cfg
        self.comparison = comparison
        self.texts = texts or TextCache()
        venue_layout = build_layout(choreo.venue)
        own = own_landmarks(choreo)  # the 楅, the 中: drawn with the object that is set there, when it is
        self.layout = without_landmarks(venue_layout, frozenset(own))
        # choice: with --camera full the strip shows the target end, as wide as it needs to show it whole at
        # the scale its height allows (the end is tall: a third of the width left two fifths of the strip
        # empty), the rest of the width the court's
        band_h = cfg.px(COMPARE_BAND if comparison is not None else CAPTION_BAND)
        share = 0.2
        if cfg.camera == "full":
            share = target_end_share(self.layout, cfg.size, cfg.height - band_h, FULL_STRIP)
        self.panels = split_panels(cfg.size, strip=cfg.strip, bottom_band=band_h, strip_share=share)
        pace = cfg.pace  # a comparison's steps where the readings agree play faster: eased as long on screen
        self.camera = Camera(choreo, self.layout, self.panels.main, cfg.camera, disc_px=8 * cfg.font_scale,
                             room_px=cfg.px(KEY_TAG),  # a person's smallest disc, his number's room
                             quick=pace.quick, quick_by=pace.quick_by)
        self._other_camera: Camera | None = None  # a comparison's b, for the frames played on b's clock
        self._compare: CompareView | None = None  # a comparison's camera (choreo.render.comparecamera)
        self._eased: tuple = (None, None, None)  # (its CompareView, plays_at's speed, it eased in time: videoclock)
        self._ghost_clock: tuple | None = None  # (a's moment, the step drawn, b's moment) of the frame laid out
        self.painter = PlanPainter(self.layout, cfg, self.texts)  # the strip (a fixed view)
        self.layer = PlanLayer(self.layout, cfg, self.texts)  # the main view's plan, per zoom level
        self.figures = FigureLayer(choreo, cfg, self.texts, venue_layout, own)
        self.plan_signs = PlanSigns(choreo.venue, self.layout)  # the stations and the 侯's bands: named where seen
        self._sign_marks: dict = {}  # (entries, box) → the Marks of that key
        self.plan_ghosts = ()  # a venue comparison: what the other venue's plan draws otherwise
        if comparison is not None and comparison.by_venue:
            other = without_landmarks(build_layout(comparison.b.venue), frozenset(own_landmarks(comparison.b)))
            self.plan_ghosts = plan_ghosts(self.layout, other)
        self.strip_vp = strip_viewport(self.layout, self.panels.strip) if self.panels.strip else None
        if self.strip_vp is not None and cfg.camera == "full" and self.layout.far_bounds is not None:
            # the whole court is the main view: the strip shows the target end, enlarged
            self.strip_vp = fit(self.layout.far_bounds, self.panels.strip, margin=0.06)
        # the 侯's bands the strip shows (a fixed view): named in the main view's key too
        self._strip_signs = tuple(e for e in self.plan_signs.visible(self.strip_vp) if e.kind == "band") \
            if self.strip_vp is not None else ()
        self.surface = pygame.Surface(cfg.size)
        band = self.panels.bottom_band
        if band is None:
            self.caption = None
        elif comparison is not None:
            self.caption = CompareCaptionBand(choreo, cfg, self.texts, band[2:], comparison)
        else:
            self.caption = CaptionBand(choreo, cfg, self.texts, band[2:])
        picture_h = band[1] if band is not None else cfg.height
        self.title_card = TitleCard(choreo, cfg, self.texts, (0, 0, cfg.width, picture_h))
        # per surface drawn on: the caption now in its bottom band, and what frame it holds
        self._bands: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._drawn: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._reserved: list[Callable[[Rect, float, Step | None], list]] = []
        self._layout: tuple | None = None  # (key, FrameLayout) of the last frame laid out
        self._placed: _LastPass | None = None  # what the last placement pass read, and its FrameLayout
        # per panel ("main", "strip"), the figures last asked for: id → (PlacedFigure, its part of placement_inputs)
        self._input_rows: dict[str, dict[int, tuple]] = {}
        # reuse the last pass, its view's reads and the strip of the frame before while they hold
        # (False: every frame found and drawn afresh, for the tests that compare the two)
        self.memo = True
        self._clear_memo: tuple = (None, [])  # (viewport, clear_boxes in it)
        self._clear_extents = clear_extents(self.layout)  # their shapes' world bounds (the same in every view)
        self._view_memo: tuple = (None, None)  # ((viewport, level, inset shown), what the pass reads of that view alone)
        self._inset_cache: tuple | None = None  # (the inset's layout, its pixels) of the last frame drawn
        self._inset_plans: dict[tuple, InsetPlan] = {}  # shooting stretch → where its inset stands
        self._releases = [s.release for s in choreo.shots]
        self._with_parts = frozenset(h.obj for h in choreo.holds if h.parts)  # objects that ever rest with parts
        self._legend_sizes: dict = {}  # (entries, panel width) → the legend's size and rows
        self._legend_marks: dict = {}  # (entries, box) → its Marks
        self._legend_keys: dict = {}  # box → the entries of the legend last laid out in it
        self._key_layouts: dict = {}  # (key entries, panel size) → its KeyLayout
        self._sign_keys: dict = {}  # box → the plan marks' key entries last laid out in it
        self._strip_memo: list | None = None
        self._strip_placed: tuple | None = None  # (what the strip's label placement read, its labels)
        self._strip_laid: tuple | None = None  # (step id, the moment's figures, the strip's figures, labels, read)
        self._strip_pic: tuple = (None, None)  # (what the strip last drawn showed, its pixels once shown twice)
        self._strips: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per surface: what its strip shows
        # (what the main view's plan and the furniture on it read (_ground_key), whether their picture is kept),
        # and that picture: one, the main panel's size
        self._ground: tuple = (None, False)
        self._ground_pic: pygame.Surface | None = None
        self._pictures = MarkPictures()  # the legends' pictures
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
        if self.comparison is not None and self.cfg.camera == "auto":
            box, settled = self._compare_eased()(t, step)  # the ghosts in view too, eased across clocks
        else:
            box, settled = self._camera_of(step).view(t, step)
        vp = fit(box, self.panels.main, margin=0.0)
        return (PlanLayer.snap(vp), True) if settled else (vp, False)

    def _compare_view(self) -> CompareView:
        if self._compare is None or self._compare.comparison is not self.comparison:
            self._compare = CompareView(self.comparison, self._camera_of, self.layout.range_top, self.camera.blend)
        return self._compare

    def _compare_eased(self):
        """The comparison camera's ``view``; for a video (:attr:`plays_video`) averaged over video time too
        (render.videoclock, on the clock of the comparison video this config's pace plays), so that a run
        of clauses a few frames long on screen is crossed by one glide."""
        compare = self._compare_view()
        if not self.plays_video and self._played_at is None:
            return compare.view
        if self._eased[0] is not compare or self._eased[1] != self._played_at:
            if self.plays_video:
                clock, ease = MotionClock(compare_timeline(self.comparison, self.cfg.pace, self.comparison.a.steps)), EASE
            else:  # the viewer's clock: ceremony seconds as played, ours and the detours' (viewer.detour)
                owns = self.comparison.owns
                clock = MotionClock(compare_timeline(self.comparison, Pace(1.0, 0.0), self.comparison.a.steps),
                                    lambda x, y: owns(x) == owns(y))
                ease = EASE * self._played_at
            self._eased = (compare, self._played_at, EasedInVideo(clock, compare.view, ease))
        return self._eased[2].view

    def plays_at(self, speed: float | None) -> None:
        """The viewer playing a comparison at ``speed`` (ceremony seconds a wall second; None: not playing, a
        frame the step's own framing as a still's): its view is then averaged over EASE wall seconds of what
        it plays (render.videoclock, on the comparison's timeline at speed 1 with no hold: its own clock), as
        the comparison video's is over EASE video seconds."""
        self._played_at = speed

    def _camera_of(self, step: Step | None) -> Camera:
        """The camera of the side whose clock the frame is played on: b's frames b's actors (the ghosts)."""
        if self.comparison is None or not self.comparison.owns(step):
            return self.camera
        if self._other_camera is None or self._other_camera.choreo is not self.comparison.b:
            self._other_camera = Camera(self.comparison.b, self.layout, self.panels.main, self.cfg.camera,
                                        disc_px=self.camera.disc_px, room_px=self.camera.room_px,
                                        quick=self.camera.quick, quick_by=self.camera.quick_by)
        return self._other_camera

    def enter(self, t: float, step: Step | None) -> tuple[float, Step | None]:
        """a's moment and the step drawn for a frame played at t with ``step`` (what the figures, the strip
        and the inset read), and b's moment kept for the ghosts. A step of b (Comparison.owns: a step of
        b only, or the rest of b's longer step) is played on b's clock while a's figures wait at
        Comparison.base_time; any other frame is on a's clock."""
        c = self.comparison
        if c is None or step is None or not c.owns(step):
            self._ghost_clock = None
            return t, step
        e = c.entry(step.id)
        ta, drawn = c.base_time(step, t), (e.a if e.a is not None else step)
        self._ghost_clock = (ta, drawn, t)
        return ta, drawn

    def _layout_key(self, t: float, step: Step | None, view: Viewport | None) -> tuple:
        # the step's identity too: a comparison plays a step of a and b's step of the same id on two clocks
        return (t, step.id if step else None, id(step), view, id(self.comparison), self._played_at)

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
        key = (t, step.id if step else None, id(step), view, card, id(self.comparison), self._played_at)
        if self._drawn.get(surf) == key:
            return surf
        self._drawn.pop(surf, None)  # half drawn if this raises
        vp, exact = self._main_view(t, step, view)
        main = self.panels.main
        layout_key = self._layout_key(t, step, view)
        t_a, drawn = self.enter(t, step)
        self._draw_main(surf, vp, exact, t_a, drawn, layout_key, manual=view is not None)
        surf.set_clip(None)
        pygame.draw.rect(surf, PLAN["frame"], main, 1)
        if self.strip_vp is not None:
            self._draw_strip(surf, vp, t_a, drawn)
        if card and step is not None:
            self.title_card.draw(surf, step)
            self._strips.pop(surf, None)  # dimmed under the card
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
        step, the place of its shot inset and its caption (the viewer calls it in a frame's spare time before the step comes)."""
        self.camera.step_span(step)
        shot = next((s for s in self.choreo.shots if s.step == step.id), None)
        if shot is not None:  # where the inset stands over the stretch: some hundred layouts, once
            self.inset_plan(shot)
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
        if step is None:
            step = self.choreo.step_at(t)
        pose = self.choreo.pose_at(figure, self.enter(t, step)[0])
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
        fl = self.frame_layout(t, step, view)
        return fl.furniture["scale bar"], fl.furniture["north"]

    def reserve(self, boxes: Callable[[Rect, float, Step | None], list]) -> None:
        """Keep boxes of the main view free of labels and furniture: ``boxes(panel rect, t, step)``
        gives the pixel boxes (left, top, right, bottom) something else draws in at t (an inset)."""
        self._reserved.append(boxes)
        self._layout = None

    def frame_layout(self, t: float, step: Step | None = None, view: Viewport | None = None) -> FrameLayout:
        """Every box of the main view at t as :meth:`draw` lays it out (figures, their labels and key
        numbers, landmark labels, furniture), without drawing: computed once per frame."""
        if step is None:
            step = self.choreo.step_at(t)
        key = self._layout_key(t, step, view)
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1]
        vp, exact = self._main_view(t, step, view)
        level = vp.scale if exact else quantised(vp.scale)
        t_a, drawn = self.enter(t, step)
        fl = self._lay_out(vp, level, t_a, drawn, manual=view is not None)
        self._layout = (key, fl)
        return fl

    def _inputs_of(self, figs, panel: str = "main") -> tuple:
        """placement_inputs(figs), each figure's part found again only when he is not the PlacedFigure
        asked for last time on that panel (FigureLayer.layout's memo gives the same one back while he
        stands and the view stands): kept for the last call's figures alone."""
        last = self._input_rows.get(panel, {})
        rows: dict[int, tuple] = {}
        out = []
        for f in figs:
            hit = last.get(id(f))
            if hit is None or hit[0] is not f:
                hit = (f, _placement_row(f))
            rows[id(f)] = hit
            out.append(hit[1])
        self._input_rows[panel] = rows
        return tuple(out)

    def _view_reads(self, vp: Viewport, level: float, bands: bool) -> tuple:
        """What the placement pass reads of the view alone, found again only when it changes: the plan's
        landmark labels at ``level``, each one's wanted box and anchor, the boxes round their anchors,
        the plan marks' key entries in view (``bands``: with the strip's 侯's bands) and that key's size."""
        key = (vp, level, bands)
        if self.memo and self._view_memo[0] == key:
            return self._view_memo[1]
        plan = self.layer.labels(level)
        f = vp.scale / level  # during a zoom blend, offsets follow the scale so labels keep their side
        wanted = []
        anchors = []  # small boxes round the points the labels stand for (kept uncovered)
        reach = self.cfg.px(4)
        left, top, _, _ = vp.rect
        vx0, vy1, scale = vp.x0, vp.y1, vp.scale
        for lab in plan:
            ax, ay = left + (lab.x - vx0) * scale, top + (vy1 - lab.y) * scale  # Viewport.to_screen
            x0, y0 = ax + lab.dx * f, ay + lab.dy * f
            wanted.append(((x0, y0, x0 + lab.w, y0 + lab.h), (ax, ay)))
            anchors.append((ax - reach, ay - reach, ax + reach, ay + reach))
        signs = self.plan_signs.visible(vp, also=self._strip_signs if bands else self.plan_signs.bands())
        size = key_size(signs, label_measure(self.texts), self._signs_look()) if signs else None
        reads = (plan, wanted, anchors, signs, size)
        self._view_memo = (key, reads)
        return reads

    def _lay_out(self, vp: Viewport, level: float, t: float, step: Step | None, manual: bool = False) -> FrameLayout:
        """One placement pass over the main view: reserved boxes and furniture first (corners clear of
        figures), then figure labels (a numbered key for those that fit nowhere), the key in a free
        corner, and the landmark labels last, each kept only where it covers nothing placed before."""
        cfg = self.cfg
        figs = laid_out = self.figures.layout(vp, t, step, small=False, within=vp.rect)  # those that can be seen
        left, top, w, h = vp.rect
        bounds = (left, top, left + w, top + h)
        reserved = [tuple(b) for fn in self._reserved for b in fn(vp.rect, t, step)]
        inset = self.shot_inset(t, figs, manual=manual)
        if inset is not None:
            reserved.append(tuple(inset.box))  # fixed furniture, in a corner clear of the figures
        # the placement below is a function of these alone: while none of them changes (nobody moved,
        # the camera stands), the last pass's boxes are the ones it would place again
        entries = self._legend_entries(vp, figs, t, step)
        memo = self.comparison is None and self.memo
        last = self._placed if memo else None
        reads = (vp, level), tuple(reserved), entries
        inputs = None  # the figures' part, found only once the rest matches (never while the camera pans)
        if last is not None and last.reads == reads:
            inputs = self._inputs_of(figs)
        if inputs is not None and last.inputs() == inputs:
            fl = last.layout
            if "marks" in fl.furniture:
                self._legend_keys[fl.furniture["marks"]] = entries
            # each figure as now (his pose), his row of things and his gesture word where the pass put them
            figs = [f if len(f.boxes) < 2 and not f.gesture else f.replaced(boxes=list(old.boxes), gesture=old.gesture)
                    for f, old in zip(figs, fl.figures, strict=True)]
            return replace(fl, figures=figs, inset=inset)
        plan, wanted, anchors, signs, signs_size = self._view_reads(vp, level, inset is None)
        laid = [box for fig in figs for box in fig.boxes]
        bar, north = furniture_boxes(vp, self.texts, cfg, laid + anchors + reserved)
        hard = [bar, north] + reserved
        signs_box = None
        if signs:  # the key to the stations and the 侯's bands in view, as furniture, clear of the figures
            sw, sh = signs_size
            signs_box = tuple(round(v) for v in corner_box(
                vp.rect, sw, sh, cfg.dim(10), laid + anchors, order=("bl", "br", "tl", "tr"), hard=hard))
            hard.append(signs_box)
        clear = self._clear_boxes(vp)
        keep_off = anchors + clear  # no name over a landmark's point, nor on the 侯's bands

        def arrange(figs, avoid):
            """The pictogram rows, the gesture words clear of them, then the names; all clear of ``avoid``
            (the key's box, once it has one). Returns the figures, the words' and the bodies' boxes, the
            rows a number never covers, what the names keep off, the label plan and the labels' boxes."""
            figs = self.figures.place_carried(figs, hard + avoid, bounds)
            bodies = [box for fig in figs for box in fig.boxes]
            if any(fig.gesture for fig in figs):
                figs = self.figures.place_gestures(figs, bodies + keep_off, hard + avoid, bounds, hidden=reserved)
            words = [fig.gesture[1] for fig in figs if fig.gesture]
            rows = [box for fig in figs for box in fig.boxes[1:]] + words  # what a number never covers either
            fixed = bodies + words + hard
            planned = self.figures.label_plan(figs, fixed + keep_off + avoid, vp.rect, hard=hard + avoid + rows,
                                              hidden=reserved) if cfg.labels else ([], [], [])
            return figs, words, bodies, rows, fixed, planned, [self._label_box(lab) for lab in planned[0]]

        figs, words, bodies, rows, fixed, (labels, keyed, runs), label_boxes = arrange(figs, [])
        key_box = None
        if cfg.labels:
            for _ in range(KEY_TRIES):  # the key in a free corner, the labels planned again clear of it
                if not keyed:
                    break
                placed = label_boxes
                box = self._key_box(vp, figs, keyed, runs, bodies + words + placed, hard)
                if box == key_box or not _meets_any(box, placed + rows):
                    key_box = box  # it covers no name and no row: they stand as they are
                    break
                key_box = box
                figs, words, bodies, rows, fixed, (labels, keyed, runs), label_boxes = arrange(figs, [box])
            else:  # the key and the names keep moving each other: the key takes the room of both its boxes
                for _ in range(KEY_TRIES):
                    if not keyed:
                        break
                    box = self._key_box(vp, figs, keyed, runs, bodies + words + label_boxes, hard)
                    if key_box is not None and _holds(key_box, box):
                        break
                    key_box = box if key_box is None else _union(key_box, box)
                    figs, words, bodies, rows, fixed, (labels, keyed, runs), label_boxes = arrange(figs, [key_box])
            if keyed and _meets_any(key_box, label_boxes + rows):
                # the corner the key took holds names that found no room beside it (a crowd in that
                # corner): the first other corner (or place beside the furniture) whose names all stand
                # clear of the key, sized again for the names it then numbers
                moved = self._key_elsewhere(vp, figs, keyed, runs, hard, arrange)
                if moved is not None:
                    key_box, (figs, words, bodies, rows, fixed, (labels, keyed, runs), label_boxes) = moved
            if not keyed:
                key_box = None
        taken = fixed + label_boxes + ([key_box] if key_box else [])
        # the marks' legend last, in a corner that covers no figure, label or key: else it is left out
        marks_keys, marks_box = self.marks_legend(vp, figs, t, bodies + words + label_boxes + anchors,
                                                  hard + ([key_box] if key_box else []), step,
                                                  keys=entries)
        if marks_box is not None and _meets_any(marks_box, taken + anchors):
            marks_box = None
        if marks_box is not None:
            taken.append(marks_box)
        kept = settle(wanted, taken + anchors + clear, gap=cfg.px(5), bounds=bounds)
        shown = {fig.label for fig in figs if fig.label and fig.info.kind == "object"}
        plan_out = []
        for lab, box in zip(plan, kept, strict=True):
            if box is not None and lab.text not in shown:  # an object drawn with its name names its place
                plan_out.append((lab, box))
                shown.add(lab.text)
        furniture = {"scale bar": bar, "north": north}
        if signs_box is not None:
            furniture["plan key"] = signs_box
            self._sign_keys[signs_box] = signs
        if marks_box is not None:
            furniture["marks"] = marks_box
            self._legend_keys[marks_box] = marks_keys
        if key_box is not None:
            furniture["key"] = key_box
        for k, b in enumerate(reserved):
            furniture[f"reserved {k + 1}"] = b
        ghosts = self._ghosts(vp, t, step)
        marks = ()
        if ghosts and cfg.labels:  # the ghosts' names last, clear of everything placed before (and, as the
            # figures' names, of the landmarks' points and the 侯's bands)
            placed = taken + [box for _, box in plan_out] + [g.box for g in ghosts]
            marks = tuple(ghost_labels(ghosts, self.texts, cfg, placed, vp.rect, hard=keep_off + hard))
        fl = FrameLayout(vp, figs, tuple(labels), tuple(label_boxes), tuple(keyed), tuple(plan_out), furniture,
                         inset, ghosts=tuple(ghosts), ghost_labels=marks, key_runs=tuple(runs))
        self._placed = _LastPass(reads, laid_out, fl, inputs) if memo else None
        return fl

    def _strip_clear(self) -> list:
        """The strip's boxes no name is written over (the 侯's bands, the 乏, the landmarks' points and
        names: the 獲者's covered the 乏's at 640×360): a fixed view, once."""
        if self._strip_memo is None:
            svp = self.strip_vp
            self._strip_memo = [] if svp is None else strip_names(self.layout, svp, self.texts, self.cfg,
                                                                  clear_boxes(self.layout, svp))
        return self._strip_memo

    def _clear_boxes(self, vp: Viewport) -> list:
        """``clear_boxes`` of the plan in ``vp``, computed again only when the view changes."""
        if self._clear_memo[0] != vp:
            self._clear_memo = (vp, clear_boxes(self.layout, vp, self._clear_extents))
        return self._clear_memo[1]

    def _signs_look(self) -> KeyLook:
        return KeyLook(self.cfg.px(14), max(12, self.cfg.deco_px(18)), self.cfg.dim(5))

    def plan_key_marks(self, fl) -> list:
        """The Marks of the key to the stations and the 侯's bands the layout ``fl`` shows (none if none)."""
        box = fl.furniture.get("plan key")
        if box is None:
            return []
        entries = self._sign_keys[box]
        marks = self._sign_marks.get((entries, box))
        if marks is None:
            palette = {k: PLAN[k] for k in ("background", "station", "wall", *PART_STYLES)}
            marks = key_marks(entries, box, label_measure(self.texts), self._signs_look(), palette, PLAN["label"],
                              PLAN["halo"], PLAN["frame"])
            self._sign_marks[(entries, box)] = marks
        return marks

    def legend_marks_of(self, fl, vp: Viewport) -> list:
        """The Marks of the marks' legend as the layout ``fl`` placed it (none when it has none)."""
        box = fl.furniture.get("marks")
        return [] if box is None else self.marks_legend_marks(self._legend_keys[box], box, vp.rect[2])

    def _label_box(self, lab) -> tuple:
        text, lx, ly, size, _ = lab
        lw, lh = label_measure(self.texts)(text, size)
        return (lx, ly, lx + lw, ly + lh)

    def _key_layout(self, vp: Viewport, figs, keyed, runs) -> KeyLayout:
        """The key's lines for the numbered figures (a file numbered together: one entry), within
        the part of the main view a key may take (figurekey.py)."""
        entries = tuple(key_entries([(n, figs[i].label) for i, n in keyed], runs))
        key = (entries, vp.rect[2], vp.rect[3])
        lay = self._key_layouts.get(key)
        if lay is None:  # the same names a few frames running (a pass or two a frame, and the key drawn)
            if len(self._key_layouts) >= KEY_LAYOUTS_KEPT:
                self._key_layouts.clear()
            lay = self._key_layouts[key] = key_layout(entries, label_measure(self.texts), self.cfg.px(KEY_TEXT),
                                                      self.cfg.dim(4), vp.rect[2] * KEY_WIDTH, vp.rect[3] * KEY_HEIGHT)
        return lay

    def _key_elsewhere(self, vp: Viewport, figs, keyed, runs, hard, arrange):
        """(box, arrangement): the key in a corner where, with the names arranged clear of it
        (``arrange``), no name and no row lies under it; None when no corner holds it."""
        for corner in ("tl", "br", "bl", "tr"):
            lay = self._key_layout(vp, figs, keyed, runs)
            for _ in range(KEY_TRIES):
                box = corner_box(vp.rect, lay.width, lay.height, self.cfg.dim(10), [], order=(corner,), hard=hard)
                trial = arrange(figs, [box])
                names, numbered, file_runs = trial[5]
                if _meets_any(box, trial[6] + trial[3]):
                    break
                need = self._key_layout(vp, trial[0], numbered, file_runs) if numbered else None
                if need is None or (need.width <= box[2] - box[0] + 1e-9 and need.height <= box[3] - box[1] + 1e-9):
                    return box, trial
                lay = need  # it numbers more now: a larger box, the names arranged round it again
        return None

    def _key_box(self, vp: Viewport, figs, keyed, runs, avoid, hard):
        """The key's box: sized for its entries, in a corner (or beside the furniture) clear of
        ``avoid`` (discs, labels) where it can be, never over ``hard`` (the furniture)."""
        lay = self._key_layout(vp, figs, keyed, runs)
        return corner_box(vp.rect, lay.width, lay.height, self.cfg.dim(10), avoid, order=("tl", "br", "bl", "tr"),
                          hard=hard)

    def _draw_main(self, surf, vp: Viewport, exact: bool, t: float, step: Step | None, key,
                   manual: bool = False) -> None:
        """The plan, the figures, their labels, the key and the landmark labels as :meth:`frame_layout`
        places them (``exact``: ``vp`` is snapped, PlanLayer.draw).

        The scale bar and the north arrow go to corners where no figure stands and are drawn first,
        under the figures, so that they hide none even where no corner is free."""
        level = vp.scale if exact else quantised(vp.scale)  # the level PlanLayer.draw gives
        fl = self._lay_out(vp, level, t, step, manual=manual)
        self._layout = (key, fl)
        main = pygame.Rect(self.panels.main)
        ground = self._ground_key(vp, fl) if exact and self.memo else None
        kept = self._ground
        if ground is not None and kept[1] and kept[0] == ground:
            surf.blit(self._ground_pic, main.topleft)
            surf.set_clip(main)
        else:
            self.layer.draw(surf, vp, exact)
            surf.set_clip(main)
            self._paint_ground(surf, vp, fl)
            seen = ground is not None and kept[0] == ground
            if seen:  # the same ground a second frame running: kept (one picture, the main panel's size)
                if self._ground_pic is None or self._ground_pic.get_size() != main.size:
                    self._ground_pic = pygame.Surface(main.size, 0, surf)
                self._ground_pic.blit(surf, (0, 0), main)
            self._ground = (ground, seen)
        draw_loose_cords(surf, vp, self.choreo, t, PLAN["court"], PLAN["target"], self.cfg.font_scale)
        draw_counters(surf, vp, self.choreo, t, self.cfg.font_scale)  # the 算 on the ground, under the figures
        if self.comparison is not None and self.plan_ghosts:
            paint_plan_ghosts(surf, self.plan_ghosts, vp, self.cfg, self.texts)
        self.figures.paint(surf, vp, fl.figures, t, small=False, trails=self.figures.people(t, step))
        arrows = self.flight_prims(vp, t)
        if arrows:
            paint_inset(surf, arrows, self.texts)
        with_parts = [f for f in fl.figures if f.name in self._with_parts]  # (the others never have a badge)
        if with_parts:
            draw_part_badges(surf, part_badges(self.choreo, with_parts, t, self.cfg.deco_px(16)), self.texts,
                             self.cfg.deco_px(12), group_colour("object"), INK)  # 脯 and 醢 where they lie
        paint_ghosts(surf, list(fl.ghosts), self.cfg, self.texts)
        self.figures.blit_labels(surf, fl.labels)
        blit_ghost_labels(surf, list(fl.ghost_labels), self.texts, self.cfg)
        if fl.inset is not None:
            self._paint_inset(surf, fl.inset)

    def _paint_ground(self, surf, vp: Viewport, fl: FrameLayout) -> None:
        """What lies on the plan under the figures and stands while the view and the layout's furniture
        stand: the scale bar, the north arrow, the legends, the landmark labels and the key."""
        draw_scale_bar(surf, vp, self.texts, self.cfg, fl.furniture["scale bar"])
        draw_north(surf, vp.rect, self.texts, self.cfg, fl.furniture["north"])
        self._paint_legends(surf, fl, vp)
        for lab, box in fl.landmark_labels:
            surf.blit(self.texts.render(lab.text, lab.size, lab.colour, PLAN["halo"], where="plan label"), box[:2])
        if "key" in fl.furniture:  # under the figures, as the furniture: where it must, a disc shows over it
            self._draw_key(surf, fl)

    def _ground_key(self, vp: Viewport, fl: FrameLayout) -> tuple:
        """What the plan at a settled ``vp`` and :meth:`_paint_ground` read: the viewport, every furniture
        box, the legends' entries, the landmark labels and the key's lines."""
        furniture = fl.furniture
        marks, signs = furniture.get("marks"), furniture.get("plan key")
        return (vp, tuple(furniture.items()), self._legend_keys[marks] if marks is not None else None,
                self._sign_keys[signs] if signs is not None else None, fl.landmark_labels, tuple(self.key_rows(fl)))

    def _paint_legends(self, surf, fl: FrameLayout, vp: Viewport) -> None:
        """The marks' legend and the key to the plan's signs, each painted once a box and entries."""
        for name, box in (("marks", fl.furniture.get("marks")), ("plan key", fl.furniture.get("plan key"))):
            if box is None:
                continue
            if name == "marks":
                key, marks = (name, self._legend_keys[box], box, vp.rect[2]), self.legend_marks_of(fl, vp)
            else:
                key, marks = (name, self._sign_keys[box], box), self.plan_key_marks(fl)
            if self.memo:
                self._pictures.paint(surf, key, marks, self.texts, box)
            else:
                paint_marks(surf, marks, self.texts)

    def shot_inset(self, t: float, figs=None, step: Step | None = None, manual: bool = False) -> InsetLayout | None:
        """The target-end inset at t (None while no shot's story is told), where the stretch's plan puts it
        (:meth:`inset_plan`); in a manual view (``manual``: the viewer's zoom), in the first corner clear of
        ``figs`` (the main view's figure layout; default: as the frame lays it out)."""
        if not self.choreo.shots:
            return None
        if figs is None:
            return self.frame_layout(t, step).inset
        shot = current_shot(self.choreo, t)
        panel = self.panels.main
        size = inset_size(panel, is_small(self.cfg))
        if shot is None or size is None:
            return None
        if manual:
            box = inset_box(panel, size, [b for f in figs for b in f.boxes])
        else:
            place = self.inset_plan(shot).at(t)
            box = None if place is None else place_box(panel, size, place)
        return None if box is None else inset_layout(self.choreo, t, box, inset_type(self.cfg)[0] * 1.5)

    def inset_plan(self, shot) -> InsetPlan:
        """Where the inset stands over the shot's stretch (choreo.render.insetplace), from the automatic
        camera's figure layouts sampled over it: computed once a stretch."""
        key = stretch_of(self.choreo, shot)
        plan = self._inset_plans.get(key)
        if plan is None:
            _, _, t0, t1 = key
            n = max(1, int((t1 - t0) / SAMPLE) + 1)
            times = [t0 + i * SAMPLE for i in range(n)]
            acting, others = [], []
            for u in times:
                step = self.choreo.step_at(u)
                names = set(step.figures) if step else set()
                vp = self._main_view(u, step, None)[0]
                figs = self.figures.layout(vp, u, step, small=False)
                acting.append([b for f in figs if f.name in names for b in f.boxes])
                others.append([b for f in figs if f.name not in names for b in f.boxes])
            size = inset_size(self.panels.main, is_small(self.cfg)) or (0.0, 0.0)
            plan = self._inset_plans[key] = plan_places(times, acting, others, self.panels.main, size)
        return plan

    def flight_prims(self, vp: Viewport, t: float, small: bool = False) -> list:
        """The arrows in the air at t on a plan view (the main view; ``small``: the 侯道 strip)."""
        shots = self.choreo.shots
        i = bisect.bisect_right(self._releases, t)  # the shots are in release order: a pair has two in the air
        if not any(s.arrival >= t for s in shots[max(0, i - 4):i]):
            return []
        return flight_prims(arrows_in_flight(self.choreo, t, vp, self.cfg.dim(8 if small else 16)), self.cfg)

    def inset_prims(self, lay: InsetLayout) -> list:
        return inset_prims(lay, self.choreo, self.texts, self.cfg)

    def _paint_inset(self, surf, inset: InsetLayout) -> None:
        """Paint the inset, or blit it again from the last frame when it has not changed (between the
        flights of the arrows it changes only when a call, a counter or a beat does)."""
        rect = pygame.Rect(*(round(v) for v in inset.box[:2]),
                           round(inset.box[2] - inset.box[0]), round(inset.box[3] - inset.box[1]))
        cached = self._inset_cache
        if cached is not None and cached[0] == inset:
            surf.blit(cached[1], rect.topleft)
            return
        clip = surf.get_clip()
        surf.set_clip(rect.clip(clip))
        paint_inset(surf, self.inset_prims(inset), self.texts)
        surf.set_clip(clip)
        rect = rect.clip(surf.get_rect())
        self._inset_cache = (inset, surf.subsurface(rect).copy())

    def ghosts(self, t: float, step: Step | None = None, view: Viewport | None = None) -> list[Ghost]:
        """The ghosts :meth:`draw` puts on the main view at t (none without a comparison)."""
        return list(self.frame_layout(t, step, view).ghosts)

    def strip_ghosts(self, t: float, step: Step | None = None) -> list[Ghost]:
        """The ghosts :meth:`draw` puts in the 侯道 strip at t (dots, as the strip's figures: none without
        a comparison or a strip)."""
        if self.strip_vp is None or self.comparison is None:
            return []
        if step is None:
            step = self.choreo.step_at(t)
        return self._ghosts(self.strip_vp, *self.enter(t, step), small=True)

    def _ghosts(self, vp: Viewport, t: float, step: Step | None, small: bool = False) -> list[Ghost]:
        if self.comparison is None:
            return []
        clock = self._ghost_clock  # a frame played on b's clock: b's moment, which a's does not give back
        other = clock[2] if clock is not None and clock[0] == t and clock[1] is step else None
        return ghost_layout(self.comparison, vp, t, step, scale=self.cfg.font_scale,
                            trail_seconds=self.cfg.trail_seconds, trails=self.cfg.trails, other=other, small=small)

    def _draw_key(self, surf, fl: FrameLayout) -> None:
        """The numbered figures' names in a box with a halo-coloured ground (a file: one entry)."""
        box = fl.furniture["key"]
        x0, y0, x1, y1 = (round(v) for v in box)
        pygame.draw.rect(surf, PLAN["halo"], (x0, y0, x1 - x0, y1 - y0), border_radius=3)
        pygame.draw.rect(surf, PLAN["frame"], (x0, y0, x1 - x0, y1 - y0), 1, border_radius=3)
        for entry, x, y, size in self.key_rows(fl):
            surf.blit(self.texts.render(entry, size, INK, where="key"), (x, y))

    def key_rows(self, fl: FrameLayout) -> list[tuple[str, float, float, int]]:
        """The key's lines (text, left, top, size) in its box, as figurekey.key_layout sets them."""
        if "key" not in fl.furniture:
            return []
        x0, y0 = fl.furniture["key"][:2]
        lay = self._key_layout(fl.viewport, fl.figures, fl.keyed, fl.key_runs)
        return [(text, x0 + x, y0 + y, int(lay.size)) for text, x, y in lay.lines]

    def marks_legend(self, vp: Viewport, figs, t: float, avoid, hard, step: Step | None = None,
                     keys: frozenset | None = None) -> tuple[frozenset, tuple | None]:
        """The key to the marks drawn at t (turns, 相左, states, things carried): its entries and its box,
        in a corner (or beside the furniture) clear of ``avoid`` where it can be, never over ``hard``.

        choice: in a small frame (640×360) the key has fewer, larger words (12 px, not the 10-px floor): the
        marks on the step's acting figures only, and no entries for the things carried (their pictograms, a
        bow, arrows, a 觶, read by their shape); a mark on a bystander goes unexplained there."""
        if keys is None:  # (``keys``: :meth:`_legend_entries`, when the caller has them)
            keys = self._legend_entries(vp, figs, t, step)
        if not keys:
            return keys, None
        width, height, _ = self._legend_size(keys, vp.rect[2])
        box = corner_box(vp.rect, width, height, self.cfg.dim(10), avoid, order=("br", "tl", "bl", "tr"), hard=hard)
        return keys, tuple(round(v) for v in box)

    def _legend_entries(self, vp: Viewport, figs, t: float, step: Step | None) -> frozenset:
        """The entries of the marks' legend at t (see :meth:`marks_legend`)."""
        small = is_small(self.cfg)
        return frozenset(self.figures.legend_keys(figs, t, vp.rect, only=set(step.figures) if small and step else None,
                                                  things=not small))

    def _legend_size(self, keys, panel_width):
        if (keys, panel_width) not in self._legend_sizes:  # the entries change a few times a step: laid out once each
            icon, size = self._legend_type()
            self._legend_sizes[(keys, panel_width)] = legend_size(keys, label_measure(self.texts), icon, size,
                                                                  panel_width * 0.42)
        return self._legend_sizes[(keys, panel_width)]

    def _legend_type(self) -> tuple[int, int]:
        if is_small(self.cfg):  # see marks_legend
            return max(15, self.cfg.deco_px(18)), max(12, self.cfg.px(18))
        return max(13, self.cfg.deco_px(18)), self.cfg.px(15)

    def marks_legend_marks(self, keys, box, panel_width) -> list:
        """The legend's Marks (its ground, icons and words) in ``box`` (from :meth:`marks_legend`)."""
        marks = self._legend_marks.get((keys, box))
        if marks is None:
            x, y, x1, y1 = box
            _, _, rows = self._legend_size(keys, panel_width)
            icon, size = self._legend_type()
            back = Mark("polygon", ((x, y), (x1, y), (x1, y1), (x, y1)), PLAN["halo"], radius=4, outline=PLAN["frame"])
            palette = dict(self.figures.palette, disc=PLAN["court"])
            marks = [back, *legend_marks(rows, x, y, icon, size, palette, self.figures.mark_unit())]
            self._legend_marks[(keys, box)] = marks
        return marks

    def _draw_strip(self, surf, main_vp: Viewport, t: float, step: Step | None) -> None:
        svp = self.strip_vp
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        camera = (x0, y0, max(2, x1 - x0), max(2, y1 - y0))
        figs, labels, read = self._strip_figures(t, step)
        arrows = self.flight_prims(svp, t, small=True)
        # a fixed view: while nobody in it moves, nothing flies and the camera's rectangle stands, the strip
        # is the picture drawn the frame before (the cords of --camera full and a comparison's ghosts aside:
        # drawn at t)
        look = None if arrows or self.cfg.camera == "full" or self.comparison is not None or not self.memo \
            else (read, camera)
        held = self._strips.pop(surf, None)  # (gone if this raises)
        if look is not None and held == look:  # this surface holds this very strip (nothing else draws there)
            self._strips[surf] = look
            return
        pic = self._strip_pic
        if look is not None and pic[0] == look and pic[1] is not None:
            surf.blit(pic[1], svp.rect[:2])
            self._strips[surf] = look
            return
        surf.blit(self.painter.panel("strip", svp, strip=True), svp.rect[:2])
        surf.set_clip(pygame.Rect(svp.rect))
        pygame.draw.rect(surf, PLAN["camera"], camera, 2)
        if self.cfg.camera == "full":  # the strip is the target end, enlarged: its cords as the main view's
            draw_loose_cords(surf, svp, self.choreo, t, PLAN["court"], PLAN["target"], self.cfg.font_scale)
        self.figures.paint(surf, svp, figs, t, small=True)
        paint_strip_ghosts(surf, self._ghosts(svp, t, step, small=True), self.cfg, self.texts)  # b's, hollow
        if arrows:
            paint_inset(surf, arrows, self.texts)
        self.figures.blit_labels(surf, labels)
        surf.set_clip(None)
        # kept once the same picture comes a second time: a strip that changes every frame costs no copy
        kept = surf.subsurface(pygame.Rect(svp.rect)).copy() if look is not None and pic[0] == look else None
        self._strip_pic = (look, kept)
        if look is not None:
            self._strips[surf] = look

    def _strip_figures(self, t: float, step: Step | None) -> tuple[list, list, tuple]:
        """The strip's figures at t, their names' drawing orders, and what painting and placing them read
        (their boxes, words, ranks, postures): those of the frame before while the moment's figures are the
        very ones it laid out (FigureLayer._moment: nobody moved nor took anything up)."""
        svp = self.strip_vp
        moment = self.figures._moment(t, step) if self.memo else None
        last = self._strip_laid
        sid = step.id if step else None
        if moment is not None and last is not None and last[0] == sid and len(last[1]) == len(moment) \
                and all(map(operator.is_, last[1], moment)):
            return last[2], last[3], last[4]
        figs = self.figures.layout(svp, t, step, small=True, only_south_of=self.layout.range_top, within=svp.rect)
        clip = tuple(pygame.Rect(svp.rect).clip(self.surface.get_rect()))
        read = (self._inputs_of(figs, "strip") if self.memo else placement_inputs(figs),
                tuple((f.pose.posture, f.shapes) for f in figs), clip)
        labels = []
        if self.cfg.labels:
            if self._strip_placed is not None and self._strip_placed[0] == read:
                read, labels = self._strip_placed  # a fixed view: its names move only when someone in it does
            else:
                labels = self.figures.place_labels(figs, [box for f in figs for box in f.boxes] + self._strip_clear(),
                                                   clip)
                self._strip_placed = (read, labels)
        if moment is not None:
            self._strip_laid = (sid, list(moment), figs, labels, read)
        return figs, labels, read
