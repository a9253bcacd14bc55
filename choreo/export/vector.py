"""Vector stills and pages: a frame as SVG (text as outlines) or PDF (font embedded), sized in cm.

The picture is the same :class:`~choreo.render.scene.Scene` the PNG still is painted from, so the
PNG, the SVG and the PDF of one moment agree. Every file is written atomically (choreo.atomic).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from choreo import atomic
from choreo.errors import ExportError
from choreo.model import Choreography
from choreo.render.config import RenderConfig
from choreo.render.scene import Scene

VECTOR = (".svg", ".pdf")
PAGES = (".pdf", ".svg", ".png")  # plates and cue sheets
MAX_CM = 200.0  # a poster; anything larger is a typo
DEFAULT_WIDTH_CM = 16.0  # modelling choice: the text width of an A4 journal page


def parse_size_cm(text: str, flag: str = "--size-cm") -> tuple[float, float]:
    """``16x9`` (centimetres, width × height) → (16.0, 9.0); anything else an ExportError."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*", text or "")
    if not m:
        raise ExportError(f"bad {flag} '{text}': expected WIDTHxHEIGHT in centimetres, e.g. 16x9")
    w, h = float(m.group(1)), float(m.group(2))
    if not (1 <= w <= MAX_CM and 1 <= h <= MAX_CM):
        raise ExportError(f"bad {flag} '{text}': each side must be between 1 and {MAX_CM:g} cm")
    return w, h


def pixels_for(size_cm: tuple[float, float], height: int = 720) -> tuple[int, int]:
    """The picture's size in pixels for a page of ``size_cm``: 720 px high (the frames' design
    size, so text and lines keep their proportions), as wide as the page's shape asks."""
    w, h = size_cm
    return max(16, round(height * w / h)), height


def cm_for(size: tuple[int, int], size_cm: tuple[float, float] | None) -> tuple[float, float]:
    """The printed size: ``size_cm`` as given, else DEFAULT_WIDTH_CM wide in the picture's shape."""
    if size_cm is not None:
        return size_cm
    return DEFAULT_WIDTH_CM, round(DEFAULT_WIDTH_CM * size[1] / size[0], 2)


def check_vector(path: str | os.PathLike, what: str = "choreo render") -> Path:
    return atomic.check_destination(path, VECTOR, what)


def page_paths(out: Path, n: int) -> list[Path]:
    """One page: ``out``; several: ``out`` with -01, -02 … before the suffix."""
    if n == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{i:02d}{out.suffix}") for i in range(1, n + 1)]


def write_scenes(out: str | os.PathLike, scenes: list[Scene], size_cm: tuple[float, float],
                 title: str = "", texts=None) -> list[Path]:
    """Write scenes as one PDF (a page each), or SVG or PNG files (one a scene, see page_paths).
    Returns the files written."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix == ".pdf":
        from choreo.render.scenepdf import scenes_pdf

        data = scenes_pdf(scenes, (size_cm[0] * 10, size_cm[1] * 10), title)
        return [atomic.write_bytes(out, data)]
    paths = page_paths(out, len(scenes))
    for page in paths:
        atomic.refuse_inputs(page)
    if suffix == ".png":
        import pygame

        from choreo.export.sinks import PngSink
        from choreo.render.scenepaint import paint
        from choreo.render.text import TextCache

        texts = texts or TextCache()
        for page, scene in zip(paths, scenes, strict=True):
            with PngSink(page, scene.size) as sink:
                sink.write(pygame.image.tobytes(paint(scene, texts), "RGB"))
        return paths
    from choreo.render.scenesvg import scene_svg

    return [atomic.write_text(page, scene_svg(scene, size_cm)) for page, scene in zip(paths, scenes, strict=True)]


def export_vector_still(choreo: Choreography, out: str | os.PathLike, cfg: RenderConfig, at: str | None,
                        size_cm: tuple[float, float] | None, renderer=None) -> Path:
    """The frame at ``at`` (video.still_time) as SVG or PDF, ``size_cm`` on paper; ``renderer``: one made
    already (a comparison's, which draws the ghosts)."""
    from choreo.export.video import still_time
    from choreo.render.frame import FrameRenderer
    from choreo.render.framescene import FrameScene

    check_vector(out)
    t, step = still_time(choreo, at, getattr(renderer, "comparison", None))
    scene = FrameScene(renderer or FrameRenderer(choreo, cfg)).at(t, step)
    return write_scenes(out, [scene], cm_for(cfg.size, size_cm), choreo.title)[0]
