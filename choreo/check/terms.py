"""Text conformance: every movement term in a step's quotation must be enacted by that step.

THE TERM TABLE. Each row: the term as the 經 writes it, the verbs (Step.verbs) and the assertion
kinds that realise it. A step's text is scanned longest-term-first, a matched span is masked, so
西南面 is one term (not also 南面) and 左還 is not also 還. Terms with a place (由X之南, 出于X之南)
are realised by the same phrase as a verb, or by the matching passes_*_of assertion on X.
Bracketed restorations ([適]) count as written. In 「豫則…，堂則…」 only the venue's own clause
counts (a clause beginning with a word of the venue's ``skip_clauses`` option is not enacted there); after 如 in a clause the terms name a model (「揖如升射」), not an action. Modelling choices: 鄉 (face toward) is left out
because it is also the 鄉 of 鄉射; gestures other than 揖 are events, not movement. 升飲者 and 升射者 name
people (those going up to drink, to shoot: 「與升飲者相左」〔000〕), not an act of the step's actors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from choreo.check.results import Violation
from choreo.model import Step
from stage.model import Venue
from stage.vocabulary import FACING_WORDS

FACING_TERMS = tuple(FACING_WORDS)
SMALL_MOVES = ("少左", "少右", "少退", "少進", "少南", "少北", "少西", "少東")

# term → (verbs that realise it, assertion kinds that realise it)
TERMS: dict[str, tuple[frozenset, frozenset]] = {
    "相左": (frozenset({"相左"}), frozenset({"passes_left"})),
    "交于階前": (frozenset({"交于階前", "相左"}), frozenset({"passes_left"})),
    "鉤楹內": (frozenset({"鉤楹內", "鉤楹"}), frozenset({"around", "passes_north_of"})),
    "鉤楹": (frozenset({"鉤楹", "鉤楹內"}), frozenset({"around", "passes_north_of"})),
    "由楹外": (frozenset({"由楹外"}), frozenset({"passes_south_of"})),
    "還其後": (frozenset({"還其後"}), frozenset({"around"})),
    "左還": (frozenset({"左還"}), frozenset()),
    "右還": (frozenset({"右還"}), frozenset()),
    "還": (frozenset({"還", "左還", "右還", "周"}), frozenset({"faces"})),
    "升三等": (frozenset({"升三等"}), frozenset({"before"})),
    "降三等": (frozenset({"降三等"}), frozenset({"before"})),
    "中等": (frozenset({"中等"}), frozenset({"before"})),
    "盡階": (frozenset({"盡階"}), frozenset()),
    "升": (frozenset({"升", "升三等", "盡階"}), frozenset()),
    "降": (frozenset({"降", "降三等"}), frozenset()),
    "并行": (frozenset({"并行"}), frozenset({"abreast"})),
    "耦少退": (frozenset({"耦少退"}), frozenset()),
    "反位": (frozenset({"反位", "復位"}), frozenset({"at"})),
    "復位": (frozenset({"復位", "反位"}), frozenset({"at"})),
    "適": (frozenset({"適"}), frozenset({"at"})),
    "進": (frozenset({"進", "少進"}), frozenset()),
    "退": (frozenset({"退", "少退", "卻"}), frozenset()),
    "降席": (frozenset({"降席"}), frozenset()),
    "逆降": (frozenset({"逆降"}), frozenset()),
    "出": (frozenset({"出"}), frozenset()),
    "入": (frozenset({"入"}), frozenset()),
    "相揖": (frozenset({"相揖", "揖"}), frozenset()),
    "揖": (frozenset({"揖", "相揖"}), frozenset()),
    **{t: (frozenset({t}), frozenset({"faces"})) for t in FACING_TERMS},
    **{t: (frozenset({t}), frozenset()) for t in SMALL_MOVES},
}
DIRECTION_KIND = {"南": "passes_south_of", "北": "passes_north_of", "東": "passes_east_of",
                  "西": "passes_west_of"}
# 由X之南 (and 由X之後, realised by its phrase only); 出于X之南 / 出于其位南 (于 or 於)
PLACED = (re.compile(r"(由)([^，。；、：由出]{1,8}?)(之)([東南西北後])(?!面)"),
          re.compile(r"(出[于於])([^，。；、：由出]{1,8}?)(之)?([東南西北])(?!面)"))


@dataclass(frozen=True)
class Term:
    term: str
    start: int
    place: str | None = None
    direction: str | None = None


CLAUSE = re.compile(r"[^，。；：]+[，。；：]?")


def skipped_clauses(venue: Venue | None) -> tuple[str, ...]:
    """The words that open a clause said of another venue (「豫則鉤楹內，堂則由楹外」〔000〕): the
    venue file's ``skip_clauses`` option, words separated by spaces."""
    return tuple(venue.options.get("skip_clauses", "").split()) if venue is not None else ()


