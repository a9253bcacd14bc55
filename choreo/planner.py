"""The planner: a Script, a Venue and a reading in, an immutable Choreography out.

Steps run one after another unless a step says ``start: with STEP`` (the text's overlapping
sentences, §f.16.2). Within a step, actors act at once and one actor's actions run in order; a
group's actions start together. Meetings (相左) are synchronised by planning the whole script,
measuring when each party reaches the meeting point, delaying the earlier one and planning
again, until both arrive together.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any

import numpy as np

from choreo import screening
from choreo.errors import PlanError, ScriptError, YiliError, suggest
from choreo.model import (
    ABSENT_FROM,
    ENTER,
    HIDDEN,
    LEAVE,
    PRESENT_FROM,
    SEEN,
    Choreography,
    Contact,
    Event,
    FigureInfo,
    Hold,
    Step,
    Track,
    state_spans,
)
from choreo.planstate import Carry, Meeting, PlanRun, Snapshot
from choreo.roles import role_of
from choreo.script import Action, FigureDecl, Script, StepDecl
from choreo.shooting import Shot
from choreo.timeline import XY, Timeline
from choreo.verbs.catalogue import load_verbs
from stage.errors import StageError
from stage.model import Venue
from stage.relations import Place, resolve
from stage.routing import Router, shared_router

PAIR_MEMBER = re.compile(r"^(?:上耦|次耦|下耦)(?P<part>上射|下射)(?P<rest>之.+)$")


class StepContext:
    """What a verb sees while one step is planned: implements ``choreo.verbs.context.VerbContext``."""

    def __init__(self, planner: Planner, run: PlanRun, step: StepDecl, t0: float):
        self.planner = planner
        self.venue = planner.venue
        self.script = planner.script
        self.run = run
        self.step = step
        self.t0 = t0
        self.verbs: list[tuple[str, str]] = []
        self.contacts: list[Contact] = []
        self.action_key: tuple[str, str, int] = (step.id, "", 0)
        self.action: Action | None = None
        self.book = run.book

    # -- parameters and figures ------------------------------------------------------------------
    def param(self, name: str) -> float:
        return self.planner.param(name)

    def timeline(self, figure: str) -> Timeline:
        return self.run.timelines[figure]

    def has_timeline(self, name: str) -> bool:
        return name in self.run.timelines

    def replace_timeline(self, figure: str, timeline: Timeline) -> None:
        self.run.timelines[figure] = timeline

    def decl(self, figure: str) -> FigureDecl:
        return self.script.figures[figure]

    def station(self, figure: str) -> str:
        """The figure's 位 now (where 反位 takes him)."""
        return self.run.stations.get(figure, self.decl(figure).position)

    def router(self, figure: str) -> Router:
        return self.planner.router(self.planner.radius(figure))

    def record(self, figure: str, verb: str) -> None:
        if (figure, verb) not in self.verbs:
            self.verbs.append((figure, verb))

    def event(self, figure: str, kind: str, duration: float = 0.0, detail: str = "") -> None:
        tl = self.timeline(figure)
        self.run.events.append(Event(round(tl.t, 6), figure, kind, self.step.id, detail, duration))
        tl.hold(tl.t + duration)

    def event_at(self, figure: str, kind: str, t: float, duration: float = 0.0, detail: str = "") -> None:
        self.run.events.append(Event(round(t, 6), figure, kind, self.step.id, detail, duration))

    def events(self) -> tuple[Event, ...]:
        return tuple(self.run.events)

    def contact(self, a: str, b: str, t0: float, t1: float, what: str) -> None:
        self.contacts.append(Contact((a, b), t0, t1, self.step.id, what))

    # -- places ----------------------------------------------------------------------------------
    def positions(self, t: float) -> dict[str, XY]:
        return {name: tl.position_at(t) for name, tl in self.run.timelines.items()}

    def place(self, expr: Any, figure: str | None = None, *, side: str | None = None,
              offset: float | None = None) -> Place:
        """Resolve a place written in the script: a landmark, a relation, a rank slot, a figure."""
        loc = self.action.loc if self.action else self.step.loc
        if figure is not None and isinstance(expr, str):
            expr = expr.strip().replace("其位", self.station(figure))
        t = self.timeline(figure).t if figure else self.t0
        positions = {n: p for n, p in self.positions(t).items() if n != figure and not n.startswith("obj.")}
        try:
            return resolve(self.venue, expr, offset=offset, positions=positions, loc=loc, side=side)
        except StageError as exc:
            raise exc.with_location(loc) from None

    # -- motion ----------------------------------------------------------------------------------
    def outside(self, figure: str) -> bool:
        """Whether the figure is outside the venue now: an 出 not yet followed by an 入."""
        state = None
        for ev in self.run.events:
            if ev.figure == figure and ev.kind in (LEAVE, ENTER):
                state = ev.kind
        return state == LEAVE

    def walk(self, figure: str, goal: XY, via: list[XY] | None = None, *, pace: float | None = None,
             duration: float | None = None) -> None:
        """Route ``figure`` to ``goal`` through ``via`` and walk it, facing the way of travel.
        Outside the 門 there is no plan of the ground: he walks straight."""
        tl = self.timeline(figure)
        if self.outside(figure):
            if self.router(figure).region_of(goal) is not None:
                raise ScriptError(f"{figure} is outside the 門: he comes in by it (入) before going to "
                                  f"({goal[0]:.1f}, {goal[1]:.1f})", self.action.loc if self.action else self.step.loc)
            tl.walk([tl.pos, *(via or []), goal], pace or self.param("pace"), self.param("turn_rate"))
            return
        router = self.router(figure)
        path = router.route(tl.pos, goal, via or [])
        standing = self._in_the_way(figure, path)
        if standing:
            try:
                path = router.route(tl.pos, goal, via or [], avoid=standing)
            except StageError:
                pass  # hemmed in: keep the direct way; the checker will report the brush
        length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
        speed = pace or self.param("pace")
        if duration is not None and length > 1e-9:
            speed = max(length / max(duration, 1e-6), 0.05)
        tl.walk(path, speed, self.param("turn_rate"))

    def _in_the_way(self, figure: str, path: list[XY]) -> list[tuple[float, float, float]]:
        """People standing where ``path`` would brush them, as discs (x, y, radius)."""
        if len(path) < 2:
            return []
        t = self.timeline(figure).t
        names, points, radii = [], [], []
        for name, other in self.run.timelines.items():
            if name == figure or name.startswith("obj."):
                continue
            x, y = other.position_at(t)
            if other.t > t + 1e-6 and (x, y) != other.position_at(other.t):
                continue  # moving now: timing, not routing, keeps them apart
            names.append(name)
            points.append((x, y))
            radii.append(self.planner.radius(name))
        if not names:
            return []
        p = np.array(points)[:, None, :]  # (people, 1, 2)
        a = np.array(path[:-1])[None, :, :]  # (1, segments, 2)
        d = np.array(path[1:])[None, :, :] - a
        u = np.clip(((p - a) * d).sum(axis=2) / np.maximum((d * d).sum(axis=2), 1e-12), 0.0, 1.0)
        dist = np.hypot(*(a + u[..., None] * d - p).transpose(2, 0, 1)).min(axis=1)
        margin = self.param("brush_margin")
        near = dist < self.planner.radius(figure) + np.array(radii) + margin
        return [(points[i][0], points[i][1], radii[i] + margin) for i in np.flatnonzero(near)]

    def face(self, figure: str, bearing: float, direction: str = "short") -> None:
        self.timeline(figure).turn(bearing, direction, self.param("turn_rate"))

    # -- objects ---------------------------------------------------------------------------------
    def holder(self, thing: str) -> str | None:
        return self.run.holder(thing)

    def carries(self, thing: str) -> list[Carry]:
        return [c for c in self.run.carries if c.obj == thing]

    def take(self, figure: str, thing: str, t: float, done: float) -> None:
        self.run.take(thing, figure, t, done, self.step.id)

    def hand_over(self, giver: str, receiver: str, thing: str, done: float) -> None:
        self.run.hand_over(thing, giver, receiver, done, self.step.id)

    def set_down(self, figure: str, thing: str, t: float, done: float, spot: XY, landmark: str = "",
                 parts: tuple[tuple[str, str], ...] = ()) -> None:
        self.run.set_down(thing, figure, t, done, self.step.id, spot, landmark, parts)

    def meet(self, figure: str, partner: str, t: float) -> None:
        self.run.meetings.append(Meeting(self.step.id, figure, partner, t, self.action_key,
                                         self.action.loc if self.action else self.step.loc))

    def forget_meetings(self, figure: str) -> None:
        self.run.meetings[:] = [m for m in self.run.meetings
                                if m.figure != figure or m.wait_key != self.action_key]


