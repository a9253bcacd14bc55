"""The checker: collisions and the text's own constraints, exact on piecewise-linear tracks.

``check(choreography)`` returns the failures (for the viewer, which highlights them);
``check_report(choreography)`` everything, with passes and declared contacts. Never imports pygame.
"""

from __future__ import annotations

from choreo.check.architecture import obstacle_collisions
from choreo.check.collisions import figure_collisions
from choreo.check.constraints import evaluate
from choreo.check.readings import ReadingsTable, compare
from choreo.check.results import CheckReport, ContactFound, Pass, Violation
from choreo.check.rules import venue_rules
from choreo.check.shooting import check_shots
from choreo.check.terms import TERMS, conformance, find_terms
from choreo.model import Choreography

__all__ = ["check", "check_report", "compare", "CheckReport", "ContactFound", "Pass", "Violation",
           "ReadingsTable", "TERMS", "find_terms"]


def check_report(ch: Choreography, *, collisions: bool = True, constraints: bool = True,
                 terms: bool = True) -> CheckReport:
    """Run every check on one Choreography. Bad assertions raise ScriptError (with their position)."""
    violations, passes, contacts = [], [], []
    if collisions:
        found, contacts = figure_collisions(ch)
        violations += found
        violations += obstacle_collisions(ch)
    for step in ch.steps:
        if constraints:
            for assertion in step.assertions:
                result = evaluate(ch, step, assertion)
                (passes if result.ok else violations).append(result)
        if terms:
            violations += conformance(step, ch.venue)[0]
    if constraints:
        found, held = check_shots(ch)
        violations += found
        passes += held
    if terms:
        violations += venue_rules(ch)
    violations.sort(key=lambda v: (v.t if v.t is not None else float("inf"), v.rule))
    return CheckReport(ch.script, ch.venue.key, ch.reading, tuple(violations), tuple(passes),
                       tuple(contacts), ch.duration)


def check(ch: Choreography) -> list[Violation]:
    """The failures only, in time order."""
    return list(check_report(ch).violations)
