"""choreo list: the bundled scripts (with their first and last 經 clause), venues and readings."""

from __future__ import annotations


def configure(parser) -> None:
    pass


def run(args) -> int:
    from choreo.errors import YiliError
    from choreo.paths import scripts_dir
    from choreo.planning import bundled_scripts, default_script
    from choreo.script_parser import parse_script
    from stage.loader import list_venues, load_venue

    print("Scripts:")
    default = default_script()
    for path in bundled_scripts():
        name = path.relative_to(scripts_dir()).with_suffix("").as_posix()
        mark = " (default)" if path == default else ""
        try:
            script = parse_script(path)
        except YiliError as exc:
            print(f"  {name}{mark}: cannot be read: {exc.message}")
            continue
        steps = script.steps
        print(f"  {name}{mark}: {script.title} — {len(steps)} steps; readings: {', '.join(script.reading_names)}")
        if steps:
            print(f"      from 「{steps[0].text}」")
            print(f"      to   「{steps[-1].text}」")
    print("Venues:")
    for key in list_venues():
        venue = load_venue(key)
        print(f"  {key}: {venue.title}")
    return 0