# Words that name people by what they do; blanked so that their 升 is not read as an act.
NAMES_OF_PEOPLE = ("升飲者", "升射者")


def _blank_out(text: str, skip: tuple[str, ...]) -> str:
    """The text with what is not enacted blanked (same length): another venue's 則 clause, what
    follows 如 in a clause (「揖如升射」: 升 is named as a model, not performed), and the names of
    people (「與升飲者相左」: those who go up, met, not going up)."""
    for name in NAMES_OF_PEOPLE:
        text = text.replace(name, "　" * len(name))
    out = []
    for m in CLAUSE.finditer(text):
        clause = m.group(0)
        if any(clause.startswith(w) for w in skip):
            clause = "　" * len(clause)
        elif "如" in clause:
            i = clause.index("如")
            clause = clause[:i] + "　" * (len(clause) - i)
        out.append(clause)
    return "".join(out)


# Seeds 001 and 002 are in simplified characters: the movement words are read in the table's
# traditional spelling, one character for one so that positions stay those of the quotation.
TRADITIONAL = str.maketrans("东还进适阶复后钩内尽与", "東還進適階復後鉤內盡與")


def find_terms(text: str, venue: Venue | None = None) -> list[Term]:
    """Movement terms of a quotation, in order, each counted once (longest match wins)."""
    text = _blank_out(text.replace("[", "").replace("]", "").translate(TRADITIONAL), skipped_clauses(venue))
    taken = [False] * len(text)
    found: list[Term] = []
    for m in (m for pattern in PLACED for m in pattern.finditer(text)):
        if any(taken[m.start():m.end()]):
            continue
        found.append(Term(m.group(0), m.start(), m.group(2), m.group(4)))
        for i in range(m.start(), m.end()):
            taken[i] = True
    for term in sorted(TERMS, key=len, reverse=True):
        for m in re.finditer(re.escape(term), text):
            if any(taken[m.start():m.end()]):
                continue
            found.append(Term(term, m.start()))
            for i in range(m.start(), m.end()):
                taken[i] = True
    return sorted(found, key=lambda t: t.start)


def realised(term: Term, step: Step) -> bool:
    verbs = {v for _, v in step.verbs}
    kinds = {a.kind for a in step.assertions}
    if term.place is not None:
        if term.term in verbs or any(v.endswith(term.term[1:]) and v[0] in "由出" for v in verbs):
            return True
        kind = DIRECTION_KIND.get(term.direction)
        return any(a.kind == kind and _names_place(a.args.get("target"), term.place)
                   for a in step.assertions)
    verbs_ok, kinds_ok = TERMS[term.term]
    return bool(verbs & verbs_ok) or bool(kinds & kinds_ok)


def _names_place(target, place: str) -> bool:
    """Whether an assertion's target is the place of the phrase (其位 and 其 are pronouns: any)."""
    if not isinstance(target, str):
        return False
    return place.startswith("其") or place in target or target in place


def conformance(step: Step, venue: Venue | None = None) -> tuple[list[Violation], list[Term]]:
    """Terms of the step's text not enacted (as Violations) and all the terms found."""
    terms = find_terms(step.text, venue)
    missing = [t for t in terms if not realised(t, step)]
    out = []
    for t in missing:
        how = _how(t)
        out.append(Violation(
            "conformance", step.figures, step.t0, step.t1, None, step.id,
            f"「{t.term}」 in the text is not enacted: no {how} in step {step.id}",
            {"term": t.term, "position": t.start}))
    return out, terms


def _how(t: Term) -> str:
    if t.place is not None:
        kind = DIRECTION_KIND.get(t.direction)
        return f"verb '{t.term}'" + (f" or {kind} assertion on {t.place}" if kind else "")
    verbs, kinds = TERMS[t.term]
    parts = ["verb " + "/".join(sorted(verbs))]
    if kinds:
        parts.append("assertion " + "/".join(sorted(kinds)))
    return " or ".join(parts)
