"""The verb registry: every verb of the step-script language is the text's own word.

A verb is a small function registered with ``@verb("左還", ...)``. Its docstring quotes the
phrase it encodes and the commentary that defines it; ``docs/script-language.md`` is generated
from this registry (``python -m choreo.verbs.reference``), so the reference cannot drift.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from inspect import cleandoc


@dataclass(frozen=True)
class VerbSpec:
    name: str
    func: Callable
    kind: str  # going | facing | turning | stairs | path | pair | small | gesture
    args: str  # what the argument is, in a few words
    example: str  # a short YAML example
    modifiers: tuple[str, ...] = ()
    doc: str = ""
    # Actions of a group: "together" (all members start together, each does it), "group" (the verb
    # handles the group itself: ranks, pairs on the stairs, walking abreast).
    group_mode: str = "together"
    arg_required: bool = False


@dataclass(frozen=True)
class ModifierSpec:
    name: str
    args: str
    example: str
    doc: str = ""


VERBS: dict[str, VerbSpec] = {}
MODIFIERS: dict[str, ModifierSpec] = {}
KIND_TITLES = {
    "going": "Going and stopping (適, 進, 退 …)",
    "facing": "Facing (北面 … 西南面, 負侯)",
    "turning": "Turning (左還, 右還 …)",
    "stairs": "Stairs (升, 降, 盡階)",
    "pair": "Pairs and groups (并行, 相揖 …)",
    "small": "Small moves (少左, 少退 …)",
    "gesture": "Gestures that take time without moving (揖, 拜, 坐 …)",
}


def verb(name: str, *, kind: str, args: str = "", example: str, modifiers: tuple[str, ...] = (),
         group_mode: str = "together", arg_required: bool = False, aliases: tuple[str, ...] = ()):
    """Register ``func`` as the verb ``name`` (and its aliases)."""

    def register(func: Callable) -> Callable:
        doc = cleandoc(func.__doc__ or "")
        for key in (name, *aliases):
            if key in VERBS:
                raise RuntimeError(f"verb {key} registered twice")
            VERBS[key] = VerbSpec(key, func, kind, args, cleandoc(example), modifiers, doc, group_mode,
                                  arg_required)
        return func

    return register


def modifier(name: str, *, args: str, example: str, doc: str) -> None:
    MODIFIERS[name] = ModifierSpec(name, args, cleandoc(example), cleandoc(doc))


@dataclass
class _Loaded:
    done: bool = field(default=False)


_LOADED = _Loaded()


def load_verbs() -> dict[str, VerbSpec]:
    """Import the verb modules once (they register themselves) and return the registry."""
    if not _LOADED.done:
        from choreo.verbs import gestures, going, paths, stairs, turning  # noqa: F401

        # The closing's verbs build on the others: registered after them (and listed after them).
        import_module("choreo.verbs.closing")
        _LOADED.done = True
    return VERBS
