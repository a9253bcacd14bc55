"""What the viewer draws over the export's frame: grid, selection, checker findings, help, errors.

Every world point goes through the same :class:`~choreo.render.viewport.Viewport` the frame was drawn
with, so a red ring sits exactly where the checker says a collision happened.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from choreo.model import Choreography
from choreo.render.caption import display_clause
from choreo.render.style import CAPTION, colour_of
from choreo.render.viewport import Viewport
from choreo.viewer.writer import Writer

RED = (215, 30, 30)
ACCENT = CAPTION["accent"]
INK = (40, 32, 24)
GRID_MINOR = 6.0  # 尺: one 步 (= 6 尺, DESIGN.md units)
GRID_MAJOR = 30.0  # 尺: five 步 (a round number of 步 to read distances off)
NEAR = 1.5  # ceremony seconds a point-in-time finding stays drawn either side of its moment (choice)

HELP = (
    ("space", "play / pause"),
    ("← →", "previous / next step of the list (with o: the other reading's own too)"),
    (", .", "frame back / forward"),
    ("+ −", "faster / slower;  0: real speed (1×)"),
    ("Home End", "start / end"),
    ("wheel, drag", "zoom, pan;  f: follow the figures again"),
    ("click", "a figure: who, what, which step, its path"),
    ("l t g", "labels, trails, grid (1 步 = 6 尺)"),
    ("v", "switch venue (庠 / 榭), re-planned at this step"),
    ("r", "next reading, re-planned at this step"),
    ("o", "ghosts: the other reading, where it differs (≠)"),
    ("[ ]", "previous / next step where the readings differ, or that one only has"),
    ("c", "checker: failures in red, click one to jump"),
    ("s", "save this frame as PNG"),
    ("e", "export the step range to MP4"),
    ("? h", "this help;  q: quit"),
    ("Esc", "close this help or a figure's card, else quit"),
)


def translucent(surf: pygame.Surface, rect, colour, alpha: int) -> None:
    box = pygame.Surface((max(1, int(rect[2])), max(1, int(rect[3]))), pygame.SRCALPHA)
    box.fill((*colour, alpha))
    surf.blit(box, rect[:2])


def grid(surf: pygame.Surface, vp: Viewport, writer: Writer) -> None:
    """Lines every 步 (when at least 8 px apart) and every 5 步 with their coordinate in 尺."""
    minx, miny, maxx, maxy = vp.world_bounds
    left, top, w, h = vp.rect
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for spacing, alpha in ((GRID_MINOR, 40), (GRID_MAJOR, 90)):
        if vp.length(spacing) < 8:
            continue
        for x in np.arange(math.ceil(minx / spacing) * spacing, maxx, spacing):
            px = vp.to_screen(x, 0)[0] - left
            pygame.draw.line(layer, (60, 90, 140, alpha), (px, 0), (px, h))
            if spacing == GRID_MAJOR:
                layer.blit(writer.render(f"{x:g}", 11, (60, 90, 140)), (px + 2, 2))
        for y in np.arange(math.ceil(miny / spacing) * spacing, maxy, spacing):
            py = vp.to_screen(0, y)[1] - top
            pygame.draw.line(layer, (60, 90, 140, alpha), (0, py), (w, py))
            if spacing == GRID_MAJOR:
                layer.blit(writer.render(f"{y:g}", 11, (60, 90, 140)), (2, py + 1))
    surf.blit(layer, (left, top))


def figure_at(ch: Choreography, vp: Viewport, t: float, pos, slack: float = 6.0) -> str | None:
    """The figure whose disc is under ``pos`` (px) at t: a person before an object, then the nearest
    (an object in someone's hands is drawn as his badge, not on its own: it is not picked)."""
    hits = []
    for name, info in ch.figures.items():
        pose = ch.pose_at(name, t)
        if pose is None or info.kind == "object" and ch.holder_of(name, t) is not None:
            continue
        px, py = vp.to_screen(pose.x, pose.y)
        d = math.hypot(px - pos[0], py - pos[1])
        if d <= max(vp.length(info.radius or 1.0), 8.0) + slack:
            hits.append((info.kind == "object", d, name))
    return min(hits)[2] if hits else None


def figure_status(ch: Choreography, name: str, t: float, gesture: str | None = None) -> dict[str, str]:
    """Who the figure is and what it is doing at t: name, role, step, action (all text)."""
    info = ch.figures[name]
    inside = [s for s in ch.steps if name in s.figures and s.t0 <= t < s.t1]
    if not inside:
        inside = [s for s in ch.steps if name in s.figures and s.t0 <= t]
    step = inside[-1] if inside else None
    verbs = [v for f, v in (step.verbs if step else ()) if f == name]
    track = ch.tracks.get(name)
    moving = False
    if track is not None and track.at(t) is not None:
        a, b = track.at(max(track.start, t - 0.25)), track.at(t + 0.25)
        moving = b is not None and math.hypot(b[0] - a[0], b[1] - a[1]) > 0.05
    pose = ch.pose_at(name, t)
    doing = "、".join(dict.fromkeys(verbs)) or "—"
    now = gesture or ("walking" if moving else ("坐" if pose is not None and pose.posture == "坐" else "standing"))
    where = f"at ({pose.x:.0f}, {pose.y:.0f}) 尺, facing {pose.bearing:.0f}°" if pose else "not yet present"
    holder = ch.holder_of(name, t) if info.kind == "object" else None
    held = [(ch.figures[h].label if h in ch.figures else h) for h in ch.held_by(name, t)]
    if holder is not None:
        now = f"in the hands of {holder}"
    elif held:
        now += f", holding {'、'.join(held)}"
    return {
        "name": info.label or name,
        "role": info.role or info.kind,
        "step": (f"{step.id} 「{display_clause(step.text)}」" if step else "—") + ("" if not inside or step.t1 > t else " (done)"),
        "action": f"{doing} — now {now}",
        "where": where,
    }


def selection(surf: pygame.Surface, vp: Viewport, ch: Choreography, name: str, t: float,
              writer: Writer, gesture: str | None) -> None:
    """The selected figure's whole path, a ring round it and a card saying who and what."""
    track = ch.tracks.get(name)
    info = ch.figures.get(name)
    if track is None or info is None:
        return
    left, top, w, h = vp.rect
    surf.set_clip(pygame.Rect(vp.rect))
    if len(track.samples) >= 2:
        pts = vp.to_screen_many(track.samples[:, 1:3])
        keep = np.ones(len(pts), dtype=bool)
        keep[1:] = np.any(np.abs(np.diff(pts, axis=0)) > 0.5, axis=1)
        pts = pts[keep]
        if len(pts) >= 2:
            pygame.draw.lines(surf, ACCENT, False, pts.tolist(), 3)
            pygame.draw.circle(surf, ACCENT, pts[0].tolist(), 5, 2)
    pose = ch.pose_at(name, t)
    if pose is not None:
        px, py = vp.to_screen(pose.x, pose.y)
        r = max(vp.length(info.radius or 1.0), 8.0)
        pygame.draw.circle(surf, ACCENT, (px, py), r + 6, 3)
    surf.set_clip(None)
    status = figure_status(ch, name, t, gesture)
    card_w = min(460, w - 20)
    # The card is drawn again only when who/what/which step changes; the position line is one render.
    fixed = {k: v for k, v in status.items() if k != "where"}
    card = writer.memo(("card", id(ch), card_w, *fixed.values()), lambda: _card(fixed, info, card_w, writer))
    x0, y0 = left + w - card_w - 10, top + h - card.get_height() - 30  # bottom right: the checker is top left
    surf.blit(card, (x0, y0))
    translucent(surf, (x0, y0 + card.get_height(), card_w, 22), (25, 25, 30), 225)
    surf.blit(writer.render(status["where"], 13, (190, 186, 176)), (x0 + 10, y0 + card.get_height() + 2))


def prepare_card(ch: Choreography, name: str, t: float, vp_width: int, writer: Writer) -> None:
    """Lay out and render the lines of ``name``'s card as it will read at t (the first frame of a
    step need not wrap a long 經 clause)."""
    info = ch.figures.get(name)
    if info is None or name not in ch.tracks:
        return
    status = figure_status(ch, name, t)
    card_w = min(460, vp_width - 20)
    for text, size, colour in _card_lines(status, info):
        for line in writer.wrap(text, size, card_w - 20)[:3]:
            writer.render(line, size, colour)


def _card_lines(status: dict[str, str], info) -> list[tuple[str, int, tuple[int, int, int]]]:
    return [(status["name"], 18, colour_of(info)), (f"role: {status['role']}", 14, (235, 230, 220)),
            (f"step: {status['step']}", 14, (235, 230, 220)), (f"action: {status['action']}", 14, (235, 230, 220))]


def _card(status: dict[str, str], info, card_w: int, writer: Writer) -> pygame.Surface:
    lines = _card_lines(status, info)
    y = 8
    rendered = []
    for text, size, colour in lines:
        for line in writer.wrap(text, size, card_w - 20)[:3]:
            rendered.append((writer.render(line, size, colour), y))
            y += int(size * 1.35)
    card = pygame.Surface((card_w, y + 8), pygame.SRCALPHA)
    card.fill((25, 25, 30, 225))
    for r, dy in rendered:
        card.blit(r, (10, dy))
    return card


def active(v, t: float) -> bool:
    if v.t is None:
        return False
    t_end = v.t_end if v.t_end is not None else v.t
    return v.t - NEAR <= t <= t_end + NEAR


def findings(surf: pygame.Surface, vp: Viewport, ch: Choreography, violations, t: float, writer: Writer,
             selected_rule: int | None = None) -> list[tuple[pygame.Rect, int]]:
    """Red rings at the place of each failure happening around t, and the list of all of them.

    A finding with no place (a clause never enacted, a line never crossed) is drawn round the
    figures it names, where they are at t. Returns the list rows' rectangles (for jump-to clicks).
    """
    surf.set_clip(pygame.Rect(vp.rect))
    for v in violations:
        if not active(v, t):
            continue
        places = [v.where] if v.where is not None else [
            (p.x, p.y) for p in (ch.pose_at(f, t) for f in v.figures) if p is not None]
        for x, y in places:
            px, py = vp.to_screen(x, y)
            pygame.draw.circle(surf, RED, (px, py), 18, 4)
            pygame.draw.line(surf, RED, (px - 24, py), (px - 12, py), 3)
            pygame.draw.line(surf, RED, (px + 12, py), (px + 24, py), 3)
            tag = writer.render(v.rule, 13, RED, (255, 245, 240))
            surf.blit(tag, (px + 20, py - 26))
    surf.set_clip(None)
    left, top, w, h = vp.rect
    width = min(520, w - 20)
    hot = tuple(i for i, v in enumerate(violations[:12]) if active(v, t))
    box = writer.memo(("findings", id(violations), width, hot), lambda: _findings_list(violations, hot, width, writer))
    surf.blit(box, (left + 10, top + 10))
    return [(pygame.Rect(left + 10, top + 13 + (k + 1) * ROW, width, ROW), k)
            for k in range(min(12, len(violations)))]


ROW = 20  # px a line of the checker's list


def _findings_list(violations, hot, width: int, writer: Writer) -> pygame.Surface:
    from choreo.viewer.panels import fit_line

    head = f"checker: {len(violations)} failure{'s' if len(violations) != 1 else ''}" + (
        " — click one to jump to it" if violations else " — all checks hold")
    lines = [(head, None)] + [(f"{v.t:7.1f} s  {v.step or '—'}  {v.rule}  {'、'.join(v.figures)}: {v.detail}"
                               if v.t is not None else f"   —     {v.step or '—'}  {v.rule}: {v.detail}", i)
                              for i, v in enumerate(violations[:12])]
    if len(violations) > 12:
        lines.append((f"… and {len(violations) - 12} more (choreo check lists them all)", None))
    box = pygame.Surface((width, ROW * len(lines) + 10), pygame.SRCALPHA)
    box.fill((255, 244, 240, 230))
    pygame.draw.rect(box, RED, box.get_rect(), 2)
    for k, (text, index) in enumerate(lines):
        colour = RED if (index is None or index in hot) else (120, 40, 30)
        r = writer.render(fit_line(writer, text, 13, width - 16), 13 if index is not None else 14, colour)
        box.blit(r, (8, 5 + k * ROW))
    return box


def help_overlay(surf: pygame.Surface, rect, writer: Writer) -> None:
    left, top, w, h = rect
    bw, bh = min(620, w - 40), 44 + 26 * len(HELP)
    x0, y0 = left + (w - bw) // 2, top + max(10, (h - bh) // 2)
    translucent(surf, (x0, y0, bw, bh), (20, 20, 26), 235)
    surf.blit(writer.render("keys  (? or h closes)", 18, ACCENT), (x0 + 18, y0 + 12))
    for k, (keys, what) in enumerate(HELP):
        y = y0 + 44 + 26 * k
        surf.blit(writer.render(keys, 15, ACCENT), (x0 + 18, y))
        surf.blit(writer.render(what, 15, (235, 230, 220)), (x0 + 150, y))


def toast(surf: pygame.Surface, rect, text: str, writer: Writer) -> None:
    left, top, w, h = rect
    r = writer.render(text, 15, (250, 248, 240))
    box = (left + (w - r.get_width()) // 2 - 12, top + h - r.get_height() - 30, r.get_width() + 24,
           r.get_height() + 12)
    translucent(surf, box, (20, 20, 26), 220)
    surf.blit(r, (box[0] + 12, box[1] + 6))
