"""Figure labels and the numbered key, as pixel boxes (pure geometry: no pygame; text is measured by
a function passed in).

Every person on the panel is named, beside his disc or, where there is no room, by a number drawn
in his disc and listed in a key. A label is one line, never broken: a name set one character per
line (「釋/獲/者」) reads as three words. People standing in a file (the 三耦 at the 堂西, the 弟子
in their rank) are labelled all on one side of the file, and those of them whose name has no room
on that side are numbered in file order (all of a file side by side along a row, where one name
does not fit), their numbers in a line on that side, so that a reader can tell which name belongs
to which disc; the key gives such a file one entry (figurekey.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from choreo.render.placement import _clear, _inside

Box = tuple[float, float, float, float]
FILE_REACH = 7.0  # 尺 between neighbours of a file (modelling choice: a 步 and a little, the ranks' spacing)
FILE_LEAST = 3  # people that make a file (two side by side are labelled as two)
FILE_WIDTH = 2.0  # 尺 a file may spread across its line (modelling choice: people in line, not a cluster)


class Mark(NamedTuple):
    """One figure to label: its disc on screen, its position in the world (for files), its words
    (immutable; a tuple: some thirty are made a placement pass, several passes a frame)."""

    name: str
    text: str
    px: float
    py: float
    r: float  # pixels from the centre a label must stand off (disc and facing wedge)
    x: float  # world position (尺)
    y: float
    priority: int
    size: float
    person: bool
    body: Box = (0.0, 0.0, 0.0, 0.0)  # his disc with its facing wedge (pixels)


@dataclass(frozen=True)
class LabelPlan:
    """Where the labels go: ``labels`` (mark index, box), ``keyed`` (mark index, key number),
    ``tags`` (mark index, box of his number beside his disc, in the order of ``keyed``) and ``runs``
    (first, last key number) of each file numbered together, in file order (one key entry each)."""

    labels: tuple[tuple[int, Box], ...]
    keyed: tuple[tuple[int, int], ...]
    tags: tuple[tuple[int, Box], ...] = ()
    runs: tuple[tuple[int, int], ...] = ()


_FILES_KEPT = 4  # the files of the last few frames' panels (the main view and the strip ask in turn)
_files_seen: dict[tuple, list[list[int]]] = {}


def files(marks: Sequence[Mark], shown: Sequence[bool] | None = None) -> list[list[int]]:
    """Groups of FILE_LEAST or more people each within FILE_REACH 尺 of the next, ordered along the
    file (west to east, or north to south); only the marks ``shown`` (default: all)."""
    # a function of the people's places and ranks alone: found again while nobody moves (the camera may)
    key = tuple([(i, m.x, m.y, m.priority) for i, m in enumerate(marks) if m.person and (shown is None or shown[i])])
    hit = _files_seen.get(key)
    if hit is None:
        if len(_files_seen) >= _FILES_KEPT:
            _files_seen.pop(next(iter(_files_seen)))
        hit = _files_seen[key] = _files(marks, [i for i, _x, _y, _p in key])
    return [list(g) for g in hit]


def _files(marks: Sequence[Mark], people: list[int]) -> list[list[int]]:
    parent = {i: i for i in people}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if len(people) < FILE_LEAST:
        return []
    # the pairs within reach, swept west to east: only those less than FILE_REACH apart east-west are
    # measured (a few per person; every pair at once in numpy cost more than the sweep for some 40)
    by_x = sorted(people, key=lambda i: marks[i].x)
    reach2 = FILE_REACH ** 2
    for a_pos, a in enumerate(by_x):
        ax, ay = marks[a].x, marks[a].y
        for b in by_x[a_pos + 1:]:
            bx = marks[b].x
            if bx - ax > FILE_REACH:
                break
            dx, dy = ax - bx, ay - marks[b].y
            if dx * dx + dy * dy <= reach2:  # numpy's arithmetic, to the last bit
                parent[root(a)] = root(b)
    groups: dict[int, list[int]] = {}
    for i in people:
        groups.setdefault(root(i), []).append(i)
    out = []
    for members in groups.values():
        if len(members) < FILE_LEAST:
            continue
        xs, ys = [marks[i].x for i in members], [marks[i].y for i in members]
        across = max(xs) - min(xs) >= max(ys) - min(ys)
        if min(max(xs) - min(xs), max(ys) - min(ys)) > FILE_WIDTH:
            continue  # a cluster (the 司射 and the 司馬 at their places, the musicians): one by one
        out.append(sorted(members, key=lambda i: (marks[i].x, -marks[i].y) if across else (-marks[i].y, marks[i].x)))
    return sorted(out, key=lambda g: (-max(marks[i].priority for i in g), g[0]))


def _among(boxes: list[Box], tried: list[tuple[int, Box]]) -> list[Box]:
    """The ``boxes`` that meet the span of the ``tried`` ones: any that meets one of them is among them."""
    r0, r1, r2, r3 = tried[0][1]
    for _, b in tried:  # min and max in one loop (the same floats: the first of equals kept)
        if b[0] < r0:
            r0 = b[0]
        if b[1] < r1:
            r1 = b[1]
        if b[2] > r2:
            r2 = b[2]
        if b[3] > r3:
            r3 = b[3]
    return [b for b in boxes if b[0] < r2 and r0 < b[2] and b[1] < r3 and r1 < b[3]]


def _side_box(m: Mark, w: float, h: float, side: str, pad: float) -> Box:
    """The label box on one side of the figure, ``pad`` clear of his disc and facing wedge (``body``)."""
    b = m.body
    if side == "right":
        return (b[2] + pad, m.py - h / 2, b[2] + pad + w, m.py + h / 2)
    if side == "left":
        return (b[0] - pad - w, m.py - h / 2, b[0] - pad, m.py + h / 2)
    if side == "above":
        return (m.px - w / 2, b[1] - pad - h, m.px + w / 2, b[1] - pad)
    return (m.px - w / 2, b[3] + pad, m.px + w / 2, b[3] + pad + h)


def _file_sides(marks: Sequence[Mark], members: list[int]) -> tuple[str, ...]:
    xs, ys = [marks[i].px for i in members], [marks[i].py for i in members]
    across = max(xs) - min(xs) >= max(ys) - min(ys)
    return ("above", "below") if across else ("right", "left")


def plan_labels(marks: Sequence[Mark], measure: Callable[[str, float], tuple[float, float]],
                taken: list[Box], bounds: Box, gap: float = 0.0, pad: float = 4.0,
                tag_size: float | None = None, hard: Sequence[Box] = ()) -> LabelPlan:
    """Place the marks' labels clear of ``taken`` (discs, furniture, landmark points) and of each
    other, inside ``bounds``; ``taken`` is extended with the boxes placed. A person whose label fits
    nowhere gets a key number (in order of placement) shown beside his disc, clear of the ``hard``
    boxes (furniture) even where it must cover a neighbour's disc; an object's label is left out."""
    placed: list[tuple[int, Box]] = []
    keyed: list[int] = []
    runs: list[tuple[int, int]] = []  # (first, last) index into keyed of each file numbered together
    side_of: dict[int, str] = {}  # a file's numbered members: the side their numbers stand on
    file_sides: dict[int, tuple[str, ...]] = {}  # per run (its first index into keyed): the sides it may use
    given = taken
    # every box tried lies inside ``bounds``: only what meets them can be in the way (a landmark's point or
    # an object off the panel is not); ``given`` gets the boxes placed at the end
    b0, b1, b2, b3 = bounds
    taken = [b for b in given if b[0] < b2 and b0 < b[2] and b[1] < b3 and b1 < b[3]]
    first_placed = len(taken)
    sizes = [measure(m.text, m.size) for m in marks]
    visible = [bounds[0] <= m.px <= bounds[2] and bounds[1] <= m.py <= bounds[3] for m in marks]
    done: set[int] = set()
    fixed: dict[int, Box] = {}

    def number_line(a: int, b: int) -> None:
        """A file's numbers (keyed[a..b]) in one line along it, where they all fit (on its other side else),
        placed with the file, before the other names take the room round it."""
        members = keyed[a:b + 1]
        tag_sizes = [measure(str(k + 1), tag_size or marks[i].size) for k, i in zip(range(a, b + 1), members, strict=True)]
        first = side_of[members[0]]
        # one line before two staggered (these fell between the rows of things carried below a file at
        # 640×360, a number over an arrow's pictogram: which was whose could not be told), the nearest first,
        # on either side of the file (its first side first)
        tries = ((st, k, side) for st in (False, True) for k in range(TAG_LINE_REACH)
                 for side in (first, *(s for s in file_sides[a] if s != first)))
        for st, k, side in tries:
            line = _tag_line(marks, members, tag_sizes, side, taken, bounds, reach=(k,), staggers=(1,) if st else (0,))
            if line is not None:
                fixed.update(zip(members, line, strict=True))
                side_of.update((i, side) for i in members)
                taken.extend(line)
                return

    for members in files(marks, visible):
        members = [i for i in members if visible[i]]
        if len(members) < FILE_LEAST:
            continue
        sides = _file_sides(marks, members)
        across = sides[0] == "above"
        best: list[tuple[int, Box]] = []
        best_side = sides[0]
        for side in sides:  # the side where most of the file fits
            fits: list[tuple[int, Box]] = []
            tried = [(i, _side_box(marks[i], sizes[i][0] + gap, sizes[i][1], side, pad)) for i in members]
            near = _among(taken, tried)
            for i, b in tried:
                if _inside(b, bounds) and _clear(b, near) and _clear(b, [f[1] for f in fits]):
                    fits.append((i, b))
            if len(fits) > len(best):
                best, best_side = fits, side
        if across and len(best) < len(members):
            best = []  # names side by side along a file would alternate sides: the file is numbered
        placed += best
        taken += [b for _, b in best]
        got = {i for i, _ in best}
        rest = [i for i in members if i not in got]
        # everyone the file could not name on its side is numbered, actors too, in file order, their
        # numbers all on one side (the names' side, else the side where most numbers fit)
        if rest:
            side = best_side if best else _tag_side(marks, rest, sides, measure, tag_size, taken, bounds)
            side_of.update((i, side) for i in rest)
            file_sides[len(keyed)] = sides if not best else (best_side,)  # named on a side: numbers there
            runs.append((len(keyed), len(keyed) + len(rest) - 1))
            keyed += rest
            number_line(*runs[-1])
        done.update(members)
    order = sorted((i for i in range(len(marks)) if i not in done and visible[i]),
                   key=lambda i: (-marks[i].priority, i))
    for i in order:
        m = marks[i]
        w, h = sizes[i]
        g = m.r + gap
        px, py = m.px, m.py
        # _near, _inside and _clear written out (the same comparisons): this loop runs for every name of
        # every pass, most of them a frame
        r0, r1, r2, r3 = px - g - w, py - g - h, px + g + w, py + g + h
        near = [b for b in taken if b[0] < r2 and r0 < b[2] and b[1] < r3 and r1 < b[3]]
        chosen = None
        # placement.spots' corners, the same sums (a tuple: no list of eight made per name)
        xr, xl, xm, ym, ya, yb = px + g, px - g - w, px - w / 2, py - h / 2, py - g - h, py + g
        for left, top in ((xr, ym), (xl, ym), (xm, ya), (xm, yb), (xr, ya), (xr, yb), (xl, ya), (xl, yb)):
            right, bottom = left + w, top + h
            if left >= b0 and top >= b1 and right <= b2 and bottom <= b3:
                for b in near:
                    if left < b[2] and b[0] < right and top < b[3] and b[1] < bottom:
                        break
                else:
                    chosen = (left, top, right, bottom)
                    break
        if chosen is not None:
            placed.append((i, chosen))
            taken.append(chosen)
        elif m.person:
            keyed.append(i)
    numbers = tuple((i, k + 1) for k, i in enumerate(keyed))
    tags = []
    for i, n in numbers:  # a number beside the disc (the disc's centre keeps its colour), above first
        if i in fixed:
            tags.append((i, fixed[i]))
            continue
        m = marks[i]
        w, h = measure(str(n), tag_size or m.size)
        cands = _tag_spots(m, w, h, side_of.get(i))
        if i in side_of:  # a file's side: moved along it to stay in the frame rather than change sides
            cands[:SIDE_REACH] = [(min(max(x, bounds[0]), bounds[2] - w), min(max(y, bounds[1]), bounds[3] - h))
                                  for x, y in cands[:SIDE_REACH]]
        boxes = [(x, y, x + w, y + h) for x, y in cands]
        box = next((c for c in boxes if _inside(c, bounds) and _clear(c, taken)), None)
        if box is None:  # crowded all round: over the neighbours' discs, never over a name or furniture
            words = [p[1] for p in placed] + tags_only(tags) + list(hard)
            box = next((c for c in boxes if _inside(c, bounds) and _clear(c, words)), boxes[0])
        tags.append((i, box))
        taken.append(box)
    given.extend(taken[first_placed:])
    return LabelPlan(tuple(placed), numbers, tuple(tags), tuple((a + 1, b + 1) for a, b in runs))


SIDE_ORDER = ("above", "below", "right", "left")
# a file's line of numbers is sought next to the file and up to this many numbers' sizes further out: below a
# file at 640×360 the first two lines fell on the rows of things the archers carry (bows, arrows), and the
# numbers, each then set nearest its own disc, scattered among them (choice)
TAG_LINE_REACH = 4
SIDE_REACH = 10  # a file's number is sought this many numbers' sizes out on the file's side before another side


def _tag_line(marks: Sequence[Mark], members: list[int], sizes: list[tuple[float, float]], side: str,
              taken: list[Box], bounds: Box, reach: Sequence[int] = tuple(range(TAG_LINE_REACH)),
              staggers: Sequence[int] = (0, 1)) -> list[Box] | None:
    """The numbers of a file's members on one line along ``side`` of the file (a row of numbers over
    a row of discs), or on two staggered lines where the discs stand closer than the numbers are
    wide: next to the file or ``reach`` numbers' sizes further out (each tried in turn), where all fit;
    else None (each number then stands nearest its own disc on that side)."""
    bodies = [marks[i].body for i in members]
    # the file's edge on that side, found once (the same min or max for every member and try)
    if side == "above":
        edge = min(o[1] for o in bodies)
    elif side == "below":
        edge = max(o[3] for o in bodies)
    elif side == "right":
        edge = max(o[2] for o in bodies)
    else:
        edge = min(o[0] for o in bodies)
    for k, stagger in ((k, s) for k in reach for s in staggers):  # a line, else two lines staggered
        boxes = []
        for j, (m, (w, h)) in enumerate(zip((marks[i] for i in members), sizes, strict=True)):
            k_j = k + stagger * (j % 2)
            if side == "above":
                y = edge - h - k_j * h
                boxes.append((m.px - w / 2, y, m.px + w / 2, y + h))
            elif side == "below":
                y = edge + k_j * h
                boxes.append((m.px - w / 2, y, m.px + w / 2, y + h))
            elif side == "right":
                x = edge + k_j * w
                boxes.append((x, m.py - h / 2, x + w, m.py + h / 2))
            else:
                x = edge - w - k_j * w
                boxes.append((x, m.py - h / 2, x + w, m.py + h / 2))
        if all(_inside(c, bounds) and _clear(c, taken) for c in boxes) \
                and all(_clear(c, boxes[j + 1:]) for j, c in enumerate(boxes)):
            return boxes
    return None


def _tag_spots(m: Mark, w: float, h: float, side: str | None = None) -> list[tuple[float, float]]:
    """Top-left corners tried for a w × h number beside the disc: on ``side`` first (a file's numbers
    stand all on one side), beside the disc and then a tag's size further out, up to four times;
    then the other sides and the diagonals."""
    b0, b1, b2, b3 = m.body
    cx, cy = m.px - w / 2, m.py - h / 2
    # the sides in SIDE_ORDER but ``side`` (first), as indices into each ring's (above, below, right, left)
    others = [j for j, s in enumerate(SIDE_ORDER) if s != side]
    own = SIDE_ORDER.index(side) if side is not None else None
    first = []
    spots = []
    for k in range(SIDE_REACH if side is not None else 5):
        dx, dy = k * w, k * h
        at = ((cx, b1 - h - dy), (cx, b3 + dy), (b2 + dx, cy), (b0 - w - dx, cy))  # SIDE_ORDER's
        if side is not None:
            first.append(at[own])
        if k >= 5:
            continue
        spots += [at[j] for j in others]
        spots += [(b2 + dx, b1 - h - dy), (b0 - w - dx, b1 - h - dy), (b2 + dx, b3 + dy), (b0 - w - dx, b3 + dy)]
    return first + spots


def _first_tag_spot(m: Mark, w: float, h: float, side: str) -> tuple[float, float]:
    """``_tag_spots(m, w, h, side)[0]``: the spot right beside the disc on ``side`` (the same sums)."""
    b0, b1, b2, b3 = m.body
    dx, dy = 0 * w, 0 * h
    if side == "above":
        return m.px - w / 2, b1 - h - dy
    if side == "below":
        return m.px - w / 2, b3 + dy
    if side == "right":
        return b2 + dx, m.py - h / 2
    return b0 - w - dx, m.py - h / 2


def _tag_side(marks: Sequence[Mark], members: list[int], sides: tuple[str, ...],
              measure: Callable[[str, float], tuple[float, float]], tag_size: float | None,
              taken: list[Box], bounds: Box) -> str:
    """Of a file's two sides, the one where most of its members' numbers fit next to their discs."""
    def fits(side: str) -> int:
        n = 0
        for i in members:
            w, h = measure("10", tag_size or marks[i].size)
            x, y = _first_tag_spot(marks[i], w, h, side)
            n += _inside((x, y, x + w, y + h), bounds) and _clear((x, y, x + w, y + h), taken)
        return n
    return max(sides, key=fits)


def _corner_boxes(at: dict, order: Sequence[str], w: float, h: float, margin: float, hard: Sequence[Box]):
    """corner_box's candidates in turn: the corners in ``order``, then beside each ``hard`` box (under or over
    it, after or before it)."""
    for k in order:
        x, y = at[k]
        yield (x, y, x + w, y + h)
    for f in hard:
        for x, y in ((f[0], f[3] + margin), (f[0], f[1] - margin - h), (f[2] + margin, f[1]),
                     (f[0] - margin - w, f[1]), (f[2] - w, f[3] + margin), (f[2] - w, f[1] - margin - h)):
            yield (x, y, x + w, y + h)


def tags_only(tags: list[tuple[int, Box]]) -> list[Box]:
    return [b for _, b in tags]


def corner_box(rect: tuple[float, float, float, float], w: float, h: float, margin: float,
               avoid: Sequence[Box], order: Sequence[str] = ("tl", "bl", "tr", "br"),
               hard: Sequence[Box] = ()) -> Box:
    """A w × h box in a corner of ``rect`` (left, top, width, height), or just beside a ``hard`` box
    standing in a corner, that covers none of ``hard`` (furniture) and none of ``avoid``; else the
    one of those covering the least area of ``avoid``."""
    left, top, rw, rh = rect
    at = {"tl": (left + margin, top + margin), "bl": (left + margin, top + rh - margin - h),
          "tr": (left + rw - margin - w, top + margin), "br": (left + rw - margin - w, top + rh - margin - h)}
    i0, i1, i2, i3 = left, top, left + rw, top + rh
    # the boxes in turn, each made only when the ones before it are taken (the first corner mostly does): the
    # first inside ``rect`` and clear of ``hard`` and of ``avoid``; _inside and _clear written out (a few calls
    # a pass)
    for b in _corner_boxes(at, order, w, h, margin, hard):
        if b[0] >= i0 and b[1] >= i1 and b[2] <= i2 and b[3] <= i3:
            for f in hard:
                if b[0] < f[2] and f[0] < b[2] and b[1] < f[3] and f[1] < b[3]:
                    break
            else:
                if _clear(b, avoid):
                    return b
    # none: of those inside and clear of ``hard`` (else of the corners), the one covering the least of ``avoid``
    boxes = list(_corner_boxes(at, order, w, h, margin, hard))
    kept = [b for b in boxes if _inside(b, (i0, i1, i2, i3)) and _clear(b, hard)]
    boxes = kept or boxes[:len(order)]
    for b in boxes:
        if _clear(b, avoid):
            return b

    def covered(b: Box) -> float:
        return sum(max(0.0, min(b[2], o[2]) - max(b[0], o[0])) * max(0.0, min(b[3], o[3]) - max(b[1], o[1]))
                   for o in avoid)
    return min(boxes, key=covered)
