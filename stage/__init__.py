"""Floor plans of the 庠 and the 榭: venues as data, landmarks, obstacles and the relation resolver.

Pure geometry (shapely) and data. Never imports pygame or imageio.
"""
