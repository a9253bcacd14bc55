"""The whole bundled rite, step by step: what the renderer would draw agrees with the carries.

No figure is drawn holding a thing after the step in which he set it down (or handed it over), and
each declared object is drawn once: at rest as its own token (or in its landmark's shape), or as a
badge in its holder's hand. An object whose landmark the venue draws (the 楅, 中, 豐) appears there
when it is set, not before.
"""

from collections import Counter

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import PLAN


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


@pytest.fixture(scope="module")
def renderer(rite):
    return FrameRenderer(rite, RenderConfig(size=(640, 360), camera="hall"))


def _moments(rite):
    for step in rite.steps:
        yield step, (step.t0 + step.t1) / 2
        yield step, step.t1


def _drawn(renderer, step, t):
    """Per declared object, where the renderer lays it out at t: its holder's name, or "rest"."""
    figs = renderer.figures.layout(renderer.main_viewport(t, step), t, step, small=False)
    where: dict[str, list[str]] = {}
    badges: dict[str, tuple[str, ...]] = {}
    for f in figs:
        if f.info.kind == "object":
            where.setdefault(f.name, []).append("rest")
        else:
            badges[f.name] = f.held
            for thing in f.held:
                if thing.startswith("obj."):
                    where.setdefault(thing, []).append(f.name)
    return where, badges


def test_every_object_is_drawn_once_and_never_in_a_hand_that_let_it_go(rite, renderer):
    objects = [n for n, info in rite.figures.items() if info.kind == "object"]
    # every hold that ends (a set-down, a hand-over, 釋弓) and, for that holder and thing, when he
    # next takes it up again
    ended = []
    for h in rite.holds:
        if h.holder is not None and h.t1 < float("inf"):
            again = min((g.t0 for g in rite.holds if g.obj == h.obj and g.holder == h.holder and g.t0 >= h.t1),
                        default=float("inf"))
            ended.append((h, again))
    assert len(ended) > 90  # the rite sets down, hands over and puts away things all the time
    assert any(h.obj == "obj.楅" and h.holder == "弟子1" for h, _ in ended)
    assert any(h.obj == "obj.中" and h.holder == "釋獲者" for h, _ in ended)
    checked = 0
    for step, t in _moments(rite):
        where, badges = _drawn(renderer, step, t)
        for obj in objects:
            if rite.pose_at(obj, t) is None:
                continue
            holder = rite.holder_of(obj, t)
            assert where.get(obj) == [holder or "rest"], (step.id, t, obj, where.get(obj))
        for h, again in ended:
            if h.t1 <= t < again:
                assert h.obj not in badges.get(h.holder, ()), (step.id, t, h)
                checked += 1
        for name, held in badges.items():
            assert held == rite.held_by(name, t)[:4], (step.id, name)
    assert checked > 1000


def _objectish(renderer, t, step, x, y, reach=3):
    """Whether the frame at t has the plan's object colour within ``reach`` px of world (x, y)."""
    surf = renderer.draw(t, step)
    vp = renderer.main_viewport(t, step)
    px, py = (int(round(v)) for v in vp.to_screen(x, y))
    w, h = surf.get_size()
    assert reach <= px < w - reach and reach <= py < h - reach, "the place is in view"
    img = np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).astype(int)
    patch = img[max(py - reach, 0):py + reach + 1, max(px - reach, 0):px + reach + 1].reshape(-1, 3)
    return bool((np.abs(patch - np.array(PLAN["object"])).max(axis=1) <= 12).any())


@pytest.mark.parametrize("obj", ["obj.楅", "obj.中"])
def test_a_landmark_object_appears_at_its_place_when_it_is_set(rite, renderer, obj):
    name = obj.removeprefix("obj.")
    lm = rite.venue.landmarks[name]
    rest = next(h for h in rite.holds if h.obj == obj and h.landmark == name)
    setter = next(h for h in rite.holds if h.obj == obj and h.t1 == rest.t0).holder
    step = rite.step(rest.step)
    before = rite.steps[step.index - 1]
    assert name not in {s.landmark for s in renderer.layout.shapes}  # the plan leaves it to the object
    assert not _objectish(renderer, before.t1, before, lm.x, lm.y)  # not there before it is set
    assert _objectish(renderer, step.t1, step, lm.x, lm.y)  # there once it is
    assert obj not in renderer.figures.layout(renderer.main_viewport(step.t1, step), step.t1, step,
                                              small=False)[0].held
    assert Counter(rite.held_by(setter, step.t1))[obj] == 0
