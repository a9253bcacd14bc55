"""Floor plans of the 庠 and the 榭: venues as data, landmarks, obstacles and the relation resolver.

Pure geometry (shapely) and data. Never imports pygame or imageio.

    from stage import load_venue, resolve
    venue = load_venue("xie")
    resolve(venue, "西楹之西")          # Place(x=-13.0, y=7.5, facing=None, anchor='西楹', relation='之西')
"""

from stage.errors import Location, StageError, YiliError
from stage.loader import list_venues, load_venue
from stage.model import Landmark, Obstacle, Param, Provenance, Venue
from stage.relations import Place, resolve
from stage.sources import check_quotations, provenance_rows

__all__ = [
    "Landmark", "Location", "Obstacle", "Param", "Place", "Provenance", "StageError", "Venue", "YiliError",
    "check_quotations", "list_venues", "load_venue", "provenance_rows", "resolve",
]
