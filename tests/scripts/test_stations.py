"""The 射位 and the officers' 位 (issue 15): a pair leaves its 射位 going east abreast, 一南一北, and reaches
the 階 or the 楅 without a way round the 司射 or the 司馬; a pair coming down the 階 walks abreast,
「并行，上射於左」〔000〕, in both venues."""

import math

import numpy as np
import pytest

from tests.scripts.test_fidelity import VENUES, rite

# 尺: the text gives no tolerance. Two walking abreast keep abreast_spacing (3 尺) apart across the way and at
# most a 跬 (3 尺) minus a body's width apart along it; the checker's own 'abreast' is 1.5 尺 along.
ALONG_MAX = 1.5
ACROSS = (2.0, 4.0)


def _bows(ch, figure, step_id):
    return [e.t for e in ch.events if e.figure == figure and e.kind == "揖" and e.step == step_id]


def _walk(ch, up, down, t0, t1, dt=0.1):
    """Positions of the two every dt from t0 to t1, and the pair's velocity where both walk (zero where
    either stands: the inner man turning on the spot while the other comes round him at a corner)."""
    ts = np.arange(t0, t1, dt)
    p = np.array([[ch.pose_at(up, t).x, ch.pose_at(up, t).y] for t in ts])
    q = np.array([[ch.pose_at(down, t).x, ch.pose_at(down, t).y] for t in ts])
    vp, vq = np.gradient(p, dt, axis=0), np.gradient(q, dt, axis=0)
    both = (np.hypot(*vp.T) > 0.4) & (np.hypot(*vq.T) > 0.4)
    return p, q, (vp + vq) / 2.0 * both[:, None]


def _along_across(p, q, v):
    """Of the 上射 relative to the 下射, where both walk: how far ahead along the way, how far to its left."""
    speed = np.hypot(v[:, 0], v[:, 1])
    moving = speed > 0.4
    d = p - q
    along = (d[:, 0] * v[:, 0] + d[:, 1] * v[:, 1])[moving] / speed[moving]
    across = (v[:, 0] * d[:, 1] - v[:, 1] * d[:, 0])[moving] / speed[moving]
    return along, across


LEAVING = [("e2.s04", "上耦", ("司射位",)),          # 射位一 → 當階: 「上耦揖進，上射在左，并行。當階，北面揖」
           ("e6.s02", "上耦", ("司射位", "司馬位")),  # 射位二 → 當階 (如初)
           ("e5.s04", "上耦", ("司射位", "司馬位"))]  # 射位二 → 當楅: 「上耦揖進，當楅北面揖」


@pytest.mark.parametrize("venue", VENUES)
@pytest.mark.parametrize(("step_id", "pair", "officers"), LEAVING)
def test_a_pair_leaves_its_station_east_abreast_with_no_way_round_the_officers(venue, step_id, pair, officers):
    """疏 「此上耦發位東行時，一南一北并行」 (intact: 「東行時，一南一北并行」〔000〕): from the 揖 at the 射位 to
    the 揖 at 當階 (or 當楅) the two set off due east side by side, the 上射 on the left (north, then west
    when they turn), and go only east and north: no waypoint round the 司射 or the 司馬, whose places they
    pass on the south and then keep to the west of."""
    ch = rite(venue)
    up, down = f"{pair}上射", f"{pair}下射"
    t0, t1 = _bows(ch, up, step_id)[:2]
    p, q, v = _walk(ch, up, down, t0 + 0.5, t1)
    for track, who in ((p, up), (q, down)):
        back = np.diff(track, axis=0)
        assert back.min() > -0.05, f"{who} turns back ({back.min():.2f} 尺) on his way in {step_id}"
        gone = np.hypot(*(track - track[0]).T)
        first = track[np.argmax(gone > 2.0)] - track[0]
        assert abs(math.degrees(math.atan2(first[1], first[0]))) < 15.0, f"{who} does not set off east"
        for name in officers:
            ox, oy = ch.venue.landmark(name).point
            crossing = track[np.argmin(np.abs(track[:, 0] - ox))]
            assert crossing[1] < oy - 2.0, f"{who} passes {name} at y={crossing[1]:.1f}, not south of {oy:.1f}"
    # The last 2 s: coming to stand level east–west facing north (疏 「其時上射稍西，下射稍東，東西相當」〔000〕),
    # the one on the outside of their last turn draws level.
    along, across = _along_across(*(a[: -int(2.0 / 0.1)] for a in (p, q, v)))
    assert len(along) > 20
    assert np.abs(along).max() <= ALONG_MAX, f"{step_id}: one {np.abs(along).max():.1f} 尺 ahead"
    assert ACROSS[0] <= across.min() and across.max() <= ACROSS[1], \
        f"{step_id}: the 上射 {across.min():.1f}…{across.max():.1f} 尺 to the left of the 下射"


DESCENTS = [("e2.s16x", "上耦上射", "上耦下射"), ("e2.s16xc", "下耦上射", "下耦下射"),
            ("e6.s16", "上耦上射", "上耦下射"), ("e6.s16b", "次耦上射", "次耦下射"),
            ("e6.s16c", "下耦上射", "下耦下射"), ("e6.m16", "眾賓1", "眾賓2")]


def _moving_span(ch, figure, t0, t1, dt=0.05):
    ts = np.arange(t0, t1, dt)
    xy = np.array([[ch.pose_at(figure, t).x, ch.pose_at(figure, t).y] for t in ts])
    moving = ts[:-1][np.hypot(*np.diff(xy, axis=0).T) / dt > 0.4]
    return moving[0], moving[-1]


@pytest.mark.parametrize("venue", VENUES)
def test_the_pair_coming_down_walks_abreast_all_the_way(venue):
    """「上射降三等，下射少右，從之，中等，并行，上射於左」〔000〕 (e.2 s16x, e.6 s16 and their repeats, the 眾賓's
    m16): from the moment both walk away from the 階 until the first stops, both are walking (not one by
    turns, as the 庠 had them in round 2, 15 of 25 samples), the 上射 on the left 2–4 尺 across the way and
    never more than ALONG_MAX ahead or behind after they have come side by side; half a 尺 at the median."""
    ch = rite(venue)
    for sid, up, down in DESCENTS:
        step = ch.step(sid)
        (a0, a1), (b0, b1) = _moving_span(ch, up, step.t0, step.t1), _moving_span(ch, down, step.t0, step.t1)
        p, q, v = _walk(ch, up, down, max(a0, b0), min(a1, b1))
        along, across = _along_across(p, q, v)
        assert len(along) >= 0.9 * len(p), f"{sid}: both walk in {len(along)} of {len(p)} samples"
        assert np.median(np.abs(along)) <= 0.5, f"{sid}: median {np.median(np.abs(along)):.1f} 尺 apart along"
        settled = np.abs(along)[len(along) // 4:]  # the first quarter: coming side by side from the stair
        assert settled.max() <= ALONG_MAX, f"{sid}: one {settled.max():.1f} 尺 ahead"
        assert ACROSS[0] <= across.min() and across.max() <= ACROSS[1], \
            f"{sid}: the 上射 {across.min():.1f}…{across.max():.1f} 尺 to the left"
