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


@pytest.fixture(scope="module")
def renderer_1280(rite):
    return FrameRenderer(rite, RenderConfig(size=(1280, 720), camera="hall"))


@pytest.mark.parametrize("obj", ["obj.楅", "obj.中"])
def test_a_landmark_object_appears_at_its_place_when_it_is_set(rite, renderer_1280, obj):
    """At 1280x720: once the 射位 files stand apart the hall camera is wider, and at 640x360 the 司射
    standing 中之東 (3 尺 off, 「北面」 over it) covers the 中 with his disc and wedge."""
    renderer = renderer_1280
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


# What the text leaves in a hand when the rite closes: the 俎 the guests' 從者 take home (鄭
# 「授宾家从来者也。古者与人饮食，必归其盛者，所以厚礼之」〔002〕) and the one the 主人's attendant takes east
# (「主人取俎，還授弟子」: the script's choice of who receives it at the 階), and the 旌, whose putting
# away the seeds do not give (000 ends as the third round begins).
CARRIED_AWAY = {"獲者": {"obj.旌"}, "從者": {"obj.俎賓", "obj.俎大夫"}, "主人侍者": {"obj.俎主人"}}
CUPS = ("觶", "爵")


def test_at_the_close_nobody_holds_what_the_text_has_him_put_down_or_hand_on(rite, renderer):
    end = rite.steps[-1].t1
    held = {name: set(rite.held_by(name, end)) for name, info in rite.figures.items()
            if info.kind == "person" and rite.held_by(name, end)}
    assert held == CARRIED_AWAY
    _, badges = _drawn(renderer, rite.steps[-1], end)
    assert all(set(things) <= CARRIED_AWAY.get(name, set()) for name, things in badges.items()), badges


def test_wine_fills_a_cup_and_is_never_a_thing_in_the_hand(rite):
    """「升實之」〔000〕, 「升酌」〔000〕: the wine goes into the cup held (實), no 酒 badge is drawn."""
    assert not [h for h in rite.holds if "酒" in h.obj]
    filled = [e for e in rite.events if e.kind == "實"]
    assert len(filled) >= 8
    for e in filled:
        assert any(c in thing for thing in rite.held_by(e.figure, e.t) for c in CUPS), (e.step, e.figure)


def test_no_figure_ever_holds_two_cups(rite):
    for h in rite.holds:
        if h.holder is not None:
            cups = [thing for thing in rite.held_by(h.holder, h.t0) if any(c in thing for c in CUPS)]
            assert len(cups) <= 1, (h.step, h.holder, cups)


def test_where_the_text_says_the_bow_and_arrows_are_put_down_both_leave_the_hand(rite):
    """「皆釋弓矢」〔000〕, 「大夫遂[適]序西，釋弓矢」〔000〕, 「司射[適]階西，釋弓矢」〔000〕."""
    steps = [s for s in rite.steps if "釋弓矢" in s.text]
    assert len(steps) >= 3
    for step in steps:
        who = [figure for figure, verb in step.verbs if verb == "釋弓"]
        assert who, step.id
        for figure in who:
            assert not {"弓", "矢"} & set(rite.held_by(figure, step.t1)), (step.id, figure)
