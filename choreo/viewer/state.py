"""What the viewer shows, as one frozen value, and the handlers that change it (pure: no pygame).

An input event becomes a handler *name* and arguments (``choreo.viewer.app`` maps keys and clicks);
:func:`apply` looks the handler up in :data:`HANDLERS` and returns the new state. The handlers know
the ceremony only through :class:`Spans` (the steps' times), so they are tested without a window.

The current step is kept explicitly (``step``), not recomputed from t alone: steps that start
together (``start: with``) share a t0, and → must move to the next of them, not to the one
``Choreography.step_at`` would pick.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from choreo.render.config import DEFAULT_SPEED
from choreo.render.viewport import Viewport
from choreo.steptime import StepClock

# The export's frame rate: , and . move by what one exported frame advances at the current speed.
FRAME_RATE = 25
SPEED_MIN, SPEED_MAX = 0.125, 64.0  # modelling choice: 1/8× for a gesture, 64× to cross a long rite
ZOOM_STEP = 1.25  # one wheel notch (modelling choice: eight notches ≈ 6×)
SCALE_MIN, SCALE_MAX = 0.2, 80.0  # px per 尺: the whole 侯道 on a phone-sized panel … one 尺 a hand wide


@dataclass(frozen=True)
class Spans:
    """The steps' ids and times: all the handlers need to know of a Choreography."""

    ids: tuple[str, ...] = ()
    t0: tuple[float, ...] = ()
    t1: tuple[float, ...] = ()
    start: float = 0.0
    end: float = 0.0

    @classmethod
    def of(cls, choreography) -> Spans:
        steps = choreography.steps
        start = min((s.t0 for s in steps), default=0.0)
        end = max(choreography.duration, max((s.t1 for s in steps), default=0.0))
        return cls(tuple(s.id for s in steps), tuple(s.t0 for s in steps), tuple(s.t1 for s in steps),
                   start, end)

    def __len__(self) -> int:
        return len(self.ids)

    def clamp(self, t: float) -> float:
        return min(self.end, max(self.start, t))

    def step_at(self, t: float, hint: int = -1) -> int:
        """Index of the step enacted at t; ``hint`` (the current one) wins while it still covers t.

        Otherwise :meth:`choreo.steptime.StepClock.shown`: the latest-starting step covering t, the
        one just ended between steps, the last past the end, -1 before the first.
        """
        n = len(self.ids)
        if 0 <= hint < n and self.t0[hint] <= t < self.t1[hint]:
            return hint
        i = self.clock.shown(t)
        return -1 if i is None else i

    @cached_property
    def clock(self) -> StepClock:
        return StepClock(self.t0, self.t1)

    def index(self, step_id: str | None) -> int:
        return self.ids.index(step_id) if step_id in self.ids else -1


@dataclass(frozen=True)
class ViewerState:
    """Time, playback, the step on screen, toggles, selection and the manual camera.

    ``view`` is None while the automatic camera follows the figures; after a wheel zoom or a drag it
    holds the manual window as (x0, y1, scale): the world point at the frame's top-left and px per 尺.
    """

    t: float = 0.0
    step: int = -1
    playing: bool = False
    speed: float = DEFAULT_SPEED
    labels: bool = True
    trails: bool = True
    grid: bool = False
    checker: bool = False
    help: bool = False
    view: tuple[float, float, float] | None = None
    selected: str | None = None
    quit: bool = False

    def viewport(self, rect) -> Viewport | None:
        if self.view is None:
            return None
        x0, y1, scale = self.view
        return Viewport(tuple(rect), x0, y1, scale)


Handler = Callable[..., ViewerState]
HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn
    return register


def apply(state: ViewerState, spans: Spans, name: str, *args) -> ViewerState:
    """The state after the handler called ``name``; an unknown name is a programming error (KeyError)."""
    return HANDLERS[name](state, spans, *args)


def _at(state: ViewerState, spans: Spans, t: float, **changes) -> ViewerState:
    t = spans.clamp(t)
    return replace(state, t=t, step=spans.step_at(t, state.step), **changes)


def _to_step(state: ViewerState, spans: Spans, i: int) -> ViewerState:
    if not len(spans):
        return state
    i = max(0, min(len(spans) - 1, i))
    return replace(state, t=spans.t0[i], step=i)


# -- time ---------------------------------------------------------------------------------------
@handler("tick")
def tick(s: ViewerState, spans: Spans, dt: float) -> ViewerState:
    """``dt`` seconds of wall time have passed: advance ceremony time by dt × speed while playing."""
    if not s.playing:
        return s
    t = s.t + dt * s.speed
    if t >= spans.end:
        return _at(s, spans, spans.end, playing=False)
    return _at(s, spans, t)


