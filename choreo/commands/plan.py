"""``choreo plan``: a venue's floor plan to PNG or SVG, or its sources as a table.

    choreo plan --venue xie -o plan.png       # the plan, hall large, the 侯道 strip beside it
    choreo plan --venue xiang -o plan.svg     # the same layout as SVG, written from the geometry
    choreo plan --venue xie --sources         # every landmark: where it is and why (quotation or choice)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from choreo.atomic import check_destination, protect, write_text

DEFAULT_SIZE = "1600x1000"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--venue", default="xie", help="venue key (xie, xiang) or a venue file (default: xie)")
    parser.add_argument("-o", "--output", help="output file: .png or .svg")
    parser.add_argument("--size", default=DEFAULT_SIZE, help=f"WIDTHxHEIGHT in pixels (default {DEFAULT_SIZE})")
    parser.add_argument("--sources", action="store_true",
                        help="print the provenance of every landmark and every parameter (the planner's numbers too)")
    parser.add_argument("--no-strip", dest="strip", action="store_false", help="leave out the 侯道 strip")


def run(args: argparse.Namespace) -> int:
    from choreo.errors import ExportError
    from choreo.render.config import RenderConfig, parse_size
    from stage.loader import load_venue
    from stage.marked_yaml import recording_reads

    if not args.sources and not args.output:
        raise ExportError("choreo plan needs -o FILE.png|FILE.svg or --sources")
    cfg = RenderConfig(size=parse_size(args.size), strip=args.strip, quiet=True)
    out = Path(args.output) if args.output else None
    with recording_reads() as inputs, protect(inputs):
        if Path(args.venue).suffix in (".yaml", ".yml"):
            inputs.add(Path(args.venue))
        if out is not None:
            check_destination(out, (".png", ".svg"), "choreo plan")
        venue = load_venue(args.venue)
        inputs.add(Path(venue.path))
        return draw(venue, cfg, out, args)


def draw(venue, cfg, out: Path | None, args: argparse.Namespace) -> int:
    if args.sources:
        print_sources(venue)
    if out is None:
        return 0
    if out.suffix.lower() == ".svg":
        from choreo.render.svg import plan_svg

        write_text(out, plan_svg(venue, cfg))
    else:
        import pygame

        from choreo.export.sinks import PngSink
        from choreo.render.planimage import plan_surface

        surf = plan_surface(venue, cfg)
        with PngSink(out, cfg.size) as sink:
            sink.write(pygame.image.tobytes(surf, "RGB"))
    print(out)
    return 0


def print_sources(venue, stream=None) -> None:
    """The venue's landmarks as a table: name, kind, x, y, then the quotation or the choice, wrapped."""
    import textwrap

    from stage.sources import provenance_rows

    stream = stream or sys.stdout
    rows = provenance_rows(venue)
    print(f"{venue.title or venue.key} ({venue.key}): {len(venue.landmarks)} landmarks; x east, y north, 尺",
          file=stream)
    name_w = max((_width(r[0]) for r in rows), default=4)
    head = f"{_pad('name', name_w)}  {'kind':<8} {'x':>7} {'y':>7}  why"
    print(head, file=stream)
    print("-" * 100, file=stream)
    last = None
    for name, kind, x, y, what, text in rows:
        lead = f"{_pad(name, name_w)}  {kind:<8} {x:7.1f} {y:7.1f}  " if name != last else " " * (name_w + 28)
        body = textwrap.wrap(f"{what}: {text}", width=70) or [what]
        print(lead + body[0], file=stream)
        for more in body[1:]:
            print(" " * (name_w + 28) + "  " + more, file=stream)
        last = name
    _print_params(venue, stream)


def _print_params(venue, stream) -> None:
    """The venue's numbers (the texts' measures, the building's, the planner's), each with its why."""
    import textwrap

    from stage.sources import param_rows

    rows = param_rows(venue)
    print(f"\n{len(venue.params)} parameters (read by the loader, the planner and its verbs):", file=stream)
    name_w = max((_width(r[0]) for r in rows), default=4)
    print(f"{_pad('name', name_w)}  {'value':>8}  why", file=stream)
    print("-" * 100, file=stream)
    last = None
    for name, value, what, text in rows:
        lead = f"{_pad(name, name_w)}  {value:8.4g}  " if name != last else " " * (name_w + 12)
        body = textwrap.wrap(" ".join(f"{what}: {text}".split()), width=80) or [what]
        print(lead + body[0], file=stream)
        for more in body[1:]:
            print(" " * (name_w + 12) + "  " + more, file=stream)
        last = name


def _width(text: str) -> int:
    """Display width: CJK characters take two columns in a terminal."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))
