"""The key of numbered figures: a file numbered together is one entry, its names in file order and
shortened where one begins like the one before; an entry wraps between names, never inside one, and
the key keeps within its part of the frame."""

from choreo.render.figurekey import compact_names, entry_lines, key_entries, key_layout
from choreo.render.placement import em_measure

ARCHERS = ["下耦下射", "下耦上射", "次耦下射", "次耦上射", "上耦下射", "上耦上射"]


def test_a_file_is_one_entry_with_its_names_in_order():
    keyed = [(1, "弟子2"), *((k + 2, name) for k, name in enumerate(ARCHERS)), (8, "大師")]
    entries = key_entries(keyed, [(2, 7)])
    assert [e.numbers for e in entries] == ["1", "2–7", "8"]
    assert entries[1].names == ("下耦下射", "上射", "次耦下射", "上射", "上耦下射", "上射")
    assert compact_names(["眾賓4", "眾賓3", "眾賓2", "大夫之耦"]) == ["眾賓4", "3", "2", "大夫之耦"]
    assert compact_names(["司射", "司馬"]) == ["司射", "司馬"]  # one shared character is no shorthand


def test_an_entry_wraps_between_names_never_inside_one():
    entry = key_entries([(k + 1, name) for k, name in enumerate(ARCHERS)], [(1, 6)])[0]
    lines = entry_lines(entry, em_measure, 15, 100)
    assert len(lines) > 1
    text = "".join(t for t, _ in lines)
    assert text == "1–6 下耦下射·上射·次耦下射·上射·上耦下射·上射"
    assert all(t.endswith("·") for t, _ in lines[:-1])
    assert all(indent > 0 for _, indent in lines[1:])  # under the first name, not under the numbers


def test_the_key_stays_within_its_bounds_by_columns_and_a_smaller_size():
    entries = key_entries([(k + 1, f"眾賓{k + 1}") for k in range(30)], [])
    lay = key_layout(entries, em_measure, 15, 4, 300, 200)
    assert lay.width <= 300 and lay.height <= 200
    assert len(lay.lines) == 30
    assert len({x for _, x, _ in lay.lines}) > 1  # more than one column
