"""The viewer keeps the text's branches it was started with (``choreo view --outcome tie``) for the session:
named in the window's title, kept when the reading or the venue is switched."""

from __future__ import annotations

import pygame

from choreo.planning import find_script
from tests.viewer.conftest import key


def test_the_options_are_named_and_kept_across_a_reading_switch(make_viewer):
    v = make_viewer(find_script("xiangshe/e08-shuhuo"), options=("tie",))
    assert v.choreography.options == ("tie",)
    assert pygame.display.get_caption()[0].endswith("— 鄭注・賈疏 — 若左右鈞")
    key(pygame.K_r)
    v.pump(0)
    assert v.wait_planned()
    ch = v.choreography
    assert ch.reading == "ao" and ch.options == ("tie",) and ch.option_titles == ("若左右鈞",)
    assert "s12" not in [s.id for s in ch.steps]  # the option's change set holds under the new reading too
    assert pygame.display.get_caption()[0].endswith("— 若左右鈞")
