"""How many gesture words a frame shows: ``python bench/gesture_words.py [640|1280] [--venue V]``.

Over the moments tests/render/test_frame_layout.py checks (the middle and the end of every step of the bundled
鄉射禮, and half a second into each step's first gesture), the frame's own layout (FrameRenderer.frame_layout):
the gestures under way (揖, 拜, 射, 獲, 釋獲, 命 …) by figures in the main view and not under the shot's inset,
how many of them show their word, how many of those words lie over another figure's disc, and the words' size
in pixels. A layout measure, not a timing: the figures of issue 16's closing note (gesture words at 640×360).
"""

from __future__ import annotations

from layout_args import rite_and_renderer


def _meets(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def main() -> None:
    from choreo.render.figstate import GESTURES

    args, rite, r = rite_and_renderer(__doc__.splitlines()[0])
    first = {}
    for ev in rite.events:
        if ev.kind in GESTURES and ev.step not in first:
            first[ev.step] = ev.t + 0.5
    under_way = shown = over_disc = 0
    for step in rite.steps:
        for t in ((step.t0 + step.t1) / 2, step.t1, *((first[step.id],) if step.id in first else ())):
            fl = r.frame_layout(t, step)
            left, top, w, h = fl.viewport.rect
            hidden = [b for name, b in fl.furniture.items() if name.startswith("reserved")]
            for f in fl.figures:
                if not (left <= f.px <= left + w and top <= f.py <= top + h) or f.info.kind == "object":
                    continue
                if any(b[0] <= f.px <= b[2] and b[1] <= f.py <= b[3] for b in hidden):
                    continue
                if r.figures.states.gesture(f.name, t):
                    under_way += 1
                    if f.gesture:
                        shown += 1
                        over_disc += any(_meets(f.gesture[1], g.boxes[0]) for g in fl.figures if g is not f)
    print(f"{r.cfg.width}x{r.cfg.height} {rite.venue.key}: gesture words {r.figures.gesture_size()} px; "
          f"{under_way} gestures under way in view, {shown} words shown ({under_way - shown} left out), "
          f"{over_disc} of them over another's disc")


if __name__ == "__main__":
    main()
