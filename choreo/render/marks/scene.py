"""Marks as :mod:`choreo.render.scene` primitives, for the stills and their SVG/PDF (the video paints
the same Marks with :mod:`choreo.render.marks.paint`)."""

from __future__ import annotations

from dataclasses import replace

from choreo.render.scene import Circle, Poly
from choreo.render.textrun import run


def mark_prims(marks, texts) -> list:
    """Each Mark as the Poly, Circle or Glyphs the painter would draw it as."""
    out = []
    for m in marks:
        if m.kind == "line":
            out.append(Poly(m.points, None, m.colour, max(1, round(m.width)), closed=False))
            if round(m.width) >= 3:
                out += [Circle(p, round(m.width) / 2, m.colour, None, 0) for p in (m.points[0], m.points[-1])]
        elif m.kind == "polygon":
            out.append(Poly(m.points, m.colour, m.outline, 1, radius=m.radius if len(m.points) == 4 else 0.0))
        elif m.kind == "circle":
            if m.width == 0:
                out.append(Circle(m.points[0], m.radius, m.colour, m.outline, 1))
            else:
                out.append(Circle(m.points[0], m.radius, None, m.colour, max(1, round(m.width))))
                if m.outline is not None:
                    out.append(Circle(m.points[0], m.radius, None, m.outline, 1))
        elif m.kind == "text":
            g = run(texts, m.text, max(8, round(m.radius)), m.colour, 0, 0, where="mark")
            x, y = m.points[0]
            dx, dy = x - g.box[2] / 2, y - g.box[3] / 2
            out.append(replace(g, chars=tuple((ch, cx + dx, cy + dy) for ch, cx, cy in g.chars),
                               box=(g.box[0] + dx, g.box[1] + dy, g.box[2], g.box[3])))
    return out