@handler("play_pause")
def play_pause(s: ViewerState, spans: Spans) -> ViewerState:
    if s.playing:
        return replace(s, playing=False)
    if s.t >= spans.end:  # at the end, play starts again from the beginning
        return _at(replace(s, step=-1), spans, spans.start, playing=True)
    return replace(s, playing=True)


@handler("next_step")
def next_step(s: ViewerState, spans: Spans) -> ViewerState:
    return _to_step(s, spans, s.step + 1)


@handler("prev_step")
def prev_step(s: ViewerState, spans: Spans) -> ViewerState:
    return _to_step(s, spans, s.step - 1 if s.step >= 0 else 0)


@handler("jump_step")
def jump_step(s: ViewerState, spans: Spans, i: int) -> ViewerState:
    return _to_step(s, spans, i)


@handler("frame_forward")
def frame_forward(s: ViewerState, spans: Spans) -> ViewerState:
    return _at(s, spans, s.t + s.speed / FRAME_RATE, playing=False)


@handler("frame_back")
def frame_back(s: ViewerState, spans: Spans) -> ViewerState:
    return _at(s, spans, s.t - s.speed / FRAME_RATE, playing=False)


@handler("scrub")
def scrub(s: ViewerState, spans: Spans, t: float) -> ViewerState:
    return _at(s, spans, t)


@handler("home")
def home(s: ViewerState, spans: Spans) -> ViewerState:
    return _to_step(replace(s, t=spans.start), spans, 0) if len(spans) else replace(s, t=spans.start)


@handler("end")
def end(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, t=spans.end, step=len(spans) - 1, playing=False)


@handler("faster")
def faster(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, speed=min(SPEED_MAX, s.speed * 2))


@handler("slower")
def slower(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, speed=max(SPEED_MIN, s.speed / 2))


@handler("real_speed")
def real_speed(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, speed=1.0)


# -- toggles ------------------------------------------------------------------------------------
def _toggle(field: str) -> Handler:
    def flip(s: ViewerState, spans: Spans) -> ViewerState:
        return replace(s, **{field: not getattr(s, field)})
    flip.__doc__ = f"Turn {field} on or off."
    return flip


for _name, _field in (("toggle_labels", "labels"), ("toggle_trails", "trails"), ("toggle_grid", "grid"),
                      ("toggle_checker", "checker"), ("toggle_help", "help")):
    HANDLERS[_name] = _toggle(_field)


@handler("quit")
def quit_(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, quit=True, playing=False)


@handler("select")
def select(s: ViewerState, spans: Spans, figure: str | None) -> ViewerState:
    return replace(s, selected=figure)


# -- camera -------------------------------------------------------------------------------------
@handler("zoom")
def zoom(s: ViewerState, spans: Spans, notches: float, about: tuple[float, float], base: Viewport) -> ViewerState:
    """Zoom by ``notches`` wheel clicks keeping the world point ``about`` fixed; ``base`` is what is shown."""
    factor = ZOOM_STEP ** notches
    scale = min(SCALE_MAX, max(SCALE_MIN, base.scale * factor))
    vp = base.zoomed(scale / base.scale, about)
    return replace(s, view=(vp.x0, vp.y1, vp.scale))


@handler("pan")
def pan(s: ViewerState, spans: Spans, dx: float, dy: float, base: Viewport) -> ViewerState:
    vp = base.panned(dx, dy)
    return replace(s, view=(vp.x0, vp.y1, vp.scale))


@handler("follow")
def follow(s: ViewerState, spans: Spans) -> ViewerState:
    return replace(s, view=None)


def carried_over(s: ViewerState, old: Spans, new: Spans) -> ViewerState:
    """The state after a re-plan (venue, reading, edited file): the same step id, the same fraction of it.

    A step the new plan lacks (a reading removed it) falls back to the step at the same index.
    """
    if not len(new):
        return replace(s, t=0.0, step=-1, playing=False)
    if s.step < 0 or not len(old):
        return _at(replace(s, step=-1), new, s.t)
    i = new.index(old.ids[s.step])
    if i < 0:
        i = min(s.step, len(new) - 1)
    span = old.t1[s.step] - old.t0[s.step]
    u = 0.0 if span <= 0 else min(1.0, max(0.0, (s.t - old.t0[s.step]) / span))
    t = new.t0[i] + u * (new.t1[i] - new.t0[i])
    return replace(s, t=new.clamp(t), step=i)
