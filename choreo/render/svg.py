"""The floor plan as SVG, written straight from the layout's geometry (no pygame), same panels as the PNG.

Text is left as text (the reader's CJK font draws it), so the SVG stays small and searchable; label
positions come from the same placement as the PNG, measured with the em approximation.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from choreo.render.config import RenderConfig
from choreo.render.placement import em_measure
from choreo.render.planlabels import MARK_GAP, NAME_GAP, edge_lines, floor_boxes, mark_boxes, place_names
from choreo.render.planlayout import (
    LABEL_SIZES,
    TITLE_BAND,
    PlanLayout,
    Shape,
    build_layout,
    hall_viewport,
    nice_scale_bar,
    plan_title,
    split_panels,
    strip_labels,
    strip_viewport,
)
from choreo.render.style import PLAN
from choreo.render.viewport import Viewport
from stage.model import Venue

FONT = "'Noto Serif CJK TC','Noto Serif TC','Songti TC',serif"


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _shape(s: Shape, vp: Viewport, k: float) -> str:
    pts = vp.to_screen_many(s.coords) if s.coords else []
    w = max(1.0, s.width * k)
    if s.kind == "circle":
        x, y = pts[0]
        r = max(vp.length(s.radius), s.min_px * k)
        stroke = f' stroke="{_hex(PLAN[s.outline])}" stroke-width="{w:.1f}"' if s.outline else ""
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{_hex(PLAN[s.style])}"{stroke}/>'
    d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    if s.kind == "poly":
        stroke = f' stroke="{_hex(PLAN[s.outline])}" stroke-width="{w:.1f}"' if s.outline else ""
        return f'<polygon points="{d}" fill="{_hex(PLAN[s.style])}"{stroke}/>'
    dash = f' stroke-dasharray="{8 * k:.0f},{6 * k:.0f}"' if s.dashed else ""
    return f'<polyline points="{d}" fill="none" stroke="{_hex(PLAN[s.style])}" stroke-width="{w:.1f}"{dash}/>'


def _labels(layout: PlanLayout, labels, vp: Viewport, cfg: RenderConfig, min_priority: int, k: float,
            taken: list = ()) -> list[str]:
    """The names placed as the PNG places them (choreo.render.planlabels), measured with the em
    approximation; a name standing off its mark has its leader."""
    left, top, w, h = vp.rect
    items = [(lab.text, *vp.to_screen(lab.x, lab.y), lab.priority, cfg.px(LABEL_SIZES[lab.size])) for lab in labels]
    names = place_names(items, em_measure, mark_boxes(layout, vp, k), gap=cfg.px(5), name_gap=cfg.dim(NAME_GAP),
                        mark_gap=cfg.dim(MARK_GAP), bounds=(left, top, left + w, top + h), min_priority=min_priority,
                        taken=taken, floors=floor_boxes(layout, vp), edges=edge_lines(layout, vp, k),
                        ink=em_ink)
    out = []
    for n in names:
        if n.leader is not None:
            (x0, y0), (x1, y1) = n.leader
            out.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
                       f'stroke="{_hex(PLAN["label-dim"])}" stroke-width="{max(1.0, k):.1f}"/>')
    for n in names:
        lx, ly, size = n.box[0], n.box[1], n.size
        out.append(f'<text x="{lx:.1f}" y="{ly + size:.1f}" font-size="{size}" fill="{_hex(PLAN["label"])}" '
                   f'stroke="{_hex(PLAN["halo"])}" stroke-width="{size / 8:.1f}" paint-order="stroke">'
                   f'{escape(n.text)}</text>')
    return out


def em_ink(text: str, size: float) -> tuple[float, float, float, float]:
    """Where a name's glyphs lie in its em_measure box, as _labels writes it (its baseline a size below the box's
    top): an ideograph rises some 0.88 of the size above the baseline and falls 0.12 below; the halo's stroke
    (size / 16 each side) is margin a wall may touch."""
    return 0.0, 0.1 * size, 0.0, 0.08 * size


def _panel(layout: PlanLayout, vp: Viewport, cfg: RenderConfig, ident: str, strip: bool) -> list[str]:
    left, top, w, h = vp.rect
    k = cfg.font_scale * (0.7 if strip else 1.0)
    out = [f'<clipPath id="{ident}"><rect x="{left}" y="{top}" width="{w}" height="{h}"/></clipPath>',
           f'<g clip-path="url(#{ident})">',
           f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="{_hex(PLAN["strip-bg" if strip else "background"])}"/>']
    out += [_shape(s, vp, k) for s in layout.shapes]
    if strip:
        out += _labels(layout, strip_labels(layout), vp, cfg, 3, k)
    else:
        chi, words = nice_scale_bar(vp.scale, w * 0.16)
        x0, y0 = left + cfg.px(18), top + h - cfg.px(22)
        cx, cy, s = left + w - cfg.px(34), top + cfg.px(58), cfg.px(20)
        # the scale bar with its words and the north arrow with its 北: no name is written over them
        furniture = [(x0, y0 - cfg.px(8) - cfg.px(15), x0 + max(chi * vp.scale, cfg.px(15) * len(words) * 0.6),
                      y0 + cfg.px(6)), (cx - s, cy - s - 4 - cfg.px(20), cx + s, cy + s * 0.6)]
        out += _labels(layout, layout.labels, vp, cfg, 2, k, furniture)
        out.append(f'<rect x="{x0}" y="{y0}" width="{chi * vp.scale:.1f}" height="{cfg.px(6)}" '
                   f'fill="{_hex(PLAN["label"])}"/>')
        out.append(f'<text x="{x0}" y="{y0 - cfg.px(8)}" font-size="{cfg.px(15)}">{escape(words)}</text>')
        out.append(f'<polygon points="{cx},{cy - s} {cx + s * 0.45:.1f},{cy + s * 0.6:.1f} {cx},{cy + s * 0.25:.1f} '
                   f'{cx - s * 0.45:.1f},{cy + s * 0.6:.1f}" fill="{_hex(PLAN["label"])}"/>')
        out.append(f'<text x="{cx}" y="{cy - s - 4}" font-size="{cfg.px(20)}" text-anchor="middle">北</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" stroke="{_hex(PLAN["frame"])}"/>')
    out.append("</g>")
    return out


def plan_svg(venue: Venue, cfg: RenderConfig) -> str:
    """The SVG document of the venue's plan at ``cfg.size``."""
    layout = build_layout(venue)
    w, h = cfg.size
    band = cfg.px(TITLE_BAND)
    panels = split_panels(cfg.size, strip=cfg.strip, top_band=band)
    main_vp = hall_viewport(layout, panels.main)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
             f'font-family="{FONT}" fill="{_hex(PLAN["label"])}">',
             f'<title>{escape(plan_title(venue))}</title>',
             f'<rect width="{w}" height="{h}" fill="{_hex(PLAN["background"])}"/>',
             f'<text x="{cfg.px(16)}" y="{band * 0.7:.0f}" font-size="{cfg.px(30)}">{escape(plan_title(venue))}</text>']
    parts += _panel(layout, main_vp, cfg, "main", strip=False)
    if panels.strip is not None:
        svp = strip_viewport(layout, panels.strip)
        parts += _panel(layout, svp, cfg, "strip", strip=True)
        minx, miny, maxx, maxy = main_vp.world_bounds
        x0, y0 = svp.to_screen(minx, maxy)
        x1, y1 = svp.to_screen(maxx, miny)
        parts.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" fill="none" '
                     f'stroke="{_hex(PLAN["camera"])}" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
