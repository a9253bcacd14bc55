"""The figures on a panel at one moment: where each is drawn (disc, objects held, label), and drawing them.

Used by the FrameRenderer for the main view and the 侯道 strip (``small``: dots without badges or
gestures). Figures are drawn at ``FigureStates.pose`` through the panel's Viewport, so the pixel at
a figure's projected position has that figure's colour.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from choreo.model import SHOES_OFF, SHOES_ON, SIDE_HOLD, SIDE_HOLD_ENDS, Choreography, FigureInfo, Pose, Step
from choreo.render.carried import Row, place_rows
from choreo.render.config import RenderConfig
from choreo.render.drawplan import draw_shapes, label_measure
from choreo.render.figstate import FigureStates
from choreo.render.labelling import Mark, plan_labels
from choreo.render.marks.bodymarks import BODY_MARK_REACH, DISC_STATES, body_marks
from choreo.render.marks.legend import STATE_ENTRY, bare_feet_marks
from choreo.render.marks.paint import paint as paint_marks
from choreo.render.marks.passings import PassingIndex, number_tag, number_tag_spot, passing_marks
from choreo.render.marks.pictograms import pictogram_marks, pictogram_of
from choreo.render.marks.shapes import Mark as Shape
from choreo.render.marks.turns import TurnIndex, turn_arc
from choreo.render.partsdraw import part_badges
from choreo.render.placement import _clear, _inside
from choreo.render.planlayout import PlanLayout
from choreo.render.rangemarks import draw_side_hold
from choreo.render.sprites import Sprites, phase
from choreo.render.style import CAPTION, INK, PLAN, colour_of
from choreo.render.text import TextCache
from choreo.render.viewport import Viewport
from choreo.roles import group_colour

_UNASKED = object()  # a memo's "not asked yet" (None is an answer)
KEY_TAG = 12  # a numbered figure's number, pixels at a 720-px frame
PICTOGRAM_RED = (200, 20, 90)  # the 旌's pennant, a 挾 arrow: a red of their own, not the 侯's or a cord's
WEDGE = 7  # pixels (at 720 px) the facing wedge's tip stands beyond the disc
BADGE_KEY = (255, 0, 255)  # the colour key of a badge's transparent corners (in no palette here)
PICTOGRAMS_ASKED = 256  # _pictogram's answers kept by the holder's whole states (a few dozen in the whole rite)
EXTENT_MARGIN = 80  # pixels (at 720 px) beyond twice a disc's radius that nothing drawn for a figure reaches


@dataclass
class PlacedFigure:
    """A figure as laid out on one panel at one moment (pixels)."""

    name: str
    info: FigureInfo
    pose: Pose
    px: float
    py: float
    r: float
    held: tuple[str, ...]  # what he holds (Choreography.held_by: obj.NAME or a thing's name), up to 4
    boxes: list  # disc, then one per object held
    label: str | None
    priority: int
    shapes: tuple = ()  # an object resting on its own landmark: drawn as the plan draws that landmark
    gesture: tuple | None = None  # (word, box) of the gesture he makes (揖, 拜 …), where the placement pass put it

    def replaced(self, **changes) -> PlacedFigure:
        """``dataclasses.replace(self, **changes)`` without its cost (a few thousand a pass, each
        an __init__ of every field): the same fields, ``changes`` set."""
        new = object.__new__(PlacedFigure)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


class _Present(NamedTuple):
    """A figure drawn at one moment, with what of it every view draws alike (FigureLayer._moment)."""

    name: str
    info: FigureInfo
    pose: Pose
    label: str
    person: bool
    priority: int
    held: tuple[str, ...] = ()  # a person's things, up to 4
    marked: bool = False  # marks on his disc (DISC_STATES)
    numbered: bool = False  # his number in a 相左
    pictogram: object = None  # an object drawn as its pictogram
    own: tuple | None = None  # an object resting on its own landmark: (shapes, label)
    parts: bool = False  # an object at rest with parts (脯, 醢) beside it
    gesture: str | None = None  # the gesture he is making (揖, 拜 …)


def wedge_tip(px: float, py: float, r: float, bearing: float, k: float) -> tuple[float, float]:
    """Where the facing wedge of a disc of radius r at (px, py) points to (bearing 0 = up, north)."""
    a = math.radians(bearing)
    return px + math.sin(a) * (r + WEDGE * k), py - math.cos(a) * (r + WEDGE * k)


def wedge_points(px: float, py: float, r: float, bearing: float, k: float) -> tuple:
    """The facing wedge: a triangle on the rim of the disc pointing the way the figure faces (bearing 0 = up)."""
    a = math.radians(bearing)
    side = math.radians(40)
    return (wedge_tip(px, py, r, bearing, k), (px + math.sin(a - side) * r, py - math.cos(a - side) * r),
            (px + math.sin(a + side) * r, py - math.cos(a + side) * r))


def _mix(a, b, u: float):
    return tuple(int(round(a[i] + (b[i] - a[i]) * u)) for i in range(3))


class FigureLayer:
    """Lays out and draws the figures of one Choreography; caches what holds for a step or a moment."""

    def __init__(self, choreo: Choreography, cfg: RenderConfig, texts: TextCache,
                 plan: PlanLayout | None = None, own: Mapping[str, str] | None = None) -> None:
        self.choreo = choreo
        # the drawing and the label of each landmark that is an object's own place (figstate.own_landmarks)
        self._own: dict[str, tuple[tuple, str]] = {}
        self._own_of = dict(own or {})  # landmark → the object it is the place of
        for name in self._own_of if plan is not None else ():
            labels = [lab.text for lab in plan.labels if lab.landmark == name]
            self._own[name] = (tuple(s for s in plan.shapes if s.landmark == name), labels[0] if labels else name)
        self.cfg = cfg
        self.texts = texts
        self.states = FigureStates(choreo)
        self._poses: tuple[float | None, dict] = (None, {})
        self._track_runs: dict[str, tuple[list[float], list[int]]] = {}
        self._track_rows: dict[str, list] = {}  # the tracks' samples as lists (a trail reads a few)
        self._track_run_ends: dict[str, list[int]] = {}
        # figure → (a, b): his trail is empty for every t with t - trail_seconds ≥ a and t ≤ b
        self._trail_still: dict[str, tuple[float, float]] = {}
        self.memo = True  # reuse across frames what holds over a stretch (False: every frame found anew, for tests)
        self._cuts_painted: list[float] | None = None
        self._facts_of: dict[str, tuple] = {}  # person → (span of _paint_cuts, what paint reads of him then)
        self.sprites: Sprites | None = Sprites()  # looks drawn once and blitted (None: drawn directly, for tests)
        self._colours = {name: colour_of(info) for name, info in choreo.figures.items()}
        self._order: tuple[object, list] = (object(), [])  # step id → figures in drawing order
        self._stacked_at: tuple = (None, None, [], None)  # (drawing order, t, that order stacked at t, _on)
        self._pictograms: dict[str, object] = {}  # object → its pictogram (None: none)
        self._badges: dict[tuple, pygame.Surface] = {}  # badges and pictograms, drawn once
        self._pictograms_asked: dict[tuple, pygame.Surface] = {}  # (pictogram, side, all states, outline) → its surface
        self._unit = max(1.5, 2.2 * cfg.deco_scale)
        self._k = cfg.font_scale
        self._number_px = cfg.deco_px(13)
        self._pictogram_px = max(12, cfg.deco_px(18))  # pictogram_px, gesture_size: asked for every object and
        self._gesture_px = cfg.legible_px(15)  # gesture of every pass
        self._part_px = cfg.deco_px(16)
        self._far = self.reach(0.0, False)  # reach(r) ≤ 2r + reach(0)
        self._far_small = self.reach(0.0, True)
        self._legend_span: tuple = (None, {})  # (span of _moment_cuts, {(figure, held, things): entries})
        self._legend_turns: tuple = (None, {}, False)  # (span of _legend_cuts, {figure: turn entry}, a 相左 shown)
        self._turn_cuts: list[float] | None = None
        self._marks: dict[tuple, dict] = {}  # clip → {id(figure): (PlacedFigure, its labelling.Mark)}: label_plan's last
        self._laid: dict[bool, tuple] = {}  # small → (view, moments, their PlacedFigures or None): layout's last
        self._moment_at: tuple = (None, [])  # (t, step id) → the figures drawn then (_moment)
        self._moment_span: tuple = (None, None, [])  # (span of _moment_cuts, step id), who is present, those figures
        self._cuts: list[float] | None = None
        self._rows: dict[tuple, list] = {}  # things held → their (width, height) in a row
        self.turns = TurnIndex(choreo)
        self.passings = PassingIndex(choreo)
        self._numbers: tuple[float | None, dict[str, int]] = (None, {})  # t → each passing party's number
        self.palette = {"ink": INK, "paper": PLAN["halo"], "fill": group_colour("object"), "red": PICTOGRAM_RED,
                        "disc": (200, 200, 200)}

    def mark_unit(self) -> float:
        """The pixel unit of the marks on a disc (bars, rings, arcs): legible at 640×360 (choice)."""
        return self._unit

    def legend_keys(self, figs: list[PlacedFigure], t: float, rect, only=None, things: bool = True) -> set[str]:
        """The kinds of mark drawn at t on the figures inside ``rect`` (the panel): what the legend explains
        (``only``: on these figures alone; ``things``: the things carried too)."""
        keys: set[str] = set()
        left, top, w, h = rect
        # his states' and things' entries hold over a span of _moment_cuts (what he holds is in the key)
        span = bisect.bisect_right(self._moment_cuts(), t) if self.memo else None
        if self._legend_span[0] != span or span is None:
            self._legend_span = (span, {})
        kept = self._legend_span[1]
        # each one's turn entry and whether a 相左 is shown hold over a span of _legend_cuts
        turns = bisect.bisect_right(self._legend_cuts(), t) if self.memo else None
        if self._legend_turns[0] != turns or turns is None:
            self._legend_turns = (turns, {}, bool(self.passings.at(t)))
        _, turned, passing = self._legend_turns
        for f in figs:
            if f.info.kind == "object" or not (left <= f.px < left + w and top <= f.py < top + h):
                continue
            if only is not None and f.name not in only:
                continue
            held = kept.get((f.name, f.held, things))
            if held is None:
                held = kept[(f.name, f.held, things)] = self._held_entries(f.name, f.held, t, things)
            keys.update(held)
            if f.pose.posture == "坐":
                keys.add("坐")
            turn = turned.get(f.name, _UNASKED)
            if turn is _UNASKED:
                turn = self.turns.at(f.name, t)
                turn = turned[f.name] = None if turn is None else ("左還" if turn.sense < 0 else "右還")
            if turn is not None:
                keys.add(turn)
        if passing:
            keys.add("相左")
        return keys

    def _legend_cuts(self) -> list[float]:
        """The times at which the turns' and the 相左's entries may change (the 相左's cuts are
        :meth:`_moment_cuts`'): each figure's turn entry is the same over [c_k, c_{k+1})."""
        if self._turn_cuts is None:
            self._turn_cuts = sorted({*self._moment_cuts(), *self.turns.cuts()})
        return self._turn_cuts

    def _held_entries(self, name: str, held: tuple, t: float, things: bool) -> frozenset[str]:
        """The legend's entries for a person's states at t and the things he holds (``things``)."""
        keys: set[str] = set()
        states = self.choreo.states_at(name, t)
        bow = "弓" in held
        keys.update(STATE_ENTRY[s] for s in states if s in STATE_ENTRY and (bow or s not in ("挾", "弛弓")))
        if bow and not {"挾", "弛弓"} & set(states):
            keys.add("張弓")
        for thing in held if things else ():
            label = self.states.label(thing)
            if label != "弓" and pictogram_of(label) is not None:
                keys.add(label)
        return frozenset(keys)

    def carrier_of(self, obj: str, t: float) -> str | None:
        """The person carrying object figure ``obj`` at t, or None when it lies where its track puts
        it (the Choreography's carries: drawn in his hands, or at rest, never both)."""
        return self.states.holder(obj, t)

    def layout(self, vp: Viewport, t: float, step: Step | None, *, small: bool,
               only_south_of: float | None = None, within=None) -> list[PlacedFigure]:
        """Where every present figure is drawn at t, with the boxes it occupies (disc, objects held).

        ``within`` (a panel's rect: left, top, width, height): leave out the people nothing of whom is
        drawn in it nor can be placed in it (:meth:`reach`); an object is always laid out (objects at rest
        stack on each other's places). A placement pass inside the panel decides as it would with them:
        every box it tries lies inside the panel, and theirs lie wholly outside. What does not depend on
        the view (poses, what each holds, his states) is found once a moment for every panel (:meth:`_moment`)."""
        view = (vp, within, only_south_of)
        last = self._laid.get(small) if self.memo else None
        # a figure whose moment (pose, what he holds, his marks) is the one laid out last time in the same
        # view is laid out as then; an object only while every object before it was too (they stack). Asked
        # by place in the moment's list (the same figures in the same order, most frames), by name else
        moments = self._moment(t, step)
        was, was_placed = (last[1], last[2]) if last is not None and last[0] == view else ((), ())
        by_place = len(was) == len(moments)
        old = {} if by_place else {m.name: (m, placed, j)
                                   for j, (m, placed) in enumerate(zip(was, was_placed, strict=True))}
        placements = []
        out = []
        resting: list[tuple[float, float, float, float]] = []  # pictograms of objects at rest placed so far
        firm = True  # every object so far as laid out last time: ``resting`` is as it was then
        for j, m in enumerate(moments):
            if by_place:
                hit = was[j] is m
                placed = was_placed[j] if hit else None
            else:
                got = old.get(m.name)
                hit = got is not None and got[0] is m and (m.person or got[2] == j)
                placed = got[1] if hit else None
            if hit and (m.person or firm):
                if not m.person:
                    resting.append(placed.boxes[0])  # an object's first box is the one it rests as
            else:
                firm = firm and m.person
                placed = self._lay_one(m, vp, t, small, only_south_of, within, resting)
            placements.append(placed)
            if placed is not None:
                out.append(placed)
        if self.memo:
            self._laid[small] = (view, moments, placements)
        return out

    def _lay_one(self, m: _Present, vp: Viewport, t: float, small: bool, only_south_of: float | None, within,
                 resting: list) -> PlacedFigure | None:
        """One figure of :meth:`layout` (None: a person left out, off the panel); an object's box is added
        to ``resting``."""
        k = self._k
        scale = vp.scale
        name, info, pose = m.name, m.info, m.pose
        # Viewport.to_screen written out (the same arithmetic)
        px, py = vp.rect[0] + (pose.x - vp.x0) * scale, vp.rect[1] + (vp.y1 - pose.y) * scale
        if m.person:
            r, least = (info.radius or 1.0) * scale, (3.5 if small else 8) * k
            if least > r:  # max(r, least): the same float
                r = least
            if within is not None:
                wl, wt, ww, wh = within
                reach = 2 * r + (self._far_small if small else self._far)
                if px + reach < wl or px - reach > wl + ww or py + reach < wt or py - reach > wt + wh:
                    return None
            if small:
                shown = only_south_of is None or pose.y < only_south_of
                return PlacedFigure(name, info, pose, px, py, r, (), [(px - r, py - r, px + r, py + r)],
                                    m.label if shown else None, m.priority)
            # the disc's box takes in the facing wedge: a label laid over it would hide the facing
            a, tip = math.radians(pose.bearing), r + WEDGE * k  # wedge_tip's sums, and min/max as comparisons
            tx, ty = px + math.sin(a) * tip, py - math.cos(a) * tip  # (every person of every pass a panning
            x0, y0, x1, y1 = px - r, py - r, px + r, py + r  # camera lays out)
            b = (tx if tx < x0 else x0, ty if ty < y0 else y0, tx if tx > x1 else x1, ty if ty > y1 else y1)
            if m.marked:  # a label laid over a mark would hide it
                reach = r + BODY_MARK_REACH * self._unit
                b = (min(b[0], px - reach), min(b[1], py - reach), max(b[2], px + reach), max(b[3], py + reach))
            if m.numbered:  # his number in a 相左 (number_tag): a label keeps off it
                (cx, cy), rt = number_tag_spot(px, py, r, self._number_px)
                b = (min(b[0], cx - rt), min(b[1], cy - rt), b[2], b[3])
            boxes = [b]
            if m.held:
                boxes += self._held_boxes(px, py, r, m.held)
            shown = only_south_of is None or pose.y < only_south_of
            word = m.gesture
            return PlacedFigure(name, info, pose, px, py, r, m.held, boxes, m.label if shown else None,
                                m.priority, gesture=(word, self._gesture_spots(b, px, word)[0]) if word else None)
        label = m.label
        pic = None if small else m.pictogram
        if pic is not None:  # drawn as what it is (a 觶 looks like a 觶), named by its label
            box = self._rest_box(px, py, resting)
            resting.append(box)
            placed = PlacedFigure(name, info, pose, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2,
                                  (box[2] - box[0]) / 2, (), [box], label, 1)
            if m.parts:  # its parts' badges (脯, 醢)
                placed.boxes.extend((x, y, x + w, y + h) for x, y, w, h in
                                    (b.box for b in part_badges(self.choreo, [placed], t, self._part_px)))
            return placed
        if m.own is not None:
            shapes, label = m.own
            pts = [vp.to_screen(x, y) for shape in shapes for x, y in shape.coords]
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                box = (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
                resting.append(box)
                return PlacedFigure(name, info, pose, px, py, max(box[2] - px, box[3] - py), (),
                                    [box], None if small else label, 1, shapes)
        r = max(vp.length(info.radius or 0.6), (2.5 if small else 4) * k)
        if not small:  # two things laid at one place (the 楅 and the 中 at the 堂西) one over the other
            px, py = self._beside(px, py, r, resting)
        resting.append((px - r, py - r, px + r, py + r))
        placed = PlacedFigure(name, info, pose, px, py, r, (), [(px - r, py - r, px + r, py + r)],
                              None if small else label, 1)
        if not small and m.parts:  # its parts' badges (脯, 醢) are its too: labels keep off them
            placed.boxes.extend((x, y, x + w, y + h) for x, y, w, h in
                                (b.box for b in part_badges(self.choreo, [placed], t, self._part_px)))
        return placed

    def _moment(self, t: float, step: Step | None) -> list[_Present]:
        """The figures drawn at t in drawing order, with what of them holds in every view (once a moment:
        the main view, the strip, a frame's layout asked again). A carried object is drawn with its carrier."""
        key = (t, step.id if step else None)
        if self._moment_at[0] == key:
            return self._moment_at[1]
        poses = self.poses_at(t)
        if self.memo:
            span = (bisect.bisect_right(self._moment_cuts(), t), key[1])
            present = tuple(name for name, pose in poses.items() if pose is not None)
            last = self._moment_span
            if last[0] == span and last[1] == present:  # what each holds, his states …: as the frame before
                out = [m if m.pose is poses[m.name] else m._replace(pose=poses[m.name]) for m in last[2]]
                self._moment_at = (key, out)
                return out
        out = self._moment_found(t, step, poses)
        if self.memo:
            self._moment_span = (span, present, out)
        self._moment_at = (key, out)
        return out

    def _moment_cuts(self) -> list[float]:
        """The times at which what :meth:`_moment` finds, poses aside, may change: whatever it asks the
        Choreography (holds, rests, states), the gestures and the 相左 shown is the same for all t in
        [c_k, c_{k+1}) (each one's ``cuts``), and so is the drawing order (:meth:`_stacked`)."""
        if self._cuts is None:
            self._cuts = sorted({*self.choreo.carries.cuts(), *self.choreo.state_cuts(),
                                 *self.states.gesture_cuts(), *self.passings.cuts()})
        return self._cuts

    def _moment_found(self, t: float, step: Step | None, poses: dict) -> list[_Present]:
        """:meth:`_moment` found anew."""
        actors = set(step.figures) if step else set()
        out = []
        for name, info in self._stacked(self._drawing_order(step), t):
            pose = poses.get(name)
            if pose is None:
                continue
            label = info.label or name
            if info.kind != "object":
                states = self.choreo.states_at(name, t)
                out.append(_Present(name, info, pose, label, True, 3 if name in actors else 2,
                                    self.choreo.held_by(name, t)[:4],
                                    bool(states) and not DISC_STATES.isdisjoint(states),
                                    self._number(name, t) is not None, gesture=self.states.gesture(name, t)))
                continue
            if self.carrier_of(name, t) is not None:
                continue  # drawn with its carrier, not as a token on top of him
            rest = self.choreo.rest_of(name, t)
            own = None
            if rest is not None and self._own_of.get(rest.landmark) == name and rest.landmark in self._own:
                own = self._own[rest.landmark]
            out.append(_Present(name, info, pose, label, False, 1, (), False, False, self._pictogram_of(name),
                                own, bool(rest is not None and rest.parts)))
        return out

    def reach(self, r: float, small: bool) -> float:
        """Pixels from a person's centre (disc radius ``r``) that bound his :meth:`drawn_extent` while his
        row of carried things stands where :meth:`layout` puts it (centred under the disc, four things at
        most): the extent's own square, or the row's half width or depth, with a pixel to spare."""
        near = EXTENT_MARGIN * self._k
        if small:
            return 2 * r + near + 1
        widest = max(self.pictogram_px(), 2 * self.cfg.deco_px(12) + self.cfg.dim(4))  # a badge: a glyph and its pad
        deepest = max(self.pictogram_px(), self.cfg.deco_px(12) * 1.25 + self.cfg.dim(4))
        return max(2 * r + near, 2 * widest + 3 + r, 0.55 * r + deepest + r) + 1

    def people(self, t: float, step: Step | None) -> list[tuple[str, FigureInfo]]:
        """The people present at t in :meth:`layout`'s drawing order (their trails: a person out of a
        panel may have walked through it)."""
        return [(m.name, m.info) for m in self._moment(t, step) if m.person]

    def _drawing_order(self, step: Step | None) -> list:
        """Objects first, then the people, the step's actors last (over the others)."""
        key = step.id if step else None
        if self._order[0] != key:  # the drawing order changes with the step's actors only
            actors = set(step.figures) if step else set()
            self._order = (key, sorted(self.choreo.figures.items(),
                                       key=lambda kv: (kv[1].kind != "object", kv[0] in actors)))
        return self._order[1]

    def _stacked(self, order: list, t: float) -> list:
        """The drawing order with the objects drawn as pictograms after those drawn in their landmark's
        shape, and each one resting on another's place (the 觶 set on the 豐: its rest is the 豐's
        landmark) last, so that it is set on top of that one (once a moment: the main view and the strip ask)."""
        last = self._stacked_at
        if last[0] is order and last[1] == t:
            return last[2]
        on = self._on(order, t)
        if last[0] is order and last[3] == on:  # nothing was set down or taken up since: the same order
            out = last[2]
        else:
            out = order if not on else sorted(order, key=lambda kv: (kv[1].kind != "object", on.get(kv[0], 0)))
        self._stacked_at = (order, t, out, on)
        return out

    def _on(self, order: list, t: float) -> dict[str, int]:
        """Per object that is not drawn first: 2 resting on another's place, 1 drawn as a pictogram."""
        on: dict[str, int] = {}
        for name, info in order:
            if info.kind != "object":
                break  # objects come first
            rest = self.choreo.rest_of(name, t)
            if rest is not None and self._own_of.get(rest.landmark, name) != name:
                on[name] = 2
            elif self._pictogram_of(name) is not None:
                on[name] = 1  # after the things drawn in their landmark's shape (the 算 laid by the 中)
        return on

    def _pictogram_of(self, obj: str):
        """pictogram_of the object's label, looked up once per object."""
        if obj not in self._pictograms:
            self._pictograms[obj] = pictogram_of(self.states.label(obj))
        return self._pictograms[obj]

    def _rest_box(self, px: float, py: float, resting: list) -> tuple[float, float, float, float]:
        """The pictogram's square of an object at rest at (px, py): centred there, or, where another
        object's already lies (the 觶 on the 豐), set on top of it (drawn just above it on screen)."""
        side = self.pictogram_px()
        x0, y0, x1, y1 = px - side / 2, py - side / 2, px + side / 2, py + side / 2
        for _ in range(len(resting)):
            for b in resting:  # the first box under it, if any (plain loops: every object, every pass)
                if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                    y0, y1 = b[1] - side, b[1]
                    break
            else:
                break
        return (x0, y0, x1, y1)

    @staticmethod
    def _beside(px: float, py: float, r: float, resting: list) -> tuple[float, float]:
        """Where a square of half-side r at (px, py) is drawn: there, or, where another thing at rest is
        drawn already, just above it (drawn at one point, the 楅 and the 中 waiting at the 堂西 were one
        square with two names; one over the other, each name beside its own; above, as the things set on
        top of another are stacked (_rest_box): below, the square fell on the 司馬 standing at the 堂西)."""
        x0, x1 = px - r, px + r
        for _ in range(len(resting)):
            y0, y1 = py - r, py + r
            for b in resting:  # the first box under it, if any
                if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                    py = b[1] - 1 - r
                    break
            else:
                break
        return px, py

    def rest_pictogram(self, f: PlacedFigure):
        """The pictogram an object at rest is drawn as (None: it is drawn as a square, or in its
        landmark's shape, assets/pictograms.yaml says which things have none)."""
        if f.info.kind != "object" or f.shapes or f.held:
            return None
        return self._pictogram_of(f.name)

    def rest_marks(self, f: PlacedFigure) -> list:
        """An object at rest drawn as its pictogram on a pale rounded square, as Marks (the scene's)."""
        pic = self.rest_pictogram(f)
        if pic is None:
            return []
        x0, y0, x1, y1 = f.boxes[0]
        square = Shape("polygon", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), PLAN["halo"], radius=3, outline=INK)
        return [square, *pictogram_marks(pic, (x0 + 1.5, y0 + 1.5, x1 - 1.5, y1 - 1.5), self.palette)]

    def poses_at(self, t: float) -> dict[str, Pose | None]:
        """Every figure's pose at t, computed once for the main view and the strip."""
        if self._poses[0] != t:
            self._poses = (t, self.states.poses(self.choreo.figures, t))
        return self._poses[1]

    def _held_boxes(self, px, py, r, held) -> list[tuple[float, float, float, float]]:
        """Badges of the objects a figure holds: one row just under its disc, centred on it."""
        if not held:
            return []
        sizes = self._rows.get(held)
        if sizes is None:  # the same things, the same row: measured once
            size = self.cfg.deco_px(12)
            pad = self.cfg.dim(4)
            square = self.pictogram_px()
            widths = [square if pictogram_of(self.states.label(obj)) else self.texts.width(self.states.label(obj)[0], size) + pad
                      for obj in held]
            sizes = self._rows[held] = [(w, square if w == square else size * 1.25 + pad) for w in widths]
        x = px - (sum(w for w, _ in sizes) + 2 * (len(sizes) - 1)) / 2
        y = py + r * 0.55
        out = []
        for w, h in sizes:
            out.append((x, y, x + w, y + h))
            x += w + 2
        return out

    def place_carried(self, figs: list[PlacedFigure], hard, bounds) -> list[PlacedFigure]:
        """The figures with each one's row of carried things moved where it covers no other disc, no
        other row and no ``hard`` box (furniture), inside ``bounds`` (carried.py): the frame's
        placement pass, before the labels."""
        x0, y0, x1, y1 = bounds  # a figure off the panel keeps his row where it stands (out of sight)
        holders = [k for k, f in enumerate(figs) if f.held and len(f.boxes) > 1 and x0 <= f.px <= x1 and y0 <= f.py <= y1]
        if not holders:
            return figs
        discs = [f.boxes[0] for f in figs]
        rows = [Row(figs[k].px, figs[k].py, figs[k].r, figs[k].boxes[0],
                    tuple((b[2] - b[0], b[3] - b[1]) for b in figs[k].boxes[1:]), figs[k].priority, k)
                for k in holders]
        out = list(figs)
        for k, boxes in zip(holders, place_rows(rows, discs, hard, bounds), strict=True):
            if boxes != figs[k].boxes[1:]:  # most rows stand where the layout put them: the figure as it is
                out[k] = figs[k].replaced(boxes=[figs[k].boxes[0], *boxes])
        return out

    def gesture_size(self) -> int:
        """The pixel size of a gesture word (揖, 拜 … drawn beside the figure while he makes it): 15 px at a
        720-px frame, never below config.LEGIBLE_PX."""
        return self._gesture_px

    def _gesture_spots(self, body, px: float, word: str) -> list[tuple[float, float, float, float]]:
        """The boxes a gesture word may take beside the disc (``body``: his disc and facing wedge), best
        first: above (where it was always drawn), below, right, left, then the corners."""
        w, h = label_measure(self.texts)(word, self.gesture_size())
        gap = 2 * self.cfg.font_scale
        x0, y0, x1, y1 = body
        cy = (y0 + y1) / 2
        at = [(px - w / 2, y0 - gap - h), (px - w / 2, y1 + gap), (x1 + gap, cy - h / 2), (x0 - gap - w, cy - h / 2),
              (x1 + gap, y0 - gap - h), (x0 - gap - w, y0 - gap - h), (x1 + gap, y1 + gap), (x0 - gap - w, y1 + gap)]
        return [(x, y, x + w, y + h) for x, y in at]

    @staticmethod
    def _farther(spots: list) -> list:
        """The four side spots of :meth:`_gesture_spots` moved one and two words' size further out."""
        out = []
        for k in (1, 2):
            for (x0, y0, x1, y1), (dx, dy) in zip(spots[:4], ((0, -1), (0, 1), (1, 0), (-1, 0)), strict=True):
                w, h = x1 - x0, y1 - y0
                out.append((x0 + dx * k * w, y0 + dy * k * h, x1 + dx * k * w, y1 + dy * k * h))
        return out

    def place_gestures(self, figs: list[PlacedFigure], avoid, hard, bounds, hidden=()) -> list[PlacedFigure]:
        """The figures with each gesture word moved to the first spot beside its disc that covers no other
        disc, row of things, landmark point or gesture word in ``avoid`` and no ``hard`` box (furniture),
        inside ``bounds``: the frame's placement pass, before the labels (which then keep off the words).
        Crowded all round, a word keeps clear of the furniture, the other words and the things carried, over
        a disc or a word or two further out if it must; where even that finds no room it is left out (the ring
        round his disc still shows a gesture under way).
        A figure under a ``hidden`` box (the inset drawn over him) shows no word."""
        x0, y0, x1, y1 = bounds
        makers = [k for k, f in enumerate(figs) if f.gesture and x0 <= f.px <= x1 and y0 <= f.py <= y1]
        if not makers:
            return figs
        out = list(figs)
        under = [k for k in makers if any(b[0] <= figs[k].px <= b[2] and b[1] <= figs[k].py <= b[3] for b in hidden)]
        for k in under:
            out[k] = figs[k].replaced(gesture=None)
        makers = [k for k in makers if k not in under]
        rows = [b for f in figs for b in f.boxes[1:]]  # things carried: a word never covers them either
        hard = list(hard)
        words: list = []
        for k in sorted(makers, key=lambda k: -figs[k].priority):
            f = figs[k]
            near = self._gesture_spots(f.boxes[0], f.px, f.gesture[0])
            spots = [b for b in near if _inside(b, bounds)] or near
            firm = hard + words + rows
            box = next((b for b in spots if _clear(b, avoid) and _clear(b, firm)),
                       next((b for b in spots + self._farther(near) if _clear(b, firm) and _inside(b, bounds)), None))
            if box is not None:
                words.append(box)
            out[k] = f.replaced(gesture=None if box is None else (f.gesture[0], box))
        return out

    def pictogram_px(self) -> int:
        """The side of a carried thing's pictogram: readable at 640×360 (choice, judged on stills)."""
        return self._pictogram_px

    def label_plan(self, figs: list[PlacedFigure], taken: list, clip, hard=(), hidden=()) -> tuple[list, list, list]:
        """Figure labels clear of every disc, held object, box in ``taken`` and other label (labelling.py):
        ``(drawing orders (text, left, top, size, False), keyed [(index into figs, number)], runs
        [(first, last number) of each file numbered together])``.

        A person whose label fits nowhere beside him (a file shoulder to shoulder) is numbered: the
        number stands beside his disc (a drawing order like a label's) and the frame's key gives his name. ``taken`` is extended with
        the label boxes placed. Figures standing under a ``hidden`` box (an inset drawn over them) are
        not labelled."""
        cfg = self.cfg
        left, top, w, h = clip if clip else (0, 0, *self.cfg.size)
        measure = label_measure(self.texts)
        pad = cfg.px(4)
        # plan_labels names and numbers only the marks inside its bounds (its ``visible``): the others (a third
        # of a zoomed view's, objects off the panel) are left out before their Marks are made, the same plan
        right, bottom = left + w, top + h
        labelled = [f for f in figs if f.label and left <= f.px <= right and top <= f.py <= bottom]
        if hidden:  # a figure under an inset is not seen
            labelled = [f for f in labelled if not any(b[0] <= f.px <= b[2] and b[1] <= f.py <= b[3] for b in hidden)]
        token, name = cfg.px(13), cfg.px(17)  # an object's token, a person or a landmark's drawing
        panel = tuple(clip) if clip else None  # a pygame.Rect is not hashable
        last = self._marks.get(panel, {}) if self.memo else {}
        now: dict[int, tuple] = {}
        marks = []
        for f in labelled:  # a figure laid out as last time (FigureLayer.layout's memo): his Mark as then
            hit = last.get(id(f))
            if hit is None or hit[0] is not f:
                hit = (f, Mark(f.name, f.label, f.px, f.py, f.r + pad, f.pose.x, f.pose.y, f.priority,
                               token if f.info.kind == "object" and not f.shapes else name, f.info.kind != "object",
                               f.boxes[0]))
            now[id(f)] = hit
            marks.append(hit[1])
        if self.memo:
            if panel not in self._marks and len(self._marks) >= 8:  # panels: the main view's and the strip's
                self._marks.clear()
            self._marks[panel] = now
        plan = plan_labels(marks, measure, taken, (left, top, left + w, top + h), pad=pad, tag_size=cfg.px(KEY_TAG),
                           hard=hard)
        out = [(marks[i].text, box[0], box[1], marks[i].size, False) for i, box in plan.labels]
        numbers = dict(plan.keyed)
        out += [(str(numbers[i]), box[0], box[1], cfg.px(KEY_TAG), False) for i, box in plan.tags]
        keyed = []
        if plan.keyed:  # most passes number nobody
            index = {id(f): k for k, f in enumerate(figs)}
            keyed = [(index[id(labelled[i])], n) for i, n in plan.keyed]
        return out, keyed, list(plan.runs)

    def place_labels(self, figs: list[PlacedFigure], taken: list, clip) -> list:
        """The drawing orders of :meth:`label_plan` (the numbered figures left aside)."""
        return self.label_plan(figs, taken, clip)[0]

    def blit_labels(self, surf, labels) -> None:
        # one fblits call: the same blits in the same order (same pixels), without a Python call per label
        texts, halo = self.texts, PLAN["halo"]
        surf.fblits([((texts.render_vertical if vertical else texts.render)(text, int(size), INK, halo), (lx, ly))
                     for text, lx, ly, size, vertical in labels])

    def paint(self, surf, vp: Viewport, figs: list[PlacedFigure], t: float, *, small: bool,
              trails: list | None = None) -> None:
        """Draw ``figs``; ``trails`` ((name, info) in drawing order, :meth:`people`): whose trails to draw,
        when ``figs`` leaves out people outside the panel (default: the people of ``figs``)."""
        cfg = self.cfg
        k = cfg.font_scale
        if cfg.trails and not small:
            still, t0 = self._trail_still, t - cfg.trail_seconds
            for name, info in trails if trails is not None else ((f.name, f.info) for f in figs):
                span = still.get(name)  # trail_segments' first test, before calling it (most figures, most frames)
                if info.kind != "object" and (span is None or not span[0] <= t0 or not t <= span[1]):
                    self._draw_trail(surf, vp, name, info, t)
        if not small:
            paint_marks(surf, self.passing_marks_at(vp, t), self.texts)
        clip = surf.get_clip()
        cl, ct, cr, cb = edges = clip.left, clip.top, clip.right, clip.bottom
        sprites = self.sprites
        span = bisect.bisect_right(self._paint_cuts(), t) if self.memo else None
        near = EXTENT_MARGIN * k
        deco = cfg.deco_px(12)
        rims = {False: max(1, round(1.5 * k)), True: max(1, round(3.5 * k))}  # a rim's width, standing and seated
        colours, facts, turn_at = self._colours, self._facts, self.turns.at  # looked up once, not per figure
        # the blits (sprites, things carried, pictograms, gesture words) gathered in drawing order and made in one
        # Surface.fblits call before anything is drawn otherwise: the same blits in the same order, without a
        # Python call each
        queued: list = []
        blits = surf.fblits
        for f in figs:
            px, py, r = f.px, f.py, f.r
            reach = 2 * r + near  # the common cases first: well inside the panel, or the whole extent
            if not (px + reach >= cl and px - reach <= cr and py + reach >= ct and py - reach <= cb):
                x0, y0, x1, y1 = self.drawn_extent(f)
                if x1 < cl or x0 > cr or y1 < ct or y0 > cb:
                    continue  # nothing of him would fall inside the panel (most of the court, zoomed in)
            colour = colours.get(f.name) or colour_of(f.info)
            if f.shapes:
                if queued:
                    blits(queued)
                    queued.clear()
                draw_shapes(surf, f.shapes, vp, k)
                continue
            person = f.info.kind != "object"
            if not person and not small and (rest := self.rest_pictogram(f)) is not None:
                box = f.boxes[0]
                queued.append((self._pictogram(rest, round(box[2] - box[0]), (), outline=True),
                               (round(box[0]), round(box[1]))))
                continue
            if not person:
                if queued:  # drawn directly: what comes before it first
                    blits(queued)
                    queued.clear()
                pygame.draw.rect(surf, colour, (px - r, py - r, 2 * r, 2 * r))
                pygame.draw.rect(surf, INK, (px - r, py - r, 2 * r, 2 * r), 1)
                continue
            seated = f.pose.posture == "坐"
            if small:
                width = rims[seated]
                # two circles: their pixels depend on the whole-pixel centre and radius alone
                if sprites is None or not sprites.draw(surf, edges, ("dot", colour, int(r), width), None, px, py,
                                                       self._dot_marks, steady=True, args=(px, py, r, colour, width),
                                                       queue=queued):
                    if queued:
                        blits(queued)
                        queued.clear()
                    pygame.draw.circle(surf, colour, (px, py), r)
                    pygame.draw.circle(surf, INK, (px, py), r, width)
                continue
            gesture, states, unshod, n, side = facts(f.name, t, span)
            key = (colour, r, seated, gesture, f.pose.bearing, "袒" in states, "決遂" in states, unshod, n,
                   phase(px), phase(py))
            if sprites is not None and sprites.draw(surf, edges, key, f.name, px, py, self._sprite_marks,
                                                    args=(f, gesture, states, unshod, n), queue=queued):
                if n is not None:  # the number blends with what lies under it: drawn over the sprite
                    blits(queued)
                    queued.clear()
                    paint_marks(surf, [m for m in self._number_tag(f, n) if m.kind == "text"], self.texts)
            else:
                if queued:
                    blits(queued)
                    queued.clear()
                self._paint_look(surf, f, colour, gesture, seated, states, unshod, n)
            if f.held:
                self._carried(queued, f, deco, states)
            turning = turn_at(f.name, t) is not None
            if queued and (turning or side):
                blits(queued)
                queued.clear()
            if turning:
                paint_marks(surf, self.turn_marks(f, t, vp))
            if side:  # 執一個，兼諸弦，面鏃 (not 挾): over the badges
                draw_side_hold(surf, px, py, r, f.pose.bearing, k, INK)
            if f.gesture:  # where the placement pass put it (place_gestures)
                word, box = f.gesture
                queued.append((self.texts.render(word, self.gesture_size(), INK, PLAN["halo"], where="gesture"),
                               (round(box[0]), round(box[1]))))
        if queued:
            blits(queued)

    def _sprite_marks(self, f: PlacedFigure, gesture: bool, states, unshod: bool, n: int | None) -> list:
        """A person's look as a sprite holds it: :meth:`look_marks` but its text (drawn over the sprite)."""
        return [m for m in self.look_marks(f, gesture, states, unshod, n) if m.kind != "text"]

    def _paint_look(self, surf, f: PlacedFigure, colour, gesture: bool, seated: bool, states, unshod, n) -> None:
        """:meth:`look_marks` painted directly (the same pixels, without making Marks of the disc)."""
        px, py, r, k = f.px, f.py, f.r, self._k
        if gesture:
            pygame.draw.circle(surf, CAPTION["accent"], (px, py), r + 5 * k, max(2, round(3 * k)))
        pygame.draw.circle(surf, colour, (px, py), r)
        pygame.draw.circle(surf, INK, (px, py), r, max(1, round((3.5 if seated else 1.5) * k)))
        if seated:
            pygame.draw.circle(surf, PLAN["halo"], (px, py), r * 0.55, max(1, round(1.5 * k)))
        pygame.draw.polygon(surf, INK, wedge_points(px, py, r, f.pose.bearing, k))
        paint_marks(surf, self._disc_marks(f, states, unshod, n), self.texts)

    @staticmethod
    def _dot_marks(px: float, py: float, r: float, colour, width: int) -> list:
        """A small figure (the strip's): his disc and rim."""
        return [Shape("circle", ((px, py),), colour, 0, r), Shape("circle", ((px, py),), INK, width, r)]

    def _paint_cuts(self) -> list[float]:
        """The times at which :meth:`_facts` may answer otherwise: those of :meth:`_moment` (states,
        gestures, 相左) and every 說屨/納屨 and 執 or its ends (the spans of unshod and side_held start at one)."""
        if self._cuts_painted is None:
            kinds = {SHOES_OFF, SHOES_ON, SIDE_HOLD, *SIDE_HOLD_ENDS}
            self._cuts_painted = sorted({*self._moment_cuts(), *(ev.t for ev in self.choreo.events if ev.kind in kinds)})
        return self._cuts_painted

    def _facts(self, name: str, t: float, span: int | None) -> tuple:
        """(gesture under way, states, unshod, number in a 相左, side_held) of a person at t, found once
        over a span of :meth:`_paint_cuts` (``span``: its index; None: found anew)."""
        hit = self._facts_of.get(name)
        if hit is not None and span is not None and hit[0] == span:
            return hit[1]
        facts = (self.states.gesture(name, t) is not None, self.choreo.states_at(name, t), self.states.unshod(name, t),
                 self._number(name, t), self.choreo.side_held(name, t))
        self._facts_of[name] = (span, facts)
        return facts

    def look_marks(self, f: PlacedFigure, gesture: bool, states, unshod: bool, n: int | None) -> list:
        """A person's look at his place as Marks, in drawing order: the ring of a gesture under way, his disc,
        its rim (thick: seated), a seated figure's pale inner ring, the facing wedge, then :meth:`disc_marks`."""
        k = self._k
        px, py, r = f.px, f.py, f.r
        c = ((px, py),)
        seated = f.pose.posture == "坐"
        out = [Shape("circle", c, CAPTION["accent"], max(2, round(3 * k)), r + 5 * k)] if gesture else []
        out.append(Shape("circle", c, self._colours.get(f.name) or colour_of(f.info), 0, r))
        out.append(Shape("circle", c, INK, max(1, round((3.5 if seated else 1.5) * k)), r))
        if seated:
            out.append(Shape("circle", c, PLAN["halo"], max(1, round(1.5 * k)), r * 0.55))
        out.append(Shape("polygon", wedge_points(px, py, r, f.pose.bearing, k), INK))
        return out + self._disc_marks(f, states, unshod, n)

    def drawn_extent(self, f: PlacedFigure) -> tuple[float, float, float, float]:
        """A box holding every pixel :meth:`paint` draws for ``f`` (disc, wedge, marks round the disc,
        gesture word, turn arc, what he carries), with room to spare; his trail is not in it."""
        reach = 2 * f.r + EXTENT_MARGIN * self.cfg.font_scale
        x0, y0, x1, y1 = f.px - reach, f.py - reach, f.px + reach, f.py + reach
        for b in (*f.boxes, *((f.gesture[1],) if f.gesture else ())):  # min and max as comparisons
            a0, a1, a2, a3 = b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1
            x0, y0 = (a0 if a0 < x0 else x0), (a1 if a1 < y0 else y0)
            x1, y1 = (a2 if a2 > x1 else x1), (a3 if a3 > y1 else y1)
        return x0, y0, x1, y1

    def disc_marks(self, f: PlacedFigure, t: float) -> list:
        """The marks on and round a person's disc at t: body states (袒, 決遂, 說屨) and his number in a
        相左 shown (choreo.render.marks; pygame-free, the scene reuses them). The turn's arc is
        :meth:`turn_marks`, drawn over what he carries."""
        return self._disc_marks(f, self.choreo.states_at(f.name, t), self.states.unshod(f.name, t), self._number(f.name, t))

    def _disc_marks(self, f: PlacedFigure, states, unshod: bool, n: int | None) -> list:
        unit = self._unit
        marks = body_marks(f.px, f.py, f.r, f.pose.bearing, states, INK, PLAN["halo"], unit) if states else []
        if unshod:
            marks += bare_feet_marks(f.px, f.py, f.r, f.pose.bearing, INK, PLAN["halo"], unit)
        if n is not None:
            marks += self._number_tag(f, n)
        return marks

    def _number_tag(self, f: PlacedFigure, n: int) -> list:
        return number_tag(f.px, f.py, f.r, n, INK, PLAN["halo"], self._number_px)

    def passing_marks_at(self, vp: Viewport, t: float) -> list:
        """Each 相左 shown at t: the two parties' paths round their closest approach, numbered."""
        out = []
        for p in self.passings.at(t):
            colours = tuple(self._colours.get(n) or INK for n in p.parties)
            out += passing_marks(self.choreo, p, t, vp.to_screen, colours, INK, PLAN["halo"],
                                 max(2.0, self.mark_unit() * 1.5), self.cfg.deco_px(13))
        return out

    def pictogram_marks_of(self, f: PlacedFigure, t: float) -> dict[int, list]:
        """Per held thing (by its index in ``f.held``) that has a pictogram: its pale square and shapes."""
        states = self.choreo.states_at(f.name, t)
        out = {}
        for i, (obj, box) in enumerate(zip(f.held, f.boxes[1:], strict=False)):
            pic = pictogram_of(self.states.label(obj))
            if pic is not None:
                x0, y0, x1, y1 = (round(v) for v in box)
                square = Shape("polygon", ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), PLAN["halo"], radius=3)
                out[i] = [square, *pictogram_marks(pic, (x0 + 1.5, y0 + 1.5, x1 - 1.5, y1 - 1.5), self.palette, states)]
        return out

    def _number(self, figure: str, t: float) -> int | None:
        if self._numbers[0] != t:
            self._numbers = (t, {name: i for p in self.passings.at(t) for i, name in enumerate(p.parties, start=1)})
        return self._numbers[1].get(figure)

    def turn_marks(self, f: PlacedFigure, t: float, vp: Viewport | None = None) -> list:
        """The arc of the turn the figure is making at t (or ended a moment ago), round his disc; a turn while
        walking, once over, where it ended (``vp``: the view's projection; without it, round the disc)."""
        turn = self.turns.at(f.name, t)
        if turn is None:
            return []
        unit = self.mark_unit()
        cx, cy = f.px, f.py
        if turn.end is not None and t > turn.t1 and vp is not None:
            cx, cy = vp.to_screen(*turn.end)
        return turn_arc(turn, t, cx, cy, f.r + WEDGE * self.cfg.font_scale + unit * 2.5, INK,
                        PLAN["background"], max(1.5, unit * 1.3))

    def _carried(self, queue: list, f: PlacedFigure, size: int, states=()) -> None:
        """Each thing held as its pictogram (assets/pictograms.yaml) under the disc, the bow in the
        holder's states (弛弓, 挾); a thing without one as a badge with its first character: their blits
        appended to ``queue`` as (surface, place), in drawing order."""
        for obj, box in zip(f.held, f.boxes[1:], strict=False):
            pic = self._pictogram_of(obj)
            if pic is not None:
                queue.append((self._pictogram(pic, round(box[2] - box[0]), states), (round(box[0]), round(box[1]))))
                continue
            w, h = round(box[2] - box[0]), round(box[3] - box[1])
            queue.append((self._badge(self.states.label(obj)[0], size, w, h, f.name), (round(box[0]), round(box[1]))))

    def _pictogram(self, pic, side: int, states, outline: bool = False) -> pygame.Surface:
        """A pictogram drawn once per size and the holder's states that change it, on a pale rounded
        square (it reads on the plan's greys and on a disc alike); the corners are transparent.
        ``outline``: the square outlined in ink (a thing at rest: it stands alone on the floor)."""
        asked = (pic.name, side, states, outline)
        hit = self._pictograms_asked.get(asked) if self.memo else None  # by the holder's whole states: no
        if hit is not None:  # tuple of those that matter made per thing and frame
            return hit
        shown = tuple(s for s in states if s in pic.variants or s in pic.overlays)
        key = (pic.name, side, shown, outline)
        hit = self._badges.get(key)
        if hit is None:
            hit = pygame.Surface((side, side))
            hit.fill(BADGE_KEY)
            pygame.draw.rect(hit, PLAN["halo"], (0, 0, side, side), border_radius=3)
            if outline:
                pygame.draw.rect(hit, INK, (0, 0, side, side), 1, border_radius=3)
            paint_marks(hit, pictogram_marks(pic, (1.5, 1.5, side - 1.5, side - 1.5), self.palette, shown))
            hit.set_colorkey(BADGE_KEY)
            self._badges[key] = hit
        if self.memo:
            if len(self._pictograms_asked) >= PICTOGRAMS_ASKED:
                self._pictograms_asked.clear()
            self._pictograms_asked[asked] = hit
        return hit

    def _badge(self, char: str, size: int, w: int, h: int, carrier: str) -> pygame.Surface:
        """A badge drawn once: rounded box, outline and character; the corners are transparent."""
        key = (char, size, w, h)
        hit = self._badges.get(key)
        if hit is None:
            tag = self.texts.render(char, size, (255, 255, 255), where=f"object carried by {carrier}")
            hit = pygame.Surface((w, h))
            hit.fill(BADGE_KEY)
            rect = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(hit, group_colour("object"), rect, border_radius=3)
            pygame.draw.rect(hit, INK, rect, 1, border_radius=3)
            hit.blit(tag, ((w - tag.get_width()) / 2, (h - tag.get_height()) / 2))
            hit.set_colorkey(BADGE_KEY)
            self._badges[key] = hit
        return hit

    def _draw_trail(self, surf, vp: Viewport, name, info, t) -> None:
        for colour, a, b, w in self.trail_segments(vp, name, info, t):
            pygame.draw.line(surf, colour, a, b, w)

    def trail_segments(self, vp: Viewport, name, info, t) -> list:
        """The trail of the last ``trail_seconds`` before t as (colour, from, to, width) in pixels,
        fading with age; empty when the figure stood still all that while."""
        t0 = t - self.cfg.trail_seconds
        still = self._trail_still.get(name)
        if still is not None and still[0] <= t0 and t <= still[1]:
            return []  # inside the stillness found the frame before (most figures, most frames)
        track = self.choreo.tracks[name]
        s = track.samples
        if len(s) < 2 or t <= s[0, 0] or t0 >= s[-1, 0] and s[-1, 0] < t0:
            return []
        times, run = self._runs(name)
        i0 = bisect.bisect_right(times, t0)
        i1 = bisect.bisect_left(times, t)
        # every sample the trail's points lie between, s[max(i0 - 1, 0):i1 + 1], at one place:
        # standing still all the while, every segment has zero length and nothing is drawn
        last = min(i1, len(times) - 1)
        if run[last] <= max(i0 - 1, 0):
            if self.memo:  # the same answer for every t - trail_seconds ≥ times[first] with t ≤ times[end]
                first, end = run[last], self._run_ends(name)[last]
                self._trail_still[name] = (times[first] if first else -math.inf,
                                           times[end] if end < len(times) - 1 else math.inf)
            return []
        # Track.at at every sample time inside the window (at a sample's own time, that sample: the
        # last of several at one time), and at the two ends; read off the rows, a few a trail
        start, end = max(t0, times[0]), track.at(t)
        first = track.at(start)
        pts = [(start, first[0], first[1])] if first is not None else []
        rows = self._rows_of(name)
        inner = []
        last = None
        for k in range(i1 - 1, i0 - 1, -1):
            if last is None or times[k] != times[last]:
                last = k
            inner.append((times[k], rows[last][1], rows[last][2]))
        pts += reversed(inner)
        if end is not None:
            pts.append((t, end[0], end[1]))
        if len(pts) < 2:
            return []
        colour = colour_of(info)
        w = max(2, round(3 * self.cfg.font_scale))
        out = []
        for (ta, xa, ya), (tb, xb, yb) in zip(pts[:-1], pts[1:], strict=False):
            if xa == xb and ya == yb:
                continue
            age = (t - (ta + tb) / 2) / self.cfg.trail_seconds
            c = _mix(colour, PLAN["background"], min(0.85, 0.25 + 0.6 * age))
            out.append((c, vp.to_screen(xa, ya), vp.to_screen(xb, yb), w))
        return out

    def _rows_of(self, name: str) -> list:
        hit = self._track_rows.get(name)
        if hit is None:
            hit = self._track_rows[name] = self.choreo.tracks[name].samples.tolist()
        return hit

    def _run_ends(self, name: str) -> list[int]:
        """Per sample the last sample of its run at one (x, y) (:meth:`_runs`)."""
        hit = self._track_run_ends.get(name)
        if hit is None:
            run = self._runs(name)[1]
            hit = list(range(len(run)))
            for i in range(len(run) - 2, -1, -1):
                if run[i + 1] == run[i]:
                    hit[i] = hit[i + 1]
            self._track_run_ends[name] = hit
        return hit

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

