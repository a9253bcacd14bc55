"""The target end while a pair shoots: an inset at its own scale, computed here without pygame.

While a shot's story lasts (from just before the release to a little after its call and counter), a
corner of the main view shows the 侯 and its 乏 and, compressed in a band above them, the flight from the
物 (the pair on their 物): the arrow leaving the bow, crossing the break and ending at the 侯,
the strikes of the pair's arrows so far (a ring for a hit, a cross for a miss), the 獲者 with the 旌
raised while he calls (「舉旌以宮，偃旌以商」〔000〕), the counters the 釋獲者 has laid on the right and the
left (「上射於右，下射於左」〔000〕) in a round that lays them, and, with music, the piece's name and a beat
mark. Everything is read from the Choreography (its Shots, Music and poses): nothing is re-planned.

:func:`inset_layout` returns pixel geometry (a :class:`InsetLayout`); ``choreo.render.shotdraw`` turns it
into scene primitives, which the frames paint with pygame and the stills write as SVG or PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from choreo.model import Choreography
from choreo.render.insetplace import PLACES, covers, place_box
from choreo.render.viewport import Viewport, fit
from choreo.shooting import LEFT, RIGHT, Shot

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (pixels)
XY = tuple[float, float]

# choice: the inset opens this many seconds before a release (the archer draws) and stays this long after the
# shot's story ends (its landing, the call, the counter), so that a lecturer can point at the strike.
BEFORE, AFTER = 1.0, 3.0
# choice: an arrow's shaft, 3 尺 (「物長如笴」〔002〕: the 笴 is three 尺), drawn at least this many pixels long.
SHAFT_CHI, SHAFT_MIN_PX = 3.0, 16.0
# choice: the inset's share of the main panel (width, height), at most (its corner: choreo.render.insetplace).
SHARE = (0.28, 0.52)
SHARE_SMALL = (0.36, 0.66)  # choice: in a small frame (640×360) larger, so that its larger words fit
MIN_PANEL_HEIGHT = 200  # choice: below this (a 480×270 or 320×180 GIF) the inset's words would not read: none is drawn
MARGIN_CHI = 8.0  # world margin round the 侯, its 乏 and the 獲者
# choice: the flight north of the target end (from the 物, some 200 尺) is drawn compressed in a band at the
# top of the inset, this share of its picture, above a break mark: the arrow is seen leaving the 物 and
# arriving, and the target end keeps its own scale.
FLIGHT_SHARE = 0.28


@dataclass(frozen=True)
class Arrow:
    """One arrow in pixels: the shaft from ``tail`` to ``head``; ``landed`` once it is in the 侯."""

    tail: XY
    head: XY
    landed: bool
    current: bool  # the shot the inset is open for


@dataclass(frozen=True)
class Strike:
    at: XY
    hit: bool | None
    current: bool


@dataclass(frozen=True)
class Squeeze:
    """The empty court between the 乏 and the 侯 (some 100 尺 where nothing but the arrow passes) drawn as
    ``width`` 尺 of the view: world y from ``low`` to ``high`` is shortened, north of it moved down."""

    low: float
    high: float
    width: float

    def v(self, y: float) -> float:
        """World y → the view's y (the same south of ``low``)."""
        if y <= self.low:
            return y
        if y >= self.high:
            return y - (self.high - self.low) + self.width
        return self.low + (y - self.low) / (self.high - self.low) * self.width

    def world(self, v: float) -> float:
        """The view's y → world y (the inverse of :meth:`v`)."""
        if v <= self.low:
            return v
        if v >= self.low + self.width:
            return v + (self.high - self.low) - self.width
        return self.low + (v - self.low) / self.width * (self.high - self.low)