class Planner:
    def __init__(self, script: Script, venue: Venue, reading: str, options: tuple[str, ...] = ()):
        self.script = script
        self.venue = venue
        self.reading = reading
        self.options = options  # already applied to the script (choreo.script.apply_options): named in the plan
        self.verbs = load_verbs()
        self._routers: dict[float, Router] = {}

    @cached_property
    def _figure_order(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.script.figures)}

    def param(self, name: str) -> float:
        if name in self.script.params:
            return self.script.params[name]
        if name in self.venue.params:
            return self.venue.params[name].value
        raise PlanError(f"no parameter '{name}' in venue {self.venue.key} or the script", None,
                        suggest(name, [*self.venue.params, *self.script.params]))

    def radius(self, figure: str) -> float:
        decl = self.script.figures[figure]
        return decl.radius if decl.radius is not None else self.param("body_radius")

    def router(self, radius: float) -> Router:
        # Routing graphs depend only on the venue and the body radius: shared while the venue lives.
        if radius not in self._routers:
            self._routers[radius] = shared_router(self.venue, radius)
        return self._routers[radius]

    # -- the whole script ------------------------------------------------------------------------
    def plan(self) -> Choreography:
        """Plan step after step. When a 相左's two parties have both been planned and one is early,
        he waits that much longer before the walk and planning resumes from that step (saved state
        is kept before every step), so a meeting costs a step or two of re-planning, not a pass."""
        steps = self.script.steps
        index_of = {step.id: i for i, step in enumerate(steps)}
        waits: dict[tuple[str, str, int], float] = {}
        snapshots: list[Snapshot] = []
        run = PlanRun(self._initial_timelines(), {name: decl.position for name, decl in self.script.figures.items()})
        run.carries.extend(self._initial_carries(run))
        for name, decl in self.script.figures.items():
            if decl.kind == "person" and self.router(self.radius(name)).region_of(run.timelines[name].pos) is None:
                # Declared outside the venue (the 從者 waiting beyond the 門): outside from the start.
                run.events.append(Event(0.0, name, LEAVE, "start", "門"))
        ends: dict[str, tuple[float, float]] = {}
        previous_end = 0.0
        index, resyncs = 0, 0
        # Every state a snapshot holds has been found in step, so while a step adds no meeting
        # the list is unchanged and need not be looked through again.
        in_step = 0
        while index < len(steps):
            del snapshots[index:]
            snapshots.append(Snapshot.take(run, ends, previous_end, snapshots[-1] if snapshots else None))
            previous_end = self._plan_step(run, index, ends, previous_end, waits)
            delays = {} if len(run.meetings) == in_step else self._meeting_delays(run.meetings, complete=False)
            if not delays:
                in_step = len(run.meetings)
                index += 1
                continue
            resyncs += 1
            if resyncs > self.param("meeting_passes") * (1 + len(steps)):
                raise PlanError("the 相左 meetings could not be synchronised (a cycle of waits)", steps[index].loc)
            for key, delay in delays.items():
                waits[key] = waits.get(key, 0.0) + delay
            index = min(index_of[key[0]] for key in delays)
            previous_end = snapshots[index].restore(run, ends)
            in_step = len(run.meetings)
        self._meeting_delays(run.meetings, complete=True)  # a 相左 declared by one party only
        return self._freeze(run)

    def _meeting_delays(self, meetings: list[Meeting], complete: bool = True) -> dict[tuple[str, str, int], float]:
        """Delays that make each 相左's parties arrive together; with ``complete`` False (planning
        still under way) a meeting whose partner is not planned yet is left for later."""
        # The k-th 相左 of A with B is met by the k-th of B with A (the same two pass each other
        # more than once in a sequence of passages: 司射 and 司馬 in e.2 and again in e.3).
        # One meeting per walking action: a pair's two members record it twice (keep the last, as before).
        by_action: dict[tuple[str, str], dict[tuple[str, str, int], Meeting]] = {}
        for m in meetings:
            by_action.setdefault((m.figure, m.partner), {})[m.wait_key] = m
        by_pair = {key: list(actions.values()) for key, actions in by_action.items()}
        delays: dict[tuple[str, str, int], float] = {}
        for (figure, partner), mine_all in by_pair.items():
            theirs_all = by_pair.get((partner, figure), [])
            for k, mine in enumerate(mine_all):
                if k >= len(theirs_all):
                    if not complete:
                        break
                    raise PlanError(f"step {mine.step}: {figure} passes {partner} (相左) but {partner} has no "
                                    f"相左 with {figure}: declare it on both", mine.loc)
                gap = theirs_all[k].t - mine.t
                if gap > self.param("meeting_tolerance"):
                    delays[mine.wait_key] = max(delays.get(mine.wait_key, 0.0), gap)
        return delays

    def _initial_timelines(self) -> dict[str, Timeline]:
        timelines = {}
        ctx = StepContext(self, PlanRun({}), StepDecl("start", "", "", (), None, (), (), (), None), 0.0)
        for name, decl in self.script.figures.items():
            if decl.kind == "object" and decl.carried_by:
                continue
            try:
                place = ctx.place(decl.start)
            except YiliError as exc:
                raise exc.with_location(decl.loc) from None
            timelines[name] = Timeline(name, place.x, place.y, decl.facing)
        for name, decl in self.script.figures.items():
            if decl.kind == "object" and decl.carried_by:
                carrier = timelines[decl.carried_by]
                timelines[name] = Timeline(name, carrier.x, carrier.y, decl.facing)
        return timelines

    def _initial_carries(self, run: PlanRun) -> list[Carry]:
        """What each figure holds at the start (a declared object ``carried_by`` him, the things of
        his ``carries``), and where every other declared object rests."""
        out = []
        for name, decl in self.script.figures.items():
            if decl.kind == "object":
                tl = run.timelines[name]
                t = tl.samples[0][0]
                if decl.carried_by:
                    out.append(Carry(name, t, math.inf, decl.carried_by))
                else:
                    start = str(decl.start).strip()
                    out.append(Carry(name, t, math.inf, None, tl.pos, start if start in self.venue.landmarks else ""))
            for thing in decl.carries:
                if f"obj.{thing}" not in self.script.figures:  # a declared one says who carries it itself
                    out.append(Carry(thing, run.timelines[name].samples[0][0], math.inf, name))
        return out

    def _plan_step(self, run: PlanRun, index: int, ends: dict[str, tuple[float, float]], previous_end: float,
                   waits: Mapping[tuple[str, str, int], float]) -> float:
        """Plan one step into ``run``; returns the new latest end of any step."""
        decl = self.script.steps[index]
        run.stations.update(decl.stations)
        if decl.start:
            mode, ref = decl.start
            if ref not in ends:
                raise PlanError(f"step {decl.id} starts '{mode} {ref}' but {ref} is not planned before it",
                                decl.loc)
            t0 = ends[ref][0] if mode == "with" else ends[ref][1]
        else:
            t0 = previous_end
        ctx = StepContext(self, run, decl, t0)
        acted: set[str] = set()
        for actor, actions in decl.actions:
            members = self.script.members(actor)
            acted.update(members)
            for i, action in enumerate(actions):
                self._do(ctx, actor, members, i, action, waits)
        t1 = max([t0, *(run.timelines[m].t for m in acted)])
        if t1 - t0 < 1e-6:
            t1 = t0 + self.param("dur.俟")
        contacts = tuple(ctx.contacts) + tuple(Contact((a, b), t0, t1, decl.id, "declared")
                                               for a, b in decl.contacts)
        run.steps.append(Step(decl.id, index, round(t0, 6), round(t1, 6), decl.text, decl.source,
                              tuple(sorted(acted, key=self._figure_order.__getitem__)), decl.loc,
                              decl.passage or self.script.passage, decl.notes, tuple(ctx.verbs), decl.checks,
                              contacts, decl.reading_note, decl.passage_title or self.script.title,
                              decl.passage_heading or self.script.heading, decl.restored, decl.option_note))
        ends[decl.id] = (t0, t1)
        return max(previous_end, t1)

    def _do(self, ctx: StepContext, actor: str, members: tuple[str, ...], index: int, action: Action,
            waits: Mapping[tuple[str, str, int], float]) -> None:
        spec = self.verbs[action.verb]
        ctx.action = action
        ctx.action_key = (ctx.step.id, actor, index)
        start = max([ctx.t0, *(ctx.run.timelines[m].t for m in members)]) + waits.get(ctx.action_key, 0.0)
        for m in members:
            if m not in ctx.run.timelines:
                raise ScriptError(f"'{m}' is carried and cannot act on its own", action.loc)
            ctx.run.timelines[m].start_at(start)
        try:
            if spec.group_mode == "group" or len(members) == 1:
                spec.func(ctx, actor, members, action)
            else:
                for m in members:
                    spec.func(ctx, m, (m,), action)
        except PlanError:
            raise
        except (ScriptError, StageError) as exc:
            who = actor if len(members) == 1 else f"{actor} ({'、'.join(members)})"
            raise PlanError(f"step {ctx.step.id}: {who} cannot {action.verb}: {exc.message}",
                            exc.location or action.loc, exc.suggestion) from None
        except Exception as exc:  # noqa: BLE001 - re-raised with its place and its cause
            # As lark's VisitError: whatever went wrong inside a verb is reported at the action that
            # ran it, with the cause kept (``__cause__``) for a developer.
            who = actor if len(members) == 1 else f"{actor} ({'、'.join(members)})"
            raise PlanError(f"step {ctx.step.id}: {who} cannot {action.verb}: {type(exc).__name__}: "
                            f"{str(exc)[:200]}", action.loc) from exc
        for m in members:
            ctx.record(m, action.verb)
            for name in _recorded_modifiers(action):
                ctx.record(m, name)

    # -- freezing --------------------------------------------------------------------------------
    def _freeze(self, run: PlanRun) -> Choreography:
        figures = {}
        for name, decl in self.script.figures.items():
            role = decl.role or ("object" if decl.kind == "object" else role_of(name))
            figures[name] = FigureInfo(name, decl.label, self.radius(name) if decl.kind == "person"
                                       else (decl.radius or 0.5), decl.kind, role, decl.carries)
        absent = {name: state_spans(run.events, name, ABSENT_FROM, PRESENT_FROM) for name in run.timelines}
        samples = {name: _rounded(tl.samples) for name, tl in run.timelines.items()}
        for name in figures:
            if figures[name].kind == "object":
                samples[name] = _rounded(self._object_samples(name, run))
                absent[name] = _carried_out(name, run, absent)
        hidden, screen_events = self._screened(samples, run)
        tracks = {name: Track(name, rows, _union(absent.get(name, ()), hidden.get(name, ())), hidden.get(name, ()))
                  for name, rows in samples.items()}
        events = tuple(sorted([*run.events, *screen_events], key=lambda e: (e.t, self._figure_order[e.figure])))
        holds = tuple(Hold(c.obj, round(c.t0, 6), round(c.t1, 6) if math.isfinite(c.t1) else math.inf, c.carrier,
                           None if c.place is None else (round(c.place[0], 4) + 0.0, round(c.place[1], 4) + 0.0),
                           c.landmark, c.step, parts=c.parts)
                      for c in sorted(run.carries, key=lambda c: c.t0) if c.t1 > c.t0)
        end = max([s.t1 for s in run.steps] + [tl.t for tl in run.timelines.values()], default=0.0)
        return Choreography(self.script.path, self.script.title, self.venue, self.reading,
                            self.script.reading_names, figures, tuple(run.steps), tracks, events,
                            {k: p.value for k, p in self.venue.params.items()} | dict(self.script.params),
                            holds=holds, reading_title=self._reading_title(), shots=_shots(run),
                            music=tuple(run.book.pieces()), tallies=tuple(run.book.tallies),
                            music_end=round(end, 6), options=self.options,
                            option_titles=tuple(self.script.catalogue.options[o].title for o in self.options),
                            laid=run.book.laid_until_taken())

    def _screened(self, samples: Mapping[str, list], run: PlanRun) -> tuple[dict[str, tuple], list[Event]]:
        """Each figure's (and object's) stays in a screened place (the 次), and a 隱 / 見 event at each
        edge crossing, in the step under way then (choreo/screening.py)."""
        hidden: dict[str, tuple] = {}
        events: list[Event] = []
        if not self.venue.landmarks_of("tent"):
            return hidden, events
        starts = [s.t0 for s in run.steps]

        def step_at(t: float) -> str:
            i = bisect.bisect_right(starts, t + 1e-9) - 1
            return run.steps[max(i, 0)].id if run.steps else ""

        for name, rows in samples.items():
            stays = screening.hidden_spans(np.array(rows, float).reshape(-1, 4), self.venue)
            if not stays:
                continue
            hidden[name] = tuple((round(a, 4), b if math.isinf(b) else round(b, 4)) for _, a, b in stays)
            for place, a, b in stays:
                events.append(Event(round(a, 4), name, HIDDEN, step_at(a), place))
                if math.isfinite(b):
                    events.append(Event(round(b, 4), name, SEEN, step_at(b), place))
        return hidden, events

    def _reading_title(self) -> str:
        return next((r.title for r in self.script.readings if r.name == self.reading and r.title), "")

    def _object_samples(self, name: str, run: PlanRun) -> list[list[float]]:
        """An object rests where it was set down (a sample at each end of the rest, so interpolation
        holds it there) and moves with whoever carries it, from his grip to his release."""
        first = run.timelines[name].samples[0]
        facing = first[3]
        samples = [list(first)]
        for carry in sorted((c for c in run.carries if c.obj == name), key=lambda c: c.t0):
            if carry.carrier is None:
                x, y = carry.place if carry.place is not None else samples[-1][1:3]
                samples.append([carry.t0, x, y, facing])
                if math.isfinite(carry.t1):
                    samples.append([carry.t1, x, y, facing])
                continue
            carrier = run.timelines[carry.carrier]
            t_in = carry.grip if carry.grip is not None else carry.t0
            t_out = carry.release if carry.release is not None else carry.t1
            if not math.isfinite(t_out):
                t_out = max(carrier.samples[-1][0], t_in)
            # The carrier's samples strictly between t_in and t_out (sorted by time: a bisection, not a scan).
            inside = [s[0] for s in carrier.samples[bisect.bisect_right(carrier.samples, t_in, key=_time):
                                                    bisect.bisect_left(carrier.samples, t_out, key=_time)]]
            for t in (t_in, *inside, t_out):
                x, y = carrier.position_at(t)
                samples.append([t, x, y, facing])
        samples.sort(key=lambda s: s[0])
        return samples


