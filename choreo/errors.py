"""The choreo branches of the error tree rooted at :class:`stage.errors.YiliError`."""

from stage.errors import Location, StageError, YiliError, suggest

__all__ = ["Location", "YiliError", "StageError", "ScriptError", "PlanError", "ExportError",
           "RenderError", "suggest"]


class ScriptError(YiliError):
    """A step script is malformed: unknown verb, figure or key, wrong argument, bad quotation."""


class PlanError(YiliError):
    """A well-formed step cannot be planned: no path meets its constraint, no 階 to climb ..."""


class ExportError(YiliError):
    """Writing a tracks file, image or video failed; nothing was left behind."""


class RenderError(YiliError):
    """Drawing failed: a character no bundled font has, a bad size, no video driver."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (a scheduler, ``timeout``, the viewer stopping its export) raised as an interrupt in the
    main thread, so that a command cleans up as it does on Ctrl-C; the command line exits 143."""
