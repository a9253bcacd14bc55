"""choreo list: the bundled scripts (with their first and last 經 clause), venues, readings and options
(the text's branches, ``--outcome``)."""

from __future__ import annotations


def configure(parser) -> None:
    pass


def run(args) -> int:
    from pathlib import Path

    from choreo.errors import YiliError
    from choreo.paths import scripts_dir
    from choreo.planning import bundled_scripts, default_script
    from choreo.script_parser import parse_script
    from stage.loader import list_venues, load_venue

    print("Scripts:")
    catalogues = {}  # each catalogue of options once, as the scripts name them
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
        if script.catalogue is not None:
            catalogues.setdefault(script.catalogue.path, script.catalogue)
        options = f"; options: {', '.join(script.option_names)}" if script.option_names else ""
        print(f"  {name}{mark}: {script.title} — {len(steps)} steps; readings: {', '.join(script.reading_names)}"
              f"{options}")
        if steps:
            print(f"      from 「{steps[0].text}」")
            print(f"      to   「{steps[-1].text}」")
    for cat in catalogues.values():
        print(f"Options (--outcome), {Path(cat.path).name}:")
        for spec in cat.options.values():
            excludes = f"; not with {', '.join(sorted(spec.excludes))}" if spec.excludes else ""
            print(f"  {spec.name}: {spec.title}{excludes}")
    print("Venues:")
    for key in list_venues():
        venue = load_venue(key)
        print(f"  {key}: {venue.title}")
    return 0
