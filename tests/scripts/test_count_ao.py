"""The 數獲 of e.8 under 敖 (seed 001) on the bundled rite, read from the Choreography's ``laid``: with the bundled
hits (right 11, left 8), under 「若左勝」 (--outcome left-wins: left 11, right 8) and 「若左右鈞」 (tie: 8 and 8), and
with every arrow of round 2 a hit, so that ten 純 make a 委 on each side — the 委 the toy of
tests/planner/test_counters_laid.py lays, here at the real 釋獲者's place beside the real heaps. 敖's rules as
choreo/counters.py and e08-shuhuo.yaml quote them: 「委之当在所释右获之南」, 「异之者又在其南」, 「下谓委之西横之者…毎纯
异之以次而西此横者亦南末也」, for the left 「如其所缩所横及毎委异之也异之则次而北与」〔001〕; 「十純則縮而委之」,
「一算為奇，奇則又縮諸純下」〔000〕."""

from dataclasses import replace
from functools import cache

import pytest

from choreo.counters import count_pieces
from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script

FULL = scripts_dir() / "xiangshe" / "full.yaml"
SUO, HENG = 90.0, 180.0  # 縮 東末, 橫 南末 (choreo/counters.py LIES)


@cache
def _script(all_hit):
    script = parse_script(FULL)
    if not all_hit:
        return script
    outcomes = {p: dict(t) for p, t in script.outcomes.items()}
    outcomes["e.6"] = {archer: (True,) * len(arrows) for archer, arrows in outcomes["e.6"].items()}
    return replace(script, outcomes=outcomes)


@cache
def counted(options=(), all_hit=False):
    return plan(_script(all_hit), venue="xie", reading="ao", options=options)


def _side(ch, side, kind):
    return sorted((p for p in ch.laid if p.side == side and p.kind == kind), key=lambda p: p.t0)


CASES = [((), False, {"右": 11, "左": 8}), (("left-wins",), False, {"右": 8, "左": 11}),
         (("tie",), False, {"右": 8, "左": 8}), ((), True, {"右": 28, "左": 28})]


@pytest.mark.parametrize(("options", "all_hit", "hits"), CASES)
def test_the_count_lays_out_what_was_laid_in_wei_chun_and_ji(options, all_hit, hits):
    """As many 算 come back out as were laid for each side, in the pieces the 經 names: 「二算為純」, 「十純則縮而委之」,
    「一算為奇」〔000〕 — 11 are five 純 and a 奇, 8 four 純, 28 a 委 of twenty and four 純."""
    ch = counted(options, all_hit)
    for side, n in hits.items():
        assert len(_side(ch, side, "算")) == n
        pieces = tuple(len(_side(ch, side, kind)) for kind in ("委", "純", "奇"))
        assert pieces == count_pieces(n), f"{side}: {pieces} for {n} 算"
        assert sum(p.n for p in ch.laid if p.side == side and p.kind != "算") == n
        assert all(p.n == 20 for p in _side(ch, side, "委")) and all(p.n == 2 for p in _side(ch, side, "純"))


@pytest.mark.parametrize(("options", "all_hit", "hits"), CASES)
def test_ao_lays_the_pieces_where_he_says(options, all_hit, hits):
    """Right: the 委 縮 south of the right heap (「委之当在所释右获之南」), each further one south again (「异之者又在其
    南」); the 純 橫 南末, one by one going west (「毎纯异之以次而西此横者亦南末也」) from the 委's west (「下谓委之西」);
    the 奇 縮 beyond the last 純 (「又縮諸純下」). Left: as the right, the 委 going north (「异之则次而北与」)."""
    ch = counted(options, all_hit)
    for side, outward in (("右", -1.0), ("左", 1.0)):  # the right heap lies south of him, the left north
        heap = _side(ch, side, "算")
        edge = min(p.y for p in heap) if outward < 0 else max(p.y for p in heap)
        wei, chun, ji = (_side(ch, side, kind) for kind in ("委", "純", "奇"))
        for p in wei + chun:
            assert (p.y - edge) * outward > 0, f"{side} {p.kind} at y={p.y:.2f}, not beyond the heap's {edge:.2f}"
        assert all(p.tip == SUO for p in wei) and all(p.tip == HENG for p in chun)
        ys = [p.y for p in wei]
        assert all((b - a) * outward > 0 for a, b in zip(ys, ys[1:], strict=False))
        xs = [p.x for p in chun]
        assert xs == sorted(xs, reverse=True) and len(set(xs)) == len(xs), f"{side}: 純 at {xs}"
        assert all(c.x < w.x for w in wei for c in chun)
        for p in ji:
            assert p.tip == SUO and p.x < min(xs)
        # each piece can be told from its neighbours on the picture
        spots = [(round(p.x, 2), round(p.y, 2)) for p in wei + chun + ji]
        assert len(set(spots)) == len(spots)
