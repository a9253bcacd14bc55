"""Writing frames to files: MP4, GIF and PNG through one frame-sink interface (sinks.py), atomically.

Imports pygame and imageio-ffmpeg only inside this package (and choreo.render), never at ``import choreo``.
"""
