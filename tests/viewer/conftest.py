"""Fixtures for the viewer tests: headless pygame, an inline script with two readings, a viewer factory.

The inline script (written to tmp_path) is small enough to plan in a fraction of a second: 司射 walks
to the 司射位, then to the 中 (reading zheng) or to the 洗 (reading ao, a made-up variant that
differs on purpose), then the 司馬 walks; step s02 declares a check that fails (司射 never crosses
the 司馬's parallel), so the checker overlay has something to show.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

TWO_READINGS = """\
title: 鄉射
passage: t.1
source: "000"
venue: xie
figures:
  司射: {at: 堂西, facing: 南面, role: official}
  司馬: {at: 司馬位, facing: 東面, role: official}
readings:
  zheng:
    title: 鄭
  ao:
    title: 敖
    changes:
      s02:
        why: 「司射適堂西」〔000〕
        do:
          司射: [{適: 洗}]
steps:
  - id: s01
    text: 司射適堂西
    notes: ["鄭 「猶，有故之辭」〔000〕"]
    do:
      司射: [{適: 司射位}]
  - id: s02
    text: 司射適堂西
    do:
      司射: [{適: 中}]
    check:
      - passes_east_of: [司射, 司馬]
  - id: s03
    text: 司馬適堂西
    do:
      司馬: [{適: 堂西}]
"""

# The same script with a misspelt verb in s02 (line 27, column 12: the key 適 misspelt 敵).
BROKEN = TWO_READINGS.replace("司射: [{適: 中}]", "司射: [{敵: 中}]")


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(TWO_READINGS, encoding="utf-8")
    return path


@pytest.fixture
def make_viewer(tmp_path):
    """Viewer(script, **options) at 1280×720 writing into tmp_path/out; closed after the test."""
    from choreo.viewer.app import Viewer
    from choreo.viewer.session import Request, Session

    made = []
    out = tmp_path / "out"
    out.mkdir()

    def make(script, *, size=(1280, 720), **request):
        watch, compare = request.pop("watch", False), request.pop("compare", None)
        viewer = Viewer(Session(Request(str(script), **request)), size=size, watch=watch, out_dir=out,
                        compare=compare)
        made.append(viewer)
        viewer.pump(0)
        assert viewer.wait_planned()  # the first plan is made in the background too
        return viewer

    yield make
    for viewer in made:
        viewer.close()


def key(k, unicode="", mod=0):
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))


def click(pos, button=1):
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def pump_until(v, done, timeout=30.0):
    """Pump the viewer until ``done()`` holds or ``timeout`` seconds pass; returns ``done()``."""
    import time

    end = time.perf_counter() + timeout
    while not done() and time.perf_counter() < end:
        v.pump(0)
        time.sleep(0.01)
    return done()


def pin_other_step(v):
    """From the first step, press ] until the viewer stops on a step of the other reading only; returns it."""
    import pygame

    key(pygame.K_HOME)
    v.pump(0)
    for _ in range(len(v.spans) + 2):
        key(pygame.K_RIGHTBRACKET)
        v.pump(0)
        if v.pinned is not None:
            break
    return v.pinned


@pytest.fixture
def wall(monkeypatch):
    """The viewer's wall clock (its eases in wall time) standing until the test moves it (``wall.now += dt``): a
    pump and the looks at its picture after it see the same moment, whatever a pump costs here."""
    import time
    from types import SimpleNamespace

    from choreo.viewer import app

    clock = SimpleNamespace(now=time.perf_counter())
    monkeypatch.setattr(app, "time", SimpleNamespace(perf_counter=lambda: clock.now, sleep=time.sleep))
    return clock
