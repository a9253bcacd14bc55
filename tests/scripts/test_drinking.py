"""e.9 飲不勝者 (issue 15): the pairs come and go as pairs and meet at the 階前 (「與升飲者相左，交于階前，
相揖」〔000〕), and 敖's differences of the passage (seed 001) are the ao reading's, not 鄭's."""

import math
from functools import cache

import numpy as np
import pytest

from choreo.check.constraints import ABREAST_ALONG_MAX
from choreo.paths import scripts_dir
from choreo.planning import plan
from choreo.script_parser import parse_script

E09 = scripts_dir() / "xiangshe" / "e09-yin-busheng.yaml"
VENUES = ["xie", "xiang"]
READINGS = ["zheng", "ao"]
# (the crossing step, the pair going away: winner, loser; the pair coming up: winner, loser)
CROSSINGS = (("d1e", ("上耦上射", "上耦下射"), ("次耦上射", "次耦下射")),
             ("d2e", ("次耦上射", "次耦下射"), ("下耦上射", "下耦下射")),
             ("d4e", ("眾賓1", "眾賓2"), ("眾賓3", "眾賓4")))
AT_THE_STAIR = 8.0  # 尺 from the foot of the 西階: in front of it (the e.13 crossing is held to the same)


@cache
def drinking(venue, reading="zheng"):
    return plan(parse_script(E09), venue=venue, reading=reading)


def _xy(ch, figure, t):
    p = ch.pose_at(figure, t)
    return (p.x, p.y)


def _events(ch, figure, kind, steps):
    return [e for e in ch.events if e.figure == figure and e.kind == kind and e.step in steps]


def _sets_off(ch, figure, t0, t1, far=1.0):
    """When he is first more than ``far`` 尺 from where he stood at t0."""
    start = _xy(ch, figure, t0)
    return next((t for t in np.arange(t0, t1, 0.1) if math.dist(_xy(ch, figure, t), start) > far), None)


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("venue", VENUES)
def test_the_next_pair_sets_off_together_and_walks_abreast(venue, reading):
    """「一耦進，揖如升射」: as when they went up to shoot (「上耦揖進，上射在左，并行」〔000〕) the pair coming up
    leaves its place together and walks abreast to the 階前, mostly no more than the checker's 'abreast'
    allows ahead of the other (its 下射 used to wait at the 射位 until the 上射 had reached the 階, 20 s
    and more)."""
    ch = drinking(venue, reading)
    for sid, _, (up, down) in CROSSINGS:
        step = ch.step(sid)
        bow = _events(ch, up, "相揖", {sid})[0].t
        off = {m: _sets_off(ch, m, step.t0, bow) for m in (up, down)}
        assert None not in off.values(), f"{sid}: {off}"
        assert abs(off[up] - off[down]) <= 3.0, f"{sid}: they set off {abs(off[up] - off[down]):.1f} s apart"
        along = []
        for t in np.arange(max(off.values()), bow, 0.25):
            a, b = _xy(ch, up, t), _xy(ch, up, t + 0.25)
            v = (b[0] - a[0], b[1] - a[1])
            if math.hypot(*v) < 0.1:
                continue
            p, q = _xy(ch, up, t), _xy(ch, down, t)
            along.append(abs((p[0] - q[0]) * v[0] + (p[1] - q[1]) * v[1]) / math.hypot(*v))
        assert len(along) > 10 and np.median(along) <= ABREAST_ALONG_MAX, f"{sid}: one {np.median(along):.1f} 尺 ahead"


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("venue", VENUES)
def test_the_two_pairs_meet_left_to_left_in_front_of_the_west_stair_and_bow(venue, reading):
    """「與升飲者相左，交于階前，相揖」〔000〕: the four bow at one moment, standing level in front of the 西階
    (their middle within 8 尺 of its foot); the pair going away, facing south, is west of the pair coming
    up, facing north: each has the other on his left (疏 「各以左相迎」〔000〕)."""
    ch = drinking(venue, reading)
    foot = ch.venue.landmark("西階").point
    for sid, away, coming in CROSSINGS:
        bows = {m: _events(ch, m, "相揖", {sid}) for m in (*away, *coming)}
        assert all(bows.values()), f"{sid}: no 相揖 from {[m for m, b in bows.items() if not b]}"
        times = [b[0].t for b in bows.values()]
        assert max(times) - min(times) <= 0.5, f"{sid}: the bows are {max(times) - min(times):.1f} s apart"
        t = max(times)
        where = {m: _xy(ch, m, t) for m in bows}
        middle = (np.mean([p[0] for p in where.values()]), np.mean([p[1] for p in where.values()]))
        assert math.dist(middle, foot) <= AT_THE_STAIR, f"{sid}: they meet {math.dist(middle, foot):.1f} 尺 from the 階"
        assert max(where[m][0] for m in away) < min(where[m][0] for m in coming), f"{sid}: not left to left"
        assert abs(np.mean([where[m][1] for m in away]) - np.mean([where[m][1] for m in coming])) <= 1.5
        for m in away:
            assert abs((ch.pose_at(m, t).bearing % 360) - 180) < 30, f"{sid}: {m} does not face south"
        for m in coming:
            assert min(ch.pose_at(m, t).bearing % 360, 360 - ch.pose_at(m, t).bearing % 360) < 30, sid


