"""Verbs planned against a small fake context (issue 12): no Planner, no venue file, no router.

The fake implements ``choreo.verbs.context.VerbContext`` with plain dictionaries: places are
looked up by name and walks go straight. What the verbs decide — which way to turn, where to go,
which way to face on arrival, whom a 相左 meets and when — is theirs alone.
"""

import math
from types import SimpleNamespace

import pytest

from choreo.planner import Planner, StepContext
from choreo.script import Action
from choreo.script_parser import parse_text
from choreo.timeline import Timeline
from choreo.verbs.catalogue import load_verbs
from choreo.verbs.context import VerbContext
from stage.relations import Place
from tests.planner.helpers import venue

PARAMS = {"turn_rate": 90.0, "pace": 2.0, "turn.literal_left": 1.0, "pass_spacing": 3.0}


class FakeContext:
    """The least a turn and a walk need: parameters, timelines, named places, straight walks."""

    def __init__(self, figures, places):
        self.venue = SimpleNamespace(options={}, params={})
        self.script = SimpleNamespace(figures=dict.fromkeys(figures), groups={}, params={})
        self.step = SimpleNamespace(id="s1", loc=None)
        self.action = None
        self.timelines = {name: Timeline(name, x, y, facing) for name, (x, y, facing) in figures.items()}
        self.places = places
        self.walks, self.meetings, self.recorded = [], [], []

    def param(self, name):
        return PARAMS[name]

    def timeline(self, figure):
        return self.timelines[figure]

    def has_timeline(self, name):
        return name in self.timelines

    def place(self, expr, figure=None, *, side=None, offset=None):
        x, y, facing = self.places[str(expr)]
        return Place(x, y, facing, str(expr), "at")

    def walk(self, figure, goal, via=None, *, pace=None, duration=None):
        self.walks.append((figure, list(via or []), goal))
        tl = self.timelines[figure]
        tl.walk([tl.pos, *(via or []), goal], pace or self.param("pace"), self.param("turn_rate"))

    def face(self, figure, bearing, direction="short"):
        self.timelines[figure].turn(bearing, direction, self.param("turn_rate"))

    def meet(self, figure, partner, t):
        self.meetings.append((figure, partner, t))

    def record(self, figure, verb):
        self.recorded.append((figure, verb))


def run(ctx, figure, verb, arg=None, **mods):
    action = Action(verb, arg, mods, None)
    ctx.action = action
    load_verbs()[verb].func(ctx, figure, (figure,), action)


@pytest.mark.parametrize(("verb", "turned"), [("左還", -180.0), ("右還", 180.0)])
def test_a_turn_from_east_to_west_goes_the_way_the_verb_says(verb, turned):
    ctx = FakeContext({"司射": (0.0, 0.0, 90.0)}, {})
    run(ctx, "司射", verb, "西面")
    first, last = ctx.timeline("司射").samples[0], ctx.timeline("司射").samples[-1]
    assert last[3] - first[3] == pytest.approx(turned)  # 左還 through north, 右還 through south
    assert last[3] % 360.0 == pytest.approx(270.0)
    assert last[0] == pytest.approx(180.0 / PARAMS["turn_rate"])
    assert (last[1], last[2]) == (0.0, 0.0)


def test_a_walk_goes_to_the_place_and_faces_as_told_on_arrival():
    ctx = FakeContext({"司射": (0.0, 0.0, 0.0)}, {"堂西": (-6.0, 8.0, None)})
    run(ctx, "司射", "適", "堂西", 面="東面")
    tl = ctx.timeline("司射")
    assert ctx.walks == [("司射", [], (-6.0, 8.0))]
    assert tl.pos == (-6.0, 8.0)
    assert tl.facing % 360.0 == pytest.approx(90.0)
    walked = 10.0 / PARAMS["pace"]
    assert tl.t > walked  # the walk, then the turns (to the way of travel, then to 東面)


def test_a_walk_past_someone_reports_the_meeting_on_his_own_right():
    ctx = FakeContext({"司射": (0.0, 0.0, 0.0), "司馬": (0.0, 20.0, 180.0)},
                      {"中庭": (0.0, 10.0, None), "堂下": (0.0, 20.0, None)})
    run(ctx, "司射", "適", "堂下", 相左={"with": "司馬", "at": "中庭"})
    (figure, via, goal), = ctx.walks
    # Walking north, his right is east: he passes half the pass spacing east of the meeting place.
    assert via == [(pytest.approx(PARAMS["pass_spacing"] / 2), pytest.approx(10.0))]
    (who, partner, t), = ctx.meetings
    assert (who, partner) == ("司射", "司馬")
    x, y = ctx.timeline("司射").position_at(t)
    assert math.dist((x, y), via[0]) < 1e-6


def test_the_planners_step_context_has_every_member_of_the_protocol():
    script = parse_text("title: t\nfigures:\n  司射: {at: 司射位, facing: 東面}\nsteps: []\n", "inline.yaml")
    planner = Planner(script, venue("xie"), "")
    ctx = StepContext(planner, planner_run(), script_step(), 0.0)
    members = [m for m in VerbContext.__dict__ if not m.startswith("_")] + list(VerbContext.__annotations__)
    assert len(members) >= 25
    assert [m for m in members if not hasattr(ctx, m)] == []
    fake = FakeContext({}, {})
    assert {"param", "timeline", "place", "walk", "face", "meet"} <= {m for m in members if hasattr(fake, m)}


def planner_run():
    from choreo.planstate import PlanRun

    return PlanRun({})


def script_step():
    from choreo.script import StepDecl

    return StepDecl("start", "", "", (), None, (), (), (), None)
