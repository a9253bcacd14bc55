"""Rules a venue holds for an act the two rites do differently (docs/domain.md §f.14): the venue file's
options say which rule holds there, and every step is held to it.

``full_turn`` — the return after a 左還 at the 楅: 周 (go on round; 鄉射, 鄭 「不言毋周，在阼非君，周可也」〔000〕)
or 毋周 (turn back; the 大射, where the ruler is at the 阼). A step whose figures perform the other one fails.
"""

from __future__ import annotations

from choreo.check.results import Violation
from choreo.model import Choreography

TURN_RULES = ("周", "毋周")
WHY = {"周": "鄭 「不言毋周，在阼非君，周可也」〔000〕",
       "毋周": "「左旋，毋周，反面揖」, 鄭 「毋周，右還而反東面也。君在阼，還周則下射將背之」 (quoted in the 疏 of 000)"}


def venue_rules(ch: Choreography) -> list[Violation]:
    rule = ch.venue.options.get("full_turn")
    if rule not in TURN_RULES:
        return []
    out = []
    for step in ch.steps:
        for figure, done in step.verbs:
            if done in TURN_RULES and done != rule:
                out.append(Violation(
                    "venue_rule", (figure,), step.t0, step.t1, None, step.id,
                    f"{figure} does {done} in {step.id}, but venue {ch.venue.key} holds {rule} for the return after a "
                    f"左還 (its option full_turn: {WHY[rule]})",
                    {"rule": rule, "done": done}))
    return out