def _first(ch, figure, t0, t1, near, within=0.2):
    """The first moment in [t0, t1] at which the figure is within ``within`` 尺 of ``near``."""
    return next((t for t in np.arange(t0, t1, 0.1) if math.dist(_xy(ch, figure, t), near) < within), None)


def _tread(ch, i):
    stair = ch.venue.landmark("西階")
    (fx, fy), (tx, ty) = stair.point, stair.top
    return (fx + (tx - fx) * i / stair.steps, fy + (ty - fy) * i / stair.steps)


# (the steps in which the pair goes up, then drinks; winner, loser)
ASCENTS = ((("s09", "d1c"), "上耦上射", "上耦下射"), (("d1e", "d2c"), "次耦上射", "次耦下射"),
           (("d4a", "d4c"), "眾賓1", "眾賓2"))


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_loser_follows_the_winner_up_one_step_behind_and_stands_beside_him(venue):
    """敖 「胜者升三等而不胜者从之」, 「同升而并立」〔001〕: the loser sets foot on the 階 before the winner is on the
    堂, and there they stand side by side, the winner a small step to the east (「先者少右」〔001〕). Under 鄭
    (「先升，尊賢也」〔000〕) the loser sets foot on it only when the winner is up."""
    for reading in READINGS:
        ch = drinking(venue, reading)
        top = ch.venue.landmark("西階上").point
        for (first, last), winner, loser in ASCENTS:
            t0, t1 = ch.step(first).t0, ch.step(last).t1
            w_up, l_on = _first(ch, winner, t0, t1, top), _first(ch, loser, t0, t1, _tread(ch, 1))
            l_up = _first(ch, loser, t0, t1, top)
            assert None not in (w_up, l_on, l_up), f"{reading} {first}"
            if reading == "ao":
                assert l_on < w_up, f"ao {first}: the loser waits {l_on - w_up:.1f} s for the winner to be up"
                w, lo = _xy(ch, winner, l_up), _xy(ch, loser, l_up)
                assert 1.5 <= w[0] - lo[0] <= 3.0 and abs(w[1] - lo[1]) <= 0.5, f"ao {first}: {w} and {lo}"
            else:
                assert l_on > w_up, f"zheng {first}: the loser is on the 階 before the winner is up"


