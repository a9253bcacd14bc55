"""Plan small inline scripts against the real venues."""

import math
import textwrap
from functools import cache

import numpy as np

from choreo.planner import Planner
from choreo.script import apply_reading
from choreo.script_parser import parse_text
from stage.loader import load_venue

VENUES = ("xie", "xiang")


@cache
def venue(key):
    return load_venue(key)


def plan_text(text, venue_key="xie", reading=None):
    script = parse_text(textwrap.dedent(text), "inline.yaml")
    script, name = apply_reading(script, reading)
    return Planner(script, venue(venue_key), name).plan()


def crossings_of_meridian(track, x0, t0=-math.inf, t1=math.inf):
    """y where the path crosses x = x0 (linear interpolation), within [t0, t1]."""
    s = track.samples
    out = []
    for a, b in zip(s, s[1:], strict=False):
        if b[0] < t0 or a[0] > t1:
            continue
        if a[1] == x0 and b[1] == x0:
            continue
        if (a[1] - x0) * (b[1] - x0) < 0 or (b[1] == x0 and a[1] != x0):
            u = (x0 - a[1]) / (b[1] - a[1])
            out.append(a[2] + u * (b[2] - a[2]))
    return out


def crossings_of_parallel(track, y0, t0=-math.inf, t1=math.inf):
    """x where the path crosses y = y0, within [t0, t1]."""
    swapped = track.samples[:, [0, 2, 1, 3]]

    class _T:
        samples = swapped

    return crossings_of_meridian(_T, y0, t0, t1)


def winding(track, centre, t0, t1):
    """Total signed angle (degrees, counter-clockwise positive) swept round ``centre``."""
    pts = [(s[1], s[2]) for s in track.samples if t0 <= s[0] <= t1]
    total = 0.0
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        a = math.atan2(ay - centre[1], ax - centre[0])
        b = math.atan2(by - centre[1], bx - centre[0])
        d = (b - a + math.pi) % (2 * math.pi) - math.pi
        total += d
    return math.degrees(total)


def sample(ch, figure, ts):
    return np.array([ch.tracks[figure].at(t)[:2] for t in ts])
