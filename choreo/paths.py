"""Where the bundled data lives, in a source checkout and in an installed wheel alike."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The assets folder: ``<checkout>/assets`` or, installed, ``choreo/_assets`` in site-packages."""
    checkout = Path(__file__).resolve().parent.parent / "assets"
    if (checkout / "venues").is_dir():
        return checkout
    return Path(str(resources.files("choreo") / "_assets"))


def venue_file(key: str) -> Path:
    return assets_dir() / "venues" / f"{key}.yaml"


def font_file() -> Path:
    return assets_dir() / "fonts" / "NotoSerifCJKtc-yili.otf"


def scripts_dir() -> Path:
    return assets_dir() / "scripts"
