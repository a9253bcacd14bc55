"""One frame-sink interface behind MP4, GIF and PNG: ``write(frame)``, ``close()``, ``abort()``, ``sweep()``.

A frame is RGB24 bytes (row-major, ``width * height * 3``) as ``pygame.image.tobytes(s, "RGB")`` gives,
or any object with the buffer protocol holding them; the video sinks also take ``pix_fmt="bgr0"``: a
32-bit surface's own pixels (``Surface.get_buffer()``, see ``FrameRenderer.raw_format``), which skips a
1.5-ms conversion per 1280×720 frame and lets ffmpeg do it.
Every sink writes to a temporary file in the destination folder and renames it on ``close()``; on
``abort()`` or any failure the temporary file is removed and an ExportError says what failed, so the
output appears complete or not at all.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from choreo import atomic
from choreo.errors import ExportError
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
            os.replace(self.tmp, self.path)
        except ExportError:
            self.abort()
            raise
        except (OSError, RuntimeError, ValueError) as exc:
            self.abort()
            raise ExportError(f"{self.kind}: writing {self.path} failed: {exc}") from exc
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
        import imageio_ffmpeg

        w, h = size
        cmd = [imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y",
               "-f", "rawvideo", "-pix_fmt", pix_fmt, "-s", f"{w}x{h}", "-r", str(fps), "-i", "-",
               *self._output_args(), str(self.tmp)]
        try:
            self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE, **_lower_priority())
        except OSError as exc:
            self.abort()
            raise ExportError(f"{self.kind}: could not start ffmpeg: {exc}") from exc
        _widen_pipe(self._proc.stdin.fileno(), w * h * PIX_FMTS[pix_fmt])

    def _output_args(self) -> list[str]:
        raise NotImplementedError

    def write(self, frame) -> None:
        with self._check(frame) as data:  # released here: nothing keeps the caller's pixels locked
            try:
                self._proc.stdin.write(data)
            except (BrokenPipeError, OSError, ValueError) as exc:
                err = self._stderr()
                self.abort()
                raise ExportError(f"{self.kind} failed after {self.frames} frames: {err or exc}") from exc
        self.frames += 1

    def _stderr(self) -> str:
        try:
            self._proc.wait(timeout=5)
            return self._proc.stderr.read().decode("utf-8", "replace").strip()
        except Exception:  # best effort: the message is only a detail
            return ""

    def _finish(self) -> None:
        try:
            self._proc.stdin.close()
        except OSError:
            pass
        rc = self._proc.wait()
        err = self._proc.stderr.read().decode("utf-8", "replace").strip()
        if rc != 0:
            raise ExportError(f"{self.kind} (ffmpeg) exited with status {rc}: {err or 'no message'}")

    def _kill(self) -> None:
        proc = getattr(self, "_proc", None)
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


def _lower_priority() -> dict:
    """Popen arguments that start the encoder at a lower priority (POSIX nice; Windows class)."""
    if os.name == "posix":
        def lower() -> None:  # runs in the child between fork and exec: one system call
            try:
                os.nice(ENCODER_NICENESS)
            except OSError:
                pass

        return {"preexec_fn": lower}
    below = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", None)
    return {"creationflags": below} if below is not None else {}


def _widen_pipe(fd: int, frame_bytes: int) -> None:
    """Let the pipe to ffmpeg hold a whole frame where Linux allows it (F_SETPIPE_SZ, up to
    /proc/sys/fs/pipe-max-size), so that a write returns once copied instead of waiting for ffmpeg
    to read its 64-KB slices; elsewhere, or when refused, the default pipe works the same, slower."""
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, frame_bytes)
    except (ImportError, AttributeError, OSError):
        pass


class Mp4Sink(_FfmpegSink):
    """H.264 in yuv420p (plays in browsers, PowerPoint and Keynote), the index up front (+faststart)."""

    kind = "MP4 (H.264) encoder"

    def __init__(self, path, size, fps=25, crf: int = 23, preset: str = "veryfast", pix_fmt: str = "rgb24") -> None:
        w, h = size
        if w % 2 or h % 2:
            raise ExportError(f"MP4 needs even dimensions for yuv420p, got {w}x{h}: try {w + w % 2}x{h + h % 2}")
        self.crf, self.preset = crf, preset
        super().__init__(path, size, fps, pix_fmt)

    def _output_args(self) -> list[str]:
        return ["-an", "-vcodec", "libx264", "-pix_fmt", "yuv420p", "-preset", self.preset,
                "-crf", str(self.crf), "-movflags", "+faststart", "-f", "mp4"]


class GifSink(_FfmpegSink):
    """GIF through ffmpeg's palettegen/paletteuse: one global palette, no dithering (flat colours stay flat)."""

    kind = "GIF encoder"

    def __init__(self, path, size, fps=10, pix_fmt: str = "rgb24") -> None:
        if fps not in GIF_FPS:
            raise ExportError(f"GIF frame rate must be one of {', '.join(map(str, GIF_FPS))} "
                              f"(GIF delays are hundredths of a second), got {fps}")
        super().__init__(path, size, fps, pix_fmt)

    def _output_args(self) -> list[str]:
        graph = "split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=0[p];[b][p]paletteuse=dither=none"
        return ["-filter_complex", graph, "-loop", "0", "-f", "gif"]


class PngSink(FrameSink):
    """One still: the last frame written is saved (normally exactly one is)."""

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
        import pygame

        surf = pygame.image.frombytes(self._last, self.size, "RGB")
        pygame.image.save(surf, str(self.tmp))


def open_sink(path: str | os.PathLike, size: tuple[int, int], fps: int, pix_fmt: str = "rgb24") -> FrameSink:
    """The sink for ``path``'s suffix; ``pix_fmt`` applies to video (a PNG is always written from RGB24)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".mp4":
        return Mp4Sink(path, size, fps, pix_fmt=pix_fmt)
    if suffix == ".gif":
        return GifSink(path, size, fps, pix_fmt=pix_fmt)
    if suffix == ".png":
        return PngSink(path, size, fps)
    raise ExportError(f"cannot write '{path}': the output must end in .mp4, .gif or .png")
