"""The camera frames the clause: at every step of the bundled rite, once it has eased into the step,
the figures acting in it and the landmarks its clause names are inside the picture (the main view,
or the 侯道 strip for what stands at the far end of the range while the actors are in the hall).

The boxes come from the camera itself (no drawing), at several moments of every step; a few frames
are drawn and read back to see that the 階 and the 堂 named are really on screen.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from choreo.planning import plan_script
from choreo.render.camera import Camera
from choreo.render.config import RenderConfig
from choreo.render.figstate import own_landmarks
from choreo.render.frame import CAPTION_BAND, FrameRenderer
from choreo.render.framing import named_landmarks
from choreo.render.planlayout import build_layout, split_panels, strip_viewport, without_landmarks
from choreo.render.style import PLAN
from choreo.render.viewport import fit


@pytest.fixture(scope="module")
def rite():
    return plan_script("xiangshe/full")


def _inside(x, y, box, margin=0.0) -> bool:
    return box[0] + margin <= x <= box[2] - margin and box[1] + margin <= y <= box[3] - margin


def test_named_landmarks_are_the_venues_words(rite):
    venue = rite.venue
    assert named_landmarks("揖進，當階，北面揖。", venue) == ("西階",)  # an alias of the venue file
    assert named_landmarks("襲而俟于堂西，南面", venue) == ("堂西",)  # the longer word, not the 堂
    assert named_landmarks("升自西階，適堂", venue) == ("西階", "堂")
    assert named_landmarks("北面揖", venue) == ()


def test_the_zhong_is_framed_only_where_the_clause_means_it(rite):
    """中 in 中等, 中庭, 侯中 or 「若中」 (a hit) is not the counter vessel: the venue file lists those words
    (the 中's ``other_senses``) and the camera does not bring the 中 into the frame for them."""
    layout = without_landmarks(build_layout(rite.venue), frozenset(own_landmarks(rite)))
    cam = Camera(rite, layout, (0, 0, 1024, 570), "auto")
    vessel = own_landmarks(rite)["中"]  # the 中 is framed where its object is

    def frames_zhong(step):
        return "中" in named_landmarks(step.text, rite.venue) or vessel in cam.named(step)[1]

    other = [s for s in rite.steps if any(w in s.text for w in ("中等", "中庭", "若中", "侯中"))]
    assert {s.text[:4] for s in other} >= {"上射先升", "乃設楅于", "乃射。若", "北面揖，"}
    for step in other:
        if step.text.replace("中等", "").replace("中庭", "").replace("若中", "").replace("侯中", "").count("中"):
            continue  # the 中 also meant elsewhere in the clause
        assert not frames_zhong(step), (step.id, step.text)
    meant = [s for s in rite.steps if any(w in s.text for w in ("設中", "實八算于中", "中西"))]
    assert len(meant) >= 5
    for step in meant:
        assert frames_zhong(step), (step.id, step.text)
    assert named_landmarks("乃設楅于中庭，南當洗", rite.venue) == ("楅", "庭", "洗")
    assert named_landmarks("還，視侯中，俯正足", rite.venue) == ("侯",)


def test_every_step_frames_its_actors_and_named_landmarks(rite):
    cfg = RenderConfig()
    panels = split_panels(cfg.size, strip=cfg.strip, bottom_band=cfg.px(CAPTION_BAND))
    layout = without_landmarks(build_layout(rite.venue), frozenset(own_landmarks(rite)))
    cam = Camera(rite, layout, panels.main, "auto")
    strip = strip_viewport(layout, panels.strip).world_bounds
    checked = named_seen = 0
    for step in rite.steps:
        blend = cam.blend_of(step)
        for t in np.linspace(step.t0 + blend, step.t1, 4):
            box = cam.box(t, step)
            vp_bounds = fit(box, panels.main, margin=0.0).world_bounds
            hall_side = False
            for name in step.figures:
                pose = rite.pose_at(name, t)
                if pose is None:
                    continue
                r = rite.figures[name].radius or 1.0
                if pose.y >= layout.range_top:
                    hall_side = True
                ok = _inside(pose.x, pose.y, vp_bounds, r) or (
                    pose.y < layout.range_top and _inside(pose.x, pose.y, strip))
                assert ok, f"{step.id} at {t:.1f}: {name} at ({pose.x:.1f}, {pose.y:.1f}) outside {vp_bounds}"
                checked += 1
            for x, y in cam.places(step, t):
                far = (y < layout.range_top) == hall_side  # the other side of the range: the strip shows it
                ok = _inside(x, y, vp_bounds) or (far and _inside(x, y, strip))
                assert ok, f"{step.id} ({step.text[:12]}): named place ({x:.1f}, {y:.1f}) outside {vp_bounds}"
                named_seen += 1
    assert checked > 2000 and named_seen > 300  # the walk above looked at the whole rite


def _stair_pixels(surf, rect) -> int:
    left, top, w, h = rect
    arr = pygame.surfarray.pixels3d(surf.subsurface(pygame.Rect(rect)))
    return int(np.all(arr == PLAN["stair"], axis=2).sum())


@pytest.mark.parametrize("sid", ["e1.s08", "e7.s01"])
def test_drawn_frame_shows_what_the_clause_names(rite, sid):
    """「揖進，當階，北面揖」 shows the 西階 (its treads' colour drawn, its foot inside the main view);
    「司馬袒、決，執弓升」 keeps the whole 堂 he goes up to on screen, from the moment the camera has
    eased into the step to its end (before, the 堂 was cut at the top)."""
    r = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    step = rite.step(sid)
    minx, miny, maxx, maxy = rite.venue.landmarks["堂"].geometry.bounds
    for t in (step.t0 + r.camera.blend_of(step), (step.t0 + step.t1) / 2, step.t1):
        surf = r.draw(t, step)
        vp = r.main_viewport(t, step)
        assert _stair_pixels(surf, r.panels.main) > 20
        if sid == "e1.s08":
            px, py = vp.to_screen(*rite.venue.landmarks["西階"].point)
            left, top, w, h = r.panels.main
            assert left <= px < left + w and top <= py < top + h
        else:
            b = vp.world_bounds
            assert b[0] <= minx and maxx <= b[2] and b[1] <= miny and maxy <= b[3]


def test_full_camera_fills_the_frame_and_shows_the_target_end(rite):
    """``--camera full``: the main view is the whole court with everyone ever in it (fitted to the
    panel, at least half its width used, not one fifth as when the 侯 300 尺 away was in the same view;
    the court's people reach some 95 尺 south of the 堂 since the two 射位 files stand one below the
    other, so the fit is by height) and the strip beside it shows the target end: the 侯 and the 乏,
    enlarged."""
    r = FrameRenderer(rite, RenderConfig(camera="full"))
    box = r.camera.whole_court()
    vp = r.main_viewport(rite.steps[0].t0)
    b = vp.world_bounds
    assert (box[2] - box[0]) / (b[2] - b[0]) >= 0.5
    edge = r.layout.far_bounds[3]
    for step in rite.steps[::7]:
        for name in step.figures:
            pose = rite.pose_at(name, step.t1)
            if pose is None or rite.figures[name].kind == "object":
                continue
            inside_main = b[0] <= pose.x <= b[2] and b[1] <= pose.y <= b[3]
            sb = r.strip_vp.world_bounds
            inside_strip = sb[0] <= pose.x <= sb[2] and sb[1] <= pose.y <= sb[3]
            assert inside_main if pose.y > edge else inside_strip, f"{step.id}: {name} out of the picture"
    sb = r.strip_vp.world_bounds
    for name in ("侯", "乏"):
        x, y = rite.venue.landmarks[name].point
        assert sb[0] <= x <= sb[2] and sb[1] <= y <= sb[3]
    assert r.strip_vp.scale > 2 * strip_viewport(r.layout, r.panels.strip).scale  # enlarged


@pytest.mark.parametrize("venue", ["xie", "xiang"])
def test_while_a_pair_shoots_the_main_view_frames_the_pair(venue):
    """「乃射」 and 「獲者坐而獲」 begin together (``start: with``) and the caption shows the later: the camera
    frames the actors of both, so at each release of round 1 the shooting pair on the 堂 are in the main
    view, and the 獲者 at the 乏 is in the 侯道 strip (the inset shows the target end); before, the main view
    framed the 獲者 alone and the pair were off screen."""
    rite = plan_script("xiangshe/full", venue=venue)
    r = FrameRenderer(rite, RenderConfig(size=(640, 360)))
    shots = [s for s in rite.shots if s.step == "e2.s13"]
    assert shots and rite.step_at(shots[0].release).id == "e2.s14"  # the caption's clause names the 獲者
    for shot in shots:
        t = shot.release
        step = rite.step_at(t)
        b = r.main_viewport(t, step).world_bounds
        for name in ("上耦上射", "上耦下射"):
            p = rite.pose_at(name, t)
            assert _inside(p.x, p.y, b, 1.0), f"{name} out of the main view at the release ({t:.1f})"
        p = rite.pose_at("獲者", t)
        assert not _inside(p.x, p.y, b) and _inside(p.x, p.y, r.strip_vp.world_bounds)
