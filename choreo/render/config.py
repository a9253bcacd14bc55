"""RenderConfig: every knob of a rendering, passed explicitly (no global config).

CLI flags are named like the fields (``--size``, ``--fps``, ``--speed``, ``--hold``, ``--quiet`` ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from choreo.errors import RenderError

# Modelling choice: 4 ceremony seconds per video second. The bundled 鄉射 passage plans to some
# 20–30 minutes of ceremony; at 4× it plays in 5–8 minutes (a lecture can show it whole) and walking
# figures still move at a pace the eye follows (about 1.3 m of hall per video second).
DEFAULT_SPEED = 4.0
# Modelling choice: a step stays on screen at least 3 s even when its clause is short and the figures
# finish sooner (a room needs a moment to find the caption) ...
DEFAULT_HOLD = 3.0
# ... and at least as long as its clause takes to read aloud: 5 characters a second, about the pace
# of ordinary spoken Chinese (one syllable a character); punctuation is not counted. A modelling
# choice: the audience of a lecture reads the 經 with the picture, not after it.
DEFAULT_READING_RATE = 5.0
# Modelling choice: each passage opens with a title card of 4 s (its name, the 疏's heading, the seed).
DEFAULT_CARD = 4.0
# choice: the smallest text a small frame (640×360) draws for a word the audience must read: 12 px, the size
# of the marks' key and of the pictograms of things carried there; a gesture word (揖, 拜, 釋獲) of 10 px
# (px(15) at 640×360) ran its strokes together on a projector, and 獲 or 釋 have some twenty.
LEGIBLE_PX = 12
# choice: a landmark's name (西階, 楅, 乏 …) is never below 10 px: at 640×360 the lesser names came out at
# 9 px (the furniture's scale, deco_px), dim ink, and 楣 or 楅 could not be read from the back of a room;
# 10, not 12, so that they still stand below the figures' names (11 px there) and fit between them.
NAME_PX = 10
GIF_FPS = (10, 20, 25)  # GIF delays are hundredths of a second: only these rates are exact
MAX_SIDE = 7680  # an 8K frame; anything larger is a typo

CAMERA_MODES = ("auto", "hall", "full")


@dataclass(frozen=True)
class RenderConfig:
    """How to draw and time a rendering.

    ``speed`` is ceremony seconds per video second; ``hold`` the minimum seconds of video a step's
    text stays on screen; ``camera`` is ``auto`` (frame the figures moving in the current step),
    ``hall`` (the hall and court, fixed) or ``full`` (the whole court with everyone ever in it, and the
    target end, the 侯 and the 乏, enlarged in the strip beside it).
    """

    size: tuple[int, int] = (1280, 720)
    fps: int = 25
    speed: float = DEFAULT_SPEED
    hold: float = DEFAULT_HOLD
    reading_rate: float = DEFAULT_READING_RATE  # characters a second; 0: no reading floor
    card: float = DEFAULT_CARD  # seconds of a passage's title card in a video; 0: none
    labels: bool = True
    trails: bool = True
    trail_seconds: float = 8.0  # ceremony seconds of movement a trail shows (modelling choice)
    legend: bool = True
    strip: bool = True  # the 侯道 strip beside the main view
    camera: str = "auto"
    quiet: bool = False
    quick_steps: frozenset[str] = frozenset()  # a comparison's steps where nothing differs: they pass quickly

    def __post_init__(self) -> None:
        w, h = self.size
        if not (16 <= w <= MAX_SIDE and 16 <= h <= MAX_SIDE):
            raise RenderError(f"bad size {w}x{h}: each side must be between 16 and {MAX_SIDE} pixels")
        if self.fps <= 0 or self.fps > 120:
            raise RenderError(f"bad fps {self.fps}: must be between 1 and 120")
        if not 0 < self.speed <= 1e6:
            raise RenderError(f"bad speed {self.speed}: must be positive (ceremony seconds per video second), "
                              "at most 1000000")
        if not 0 <= self.hold < 3600:
            raise RenderError(f"bad hold {self.hold}: must be zero or positive (seconds), under an hour")
        if not 0 <= self.reading_rate < 1000:
            raise RenderError(f"bad reading rate {self.reading_rate}: characters a second, zero (no floor) "
                              "or positive")
        if not 0 <= self.card < 3600:
            raise RenderError(f"bad card {self.card}: seconds of a title card, zero (none) or positive")
        if self.camera not in CAMERA_MODES:
            raise RenderError(f"bad camera '{self.camera}': one of {', '.join(CAMERA_MODES)}")

    @property
    def pace(self):
        """The timing of a video made with this config (:class:`choreo.render.timeline.Pace`)."""
        from choreo.render.timeline import Pace

        return Pace(self.speed, self.hold, self.reading_rate, self.card, quick=self.quick_steps)

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    @property
    def font_scale(self) -> float:
        """Text size relative to a 720-pixel-high frame: small outputs get proportionally large text.

        Below 720 px the factor shrinks more slowly than the frame (square root), because a 360-px
        GIF shown on a projector still needs labels a room can read.
        """
        h = self.height
        return h / 720 if h >= 720 else (h / 720) ** 0.6

    def px(self, base: float) -> int:
        """A size given for a 720-px frame, scaled for this output (never below 9 px)."""
        return max(9, round(base * self.font_scale))

    def legible_px(self, base: float) -> int:
        """A size given for a 720-px frame for a word that must read at any size (never below LEGIBLE_PX)."""
        return max(LEGIBLE_PX, self.px(base))

    @property
    def deco_scale(self) -> float:
        """Scale of the plan's furniture (landmark labels, scale bar, badges of held objects) below a
        720-px frame: closer to the frame's own (power 0.85) than figure labels' (0.6), so that in a
        GIF they do not crowd a file of archers. Modelling choice, judged on 640×360 and 480×270 stills."""
        h = self.height
        return h / 720 if h >= 720 else (h / 720) ** 0.85

    def deco_px(self, base: float, floor: int = 8) -> int:
        """A furniture text size given for a 720-px frame (never below ``floor`` px: 8 px CJK still reads)."""
        return max(floor, round(base * self.deco_scale))

    def name_px(self, base: float) -> int:
        """A landmark name's size given for a 720-px frame: :meth:`deco_px`, never below NAME_PX."""
        return self.deco_px(base, NAME_PX)

    def dim(self, base: float) -> int:
        """A length (line, gap, bar) given for a 720-px frame: in proportion to the frame, at least 1 px.
        Unlike :meth:`px` there is no 9-px floor, which is for text only."""
        return max(1, round(base * self.deco_scale))

    def with_(self, **changes) -> RenderConfig:
        return replace(self, **changes)


def parse_size(text: str) -> tuple[int, int]:
    """``1280x720`` → (1280, 720); anything else is a RenderError saying what is expected."""
    m = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text or "")
    if not m:
        raise RenderError(f"bad --size '{text}': expected WIDTHxHEIGHT, e.g. 1280x720")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= MAX_SIDE and 16 <= h <= MAX_SIDE):
        raise RenderError(f"bad --size '{text}': each side must be between 16 and {MAX_SIDE} pixels")
    return w, h
