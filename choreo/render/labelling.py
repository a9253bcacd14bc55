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
    carried: Box | None = None  # the span of the things he carries (pixels), None when he carries none


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
            # a file with one man standing by it (the 司射 beside the 三耦 at the 堂西) is a file, he is
            # labelled alone; else a cluster (the 司射 and the 司馬 at their places, the musicians): one by one
            members = _file_without_one(marks, members, across)
            if not members:
                continue
        out.append(sorted(members, key=lambda i: (marks[i].x, -marks[i].y) if across else (-marks[i].y, marks[i].x)))
    return sorted(out, key=lambda g: (-max(marks[i].priority for i in g), g[0]))


def _file_without_one(marks: Sequence[Mark], members: list[int], across: bool) -> list[int]:
    """``members`` but the one standing farthest off their line (the median across it), when the others
    stand within FILE_WIDTH of each other across it and each within FILE_REACH of the next along it (still
    FILE_LEAST or more); else []."""
    def off(i: int) -> float:
        return marks[i].y if across else marks[i].x

    def along(i: int) -> float:
        return marks[i].x if across else marks[i].y
    line = sorted(off(i) for i in members)[len(members) // 2]
    farthest = max(members, key=lambda i: abs(off(i) - line))
    rest = [i for i in members if i != farthest]
    spread = [off(i) for i in rest]
    if len(rest) < FILE_LEAST or max(spread) - min(spread) > FILE_WIDTH:
        return []
    order = sorted(rest, key=along)
    if any((marks[a].x - marks[b].x) ** 2 + (marks[a].y - marks[b].y) ** 2 > FILE_REACH ** 2
           for a, b in zip(order, order[1:], strict=False)):
        return []
    return rest


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
                tag_size: float | None = None, hard: Sequence[Box] = (),
                discs: Sequence[tuple[float, float]] | None = None) -> LabelPlan:
    """Place the marks' labels clear of ``taken`` (discs, furniture, landmark points) and of each
    other, inside ``bounds``; ``taken`` is extended with the boxes placed. A person whose label fits
    nowhere gets a key number (in order of placement) shown beside his disc, clear of the ``hard``
    boxes (furniture) even where it must cover a neighbour's disc; an object's label is left out.

    A key number is his own (``owns``): its centre nearer his disc's centre than any other of
    ``discs`` (every person's disc centre on the panel; default: the person marks'), and not between his
    file's rows of carried things. It is placed as soon as he is numbered (the names placed after keep
    off it), ring by ring round his disc (the eight spots at the smallest gap, then a number's size out:
    :data:`RING_REACH` rings), on a spot of the ring that is his: a free one, else one covering only a
    neighbour's wedge or an object (no name, furniture, carried thing or gesture word); where the near
    rings have none, on his own disc (a number over his disc reads as his, never as a neighbour's), or,
    where a word or a thing covers his disc, on the farther rings (:data:`FAR_RINGS`); where none of them
    is his, the nearest spot of those rings clear of the words (the one case a number may seem another's)."""
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
    tag_of: dict[int, Box] = {}  # each numbered mark's number, placed as he is numbered
    centres = list(discs) if discs is not None else [(m.px, m.py) for m in marks if m.person]
    reach2 = FILE_REACH ** 2

    def owns(i: int, box: Box) -> bool:
        """The number's box is his: its centre nearer his disc than any other disc, and not between his
        file's rows of carried things (bows and arrows): inside the span of the things of the people within
        a file's reach of him whose disc stands in his row (the 司射 beside the 三耦 is not of their file)
        and off the row's own line (his disc's height), or the same with his column."""
        m = marks[i]
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        mine = (cx - m.px) ** 2 + (cy - m.py) ** 2
        himself = True  # his own centre is among ``centres`` once
        for x, y in centres:
            if himself and x == m.px and y == m.py:
                himself = False
            elif (cx - x) ** 2 + (cy - y) ** 2 <= mine:
                return False
        b = m.body
        near = [o for o in marks if o.carried is not None and o.person and (o.x - m.x) ** 2 + (o.y - m.y) ** 2 <= reach2]
        for level, band in (((o for o in near if b[1] < o.py < b[3]), b[1] < cy < b[3]),  # his row
                            ((o for o in near if b[0] < o.px < b[2]), b[0] < cx < b[2])):  # his column
            spans = [o.carried for o in level]
            if spans and not band and min(c[0] for c in spans) < cx < max(c[2] for c in spans) \
                    and min(c[1] for c in spans) < cy < max(c[3] for c in spans):
                return False
        return True

    def place_tag(i: int, n: int) -> None:
        """His number ``n`` on the nearest free spot of his ring that is his (else see plan_labels)."""
        m = marks[i]
        w, h = measure(str(n), tag_size or m.size)
        words = [p[1] for p in placed] + list(fixed.values()) + list(tag_of.values()) + list(hard)
        side = side_of.get(i)
        # on his disc: centred, else moved off what touches it but its centre still on the disc (reads as his)
        r = (m.r - pad) * 0.8  # m.r: his disc's radius and the pad a label stands off
        shifts = ((0, 0), (0, -r / 2), (0, r / 2), (r / 2, 0), (-r / 2, 0), (0, -r), (0, r), (r, 0), (-r, 0))
        if side is not None:  # a file's member: not moved off his disc's middle towards the other side
            away = {"above": (0, r), "below": (0, -r), "right": (-r, 0), "left": (r, 0)}[side]
            shifts = tuple(o for o in shifts if o != away)
        on_disc = [(m.px + ox - w / 2, m.py + oy - h / 2, m.px + ox + w / 2, m.py + oy + h / 2) for ox, oy in shifts]
        # the rings in turn: a file's member first on the file's side as far as SIDE_REACH (its numbers on one side),
        # a man alone all round; his disc where those near are full; the rest of the rings out to FAR_RINGS
        tries = [(k, True) for k in range(SIDE_REACH)] if side is not None else [(k, None) for k in range(RING_REACH)]
        tries += [None]
        tries += [(k, False) for k in range(FAR_RINGS)] if side is not None else \
            [(k, None) for k in range(RING_REACH, FAR_RINGS)]
        box = None
        for t in tries:
            if t is None:
                box = next((b for b in on_disc if owns(i, b) and _clear(b, words)), None)
                if box is not None:
                    break
                continue
            spots = [b for b in _ring_boxes(m, w, h, bounds, t[0], side, t[1]) if owns(i, b)]
            # free, else over a neighbour's wedge or an object (never over a name, furniture, a carried thing
            # or a gesture word)
            box = next((b for b in spots if _clear(b, taken)), None) or next((b for b in spots if _clear(b, words)), None)
            if box is not None:
                break
        if box is None:  # nowhere his: the nearest spot clear of the words, whoever's it seems (else on his disc)
            box = next((b for k in range(FAR_RINGS) for b in _ring_boxes(m, w, h, bounds, k, side)
                        if _clear(b, words)), on_disc[0])
        tag_of[i] = box
        taken.append(box)

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
            if line is not None and all(owns(i, b) for i, b in zip(members, line, strict=True)):
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
            first = len(keyed)
            keyed += rest
            number_line(*runs[-1])
            for n, i in enumerate(rest, first + 1):  # where no line of them fits: each beside his own disc
                if i not in fixed:
                    place_tag(i, n)
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
            place_tag(i, len(keyed))
    numbers = tuple((i, k + 1) for k, i in enumerate(keyed))
    tags = [(i, fixed[i] if i in fixed else tag_of[i]) for i, _n in numbers]
    given.extend(taken[first_placed:])
    return LabelPlan(tuple(placed), numbers, tuple(tags), tuple((a + 1, b + 1) for a, b in runs))


