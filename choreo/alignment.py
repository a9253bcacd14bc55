"""How the steps of two plans of one script line up, for a comparison drawn step by step.

A step both plans have (the same id) is one entry. A reading that replaces a step by one of its own
for the same clause (the same text, between the same shared steps: 敖's r1x for 鄭's r1) is one
entry too, both sides acting the clause at once. Any other step is one side's only: the entry
plays it while the other side's figures wait where its last step left them (``hold_a`` /
``hold_b``: that side's clock, stopped). A step of b only is played after the step it follows in b.
Pure and deterministic: the plans' step lists only.
"""

from __future__ import annotations

from dataclasses import dataclass

from choreo.model import Choreography, Step


@dataclass(frozen=True)
class Entry:
    """One clause of the comparison as it is played: a's step, b's, or both."""

    a: Step | None
    b: Step | None
    hold_a: float  # a's moment while the entry has no step of a (a's figures wait there)
    hold_b: float  # b's moment while it has no step of b

    @property
    def id(self) -> str:
        return (self.a or self.b).id

    @property
    def step(self) -> Step:
        """The step the entry captions: a's, else b's."""
        return self.a or self.b

    @property
    def one_sided(self) -> bool:
        return self.a is None or self.b is None


def _runs(steps: tuple[Step, ...], shared: set[str]) -> dict[str | None, list[Step]]:
    """The steps not in ``shared``, grouped by the shared step they follow (None: before the first)."""
    out: dict[str | None, list[Step]] = {}
    prev = None
    for s in steps:
        if s.id in shared:
            prev = s.id
        else:
            out.setdefault(prev, []).append(s)
    return out


def _pair(run_a: list[Step], run_b: list[Step]) -> dict[str, Step]:
    """a's id → b's step replacing it: the same clause, in order (greedy; each b step once)."""
    out: dict[str, Step] = {}
    j = 0
    for x in run_a:
        k = next((k for k in range(j, len(run_b)) if run_b[k].text == x.text), None)
        if k is not None:
            out[x.id] = run_b[k]
            j = k + 1
    return out


def _merge(run_a: list[Step], run_b: list[Step]) -> list[tuple[Step | None, Step | None]]:
    """One run of unshared steps in play order: up to each pair, a's own steps, then b's, then the pair."""
    pairs = _pair(run_a, run_b)
    paired_b = {id(s) for s in pairs.values()}
    out: list[tuple[Step | None, Step | None]] = []
    j = 0
    for x in run_a:
        y = pairs.get(x.id)
        if y is None:
            out.append((x, None))
            continue
        while run_b[j] is not y:
            out.append((None, run_b[j]))
            j += 1
        out.append((x, y))
        j += 1
    out += [(None, s) for s in run_b[j:] if id(s) not in paired_b]
    return out


def align(a: Choreography, b: Choreography) -> tuple[Entry, ...]:
    """Every step of either plan, once, in play order (a's order, b's own steps after the step they follow)."""
    shared = {s.id for s in a.steps} & {s.id for s in b.steps}
    runs_a, runs_b = _runs(a.steps, shared), _runs(b.steps, shared)
    b_of = {s.id: s for s in b.steps if s.id in shared}
    order: list[tuple[Step | None, Step | None]] = _merge(runs_a.get(None, []), runs_b.get(None, []))
    for s in a.steps:
        if s.id in shared:
            order.append((s, b_of[s.id]))
            order += _merge(runs_a.get(s.id, []), runs_b.get(s.id, []))
    clock_a = a.steps[0].t0 if a.steps else 0.0
    clock_b = b.steps[0].t0 if b.steps else 0.0
    out = []
    for sa, sb in order:
        out.append(Entry(sa, sb, clock_a, clock_b))
        clock_a = max(clock_a, sa.t1) if sa is not None else clock_a
        clock_b = max(clock_b, sb.t1) if sb is not None else clock_b
    return tuple(out)
