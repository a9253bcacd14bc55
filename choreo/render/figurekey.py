"""The key of the numbered figures: its entries and its lines in a box (pure geometry: no pygame;
text is measured by a function passed in).

A file numbered together (the 三耦 and the 眾賓 at the 堂西) is one entry, its numbers first and its
names in file order: 「1–11 眾賓4·3·2·1·大夫之耦·下耦下射·上射·…」, a name that begins like the one
before it written without the shared beginning (眾賓4·3 for 眾賓4, 眾賓3; 下耦下射·上射 for 下耦下射,
下耦上射). An entry is wrapped between names, never inside one.

choice: the key takes at most KEY_WIDTH of the main view's width and KEY_HEIGHT of its height (it
leaves the court to the figures); what does not fit at the key's size is set smaller, down to
KEY_LEAST of it (never below 9 px), in more columns; only then may it grow past those bounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Measure = Callable[[str, float], tuple[float, float]]
KEY_WIDTH = 0.35  # of the main view's width
KEY_HEIGHT = 0.5  # of the main view's height
KEY_LEAST = 0.75  # the smallest the key's text is set, as a part of its size
TEXT_FLOOR = 9  # never below the project's smallest text (RenderConfig.px)
SEPARATOR = "·"


def _shared(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def compact_names(names: Sequence[str]) -> list[str]:
    """The names of a run as written in its entry: each after the first without the beginning (two
    characters or more) it shares with the name before it, never reduced to nothing."""
    out: list[str] = []
    for k, name in enumerate(names):
        n = _shared(names[k - 1], name) if k else 0
        out.append(name[n:] if n >= 2 and n < len(name) else name)
    return out


@dataclass(frozen=True)
class Entry:
    """One entry of the key: its numbers (「3」 or 「1–11」) and its names, in file order."""

    numbers: str
    names: tuple[str, ...]


def key_entries(keyed: Sequence[tuple[int, str]], runs: Sequence[tuple[int, int]]) -> list[Entry]:
    """The entries for ``keyed`` (number, name) with the ``runs`` (first, last number) of files."""
    name_of = dict(keyed)
    in_run = {n: run for run in runs if run[1] > run[0] for n in range(run[0], run[1] + 1)}
    out = []
    for n, name in sorted(keyed):
        run = in_run.get(n)
        if run is None:
            out.append(Entry(str(n), (name,)))
        elif n == run[0]:
            out.append(Entry(f"{run[0]}–{run[1]}", tuple(compact_names([name_of[k] for k in range(run[0], run[1] + 1)]))))
    return out


def entry_lines(entry: Entry, measure: Measure, size: float, width: float) -> list[tuple[str, float]]:
    """The entry's lines (text, indent) no wider than ``width`` where a name allows: broken after a
    separator, the lines after the first indented under the first name."""
    head = f"{entry.numbers} "
    indent = measure(head, size)[0]
    lines: list[tuple[str, float]] = []
    line, x0 = head, 0.0
    for k, name in enumerate(entry.names):
        word = name + (SEPARATOR if k < len(entry.names) - 1 else "")
        if line.strip() and line != head and measure(line + word, size)[0] + x0 > width:
            lines.append((line, x0))
            line, x0 = "", indent
        line += word
    lines.append((line, x0))
    return lines


@dataclass(frozen=True)
class KeyLayout:
    """The key's lines (text, left, top) relative to its box's top-left corner, its size and text size."""

    lines: tuple[tuple[str, float, float], ...]
    width: float
    height: float
    size: float


def key_layout(entries: Sequence[Entry], measure: Measure, size: float, pad: float,
               max_w: float, max_h: float) -> KeyLayout:
    """The entries in columns within ``max_w`` × ``max_h`` (their text set smaller if it must,
    down to KEY_LEAST of ``size``); at the least size the key may grow taller than ``max_h``."""
    if not entries:
        return KeyLayout((), 0.0, 0.0, size)
    s = size
    least = max(size * KEY_LEAST, min(size, TEXT_FLOOR))
    while True:
        lay = _columns(entries, measure, s, pad, max_w, max_h)
        if (lay.width <= max_w and lay.height <= max_h) or s <= least:
            return lay
        s = max(least, s - 1)


def _columns(entries, measure, size, pad, max_w, max_h) -> KeyLayout:
    """The fewest columns (each entry wrapped to its column's width, kept whole in a column) that
    hold the entries within ``max_h``; else the layout of them that overflows least."""
    row = measure("1", size)[1]
    best = None
    for columns in range(1, len(entries) + 1):
        blocks = [entry_lines(e, measure, size, (max_w - (columns + 1) * pad) / columns) for e in entries]
        rows = max(max(len(b) for b in blocks), -(-sum(len(b) for b in blocks) // columns))
        cols: list[list[tuple[str, float]]] = [[]]
        for b in blocks:
            if cols[-1] and len(cols[-1]) + len(b) > rows:
                cols.append([])
            cols[-1].extend(b)
        lay = _set(cols, measure, size, pad, row)
        over = max(0.0, lay.width - max_w) + max(0.0, lay.height - max_h)
        if best is None or over < best[0]:
            best = (over, lay)
        if over == 0:
            break
    return best[1]


def _set(cols, measure, size, pad, row) -> KeyLayout:
    out, x, tallest = [], pad, 0
    for col in cols:
        y = pad
        for text, indent in col:
            out.append((text, x + indent, y))
            y += row
        x += max(measure(text, size)[0] + indent for text, indent in col) + pad
        tallest = max(tallest, len(col))
    return KeyLayout(tuple(out), x, tallest * row + 2 * pad, size)
