"""The venue cache (choreo.planning.load_venue) keeps a venue while every file it read is unchanged — the venue
file and each file it extends, wherever it lies — and reads it again when one of them changes. It was keyed on
the ``*.yaml`` files beside the venue file: a base in a subfolder, or a venue file named ``.yml``, could change
and the old venue kept being planned."""

import os
import re
import shutil

from choreo.planning import load_venue
from stage.loader import venues_dir

HEAD = "venue: mine\nextends: {base}\nparams:\n  階等: {{value: 3, choice: c}}\n"
PAST = 1_600_000_000 * 10**9  # file times well before the test: what the cache sees of files edited long ago


def _age(path, k=0):
    os.utime(path, ns=(PAST + k, PAST + k))


def _set_pace(base, value, k):
    text = base.read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^(  pace:\n    value: )\S+$", rf"\g<1>{value}", text)
    assert n == 1
    base.write_text(text, encoding="utf-8")
    _age(base, k)


def test_a_base_in_a_subfolder_that_changes_is_read_again(tmp_path):
    (tmp_path / "base").mkdir()
    base = tmp_path / "base" / "_common.yaml"
    for name in ("_common.yaml", "xie.yaml"):
        shutil.copy(venues_dir() / name, tmp_path / "base" / name)
        _age(tmp_path / "base" / name)
    venue = tmp_path / "mine.yaml"
    venue.write_text(HEAD.format(base="base/xie.yaml"), encoding="utf-8")
    _age(venue)
    first = load_venue(str(venue))
    assert load_venue(str(venue)) is first  # unchanged: not read again
    _set_pace(base, 3.25, 1)
    again = load_venue(str(venue))
    assert again is not first and again.params["pace"].value == 3.25


def test_a_venue_file_named_yml_that_changes_is_read_again(tmp_path):
    for name in ("_common.yaml", "xie.yaml"):
        shutil.copy(venues_dir() / name, tmp_path / name)
        _age(tmp_path / name)
    venue = tmp_path / "mine.yml"
    venue.write_text(HEAD.format(base="xie.yaml"), encoding="utf-8")
    _age(venue)
    first = load_venue(str(venue))
    assert first.params["階等"].value == 3 and load_venue(str(venue)) is first
    venue.write_text(HEAD.format(base="xie.yaml").replace("階等: {value: 3", "階等: {value: 5"), encoding="utf-8")
    _age(venue, 1)
    assert load_venue(str(venue)).params["階等"].value == 5
