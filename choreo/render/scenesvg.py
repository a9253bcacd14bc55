"""Painting a :class:`~choreo.render.scene.Scene` as SVG: shapes as SVG shapes, text as outlines.

Every character is a path of the bundled font (defined once, then ``<use>``d), so the file needs no
font to print the same everywhere; each keeps its text in a ``<title>`` for search and reading.
One SVG picture per scene; its physical size (cm) is given, its viewBox is the scene's pixels.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from choreo.render.outlines import glyph_path, units_per_em
from choreo.render.scene import Circle, Clip, Glyphs, Poly, Scene


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _paint_attrs(fill, stroke, width, dashed=None) -> str:
    out = f'fill="{_hex(fill)}"' if fill is not None else 'fill="none"'
    if stroke is not None:
        out += f' stroke="{_hex(stroke)}" stroke-width="{width:g}"'
        if dashed:
            out += f' stroke-dasharray="{dashed[0]:.2f} {dashed[1]:.2f}"'
    return out


def _opacity(item) -> str:
    return f' opacity="{item.opacity:.3f}"' if item.opacity < 1.0 else ""


def _pts(points) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


class _Writer:
    def __init__(self) -> None:
        self.defs: dict[str, str] = {}  # glyph id → path
        self.clips = 0

    def item(self, item) -> list[str]:
        if isinstance(item, Clip):
            self.clips += 1
            ident = f"clip{self.clips}"
            x, y, w, h = item.rect
            out = [f'<clipPath id="{ident}"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/></clipPath>',
                   f'<g clip-path="url(#{ident})">']
            for sub in item.items:
                out += self.item(sub)
            return out + ["</g>"]
        if isinstance(item, Poly):
            attrs = _paint_attrs(item.fill, item.stroke, item.width, item.dashed) + _opacity(item)
            if item.radius and len(item.points) == 4:
                (x0, y0), (x1, y1) = item.points[0], item.points[2]
                return [f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{x1 - x0:.2f}" height="{y1 - y0:.2f}" '
                        f'rx="{item.radius:g}" {attrs}/>']
            tag = "polygon" if item.closed else "polyline"
            return [f'<{tag} points="{_pts(item.points)}" {attrs}/>']
        if isinstance(item, Circle):
            # pygame strokes a circle inside its radius; SVG centres the stroke on it
            cx, cy = item.centre
            out = []
            if item.fill is not None:
                out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{item.r:.2f}" fill="{_hex(item.fill)}"'
                           f'{_opacity(item)}/>')
            if item.stroke is not None:
                r = max(item.r - item.width / 2, item.width / 2)
                out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:.2f}" '
                           f'{_paint_attrs(None, item.stroke, item.width)}{_opacity(item)}/>')
            return out
        if isinstance(item, Glyphs):
            return self.glyphs(item)
        return []

    def glyphs(self, g: Glyphs) -> list[str]:
        s = g.size / units_per_em()
        uses = []
        for ch, x, y in g.chars:
            if ch.isspace():
                continue
            name, path = glyph_path(ch)
            ident = "g" + "".join(c if c.isalnum() else "_" for c in name)
            self.defs.setdefault(ident, path)
            turn = " rotate(-90)" if g.turned else ""
            uses.append(f'<use href="#{ident}" transform="translate({x:.2f} {y:.2f}){turn} scale({s:.5f} {-s:.5f})"/>')
        out = [f"<g><title>{escape(g.text)}</title>"]
        if g.halo is not None:
            pad = max(1, g.size // 9)
            out.append(f'<g fill="{_hex(g.halo)}" stroke="{_hex(g.halo)}" stroke-width="{2 * pad / s:.0f}" '
                       'stroke-linejoin="round">' + "".join(uses) + "</g>")
        out.append(f'<g fill="{_hex(g.colour)}">' + "".join(uses) + "</g>")
        return out + ["</g>"]


def scene_svg(scene: Scene, size_cm: tuple[float, float] | None = None) -> str:
    """The SVG document of ``scene``; ``size_cm`` its printed width and height (default: pixels)."""
    w, h = scene.size
    writer = _Writer()
    body = [f'<rect width="{w}" height="{h}" fill="{_hex(scene.background)}"/>']
    for item in scene.items:
        body += writer.item(item)
    width, height = (f"{size_cm[0]:g}cm", f"{size_cm[1]:g}cm") if size_cm else (str(w), str(h))
    defs = "".join(f'<path id="{ident}" d="{path}"/>' for ident, path in writer.defs.items())
    head = ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {w} {h}">',
            f"<title>{escape(scene.title)}</title>" if scene.title else "",
            f"<defs>{defs}</defs>"]
    return "\n".join(line for line in head if line) + "\n" + "\n".join(body) + "\n</svg>\n"


def pages_svg(scenes: list[Scene], size_cm: tuple[float, float]) -> list[str]:
    return [scene_svg(s, size_cm) for s in scenes]

