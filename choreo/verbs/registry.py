"""The verb registry: every verb of the step-script language is the text's own word.

A verb is a small function registered with ``@verb("左還", ...)``. Its docstring quotes the
phrase it encodes and the commentary that defines it; ``docs/script-language.md`` is generated
from this registry (``python -m choreo.verbs.reference``), so the reference cannot drift.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from inspect import cleandoc

from choreo.verbs import argtypes as at


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
    # What the argument may be (checked when the script is parsed); None: not declared.
    arg_type: at.ArgType | None = None


@dataclass(frozen=True)
class ModifierSpec:
    name: str
    args: str
    example: str
    doc: str = ""
    value_type: at.ArgType | None = None


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
    "shooting": "The shot, its call and counter, the music (射, 獲, 釋獲, 奏 …)",
}


def verb(name: str, *, kind: str, args: str = "", example: str, modifiers: tuple[str, ...] = (),
         group_mode: str = "together", arg_required: bool = False, aliases: tuple[str, ...] = ()):
    """Register ``func`` as the verb ``name`` (and its aliases)."""

    def register(func: Callable) -> Callable:
        doc = cleandoc(func.__doc__ or "")
        for key in (name, *aliases):
            if key in VERBS:
                raise RuntimeError(f"verb {key} registered twice")
            arg_type = ARGUMENTS.get(key, ARGUMENTS_OF_KIND.get(kind))
            VERBS[key] = VerbSpec(key, func, kind, args, cleandoc(example), modifiers, doc, group_mode,
                                  arg_required, arg_type)
        return func

    return register


def modifier(name: str, *, args: str, example: str, doc: str) -> None:
    MODIFIERS[name] = ModifierSpec(name, args, cleandoc(example), cleandoc(doc), MODIFIER_VALUES.get(name))


# The argument each verb takes, and each modifier's value: declared here, beside the registry, so that
# the parser checks them before anything is planned (a verb then reads a value of the declared type).
_PLACEMENT = at.NOTHING | at.NAME | at.mapping(("what",), {"at": at.PLACE, "parts": at.PARTS})
ARGUMENTS: dict[str, at.ArgType] = {
    "俟": at.NOTHING | at.number("seconds", 0, 3600, low_open=False) | at.NAME,
    "射": at.NOTHING | at.ARROWS, "拾發": at.NOTHING | at.ARROWS,
    "獲": at.NOTHING | at.NAME, "釋獲": at.NOTHING | at.NAME,
    "數": at.mapping(("side", "lay"), {"at": at.NAME, "異": at.NAME, "距": at.DISTANCE}), "兼斂": at.NOTHING, "告獲": at.NOTHING | at.NAME, "奏": at.NAME,
    "止樂": at.NOTHING | at.NAME, "俟樂": at.NOTHING,
    "取": at.NOTHING | at.NAME,
    "授": at.mapping(("to",), {"what": at.NAME}), "受": at.mapping(("from",), {"what": at.NAME}),
    "設": _PLACEMENT, "奠": _PLACEMENT, "委": _PLACEMENT, "倚": _PLACEMENT,
    "適": at.PLACE, "及": at.PLACE, "當": at.PLACE, "立": at.PLACE, "就": at.PLACE,
    "進": at.NOTHING | at.PLACE, "退": at.NOTHING | at.PLACE | at.mapping(("to",), {"what": at.NAMES}), "反位": at.NOTHING, "復位": at.NOTHING,
    "卻": at.NOTHING | at.DISTANCE,
    "升": at.NOTHING | at.NAME, "降": at.NOTHING | at.NAME, "盡階": at.NOTHING | at.NAME,
    "鄉": at.PLACE, "負侯": at.NOTHING,
    "左還": at.NOTHING | at.FACING, "右還": at.NOTHING | at.FACING, "還": at.FACING, "毋周": at.FACING,
    "周": at.NOTHING,
    "出": at.NOTHING | at.PLACE, "入": at.NOTHING | at.PLACE, "降席": at.NOTHING | at.PLACE,
    "升席": at.NOTHING | at.PLACE, "還授": at.mapping(("to",), {"what": at.NAME}), "旅": at.NOTHING | at.NAME,
    "逆降": at.NOTHING | at.NAME, "為": at.NAME,
    "執一個": at.NOTHING, "兼諸弦": at.NOTHING, "適次": at.NOTHING | at.NAME, "退適次": at.NOTHING | at.NAME,
    "授有司弓矢": at.NAME, "解綱": at.NAMES, "傳命": at.WORDS | at.mapping((), {"words": at.WORDS, "距": at.number("尺", 0, 1000)}),
    "下拜": at.NOTHING | at.NAME, "降一等": at.NOTHING | at.NAME,
    "獻": at.mapping(("to",), {"what": at.NAME}), "酢": at.mapping(("to",), {"what": at.NAME}),
    "媵觶": at.NAME | at.mapping(("to",), {"what": at.NAME}),
}
ARGUMENTS_OF_KIND = {"gesture": at.WORDS, "small": at.NOTHING | at.DISTANCE, "facing": at.NOTHING}
MODIFIER_VALUES: dict[str, at.ArgType] = {
    "由": at.NAMES, "出于": at.NAMES, "鉤楹": at.TRUE | at.NAME, "過楹": at.TRUE | at.NAME, "還其後": at.NAME,
    "相左": at.NAME | at.mapping(("with",), {"at": at.PLACE}), "面": at.FACING,
    "并行": at.TRUE | at.NAME, "耦少退": at.TRUE | at.NAME, "徐": at.SECONDS,
    "三等": at.FLAG, "盡階": at.FLAG, "先": at.NAME, "少右": at.FLAG, "少左": at.FLAG, "侯": at.NAME, "不以樂志": at.TRUE | at.NAME,
    "算": at.NAME,
}
