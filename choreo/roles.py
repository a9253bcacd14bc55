"""Roles as data: the legend groups, role → group, and the role of a figure a script leaves without one.

All of it is read from ``assets/roles.yaml`` (one glossary the scripts share); no figure's name is
known to the code. The planner asks :func:`role_of` for a figure's role, the renderer asks
:func:`group_of_role` for its legend group and :func:`legend_groups` for the legend. Pure: no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from choreo.errors import ScriptError
from choreo.paths import assets_dir
from stage.marked_yaml import MDict, MList, load

RGB = tuple[int, int, int]
_NUMBERED = re.compile(r"^(?P<name>.+?)\d+$")


@dataclass(frozen=True)
class Group:
    """A legend group: its key, the words the legend draws, its colour."""

    key: str
    legend: str
    colour: RGB


@dataclass(frozen=True)
class Roles:
    groups: tuple[Group, ...]
    role_groups: dict[str, str]
    default_group: str
    figure_roles: dict[str, str]
    default_role: str


def roles_file() -> Path:
    return assets_dir() / "roles.yaml"


@cache
def roles(path: str | None = None) -> Roles:
    """The glossary (cached); an error in it is a ScriptError at its FILE:LINE:COL."""
    path = Path(path) if path else roles_file()
    top = load(path)
    if not isinstance(top, MDict):
        raise ScriptError("the roles file must be a mapping (groups:, roles:, figures: …)")
    for key in top:
        if key not in ("groups", "roles", "default_group", "figures", "default_role"):
            raise ScriptError(f"unknown field '{key}' in the roles file", top.key_loc(key))
    groups = []
    for key, entry in _mapping(top, "groups").items():
        colour = entry.get("colour") if isinstance(entry, MDict) else None
        if not isinstance(entry, MDict) or not isinstance(colour, MList) or len(colour) != 3 \
                or not all(isinstance(c, int) and 0 <= c <= 255 for c in colour):
            raise ScriptError(f"group '{key}' needs legend: WORDS and colour: [R, G, B]",
                              _mapping(top, "groups").value_loc(key))
        groups.append(Group(str(key), str(entry.get("legend", key)), (int(colour[0]), int(colour[1]), int(colour[2]))))
    known = {g.key for g in groups}
    role_groups = {str(k): str(v) for k, v in _mapping(top, "roles").items()}
    default_group = str(top.get("default_group", ""))
    for role, group in [*role_groups.items(), ("default_group", default_group)]:
        if group not in known:
            where = top.value_loc("default_group") if role == "default_group" else _mapping(top, "roles").value_loc(role)
            raise ScriptError(f"role '{role}' names an unknown group '{group}'", where)
    figure_roles = {str(k): str(v) for k, v in _mapping(top, "figures").items()}
    return Roles(tuple(groups), role_groups, default_group, figure_roles, str(top.get("default_role", "")))


def _mapping(top: MDict, key: str) -> MDict:
    value = top.get(key)
    if not isinstance(value, MDict):
        raise ScriptError(f"the roles file needs '{key}:' as a mapping", top.key_loc(key) if key in top else top.loc)
    return value


def role_of(figure: str, declared: str = "") -> str:
    """The figure's role: as the script declares it, else the glossary's (by name, a number dropped)."""
    if declared:
        return declared
    table = roles()
    m = _NUMBERED.match(figure)
    for name in (figure, m.group("name") if m else None):
        if name in table.figure_roles:
            return table.figure_roles[name]
    return table.default_role


def group_of_role(role: str) -> str:
    table = roles()
    return table.role_groups.get((role or "").strip().lower(), table.default_group)


def legend_groups() -> tuple[Group, ...]:
    return roles().groups


def group_colour(key: str) -> RGB:
    return next(g.colour for g in roles().groups if g.key == key)
