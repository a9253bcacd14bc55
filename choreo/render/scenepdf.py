"""Painting scenes as PDF pages with fpdf2, the bundled font embedded (a CID-keyed CFF subset).

Why fpdf2 (measured, 2026-12, Python 3.11): it is pure Python (7.4 s to install with its
dependencies fontTools, Pillow and defusedxml), embeds our CFF-outline OpenType font as a subset
(pdffonts: ``CID Type 0C``, embedded, subset, with a ToUnicode map), a page with a line of CJK is
12 KB. reportlab refuses the font ("postscript outlines are not supported": TrueType only);
pycairo has no binary wheel for Linux on the registry (it compiles against libcairo2-dev), and
cairosvg installs but loads the system's libcairo at run time, which a fresh machine may lack.

A scene of w × h pixels is scaled uniformly onto the page (centred), so every primitive keeps its
place relative to every other, as in the PNG.
"""

from __future__ import annotations

from contextlib import ExitStack

from choreo.errors import RenderError
from choreo.paths import font_file
from choreo.render.scene import Circle, Clip, Glyphs, Poly, Scene

FAMILY = "yili"


def _fpdf():
    try:
        from fpdf import FPDF
    except ImportError as exc:  # a dependency of the package: only a broken install lacks it
        raise RenderError(f"fpdf2 is needed for PDF output ({exc}); reinstall: pip install .") from None
    return FPDF


class PdfPages:
    """A PDF document of pages ``page_mm`` (width, height) in millimetres, one scene a page."""

    def __init__(self, page_mm: tuple[float, float], title: str = "") -> None:
        fpdf = _fpdf()
        self.page_mm = page_mm
        self.pdf = fpdf(unit="mm", format=page_mm)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(0)
        self.pdf.set_creator("yili-choreo")
        # a fixed date: the same script makes the same file (determinism)
        from datetime import UTC, datetime

        self.pdf.set_creation_date(datetime(2000, 1, 1, tzinfo=UTC))
        if title:
            self.pdf.set_title(title)
        self.pdf.add_font(FAMILY, "", str(font_file()))

    def add(self, scene: Scene) -> None:
        pdf = self.pdf
        pdf.add_page()
        pw, ph = self.page_mm
        w, h = scene.size
        k = min(pw / w, ph / h)
        self.k, self.ox, self.oy = k, (pw - w * k) / 2, (ph - h * k) / 2
        self._fill(scene.background)
        pdf.rect(self.ox, self.oy, w * k, h * k, style="F")
        for item in scene.items:
            self._item(item)

    def bytes(self) -> bytes:
        return bytes(self.pdf.output())

    # -- primitives ---------------------------------------------------------------------------------
    def _xy(self, p) -> tuple[float, float]:
        return self.ox + p[0] * self.k, self.oy + p[1] * self.k

    def _fill(self, rgb) -> None:
        self.pdf.set_fill_color(*rgb)

    def _stroke(self, rgb, width: float) -> None:
        self.pdf.set_draw_color(*rgb)
        self.pdf.set_line_width(width * self.k)

    def _style(self, fill, stroke, width) -> str | None:
        if fill is not None:
            self._fill(fill)
        if stroke is not None:
            self._stroke(stroke, width)
        return ("F" if fill is not None else "") + ("D" if stroke is not None else "") or None

    def _item(self, item) -> None:
        pdf = self.pdf
        if isinstance(item, (Poly, Circle)) and item.opacity < 1.0:
            from dataclasses import replace

            with pdf.local_context(fill_opacity=item.opacity, stroke_opacity=item.opacity):
                self._item(replace(item, opacity=1.0))
        elif isinstance(item, Clip):
            x, y = self._xy(item.rect[:2])
            with pdf.rect_clip(x, y, item.rect[2] * self.k, item.rect[3] * self.k):
                for sub in item.items:
                    self._item(sub)
        elif isinstance(item, Poly):
            style = self._style(item.fill, item.stroke, item.width)
            if style is None:
                return
            pts = [self._xy(p) for p in item.points]
            if item.radius and len(pts) == 4:
                (x0, y0), (x1, y1) = pts[0], pts[2]
                pdf.rect(x0, y0, x1 - x0, y1 - y0, style=style, round_corners=True,
                         corner_radius=item.radius * self.k)
            elif item.closed:
                pdf.polygon(pts, style=style)
            else:
                with ExitStack() as stack:
                    if item.dashed:
                        stack.enter_context(pdf.local_context())
                        pdf.set_dash_pattern(item.dashed[0] * self.k, item.dashed[1] * self.k)
                    pdf.polyline(pts, style="D")
        elif isinstance(item, Circle):
            # pygame strokes a circle inside its radius; PDF centres the stroke on it
            x, y = self._xy(item.centre)
            if item.fill is not None:
                self._fill(item.fill)
                pdf.circle(x, y, item.r * self.k, style="F")
            if item.stroke is not None:
                self._stroke(item.stroke, item.width)
                pdf.circle(x, y, max(item.r - item.width / 2, item.width / 2) * self.k, style="D")
        elif isinstance(item, Glyphs):
            self._glyphs(item)

    def _glyphs(self, g: Glyphs) -> None:
        """Each character at its pen origin (freetype's layout), the halo as a stroke drawn first."""
        pdf = self.pdf
        pdf.set_font(FAMILY, size=g.size * self.k * 72 / 25.4)  # points
        passes = []
        if g.halo is not None:
            passes.append(("STROKE", g.halo, 2 * max(1, g.size // 9)))
        passes.append(("FILL", g.colour, 0))
        for mode, colour, width in passes:
            with pdf.local_context(text_mode=mode):
                pdf.set_text_color(*colour)
                if width:
                    self._stroke(colour, width)
                for ch, x, y in g.chars:
                    if ch.isspace():
                        continue
                    px, py = self._xy((x, y))
                    if g.turned:
                        with pdf.rotation(90, px, py):
                            pdf.text(px, py, ch)
                    else:
                        pdf.text(px, py, ch)


def scenes_pdf(scenes: list[Scene], page_mm: tuple[float, float], title: str = "") -> bytes:
    doc = PdfPages(page_mm, title)
    for scene in scenes:
        doc.add(scene)
    return doc.bytes()