SIDE_ORDER = ("above", "below", "right", "left")
# a file's line of numbers is sought next to the file and up to this many numbers' sizes further out: below a
# file at 640×360 the first two lines fell on the rows of things the archers carry (bows, arrows), and the
# numbers, each then set nearest its own disc, scattered among them (choice)
TAG_LINE_REACH = 4
SIDE_REACH = 10  # rings a file's member's number is sought in on the file's side before his disc and the other side
FAR_RINGS = 5  # rings tried, the last ones only where his disc is covered (a gesture word, a carried thing)
RING_REACH = 2  # rings of spots tried round a numbered disc: beside it, then a number's size out (farther, 2-3 sizes off a file of small discs, whose it was did not read)


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


def _ring_boxes(m: Mark, w: float, h: float, bounds: Box, k: int, side: str | None = None,
                on_side: bool | None = None):
    """The w × h boxes of ring ``k`` round the disc (0: the eight spots round his disc and wedge at the
    smallest gap; each ring a number's size further out), the nearest first, each moved into ``bounds``;
    ``on_side`` True: only the three spots on ``side`` of it (a file's numbers stand on one side), False:
    the other five, None: all eight (``side``'s first)."""
    b0, b1, b2, b3 = m.body
    cx, cy = m.px - w / 2, m.py - h / 2
    l0, t0, l1, t1 = bounds[0], bounds[1], bounds[2] - w, bounds[3] - h
    dx, dy = k * w, k * h
    up, down, right, left = b1 - h - dy, b3 + dy, b2 + dx, b0 - w - dx
    # each spot with the sides it stands on (a diagonal stands on two)
    ring = [((cx, up), ("above",)), ((cx, down), ("below",)), ((right, cy), ("right",)), ((left, cy), ("left",)),
            ((right, up), ("above", "right")), ((left, up), ("above", "left")),
            ((right, down), ("below", "right")), ((left, down), ("below", "left"))]
    if on_side is not None:
        ring = [r for r in ring if (side in r[1]) == on_side]

    def order(spot) -> tuple[bool, float]:
        (x, y), sides = spot
        return sides != (side,), (x + w / 2 - m.px) ** 2 + (y + h / 2 - m.py) ** 2
    for (x, y), _sides in sorted(ring, key=order):
        x, y = min(max(x, l0), l1), min(max(y, t0), t1)
        yield (x, y, x + w, y + h)


def _first_tag_spot(m: Mark, w: float, h: float, side: str) -> tuple[float, float]:
    """The top-left corner of the spot right beside the disc on ``side`` (the first of its ring there)."""
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
