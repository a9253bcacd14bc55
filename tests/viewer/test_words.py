"""The viewer names things as a reader does: the reading's title (鄭注・賈疏), the venue's (榭), the
seed as 〔000〕; the internal keys (zheng, ao, xie, xiang) and the seed's file name stay on the
command line. Read from the strings the viewer actually draws (every TextCache.render of a frame)."""

from __future__ import annotations

import re
import threading

import pygame

from choreo.planning import find_script
from choreo.render.card import seed_tag
from choreo.render.text import TextCache
from choreo.viewer.session import Session
from stage.loader import load_venue
from tests.viewer.conftest import key

KEYS = re.compile(r"(?<![A-Za-z])(zheng|ao|xie|xiang)(?![A-Za-z])")


def drawn_strings(v, monkeypatch) -> list[str]:
    """Every string drawn while the viewer draws one frame from scratch."""
    seen: list[str] = []
    render = TextCache.render

    def recording(self, text, *args, **kwargs):
        seen.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", recording)
    v.panels = type(v.panels)(v.writer)  # no panel surface cached: all of them drawn again
    v.renderer = None
    v._renderer_key = None
    v._ensure_renderer()
    v.draw()
    monkeypatch.setattr(TextCache, "render", render)
    return seen


def test_panels_and_title_name_the_reading_venue_and_seed_as_a_reader_does(make_viewer, monkeypatch):
    v = make_viewer(find_script("xiangshe/e02-first-round"))
    ch = v.choreography
    step = ch.steps[0]
    assert ch.reading_title and ch.venue.title and "_" in step.source  # a real file name to hide
    text = "\n".join(drawn_strings(v, monkeypatch))
    assert ch.reading_title in text and ch.venue.title in text
    assert seed_tag(step.source) in text and seed_tag(step.source) == f"〔{step.source[:3]}〕"
    assert step.source not in text and ".txt" not in text
    assert not KEYS.search(text), KEYS.search(text)
    caption = pygame.display.get_caption()[0]
    assert ch.reading_title in caption and not KEYS.search(caption)


def test_switching_says_the_venue_and_reading_by_their_titles(make_viewer, script, monkeypatch):
    v = make_viewer(script)
    gate = threading.Event()
    load = Session.load
    monkeypatch.setattr(Session, "load", lambda self: (gate.wait(10), load(self))[1])
    key(pygame.K_v)
    v.pump(0)
    other = next(k for k in ("xiang", "xie") if k != v.choreography.venue.key)
    assert v.planning.what == f"venue: {load_venue(other).title}"
    text = "\n".join(drawn_strings(v, monkeypatch))  # the planning notice, drawn over the frame
    assert load_venue(other).title in text and not KEYS.search(text)
    gate.set()
    assert v.wait_planned() and v.choreography.venue.key == other
    key(pygame.K_r)
    v.pump(0)
    assert v.planning.what == "reading: 敖"  # the script's title of reading ao
    gate.set()
    assert v.wait_planned() and v.choreography.reading == "ao"
    text = "\n".join(drawn_strings(v, monkeypatch))  # the toast saying it is done
    assert "reading: 敖" in text and not KEYS.search(text)
