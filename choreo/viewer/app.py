"""The viewer window: pygame events → handler names → a new ViewerState; the state → one picture.

Keys and clicks are translated to handler names (:data:`KEYS`, :meth:`Viewer.on_event`) and sent to
:meth:`Viewer.dispatch`: a name the app implements itself (``do_<name>``: re-planning, saving,
exporting) runs here, every other goes to the pure handlers of :mod:`choreo.viewer.state`. The frame
is the exporter's :class:`~choreo.render.frame.FrameRenderer` output (given the manual zoom or pan
as its ``view``); the viewer draws its own panels and overlays beside and over it.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import threading
import time
from dataclasses import replace
from pathlib import Path

import pygame

from choreo.compare import Comparison
from choreo.errors import YiliError, suggest
from choreo.render.comparetime import runs, waiting_step
from choreo.render.config import DEFAULT_SPEED, RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.text import TextCache
from choreo.render.viewport import fit
from choreo.viewer import errorpage, overlays
from choreo.viewer.detour import Detour, advance, crossed, run_of
from choreo.viewer.detour import start as detour_start
from choreo.viewer.ease import PausedEase
from choreo.viewer.ghostjob import GhostPlan
from choreo.viewer.jobs import RESEND, Export, Replan
from choreo.viewer.layout import Layout, layout
from choreo.viewer.panels import Panels
from choreo.viewer.session import Loaded, Session, internal_error, reading_title, venue_title
from choreo.viewer.state import Spans, ViewerState, apply, carried_over
from choreo.viewer.steplist import StepList
from choreo.viewer.writer import Writer

KEYS = {
    pygame.K_SPACE: "play_pause", pygame.K_LEFT: "prev_step", pygame.K_RIGHT: "next_step",
    pygame.K_COMMA: "frame_back", pygame.K_PERIOD: "frame_forward",
    pygame.K_PLUS: "faster", pygame.K_EQUALS: "faster", pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower", pygame.K_KP_MINUS: "slower", pygame.K_0: "real_speed", pygame.K_KP0: "real_speed",
    pygame.K_HOME: "home", pygame.K_END: "end", pygame.K_f: "follow",
    pygame.K_l: "toggle_labels", pygame.K_t: "toggle_trails", pygame.K_g: "toggle_grid",
    pygame.K_v: "switch_venue", pygame.K_r: "cycle_reading", pygame.K_c: "toggle_checker",
    pygame.K_s: "save_png", pygame.K_e: "export_mp4", pygame.K_q: "quit", pygame.K_ESCAPE: "escape",
    pygame.K_h: "toggle_help", pygame.K_QUESTION: "toggle_help",
    pygame.K_o: "toggle_ghosts", pygame.K_LEFTBRACKET: "prev_difference", pygame.K_RIGHTBRACKET: "next_difference",
}
# what moves our clock ends a pinned step of the other reading (the brackets move between pins themselves)
# ←/→ with the other reading overlaid: the row before or after the current one as listed (its own steps
# included, where the comparison video plays them), not our step before or after (a lecturer steps through
# the comparison as it plays: 鄭's s07, 敖's own s07b, 鄭's s08)
ROW_STEPS = {"prev_step": -1, "next_step": +1}
UNPIN = frozenset({"play_pause", "prev_step", "next_step", "frame_back", "frame_forward", "home", "end", "scrub",
                   "jump_step", "switch_venue", "cycle_reading"})
WATCH_EVERY = 0.4  # seconds between two looks at the script's mtime (a save shows within half a second)
TOAST_SECONDS = 4.0
DRAG_SLOP = 4  # px a press may move and still count as a click (selecting a figure)
# Work for the coming steps (panels, caption, camera span, the card's text) is done in a frame only
# while the frame has cost less than this, one piece (a few ms at most) at a time, so it stays
# under 16 ms (modelling choice: half a 60-fps frame's budget, the other half for the piece).
AHEAD_UNTIL = 0.008
_DONE = object()
# Idle (paused, nothing planning or exporting): the loop sleeps this long between two looks at the
# event queue instead of drawing 60 frames a second. choice: pygame's event.wait(timeout) polls every
# millisecond (some 2 % CPU); a 40-ms sleep costs about 0.1 % and answers a key within 40 ms.
IDLE_NAP = 0.04
STAY_AWAKE = 0.5  # s after the last input the loop runs at full rate (a run of key presses or a drag)
PROGRESS_EVERY = 0.1  # s between two redraws of the planning time while a plan is being made
EXPORT_POLL = 0.25  # s between two looks at an export's child process
CLOSE_WAIT = 5.0  # s at most for the planning threads to stop when the viewer closes (choice: a long shapely call)
GLYPH_SIZES = (13, 14, 15, 16, 20)  # the panels' and the card's text sizes (panels.py, overlays.py)


class Viewer:
    def __init__(self, session: Session, *, size: tuple[int, int] = (1280, 800), watch: bool = False,
                 out_dir: str | os.PathLike = ".", speed: float = DEFAULT_SPEED, plan_limit: float = 60.0,
                 compare: str | None = None) -> None:
        self.session = session
        self.watch = watch
        self.out_dir = Path(out_dir)
        pygame.display.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.texts = TextCache()
        self.writer = Writer(self.texts)
        self.panels = Panels(self.writer)
        self.layout: Layout = layout(self.screen.get_size())
        self.state = ViewerState(speed=speed)
        self.spans = Spans()
        self.good_spans = Spans()  # of the last plan that worked: a fixed file comes back at the same step
        self.loaded = Loaded(None)
        self.renderer: FrameRenderer | None = None
        self.ease = PausedEase()  # the view's ease while paused (stepping from clause to clause)
        self._renderer_key = None
        self.ident = 0  # bumped at every (re)load: the panels' caches key on it
        self.scroll = 0
        self._scroll_row = None  # the list's row last brought into view (a wheel scroll leaves it there)
        self._listing = (None, None, StepList(()))  # (the spans, the comparison, the list's rows made of them)
        self.drag: dict | None = None
        self.check_rows: list = []
        self.message: tuple[str, float] | None = None
        self.export: Export | None = None  # an MP4 being written by a child process
        self.saved: list[Path] = []
        self.planning: Replan | None = None  # the script (or another venue, reading) being planned
        self.ghosts_wanted = compare is not None  # o: the other reading overlaid as ghosts
        self.compare_reading = compare  # --compare: the reading overlaid (None: the one after the shown one)
        self.ghost_job: GhostPlan | None = None  # that reading being planned and compared
        self.comparison: Comparison | None = None  # ... and once it is: drawn by the renderer
        self.pinned = None  # a step of the overlaid reading only, shown still at its end ([ ]; any other key ends it)
        self.detour: Detour | None = None  # playing: the overlaid reading's pieces, played where the video plays them
        self._runs: tuple = (None, ())  # (the comparison, its runs of pieces: choreo.render.comparetime.runs)
        self.plan_limit = plan_limit
        self._retired: list[Replan] = []  # replaced plans being stopped
        self._ahead = None  # (what it was made for, a generator of pieces of work)
        self._glyphs_warm = -1  # the load (ident) whose characters freetype has loaded
        self._last = time.perf_counter()
        self._watched = self._last
        self._last_input = self._last
        self._pending: list = []  # an event the idle wait took off the queue, handled by the next pump
        self._drawn = None  # what the picture on screen shows (see _picture_key); None: draw anew
        self.watch_every = WATCH_EVERY
        self.wake_event = pygame.event.custom_type()  # a planning thread posts it when done
        self.load()

    # -- loading ------------------------------------------------------------------------------
    @property
    def choreography(self):
        return self.loaded.choreography if self.renderer is not None else None

    @property
    def error_text(self) -> str | None:
        return self.loaded.error

    @property
    def step_id(self) -> str | None:
        return self.spans.ids[self.state.step] if 0 <= self.state.step < len(self.spans) else None

    def load(self) -> None:
        """Plan the session's script in the background; the window shows the time it takes."""
        name = self.session.request.script or "the default passage"
        self._replan(self.session, f"planning {name}", done_text="", failed_text="")  # the page says it
        if self.loaded.choreography is None and self.loaded.error is None:
            pygame.display.set_caption(f"choreo view — planning {name}")

    def reload(self) -> None:
        """The script changed on disk: plan it again, the old plan playing on meanwhile."""
        name = self.session.path.name if self.session.path else "the script"
        self._replan(self._target().with_(), f"reloading {name}", done_text=f"reloaded {name}",
                     failed_text=f"{name} changed but does not plan: the error is shown")

    def _apply(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self.ident += 1
        ch = self.loaded.choreography
        if ch is None:
            self.renderer, self.spans = None, Spans()
            self.state = replace(self.state, playing=False)
            self._title()
            return
        new = Spans.of(ch)
        if len(self.good_spans):
            self.state = carried_over(self.state, self.good_spans, new)
        else:
            self.state = apply(self.state, new, "home")
        self.spans = self.good_spans = new
        if self.state.selected not in ch.figures:
            self.state = apply(self.state, new, "select", None)
        self._renderer_key = None
        self.comparison, self.pinned, self.detour = None, None, None  # of the plan replaced
        if self.ghosts_wanted:
            self._start_ghosts()
        self._ensure_renderer()
        self._title()

    def _title(self) -> None:
        ch = self.loaded.choreography
        what = " — ".join((ch.title, ch.venue.title or ch.venue.key, ch.reading_title or ch.reading,
                           *ch.option_titles)) if ch else "error"
        pygame.display.set_caption(f"choreo view — {what}")

    def _ensure_renderer(self) -> None:
        ch = self.loaded.choreography
        if ch is None:
            self.renderer = None
            return
        _, _, w, h = self.layout.frame
        key = (id(ch), w, h, self.state.labels, self.state.trails, id(self.comparison))
        if key == self._renderer_key and self.renderer is not None:
            return
        try:
            cfg = RenderConfig(size=(w, h), labels=self.state.labels, trails=self.state.trails)
            renderer = FrameRenderer(ch, cfg, self.texts, comparison=self.comparison)
        except YiliError as exc:  # a label the font cannot draw: shown like a script error
            self._failed(exc.format())
            return
        self.renderer, self._renderer_key = renderer, key

    def _failed(self, error: str) -> None:
        self.loaded, self.renderer, self.spans = Loaded(None, error=error), None, Spans()
        self.state = replace(self.state, playing=False)
        self.ident += 1

    # -- dispatch -----------------------------------------------------------------------------
    def dispatch(self, name: str, *args) -> None:
        pinned = self.pinned
        if name in ROW_STEPS and not args and self._step_row(ROW_STEPS[name]):
            return
        if name in UNPIN:
            self.pinned = None
            if name != "play_pause":  # a pause keeps the detour where it is, and play goes on with it
                self.detour = None
        if name == "play_pause" and pinned is not None and not self.state.playing and self._play_pinned(pinned):
            return
        own = getattr(self, f"do_{name}", None)
        if own is not None:
            own(*args)
        else:
            self.state = apply(self.state, self.spans, name, *args)

    def do_escape(self) -> None:
        """Esc closes what is open, the help, then a figure's card, before it quits."""
        if self.state.help:
            self.dispatch("toggle_help")
        elif self.state.selected is not None:
            self.dispatch("select", None)
        else:
            self.dispatch("quit")

    def do_switch_venue(self) -> None:
        from stage.loader import venues_for_seed

        ch = self.loaded.choreography
        venues = venues_for_seed(ch.steps[0].source[:3] if ch is not None and ch.steps else None)
        if self.planning is not None:  # pressed again while planning: the one after the pending one
            current = self.planning.session.request.venue
        else:
            current = ch.venue.key if ch else self.session.request.venue
        i = venues.index(current) if current in venues else -1
        venue = venues[(i + 1) % len(venues)]
        self._replan(self._target().with_(venue=venue), f"venue: {venue_title(venue)}")

    def do_cycle_reading(self) -> None:
        ch = self.loaded.choreography
        if ch is None or len(ch.readings) < 2:
            self.toast("this script declares one reading only" if ch else "no script loaded")
            return
        current = self.planning.session.request.reading if self.planning is not None else ch.reading
        i = ch.readings.index(current) if current in ch.readings else -1
        reading = ch.readings[(i + 1) % len(ch.readings)]
        self._replan(self._target().with_(reading=reading), f"reading: {reading_title(ch, reading)}")

    # -- the other reading as ghosts ----------------------------------------------------------------
    def do_toggle_ghosts(self) -> None:
        if self.ghosts_wanted:
            self.ghosts_wanted, self.comparison, self.pinned, self.detour = False, None, None, None
            if self.ghost_job is not None:
                self.ghost_job.stop()
                self._retired.append(self.ghost_job)
                self.ghost_job = None
            self.toast("ghosts off")
            return
        self.ghosts_wanted = True
        self._start_ghosts()

    def _start_ghosts(self) -> None:
        """Plan the reading after the shown one (the other one, when there are two) and compare."""
        ch = self.loaded.choreography
        if ch is None or len(ch.readings) < 2:
            self.ghosts_wanted = False
            self.toast("this script declares one reading only: nothing to overlay" if ch else "no script loaded")
            return
        if self.ghost_job is not None:
            self.ghost_job.stop()
            self._retired.append(self.ghost_job)
        other = self._ghost_reading(ch)
        if other is None:
            return
        what = f"ghosts: {reading_title(ch, other)}"
        # planning plus comparing every step: twice the planning limit (the whole rite: ~11 s + ~11 s)
        self.ghost_job = GhostPlan(ch, self.session.with_(reading=other), what, limit=2 * self.plan_limit,
                                   wake=self._wake)
        self.ghost_job.start()
        self.toast(f"{what}: planning …")

    def _ghost_reading(self, ch) -> str | None:
        """The reading to overlay: --compare's while it names another reading of this script, else the one
        after the shown one; None (ghosts off, the reason toasted) when --compare names none of them."""
        wanted = self.compare_reading
        if wanted is not None and wanted != ch.reading and wanted in ch.readings:
            return wanted
        if wanted is not None and wanted not in ch.readings:
            self.ghosts_wanted, self.compare_reading = False, None
            hint = suggest(wanted, ch.readings)
            self.toast(f"--compare: no reading '{wanted}' in this script (it has {', '.join(ch.readings)})"
                       + (f"; did you mean '{hint}'?" if hint else ""))
            return None
        # --compare names the reading now shown (r cycled onto it): overlay the next one, as o does
        return ch.readings[(ch.readings.index(ch.reading) + 1) % len(ch.readings)] \
            if ch.reading in ch.readings else ch.readings[0]

    def _poll_ghosts(self) -> None:
        job = self.ghost_job
        if job is None or not job.done():
            if job is not None and job.overdue():
                job.stop()
            return
        self.ghost_job = None
        if job.comparison is None or job.base is not self.loaded.choreography:
            self.ghosts_wanted = False
            error = (job.loaded.error or "").splitlines()
            self.toast(f"{job.what}: failed{': ' + error[0] if error else ''}")
            return
        self.comparison, self.pinned, self.detour = job.comparison, None, None
        self._ensure_renderer()
        n = len(self.comparison.differing_steps())
        self.toast(f"{job.what} — {n} of {len(self.spans)} steps differ ([ ] previous / next)")

    def differing(self) -> tuple[str, ...]:
        """The ids of the shown steps the overlaid reading changes (none without ghosts)."""
        return self.comparison.differing_steps() if self.comparison is not None else ()

    def do_next_difference(self) -> None:
        self._jump_difference(+1)

    def do_prev_difference(self) -> None:
        self._jump_difference(-1)

    def _jump_difference(self, way: int) -> None:
        if self.comparison is None:
            self.toast("o first: overlay the other reading")
            return
        rows = self._difference_rows()
        keys = [key for key, _ in rows]
        here = next((key for key, step in rows if step is not None and step is self.pinned), (self.state.step, 0))
        ahead = [key for key in keys if (key > here if way > 0 else key < here)]
        if not ahead:
            self.toast("no further step differs" if rows else "the two readings agree on every step")
            return
        key = min(ahead) if way > 0 else max(ahead)
        own = rows[keys.index(key)][1]
        self.dispatch("jump_step", key[0])
        if own is not None:
            self._pin(own)
        sid = own.id if own is not None else self.spans.ids[key[0]]
        self.toast(f"differs {keys.index(key) + 1}/{len(rows)}: {'  ·  '.join(self.comparison.changes(sid)[:2])}")

    def runs(self) -> tuple:
        """The runs of the overlaid reading's pieces (choreo.render.comparetime.runs), found once a comparison."""
        if self.comparison is None:
            return ()
        if self._runs[0] is not self.comparison:
            self._runs = (self.comparison, runs(self.comparison))
        return self._runs[1]

    def _play_pinned(self, pinned) -> bool:
        """Space on a pinned step of the overlaid reading: play it from its start, then on with ours."""
        found = run_of(self.runs(), pinned)
        if found is None:
            return False
        run, piece = found
        self._wait_at(run)
        self.state = replace(self.state, playing=True)
        self.detour = detour_start(run, piece)
        return True

    def _wait_at(self, run) -> None:
        """Our clock at the run's moment, the step on screen the one the run is played after (as in the video)."""
        self.state = apply(self.state, self.spans, "scrub", run.wait)
        i = self.spans.index(waiting_step(self.comparison.a, run).id)
        if i >= 0:
            self.state = replace(self.state, step=i)

    def _tick(self, dt: float) -> None:
        """Advance time while playing: our clock, and where it reaches a run's moment, the run's pieces on
        the overlaid reading's clock (our clock waiting there), as the comparison video plays them."""
        s = self.state
        if self.comparison is None:
            self.detour = None
        if not s.playing or self.comparison is None:  # paused: a detour waits where it is
            self.dispatch("tick", dt)
            return
        ahead = dt * s.speed  # ceremony seconds to play
        for _ in range(len(self.runs()) + 1):
            if self.detour is not None:
                self.detour, ahead = advance(self.detour, ahead)
                if self.detour is not None:
                    return
            before = self.state.t
            self.dispatch("tick", ahead / s.speed)
            run = crossed(self.runs(), before, self.state.t)
            if run is None:
                return
            ahead = self.state.t - run.wait
            self._wait_at(run)
            self.detour = detour_start(run)

    def step_list(self) -> StepList:
        """The list's rows: our steps, and with the other reading overlaid its own steps where the viewer plays
        them (the same runs the detours play)."""
        spans, comparison, listing = self._listing
        if spans is not self.spans or comparison is not self.comparison:
            listing = StepList.plain(len(self.spans)) if self.comparison is None else \
                StepList.compared(self.spans.ids, self.comparison, self.runs())
            self._listing = (self.spans, self.comparison, listing)
        return listing

    def current_row(self) -> int:
        """The list's row of what is on screen: the other reading's own step while it is pinned or a detour
        plays it, else our step's."""
        other = self._other()
        return self.step_list().row_of(self.state.step, other[1] if other is not None else None)

    def _go_to_row(self, index: int) -> None:
        """A click on the list's row: our step from its start; the other reading's own step as ] shows it."""
        row = self.step_list().rows[index]
        self.dispatch("jump_step", row.step)
        if row.other is not None:
            self._pin(row.other)
            self.toast("  ·  ".join(self.comparison.changes(row.other.id)[:2]))

    def _step_row(self, way: int) -> bool:
        """←/→ with the other reading's own steps listed: to the row ``way`` from the current one (that of a
        pinned or played step of the other reading, or ours): ours from its start, the other reading's
        pinned as a click pins it, or played when we were playing. False (our steps by index, as without
        the overlay) when the list has no row of the other reading."""
        listing = self.step_list()
        if self.comparison is None or not listing.key:
            return False
        here = self.current_row()
        if here < 0:
            return False
        playing = self.state.playing
        self.pinned, self.detour = None, None
        target = listing.beside(here, way)
        self._go_to_row(target)
        if listing.rows[target].other is not None and playing and self._play_pinned(self.pinned):
            self.pinned = None  # played from its start, as space plays a pinned step
        return True

    def _pin(self, own) -> None:
        """The other reading's own step as a still at its end, its ghosts acting, ours waiting (space plays it)."""
        self.state = replace(self.state, playing=False)
        self.pinned = own

    def _other(self):
        """(the overlaid reading's moment, its step) drawn now instead of ours: a pinned step's end, or the
        piece a detour plays; None when the frame is on our clock."""
        if self.pinned is not None:
            return self.pinned.t1, self.pinned
        if self.detour is not None:
            return self.detour.t, self.detour.step
        return None

    def _difference_rows(self) -> list:
        """((index of our step, rank), the other reading's own step or None) of each difference, in play order:
        our steps that differ, and the other reading's own steps after the step they follow."""
        differing, rows, last, rank = set(self.differing()), [], None, 0
        for e in self.comparison.entries():
            if e.a is not None:
                last, rank = self.spans.index(e.a.id), 0
                if last >= 0 and e.a.id in differing:
                    rows.append(((last, 0), None))
            elif last is not None and last >= 0:
                rank += 1
                rows.append(((last, rank), e.b))
        return rows

    def _target(self) -> Session:
        return self.planning.session if self.planning is not None else self.session

    def _replan(self, session: Session, what: str, done_text: str | None = None,
                failed_text: str | None = None) -> None:
        """Plan ``session`` in a thread (planning is pure Python, no pygame) while the old plan plays
        on; :meth:`_poll_replan` swaps it in, at the same step, when it is done, and stops it once it
        runs past the time limit. A newer request while one runs replaces it (the older is stopped)."""
        if self.planning is not None:
            self.planning.stop()
            self._retired.append(self.planning)  # stopped again until it has ended (see Replan.stop)
        self.planning = Replan(session, what, done_text=done_text, limit=self.plan_limit, wake=self._wake)
        self.planning.failed_text = f"{what}: failed" if failed_text is None else failed_text
        self.planning.start()

    def _wake(self) -> None:
        """From the planning thread: wake the loop if it is idle (SDL's event queue is thread-safe)."""
        try:
            pygame.event.post(pygame.event.Event(self.wake_event))
        except pygame.error:  # the window closed meanwhile
            pass

    def _poll_replan(self) -> None:
        for old in list(self._retired):
            if old.done():
                self._retired.remove(old)
            else:
                old.stop()
        job = self.planning
        if job is None:
            return
        if not job.done():
            if job.overdue():
                job.stop()
            return
        self.planning = None
        self.session = job.session
        self._apply(job.loaded)
        text = job.done_text if job.loaded.choreography is not None else job.failed_text
        if text:
            self.toast(text)

    def wait_planned(self, timeout: float = 30.0) -> bool:
        """Pump until a background re-plan has been swapped in (tests and scripted use)."""
        end = time.perf_counter() + timeout
        while self.planning is not None and time.perf_counter() < end:
            self.planning.thread.join(0.01)
            self.pump(0)
        return self.planning is None

    def planning_text(self) -> str | None:
        """What the window says while a plan is being made: what, for how long, until when."""
        job = self.planning
        if job is None:
            return None
        if job.stopping:
            return f"{job.what}: stopping, over the limit of {job.limit:g} s…"
        return f"{job.what}… {job.elapsed():.1f} s (gives up after {job.limit:g} s)"

    def _stem(self) -> str:
        ch = self.choreography
        return "-".join((Path(ch.script).stem, ch.venue.key, ch.reading, *ch.options))

    def do_save_png(self) -> Path | None:
        """The current frame as ``choreo render`` draws it, zoomed as shown, without the viewer's overlays."""
        from choreo.export.sinks import PngSink

        if self.choreography is None:
            self.toast("nothing to save: the script is not loaded")
            return None
        other = self._other()
        step, t = (self._step(), self.state.t) if other is None else other[::-1]
        path = self.out_dir / f"{self._stem()}-{step.id if step else 'start'}-{t:08.2f}s.png"
        try:
            with PngSink(path, self.renderer.cfg.size) as sink:
                frame = self.renderer.draw(t, step, view=self._manual())
                sink.write(pygame.image.tobytes(frame, "RGB"))
        except YiliError as exc:
            self.toast(exc.message)
            return None
        self.saved.append(path)
        self.toast(f"saved {path}")
        return path

    def do_export_mp4(self) -> None:
        """``choreo render`` in a child process, so that the window keeps answering while it encodes."""
        ch = self.choreography
        if ch is None or self.session.path is None:
            self.toast("nothing to export: the script is not loaded")
            return
        if self.export is not None and self.export.running():
            self.toast("an export is already running")
            return
        req = self.session.request
        lo = req.from_step or self.step_id or ch.steps[0].id
        hi = req.to_step or self.step_id or ch.steps[-1].id
        out = self.out_dir / f"{self._stem()}-{lo}-{hi}.mp4"
        self.export = Export(self.session.path, ch.venue.key, ch.reading, lo, hi, out, ch.options)
        self.toast(f"exporting {lo}…{hi} to {out}")

    def _poll_export(self) -> None:
        if self.export is None or self.export.running():
            return
        job, self.export = self.export, None
        self.toast(job.outcome())

    def toast(self, text: str) -> None:
        self.message = (text, time.perf_counter() + TOAST_SECONDS)

    # -- events -------------------------------------------------------------------------------
    def on_event(self, event) -> None:
        kind = event.type
        if kind == self.wake_event:
            return
        if kind == pygame.QUIT:
            self.dispatch("quit")
        elif kind == pygame.KEYDOWN:
            name = KEYS.get(event.key)
            if getattr(event, "unicode", "") == "?" or (event.key == pygame.K_SLASH
                                                       and getattr(event, "mod", 0) & pygame.KMOD_SHIFT):
                name = "toggle_help"
            if name:
                self.dispatch(name)
        elif kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.relayout()
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif kind == pygame.MOUSEMOTION and self.drag is not None:
            self._motion(event.pos)
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif kind == pygame.MOUSEWHEEL:
            self._wheel(getattr(event, "pos", None) or pygame.mouse.get_pos(), event.y)

    def relayout(self) -> None:
        self.screen = pygame.display.get_surface()
        self.layout = layout(self.screen.get_size())
        self._ensure_renderer()

    def frame_viewport(self):
        """The viewport the main view of the frame is drawn with now (manual or automatic)."""
        if self.renderer is None:
            return None
        other = self._other()
        if other is not None:
            return self.renderer.main_viewport(*other, self._view())
        return self.renderer.main_viewport(self.state.t, self._step(), self._view())

    def _manual(self):
        return self.state.viewport(self.renderer.panels.main) if self.renderer is not None else None

    def _view(self):
        """The view drawn now: the manual one; else the automatic camera's. Playing, its own (a comparison's
        averaged over the wall seconds round the frame, as the comparison video's: FrameRenderer.plays_at),
        eased into from what was shown when play resumed; paused, the step's framing (as settled once it has
        eased in) reached by a short ease in wall time; a pinned step of the other reading as the
        comparison's camera frames it."""
        manual = self._manual()
        r = self.renderer
        if r is None:
            return manual
        s, other = self.state, self._other()
        r.plays_at(s.speed if s.playing and self.comparison is not None else None)
        if manual is not None or r.cfg.camera != "auto":
            return manual
        step = self._step()
        if s.playing or other is not None or step is None:
            t, shown_step = other if other is not None else (s.t, step)
            auto = r.main_viewport(t, shown_step).world_bounds
            if s.playing:
                box = self.ease.follow(auto, time.perf_counter())
            elif other is not None:  # paused in a detour (from the view averaged: eased) or pinned (at once)
                box = self.ease.toward(auto, auto, time.perf_counter(), (id(r), id(shown_step), t))
            else:
                box = self.ease.follow(auto)
            return None if box == auto else fit(box, r.panels.main, margin=0.0)
        cam = r.camera
        settled = cam.settled_at(step, s.t)
        box = self.ease.toward(cam.box(s.t, step), cam.box(settled, step), time.perf_counter(),
                               (id(r), s.step, s.t))
        return None if box == cam.box(s.t, step) else fit(box, r.panels.main, margin=0.0)

    def _press(self, pos) -> None:
        lay = self.layout
        if self.state.help:
            self.dispatch("toggle_help")
            return
        for rect, index in self.check_rows if self.state.checker else ():
            if rect.collidepoint(pos):
                v = self.loaded.violations[index]
                self.dispatch("scrub", v.t)
                return
        if lay.contains(lay.bar, pos):
            self.drag = {"kind": "scrub"}
            self.dispatch("scrub", lay.t_at(pos[0], self.spans.start, self.spans.end))
        elif lay.contains(lay.steps, pos):
            row = lay.step_row(pos, self.scroll)
            if row is not None and row < len(self.step_list()):
                self._go_to_row(row)
        elif self.renderer is not None and lay.contains(self.renderer.panels.main, pos):
            self.drag = {"kind": "pan", "start": pos, "last": pos, "moved": False}

    def _motion(self, pos) -> None:
        drag = self.drag
        if drag["kind"] == "scrub":
            self.dispatch("scrub", self.layout.t_at(pos[0], self.spans.start, self.spans.end))
            return
        if not drag["moved"] and math.dist(pos, drag["start"]) <= DRAG_SLOP:
            return
        drag["moved"] = True
        vp = self.frame_viewport()
        if vp is not None:
            self.dispatch("pan", pos[0] - drag["last"][0], pos[1] - drag["last"][1], vp)
        drag["last"] = pos

    def _release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None or drag["kind"] != "pan" or drag["moved"]:
            return
        vp = self.frame_viewport()
        if vp is not None:
            self.dispatch("select", overlays.figure_at(self.choreography, vp, self.state.t, pos))

    def _wheel(self, pos, notches: float) -> None:
        lay = self.layout
        if lay.contains(lay.steps, pos):
            self.scroll = max(0, min(len(self.step_list()) - lay.visible_rows, self.scroll - int(notches) * 3))
            self._scroll_row = self.current_row()
        elif self.renderer is not None and lay.contains(self.renderer.panels.main, pos):
            vp = self.frame_viewport()
            self.dispatch("zoom", notches, vp.to_world(*pos), vp)

    # -- the loop -----------------------------------------------------------------------------
    def pump(self, dt: float | None = None) -> bool:
        """Handle pending events, advance time by ``dt`` (default: the wall time since the last pump),
        look at the script file when watching and at the background jobs, and draw the picture when
        anything on it changed. Returns whether it drew."""
        now = time.perf_counter()
        if dt is None:
            dt = min(0.25, now - self._last)  # after a stall (a re-plan) do not jump ahead
        self._last = now
        events, self._pending = self._pending + pygame.event.get(), []
        for event in events:
            if event.type != self.wake_event:
                self._last_input = now
            self.on_event(event)
            if self.state.quit:
                return False
        self._tick(dt)
        if self.watch and now - self._watched >= self.watch_every:
            self._watched = now
            if self.session.changed():
                self.reload()
        self._poll_export()
        self._poll_replan()
        self._poll_ghosts()
        drew = bool(events) or self._picture_key(now) != self._drawn
        if drew:
            self.draw()
            pygame.display.flip()
            self._drawn = self._picture_key(now)
        self._work_ahead(now)
        return drew

    def _picture_key(self, now: float) -> tuple:
        """All that the picture depends on besides events: the same key, the same picture."""
        toast = self.message[0] if self.message is not None and now < self.message[1] else None
        progress = self.planning_text()
        return (self.state, self.ident, id(self.renderer), self.layout, self.scroll, toast, progress,
                self.export is not None, now if self.ease.moving(now) else None,
                self.detour.key if self.detour is not None else None)

    def idle_for(self, now: float) -> float | None:
        """How long the loop may sleep before something needs it (None: busy, draw every frame)."""
        s = self.state
        if s.playing or self.drag is not None or now - self._last_input < STAY_AWAKE or not self._ahead_done() \
                or self.ease.moving(now):
            return None
        due = [IDLE_NAP]
        if self.planning is not None:
            due.append(PROGRESS_EVERY)
        if self.export is not None:
            due.append(EXPORT_POLL)
        if self.watch:
            due.append(self._watched + self.watch_every - now)
        if self.message is not None:
            due.append(self.message[1] - now)
        return max(0.0, min(due))

    def _ahead_done(self) -> bool:
        return self.renderer is None or self.state.help or (self._ahead is not None and self._ahead[2])

    def _work_ahead(self, start: float) -> None:
        """Prepare the next step's (then the previous one's) panels, caption and camera in the time
        this frame has to spare, so that the change of step does not cost a slow frame."""
        if self.renderer is None or self.state.help:
            return
        made_for = (self.ident, id(self.renderer), self.state.step, self.state.selected, self.layout,
                    self.state.checker, self.step_list().key)
        if self._ahead is None or self._ahead[0] != made_for:
            self._ahead = [made_for, self._pieces_ahead(), False]
        if self._ahead[2]:
            return
        pieces = self._ahead[1]
        while time.perf_counter() - start < AHEAD_UNTIL:
            if next(pieces, _DONE) is _DONE:
                self._ahead[2] = True
                return

    def _pieces_ahead(self):
        ch, state, lay = self.choreography, self.state, self.layout
        marks = tuple(v.t for v in self.loaded.violations if v.t is not None)
        listing, marked = self.step_list(), frozenset(self.differing())
        for n, i in enumerate((state.step + 1, state.step - 1, state.step + 2)):
            if n == 1 and self._glyphs_warm != self.ident:
                # freetype loads a glyph at a size the first time it is drawn (some 20 µs each): load
                # every character of the script's texts at the panels' sizes, one size a piece
                chars = "".join(sorted(set("".join(s.text + "".join(s.commentary) + (s.reading_note or "")
                                                   + s.id + "".join(s.figures) for s in ch.steps))))
                for size in GLYPH_SIZES:
                    self.writer.advances(chars, size)
                    yield
                self._glyphs_warm = self.ident
            if not 0 <= i < len(ch.steps):
                continue
            step = ch.steps[i]
            self.renderer.camera.step_span(step)
            yield
            self.renderer.prepare(step)
            yield
            ahead = replace(state, step=i)
            row = listing.row_of(i)
            scroll = scroll_for(row, self.scroll, lay.visible_rows, len(listing))
            yield from self.panels.prepare(lay, self.spans, ch, ahead, scroll, marks, self.ident, marked, listing, row)
            if state.selected:
                overlays.prepare_card(ch, state.selected, step.t0 + 1e-6, self.renderer.panels.main[2], self.writer)
                yield

    def run(self, fps: int = 60) -> int:
        """The loop: 60 frames a second while something moves, asleep between looks at the event
        queue while paused (some 0.1 % CPU instead of a core's quarter)."""
        clock = pygame.time.Clock()
        try:
            while not self.state.quit:
                self.pump()
                nap = self.idle_for(time.perf_counter())
                if nap is None:
                    clock.tick(fps)
                else:
                    time.sleep(min(nap, IDLE_NAP))
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Stop the plans nobody will see and wait for their threads (a daemon thread still planning when the
        interpreter shuts down, after a Ctrl-C, crashed it: pygame's 'Segmentation Fault', exit 134), then
        close the window. A second Ctrl-C meanwhile waits until this is done."""
        with _interrupts_held():
            jobs = [job for job in (self.planning, self.ghost_job, *self._retired) if job is not None]
            for job in jobs:
                job.stop()
            until = time.perf_counter() + CLOSE_WAIT
            for job in jobs:
                while job.thread.is_alive() and time.perf_counter() < until:
                    job.stop()  # again: one raised inside a callback is dropped (Replan.stop)
                    job.thread.join(RESEND)
            pygame.display.quit()

    # -- drawing ------------------------------------------------------------------------------
    def _step(self):
        ch = self.choreography
        return ch.steps[self.state.step] if ch is not None and 0 <= self.state.step < len(ch.steps) else None

    def _keep_step_visible(self) -> None:
        row = self.current_row()
        if row == self._scroll_row:
            return
        self._scroll_row = row
        self.scroll = scroll_for(row, self.scroll, self.layout.visible_rows, len(self.step_list()))

    def draw(self) -> pygame.Surface:
        surf, lay = self.screen, self.layout
        self._ensure_renderer()
        ch = self.choreography
        if ch is None and self.loaded.error is None:
            errorpage.waiting_screen(surf, lay.frame, self.planning_text() or "no script", self.writer)
        elif ch is None:
            errorpage.error_screen(surf, lay.frame, self.loaded.error, self.writer, self.watch)
        else:
            s, step = self.state, self._step()
            manual = self._view()
            if self.pinned is not None and (self.comparison is None or s.playing):
                self.pinned = None
            other = self._other()  # a pinned step, or a detour: on the other reading's clock
            t, step = (s.t, step) if other is None else other
            try:
                frame = self.renderer.draw(t, step, view=manual)
            except YiliError as exc:  # a character the font lacks, found only when drawn: shown, not raised
                self._failed(exc.format())
                return self.draw()
            except Exception as exc:
                self._failed(internal_error(exc, "drawing the frame"))
                return self.draw()
            surf.blit(frame, lay.frame[:2])
            vp = self.renderer.main_viewport(t, step, manual)
            if s.grid:
                overlays.grid(surf, vp, self.writer)
            if s.selected:
                at = s.t if other is None else self.comparison.base_time(step, t)  # our figure, waiting
                gesture = self.renderer.figures.states.gesture(s.selected, at)
                overlays.selection(surf, vp, ch, s.selected, at, self.writer, gesture)
            if s.checker:
                if self.loaded.check_error:
                    overlays.toast(surf, self.renderer.panels.main, self.loaded.check_error, self.writer)
                self.check_rows = overlays.findings(surf, vp, ch, self.loaded.violations, s.t, self.writer)
        self._keep_step_visible()
        marks = tuple(v.t for v in self.loaded.violations if v.t is not None)
        listing, current = self.step_list(), self.current_row()
        shown = listing.rows[current] if current >= 0 else None
        self.panels.bar(surf, lay, self.spans, self.state, marks, self.ident, ch, shown)
        self.panels.steps(surf, lay, ch, self.state, self.scroll, self.ident, frozenset(self.differing()),
                          listing, current)
        self.panels.text(surf, lay, ch, self.state, self.ident, listing.rows[current] if current >= 0 else None)
        if self.state.help:
            overlays.help_overlay(surf, (0, 0, *lay.size), self.writer)
        if self.planning is not None and (ch is not None or self.loaded.error is not None):
            overlays.toast(surf, lay.frame, self.planning_text(), self.writer)
        elif self.message is not None:
            text, until = self.message
            if time.perf_counter() < until:
                overlays.toast(surf, lay.frame, text, self.writer)
            else:
                self.message = None
        return surf


@contextlib.contextmanager
def _interrupts_held():
    """SIGINT and SIGTERM kept back (in the main thread) until the block is done, then delivered."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    kept = {sig: signal.signal(sig, lambda signum, frame: caught.append(signum))
            for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in kept.items():
            signal.signal(sig, handler)
        for sig in caught[:1]:
            signal.raise_signal(sig)


def scroll_for(row: int, scroll: int, rows: int, n: int) -> int:
    """The list's first visible row (of n, ``rows`` visible) once ``row`` is current: unchanged while it
    is in view, else that row a third of the way down."""
    if row < scroll or row >= scroll + rows:
        return max(0, min(n - rows, row - rows // 3))
    return scroll
