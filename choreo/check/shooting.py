"""The shots against the rules of the range: the beat, the counter, the count.

- ``shot_on_beat``: every shot of an archer who keeps the music (not 「不以樂志」〔003〕) is released on a
  beat of the piece playing (「奏《[貍]首》，[間]若一」〔003〕).
- ``counter``: a counter is laid only for a hit in time (「不鼓不釋」〔000〕); in a passage where counters
  are laid, every hit in time has one (「每一個釋一[算]」〔000〕), on its archer's side.
- ``tally``: the 數獲 counts what the counters of each side were, and the words said agree with it
  (「若右勝，則曰“右賢於左”」〔000〕). A count with no shot before it (a passage checked alone) is left
  unchecked: the round it counts is not in the script.
"""

from __future__ import annotations

from choreo.check.results import Pass, Violation
from choreo.model import Choreography
from choreo.shooting import LEFT, RIGHT


def check_shots(ch: Choreography) -> tuple[list[Violation], list[Pass]]:
    violations: list[Violation] = []
    passes: list[Pass] = []
    for shot in ch.shots:
        if shot.piece and shot.keeps_music and not shot.on_beat:
            violations.append(Violation("shot_on_beat", (shot.archer,), shot.release, None, shot.origin, shot.step,
                                        f"{shot.archer}'s arrow {shot.number} leaves the string off the beat of "
                                        f"《{shot.piece}》", {"release": shot.release}))
        if shot.counted is not None and not (shot.hit and shot.in_time):
            why = "a miss" if not shot.hit else f"off the beat of 《{shot.piece}》 (不鼓不釋)"
            violations.append(Violation("counter", (shot.scorer, shot.archer), shot.counted, None, None, shot.step,
                                        f"{shot.scorer} lays a counter for {shot.archer}'s arrow {shot.number}, "
                                        f"{why}", {"hit": bool(shot.hit), "on_beat": shot.on_beat}))
    scored = {s.passage for s in ch.shots if s.counted is not None}
    for shot in ch.shots:
        if shot.passage in scored and shot.hit and shot.in_time and shot.counted is None:
            violations.append(Violation("counter", (shot.archer,), shot.arrival, None, shot.point, shot.step,
                                        f"{shot.archer}'s arrow {shot.number} hits in passage {shot.passage}, "
                                        "where counters are laid, and gets none", {"arrival": shot.arrival}))
    done: set[str] = set()
    for tally in ch.tallies:
        rounds = [p for p in dict.fromkeys(s.passage for s in ch.shots if s.passage in scored and s.release < tally.t)
                  if p not in done]
        done.update(rounds)
        if not rounds:
            continue
        hits = [s for s in ch.shots if s.passage in rounds and s.hit and s.in_time]
        right = sum(1 for s in hits if s.side == RIGHT)
        left = sum(1 for s in hits if s.side == LEFT)
        measured = {"counted_right": tally.right, "counted_left": tally.left, "hits_right": right, "hits_left": left}
        problems = []
        if (tally.right, tally.left) != (right, left):
            problems.append(f"the count gives right {tally.right}, left {tally.left}; the hits in time of "
                            f"{', '.join(rounds)} are right {right}, left {left}")
        if tally.words and tally.words != tally.said:
            problems.append(f"the script says 「{tally.words}」 but the count gives 「{tally.said}」")
        result = (Violation if problems else Pass)("tally", (tally.figure,), tally.t, None, None, tally.step,
                                                  "; ".join(problems) or f"the 數獲 of {', '.join(rounds)}: "
                                                  f"right {right}, left {left}, 「{tally.said}」", measured)
        (violations if problems else passes).append(result)
    return violations, passes
