"""Fixtures for the rendering tests: a hand-built hall and a short choreography.

The hall is shaped like the 榭 (40 尺 wide, 24 deep, two 楹, two 階 of 3 等, two 物 on the 棟 line,
the 侯 300 尺 south of the 物, the 乏 a third of the way back and 30 尺 west); the numbers are test
choices. The choreography has the moment issue 5 asks to look at: the 獲者 walks from the 侯 to the
乏 while the 司馬 climbs the 西階 to the 物.
"""

from __future__ import annotations

import math
import os

import pytest
from shapely.geometry import LineString, MultiLineString, Point, box

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from choreo.model import Choreography, Event, FigureInfo, Hold, Step, Track  # noqa: E402
from stage.model import Landmark, Obstacle, Provenance, Venue  # noqa: E402

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "golden")
CHOICE = Provenance(choice="test venue")


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite tests/render/golden/*.png from the current renderer")


@pytest.fixture
def regen_golden(request) -> bool:
    return bool(request.config.getoption("--regen-golden"))


def uncached(renderer):
    """``renderer`` drawing every frame afresh (its own and its figure layer's caches off): what a cache's
    frames are compared with."""
    renderer.memo = False
    renderer.figures.memo = False
    return renderer


def make_hall(key: str = "testhall") -> Venue:
    hall = box(-20, 0, 20, 24)
    west_stair = box(-16, -4.5, -12, 0)
    east_stair = box(12, -4.5, 16, 0)
    court = box(-60, -310, 60, 40)
    lm: dict[str, Landmark] = {}

    # How the plan labels them: the priorities and words the bundled venue files give.
    priority = {**dict.fromkeys(("堂", "西序", "東序", "西楹", "東楹", "西階", "阼階", "上物", "下物", "侯", "乏",
                                 "洗", "楅", "中"), 3),
                **dict.fromkeys(("棟", "楣", "左個", "右個", "司射位", "司馬位", "堂西"), 2)}
    strip = {"堂": "堂", "上物": "物", "乏": "乏", "侯": "侯"}

    def add(name, x, y, **kw):
        lm[name] = Landmark(name, x, y, provenance=CHOICE, label_priority=priority.get(name, 1),
                            strip_label=strip.get(name), **kw)

    def cross(x, y):
        return MultiLineString([[(x, y - 1.5), (x, y + 1.5)], [(x - 0.6, y), (x + 0.6, y)]])

    add("堂", 0, 12, kind="platform", geometry=hall)
    add("西序", -20, 12, kind="wall", geometry=LineString([(-20, 6), (-20, 24)]))
    add("東序", 20, 12, kind="wall", geometry=LineString([(20, 6), (20, 24)]))
    add("西楹", -8, 8, kind="pillar", geometry=Point(-8, 8).buffer(0.75))
    add("東楹", 8, 8, kind="pillar", geometry=Point(8, 8).buffer(0.75))
    add("西階", -14, -4.5, kind="stair", steps=3, top=(-14, -0.5), geometry=west_stair)
    add("阼階", 14, -4.5, kind="stair", steps=3, top=(14, -0.5), geometry=east_stair)
    add("棟", 0, 14, kind="line", geometry=LineString([(-20, 14), (20, 14)]))
    add("楣", 0, 8, kind="line", geometry=LineString([(-20, 8), (20, 8)]))
    add("上物", -3, 14, kind="mark", geometry=cross(-3, 14))
    add("下物", 3, 14, kind="mark", geometry=cross(3, 14))
    add("侯", 0, -286, kind="target", parts=(40.0, 20.0, 10.0))
    add("左個", -20, -286)
    add("右個", 20, -286)
    add("乏", -30, -186, kind="screen")
    add("洗", 20, -24, kind="object", icon=1.2)
    add("楅", 0, -24, kind="object", geometry=box(-1.5, -24.3, 1.5, -23.7))
    add("中", -20, -24, kind="object", facing=90, label_option="zhong")
    add("司射位", -26, -30, kind="station", facing=90)
    add("司馬位", -26, -36, kind="station", facing=90)
    add("堂西", -26, 6, kind="point")
    obstacles = (
        Obstacle("西楹", "pillar", lm["西楹"].geometry, CHOICE),
        Obstacle("東楹", "pillar", lm["東楹"].geometry, CHOICE),
        Obstacle("西序", "wall", LineString([(-20, 6), (-20, 24)]).buffer(0.5), CHOICE),
        Obstacle("東序", "wall", LineString([(20, 6), (20, 24)]).buffer(0.5), CHOICE),
        Obstacle("侯", "target", box(-20, -287, 20, -285), CHOICE),
    )
    return Venue(key=key, title="州之榭", description="test hall", path="<test>", landmarks=lm,
                 obstacles=obstacles, walkable={"堂": hall, "庭": court, "西階": west_stair,
                                                 "阼階": east_stair},
                 params={}, options={"zhong": "鹿中"})


FIGURES = {
    "司馬": FigureInfo("司馬", "司馬", 1.0, role="official", carries=("弓",)),
    "獲者": FigureInfo("獲者", "獲者", 1.0, role="target-keeper", carries=("旌",)),
    "司射": FigureInfo("司射", "司射", 1.0, role="official", carries=("弓", "撲")),
    "上耦上射": FigureInfo("上耦上射", "上耦上射", 1.0, role="bin-archer", carries=("弓",)),
    "主人": FigureInfo("主人", "主人", 1.0, role="host-side"),
}


def make_choreography(venue: Venue | None = None) -> Choreography:
    venue = venue or make_hall()
    tracks = {
        # 司馬 from his 位 to the foot of the 西階, up its 3 等, round the north of the 西楹 to the 物間
        "司馬": Track("司馬", [[0, -26, -36, 90], [4, -14, -8, 0], [6, -14, -4.5, 0], [8, -14, 0.5, 0],
                             [12, -8, 11, 90], [14, 0, 15, 180], [30, 0, 15, 180]]),
        # 獲者 from the 侯 north and west to the 乏 (100 尺 north, 30 尺 west)
        "獲者": Track("獲者", [[0, 0, -283, 0], [6, -10, -250, 0], [16, -26, -190, 270],
                             [18, -28, -186, 90], [30, -28, -186, 90]]),
        "司射": Track("司射", [[0, -26, -30, 90], [20, -26, -30, 90], [26, -20, -20, 0], [30, -20, -20, 0]]),
        "上耦上射": Track("上耦上射", [[0, -34, 6, 180], [30, -34, 6, 180]]),
        "主人": Track("主人", [[0, 16, 2, 270], [30, 16, 2, 270]]),
    }
    steps = (
        Step("s001", 0, 0.0, 14.0, "司馬命獲者執旌以負侯", "000_test.txt", ("司馬", "獲者"), passage="張侯"),
        Step("s002", 1, 14.0, 20.0, "獲者適乏，坐，東面偃旌，興而俟", "000_test.txt", ("獲者",),
             passage="張侯"),
        Step("s003", 2, 20.0, 30.0, "司射進，立于中西南，東面", "000_test.txt", ("司射",), passage="張侯"),
    )
    events = (
        Event(14.5, "司馬", "揖", "s001", duration=1.5),
        Event(18.0, "獲者", "坐", "s002"),
        Event(19.0, "獲者", "興", "s002"),
        Event(22.0, "司射", "取", "s003", detail="撲"),
    )
    # what each holds from the start (the planner writes these from a script's ``carries``)
    holds = tuple(Hold(thing, 0.0, math.inf, name) for name, info in FIGURES.items() for thing in info.carries)
    return Choreography("test.yaml", "鄉射", venue, "zheng", ("zheng",), FIGURES, steps, tracks, events,
                        holds=holds)


@pytest.fixture(scope="session")
def hall() -> Venue:
    return make_hall()


@pytest.fixture(scope="session")
def choreography() -> Choreography:
    return make_choreography()
