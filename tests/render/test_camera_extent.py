"""camera._extent_over (the actors' window round t, walked once) widens the boxes exactly as Track.at's
place at each moment would (camera._place_at, one at a time): bit for bit, for figures walking, standing
through the whole window (found once), absent for part of it, before their first sample and past their
last, into boxes holding -0.0 and 0.0 too."""

from __future__ import annotations

import random
import struct

import pytest

from choreo.planning import plan_script
from choreo.render.camera import _OFFSET_LIST, _empty, _extent_over, _place_at, _plain


def _by_place_at(plain, ts, top, hall, court) -> None:
    for t in ts:
        at = _place_at(plain, t)
        if at is None:
            continue
        box = hall if at[1] >= top else court
        x, y = at
        if x < box[0]:
            box[0] = x
        if y < box[1]:
            box[1] = y
        if x > box[2]:
            box[2] = x
        if y > box[3]:
            box[3] = y


@pytest.mark.parametrize("script", ["xiangshe/e02-first-round", "dashe/full"])  # the 大射's figures leave and come back
def test_the_window_widens_the_boxes_as_each_moment_does(script):
    rite = plan_script(script)
    plains = {name: _plain(track) for name, track in rite.tracks.items() if len(track.samples)}
    rnd = random.Random(5)
    top = 0.0  # the hall's south edge (DESIGN.md): some places north of it, some south
    bits = struct.Struct("4d").pack
    kinds = set()
    for name, plain in plains.items():
        times = plain[0]
        moments = [rnd.uniform(times[0] - 6, times[-1] + 6) for _ in range(60)]
        moments += [u + d for u in times[:: max(1, len(times) // 20)] for d in (-4.0, 0.0, 4.0, 1e-9)]
        moments += [u + d for a, b in plain[3] for u in (a, b) for d in (-4.0, 0.0, 4.0)]  # round an absence
        for t in moments:
            ts = [t + o for o in _OFFSET_LIST]
            for start in (_empty(), [-0.0, 0.0, 0.0, -0.0], [-3.0, -40.0, 3.0, 10.0]):
                got = [list(start), list(start)]
                want = [list(start), list(start)]
                _extent_over(plain, ts, top, *got)
                _by_place_at(plain, ts, top, *want)
                assert [bits(*b) for b in got] == [bits(*b) for b in want], (name, t, start)
            places = {_place_at(plain, u) for u in ts}
            kinds.add("absent" if None in places else "still" if len(places) == 1 else "moving")
    assert kinds == {"absent", "still", "moving"}, kinds
