"""What a step's clause names of the venue, for the camera to frame (pure geometry, no pygame).

The words are the venue's own: every landmark name and every alias of its file (階 → 西階), found in
the clause by longest match first, so 「堂西」 is the place west of the 堂 and not the 堂, and
「西階上」 the top of the 西階. A name is not read inside a word its landmark's ``other_senses`` lists
(the venue file says that 中等, 中庭, 若中 do not mean the 中). Nothing here lists a landmark by name.

A landmark with an extent the camera should take in whole (the 堂, a 階, a room, the 侯, the 乏)
gives the corners of its footprint; any other gives its point. A landmark that is an object's own
place (the 楅, the 中: figstate.own_landmarks) is framed where that object is, by its track.
"""

from __future__ import annotations

from collections.abc import Mapping

from stage.model import Venue

# Kinds whose whole footprint is what the word names (the 堂 is the platform, not its middle point).
WHOLE_KINDS = ("platform", "stair", "room", "chamber", "target", "screen")


def named_landmarks(text: str, venue: Venue) -> tuple[str, ...]:
    """The landmarks the clause names, in order, each once (aliases resolved to their landmark)."""
    words = {**{name: name for name in venue.landmarks}, **{a: n for a, n in venue.aliases.items()
                                                           if a not in venue.landmarks}}
    by_length = sorted(words, key=len, reverse=True)
    masked = _masked(text, venue)
    found: dict[str, None] = {}
    i = 0
    while i < len(text):
        word = next((w for w in by_length if text.startswith(w, i) and (i, words[w]) not in masked), None)
        if word is None:
            i += 1
            continue
        found.setdefault(words[word], None)
        i += len(word)
    return tuple(found)


def _masked(text: str, venue: Venue) -> set[tuple[int, str]]:
    """(position, landmark) pairs where the landmark's name stands inside one of its ``other_senses``."""
    out: set[tuple[int, str]] = set()
    for name, lm in venue.landmarks.items():
        for word in lm.other_senses:
            at = word.index(name)
            start = text.find(word)
            while start >= 0:
                out.add((start + at, name))
                start = text.find(word, start + 1)
    return out


def landmark_points(names: tuple[str, ...], venue: Venue,
                    own: Mapping[str, str] | None = None) -> tuple[list[tuple[float, float]], list[str]]:
    """(world points to frame, object figures to frame by their tracks) for these landmarks."""
    points: list[tuple[float, float]] = []
    objects: list[str] = []
    own = own or {}
    for name in names:
        if name in own:
            objects.append(own[name])
            continue
        lm = venue.landmarks[name]
        geom = lm.geometry
        if lm.kind in WHOLE_KINDS and geom is not None and not geom.is_empty:
            minx, miny, maxx, maxy = geom.bounds
            points += [(minx, miny), (maxx, maxy)]
        else:
            points.append((lm.x, lm.y))
    return points, objects
