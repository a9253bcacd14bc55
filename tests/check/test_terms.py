from choreo.check import check_report
from choreo.check.terms import find_terms
from stage.loader import load_venue
from tests.check.conftest import make_choreo, step

TEXT = "司馬出于下射之南，還其後，降自西階，反由司射之南，[適]堂西，釋弓，襲，反位，立于司射之南"


def test_terms_are_found_once_each_longest_first():
    assert [t.term for t in find_terms(TEXT)] == ["出于下射之南", "還其後", "降", "由司射之南", "適", "反位"]
    assert [t.term for t in find_terms("西南面立于物間")] == ["西南面"]
    assert [t.term for t in find_terms("降，出于其位南，[適]堂西")] == ["降", "出于其位南", "適"]
    assert [t.term for t in find_terms("上射先升三等，下射從之，中等")] == ["升三等", "中等"]
    both = "豫則鉤楹內，堂則由楹外。當左物，北面揖。"
    assert [t.term for t in find_terms(both, load_venue("xie"))] == ["鉤楹內", "北面", "揖"]
    assert [t.term for t in find_terms(both, load_venue("xiang"))] == ["由楹外", "北面", "揖"]
    assert [t.term for t in find_terms("南面揖，揖如升射。")] == ["南面", "揖", "揖"]


def _gaps(verbs, assertions=()):
    tracks = {"司馬": [[0, 0, 0, 0]], "下射": [[0, 5, 5, 0]], "司射": [[0, -5, -5, 0]]}
    ch = make_choreo(tracks, steps=[step("s1", 0, 1, TEXT, ["司馬"], verbs, assertions)])
    rep = check_report(ch, collisions=False, constraints=False)
    return [v.measured["term"] for v in rep.by_rule("conformance")]


def test_unenacted_terms_are_listed_and_realised_ones_are_not():
    assert _gaps([]) == ["出于下射之南", "還其後", "降", "由司射之南", "適", "反位"]
    verbs = [("司馬", "出于下射之南"), ("司馬", "降"), ("司馬", "適"), ("司馬", "反位")]
    assertions = [("around", {"figure": "司馬", "target": "下射", "turn": "ccw"}),
                  ("passes_south_of", {"figure": "司馬", "target": "司射"})]
    assert _gaps(verbs, assertions) == []
    # an assertion on the wrong place does not realise 由司射之南
    wrong = [("around", {"figure": "司馬", "target": "下射", "turn": "ccw"}),
             ("passes_south_of", {"figure": "司馬", "target": "下射"})]
    assert _gaps(verbs, wrong) == ["由司射之南"]
