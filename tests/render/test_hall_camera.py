"""``--camera hall`` holds everyone who stands in the hall and the court, through the whole rite (a
walker crossing the range to the target end is the 侯道 strip's, as with the other cameras).

Its box was the venue's landmark points padded 4 尺: the second 射位 file of the 鄉射 (down to about
y = −94 in the 榭, the box ending at −69.5) and the 大射's 三耦 file ran off its bottom edge."""

from __future__ import annotations

import pytest

from choreo.planning import plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer


@pytest.mark.parametrize("script", ["xiangshe/full", "dashe/full"])
def test_the_hall_view_holds_everyone_north_of_the_target_end(script):
    rite = plan_script(script)
    r = FrameRenderer(rite, RenderConfig(size=(640, 360), camera="hall"))
    far = r.layout.far_bounds
    edge = far[3] if far is not None else r.layout.range_top
    people = [n for n, f in rite.figures.items() if f.kind != "object"]
    outside = []
    for step in rite.steps:
        for t in ((step.t0 + step.t1) / 2, step.t1):
            minx, miny, maxx, maxy = r.main_viewport(t, step).world_bounds
            for name in people:
                pose = rite.pose_at(name, t)
                if pose is None or pose.y <= edge:  # at the target end: the strip shows him
                    continue
                before = rite.pose_at(name, t - 0.5)
                if before is None or (before.x, before.y) != (pose.x, pose.y):
                    continue  # walking: on his way down the range the strip shows him
                rad = rite.figures[name].radius or 1.0
                if not (minx <= pose.x - rad and pose.x + rad <= maxx and miny <= pose.y - rad and pose.y + rad <= maxy):
                    outside.append(f"{name} at {step.id} t={t:.1f} ({pose.x:.1f}, {pose.y:.1f})")
    assert not outside, f"{len(outside)} outside the hall view, e.g. {outside[:3]}"