NO_SQUEEZE = Squeeze(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class FlightAxis:
    """The inset's broken axis: south of ``near`` (world y, the view's top) the target end at the view's
    scale; from ``far`` (the 物's line) down to ``near`` the flight compressed into the pixel rows
    ``top`` to ``bottom`` (the break). x keeps the view's scale throughout."""

    view: Viewport
    far: float
    near: float
    top: float
    bottom: float
    squeeze: Squeeze = NO_SQUEEZE  # the court between the 乏 and the 侯, shortened

    def px(self, p: XY) -> XY:
        x, y = p
        if y <= self.near:
            return self.view.to_screen(x, self.squeeze.v(y))
        sx = self.view.to_screen(x, self.near)[0]
        u = (self.far - y) / (self.far - self.near) if self.far > self.near else 1.0
        return (sx, self.top + u * (self.bottom - self.top))


@dataclass(frozen=True)
class InsetLayout:
    box: Box  # the whole inset (frame included)
    view: Viewport  # the target end at its own scale
    title: str  # who shoots, which arrow
    target: str
    target_line: tuple[XY, XY]
    target_parts: tuple[tuple[XY, XY], ...]  # the 侯's nested parts (outermost first) as spans on its line
    screen: tuple[XY, XY] | None  # the 乏
    screen_name: str
    arrows: tuple[Arrow, ...]
    station: str  # the 物 it was loosed from
    flight: FlightAxis | None  # the compressed band of the flight above the target end (None: no room needed)
    stations: tuple[tuple[XY, str, str], ...]  # the pair's 物 in the band: (pixel, 物, archer), the current first
    strikes: tuple[Strike, ...]
    verdict: str  # 中 / 不中 / "" for the current arrow once it has landed
    caller: str
    caller_at: XY | None
    caller_radius: float
    flag: str  # the label of what the caller holds up when he calls (his 旌), "" if nothing
    calling: bool  # a call under way: the 旌 raised (舉旌), lowered again after it (偃旌)
    counters: tuple[int, int] | None  # (right, left) laid so far in a round that lays them; None: none laid
    fresh: str  # the side a counter is being laid on now (右 / 左), "" otherwise
    scorer: str
    note: str  # e.g. 「獲而未釋獲」 in a round without counters
    piece: str
    beat: float  # 1 at a beat, falling to 0 before the next (a pulse); 0 without music
    band: Box  # the bottom row (counters, note)
    head_row: Box  # the top row (title, music)
    cut: tuple[float, float, float] | None = None  # the court shortened between the 乏 and the 侯: (top, bottom) px, 尺


def story_end(shot: Shot, ch: Choreography) -> float:
    """When the shot's story is over: landed, called and counted."""
    ends = [shot.arrival]
    if shot.called is not None:
        ends.append(shot.called + ch.params.get("dur.獲", 0.0))
    if shot.counted is not None:
        ends.append(shot.counted + ch.params.get("dur.釋獲", 0.0))
    return max(ends)


def current_shot(ch: Choreography, t: float) -> Shot | None:
    """The shot whose story is told at t: the latest released among those whose window covers t."""
    found = None
    for shot in ch.shots:
        if shot.release - BEFORE > t:
            break  # the shots are in release order
        if t <= story_end(shot, ch) + AFTER:
            found = shot
    return found


def inset_box(panel: tuple[int, int, int, int], size: tuple[float, float], avoid=()) -> Box | None:
    """The inset's pixel box for one frame alone (a manual view): the first place (insetplace.PLACES) that
    covers none of ``avoid`` (the figures' discs and what they hold); None where none is free."""
    for place in PLACES:
        b = place_box(panel, size, place)
        if not covers(b, avoid):
            return b
    return None


def stretch_of(ch: Choreography, shot: Shot) -> tuple[str, str, float, float]:
    """The shooting stretch a shot belongs to (the shots of its step): (step, passage, from, to), the
    moments the inset is open for one of them."""
    mates = [s for s in ch.shots if s.step == shot.step and s.passage == shot.passage]
    return (shot.step, shot.passage, min(s.release for s in mates) - BEFORE,
            max(story_end(s, ch) for s in mates) + AFTER)


def inset_size(panel: tuple[int, int, int, int], small: bool = False) -> tuple[float, float] | None:
    """The inset's full size in the main panel; ``small``: a small frame's (SHARE_SMALL)."""
    _, _, w, h = panel
    if h < MIN_PANEL_HEIGHT:
        return None
    share = SHARE_SMALL if small else SHARE
    return (round(w * share[0]), round(h * share[1]))


_SCREENS: dict = {}  # (venue, target) → its 乏: looked up once, not at every frame


def _screen_of(ch: Choreography, target) -> tuple[str, tuple[XY, XY]] | tuple[str, None]:
    """The 乏 of the 侯: the screen landmark nearest to it (a venue of several 侯 has one for each)."""
    key = (id(ch.venue), target.name)
    found = _SCREENS.get(key)
    if found is None or found[0] is not ch.venue:
        found = _SCREENS[key] = (ch.venue, _nearest_screen(ch, target))
    return found[1]


def _nearest_screen(ch: Choreography, target) -> tuple[str, tuple[XY, XY]] | tuple[str, None]:
    screens = ch.venue.landmarks_of("screen")
    if not screens:
        return "", None
    lm = min(screens, key=lambda s: math.dist((s.x, s.y), (target.x, target.y)))
    if lm.geometry is not None:
        x0, y0, x1, y1 = lm.geometry.bounds
        return lm.name, ((x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2))
    return lm.name, ((lm.x - 2, lm.y), (lm.x + 2, lm.y))


def inset_layout(ch: Choreography, t: float, box: Box, row_px: float) -> InsetLayout | None:
    """The inset at t in ``box`` (None when no shot's story is told); ``row_px``: the height of its top
    and bottom rows of text."""
    shot = current_shot(ch, t)
    if shot is None:
        return None
    target = ch.venue.landmarks[shot.target]
    parts = target.parts or (2.0,)
    half = parts[0] / 2
    screen_name, screen = _screen_of(ch, target)
    same = [s for s in ch.shots if s.step == shot.step and s.passage == shot.passage and s.release <= t]
    callers = [s.caller for s in ch.shots if s.passage == shot.passage and s.caller]
    caller = shot.caller or (callers[0] if callers else "")
    pose = ch.pose_at(caller, t) if caller else None
    reach = 1.5 * (math.dist(screen[0], (target.x, target.y)) if screen is not None else 100.0)
    if pose is not None and math.dist((pose.x, pose.y), (target.x, target.y)) > reach:
        pose = None  # he calls from elsewhere (the 大射's 負侯 by another 侯): named in the top row, not drawn
    xs = [target.x - half - 4, target.x + half + 4]
    ys = [target.y - 4, target.y + 4]
    if screen is not None:
        xs += [screen[0][0], screen[1][0]]
        ys += [screen[0][1]]
    if pose is not None:
        xs.append(pose.x)
        ys.append(pose.y)
    bounds = (min(xs) - MARGIN_CHI, min(ys) - MARGIN_CHI, max(xs) + MARGIN_CHI, max(ys) + MARGIN_CHI + 6)
    x0, y0, x1, y1 = box
    head_row = (x0, y0, x1, y0 + row_px)
    band = (x0, y1 - row_px, x1, y1)
    body = (round(x0), round(y0 + row_px), round(x1 - x0), round(y1 - y0 - 2 * row_px))
    mates = [s for s in ch.shots if s.step == shot.step and s.passage == shot.passage]
    far = max(s.origin[1] for s in mates)
    flight = None
    gap = round(body[3] * FLIGHT_SHARE) if far > bounds[3] else 0  # the 物 north of it: the flight above
    area = (body[0], body[1] + gap, body[2], body[3] - gap)
    north = ([screen[0][1]] if screen is not None else []) + ([pose.y] if pose is not None else [])
    squeeze = _squeeze(bounds, target.y, north, area, row_px)
    view = fit((bounds[0], bounds[1], bounds[2], squeeze.v(bounds[3])), area, margin=0.03)
    if gap:  # the flight from the 物 in a band above the target end
        pad = min(0.3 * gap, max(SHAFT_CHI * view.scale, SHAFT_MIN_PX) + 2)  # room for the shaft at the release
        flight = FlightAxis(view, far, squeeze.world(view.world_bounds[3]), body[1] + pad, body[1] + gap, squeeze)

    def px(p: XY) -> XY:
        return flight.px(p) if flight is not None else view.to_screen(p[0], squeeze.v(p[1]))

    cut = None
    if squeeze.width:  # where the court is shortened: its pixel rows and the 尺 it stands for
        top, bottom = px((target.x, squeeze.high))[1], px((target.x, squeeze.low))[1]
        cut = (top, bottom, squeeze.high - squeeze.low)

    arrows, strikes = [], []
    shaft = max(SHAFT_CHI * view.scale, min(SHAFT_MIN_PX, 0.3 * body[3] * FLIGHT_SHARE))  # pixels, band and view
    for s in same:
        ox, oy = s.origin
        dx, dy = s.point[0] - ox, s.point[1] - oy
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        u = 1.0 if t >= s.arrival else s.flight_at(t)
        if u is None:  # not yet loosed
            continue
        hx, hy = ox + u * dx, oy + u * dy
        head = px((hx, hy))
        back = px((hx - ux * 5.0, hy - uy * 5.0)) if u > 0 else px((ox, oy + 5.0))
        bx, by = head[0] - back[0], head[1] - back[1]
        n = math.hypot(bx, by) or 1.0
        tail = (head[0] - bx / n * shaft, head[1] - by / n * shaft)
        arrows.append(Arrow(tail, head, t >= s.arrival, s is shot))
        if t >= s.arrival:
            strikes.append(Strike(px(s.point), s.hit, s is shot))
    stations: dict[XY, tuple[XY, str, str]] = {}
    if flight is not None:
        for s in sorted(mates, key=lambda s: s.archer != shot.archer):
            stations.setdefault(s.origin, (px(s.origin), s.station, s.archer))
    verdict = "" if t < shot.arrival or shot.hit is None else ("中" if shot.hit else "不中")
    dur_call = ch.params.get("dur.獲", 0.0)
    calling = any(s.called is not None and s.called <= t < s.called + dur_call for s in same)
    # what the caller holds (the 旌, as the script declares it): drawn raised while he calls, lowered else
    held = [o for o in ch.held_by(caller, t) if o in ch.figures and ch.figures[o].kind == "object"] if pose else []
    scored = [s for s in ch.shots if s.passage == shot.passage and s.counted is not None]
    counters, fresh, scorer, note = None, "", "", ""
    if scored:
        laid = [s for s in scored if s.counted <= t]
        counters = (sum(1 for s in laid if s.side == RIGHT), sum(1 for s in laid if s.side == LEFT))
        dur_count = ch.params.get("dur.釋獲", 0.0)
        fresh = next((s.side for s in laid if t < s.counted + dur_count), "")
        scorer = scored[0].scorer
    elif any(s.hit for s in ch.shots if s.passage == shot.passage):
        note = "獲而未釋獲"  # 〔000〕: the first round calls the hits and lays no counter
    piece, beat = "", 0.0
    playing = next((m for m in ch.music if m.playing(t)), None)
    if playing is not None:
        piece = playing.piece
        # quantised (eighths of the period): the mark changes a few times a beat, not every frame
        beat = round(8.0 * (1.0 - ((t - playing.t0) % playing.period) / playing.period)) / 8.0
    title = f"{shot.archer}　第{_numeral(shot.number)}矢"
    line = ((target.x - half, target.y), (target.x + half, target.y))
    spans = tuple((px((target.x - w / 2, target.y)), px((target.x + w / 2, target.y))) for w in parts)
    return InsetLayout(
        box, view, title, shot.target, (px(line[0]), px(line[1])), spans,
        (px(screen[0]), px(screen[1])) if screen is not None else None, screen_name, tuple(arrows),
        shot.station, flight, tuple(stations.values()), tuple(strikes), verdict, caller, px((pose.x, pose.y)) if pose is not None else None,
        ch.figures[caller].radius * view.scale if caller in ch.figures else 0.0,
        ch.figures[held[0]].label if held else "", calling, counters, fresh, scorer, note, piece, beat,
        band, head_row, cut)


def _squeeze(bounds, target_y: float, north: list[float], area, row_px: float) -> Squeeze:
    """The court between the 乏 (with its 獲者: ``north``, their world y) and the 侯 shortened to a break a
    row of text high, where that draws the target end larger: its 100 尺 of empty court took half the
    inset, the 侯 some 20 px wide at 640×360 (choice)."""
    low = target_y + 4 + MARGIN_CHI  # the 侯's own window ends here
    high = min(north, default=low) - MARGIN_CHI
    if high <= low:
        return NO_SQUEEZE
    full = fit(bounds, area, margin=0.03).scale
    width = row_px / full  # 尺 of the view the break takes at the unsqueezed scale (the squeezed is larger)
    if high - low <= 2 * width:
        return NO_SQUEEZE
    scale = fit((bounds[0], bounds[1], bounds[2], bounds[3] - (high - low) + width), area, margin=0.03).scale
    return Squeeze(low, high, row_px / scale)


def _numeral(n: int) -> str:
    digits = "〇一二三四五六七八九"
    return digits[n] if n < 10 else str(n)


def arrows_in_flight(ch: Choreography, t: float, view: Viewport, min_px: float) -> tuple[Arrow, ...]:
    """The arrows in the air at t in a plan view (the main view, the 侯道 strip), in its pixels: a shaft of
    3 尺 (at least ``min_px`` long) ending at where the arrow is, so the main view shows it leave the 物."""
    out = []
    wx0, wy0, wx1, wy1 = view.world_bounds
    for s in ch.shots_at(t):
        u = s.flight_at(t)
        if u is None or u >= 1.0:
            continue
        (ox, oy), (qx, qy) = s.origin, s.point
        dx, dy = qx - ox, qy - oy
        length = math.hypot(dx, dy) or 1.0
        hx, hy = ox + u * dx, oy + u * dy
        if not (wx0 - 10 <= hx <= wx1 + 10 and wy0 - 10 <= hy <= wy1 + 10):
            continue
        shaft = max(SHAFT_CHI, min_px / view.scale)
        out.append(Arrow(view.to_screen(hx - dx / length * shaft, hy - dy / length * shaft), view.to_screen(hx, hy),
                         False, True))
    return tuple(out)
