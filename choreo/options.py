"""The text's own branches as options: 若左勝, 若左右鈞, 若矢不備 … chosen on the command line (``--outcome``).

The 經 offers alternatives a script has to fix one way (「若右勝…若左勝…」, 「若矢不備」〔000〕). Each is an
*option*: an ASCII key for the command line, declared once per rite in a catalogue (``branches:
xiangshe`` names ``assets/options/xiangshe.yaml``, or a file beside the script) with

```yaml
tie:
  title: 若左右鈞                      # the text's own words, shown on screen beside the reading's title
  why: 「若左右鈞，則左右皆執一[算]以告」〔000〕 …   # the quotation that makes it a branch
  passages: [e.6, e.8, e.9]          # the passages it touches (what a reader is told)
  excludes: [left-wins]              # options that cannot hold with it (one count has one result)
  outcome:                           # the hits it implies: archers' arrows replacing the bundled outcome's
    e.6: {上耦上射: ○×××}
```

and, in each script it changes, a change set in the form of a reading's (``options: {tie: {changes:
{s13: {why: …, do: …}}}}``), applied after the reading; ``readings: {ao: {changes: …}}`` in an option's block
gives a step's change under that reading instead (where the option's step must keep the reading's own
difference). Options combine unless one excludes the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from choreo.errors import Location, ScriptError, suggest
from stage import marked_yaml
from stage.marked_yaml import MDict, MList, loc_of

OPTION_KEYS = ("title", "why", "passages", "excludes", "outcome")
KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


@dataclass(frozen=True)
class OptionSpec:
    """One branch of the text, as its catalogue declares it."""

    name: str
    title: str
    why: str
    passages: tuple[str, ...] = ()
    excludes: frozenset[str] = frozenset()
    # passage → archer → arrows (True: a hit), replacing those archers' arrows in the script's outcome
    outcome: Mapping[str, Mapping[str, tuple[bool, ...]]] = field(default_factory=dict)
    loc: Location | None = None


@dataclass(frozen=True)
class Catalogue:
    """A rite's options in the order declared (the order they are applied and named in)."""

    path: str
    options: Mapping[str, OptionSpec]

    def names(self) -> tuple[str, ...]:
        return tuple(self.options)


def catalogue_file(name: Any, beside, loc: Location | None) -> Path:
    """The bundled catalogue ``assets/options/NAME.yaml``, or a file beside the script."""
    from choreo.paths import assets_dir

    if not isinstance(name, str) or not name.strip():
        raise ScriptError("'branches' names a bundled catalogue of options (xiangshe) or a file", loc)
    if name.endswith((".yaml", ".yml")) or "/" in name:
        return beside(name, loc)
    folder = assets_dir() / "options"
    path = folder / f"{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise ScriptError(f"unknown catalogue of options '{name}' (bundled: {', '.join(known) or 'none'})", loc,
                          suggest(name, known))
    return path


