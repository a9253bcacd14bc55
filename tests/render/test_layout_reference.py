"""The placement pass lays out every frame of the bench exactly as the reference did, to the last bit.

The reference (tests/render/golden/layouts.json) holds, per frame drawn in the export's order, a digest
of everything of its FrameLayout a viewer sees placed (test_placement_memo._laid_out: each figure's
boxes, gesture word and name, the labels and their boxes, the key, the landmark labels, the furniture,
the inset, the ghosts' labels), written from main at f3787c9, before the pass was made faster. The
digest is of the floats' repr, so a box moved by a pixel (or by the last bit of a float) fails, naming
the first frame that differs (a box that moves and changes no placement, e.g. a clear box widened where
no name stands near it, is not seen). Rewrite it, only for a change meant to move boxes, with

    SDL_VIDEODRIVER=dummy python -m pytest -q tests/render/test_layout_reference.py --regen-golden

(``-k "default and full"`` and the like for one run; each run's list is replaced alone) and say in
the commit which runs moved. The --camera full run was rewritten at cf19e2e (its panels changed).

Runs: the bench's 1000 frames of the bundled default at 1280×720 (bench/render.py), 600 at 640×360,
500 with --camera full, and 200 frames of a --compare render where b's figures are drawn as ghosts.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from choreo.planning import default_script, plan_script
from choreo.render.config import RenderConfig
from choreo.render.frame import FrameRenderer
from tests.render.test_placement_memo import _laid_out, ghost_stretch

FPS = 25  # the bench's
REFERENCE = Path(__file__).parent / "golden" / "layouts.json"
RUNS = {"default 1280": ((1280, 720), "auto", 1000), "default 640": ((640, 360), "auto", 600),
        "default full": ((1280, 720), "full", 500)}


def _digest(fl) -> str:
    return hashlib.sha1(repr(_laid_out(fl)).encode()).hexdigest()[:12]


def _digests(renderer: FrameRenderer, moments) -> list[str]:
    """Each moment drawn as the export draws it (a pool of surfaces, a moment repeated not drawn again),
    then the digest of its layout (the one the draw laid out)."""
    pool = [renderer.new_target() for _ in range(6)]
    out, last = [], None
    for k, (t, step) in enumerate(moments):
        if (t, step) != last:
            renderer.draw(t, step, into=pool[k % 6])
            last = (t, step)
        out.append(_digest(renderer.frame_layout(t, step)))
    return out


@pytest.fixture(scope="module")
def default_rite():
    return plan_script(default_script())


def _run(name: str, default_rite) -> list[str]:
    if name == "compare":
        a, comparison, cfg, moments, _ = ghost_stretch(200, FPS)
        return _digests(FrameRenderer(a, cfg, comparison=comparison), moments)
    size, camera, n = RUNS[name]
    cfg = RenderConfig(size=size, fps=FPS, quiet=True, camera=camera)
    timeline = cfg.pace.timeline(default_rite.steps)
    return _digests(FrameRenderer(default_rite, cfg), [timeline.at(k / FPS) for k in range(n)])


@pytest.mark.parametrize("name", [*RUNS, "compare"])
def test_every_frame_lays_out_as_the_reference(default_rite, name, regen_golden):
    got = _run(name, default_rite)
    reference = json.loads(REFERENCE.read_text()) if REFERENCE.exists() else {}
    if regen_golden:
        reference[name] = got
        REFERENCE.write_text(json.dumps(reference, indent=0, sort_keys=True) + "\n")
        return
    want = reference[name]
    assert len(got) == len(want)
    differ = [k for k, (a, b) in enumerate(zip(got, want, strict=True)) if a != b]
    assert not differ, f"{name}: {len(differ)} frames lay out otherwise, the first frame {differ[0]}"
