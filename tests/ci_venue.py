"""The 榭 with a test 次 (a landmark of kind ``tent``) added, and a script that goes into it: for the
tests of hidden figures, until a bundled venue has a 次 of its own."""

import shutil

from stage.loader import load_venue, venues_dir

CI = """
  次:
    kind: tent
    x: -48
    y: -14
    box: [-54, -20, -42, -8]
    choice: A test 次 west of the 堂西, 12 尺 square.
"""

SCRIPT = """
title: t
venue: xie
figures:
  上耦上射: {at: 堂西, facing: 南面, role: archer}
  有司: {at: 次, facing: 東面, role: attendant}
steps:
  - id: s1
    text: 退適次，皆授有司弓矢，襲，反位。
    do:
      上耦上射: [{適: 次}, {授: {what: 弓, to: 有司}}, 襲, {適: 堂西}]
"""


def venue_with_ci(folder, options=None):
    """The 榭 with the 次 (and the options given, each a choice of the test) as a venue file in ``folder``."""
    for name in ("_common.yaml", "xie.yaml"):
        shutil.copy(venues_dir() / name, folder / name)
    text = (folder / "xie.yaml").read_text(encoding="utf-8").replace("venue: xie", "venue: xieci")
    extra = "".join(f"  {k}:\n    value: {v}\n    choice: a test venue\n" for k, v in (options or {}).items())
    text = text.replace("options:\n", "options:\n" + extra, 1)
    (folder / "xieci.yaml").write_text(text + CI, encoding="utf-8")
    return load_venue(folder / "xieci.yaml")
