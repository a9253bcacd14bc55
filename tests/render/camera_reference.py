"""The automatic camera as it was computed before its fast path (choreo.render.camera at bac892e):
every window sample by Track.at, every disc in edgecut.uncut_box's solve, everyone's place at each frame's moment by people_at, the shot told
by shotinset.current_shot. The tests hold the fast path's boxes to this one's, to the float."""

from __future__ import annotations

import math

import numpy as np

from choreo.model import Step
from choreo.render.camera import _OFFSETS, PAD, SHIFT_GRID, Camera
from choreo.render.edgecut import MAX_SHIFT, _best_centre, _cut_centres
from choreo.render.shotinset import current_shot
from choreo.render.viewport import Bounds


def reference_uncut_box(box: Bounds, discs: np.ndarray, room: float, need: Bounds | None = None,
              passes: int = 3) -> Bounds:
    """``box`` moved (not resized) so that its edges cut as few of ``discs`` as they can, as little
    as it can and by at most MAX_SHIFT of its size: a disc is wholly out, or wholly in with ``room`` to
    spare. ``discs`` is (n, 3): x, y, radius, in the box's units; ``need`` a box that must stay
    inside it (the framed figures and places). The two axes are solved in turn (a disc beside the box
    in x is not cut by its top)."""
    if not len(discs):
        return box
    x, y, r = discs[:, 0], discs[:, 1], discs[:, 2] + 1e-6
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    cx0, cy0 = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    xlo, xhi = cx0 - 2 * MAX_SHIFT * hw, cx0 + 2 * MAX_SHIFT * hw
    ylo, yhi = cy0 - 2 * MAX_SHIFT * hh, cy0 + 2 * MAX_SHIFT * hh
    if need is not None:
        xlo, xhi = max(xlo, need[2] - hw), min(xhi, need[0] + hw)
        ylo, yhi = max(ylo, need[3] - hh), min(yhi, need[1] + hh)
    near = _cut_centres(x, r, room, hw), _cut_centres(y, r, room, hh)
    if not any(((lo < c) & (c < hi)).any() for (lo, hi), c in zip(near, (cx0, cy0), strict=True)):
        return box  # no edge near anyone (most moments): nothing to move
    cx, cy = cx0, cy0
    for _ in range(passes):
        beside = (x + r > cx - hw) & (x - r < cx + hw)  # a disc the top and bottom edges can cut
        cy = _best_centre(cy0, ylo, yhi, *_cut_centres(y[beside], r[beside], room, hh))
        level = (y + r > cy - hh) & (y - r < cy + hh)
        new_cx = _best_centre(cx0, xlo, xhi, *_cut_centres(x[level], r[level], room, hw))
        if new_cx == cx:
            break
        cx = new_cx
    return (cx - hw, cy - hh, cx + hw, cy + hh)


