"""tests/case/test_keys.py - a finger on a cap (case/keys.py): the model against hand
figures, the key as designed within its goals at every press point, and the planted r1
key (its actuator 4 mm off the cap's centre, guided by nothing but the lid's 2 mm plate)
caught: it tilts, takes more force at the LED's end and jams."""
import math

import pytest

from case import caselib, fit, keys
from tests.case.common import board, failing, lay

R = caselib.REQUIRE


def presses(layout=None, **kw):
    return fit.key_presses(board(), layout or lay(), **kw)


def test_the_bracket_is_the_friction_formula():
    """F/R = 1 / (1 - 2 mu e / (L + mu (p_t + p_b))): at the centre of cell 5, by hand."""
    res = {(c, p): r for c, p, r in presses()}
    r = res[(5, "centre")]
    e = lay()["caps"][4][1] - board()["switches"][5]["xy"][1]
    assert r["L"] == pytest.approx(lay()["z_lid_top"] - lay()["z_tube_base"])
    # the top contact at the head's +y edge, the bottom at a side wall's -y end
    p_t = e + caselib.DESIGN["cap_size"] / 2
    p_b = e - caselib.DESIGN["cap_body"] / 2
    mu = R["friction"]
    assert r["force"] == pytest.approx(1 / (1 - 2 * mu * e / (r["L"] + mu * (p_t + p_b))),
                                       rel=1e-3)
    assert r["tilt_deg"] == pytest.approx(math.degrees(math.atan(0.6 / r["L"])), abs=0.01)


def test_no_friction_no_extra_force():
    assert all(r["ratio"] == pytest.approx(1.0) for _, _, r in presses(mu=0.0))


def test_every_press_point_within_the_goals():
    res = presses()
    assert len(res) == 9 * 6
    assert max(r["tilt_deg"] for _, _, r in res) <= R["tilt_deg"]
    assert max(r["ratio"] for _, _, r in res) <= R["force_ratio"]
    assert not any(r["jams"] for _, _, r in res)
    assert min(r["margin"] for _, _, r in res) >= 0
    assert all(f.ok for f in fit.key_press(board(), lay(), presses=res))


def test_the_r1_key_is_caught():
    """The actuator 4 mm off the cap's centre, guided by the lid's plate alone (no cells):
    the planted mistake tilts past the goal, jams and takes more than 1.3 times the force."""
    r1 = dict(lay(), tube_walls=[], corners=[])
    res = presses(r1)
    assert max(r["tilt_deg"] for _, _, r in res) > 10
    assert any(r["jams"] for c, p, r in res if p == "LED end")
    found = fit.key_press(board(), r1, presses=res)
    for check in ("key tilt", "key force", "key jam"):
        assert failing(found, check), check


def test_the_press_points():
    names = [n for n, _ in keys.press_points(caselib.DESIGN, (0.0, 1.0))]
    assert names == ["centre", "corner +x+y", "corner -x+y", "corner -x-y", "corner +x-y",
                     "LED end"]
    pts = dict(keys.press_points(caselib.DESIGN, (0.0, 1.0)))
    assert pts["LED end"] == (0.0, caselib.DESIGN["cap_size"] / 2)


def test_a_short_guide_is_caught():
    # the lid 6 mm lower: the cells' guide 13.5 mm long
    d = dict(caselib.DESIGN, lid_over_plunger=caselib.DESIGN["lid_over_plunger"] - 6)
    short = caselib.layout(board(), caselib.load_uno(), d)
    found = fit.key_press(board(), short, d)
    assert failing(found, "key tilt") and failing(found, "key force")
