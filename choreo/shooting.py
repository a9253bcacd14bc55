"""The shot and the music clock in the Choreography: what each arrow did, and the beat it kept.

Frozen records the planner writes (``choreo.verbs.shooting``) and every reader shares: the checker
(``choreo.check.shooting``), the tracks file and the drawing of the target end. Nothing here plans
or draws.

- A :class:`Shot` is one arrow: who shot it, when it left the string and reached the 侯, from
  which 物, where it struck, hit or miss (from the passage's bundled ``outcome``), who called it
  (獲) and whether a counter was laid for it (釋獲), by whom and when.
- A :class:`Music` is a piece played with a regular beat (「奏《[貍]首》，[間]若一」〔003〕): the shots of
  an archer who keeps it are released on a beat, and the scorer lays a counter only for a hit in
  time (the 鄉射's 「不鼓不釋」〔000〕 is the same rule, for its third round, which seed 000 breaks off
  before).
- A :class:`Tally` is the 數獲: the counters of each side counted and the words said.
- A :class:`Laid` is a 算 (or a bundle of them) lying on the ground: laid for a hit (釋獲), or laid
  again as the count goes (數獲: the 委 of ten 純, the 純 left over, the 奇), until it is taken up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

XY = tuple[float, float]
BEAT_TOLERANCE = 1e-3  # s: times are rounded to 1e-6 when frozen; a beat is a beat within this
RIGHT, LEFT = "右", "左"  # 「上射於右，下射於左」〔000〕: the 上射's counters on the right, the 下射's on the left


@dataclass(frozen=True)
class Music:
    """A piece played from ``t0`` to ``t1`` (math.inf: to the end), one beat every ``period`` s."""

    piece: str
    t0: float
    t1: float
    period: float
    by: str = ""  # who plays it (the 大師)
    step: str = ""

    def playing(self, t: float) -> bool:
        return self.t0 <= t < self.t1

    def next_beat(self, t: float) -> float:
        """The first beat at or after t (t within the piece)."""
        k = math.ceil((t - self.t0) / self.period - BEAT_TOLERANCE / self.period)
        return self.t0 + max(k, 0) * self.period

    def on_beat(self, t: float) -> bool:
        if not self.playing(t + BEAT_TOLERANCE) and not self.playing(t):
            return False
        k = round((t - self.t0) / self.period)
        return abs(self.t0 + k * self.period - t) <= BEAT_TOLERANCE

    def beats(self, until: float) -> tuple[float, ...]:
        """Every beat from the start up to ``t1`` (or ``until`` when the piece runs to the end)."""
        end = min(self.t1, until)
        n = max(1, math.ceil((end - self.t0) / self.period - 1e-9))
        return tuple(round(self.t0 + k * self.period, 6) for k in range(n))


@dataclass(frozen=True)
class Shot:
    """One arrow, from the string to the 侯, and what the range made of it."""

    archer: str
    release: float
    arrival: float
    origin: XY  # where the archer stood when he released
    station: str  # the 物 he stood on ("" if none is under him)
    target: str  # the 侯 aimed at
    point: XY  # where the arrow struck (on the 侯's line)
    hit: bool | None  # None: the passage gives no outcome (the text does not say)
    side: str  # 右 (the 上射's) or 左 (the 下射's), "" when he shoots alone
    step: str
    passage: str
    number: int  # his n-th arrow of the passage, from 1
    piece: str = ""  # the music playing at the release, if any
    keeps_music: bool = True  # False: 「不以樂志」〔003〕, his shots need not keep the beat
    on_beat: bool | None = None  # None: no music at the release
    caller: str = ""  # who called the hit (獲)
    called: float | None = None
    scorer: str = ""  # who laid a counter for it (釋獲)
    counted: float | None = None

    @property
    def in_time(self) -> bool:
        """Whether the shot may be scored as to the music: no music, on a beat, or excused from it."""
        return self.on_beat is None or self.on_beat or not self.keeps_music

    def flight_at(self, t: float) -> float | None:
        """How far along its flight the arrow is at t (0 at the release, 1 at the 侯); None outside it."""
        if t < self.release or t > self.arrival:
            return None
        span = self.arrival - self.release
        return 1.0 if span <= 0 else (t - self.release) / span


@dataclass(frozen=True)
class Tally:
    """The 數獲: the counters laid for each side since the last count, and the words said."""

    t: float
    figure: str
    step: str
    right: int
    left: int
    words: str  # 右賢於左 / 左賢於右 / 左右鈞, as the script quotes it ("" if it names none)
    passages: tuple[str, ...]  # the passages whose counters were counted

    @property
    def said(self) -> str:
        """The words the count gives: who is 賢 (worthier), by how many 純 (pairs) and 奇 (odd one)."""
        if self.right == self.left:
            return "左右鈞"
        return "右賢於左" if self.right > self.left else "左賢於右"

    @property
    def margin(self) -> tuple[int, int]:
        """The worthier side's surplus in 純 and 奇 (鄭 「賢獲，勝黨之[算]也。齊之而取其馀」〔000〕)."""
        return chun_ji(abs(self.right - self.left))


@dataclass(frozen=True)
class Laid:
    """A 算, or a bundle of them, lying on the ground from ``t0`` until it is taken up at ``t1``.

    ``kind``: 算 (one, laid for a hit), 委 (ten 純 bound, 「十純則縮而委之」), 純 (the 純 left over, together
    or one by one as the reading lays them), 奇 (the odd one). ``tip``: the bearing its 末 points to —
    90 for one laid 縮 (東西 to the counter who faces east: 疏 「是以東西者為從，南北者為橫」〔000〕, 東末),
    180 for one laid 橫 (「南末」〔000〕)."""

    kind: str
    n: int  # how many 算 it is
    side: str  # 右 / 左
    x: float
    y: float
    tip: float
    t0: float
    step: str
    t1: float = math.inf

    def lying(self, t: float) -> bool:
        return self.t0 <= t < self.t1


def chun_ji(n: int) -> tuple[int, int]:
    """A count in 純 and 奇: 「二[算]為純」, 「一[算]為奇」〔000〕."""
    return divmod(n, 2)
