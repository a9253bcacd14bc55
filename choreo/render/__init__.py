"""Drawing with pygame: the floor plan, figures, captions and frames.

The only package (with choreo.export and choreo.viewer) that imports pygame, and only inside itself.
"""
