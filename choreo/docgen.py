"""The one command line of the generated documents (docs/script-language.md, docs/readings.md,
docs/coverage.md): ``python -m choreo.X [OUT.md]``, written atomically, never over an input."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from choreo.atomic import check_destination, write_text
from choreo.errors import ExportError


def generate(argv: list[str], prog: str, default: Path, render: Callable[[], str]) -> int:
    """Write ``render()`` to the path given (default ``default``); 0, or 2 with a one-line error."""
    parser = argparse.ArgumentParser(prog=prog, description=f"Write {default.name} (generated; do not edit by hand).")
    parser.add_argument("out", nargs="?", default=str(default), help=f"where to write it (default {default})")
    args = parser.parse_args(argv)
    try:
        out = check_destination(args.out, (".md",), prog)
        write_text(out, render())
    except ExportError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {out}")
    return 0
