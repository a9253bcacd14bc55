"""One frame-sink interface behind MP4, GIF and PNG: ``write(frame)``, ``close()``, ``abort()``, ``sweep()``.

A frame is RGB24 bytes (row-major, ``width * height * 3``) as ``pygame.image.tobytes(s, "RGB")`` gives,
or any object with the buffer protocol holding them; the video sinks also take ``pix_fmt="bgr0"``: a
32-bit surface's own pixels (``Surface.get_buffer()``, see ``FrameRenderer.raw_format``), which skips a
1.5-ms conversion per 1280×720 frame and lets ffmpeg do it.
Every sink writes to a temporary file in the destination folder and renames it on ``close()``; on
``abort()`` or any failure the temporary file is removed and an ExportError says what failed, so the
output appears complete or not at all. A GIF sink also takes ``sample(frame)`` before its first frame:
the frames its palette is built from (see GifSink).
"""

from __future__ import annotations

import base64
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from choreo import atomic
from choreo.errors import ExportError
from choreo.export.pipefeed import PipeFeed, size_pipe
from choreo.render.config import GIF_FPS

FORMATS = (".mp4", ".gif", ".png")
PIX_FMTS = {"rgb24": 3, "bgr0": 4}  # ffmpeg's names → bytes per pixel


def check_destination(path: str | os.PathLike) -> Path:
    """Fail before any work when the output cannot be written (missing or read-only folder, bad suffix)."""
    return atomic.check_destination(path, FORMATS, "choreo render")


