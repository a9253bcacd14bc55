"""The words of the script language that name a facing or a place in a rank, written once.

The venue loader, the script parser, the planner, its verbs and the checker all read these (before,
three tables of facings disagreed about 負侯 and three patterns of rank places about negatives).
"""

from __future__ import annotations

import re

# Compass bearings of the facings (DESIGN.md: 0 = 北面, clockwise).
FACINGS: dict[str, float] = {"北面": 0.0, "東北面": 45.0, "東面": 90.0, "東南面": 135.0, "南面": 180.0,
                             "西南面": 225.0, "西面": 270.0, "西北面": 315.0}
# 負侯 — one's back to the 侯 (鄭 「負侯，負侯中也」〔000〕), which faces north (疏 「以其侯以北面為正」〔000〕),
# so one faces north too.
BACK_TO_TARGET = "負侯"
FACING_WORDS: dict[str, float] = {**FACINGS, BACK_TO_TARGET: 0.0}

# The states of a 侯's 綱 (cords), a landmark of kind ``cord``: stretched and tied to its post, as when
# the 侯 is hung (「乃張侯」, [NOT IN SEEDS] 鄉射禮 經), or loosed (「巾車、量人解左下綱」〔003〕; 鄭 「解猶釋也」〔003〕).
CORD_TIED = "張"
CORD_LOOSED = "解"
CORD_STATES = (CORD_TIED, CORD_LOOSED)

# A place in a rank or file: 射位一[2] is the second from the senior end. Negative numbers are matched
# so that they can be refused with a reason rather than read as an unknown name.
SLOT = re.compile(r"^(?P<name>.+)\[(?P<k>-?\d+)\]$")


def rank_slot(expr: str) -> tuple[str, int] | None:
    """``(rank name, k)`` for ``R[k]`` (k as written, 1 = the senior), else None."""
    m = SLOT.match(expr)
    return (m.group("name"), int(m.group("k"))) if m else None