DESCENTS = (("d1d", "上耦上射", "上耦下射"), ("d2d", "次耦上射", "次耦下射"), ("d3d", "下耦上射", "下耦下射"),
            ("d4d", "眾賓1", "眾賓2"), ("d5d", "眾賓3", "眾賓4"))


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_winner_follows_the_loser_down_one_step_behind_and_the_loser_steps_right(venue):
    """敖 「胜者从降亦中等不胜者若下射也则旣降而少右」〔001〕: the winner is on the top 等 before the loser is off the
    階, and the loser (a 下射) steps a little to his right (west) at its foot. Under 鄭 (「後升先降」〔000〕)
    the winner starts down when the loser is off the 階."""
    for reading in READINGS:
        ch = drinking(venue, reading)
        foot = ch.venue.landmark("西階").point
        for sid, winner, loser in DESCENTS:
            step = ch.step(sid)
            t0, t1 = step.t0, step.t1 + 10.0
            stair = ch.venue.landmark("西階")
            x0, _, x1, _ = stair.geometry.bounds
            top = _tread(ch, stair.steps)
            w_on = next(t for t in np.arange(t0, t1, 0.1)
                        if abs(_xy(ch, winner, t)[1] - top[1]) < 0.2 and x0 < _xy(ch, winner, t)[0] < x1)
            l_off = next(t for t in np.arange(t0, t1, 0.1) if _xy(ch, loser, t)[1] < foot[1] - 0.5)
            w_down = next(t for t in np.arange(w_on, t1, 0.1) if _xy(ch, winner, t)[1] < foot[1] - 0.5)
            if reading == "ao":
                assert w_on < l_off, f"ao {sid}: the winner waits {w_on - l_off:.1f} s for the loser to be off the 階"
                x, y = _xy(ch, loser, w_down)
                assert 1.5 <= foot[0] - x <= 2.5 and abs(y - foot[1]) <= 3.0, f"ao {sid}: the loser at ({x:.1f}, {y:.1f})"
            else:
                assert w_on > l_off, f"zheng {sid}: the two are on the 階 together"


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_cup_bearer_takes_the_cup_facing_north(venue):
    """敖 「取觯北靣奠之亦南靣」〔001〕: he takes the 觶 from below the 豐 facing north and sets it on the 豐 facing
    south; the 鄭 model has him take it from its west, facing east (鄭 says nothing of it)."""
    for reading, facing in (("zheng", 90.0), ("ao", 0.0)):
        steps = {"r1", "r2", "r4"}
        ch = drinking(venue, reading)
        takes, sets = _events(ch, "執爵者", "取", steps), _events(ch, "執爵者", "奠", steps)
        assert len(takes) == len(sets) == 3, f"{reading}: {len(takes)} 取, {len(sets)} 奠"
        for e in takes:
            assert abs((ch.pose_at("執爵者", e.t).bearing - facing + 180) % 360 - 180) < 1.0, f"{reading} {e.step}"
        for e in sets:
            assert abs(ch.pose_at("執爵者", e.t).bearing % 360 - 180) < 1.0, f"{reading} {e.step}"


