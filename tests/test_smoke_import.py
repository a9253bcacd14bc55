"""Importing the model layers must not need pygame (STYLE.md: the core never depends on drawing)."""

import subprocess
import sys


def test_core_imports_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['imageio'] = None\n"
        "import stage, stage.errors, stage.marked_yaml, stage.model\n"
        "import choreo, choreo.model, choreo.errors, choreo.cli\n"
        "import choreo.script, choreo.planner, choreo.planning, choreo.tracks, choreo.check\n"
        "import stage.loader, stage.relations, stage.routing\n"
        "from choreo.planning import plan_script; plan_script('xiangshe/e01-youshe')\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
