"""A passage's shot outcome: which arrows hit, as bundled data the script names (``outcome:``).

The texts never say who hit: an outcome is a modelling choice, written once so that the calls, the
counters and the 數獲 of the rite agree. ``outcome: xiangshe`` names ``assets/outcomes/xiangshe.yaml``
(or a file beside the script, ``outcome: mine.yaml``), which gives for each passage (its ``passage:``
key, e.g. ``e.6``) each archer's arrows in order, ○ a hit and × a miss:

```yaml
e.6:
  上耦上射: ○×○×
  上耦下射: ××○×
```

A script may also write the table itself: ``outcome: {上耦上射: ○×○×}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from choreo.errors import Location, ScriptError, suggest
from stage import marked_yaml
from stage.marked_yaml import MDict, loc_of

HIT, MISS = "○", "×"


Beside = Callable[[str, Location | None], Path]  # a file named beside the script (the parser's rule)


def outcome_file(name: str, beside: Beside, loc: Location | None) -> Path:
    """The bundled outcome of that name, or a file beside the script."""
    from choreo.paths import assets_dir

    if name.endswith((".yaml", ".yml")) or "/" in name:
        return beside(name, loc)
    path = assets_dir() / "outcomes" / f"{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in (assets_dir() / "outcomes").glob("*.yaml"))
        raise ScriptError(f"unknown outcome '{name}' (bundled: {', '.join(known) or 'none'})", loc,
                          suggest(name, known))
    return path


def parse_outcome(value: Any, passage: str, beside: Beside, figures: Mapping[str, Any],
                  loc: Location | None) -> tuple[dict[str, tuple[bool, ...]], Path | None]:
    """The archers' arrows (True: a hit) of ``passage``, from the script's ``outcome:`` value, and the
    file they were read from (None: written in the script)."""
    if isinstance(value, MDict):
        return _table(value, figures, "the outcome"), None
    if not isinstance(value, str) or not value.strip():
        raise ScriptError("'outcome' names a bundled outcome (xiangshe) or a file, or is a mapping "
                          "{ARCHER: ○×○×}", loc)
    path = outcome_file(str(value), beside, loc)
    try:
        root = marked_yaml.load(path)
    except ScriptError:
        raise
    except Exception as exc:  # noqa: BLE001 - a YiliError of the loader, with its place
        raise ScriptError(getattr(exc, "message", str(exc)), getattr(exc, "location", None) or loc) from None
    if not isinstance(root, MDict):
        raise ScriptError("an outcome file maps passages (e.6) to {ARCHER: ○×○×}", loc_of(root, Location(str(path), 1, 1)))
    if passage not in root:
        raise ScriptError(f"outcome '{value}' has no passage '{passage or '(none)'}' (it has: "
                          f"{', '.join(map(str, root)) or 'none'})", loc, suggest(passage, [str(k) for k in root]))
    table = root[passage]
    if not isinstance(table, MDict):
        raise ScriptError(f"passage '{passage}' of the outcome must map archers to ○×○×", root.key_loc(passage))
    return _table(table, figures, f"passage '{passage}' of the outcome"), path


def _table(node: MDict, figures: Mapping[str, Any], what: str) -> dict[str, tuple[bool, ...]]:
    out = {}
    for name, arrows in node.items():
        if str(name) not in figures:
            raise ScriptError(f"unknown figure '{name}' in {what}", node.key_loc(name), suggest(str(name), figures))
        text = str(arrows) if isinstance(arrows, str) else None
        if not text or any(ch not in (HIT, MISS) for ch in text):
            raise ScriptError(f"{name}'s arrows are written {HIT} (a hit) and {MISS} (a miss), in order: "
                              f"not {arrows!r}", node.value_loc(name))
        out[str(name)] = tuple(ch == HIT for ch in text)
    return out
