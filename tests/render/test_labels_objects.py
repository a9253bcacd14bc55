"""Issue 5 polish: figure labels win over plan labels, carried objects drawn with their carrier,
Ctrl-C during an export leaves no file and exits 130, the static plan is cached and panned."""

import math
from dataclasses import replace

import numpy as np
import pygame
import pytest

from choreo.cli import main
from choreo.export import sinks
from choreo.export.video import export_video
from choreo.model import Event, FigureInfo, Hold, Track
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from choreo.render.style import INK, PLAN, colour_of
from choreo.roles import group_colour
from tests.render.conftest import make_choreography

SIZE = (640, 360)


def _pixels(surf):
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3)


def _with_bow_object():
    """The 上耦上射 takes a bow lying 10 尺 east of him at t=10 and walks off with it (the carries say
    so: the renderer reads them, not the 取 event's word)."""
    c = make_choreography()
    figures = dict(c.figures)
    figures["上耦上射"] = replace(figures["上耦上射"], carries=())
    figures["obj.弓"] = FigureInfo("obj.弓", "弓", 0.5, kind="object", role="object")
    tracks = dict(c.tracks)
    tracks["上耦上射"] = Track("上耦上射", [[0, -34, 6, 90], [8, -24, 6, 90], [12, -24, 6, 90], [20, -40, -10, 180],
                                          [30, -40, -10, 180]])
    tracks["obj.弓"] = Track("obj.弓", [[0, -24, 6, 0], [12, -24, 6, 0], [20, -40, -10, 0], [30, -40, -10, 0]])
    events = tuple(sorted(c.events + (Event(10.0, "上耦上射", "取", "s001", detail="弓"),), key=lambda e: e.t))
    holds = tuple(h for h in c.holds if h.holder != "上耦上射") + (
        Hold("obj.弓", 0.0, 10.0, None, (-24.0, 6.0)), Hold("obj.弓", 10.0, math.inf, "上耦上射", step="s001"))
    return replace(c, figures=figures, tracks=tracks, events=events, holds=holds)


def test_object_on_the_ground_then_carried_with_its_carrier():
    c = _with_bow_object()
    r = FrameRenderer(c, RenderConfig(size=SIZE, camera="hall"))
    brown = np.array(group_colour("object"))
    # before 取: the bow lies on the ground as a thing of its own, drawn as its pictogram (ink on a
    # pale square, assets/pictograms.yaml), not as a square in the objects' colour
    assert r.carrier_of("obj.弓", 5.0) is None
    img = _pixels(r.draw(5.0))
    x, y = (int(v) for v in r.project("obj.弓", 5.0))
    half = r.figures.pictogram_px() // 2
    patch = img[y - half + 1:y + half - 1, x - half + 1:x + half - 1].reshape(-1, 3).astype(int)
    assert (np.abs(patch - np.array(INK)).max(axis=1) <= 10).sum() >= 12
    assert (np.abs(patch - np.array(PLAN["halo"])).max(axis=1) <= 4).sum() >= 20
    assert (np.abs(patch - brown).max(axis=1) <= 10).sum() < 5
    # after 取, walking away: no token on top of him (his centre keeps his colour) and the bow's
    # pictogram (ink on a pale square, assets/pictograms.yaml) is drawn at him, within two disc radii
    assert r.carrier_of("obj.弓", 16.0) == "上耦上射"
    img = _pixels(r.draw(16.0))
    x, y = (int(v) for v in r.project("上耦上射", 16.0))
    assert np.abs(img[y, x].astype(int) - np.array(colour_of(c.figures["上耦上射"]))).max() <= 10
    radius = int(r.main_viewport(16.0).length(1.0)) + 12
    patch = img[y - 2:y + 2 * radius, x - radius:x + radius].reshape(-1, 3).astype(int)
    assert (np.abs(patch - np.array(INK)).max(axis=1) <= 10).sum() >= 12
    assert (np.abs(patch - np.array(PLAN["halo"])).max(axis=1) <= 4).sum() >= 20


