"""Characters of a plan's drawn text the bundled font lacks: ``render`` would refuse them.

Read from the font's cmap (choreo.fontcmap), so that the checker stays free of pygame.
"""

from __future__ import annotations

from choreo.errors import Location
from choreo.fontcmap import missing
from choreo.model import Choreography


def drawn_texts(ch: Choreography) -> list[tuple[str, str, Location | None]]:
    """(text, whose, where) for every string a frame of the plan can draw."""
    out: list[tuple[str, str, Location | None]] = [(ch.title, "the script's title", None)]
    for info in ch.figures.values():
        out.append((info.label, f"the label of {info.name}", None))
    for name, landmark in ch.venue.landmarks.items():
        out.append((name, "a landmark's name", getattr(landmark, "loc", None)))
    for step in ch.steps:
        for text, whose in ((step.text, "text"), (step.passage_title, "passage title"),
                            (step.reading_note, "reading note"), *((n, "note") for n in step.commentary)):
            out.append((text or "", f"step {step.id}'s {whose}", step.loc))
    return out


def missing_glyphs(ch: Choreography) -> list[str]:
    """One line per character the font lacks, at the first place it is drawn."""
    seen: set[str] = set()
    lines = []
    for text, whose, loc in drawn_texts(ch):
        for char in missing(text):
            if char in seen:
                continue
            seen.add(char)
            where = f"{loc}: " if loc else f"{ch.script}: "
            lines.append(f"{where}error: no glyph for '{char}' (U+{ord(char):04X}) in the bundled font, in "
                         f"{whose}: render refuses it (add it with python tools/make_font.py)")
    return lines
