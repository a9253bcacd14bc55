"""No landmark or figure name is written in the code that builds obstacles, lays out and colours the
plan and checks the text's clauses (issue 12): what a venue or a rite knows lives in its data.

Every string literal of the four modules (docstrings and comments aside: they quote the texts) is
compared with every name the bundled venues (landmarks, aliases, the words of their options such as
the clause words 豫則 / 堂則), the scripts and the roles glossary use. A literal may still be
a word of the script language itself (a verb, a modifier, a facing, a term the checker reads).
"""

import ast
from functools import cache
from pathlib import Path

import pytest

from choreo.check.terms import TERMS
from choreo.paths import scripts_dir
from choreo.roles import roles
from choreo.script_parser import parse_script
from choreo.verbs.catalogue import load_verbs
from choreo.verbs.registry import MODIFIERS
from stage.loader import FACING_WORDS, list_venues, load_venue
from stage.relations import DIRECTIONS

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("stage/geometry.py", "choreo/render/planlayout.py", "choreo/render/style.py", "choreo/check/terms.py")


@cache
def _names() -> frozenset[str]:
    names: set[str] = set()
    for key in list_venues():
        venue = load_venue(key)
        names |= set(venue.landmarks) | set(venue.aliases) | set(venue.aliases.values())
        names |= {word for value in venue.options.values() for word in value.split()}  # 鹿中, 堂則 …
    for path in sorted(scripts_dir().rglob("*.yaml")):
        script = parse_script(path)
        names |= set(script.figures) | set(script.groups)
    names |= set(roles().figure_roles)
    return frozenset(names)


def _keywords() -> set[str]:
    return set(load_verbs()) | set(MODIFIERS) | set(FACING_WORDS) | set(TERMS) | set(DIRECTIONS)


def _literals(path: Path) -> list[tuple[int, str]]:
    """String constants of a module with their line, leaving out docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def _named(literal: str, name: str) -> bool:
    """A one-character name counts only as the whole literal (中 is also in 中等, 堂 in 堂則)."""
    return literal == name if len(name) == 1 else name in literal


@pytest.mark.parametrize("module", MODULES)
def test_no_landmark_or_figure_name_in(module):
    names, keywords = _names(), _keywords()
    assert {"西楹", "堂", "侯", "司射", "執爵者", "弟子1"} <= names  # the names looked for are the real ones
    found = [f"{module}:{line}: {text!r} names {name}" for line, text in _literals(ROOT / module)
             if text not in keywords for name in names if _named(text, name)]
    assert not found, "\n".join(found)


def test_the_search_finds_a_name_where_there_is_one(tmp_path):
    """The scan is not vacuous: the code as it was (a name table keyed on 執爵者, a 侯 looked up by
    name) is caught."""
    path = tmp_path / "old.py"
    path.write_text('"""Doc 西楹."""\nNAMES = {"執爵者": "host"}\nHOU = venue.landmarks.get("侯")\n',
                    encoding="utf-8")
    names = _names()
    hits = sorted({name for _, text in _literals(path) for name in names if _named(text, name)})
    assert hits == ["侯", "執爵者"]
