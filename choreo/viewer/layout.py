"""Where the viewer's panels sit in a window of a given size (pure: rectangles and the timeline's scale).

    ┌──────────────────────────────┬──────────────┐
    │                              │ steps (經)   │
    │  frame (the export's frame)  │              │
    │                              ├──────────────┤
    │                              │ text: 經 注 疏│
    ├──────────────────────────────┤              │
    │ timeline: a tick per step    │              │
    └──────────────────────────────┴──────────────┘
"""

from __future__ import annotations

from dataclasses import dataclass

Rect = tuple[int, int, int, int]  # left, top, width, height

BAR_H = 48  # the timeline bar (modelling choice: room for a 24-px track and the time text)
SIDE_MIN, SIDE_MAX, SIDE_FRACTION = 260, 460, 0.28  # the side panel grows with the window, within limits
TRACK_MARGIN = 16  # px between the bar's ends and the timeline track
ROW_H = 30  # one step in the list (a 16-px line and its padding)
MIN_FRAME = 64  # RenderConfig wants at least 16 px a side; below 64 nothing is legible anyway


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    frame: Rect
    bar: Rect
    track: Rect  # the clickable line of the timeline inside the bar
    steps: Rect
    text: Rect

    def contains(self, rect: Rect, pos: tuple[float, float]) -> bool:
        left, top, w, h = rect
        return left <= pos[0] < left + w and top <= pos[1] < top + h

    def t_at(self, x: float, start: float, end: float) -> float:
        """The ceremony time under pixel column x of the timeline (clamped to the ceremony)."""
        left, _, w, _ = self.track
        u = min(1.0, max(0.0, (x - left) / max(1, w)))
        return start + u * (end - start)

    def x_at(self, t: float, start: float, end: float) -> float:
        left, _, w, _ = self.track
        u = 0.0 if end <= start else (t - start) / (end - start)
        return left + min(1.0, max(0.0, u)) * w

    def step_row(self, pos: tuple[float, float], scroll: int) -> int | None:
        """Index of the step listed under ``pos`` given the list's first visible row, or None."""
        if not self.contains(self.steps, pos):
            return None
        row = int((pos[1] - self.steps[1] - ROW_H) // ROW_H)  # the first row is the list's title
        return None if row < 0 else scroll + row

    @property
    def visible_rows(self) -> int:
        return max(1, self.steps[3] // ROW_H - 1)


def layout(size: tuple[int, int]) -> Layout:
    w, h = max(size[0], MIN_FRAME + SIDE_MIN), max(size[1], MIN_FRAME + BAR_H)
    side = min(SIDE_MAX, max(SIDE_MIN, round(w * SIDE_FRACTION)))
    side = min(side, w - MIN_FRAME)
    fw, fh = w - side, h - BAR_H
    steps_h = round(h * 0.5)
    return Layout(
        size=(w, h),
        frame=(0, 0, fw, fh),
        bar=(0, fh, fw, BAR_H),
        track=(TRACK_MARGIN, fh + 8, fw - 2 * TRACK_MARGIN, 18),
        steps=(fw, 0, side, steps_h),
        text=(fw, steps_h, side, h - steps_h),
    )
