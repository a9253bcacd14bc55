"""A parsed script is kept while its files are unchanged: switching venue or reading does not parse
again, and editing the script, a passage it includes or its venue's files does."""

import os
import shutil

from choreo import script_cache
from choreo.paths import scripts_dir
from choreo.planning import load_script, plan
from stage import marked_yaml
from stage.loader import venue_path


def _counting(monkeypatch):
    read = []
    real_load = marked_yaml.load
    monkeypatch.setattr(marked_yaml, "load", lambda path: read.append(os.path.basename(path)) or real_load(path))
    return read


def _touch_later(path):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def _sequence(tmp_path):
    for name in ("e01-youshe.yaml", "e02-first-round.yaml"):
        shutil.copy(scripts_dir() / "xiangshe" / name, tmp_path / name)
    seq = tmp_path / "seq.yaml"
    seq.write_text("title: two passages\ninclude: [e01-youshe.yaml, e02-first-round.yaml]\n", encoding="utf-8")
    return seq


def test_unchanged_files_are_parsed_once_across_venues_and_readings(tmp_path, monkeypatch):
    script_cache.clear()
    read = _counting(monkeypatch)
    seq = _sequence(tmp_path)
    script = load_script(seq)
    # the round's outcome (assets/outcomes/xiangshe.yaml) and the catalogue of the text's branches
    # (assets/options/xiangshe.yaml) are read with each passage that names them
    assert read == ["seq.yaml", "e01-youshe.yaml", "xiangshe.yaml", "e02-first-round.yaml", "xiangshe.yaml",
                    "xiangshe.yaml"]
    first = plan(script, venue="xie", reading="zheng")
    again = load_script(seq)
    assert again is script and len(read) == 6
    other = plan(again, venue="xiang", reading="ao")
    assert other.venue.key == "xiang" and len(other.steps) > 0 and len(first.steps) > 0


def test_an_edited_script_or_passage_is_parsed_again(tmp_path, monkeypatch):
    script_cache.clear()
    seq = _sequence(tmp_path)
    before = load_script(seq)
    read = _counting(monkeypatch)
    passage = tmp_path / "e02-first-round.yaml"
    passage.write_text(passage.read_text(encoding="utf-8").replace("title: ", "title: 改", 1), encoding="utf-8")
    _touch_later(passage)
    after = load_script(seq)
    # The sequence and the edited passage are read again; the unchanged passage is not.
    assert read == ["seq.yaml", "e02-first-round.yaml", "xiangshe.yaml", "xiangshe.yaml"]
    assert after is not before and len(after.steps) == len(before.steps)
    _touch_later(seq)
    assert load_script(seq) is not after and read[-1] == "seq.yaml"


def test_an_edited_outcome_file_invalidates_the_parsed_script(tmp_path):
    script_cache.clear()
    (tmp_path / "mine.yaml").write_text("e.1:\n  上射: ○×\n", encoding="utf-8")
    script = tmp_path / "walk.yaml"
    script.write_text("title: t\npassage: e.1\noutcome: mine.yaml\nfigures:\n  上射: {at: 上物, facing: 南面}\n"
                      "steps:\n  - {text: 射, do: {上射: [{射: 2}]}}\n", encoding="utf-8")
    first = load_script(script)
    assert load_script(script) is first and first.outcomes == {"e.1": {"上射": (True, False)}}
    (tmp_path / "mine.yaml").write_text("e.1:\n  上射: ××\n", encoding="utf-8")
    _touch_later(tmp_path / "mine.yaml")
    again = load_script(script)
    assert again is not first and again.outcomes == {"e.1": {"上射": (False, False)}}


def test_an_edited_venue_file_invalidates_the_parsed_script(tmp_path, monkeypatch):
    script_cache.clear()
    venue = tmp_path / "venues" / "xie.yaml"
    venue.parent.mkdir()
    for f in venue_path("xie").parent.glob("*.yaml"):
        shutil.copy(f, venue.parent / f.name)
    script = tmp_path / "walk.yaml"
    script.write_text((scripts_dir() / "xiangshe" / "e01-youshe.yaml").read_text(encoding="utf-8")
                      .replace("venue: xie", f"venue: {venue}", 1), encoding="utf-8")
    first = load_script(script)
    assert load_script(script) is first
    _touch_later(venue)
    assert load_script(script) is not first


def test_the_viewers_venue_and_reading_switch_parses_the_script_once(tmp_path, monkeypatch):
    from choreo.viewer.session import Request, Session

    script_cache.clear()
    read = _counting(monkeypatch)
    seq = _sequence(tmp_path)
    session = Session(Request(str(seq)))
    loaded = [session.load(), session.with_(venue="xiang").load(), session.with_(reading="ao").load()]
    assert [(ld.choreography.venue.key, ld.choreography.reading) for ld in loaded] == \
        [("xie", "zheng"), ("xiang", "zheng"), ("xie", "ao")]
    assert read == ["seq.yaml", "e01-youshe.yaml", "xiangshe.yaml", "e02-first-round.yaml", "xiangshe.yaml",
                    "xiangshe.yaml"]  # the outcome and the catalogue of options (as above)
