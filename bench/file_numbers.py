"""How the numbers of a file numbered together stand: ``python bench/file_numbers.py [640|1280] [--venue V]``.

Over the middle and the end of every step of the bundled 鄉射禮, the frame's own layout (FrameRenderer.frame_layout):
for each file whose people are numbered together (the key gives it one entry), whether its numbers stand in one line
along it, in two staggered lines, or otherwise (one by one, where no line fitted), and how many files have a number
among the rows of things their people carry. A layout measure, not a timing: the figures of the closing note of
issue 16 (the 三耦 at the 堂西 at 640×360).
"""

from __future__ import annotations

from layout_args import rite_and_renderer


def main() -> None:
    args, rite, r = rite_and_renderer(__doc__.splitlines()[0])
    one = two = other = among = 0
    for step in rite.steps:
        for t in ((step.t0 + step.t1) / 2, step.t1):
            fl = r.frame_layout(t, step)
            number_of = {n: i for i, n in fl.keyed}
            tag_at = {lab[0]: box for lab, box in zip(fl.labels, fl.label_boxes, strict=True) if lab[0].isdigit()}
            for a, b in fl.key_runs:
                members = [fl.figures[number_of[n]] for n in range(a, b + 1)]
                tags = [tag_at[str(n)] for n in range(a, b + 1)]
                xs, ys = [f.pose.x for f in members], [f.pose.y for f in members]
                across = max(xs) - min(xs) >= max(ys) - min(ys)
                lines = {round(box[1]) if across else round(box[0]) for box in tags}
                if len(lines) == 1:
                    one += 1
                elif len(lines) == 2 and len(tags) > 2:
                    two += 1
                else:
                    other += 1
                rows = [box for f in members for box in f.boxes[1:]]
                if rows:
                    top, bottom = min(box[1] for box in rows), max(box[3] for box in rows)
                    among += any(not (box[3] <= top or box[1] >= bottom) for box in tags)
    print(f"{r.cfg.width}x{r.cfg.height} {rite.venue.key}: {one + two + other} files numbered: one line {one}, "
          f"two staggered {two}, otherwise {other}; a number among the file's rows of things {among}")


if __name__ == "__main__":
    main()