def _handing(ch, step, drinker):
    """Where the 執爵者 stands as seen by the drinker (degrees right of the drinker's facing), and how far
    he faces away from the drinker, when he hands him the 觶."""
    e = _events(ch, "執爵者", "授", {step})[0]
    a, b = ch.pose_at(drinker, e.t), ch.pose_at("執爵者", e.t)
    seen = math.degrees(math.atan2(b.x - a.x, b.y - a.y))
    towards = math.degrees(math.atan2(a.x - b.x, a.y - b.y))
    return (seen - a.bearing + 180) % 360 - 180, (b.bearing - towards + 180) % 360 - 180


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_cup_is_handed_on_the_hosts_right_and_the_officers_left_obliquely(venue):
    """敖 「賔主人则于其右大夫则于其左皆邪乡之」〔001〕: the 執爵者 hands the 觶 at the 主人's right and at the 大夫's
    left, facing each obliquely; under 鄭 (「以授于席前」〔000〕) squarely in front of the mat. He faces the
    drinker in both."""
    for reading, expected in (("zheng", {"主人": 0.0, "大夫": 0.0}), ("ao", {"主人": 45.0, "大夫": -45.0})):
        ch = drinking(venue, reading)
        for step, drinker in (("s11", "主人"), ("s11b", "大夫")):
            seen, off = _handing(ch, step, drinker)
            assert abs(seen - expected[drinker]) < 10.0, f"{reading}: at {seen:.0f}° from the {drinker}'s facing"
            assert abs(off) < 10.0, f"{reading}: he faces {off:.0f}° away from the {drinker}"


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_officers_partner_goes_straight_to_the_west_hall_once_the_officer_has_drunk(venue):
    """敖 「不升立于射位也大夫旣饮则径适堂西而释弓与」〔001〕: the partner, who stayed at the 射位, is at the 堂西
    with his bow put down before the 眾賓 come to drink; under 鄭 he is still at the 射位 then."""
    for reading in READINGS:
        ch = drinking(venue, reading)
        t = ch.step("d4a").t0
        west_hall = ch.venue.landmark("堂西位").point  # the first place of the 堂西 rank (its east end)
        here = _xy(ch, "大夫之耦", t)
        bow_down = _events(ch, "大夫之耦", "釋弓", {"s13b"})
        if reading == "ao":
            assert bow_down and here[1] > west_hall[1] - 1.0, f"ao: 大夫之耦 at {here}"
        else:
            assert not bow_down and here[1] < west_hall[1] - 20.0, f"zheng: 大夫之耦 at {here}"


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_winners_also_take_off_thumb_ring_and_guard_at_the_west_hall(venue):
    """敖 「不胜者释弓而已胜者又説决拾而袭也经文省尔」〔001〕: at the 堂西 the winner takes off 決 and 拾 as well;
    the loser only puts down his bow. 鄭 adds nothing to 「釋弓，襲而俟」〔000〕."""
    for reading in READINGS:
        ch = drinking(venue, reading)
        for sid, winner, loser in (("d1f", "上耦上射", "上耦下射"), ("d5f", "眾賓3", "眾賓4")):
            assert bool(_events(ch, winner, "說決拾", {sid})) == (reading == "ao"), f"{reading} {sid}"
            assert not _events(ch, loser, "說決拾", {sid}), f"{reading} {sid}"


@pytest.mark.parametrize("venue", VENUES)
def test_ao_the_youth_who_set_the_stand_goes_back_to_the_west_hall(venue):
    """敖 「降反于堂西」〔001〕: the 弟子 who set the 豐 comes down and waits at the 堂西, where the 射器 are kept;
    the 鄭 model (鄭 says nothing) sends him back to the 弟子's place in the west of the court."""
    for reading in READINGS:
        ch = drinking(venue, reading)
        here = _xy(ch, "弟子2", ch.step("s02").t1)
        away = math.dist(here, ch.venue.landmark("堂西").point)
        assert (away <= 4.5) == (reading == "ao"), f"{reading}: the 弟子 ends {away:.1f} 尺 from the 堂西"


# -- the text's branches (--outcome): who drinks, and how --------------------------------------------
@cache
def drinking_if(venue, reading, option):
    return plan(parse_script(E09), venue=venue, reading=reading, options=(option,))


def _drinkers(ch):
    return {e.figure for e in ch.events if e.kind == "飲"}


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("venue", VENUES)
def test_by_default_the_lower_archers_the_host_and_the_officer_drink_and_the_partner_stays_below(venue, reading):
    """The right won (the bundled hits): every 下射 drinks, the 主人 and the 大夫 from their seats (「賓、主人、大夫不勝，
    則不執弓」〔000〕), and the 大夫's partner never goes up: 「大夫飲，則耦不升」〔000〕."""
    ch = drinking(venue, reading)
    assert _drinkers(ch) == {"上耦下射", "次耦下射", "下耦下射", "眾賓2", "眾賓4", "主人", "大夫"}
    assert max(s[2] for s in ch.tracks["大夫之耦"].samples) < ch.venue.landmark("西階").point[1]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("venue", VENUES)
