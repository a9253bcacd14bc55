"""The placement pass's searches, made cheaper, answer as their plain forms do, to the last bit.

``corner_box`` tries its candidates one at a time and stops at the first that is free (most passes the
first corner is): over random panels, furniture and figures (none free, the furniture crowding every
corner, a box larger than the panel) it must give the box the plain search gives, which builds every
candidate first, keeps those inside the panel and clear of the furniture, and takes the first clear of
the rest, or the one covering the least of it.
"""

from __future__ import annotations

import random

import pytest

from choreo.render.labelling import corner_box
from choreo.render.placement import _clear, _inside


def plain_corner_box(rect, w, h, margin, avoid, order=("tl", "bl", "tr", "br"), hard=()):
    """corner_box as it was written before it was made lazy (the specification)."""
    left, top, rw, rh = rect
    at = {"tl": (left + margin, top + margin), "bl": (left + margin, top + rh - margin - h),
          "tr": (left + rw - margin - w, top + margin), "br": (left + rw - margin - w, top + rh - margin - h)}
    boxes = [(at[k][0], at[k][1], at[k][0] + w, at[k][1] + h) for k in order]
    for f in hard:
        for x, y in ((f[0], f[3] + margin), (f[0], f[1] - margin - h), (f[2] + margin, f[1]),
                     (f[0] - margin - w, f[1]), (f[2] - w, f[3] + margin), (f[2] - w, f[1] - margin - h)):
            boxes.append((x, y, x + w, y + h))
    inside = (left, top, left + rw, top + rh)
    boxes = [b for b in boxes if _inside(b, inside) and _clear(b, hard)] or boxes[:len(order)]
    for b in boxes:
        if _clear(b, avoid):
            return b

    def covered(b):
        return sum(max(0.0, min(b[2], o[2]) - max(b[0], o[0])) * max(0.0, min(b[3], o[3]) - max(b[1], o[1]))
                   for o in avoid)
    return min(boxes, key=covered)


def _box(rng, rect, most):
    left, top, rw, rh = rect
    x, y = rng.uniform(left - 40, left + rw), rng.uniform(top - 40, top + rh)
    return (x, y, x + rng.uniform(0.5, most), y + rng.uniform(0.5, most))


@pytest.mark.parametrize("seed", range(4))
def test_the_lazy_corner_search_gives_the_plain_searchs_box(seed):
    rng = random.Random(seed)
    orders = [("tl", "bl", "tr", "br"), ("br", "tl", "bl", "tr"), ("bl", "br", "tl", "tr"), ("tr",)]
    seen = {"first corner": 0, "beside the furniture": 0, "least covered": 0}
    for _ in range(1500):
        rect = (rng.choice([0, 0, 1024, 13.5]), 0, rng.uniform(120, 1024), rng.uniform(80, 570))
        w, h = rng.uniform(10, 1.2 * rect[2]), rng.uniform(10, 1.2 * rect[3])  # larger than the panel at times
        hard = [_box(rng, rect, 160) for _ in range(rng.randint(0, 4))]
        avoid = [_box(rng, rect, rng.choice([20, 60, 300])) for _ in range(rng.choice([0, 3, 10, 40]))]
        order, m = rng.choice(orders), rng.choice([0, 4, 10])
        want = plain_corner_box(rect, w, h, m, avoid, order=order, hard=hard)
        got = corner_box(rect, w, h, m, avoid, order=order, hard=hard)
        assert got == want, (rect, w, h, avoid, order, hard)
        if not _clear(want, avoid):
            seen["least covered"] += 1
        elif want[:2] in [(rect[0] + m, rect[1] + m), (rect[0] + m, rect[1] + rect[3] - m - h),
                          (rect[0] + rect[2] - m - w, rect[1] + m), (rect[0] + rect[2] - m - w, rect[1] + rect[3] - m - h)]:
            seen["first corner"] += 1
        else:
            seen["beside the furniture"] += 1
    assert all(n > 20 for n in seen.values()), seen  # every way out of the search was taken