def load_catalogue(path: Path) -> Catalogue:
    from choreo.outcome import HIT, MISS

    try:
        root = marked_yaml.load(path)
    except ScriptError:
        raise
    except Exception as exc:  # noqa: BLE001 - a YiliError of the loader, with its place
        raise ScriptError(getattr(exc, "message", str(exc)), getattr(exc, "location", None)) from None
    if not isinstance(root, MDict):
        raise ScriptError("a catalogue of options maps each option's key to its title, why, …",
                          loc_of(root, Location(str(path), 1, 1)))
    options: dict[str, OptionSpec] = {}
    for name, decl in root.items():
        key_loc = root.key_loc(name)
        if not isinstance(name, str) or not name or set(name) - KEY_CHARS or name[0] == "-":
            raise ScriptError(f"an option's key is typed on the command line: lower-case ASCII letters, digits "
                              f"and '-' (left-wins), not {name!r}", key_loc)
        if not isinstance(decl, MDict):
            raise ScriptError(f"option '{name}' must be a mapping (title, why, …)", key_loc)
        for key in decl:
            if key not in OPTION_KEYS:
                raise ScriptError(f"unknown key '{key}' in option '{name}'", decl.key_loc(key),
                                  suggest(str(key), OPTION_KEYS))
        for key in ("title", "why"):
            if not isinstance(decl.get(key), str) or not decl[key].strip():
                what = "the words of the text that open the branch" if key == "title" else \
                    "the quotation that makes it a branch"
                raise ScriptError(f"option '{name}' needs '{key}' (text: {what})",
                                  decl.value_loc(key) if key in decl else key_loc)
        outcome: dict[str, dict[str, tuple[bool, ...]]] = {}
        node = decl.get("outcome") or MDict()
        if not isinstance(node, MDict):
            raise ScriptError(f"'outcome' of option '{name}' maps passages (e.6) to {{ARCHER: ○×○×}}",
                              decl.value_loc("outcome"))
        for passage, table in node.items():
            if not isinstance(table, MDict):
                raise ScriptError(f"passage '{passage}' of option '{name}' must map archers to ○×○×",
                                  node.key_loc(passage))
            for archer, arrows in table.items():
                if not isinstance(arrows, str) or not arrows or set(arrows) - {HIT, MISS}:
                    raise ScriptError(f"{archer}'s arrows are written {HIT} (a hit) and {MISS} (a miss), in "
                                      f"order: not {arrows!r}", table.value_loc(archer))
            outcome[str(passage)] = {str(a): tuple(ch == HIT for ch in str(v)) for a, v in table.items()}
        options[name] = OptionSpec(str(name), str(decl["title"]), str(decl["why"]).strip(),
                                   _names(decl, "passages", name), frozenset(_names(decl, "excludes", name)),
                                   outcome, key_loc)
    return Catalogue(str(path), _symmetric(options, root))


def _names(decl: MDict, key: str, option: str) -> tuple[str, ...]:
    value = decl.get(key) or MList()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScriptError(f"'{key}' of option '{option}' is a list of names", decl.value_loc(key))
    return tuple(str(v) for v in value)


def _symmetric(options: dict[str, OptionSpec], root: MDict) -> dict[str, OptionSpec]:
    """``excludes`` made mutual; an excluded name must be an option, and two options that may hold
    together must not both say how one archer's arrows went in one passage (each may give other archers')."""
    for spec in options.values():
        for other in spec.excludes:
            if other not in options:
                raise ScriptError(f"option '{spec.name}' excludes unknown option '{other}'",
                                  root[spec.name].value_loc("excludes"), suggest(other, options))
    out = {name: replace(spec, excludes=spec.excludes | {o.name for o in options.values() if name in o.excludes})
           for name, spec in options.items()}
    for a in out.values():
        for b in out.values():
            if a.name < b.name and b.name not in a.excludes:
                both = sorted((p, archer) for p in set(a.outcome) & set(b.outcome)
                              for archer in set(a.outcome[p]) & set(b.outcome[p]))
                if both:
                    passage, archer = both[0]
                    raise ScriptError(f"options '{a.name}' and '{b.name}' both give the hits of passage '{passage}' "
                                      f"(the {archer}'s arrows): one must exclude the other", b.loc)
    return out


def chosen(catalogue: Catalogue | None, asked: tuple[str, ...] | list[str], where: str) -> tuple[str, ...]:
    """The options asked for, checked (known, compatible), in the catalogue's order."""
    if not asked:
        return ()
    known = catalogue.names() if catalogue else ()
    for name in asked:
        if name not in known:
            offer = f"this script offers: {', '.join(known)}" if known else "this script offers none"
            raise ScriptError(f"--outcome: unknown option '{name}' for {where} ({offer})", None,
                              suggest(name, known))
    names = tuple(n for n in known if n in asked)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if b in catalogue.options[a].excludes:
                ta, tb = catalogue.options[a].title, catalogue.options[b].title
                raise ScriptError(f"--outcome: options '{a}' ({ta}) and '{b}' ({tb}) exclude each other: "
                                  "the text takes one branch or the other")
    return names
