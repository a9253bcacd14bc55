"""yili-choreo: step scripts of the 儀禮 archery rites turned into timed, checkable choreographies.

Importing this package has no side effects: no pygame, no window, no font loading. Rendering
(``choreo.render``) and the viewer (``choreo.viewer``) import pygame inside themselves only.
"""

__version__ = "0.1.0"