def test_if_the_left_wins_the_upper_archers_drink_and_the_guest_from_his_seat(venue, reading):
    """--outcome left-wins (「若左勝」〔000〕): the 上射s drink; of the three on the 堂 only the 賓 (a 上射): the 觶
    is brought to him at his mat, he holds no bow (「賓、主人、大夫不勝，則不執弓，執爵者取觶，降洗，升實之，以授于席前」〔000〕),
    and he drinks at the head of the 西階 (「受觶，以[適]西階上，北面立飲」〔000〕); the 主人 and the 大夫 do not drink."""
    ch = drinking_if(venue, reading, "left-wins")
    assert _drinkers(ch) == {"上耦上射", "次耦上射", "下耦上射", "眾賓1", "眾賓3", "賓", "大夫之耦"}
    hand = _events(ch, "賓", "受", {"s11"})[0]
    assert math.dist(_xy(ch, "賓", hand.t), ch.venue.landmark("賓席").point) <= 0.5
    assert not _events(ch, "主人", "受", {"s11"}) and not _events(ch, "大夫", "受", {"s11", "s11b"})
    drink = _events(ch, "賓", "飲", {"s12"})[0]
    assert math.dist(_xy(ch, "賓", drink.t), ch.venue.landmark("西階上").point) <= 0.5
    assert abs(ch.pose_at("賓", drink.t).bearing % 360) < 1.0 or abs(ch.pose_at("賓", drink.t).bearing % 360 - 360) < 1.0
    assert not [e for e in ch.events if e.figure == "賓" and e.kind in ("執弓", "執弛弓")]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("venue", VENUES)
def test_if_the_left_wins_the_officers_partner_goes_up_alone_with_his_bow_unstrung(venue, reading):
    """「若大夫之耦不勝，則亦執弛弓，特升飲」〔000〕 (鄭 「尊者可以孤，無能對」〔000〕): the partner holds his bow unstrung,
    goes up the 西階 with nobody beside him and drinks below the 豐 where every loser drinks, while the 大夫 stays on his mat (敖 「言特升饮明大夫在席
    自若也」〔001〕)."""
    ch = drinking_if(venue, reading, "left-wins")
    assert _events(ch, "大夫之耦", "執弛弓", {"s06"})
    drink = _events(ch, "大夫之耦", "飲", {"t1"})[0]
    where = _xy(ch, "上耦上射", _events(ch, "上耦上射", "飲", {"d1c"})[0].t)
    assert math.dist(_xy(ch, "大夫之耦", drink.t), where) <= 0.5, "not where the losers drink, south of the 豐"
    t0, t1 = ch.step("t1").t0, ch.step("t2").t1
    x0, y0, x1, _ = ch.venue.landmark("西階").geometry.bounds
    for name, info in ch.figures.items():
        if info.kind != "person" or name == "大夫之耦":
            continue
        on = [t for t in np.arange(t0, t1, 0.5) if x0 <= _xy(ch, name, t)[0] <= x1 and y0 < _xy(ch, name, t)[1] < 0.0]
        assert not on, f"{name} is on the 西階 with the partner at t={on[0]:.1f}"
    seat = ch.venue.landmark("大夫席").point
    assert max(math.dist(_xy(ch, "大夫", t), seat) for t in np.arange(t0, t1, 0.5)) <= 0.5


@pytest.mark.parametrize("venue", VENUES)
def test_if_left_and_right_are_level_nobody_drinks_and_the_rite_goes_on_to_the_catcher(venue):
    """--outcome tie (「若左右鈞，則左右皆執一[算]以告」〔000〕): the 經 gives the forfeit cup only to 不勝者, and 敖 says so
    (「自命设丰以下皆言胜者饮不胜者之礼若左右钧则无此而即献获者与」〔001〕): no step of e.9, nobody drinks, and the
    獻獲者 (e.10) follows the count: of e.9 only the 司射 takes up his bow and 撲 again (which e.11 has him put
    down: 「司射[適]階西，釋弓矢，去撲」〔000〕)."""
    from tests.scripts.test_bundled import FULL

    ch = plan(parse_script(FULL), venue=venue, options=("tie",))
    e9 = [s for s in ch.steps if s.passage == "e.9"]
    assert [(s.id, s.figures) for s in e9] == [("e9.s05", ("司射",))]
    assert not [e for e in ch.events if e.kind == "飲" and e.step.startswith("e9.")]
    ids = [s.id for s in ch.steps]
    assert ch.steps[ids.index("e9.s05") + 1].passage == "e.10"
