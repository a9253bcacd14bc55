"""Frames into the encoder's pipe without copying them on our side, where Linux allows it.

A ``write`` to a pipe copies the frame into the kernel's pipe pages: at 1280×720 in bgr0 that is
3.7 MB read and written again per frame, 1.2 ms of our CPU a frame during an export (measured on
the 2-core machine of bench/render.py; 0.6 ms spliced). ``vmsplice`` hands the kernel the frame's own pages instead; ffmpeg's
read then copies from them. The price: the pages must not change until ffmpeg has read them. The
pipe holds at most ``capacity`` bytes, so once ``capacity`` more bytes have gone in after a frame,
that frame has been read: :class:`PipeFeed` keeps each frame's buffer (a surface's stays locked,
so nothing can draw on it) until then, and sizes the pipe to at most one frame, so that a frame is
let go as soon as the next one is in. A frame that a pipe can hold whole (640×360: 0.9 MB, under
Linux's 1-MB /proc/sys/fs/pipe-max-size) is copied into a pipe that size, as before: the write
returns at once. Elsewhere (not Linux, no vmsplice, a pipe that cannot be sized) frames are
written as before, and nothing is kept.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from collections import deque

PAGE = 4096


class _Iovec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]


def _vmsplice():
    """libc's vmsplice (Linux), or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = ctypes.CDLL(None, use_errno=True).vmsplice
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.POINTER(_Iovec), ctypes.c_size_t, ctypes.c_uint]
    fn.restype = ctypes.c_ssize_t
    return fn


_VMSPLICE = _vmsplice()


def _pipe_max() -> int:
    try:
        with open("/proc/sys/fs/pipe-max-size") as f:
            return int(f.read())
    except (OSError, ValueError):
        return 1 << 20


def size_pipe(fd: int, frame_bytes: int, whole: bool) -> int | None:
    """Set the pipe's size; returns its capacity in bytes, or None where it cannot be set or read.

    ``whole``: as large as a frame where allowed (a copying write then returns once copied);
    else the largest power of two pages within one frame (a spliced frame is read once the next
    one is in)."""
    try:
        import fcntl

        limit = min(frame_bytes, _pipe_max())
        if whole:
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, limit)
        else:
            size = PAGE
            while size * 2 <= limit:
                size *= 2
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, size)
        return fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ)
    except (ImportError, AttributeError, OSError):
        return None


def _address(view: memoryview) -> int:
    """The address of a flat byte buffer (read-only ones too: bytes)."""
    import numpy as np

    return np.frombuffer(view, dtype=np.uint8).ctypes.data


class PipeFeed:
    """Writes frames of ``frame_bytes`` into the pipe ``stream`` (a file object on its write end)."""

    def __init__(self, stream, frame_bytes: int, splice: bool | None = None) -> None:
        """``splice``: None to splice only frames larger than a pipe may be (a smaller one is copied
        into a pipe that holds it whole, and the write returns at once: at 640×360, 0.9 MB)."""
        self.stream = stream
        self.fd = stream.fileno()
        if splice is None:
            splice = frame_bytes > _pipe_max()
        splice = splice and _VMSPLICE is not None
        capacity = size_pipe(self.fd, frame_bytes, whole=not splice)
        self.splices = splice and capacity is not None and PAGE <= capacity <= frame_bytes
        if splice and not self.splices:
            size_pipe(self.fd, frame_bytes, whole=True)  # copying after all: the larger pipe
        self.capacity = capacity or 0
        self._sent = 0  # bytes spliced so far
        self._held: deque[tuple[memoryview, int]] = deque()  # (a frame's buffer, bytes sent at its end)

    @property
    def held(self) -> int:
        """Frames whose pages the pipe may still hold (kept unchanged until read)."""
        return len(self._held)

    def write(self, frame, data: memoryview) -> None:
        """Send ``data`` (a flat byte view of ``frame``); ``frame``'s buffer is kept until it is read."""
        if not self.splices:
            self.stream.write(data)
            return
        keep = memoryview(frame)  # holds the frame's buffer (a surface: locked) whatever the caller does
        base, left = _address(data), data.nbytes
        while left:
            iov = _Iovec(base, left)
            n = _VMSPLICE(self.fd, ctypes.byref(iov), 1, 0)
            if n < 0:
                err = ctypes.get_errno()
                if err == errno.EINTR:
                    continue
                keep.release()
                raise (BrokenPipeError if err == errno.EPIPE else OSError)(err, os.strerror(err))
            base += n
            left -= n
            self._sent += n
        self._held.append((keep, self._sent))
        while self._sent - self._held[0][1] >= self.capacity:  # the pipe has been emptied of it
            self._held.popleft()[0].release()

    def release(self) -> None:
        """Let every kept frame go (the reader has finished, or was killed)."""
        while self._held:
            self._held.popleft()[0].release()
