#!/usr/bin/env python3
"""Compare two tracks files of one script: what differs, and how far objects drift while at rest.

    python tools/tracks_diff.py BEFORE.json AFTER.json

Prints the top-level keys that differ, the figures (people) and the objects whose tracks differ,
whether the two files are identical once AFTER's ``carries`` and the object tracks are set aside,
and, by AFTER's ``carries``, the largest distance each file's interpolated object track strays from
the object's resting place during a rest (the drift of an object nobody touches).
"""

from __future__ import annotations

import json
import sys

import numpy as np


def rest_drift(doc: dict, carries: list[dict]) -> dict[str, float]:
    """Per object, the largest distance (尺) of its interpolated track from its place while at rest."""
    worst: dict[str, float] = {}
    for c in carries:
        if "rests" not in c or c["object"] not in doc["tracks"]:
            continue
        rows = np.array(doc["tracks"][c["object"]])
        t1 = rows[-1, 0] if c["t1"] is None else c["t1"]
        ts = np.linspace(c["t0"], t1, 401)[1:-1]
        x, y = np.interp(ts, rows[:, 0], rows[:, 1]), np.interp(ts, rows[:, 0], rows[:, 2])
        d = float(np.hypot(x - c["rests"]["x"], y - c["rests"]["y"]).max()) if len(ts) else 0.0
        worst[c["object"]] = max(worst.get(c["object"], 0.0), round(d, 2))
    return worst


def main(before_path: str, after_path: str) -> int:
    with open(before_path, encoding="utf-8") as f:
        before = json.load(f)
    with open(after_path, encoding="utf-8") as f:
        after = json.load(f)
    keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    changed = [n for n in after["tracks"] if before["tracks"].get(n) != after["tracks"][n]]
    people = [n for n in changed if not n.startswith("obj.")]
    objects = [n for n in changed if n.startswith("obj.")]
    rest = {k: v for k, v in after.items() if k != "carries"}
    rest["tracks"] = {n: before["tracks"].get(n) if n.startswith("obj.") else t for n, t in after["tracks"].items()}
    print("keys that differ:", ", ".join(keys) or "none")
    print("people whose tracks differ:", ", ".join(people) or "none")
    print("objects whose tracks differ:", ", ".join(objects) or "none")
    print("identical apart from carries and object tracks:", json.dumps(before, sort_keys=True) == json.dumps(
        rest, sort_keys=True))
    carries = after.get("carries", [])
    for label, doc in (("before", before), ("after", after)):
        drift = {k: v for k, v in rest_drift(doc, carries).items() if v > 0.001}
        print(f"drift at rest, {label} (尺):", ", ".join(f"{k} {v}" for k, v in sorted(drift.items())) or "none")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
