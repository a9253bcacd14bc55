"""A small hand-built venue for unit tests of the planner layers (independent of the venue files).

Shaped like the 榭: a 堂 40 尺 wide and 24 deep, 楹 at x = ±8, y = 12, 階 of 3 等 at x = ±14.
"""

from shapely.geometry import LineString, Point, box

from stage.model import Landmark, Obstacle, Param, Provenance, Venue

CHOICE = Provenance(choice="test venue")
# How the planner spaces and retries: the values of assets/venues/_common.yaml.
PLANNING = {"turn.literal_left": 1.0, "stagger": 1.2, "pass_spacing": 3.0, "meeting_tolerance": 0.05,
            "meeting_passes": 8, "brush_margin": 0.1, "aside": 1.2, "abreast_tolerance": 1.0,
            "file_clearance": 0.3, "file_wait_step": 0.5, "file_wait_tries": 80, "small_move_least": 0.25,
            "small_pace": 0.5, "stair_foot_margin": 0.3, "stair_cross_treads": 3.5, "beside_margin": 0.15,
            "beside_step_in": 0.25, "beside_step_out": 0.5, "beside_tries_out": 12}


def toy_venue() -> Venue:
    hall = box(-20, 0, 20, 24)
    west_stair = box(-16, -4.5, -12, 0)
    east_stair = box(12, -4.5, 16, 0)
    court = box(-70, -330, 70, 40)
    lm = {}

    def add(name, x, y, **kw):
        lm[name] = Landmark(name, x, y, provenance=CHOICE, **kw)

    add("堂", 0, 12, kind="platform", geometry=hall)
    add("西楹", -8, 12, kind="pillar", geometry=Point(-8, 12).buffer(0.75))
    add("東楹", 8, 12, kind="pillar", geometry=Point(8, 12).buffer(0.75))
    add("西階", -14, -4.5, kind="stair", steps=3, top=(-14, -0.5), geometry=west_stair)
    add("阼階", 14, -4.5, kind="stair", steps=3, top=(14, -0.5), geometry=east_stair)
    add("西階上", -14, 1.5, facing=0)
    add("阼階上", 14, 1.5, facing=0)
    add("上物", -3, 16, kind="mark")
    add("下物", 3, 16, kind="mark")
    add("物間", 0, 16.5)
    add("棟", 0, 16, kind="line", geometry=LineString([(-20, 16), (20, 16)]))
    add("侯", 0, -284, kind="target")
    add("乏", -30, -184)
    add("楅", 0, -24)
    add("中", -20, -24, facing=90)
    add("司射位", -26, -30, kind="station", facing=90)
    add("司馬位", -26, -36, kind="station", facing=90)
    add("射位一", -32, -36, kind="rank", facing=90, rank_bearing=180, rank_spacing=3)
    add("堂西位", -24, 6, kind="rank", facing=180, rank_bearing=270, rank_spacing=3)
    add("階前", -14, -9)
    add("堂下西階之東", -10, -6, facing=0)
    obstacles = (
        Obstacle("西楹", "pillar", lm["西楹"].geometry, CHOICE),
        Obstacle("東楹", "pillar", lm["東楹"].geometry, CHOICE),
        Obstacle("侯", "target", box(-20, -285, 20, -283), CHOICE),
    )
    params = {name: Param(name, value, CHOICE) for name, value in {
        "pace": 2.5, "stair_step_time": 0.8, "turn_rate": 180.0, "body_radius": 0.9, "small_move": 1.5,
        "relation_offset": 3.0, "approach": 3.0, "abreast_spacing": 3.0, "rank_spacing": 3.0,
        "dur.揖": 1.5, "dur.拜": 2.5, "dur.坐": 1.0, "dur.興": 1.0, "dur.射": 3.0, "dur.取": 1.5,
        "dur.授": 1.5, "dur.受": 1.5, "dur.命": 3.0, "dur.俟": 1.0, "dur.袒": 2.0, "dur.釋獲": 1.5,
        "dur.獲": 1.5, **PLANNING}.items()}
    return Venue(key="toy", title="toy 榭", description="test venue", path="<toy>", landmarks=lm,
                 obstacles=obstacles,
                 walkable={"堂": hall, "庭": court, "西階": west_stair, "阼階": east_stair},
                 params=params, options={"path_past_pillar": "鉤楹內", "zhong": "鹿中"},
                 aliases={"階": "西階", "楹": "西楹"})