def test_plan_label_yields_to_a_figure_standing_on_it():
    """The 司射 stands on the 司射位: his own label is drawn, the station's gives way."""
    c = make_choreography()
    r = FrameRenderer(c, RenderConfig(size=(1280, 720), camera="hall"))
    t = 10.0  # 司射 waits at (-26, -30), the 司射位
    surf = r.draw(t)
    vp = r.main_viewport(t)
    figs = r.figures.layout(vp, t, c.step_at(t), small=False)
    taken = [b for f in figs for b in f.boxes]
    labels = r.figures.place_labels(figs, taken, surf.get_clip())
    assert "司射" in [lab[0] for lab in labels]
    fig_boxes = [b for f in figs for b in f.boxes]
    px, py = r.project("司射", t)
    # the station's label, if drawn at all, covers neither his disc nor his label
    plan = r.layer.labels(vp.scale)
    station = [lab for lab in plan if lab.text == "司射位"]
    assert station, "the hall view at this scale names the 司射位"
    from choreo.render.placement import settle

    wanted = [((vp.to_screen(lab.x, lab.y)[0] + lab.dx, vp.to_screen(lab.x, lab.y)[1] + lab.dy,
                vp.to_screen(lab.x, lab.y)[0] + lab.dx + lab.w, vp.to_screen(lab.x, lab.y)[1] + lab.dy + lab.h),
               vp.to_screen(lab.x, lab.y)) for lab in station]
    label_boxes = [(lx, ly, lx + 40, ly + 20) for _, lx, ly, _, _ in labels]
    kept = settle(wanted, fig_boxes + label_boxes, gap=5)
    for box in kept:
        if box is not None:
            assert not (box[0] < px < box[2] and box[1] < py < box[3])


def test_a_file_of_archers_gets_labels_that_do_not_overlap():
    c = make_choreography()
    figures = dict(c.figures)
    tracks = dict(c.tracks)
    names = [f"射者{k}" for k in range(6)]
    for k, name in enumerate(names):  # shoulder to shoulder, 2 尺 apart east–west
        figures[name] = FigureInfo(name, name, 1.0, role="bin-archer")
        tracks[name] = Track(name, [[0, -10 + 2 * k, -10, 180], [30, -10 + 2 * k, -10, 180]])
    c = replace(c, figures=figures, tracks=tracks)
    r = FrameRenderer(c, RenderConfig(size=SIZE, camera="hall"))
    t = 25.0
    surf = r.draw(t)
    vp = r.main_viewport(t)
    figs = r.figures.layout(vp, t, c.step_at(t), small=False)
    labels, keyed, _ = r.figures.label_plan(figs, [b for f in figs for b in f.boxes], surf.get_clip())
    boxes = []
    for text, lx, ly, size, vertical in labels:
        assert not vertical  # a name is never set one character a line
        w, h = r.texts.width(text, int(size)), size
        boxes.append((lx, ly, lx + w, ly + h))
    drawn = [lab[0] for lab in labels]
    numbered = {figs[i].name: n for i, n in keyed}
    assert all(name in drawn or name in numbered for name in names)
    if any(name in numbered for name in names):  # numbered in file order, west to east
        assert [numbered[n] for n in names if n in numbered] == sorted(numbered[n] for n in names if n in numbered)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1), (a, b)


class _InterruptingSink(sinks.Mp4Sink):
    def write(self, frame):
        if self.frames == 5:
            raise KeyboardInterrupt
        super().write(frame)


def test_ctrl_c_leaves_no_file_and_reraises(tmp_path, choreography):
    cfg = RenderConfig(size=(320, 180), fps=10, quiet=True)
    out = tmp_path / "clip.mp4"
    with pytest.raises(KeyboardInterrupt, match="was not written"):
        export_video(choreography, out, cfg, sink=_InterruptingSink(out, cfg.size, cfg.fps))
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_in_the_command_exits_130_with_a_message(tmp_path, monkeypatch, capsys):
    import choreo.commands.render as render_cmd

    monkeypatch.setattr(render_cmd, "load_choreography", lambda args: make_choreography())
    real = sinks.Mp4Sink.write

    def interrupting(self, frame):
        if self.frames == 5:
            raise KeyboardInterrupt  # as Ctrl-C arrives while the encoder is fed
        real(self, frame)

    monkeypatch.setattr(sinks.Mp4Sink, "write", interrupting)
    out = tmp_path / "clip.mp4"
    assert main(["render", "-o", str(out), "--size", "320x180", "--quiet"]) == 130
    assert "was not written" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_plan_is_cached_and_panned_not_redrawn(choreography):
    """Two frames of one step at different pans draw no new tile once the view's tiles exist, and the
    panned picture is the same plan shifted (figures aside)."""
    r = FrameRenderer(choreography, RenderConfig(size=SIZE))
    r.draw(9.0)
    r.draw(9.5)
    tiles = len(r.layer._tiles)
    r.draw(9.6)
    assert len(r.layer._tiles) == tiles
    vp = r.main_viewport(9.6)
    assert vp.x0 * vp.scale == pytest.approx(round(vp.x0 * vp.scale))  # snapped to the tile grid
