"""How many discs the main view's edge cuts: ``python bench/cut_figures.py [640|1280] [--venue V]``.

Over the middle and the end of every step of the bundled 鄉射禮, the frame's own layout
(FrameRenderer.frame_layout): the people whose disc the main panel's edge cuts (partly in the
picture, partly out of it, or under the caption band), split into those acting in the step (or
shooting: the camera frames them) and bystanders, with the worst moments named. A layout measure, not
a timing: the figures of issue 16's "cut figures".
"""

from __future__ import annotations

from layout_args import rite_and_renderer


def main() -> None:
    from choreo.render.edgecut import cut_people

    def show(ap):
        ap.add_argument("--show", type=int, default=8, help="how many cut moments to list")

    args, rite, r = rite_and_renderer(__doc__.splitlines()[0], show)
    moments = acting = bystanders = people = 0
    seen = []
    for step in rite.steps:
        for t in ((step.t0 + step.t1) / 2, step.t1):
            fl = r.frame_layout(t, step)
            framed = set(r.camera.framed(step, t))
            moments += 1
            people += sum(1 for f in fl.figures if f.info.kind != "object")
            for f in cut_people(fl.figures, r.panels.main):
                if f.name in framed:
                    acting += 1
                else:
                    bystanders += 1
                seen.append((step.id, round(t, 1), f.name, f.name in framed))
    print(f"{r.cfg.width}x{r.cfg.height} {rite.venue.key}: {moments} moments, {people} discs laid out; "
          f"cut by the main view's edge: acting {acting}, bystanders {bystanders}")
    for sid, t, name, act in seen[:args.show]:
        print(f"  {sid} t={t}: {name}{' (acting)' if act else ''}")


if __name__ == "__main__":
    main()
