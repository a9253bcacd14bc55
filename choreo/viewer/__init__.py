"""The interactive viewer (``choreo view``): the export's frame, a timeline, the steps and their text.

Layers, so that the logic is tested without a display:

- :mod:`choreo.viewer.state`   a frozen ``ViewerState`` and pure handlers dispatched by name (no pygame);
- :mod:`choreo.viewer.layout`  where the panels sit in a window of a given size (no pygame);
- :mod:`choreo.viewer.session` loading, re-planning and watching a script; errors become text (no pygame);
- :mod:`choreo.viewer.panels`, :mod:`choreo.viewer.overlays` drawing (pygame);
- :mod:`choreo.viewer.app`     the window, the event → handler-name map, the loop.

Importing this package imports no pygame; only ``app``, ``panels``, ``overlays`` and ``writer`` do.
"""

import os as _os

# pygame prints a banner on import unless told not to (as in choreo.render); set before app imports it.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