class ReferenceCamera(Camera):
    """:class:`Camera` with the straightforward computation of the moving box (the spans too: step_span
    reads the box through these methods)."""

    def shooters(self, t: float) -> tuple[str, ...]:
        """The archers of the shooting stretch whose story the shot inset tells at t (none when it is
        closed): framed with the step's actors. The inset shows the target end; 「獲者坐而獲」, begun with
        「乃射」 and captioned over it, framed its 獲者 alone and left the pair shooting off screen."""
        shot = current_shot(self.choreo, t) if self.choreo.shots else None
        if shot is None:
            return ()
        key = (shot.step, shot.passage)
        hit = self._shooters.get(key)
        if hit is None:
            hit = self._shooters[key] = tuple(dict.fromkeys(
                s.archer for s in self.choreo.shots if (s.step, s.passage) == key))
        return hit

    def actors(self, step: Step | None, t: float) -> list[str]:
        """The figures the camera frames: those of :meth:`framed` that are present, else everyone."""
        names = [n for n in self.framed(step, t) if n in self.choreo.tracks]
        present = [n for n in names if self.choreo.tracks[n].at(t) is not None]
        if present:
            return present
        return [n for n in self._persons if self.choreo.tracks[n].at(t) is not None]

    def _raw_box(self, names: list[str], t: float, places: np.ndarray | None = None) -> Bounds | None:
        """The actors' positions over the window round t and the named ``places`` on their side of
        the range (the hall's or the 侯's), padded (None when nobody is there)."""
        pts = []
        ts = (t + _OFFSETS).tolist()
        for name in names:
            track = self.choreo.tracks[name]
            if not len(track.samples):
                continue
            still = track.still_span(t)
            if still is not None and still[0] <= ts[0] and ts[-1] < still[1]:  # one place all the window
                pts.append(track.at(t)[:2])
                continue
            # Track.at at each moment (None: absent before the first sample and while outside); nine
            # bisections cost less than numpy's calls on a few samples
            pts += [at[:2] for at in map(track.at, ts) if at is not None]
        if not pts:
            return None
        arr = np.array(pts, dtype=float)
        hall = arr[arr[:, 1] >= self.layout.range_top]
        if len(hall) and len(hall) < len(arr):
            arr = hall  # actors in the range are shown by the strip
        if places is not None and len(places):
            in_hall = places[:, 1] >= self.layout.range_top
            arr = np.vstack((arr, places[in_hall if len(hall) else ~in_hall]))
        minx, miny = arr.min(axis=0) - PAD
        maxx, maxy = arr.max(axis=0) + PAD
        return (minx, miny, maxx, maxy)

    def _fitted(self, names: list[str], t: float, span_w: float | None = None,
                places: np.ndarray | None = None) -> Bounds:
        """The box round the actors' window at t (:meth:`_raw_box`) at the step's span, before any
        bystander is considered."""
        raw = self._raw_box(names, t, places)
        if raw is None:
            raw = self.layout.hall_bounds
        cx, cy = (raw[0] + raw[2]) / 2, (raw[1] + raw[3]) / 2
        _, _, w, h = self.rect
        aspect = w / max(h, 1)
        span_w = max(span_w or 0.0, self._span_w(raw))
        span_h = span_w / aspect
        return (cx - span_w / 2, cy - span_h / 2, cx + span_w / 2, cy + span_h / 2)

    def _box(self, step: Step | None, t: float, span_w: float | None = None) -> Bounds:
        """The box framing ``step`` at t: :meth:`_fitted`, moved so that it cuts no bystander
        (:meth:`_shift`, eased between the moments it is found at) and clamped to keep the framed in."""
        names, places = self.actors(step, t), self.places(step, t)
        box = self._fitted(names, t, span_w, places)
        if step is None:
            return box
        m0 = math.floor(t / SHIFT_GRID) * SHIFT_GRID
        m1 = m0 + SHIFT_GRID
        if step.t0 <= t <= step.t1:  # the grid's moments within the step: its own first and last too
            m0, m1 = max(m0, step.t0), min(m1, step.t1)
        else:  # the step before, still eased out of after its end: as it is at t
            m0 = m1 = t
        a = self._shift(step, m0, span_w)
        u = (t - m0) / (m1 - m0) if m1 > m0 else 0.0
        b = self._shift(step, m1, span_w) if u > 0 else a
        dx, dy = a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])
        need = self._need(names, t, places, box)
        hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        cx, cy = (box[0] + box[2]) / 2 + dx, (box[1] + box[3]) / 2 + dy
        if need is not None:  # the framed at t stay inside (clamped only where it can hold them)
            if need[2] - need[0] <= 2 * hw:
                cx = min(max(cx, need[2] - hw), need[0] + hw)
            if need[3] - need[1] <= 2 * hh:
                cy = min(max(cy, need[3] - hh), need[1] + hh)
        return (cx - hw, cy - hh, cx + hw, cy + hh)

    def _shift(self, step: Step, t: float, span_w: float | None) -> tuple[float, float]:
        """How far the box framing ``step`` at grid moment t moves to cut no bystander (edgecut.uncut_box):
        found at moments SHIFT_GRID apart and eased between them, so that the view pans where a figure
        would be cut, rather than jumping from one side of him to the other."""
        key = (self._step_index(step), t, span_w)
        hit = self._shifts.get(key)
        if hit is None:
            names, places = self.actors(step, t), self.places(step, t)
            box = self._fitted(names, t, span_w, places)
            people, at, radius, room = self._discs(t, box)
            hit = (0.0, 0.0)
            if len(people):
                framed = self._framed_mask(people, at, names)
                discs = np.column_stack((at[~framed, :2], radius[~framed]))
                moved = reference_uncut_box(box, discs, room, self._need(names, t, places, box))
                hit = (moved[0] - box[0], moved[1] - box[1])
            if len(self._shifts) > 4096:
                self._shifts.clear()
            self._shifts[key] = hit
        return hit

    def people_at(self, t: float) -> tuple[list[str], np.ndarray]:
        """The people present at t and their (x, y, radius in 尺), kept for a few moments."""
        hit = self._people_at.get(t)
        if hit is None:
            names, rows = [], []
            for name, radius in zip(self._persons, self._radii, strict=True):
                at = self.choreo.tracks[name].at(t)
                if at is not None:
                    names.append(name)
                    rows.append((at[0], at[1], radius))
            if len(self._people_at) > 8:
                self._people_at.clear()
            hit = self._people_at[t] = (names, np.array(rows, dtype=float).reshape(-1, 3))
        return hit

    def _need(self, names: list[str], t: float, places: np.ndarray | None, box: Bounds) -> Bounds | None:
        """What must stay in the box at t: the framed people's discs with their names' room, and the
        named places on their side of the range (None when nobody framed is there)."""
        scale = self.rect[2] / max(box[2] - box[0], 1e-9)
        floor, room, top = self.disc_px / scale, self.room_px / scale, self.layout.range_top
        people, at = self.people_at(t)  # the framed among those present, where people_at found them
        row = {name: i for i, name in enumerate(people)}
        spots = [(float(at[row[n], 0]), float(at[row[n], 1]), max(float(at[row[n], 2]), floor) + 1.5 / scale + room)
                 for n in names if n in row]
        hall = [s for s in spots if s[1] >= top]
        spots = hall or spots  # the framed in the range while others are in the hall are the strip's
        if not spots:
            return None
        need = [min(x - r for x, _, r in spots), min(y - r for _, y, r in spots),
                max(x + r for x, _, r in spots), max(y + r for _, y, r in spots)]
        if places is not None and len(places):
            side = places[:, 1] >= top
            sel = places[side if hall else ~side]
            if len(sel):
                need = [min(need[0], float(sel[:, 0].min())), min(need[1], float(sel[:, 1].min())),
                        max(need[2], float(sel[:, 0].max())), max(need[3], float(sel[:, 1].max()))]
        return tuple(need)