def _shots(run: PlanRun) -> tuple[Shot, ...]:
    """Each Shot with its call and its counter joined in (they were planned after it)."""
    calls = {i: (who, t) for i, who, t in run.book.calls}
    counters = {i: (who, t) for i, who, t in run.book.counters}
    out = []
    for i, shot in enumerate(run.book.shots):
        caller, called = calls.get(i, ("", None))
        scorer, counted = counters.get(i, ("", None))
        out.append(replace(shot, caller=caller, called=called, scorer=scorer, counted=counted))
    return tuple(sorted(out, key=lambda s: (s.release, s.archer)))


def _carried_out(name: str, run: PlanRun, absent: Mapping[str, tuple]) -> tuple[tuple[float, float], ...]:
    """An object is outside the venue while whoever carries it is (the 俎 taken out to the 從者)."""
    spans = []
    for carry in run.carries:
        if carry.obj != name or carry.carrier is None:
            continue
        for t0, t1 in absent.get(carry.carrier, ()):
            lo, hi = max(t0, carry.t0), min(t1, carry.t1)
            if hi > lo:
                spans.append((round(lo, 4), hi if math.isinf(hi) else round(hi, 4)))
    return tuple(sorted(spans))


def _union(a: tuple, b: tuple) -> tuple[tuple[float, float], ...]:
    """The spans of ``a`` and ``b`` merged where they overlap or touch, sorted."""
    out: list[list[float]] = []
    for t0, t1 in sorted((*a, *b)):
        if out and t0 <= out[-1][1]:
            out[-1][1] = max(out[-1][1], t1)
        else:
            out.append([t0, t1])
    return tuple((t0, t1) for t0, t1 in out)


def _recorded_modifiers(action: Action) -> list[str]:
    """What a step's modifiers enact, named as the text names it (for the conformance check):
    面: 北面 → 北面; 由: 司射之西 → 由司射之西; 三等 on 升 → 升三等 and 中等."""
    out = []
    for mod, value in action.mods.items():
        if mod == "面":
            out.append(str(value))
        elif mod in ("由", "出于"):
            for v in value if isinstance(value, list) else [value]:
                out.append(mod + str(v))
                # The text names a pair's member by his part: 「出于下射之南」 for 上耦下射.
                m = PAIR_MEMBER.match(str(v))
                if m:
                    out.append(mod + m.group("part") + m.group("rest"))
        elif mod == "三等" and value:
            out.extend([f"{action.verb}三等", "中等"])
        else:
            out.append(mod)
    return out


def _time(sample: list[float]) -> float:
    return sample[0]


def _rounded(samples: list[list[float]]) -> list[list[float]]:
    out = []
    for s in samples:
        row = [round(v, 4) + 0.0 for v in s]
        if out and row == out[-1]:
            continue
        out.append(row)
    return out
