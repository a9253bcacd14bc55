"""What the repository's files point a reader to, the reader can open: no file outside the repository
(the developers' shared folder, its ecosystem notes, its quotation checker), and the domain notes by
their place in the repository (docs/domain.md)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("README.md", "assets", "bench", "choreo", "docs", "seeds", "stage", "tests", "tools", ".ci")
OUTSIDE = re.compile(r"\.\./shared|shared/(?:domain|DESIGN|ECOSYSTEM|STYLE)|ECOSYSTEM\.md|check_quotes\.py")
BARE_DOMAIN = re.compile(r"(?<![/\w\[(#])domain\.md §")  # a section named without the file's place


def _files():
    for name in SCANNED:
        path = ROOT / name
        found = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for p in found:
            if p.suffix in (".py", ".md", ".yaml", ".yml", "") and p.name != "test_references.py" \
                    and "golden" not in p.parts and p != ROOT / "docs" / "domain.md":
                yield p


def test_no_reference_to_a_file_outside_the_repository():
    bad = [f"{p.relative_to(ROOT)}:{n}: {m.group(0)}" for p in _files()
           for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
           for m in [OUTSIDE.search(line)] if m]
    assert bad == []


def test_the_domain_notes_are_named_by_their_place_in_the_repository():
    assert (ROOT / "docs" / "domain.md").is_file()
    bad = [f"{p.relative_to(ROOT)}:{n}" for p in _files() if p.parent != ROOT / "docs" and "tests" not in p.parts
           for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
           if BARE_DOMAIN.search(line)]
    assert bad == []
