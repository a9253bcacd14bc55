"""The verb catalogue: the registry with every verb module loaded.

Apart from ``choreo.verbs.registry`` so that the verb modules, which register themselves with
the registry's decorators, and the loader that imports them do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

from choreo.verbs.registry import VERBS, VerbSpec


@dataclass
class _Loaded:
    done: bool = field(default=False)


_LOADED = _Loaded()


def load_verbs() -> dict[str, VerbSpec]:
    """Import the verb modules once (they register themselves) and return the registry."""
    if not _LOADED.done:
        from choreo.verbs import gestures, going, paths, shooting, stairs, turning  # noqa: F401

        # The closing's verbs build on the others: registered after them (and listed after them).
        import_module("choreo.verbs.closing")
        import_module("choreo.verbs.archery")  # the 大射's own (seed 003)
        import_module("choreo.verbs.banquet")  # the 大射's banquet (seed 003), after the closing it extends
        _LOADED.done = True
    return VERBS
