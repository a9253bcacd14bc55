"""Marks of a figure's body states on his disc (choreo/model.py BODY_STATES): 袒, 決遂.

choice (the seeds describe no picture): 袒 — the left arm bared — is a short pale bar standing out
from the rim on the figure's own left; 決遂 — thumb-ring and arm-guard on — a small dark ring on his
right side, where the 決 is worn. The bow's states (張/弛, 挾) are drawn in its pictogram, 說屨 and 坐
on the disc by the figure layer.
"""

from __future__ import annotations

from choreo.render.marks.shapes import RGB, Mark, toward

DISC_STATES = frozenset({"袒", "決遂"})
BODY_MARK_REACH = 3.8  # how far beyond the rim the marks reach, in units: the 袒 bar's rounded end


def body_marks(cx: float, cy: float, r: float, bearing: float, states, ink: RGB, paper: RGB,
               unit: float) -> list[Mark]:
    """The marks of ``states`` for a disc of radius r centred at (cx, cy) facing ``bearing``."""
    out: list[Mark] = []
    if "袒" in states:
        a, b = toward(cx, cy, bearing - 90.0, r * 0.45), toward(cx, cy, bearing - 90.0, r + unit * 2.6)
        out.append(Mark("line", (a, b), ink, unit * 2.2))
        out.append(Mark("line", (a, b), paper, max(1.0, unit * 1.1)))
    if "決遂" in states:
        at = toward(cx, cy, bearing + 90.0, r + unit * 1.5)
        out.append(Mark("circle", (at,), paper, 0, unit * 1.5))
        out.append(Mark("circle", (at,), ink, max(1.0, unit * 0.8), unit * 1.5))
    return out
