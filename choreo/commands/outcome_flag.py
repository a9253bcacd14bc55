"""``--outcome OPTION``: the text's branches (choreo.options) for every command that plans."""

from __future__ import annotations


def add(parser) -> None:
    parser.add_argument("--outcome", dest="outcomes", action="append", default=[], metavar="OPTION",
                        help="take a branch the text offers (tie, left-wins, arrows-short …; `choreo list` names "
                             "them); repeat, or separate with commas, to combine")


def names(args) -> tuple[str, ...]:
    """The options asked for, in the order given, each once."""
    given = [n.strip() for value in getattr(args, "outcomes", None) or () for n in value.split(",")]
    return tuple(dict.fromkeys(n for n in given if n))
