"""``choreo view --compare READING``: the other reading overlaid from the start, as ``choreo render --compare``
draws it, without pressing o; a reading the script does not declare, or the one drawn, is an error on the
terminal before any window opens (exit 2, with a did-you-mean)."""

from __future__ import annotations

import pygame

from choreo import cli
from choreo.paths import scripts_dir
from tests.viewer.conftest import pump_until

E10 = scripts_dir() / "xiangshe" / "e10-xian-huozhe.yaml"


def test_bad_compare_is_told_on_the_terminal_before_any_window(capsys, monkeypatch):
    import choreo.viewer.app

    def no_window(*a, **k):
        raise AssertionError("a window was opened for a --compare the script does not have")

    monkeypatch.setattr(choreo.viewer.app, "Viewer", no_window)
    assert cli.main(["view", str(E10), "--compare", "a0"]) == 2
    err = capsys.readouterr().err
    assert "--compare: no reading 'a0'" in err and "(it has zheng, ao)" in err and "did you mean 'ao'?" in err
    assert cli.main(["view", str(E10), "--reading", "ao", "--compare", "ao"]) == 2
    assert "that is the reading drawn" in capsys.readouterr().err
    assert cli.main(["view", str(E10), "--compare", "zheng"]) == 2  # zheng: the script's first, drawn by default
    assert not pygame.display.get_init()


def test_compare_reaches_the_viewer(monkeypatch):
    import choreo.viewer.app

    asked = []

    class Recorder:
        def __init__(self, session, **options):
            asked.append(options.get("compare"))

        def run(self):
            return 0

    monkeypatch.setattr(choreo.viewer.app, "Viewer", Recorder)
    assert cli.main(["view", str(E10), "--compare", "ao"]) == 0 and asked == ["ao"]


def test_the_named_reading_is_overlaid_once_planned(make_viewer):
    v = make_viewer(E10, reading="zheng", compare="ao")
    assert pump_until(v, lambda: v.comparison is not None, timeout=60)
    assert v.comparison.b.reading == "ao" and v.differing()  # its ghosts drawn, its differences listed
    assert any(r.other is not None for r in v.step_list().rows)  # 敖's own s07b among the rows


def test_a_compare_the_plan_lacks_is_said_in_the_window(make_viewer):
    """A --compare the terminal could not check (the script did not parse then) that the plan lacks: said in
    the window, no ghosts, the viewer usable."""
    v = make_viewer(E10, reading="zheng", compare="a0")
    v.pump(0)
    assert v.comparison is None and not v.ghosts_wanted and v.ghost_job is None
    assert v.message is not None and "did you mean 'ao'?" in v.message[0]
