"""Marks drawn on and beside the figures: turn arcs, passing marks, body states, pictograms of carried
things, and their legend.

Everything here but ``paint`` is pygame-free: it returns :class:`~choreo.render.marks.shapes.Mark`
primitives in pixels (screen axes, y down) that any backend can draw (pygame here, SVG/PDF elsewhere).
"""
