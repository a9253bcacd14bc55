"""--from/--to are checked once, with one message, whichever command is given them."""

import pytest

from choreo.cli import main

SCRIPT = "xiangshe/e01-youshe"


@pytest.mark.parametrize("command", [["render", "-o", "{tmp}/x.png"], ["tracks", "-o", "{tmp}/x.json"]])
def test_an_unknown_or_reversed_step_range_is_one_error_for_every_command(command, tmp_path, capsys):
    argv = [part.format(tmp=tmp_path) for part in command]
    assert main([*argv, SCRIPT, "--from", "s0l"]) == 2
    err = capsys.readouterr().err
    assert "--from: no step 's0l' in" in err and "did you mean 's01'?" in err
    assert main([*argv, SCRIPT, "--from", "s05", "--to", "s02"]) == 2
    assert "--from s05 comes after --to s02" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
