"""Hand-built venues and choreographies whose answers can be computed by hand.

The venue is a small 榭-like plan (no 室): 堂 south edge on y = 0 from x = −20 to 20, open at the
西階 (x −13.5…−10.5) and 阼階 (10.5…13.5); the 楹 are 1 尺 squares at (∓8, 12). The numbers are
test choices, not the real venue (stage.loader builds that).
"""

from __future__ import annotations

import numpy as np
import pytest
from shapely.geometry import LineString, box

from choreo.model import Assertion, Choreography, Contact, Event, FigureInfo, Step, Track
from stage.model import Landmark, Obstacle, Venue


def make_venue(key: str = "xie") -> Venue:
    landmarks = {
        "西楹": Landmark("西楹", -8.0, 12.0, kind="pillar"),
        "東楹": Landmark("東楹", 8.0, 12.0, kind="pillar"),
        "西階": Landmark("西階", -12.0, -4.0, kind="stair", steps=4, top=(-12.0, 0.0)),
        "阼階": Landmark("阼階", 12.0, -4.0, kind="stair", steps=4, top=(12.0, 0.0)),
        "中": Landmark("中", 0.0, -30.0),
    }
    obstacles = (
        Obstacle("西楹", "pillar", box(-8.5, 11.5, -7.5, 12.5)),
        Obstacle("東楹", "pillar", box(7.5, 11.5, 8.5, 12.5)),
        Obstacle("堂廉", "edge", LineString([(-20, 0), (-13.5, 0)])),
        Obstacle("堂廉", "edge", LineString([(-10.5, 0), (10.5, 0)])),
        Obstacle("堂廉", "edge", LineString([(13.5, 0), (20, 0)])),
        Obstacle("西階側", "stair-side", LineString([(-13.5, -4), (-13.5, 0)])),
        Obstacle("西階側", "stair-side", LineString([(-10.5, -4), (-10.5, 0)])),
    )
    return Venue(key, "test 榭", "", "", landmarks, obstacles, {}, {}, {})


def step(id_, t0, t1, text="", figures=(), verbs=(), assertions=(), contacts=()):
    return Step(id_, 0, t0, t1, text, "000.txt", tuple(figures), verbs=tuple(verbs),
                assertions=tuple(Assertion(k, a, id_) for k, a in assertions), contacts=tuple(contacts))


def make_choreo(tracks: dict, steps=(), radius=1.0, events=(), venue=None, reading="zheng",
                objects=()) -> Choreography:
    figures = {n: FigureInfo(n, n, radius) for n in tracks}
    for n in objects:
        figures[n] = FigureInfo(n, n, radius, kind="object")
    return Choreography("test.yaml", "test", venue or make_venue(), reading, (reading,), figures,
                        tuple(steps), {n: Track(n, np.array(s, float)) for n, s in tracks.items()},
                        tuple(events))


@pytest.fixture
def venue():
    return make_venue()


__all__ = ["make_venue", "make_choreo", "step", "Contact", "Event"]
