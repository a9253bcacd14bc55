"""Drawing with pygame: the floor plan, figures, captions and frames.

The only package (with choreo.export and choreo.viewer) that imports pygame, and only inside itself.
"""

import os as _os

# pygame prints a banner on import unless told not to; our output is for users, not for pygame.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
