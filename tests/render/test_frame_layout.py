"""One placement pass holds through the whole bundled rite: from the frame's own layout boxes (what
:meth:`FrameRenderer.draw` draws), at the middle and the end of every step, no two labels (names, key
numbers, landmark names, gesture words: 揖, 拜 …) overlap,
no label lies under the scale bar, the north arrow, the key or a reserved box, no figure's row of
carried things overlaps another's, a label or the furniture (save a bystander's that the shot's inset is
drawn over: it may stand over figures not acting in the step), every person in the
main view has his name beside him or a number beside his disc that the key lists, no name is broken
across lines, a file numbered together is numbered in file order with its numbers on one side of
it, the key stays within its part of the frame, and each landmark is named once (never again by an object standing for it). A reserved box (the shot's inset) is kept clear of labels and furniture."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.figstate import GESTURES
from choreo.render.figurekey import KEY_HEIGHT, KEY_WIDTH
from choreo.render.frame import FrameRenderer
from tests.render.boxes import meets


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def _check(fl, where: str) -> int:
    left, top, w, h = fl.viewport.rect
    furniture = list(fl.furniture.items())
    boxes = [(f"label {lab[0]}", box) for lab, box in zip(fl.labels, fl.label_boxes, strict=True)]
    boxes += [(f"landmark {lab.text}", box) for lab, box in fl.landmark_labels]
    hidden = [b for name, b in furniture if name.startswith("reserved")]  # an inset is drawn over them
    boxes += [(f"{f.name}'s gesture {f.gesture[0]}", f.gesture[1]) for f in fl.figures  # 揖, 拜 … beside a disc
              if f.gesture and left <= f.px < left + w and top <= f.py < top + h]
    for lab in fl.labels:
        assert not lab[4], f"{where}: {lab[0]} set one character a line"
    for i, (na, a) in enumerate(boxes):
        for nb, b in boxes[i + 1:]:
            assert not meets(a, b), f"{where}: {na} overlaps {nb}"
        for nf, f in furniture:
            assert not meets(a, f), f"{where}: {na} lies under the {nf}"
    for i, (na, a) in enumerate(furniture):
        for nb, b in furniture[i + 1:]:
            if "reserved" in na or "reserved" in nb or {"key", "plan key"} & {na, nb}:
                assert not meets(a, b), f"{where}: the {na} overlaps the {nb}"
    rows = [(f"{f.name}'s things", f.boxes[1:]) for f in fl.figures
            if f.held and len(f.boxes) > 1 and left <= f.px < left + w and top <= f.py < top + h
            and not any(b[0] <= f.px <= b[2] and b[1] <= f.py <= b[3] for b in hidden)]
    for i, (na, row) in enumerate(rows):
        for a in row:
            for nb, b in boxes:
                assert not meets(a, b), f"{where}: {na} lie under {nb}"
            for nf, f in furniture:
                assert not meets(a, f), f"{where}: {na} lie under the {nf}"
            for nb, other in rows[i + 1:]:
                assert not any(meets(a, b) for b in other), f"{where}: {na} overlap {nb}"
    landmark_words = [lab.text for lab, _ in fl.landmark_labels]
    assert len(landmark_words) == len(set(landmark_words)), f"{where}: a landmark labelled twice"
    objects = {f.label for f in fl.figures if f.info.kind == "object"}
    assert not objects & set(landmark_words), f"{where}: an object and its place both named (「楅■—楅」)"
    named = {lab[0] for lab in fl.labels}
    numbered = {fl.figures[i].label for i, _ in fl.keyed}
    people = [f for f in fl.figures if f.info.kind != "object" and f.label
              and left <= f.px < left + w and top <= f.py < top + h
              and not any(b[0] <= f.px <= b[2] and b[1] <= f.py <= b[3] for b in hidden)]
    for f in people:
        assert f.label in named or f.label in numbered, f"{where}: {f.name} has no label and no number"
    tag_at = {lab[0]: box for lab, box in zip(fl.labels, fl.label_boxes, strict=True) if lab[0].isdigit()}
    number_of = {n: i for i, n in fl.keyed}
    split = 0
    for first, last in fl.key_runs:  # a file numbered together: in file order, its numbers on one side
        members = [fl.figures[number_of[n]] for n in range(first, last + 1)]
        xs, ys = [f.pose.x for f in members], [f.pose.y for f in members]
        across = max(xs) - min(xs) >= max(ys) - min(ys)
        along = xs if across else [-y for y in ys]
        assert along == sorted(along), f"{where}: the file {first}–{last} is not numbered in file order"
        sides = set()
        for n, f in zip(range(first, last + 1), members, strict=True):  # the side of the file each stands on
            b = tag_at[str(n)]
            d = (b[1] + b[3]) / 2 - f.py if across else (b[0] + b[2]) / 2 - f.px
            if abs(d) > f.r / 2:
                sides.add(d > 0)
        split += len(sides) > 1  # counted: crowded all round, a number may have to go round the file
    if "key" in fl.furniture:  # the key never takes more than its part of the main view (figurekey.py)
        k = fl.furniture["key"]
        assert k[2] - k[0] <= KEY_WIDTH * w + 1 and k[3] - k[1] <= KEY_HEIGHT * h + 1, f"{where}: the key is too big"
    if fl.keyed:
        assert "key" in fl.furniture
        assert sorted(n for _, n in fl.keyed) == list(range(1, len(fl.keyed) + 1))
        assert all(str(n) in named for _, n in fl.keyed), f"{where}: a numbered figure shows no number"
    return len(people), len(fl.key_runs), split


@pytest.mark.parametrize(("size", "split_share"), [((1280, 720), 0.01), ((640, 360), 0.06)])
def test_no_overlap_and_everyone_named_through_the_rite(rite, size, split_share):
    """... and a file numbered together has its numbers on one side of it, but for a crowd so dense
    that there is no room there (measured: 4 of 603 numbered files at 1280x720, 48 of 870 at 640x360)."""
    r = FrameRenderer(rite, RenderConfig(size=size))
    seen = runs = split = words = 0
    bowing = {}  # per step, a moment its first gesture (揖, 拜 …) is under way: its word is drawn then
    for ev in rite.events:
        if ev.kind in GESTURES and ev.step not in bowing:
            bowing[ev.step] = ev.t + 0.5
    for step in rite.steps:
        for t in ((step.t0 + step.t1) / 2, step.t1, *((bowing[step.id],) if step.id in bowing else ())):
            fl = r.frame_layout(t, step)
            people, n, bad = _check(fl, f"{step.id} at {t:.1f} ({size[0]}px)")
            seen, runs, split = seen + people, runs + n, split + bad
            words += sum(1 for f in fl.figures if f.gesture)
    assert seen > 5000  # most frames hold a crowd
    assert words > 200, "gesture words were among the boxes checked"
    assert runs > 300, "files are numbered together"
    assert split <= split_share * runs, f"{split} of {runs} numbered files have numbers on both sides"


def test_layout_is_what_is_drawn(rite):
    """The numbers in the discs are drawn where the layout puts them, and the key is on screen."""
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    step = rite.step("e7.s01")
    t = (step.t0 + step.t1) / 2
    surf = r.draw(t, step)
    fl = r.frame_layout(t, step)
    assert fl.keyed, "the file at the 堂西 is numbered at this zoom"
    img = np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(720, 1280, 3)
    x0, y0, x1, y1 = (int(v) for v in fl.furniture["key"])
    patch = img[y0 + 2:y1 - 2, x0 + 2:x1 - 2].astype(int)
    assert (patch.sum(axis=2) < 200).sum() > 100  # the key's names, dark on light


def test_reserved_box_is_kept_clear(rite):
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    inset = []

    def corner(rect, t, step):
        left, top, w, h = rect
        box = (left + w - 330, top + h - 200, left + w - 10, top + h - 10)
        inset.append(box)
        return [box]

    r.reserve(corner)
    for sid in ("e1.s08", "e2.s17c", "e5.s08", "e7.s01"):
        step = rite.step(sid)
        fl = r.frame_layout(step.t1, step)
        assert fl.furniture["reserved 1"] == inset[-1]
        _check(fl, sid)


def test_a_pair_shoulder_to_shoulder_keeps_two_rows_of_things_apart(rite):
    """At the 飲 (e9.s09) the pair stand side by side at the foot of the 西階, each with a bow and
    arrows: the rows are laid apart, and each row's pictograms are drawn where the layout puts them."""
    r = FrameRenderer(rite, RenderConfig(size=(1280, 720)))
    step = rite.step("e9.s09")
    t = step.t0 + 0.8 * (step.t1 - step.t0)
    fl = r.frame_layout(t, step)
    pair = [f for f in fl.figures if f.name in ("上耦上射", "上耦下射")]
    assert all(len(f.boxes) == 3 for f in pair), "each holds a bow and arrows"
    assert abs(pair[0].px - pair[1].px) < 2 * (pair[0].r + pair[1].r) + 40, "they stand shoulder to shoulder"
    (a, b) = (f.boxes[1:] for f in pair)
    assert not any(meets(x, y) for x in a for y in b)
    img = np.frombuffer(pygame.image.tobytes(r.draw(t, step), "RGB"), np.uint8).reshape(720, 1280, 3)
    for f in pair:
        for x0, y0, x1, y1 in f.boxes[1:]:
            patch = img[round(y0) + 2:round(y1) - 2, round(x0) + 2:round(x1) - 2].astype(int)
            assert (patch.sum(axis=2) < 250).sum() > 8, f"{f.name}'s pictogram is drawn in its box"


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_frame_names_the_stations_and_the_bands_it_shows(rite, size):
    """Where a station marker or the 侯 is in view, a small key (furniture of the placement pass)
    names them as the plan's key does: 位, 列位, and the bands by the names the venue gives them."""
    from choreo.render.planlayout import plan_key

    names = {e.text for e in plan_key(rite.venue)}
    bands = {e.text for e in plan_key(rite.venue) if e.kind == "band"}
    assert {"位", "列位"} <= names and bands
    r = FrameRenderer(rite, RenderConfig(size=size))
    step = rite.step("e2.s17c")
    fl = r.frame_layout(step.t1, step)
    assert "plan key" in fl.furniture
    words = {m.text for m in r.plan_key_marks(fl) if m.kind == "text"}
    assert "位" in words
    full = FrameRenderer(rite, RenderConfig(size=size, camera="full"))
    fl = full.frame_layout(step.t1, step)
    words = {m.text for m in full.plan_key_marks(fl) if m.kind == "text"}
    assert bands <= words, "the 侯 in view (here in the 侯道 strip beside the court): its bands are named"
    img = np.frombuffer(pygame.image.tobytes(full.draw(step.t1, step), "RGB"), np.uint8).reshape(size[1], size[0], 3)
    x0, y0, x1, y1 = (int(v) for v in fl.furniture["plan key"])
    patch = img[y0 + 1:y1 - 1, x0 + 1:x1 - 1].astype(int)
    assert (patch.sum(axis=2) < 250).sum() > 30, "its words are drawn"
    from choreo.render.style import PLAN
    band = np.array(PLAN["target"])
    assert (np.abs(patch - band).max(axis=2) <= 8).sum() > 10, "and its swatches in the bands' colours"


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_at_640_the_file_at_the_tang_xi_is_numbered_in_one_line_clear_of_its_things(venue):
    """The 三耦 back in their file at the 堂西 (e2.s17c), at 640×360: the discs stand closer than the
    pictograms of their arrows are wide, so the arrows go in two staggered rows under the file; the
    numbers stood in two staggered lines between them, a number over one archer's arrow and beside the
    next one's, so that which was whose could not be told. Now the numbers are one line, in file order,
    on one side of the file, and not among the rows of things carried."""
    rite = plan_script("xiangshe/full", venue=venue)
    r = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    step = rite.step("e2.s17c")
    fl = r.frame_layout(step.t1, step)
    number_of = {n: i for i, n in fl.keyed}
    tag_at = {lab[0]: box for lab, box in zip(fl.labels, fl.label_boxes, strict=True) if lab[0].isdigit()}
    archers = {"上耦上射", "上耦下射", "次耦上射", "次耦下射", "下耦上射", "下耦下射"}
    (first, last), = [(a, b) for a, b in fl.key_runs if {fl.figures[number_of[n]].name for n in range(a, b + 1)} == archers]
    members = [fl.figures[number_of[n]] for n in range(first, last + 1)]
    tags = [tag_at[str(n)] for n in range(first, last + 1)]
    assert len({round(b[1]) for b in tags}) == 1, "one line"
    assert [b[0] for b in tags] == sorted(b[0] for b in tags), "in file order"
    above = all(b[3] <= min(f.boxes[0][1] for f in members) for b in tags)
    below = all(b[1] >= max(f.boxes[0][3] for f in members) for b in tags)
    assert above or below, "on one side of the file"
    rows = [b for f in members for b in f.boxes[1:]]
    assert rows, "they carry things"
    top, bottom = min(b[1] for b in rows), max(b[3] for b in rows)
    assert all(b[3] <= top or b[1] >= bottom for b in tags), "a number among the rows of things carried"