class FrameSink:
    """Base: a temporary file beside the destination, renamed on success, removed on failure."""

    kind = "file"

    def __init__(self, path: str | os.PathLike, size: tuple[int, int], fps: int = 25,
                 pix_fmt: str = "rgb24") -> None:
        if pix_fmt not in PIX_FMTS:
            raise ExportError(f"{self.kind}: unknown pixel format {pix_fmt!r}: one of {', '.join(PIX_FMTS)}")
        self.path = check_destination(path)
        self.target = atomic.target_of(self.path)  # a link is written through (choreo.atomic)
        self.size = size
        self.fps = fps
        self.pix_fmt = pix_fmt
        self.frames = 0
        fd, self.tmp = atomic.temporary_beside(self.path)
        os.close(fd)
        self._closed = False

    def _check(self, frame) -> memoryview:
        """The frame as a flat byte view of the right length (use it in a ``with``: releasing it
        releases the caller's buffer, e.g. a surface's pixels, at once)."""
        w, h = self.size
        bpp = PIX_FMTS[self.pix_fmt]
        with memoryview(frame) as view:
            data = view.cast("B") if view.format != "B" or view.ndim != 1 else view[:]
        if data.nbytes != w * h * bpp:
            n = data.nbytes
            data.release()
            self.abort()
            raise ExportError(f"{self.kind}: frame has {n} bytes, expected {w}x{h}x{bpp} = {w * h * bpp}")
        return data

    def write(self, frame) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        """Flush the encoder into ``self.tmp``."""

    def close(self) -> Path:
        if self._closed:
            return self.path
        try:
            self._finish()
            if self.frames == 0:
                raise ExportError(f"{self.kind}: no frame was written")
            os.replace(self.tmp, self.target)
        except ExportError:
            self.abort()
            raise
        except (OSError, RuntimeError, ValueError) as exc:
            self.abort()
            raise ExportError(f"{self.kind}: writing {self.path} failed: {exc.strerror or exc}"
                              if isinstance(exc, OSError) else f"{self.kind}: writing {self.path} failed: {exc}") from exc
        self._closed = True
        return self.path

    def _kill(self) -> None:
        """Stop the encoder without finishing it."""

    def abort(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self._kill()
        finally:
            try:
                self.tmp.unlink()
            except FileNotFoundError:
                pass

    def sweep(self) -> None:
        """Once nothing can write to the sink any more: stop the encoder for good and remove the
        temporary file. ``abort`` from the main thread cannot always stop an encoder that the writer
        thread is feeding at that moment, and ffmpeg may create its output after the first unlink."""
        try:
            self._kill()
        finally:
            self.tmp.unlink(missing_ok=True)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        else:
            self.abort()
        return False


class _FfmpegSink(FrameSink):
    """Raw frames piped to imageio-ffmpeg's bundled ffmpeg, which writes ``self.tmp``.

    We start ffmpeg ourselves rather than through ``imageio_ffmpeg.write_frames``: its generator
    keeps the last frame it was sent alive until the next one, which would keep a drawn surface
    locked while the renderer wants to draw into it again; and this way both formats share one
    way of starting, feeding, finishing and killing the encoder.
    """

    def __init__(self, path, size, fps, pix_fmt: str) -> None:
        super().__init__(path, size, fps, pix_fmt)
        self._proc: subprocess.Popen | None = None
        self._feed: PipeFeed | None = None
        if self.starts_at_once:
            try:
                self._start()
            except BaseException:  # Ctrl-C or SIGTERM while ffmpeg starts: nobody else holds self.tmp yet
                self.abort()
                raise

    starts_at_once = True
    splice: bool | None = None  # frames spliced into the pipe (choreo.export.pipefeed): None, where it pays

    def _start(self) -> None:
        self._proc = self._ffmpeg([*self._input_args(), *self._output_args(), str(self.tmp)])
        w, h = self.size
        self._feed = PipeFeed(self._proc.stdin, w * h * PIX_FMTS[self.pix_fmt], self.splice)

    def _ffmpeg(self, args: list[str]) -> subprocess.Popen:
        """ffmpeg reading raw frames of this sink's size and format on its stdin, then ``args``."""
        import imageio_ffmpeg

        w, h = self.size
        cmd = [imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y",
               "-f", "rawvideo", "-pix_fmt", self.pix_fmt, "-s", f"{w}x{h}", "-r", str(self.fps), "-i", "-",
               *args]
        try:
            prefix, kwargs = _lower_priority()
            proc = subprocess.Popen([*prefix, *cmd], stdin=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
        except OSError as exc:
            self.abort()
            raise ExportError(f"{self.kind}: could not start ffmpeg: {exc}") from exc
        return proc

    def _input_args(self) -> list[str]:
        return []

    def _output_args(self) -> list[str]:
        raise NotImplementedError

    def write(self, frame) -> None:
        if self._proc is None:
            self._start()
        with self._check(frame) as data:  # released here; the feed keeps what the pipe has not read
            try:
                self._feed.write(frame, data)
            except (BrokenPipeError, OSError, ValueError) as exc:
                err = _stderr(self._proc)
                self.abort()
                raise ExportError(f"{self.kind} failed after {self.frames} frames of {self.path}: "
                                  f"{err or exc}") from exc
        self.frames += 1

    def _finish(self) -> None:
        if self._proc is not None:
            try:
                _wait(self._proc, f"{self.kind} writing {self.path}")
            finally:
                self._feed.release()

    def _kill(self) -> None:
        _kill(getattr(self, "_proc", None))
        feed = getattr(self, "_feed", None)
        if feed is not None:
            feed.release()


def _stderr(proc: subprocess.Popen) -> str:
    """What ffmpeg said before it stopped, or how it was stopped (a signal)."""
    try:
        rc = proc.wait(timeout=5)
        said = proc.stderr.read().decode("utf-8", "replace").strip()
    except Exception:  # best effort: the message is only a detail
        return ""
    return said or (f"ffmpeg was killed by {_signal_name(-rc)}" if rc < 0 else "")


def _signal_name(number: int) -> str:
    import signal

    try:
        name = signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
    return f"{name} (the file size limit was exceeded)" if name == "SIGXFSZ" else name


def _wait(proc: subprocess.Popen, what: str) -> None:
    """Close ffmpeg's input and wait for it; a failure (a full disk, a signal) is an ExportError."""
    try:
        proc.stdin.close()
    except OSError:
        pass
    rc = proc.wait()
    err = proc.stderr.read().decode("utf-8", "replace").strip()
    if rc < 0:
        raise ExportError(f"{what}: ffmpeg was killed by {_signal_name(-rc)}{': ' + err if err else ''}")
    if rc != 0:
        raise ExportError(f"{what}: ffmpeg exited with status {rc}: {err or 'no message'}")


def _kill(proc: subprocess.Popen | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.kill()
        proc.wait()


# The encoder runs at a lower priority than the drawing (nice +10, the `nice` command's default).
# libx264 keeps both cores of a 2-core machine busy with its threads; at equal priority the one
# Python thread that draws the frames is preempted mid-frame, the queue of frames runs dry and the
# encoder's pipeline stalls waiting for input. Yielding to the drawing keeps the encoder fed: on
# the 2-core machine of bench/render.py the whole export went from ~150 to ~167 frames/s at
# 1280×720 (encode-only: ~197 either way), and the ffmpeg child is polite to the user's other work.
ENCODER_NICENESS = 10


def _lower_priority() -> tuple[list[str], dict]:
    """A command prefix and Popen arguments that start the encoder at a lower priority.

    POSIX: through the ``nice`` command where there is one, so that Popen spawns without forking
    (vfork/posix_spawn). A ``preexec_fn`` forces a fork of this whole process: 12-15 ms in Popen,
    then some 5-7 thousand copy-on-write page faults as the drawing writes to its pages again
    (bench at 1280x720, measured). Without ``nice``, that ``preexec_fn``; Windows, a priority class."""
    if os.name == "posix":
        import shutil

        nice = shutil.which("nice")
        if nice is not None:
            return [nice, "-n", str(ENCODER_NICENESS)], {}

        def lower() -> None:  # runs in the child between fork and exec: one system call
            try:
                os.nice(ENCODER_NICENESS)
            except OSError:
                pass

        return [], {"preexec_fn": lower}
    below = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", None)
    return [], ({"creationflags": below} if below is not None else {})


def _widen_pipe(fd: int, frame_bytes: int) -> None:
    """Let the pipe to ffmpeg hold a whole frame where Linux allows it (F_SETPIPE_SZ, up to
    /proc/sys/fs/pipe-max-size), so that a write returns once copied instead of waiting for ffmpeg
    to read its 64-KB slices; elsewhere, or when refused, the default pipe works the same, slower."""
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, frame_bytes)
    except (ImportError, AttributeError, OSError):
        pass


Chapter = tuple[float, float, str]  # video seconds from, to, and the chapter's title


def ffmetadata(title: str, chapters: Sequence[Chapter]) -> str:
    """ffmpeg's metadata file (FFMETADATA1): the video's title and its chapters in milliseconds."""
    def esc(text: str) -> str:  # the format's special characters are escaped with a backslash
        return "".join("\\" + ch if ch in "=;#\\\n" else ch for ch in text)

    lines = [";FFMETADATA1"] + ([f"title={esc(title)}"] if title else [])
    for start, end, name in chapters:
        lines += ["[CHAPTER]", "TIMEBASE=1/1000", f"START={round(start * 1000)}", f"END={round(end * 1000)}",
                  f"title={esc(name)}"]
    return "\n".join(lines) + "\n"


class Mp4Sink(_FfmpegSink):
    """H.264 in yuv420p (plays in browsers, PowerPoint and Keynote), the index up front (+faststart).

    ``chapters`` become the MP4's chapter marks (VLC's and PowerPoint's chapter menus), ``title``
    its title: handed to ffmpeg as an in-line metadata file (a data: URI), so nothing else is written.
    """

    kind = "MP4 (H.264) encoder"

    def __init__(self, path, size, fps=25, crf: int = 23, preset: str = "veryfast", pix_fmt: str = "rgb24",
                 chapters: Sequence[Chapter] = (), title: str = "") -> None:
        w, h = size
        if w % 2 or h % 2:
            raise ExportError(f"MP4 needs even dimensions for yuv420p, got {w}x{h}: try {w + w % 2}x{h + h % 2}")
        self.crf, self.preset = crf, preset
        self.metadata = ffmetadata(title, chapters) if (chapters or title) else ""
        super().__init__(path, size, fps, pix_fmt)

    def _input_args(self) -> list[str]:
        if not self.metadata:
            return []
        uri = "data:text/plain;base64," + base64.b64encode(self.metadata.encode("utf-8")).decode("ascii")
        return ["-f", "ffmetadata", "-i", uri, "-map", "0:v", "-map_metadata", "1", "-map_chapters", "1"]

    def _output_args(self) -> list[str]:
        return ["-an", "-vcodec", "libx264", "-pix_fmt", "yuv420p", "-preset", self.preset,
                "-crf", str(self.crf), "-movflags", "+faststart", "-f", "mp4"]


class GifSink(_FfmpegSink):
    """GIF through ffmpeg's palettegen/paletteuse: one global palette, no dithering (flat colours stay flat).

    The palette is built first, from sample frames (:meth:`sample`: the export sends
    :data:`PALETTE_SAMPLES` moments spread over the whole video), by one ffmpeg that keeps only a
    histogram of colours; then a second ffmpeg maps every frame through it as it comes. Neither
    holds frames, so memory does not grow with the video's length (``split`` before
    ``palettegen`` in one graph held every frame until the end: ~1 MB per frame at 640×360).
    Without samples the first frame written is the sample.
    """

    kind = "GIF encoder"
    starts_at_once = False

    def __init__(self, path, size, fps=10, pix_fmt: str = "rgb24") -> None:
        if fps not in GIF_FPS:
            raise ExportError(f"GIF frame rate must be one of {', '.join(map(str, GIF_FPS))} "
                              f"(GIF delays are hundredths of a second), got {fps}")
        super().__init__(path, size, fps, pix_fmt)
        self._palettegen: subprocess.Popen | None = None
        self.palette: Path | None = None
        self.samples = 0

    def sample(self, frame) -> None:
        """A frame whose colours the palette is built from (before the first :meth:`write`)."""
        if self._proc is not None:
            raise ExportError(f"{self.kind}: samples come before the first frame")
        if self._palettegen is None:
            fd, self.palette = atomic.temporary_beside(self.path, suffix=".png")
            os.close(fd)
            self._palettegen = self._ffmpeg(["-vf", "palettegen=stats_mode=full:reserve_transparent=0",
                                             "-frames:v", "1", "-update", "1", "-f", "image2", str(self.palette)])
            w, h = self.size
            size_pipe(self._palettegen.stdin.fileno(), w * h * PIX_FMTS[self.pix_fmt], whole=True)  # copied
        with self._check(frame) as data:
            try:
                self._palettegen.stdin.write(data)
            except (BrokenPipeError, OSError, ValueError) as exc:
                err = _stderr(self._palettegen)
                self.abort()
                raise ExportError(f"{self.kind}: building the palette failed: {err or exc}") from exc
        self.samples += 1

    def _start(self) -> None:
        if self._palettegen is None:
            raise ExportError(f"{self.kind}: no palette sample")  # write() samples its first frame
        try:
            _wait(self._palettegen, f"{self.kind} building the palette of {self.path}")
        except ExportError:
            self.abort()
            raise
        super()._start()

    def write(self, frame) -> None:
        if self._proc is None and self._palettegen is None:
            self.sample(frame)
        super().write(frame)

    def _input_args(self) -> list[str]:
        return ["-i", str(self.palette)]

    def _output_args(self) -> list[str]:
        return ["-filter_complex", "[0:v][1:v]paletteuse=dither=none", "-loop", "0", "-f", "gif"]

    def _finish(self) -> None:
        try:
            super()._finish()
        finally:
            self._drop_palette()

    def _kill(self) -> None:
        try:
            _kill(getattr(self, "_palettegen", None))
            super()._kill()
        finally:
            self._drop_palette()

    def _drop_palette(self) -> None:
        palette = getattr(self, "palette", None)
        if palette is not None:
            palette.unlink(missing_ok=True)


PALETTE_SAMPLES = 48  # choice: enough moments that every figure, caption and trail colour is seen


class PngSink(FrameSink):
    """One still: the last frame written is saved (normally exactly one is).

    The PNG is encoded in memory and written with every byte checked: pygame's own file writing
    does not report a full disk (it left a truncated file and said nothing).
    """

    kind = "PNG writer"

    def __init__(self, path, size, fps=25) -> None:
        super().__init__(path, size, fps)
        self._last = None

    def write(self, frame) -> None:
        with self._check(frame) as data:
            self._last = bytes(data)
        self.frames += 1

    def _finish(self) -> None:
        if self._last is None:
            return
        import io

        import pygame

        surf = pygame.image.frombytes(self._last, self.size, "RGB")
        encoded = io.BytesIO()
        pygame.image.save(surf, encoded, "frame.png")
        fd = os.open(self.tmp, os.O_WRONLY | os.O_TRUNC)
        try:
            atomic.write_all(fd, encoded.getbuffer())
        finally:
            os.close(fd)


def open_sink(path: str | os.PathLike, size: tuple[int, int], fps: int, pix_fmt: str = "rgb24",
              chapters: Sequence[Chapter] = (), title: str = "") -> FrameSink:
    """The sink for ``path``'s suffix; ``pix_fmt`` applies to video (a PNG is always written from RGB24);
    ``chapters`` and ``title`` to an MP4 (a GIF has no chapters)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".mp4":
        return Mp4Sink(path, size, fps, pix_fmt=pix_fmt, chapters=chapters, title=title)
    if suffix == ".gif":
        return GifSink(path, size, fps, pix_fmt=pix_fmt)
    if suffix == ".png":
        return PngSink(path, size, fps)
    raise ExportError(f"cannot write '{path}': the output must end in .mp4, .gif or .png")
