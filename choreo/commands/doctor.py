"""``choreo doctor``: check that this machine can render, one line per check, with what to do.

    $ choreo doctor
    ok    python: 3.11.7
    ok    SDL headless: pygame-ce 2.5.8 (SDL 2.32.10), dummy display and a 64x64 surface
    FAIL  ffmpeg: imageio-ffmpeg not installed -> pip install imageio-ffmpeg
    ...

Exit status 0 when every check passes, 1 otherwise. Each check catches its own failure, so one
broken piece never hides the others and the user never sees a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass

# Letters the renderer must be able to draw whatever the script: roles, landmarks and the rare
# characters of the range (楅 笴 弣 觶 are the ones the Big5 fonts lack).
SAMPLE = "司射司馬獲者釋獲者賓主人西楹阼階堂序物侯乏中楅笴弣觶豐旌「」〔〕·→"

# Run in a child process: the SDL probe must not initialise a display in the caller's process
# (tests call choreo.cli.main in-process), and a crashing video driver cannot take doctor down.
_SDL_PROBE = """
import os
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.display.init()
screen = pygame.display.set_mode((64, 64))
surface = pygame.Surface((64, 64))
surface.fill((255, 255, 255))
pygame.draw.circle(surface, (200, 0, 0), (32, 32), 10)
screen.blit(surface, (0, 0))
assert screen.get_at((32, 32))[:3] == (200, 0, 0), "drawing on the dummy display had no effect"
print(pygame.version.ver, ".".join(map(str, pygame.get_sdl_version())), pygame.display.get_driver())
pygame.display.quit()
"""


@dataclass(frozen=True)
class Result:
    """One line of the report: ``fix`` says what to do when ``ok`` is false."""

    name: str
    ok: bool
    detail: str
    fix: str = ""

    def line(self) -> str:
        if self.ok:
            return f"ok    {self.name}: {self.detail}"
        return f"FAIL  {self.name}: {self.detail}" + (f" -> {self.fix}" if self.fix else "")


def check_python() -> Result:
    version = ".".join(map(str, sys.version_info[:3]))
    return Result("python", sys.version_info >= (3, 11), version, "use Python 3.11 or newer")


def check_sdl() -> Result:
    name = "SDL headless"
    try:
        out = subprocess.run([sys.executable, "-c", _SDL_PROBE], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return Result(name, False, "the dummy display did not start within 60 s", "check SDL_VIDEODRIVER")
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["no output"])[-1]
        fix = "pip install 'pygame-ce>=2.5' (and never plain pygame beside it)" if "pygame" in last \
            else "SDL_VIDEODRIVER=dummy should work on any machine; reinstall pygame-ce"
        return Result(name, False, last, fix)
    pygame_ver, sdl_ver, driver = out.stdout.split()
    return Result(name, True, f"pygame-ce {pygame_ver} (SDL {sdl_ver}), {driver} display and a 64x64 surface")


def check_font() -> Result:
    from choreo.errors import YiliError
    from choreo.paths import font_file
    from choreo.render.fonts import load_font, missing_glyphs

    name = "bundled font"
    fix = "python tools/make_font.py (needs Debian's fonts-noto-cjk), or reinstall yili-choreo"
    path = font_file()
    if not path.is_file():
        return Result(name, False, f"{path} is missing", fix)
    try:
        font = load_font(24)
        missing = missing_glyphs(SAMPLE)
    except YiliError as exc:
        return Result(name, False, exc.message, fix)
    if missing:
        return Result(name, False, f"no glyph for {' '.join(missing)} in {path.name}", fix)
    return Result(name, True, f"{path.name} ({path.stat().st_size / 1e6:.1f} MB, {font.name}), "
                              f"glyphs for all {len(set(SAMPLE))} sample characters")


def check_ffmpeg() -> Result:
    name = "ffmpeg"
    try:
        import imageio_ffmpeg

        exe = imageio_ffmpeg.get_ffmpeg_exe()
        version = subprocess.run([exe, "-hide_banner", "-version"], capture_output=True, text=True, timeout=30)
        encoders = subprocess.run([exe, "-hide_banner", "-encoders"], capture_output=True, text=True, timeout=30)
    except ImportError:
        return Result(name, False, "imageio-ffmpeg is not installed", "pip install imageio-ffmpeg")
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        return Result(name, False, f"the bundled ffmpeg does not run: {exc}", "pip install --force-reinstall imageio-ffmpeg")
    if version.returncode != 0:
        return Result(name, False, f"{exe} -version exited {version.returncode}",
                      "pip install --force-reinstall imageio-ffmpeg")
    first = (version.stdout.splitlines() or ["ffmpeg"])[0]
    if "libx264" not in encoders.stdout:
        return Result(name, False, f"{first}: no libx264 encoder (MP4 output needs it)",
                      "pip install --force-reinstall imageio-ffmpeg (its ffmpeg has libx264)")
    return Result(name, True, f"{' '.join(first.split()[:3])} with libx264 ({exe})")


def check_assets() -> Result:
    from choreo.errors import YiliError
    from choreo.paths import assets_dir, venue_file
    from stage.loader import list_venues, load_venue

    name = "assets"
    fix = "reinstall yili-choreo (pip install .), or restore assets/ in the checkout"
    missing = [key for key in ("xie", "xiang") if not venue_file(key).is_file()]
    if missing:
        return Result(name, False, f"no venue file for {', '.join(missing)} in {assets_dir() / 'venues'}", fix)

    counts: list[str] = []
    for key in list_venues():
        try:
            venue = load_venue(key)
        except YiliError as exc:  # a bundled venue that does not load is a broken install
            return Result(name, False, f"venue {key} does not load: {exc.format().splitlines()[0]}", fix)
        counts.append(f"{key} ({len(venue.landmarks)} landmarks)")
    return Result(name, True, f"venues {', '.join(counts)} in {assets_dir()}")


def check_libraries() -> Result:
    name = "shapely, numpy"
    try:
        import numpy
        import shapely
    except ImportError as exc:
        return Result(name, False, str(exc), "pip install 'shapely>=2' 'numpy>=1.26'")
    shapely_major = int(shapely.__version__.split(".")[0])
    numpy_minor = tuple(int(part) for part in numpy.__version__.split(".")[:2])
    ok = shapely_major >= 2 and numpy_minor >= (1, 26)
    return Result(name, ok, f"shapely {shapely.__version__} (GEOS {shapely.geos_version_string}), "
                            f"numpy {numpy.__version__}", "pip install 'shapely>=2' 'numpy>=1.26'")


CHECKS: tuple[Callable[[], Result], ...] = (
    check_python, check_sdl, check_font, check_ffmpeg, check_assets, check_libraries,
)


def run_checks() -> list[Result]:
    """Every check, in order; an unexpected exception becomes a FAIL line, never a traceback."""
    results = []
    for check in CHECKS:
        try:
            results.append(check())
        except Exception as exc:  # doctor's whole point is to report what is broken
            label = check.__name__.removeprefix("check_")
            results.append(Result(label, False, f"{type(exc).__name__}: {exc}", "report this as a bug"))
    return results


def configure(parser) -> None:
    parser.epilog = "Exit status 0 when every check passes, 1 otherwise."


def run(args) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    results = run_checks()
    for result in results:
        print(result.line())
    failed = sum(not r.ok for r in results)
    print("all checks passed" if not failed else f"{failed} check(s) failed")
    return 0 if not failed else 1
