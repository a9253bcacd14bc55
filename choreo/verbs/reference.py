"""Generate docs/script-language.md from the verb registry: ``python -m choreo.verbs.reference``.

A test compares the committed file with a fresh rendering, so the reference cannot drift from the
code.
"""

from __future__ import annotations

import sys
from pathlib import Path

from choreo.script import ASSERTION_KINDS, FACINGS
from choreo.verbs.catalogue import load_verbs
from choreo.verbs.registry import KIND_TITLES, MODIFIERS

INTRO = """\
# The step-script language

*Generated from the verb registry by `python -m choreo.verbs.reference`; do not edit by hand.*

A step script is a YAML file. It names its source seed, the default venue, the figures with
their starting place and their 位, groups, objects that move, readings, and a list of steps.
Each step quotes the 經 clause it enacts, verbatim, in `text`, and says in `do` what each figure
(or group) does. Different actors in one step act at once; one actor's actions run in order;
a group's actions start together. A step starts when the one before it has ended, unless it says
`start: with STEP` (it starts when STEP starts: the text's overlapping sentences) or
`start: after STEP`.

```yaml
title: 司射誘射
passage: e.1
source: "000"                 # the seed: 000, 001, 002, 003 or its file name
venue: xie                    # xie (榭) or xiang (庠); --venue overrides it
figures:
  司射: {at: 堂西位[1], 位: 司射位, facing: 南面, carries: [弓, 矢]}
  上耦上射: {at: 堂西位[2], 位: 射位一[1], facing: 南面}
  上耦下射: {at: 堂西位[3], 位: 射位一[2], facing: 南面}
groups:
  上耦: [上耦上射, 上耦下射]
objects:
  撲: {at: 階西}
steps:
  - id: s04
    text: 司射先立于所設中之西南，東面
    do:
      司射: [{適: 司射位}, 東面]
  - id: s05
    text: 三耦皆進，由司射之西，立于其西南，東面北上而俟
    do:
      上耦: [{進: 射位一, 由: 司射之西, 面: 東面}]
    check:
      - passes_west_of: [上耦上射, 司射]
```

**Places.** Wherever a place is asked for, write a landmark of the venue (西階, 司射位, 物間 …),
a relation the venue resolves (`司射之西`, `西楹之北`, `當西階`, `西階上`, `物間`, `序端`,
`西楹內`), a place in a rank or file (`射位一[3]`: the third from the senior end), a figure's
name (where he stands at that moment), `其位` (the actor's own 位), or coordinates `[x, y]` in 尺.
A group sent to a rank fills it from the named place on (`進: 射位二[7]`).

**Actions.** A bare verb (`揖`, `東面`, `反位`) or a mapping whose first key is the verb and whose
other keys are modifiers: `{進: 射位一, 由: 司射之西, 面: 東面}`.

**Facings.** """ + "、".join(f"{k} = {v:g}°" for k, v in FACINGS.items()) + """ (compass bearings).

**Readings.** `readings:` declares named readings (the first is the default). Each may change steps:

```yaml
readings:
  zheng: {title: 鄭注・賈疏}
  ao:
    title: 敖繼公《儀禮集說》
    changes:
      s21:
        why: 「兴受算东靣并受也」〔001〕 against 鄭 「興還北面受[算]，反東面實之」〔000〕
        do:                       # replaces these actors' actions in the step
          釋獲者: [興, {受: 算}]
        check: [...]              # replaces the step's checks (optional)
        insert_after: [...]       # steps added after it, or repeats (below) (optional)
        remove: false             # drop the step (optional)
```

**The text's branches (options).** Where the 經 offers alternatives (「若左勝」, 「若左右鈞」, 「若矢不備」〔000〕),
a script takes one by default and offers the others as options, chosen on the command line with
`--outcome KEY` (repeat it, or separate keys with commas, to combine options; two that exclude each other
are refused). `branches: xiangshe` names the catalogue `assets/options/xiangshe.yaml` (or a file beside
the script): each option's key (ASCII), its `title` in the text's words (shown on screen beside the
reading's), a `why` with the quotation, the `passages` it touches, the options it `excludes`, and the
hits it implies (`outcome: {e.6: {上耦上射: ○××○}}`, replacing those archers' arrows). Each script changes
its steps under an option in a reading's form, applied after the reading:

```yaml
branches: xiangshe
options:
  tie:
    changes:
      s13:
        why: 「若左右鈞，則左右皆執一[算]以告」〔000〕
        do:
          釋獲者: [{告獲: 左右鈞}]
    readings:                     # a step written otherwise under a reading (optional), in its place
      ao: {changes: {s11: {why: …, do: …}}}
```

A step inserted by a change set may be a repeat, `{repeat: [d4c, d5d], as: {眾賓耦二: 眾賓耦三}, suffix: x,
places: {"堂西位[10]": "堂西位[12]"}, start: with d5f}`: the steps from the first to the last again, as the reading
and the options applied before this one left them, with the names in `as` and the places in `places` swapped, the
suffix added to their ids and (optionally) the first one's `start` its own (so one repeat gives each reading's form). A change to a step that an option applied
before this one removed is not made (若左右鈞 removes the drinking: what another option adds to it goes too).

An option's block may add figures (and objects) and groups in the script's own form, beside its `changes`:
`options: {many-guests: {figures: {眾賓5: {at: "立者位[3]", 位: "立者位[3]", facing: 東面, role: guest}}, groups:
{眾賓耦三: [眾賓5, 眾賓6]}, changes: …}}`. They exist only under the option, and only its changes name them; a
passage names those it declares itself. In a sequence they start where the first passage naming them puts them and
take the `位` each later passage gives them from its first step, as the script's own figures do. The block may also
say where one of the script's own figures stands when the passage begins under the option (`司射: {at: …, facing:
…}`, nothing else of him): what the option changed before leaves him there (in a sequence only the first passage
naming him places him).

**Shots and music.** `outcome:` (a passage's top-level key) names which arrows hit: a bundled
outcome (`outcome: xiangshe`, the file `assets/outcomes/xiangshe.yaml`, which maps each passage, e.g.
`e.6`, to each archer's arrows in order, `○` a hit and `×` a miss), a file beside the script, or the
table itself (`outcome: {上耦上射: ○×○×}`). The texts never say who hit: an outcome is a modelling
choice. Each arrow shot (射, 拾發) becomes a Shot in the Choreography (from which 物, at which 侯, when
it leaves the string and reaches the 侯, hit or miss); {獲: 上耦} has the 獲者 call their hits and
{釋獲: 上耦} has the 釋獲者 lay a counter for each; {告獲: 右賢於左} is the 數獲. A piece struck up with
{奏: 貍首} beats every `music.period` s until 止樂: archers who keep it release on a beat, and a hit off
the beat gets no counter (「不鼓不釋」〔000〕); 俟樂 waits for it to start (「公樂作而後就物」〔003〕) and the
modifier `不以樂志: true` (or `不以樂志: 公`, one member of a pair) frees a figure's shots from it. `choreo check` holds the beat, the counters
and the count to these rules; the tracks file lists `shots`, `music` (with the beat times) and
`tallies`.

```yaml
outcome: xiangshe
steps:
  - id: s12
    text: 乃射。若中，則釋獲者坐而釋獲，每一個釋一算。
    do:
      上耦: [{拾發: 4}]
      獲者: [坐, {獲: 上耦}, 興]
      釋獲者: [坐, {釋獲: 上耦}, 興]
```

**Checks.** A step may declare text constraints that `choreo check` evaluates on the planned
tracks: """ + ", ".join(f"`{k}`" for k in ASSERTION_KINDS) + """. Two names each,
`[A, B]` or `[A, X]`; extra keys: `left:` for abreast, `what:`/`gap:` for before,
`max_separation:` for passes_left, `turn:` for around.
"""


def render() -> str:
    verbs = load_verbs()
    parts = [INTRO]
    for kind, title in KIND_TITLES.items():
        parts.append(f"\n## {title}\n")
        for name, spec in verbs.items():
            if spec.kind != kind:
                continue
            parts.append(f"\n### {name}\n\n{spec.doc}\n")
            parts.append(f"\n- argument: {spec.args or 'none'}")
            if spec.modifiers:
                parts.append(f"\n- modifiers: {'、'.join(spec.modifiers)}")
            if spec.group_mode == "group":
                parts.append("\n- a group given this verb acts as a group (ranks, pairs)")
            parts.append(f"\n\n```yaml\n{spec.example}\n```\n")
    parts.append("\n## Modifiers (path constraints of the going verbs, and of the shot)\n")
    for name, spec in MODIFIERS.items():
        parts.append(f"\n### {name}\n\n{spec.doc}\n\n- value: {spec.args}\n\n```yaml\n{spec.example}\n```\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    from choreo.docgen import generate

    return generate(argv, "python -m choreo.verbs.reference", Path(__file__).resolve().parents[2] / "docs" / "script-language.md", render)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
