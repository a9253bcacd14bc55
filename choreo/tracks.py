"""The tracks file (DESIGN.md, interchange contract version 1): one JSON for any consumer.

Deterministic: the same script, venue and reading give byte-identical output (sorted landmarks,
fixed float formatting through rounding, no timestamps). Facing is unwrapped (see choreo.model).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from choreo.atomic import check_destination, write_text
from choreo.errors import ExportError
from choreo.model import Choreography, Hold
from choreo.shooting import Shot

FORMAT, VERSION = "yili-tracks", 1


def _r(value: float) -> float:
    return round(float(value), 4) + 0.0


def tracks_document(ch: Choreography) -> dict[str, Any]:
    venue = ch.venue
    landmarks = {}
    for name, lm in venue.landmarks.items():
        entry: dict[str, Any] = {"x": _r(lm.x), "y": _r(lm.y), "kind": lm.kind}
        if lm.facing is not None:
            entry["facing"] = _r(lm.facing)
        if lm.steps is not None:
            entry["steps"] = lm.steps
        if lm.top is not None:
            entry["top"] = {"x": _r(lm.top[0]), "y": _r(lm.top[1])}
        landmarks[name] = entry
    figures = {}
    for name, info in ch.figures.items():
        entry = {"label": info.label, "radius": _r(info.radius), "role": info.role}
        if info.kind == "object":
            entry["kind"] = "object"
        if info.carries:
            entry["carries"] = list(info.carries)
        figures[name] = entry
    steps = []
    for step in ch.steps:
        entry = {"id": step.id, "t0": _r(step.t0), "t1": _r(step.t1), "text": step.text,
                 "source": step.source, "figures": list(step.figures)}
        if step.commentary:
            entry["notes"] = list(step.commentary)
        if step.reading_note:
            entry["reading_note"] = step.reading_note
        if step.option_note:
            entry["option_note"] = step.option_note
        if step.restored:
            entry["restored_from"] = step.restored  # the seed's garbled span; text is its restoration
        steps.append(entry)
    t_lo = min((s.t0 for s in ch.steps), default=0.0)
    t_hi = max((s.t1 for s in ch.steps), default=0.0)
    tracks = {}
    for name, track in ch.tracks.items():
        rows = [[_r(v) for v in row] for row in track.samples.tolist()]
        tracks[name] = rows
    events = []
    for e in ch.events:
        entry = {"t": _r(e.t), "figure": e.figure, "kind": e.kind, "step": e.step}
        if e.detail:
            entry["detail"] = e.detail
        if e.duration:
            entry["duration"] = _r(e.duration)
        events.append(entry)
    return {
        "format": FORMAT,
        "version": VERSION,
        "script": Path(ch.script).name,
        "title": ch.title,
        "venue": venue.key,
        "reading": ch.reading,
        **({"outcome": [{"option": o, "title": t} for o, t in zip(ch.options, ch.option_titles, strict=True)]}
           if ch.options else {}),
        "units": "chi",
        "time_span": [_r(t_lo), _r(t_hi)],
        "landmarks": landmarks,
        "obstacles": [{"name": ob.name, "kind": ob.kind, "wkt": ob.geometry.wkt} for ob in venue.obstacles],
        "figures": figures,
        "steps": steps,
        "tracks": tracks,
        "events": events,
        "carries": [_carry(h) for h in ch.holds],
        **_shooting(ch),
    }


def _shooting(ch: Choreography) -> dict[str, Any]:
    """The additive fields of the range: ``shots`` (one per arrow), ``music`` (each piece and its beat
    times), ``tallies`` (the 數獲) and ``laid`` (the 算 on the ground); present only when the script has them,
    so older files read the same."""
    out: dict[str, Any] = {}
    if ch.shots:
        out["shots"] = [_shot(s) for s in ch.shots]
    if ch.music:
        out["music"] = [{"piece": m.piece, "t0": _r(m.t0), "t1": _r(m.t1) if math.isfinite(m.t1) else None,
                         "period": _r(m.period), "by": m.by, "step": m.step,
                         "beats": [_r(b) for b in ch.beats(m)]} for m in ch.music]
    if ch.tallies:
        out["tallies"] = [{"t": _r(t.t), "figure": t.figure, "step": t.step, "right": t.right, "left": t.left,
                           "said": t.said, "words": t.words, "passages": list(t.passages)} for t in ch.tallies]
    if ch.laid:
        out["laid"] = [{"kind": p.kind, "n": p.n, "side": p.side, "x": _r(p.x), "y": _r(p.y), "tip": _r(p.tip),
                        "t0": _r(p.t0), "t1": _r(p.t1) if math.isfinite(p.t1) else None, "step": p.step}
                       for p in ch.laid]
    return out


def _shot(s: Shot) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "archer": s.archer, "release": _r(s.release), "arrival": _r(s.arrival),
        "from": {"x": _r(s.origin[0]), "y": _r(s.origin[1])}, "station": s.station, "target": s.target,
        "point": {"x": _r(s.point[0]), "y": _r(s.point[1])}, "hit": s.hit, "side": s.side, "step": s.step,
        "passage": s.passage, "number": s.number,
    }
    if s.piece:
        entry.update(piece=s.piece, on_beat=s.on_beat, keeps_music=s.keeps_music)
    if s.caller:
        entry.update(caller=s.caller, called=_r(s.called))
    if s.scorer:
        entry.update(scorer=s.scorer, counted=_r(s.counted))
    return entry


def _carry(h: Hold) -> dict[str, Any]:
    """One Hold: ``t1`` null means until the end; ``holder`` or ``rests`` (and ``landmark``)."""
    entry: dict[str, Any] = {"object": h.obj, "t0": _r(h.t0), "t1": _r(h.t1) if math.isfinite(h.t1) else None}
    if h.holder is not None:
        entry["holder"] = h.holder
    else:
        x, y = h.place  # a rest always has its place (Hold)
        entry["rests"] = {"x": _r(x), "y": _r(y)}
        if h.landmark:
            entry["landmark"] = h.landmark
        if h.parts:
            entry["parts"] = dict(h.parts)
    if h.step:
        entry["step"] = h.step
    return entry


def dumps(ch: Choreography) -> str:
    """The tracks file's text; a NaN or infinity anywhere (not JSON) is an ExportError naming where."""
    doc = tracks_document(ch)
    try:
        return json.dumps(doc, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    except ValueError:
        raise ExportError(f"the tracks file would hold {_non_finite(doc)}, which JSON cannot "
                          "represent; nothing was written") from None


def _non_finite(value: Any, where: str = "") -> str | None:
    """'a NaN at tracks.司射[3][1]' for the first non-finite number in ``value``, else None."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{'a NaN' if math.isnan(value) else 'an infinity'} at {where or 'the top'}"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _non_finite(item, f"{where}.{key}" if isinstance(key, str) and where else
                            key if isinstance(key, str) else f"{where}[{key}]")
        if found:
            return found
    return None


def write_tracks(ch: Choreography, out: str | Path) -> Path:
    """Write atomically: the file appears complete or not at all."""
    return write_text(check_destination(out, (".json",), "choreo tracks"), dumps(ch))
