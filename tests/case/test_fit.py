"""tests/case/test_fit.py - the case's fits (case/fit.py) hold, and each check catches its
planted mistake: an M3 head at the header hole, a part outside its tolerance, a cap
without play, a cap that bottoms before the switch actuates, tabs that do not hold or
that touch the next cap; sound holes off the piezo, crowded, too small or a lid on it."""
import copy
import os

import pytest

from case import caselib, fit, legend
from tests.case.common import ROOT, board, design, failing, lay, uno


def test_every_fit_holds():
    bad = [f.msg for f in fit.all_findings(board(), uno(), lay()) if not f.ok]
    assert bad == []


def test_every_screw_head_and_standoff_is_checked():
    found = fit.uno_clearances(uno(), lay())
    assert len(found) == 2 * len(uno()["mounting_holes_mm"])
    assert min(f.value for f in found) >= caselib.REQUIRE["uno_clearance"]


def test_m3_head_at_the_header_hole_is_caught():
    kinds = list(caselib.HOLE_FIXING)
    kinds[1] = "M3"        # the hole at (15.24, 50.80), beside the SCL/A5 pin
    bad = failing(fit.uno_clearances(uno(), lay(), kinds), "uno clearance")
    assert any("screw head" in f.msg and "D8-SCL" in f.msg and "(15.24, 50.80)" in f.msg
               for f in bad)


def test_m3_head_by_the_dc_jack_is_caught():
    bad = failing(fit.uno_clearances(uno(), lay(), ["M3", "peg", "M3", "M3"]), "uno clearance")
    assert any("DC jack body" in f.msg for f in bad)


def test_a_part_beyond_its_tolerance_is_caught():
    # Nominally clear (0.61 mm), but a DC jack that may sit 0.5 mm off is not.
    loose = copy.deepcopy(uno())
    [dc] = [c for c in loose["connectors"] if c["name"] == "DC"]
    dc["tol_mm"] = 0.5
    bad = failing(fit.uno_clearances(loose, lay()), "uno clearance")
    assert any("DC jack" in f.msg for f in bad)


def test_cap_without_play_is_caught():
    bad = failing(fit.cap_guide(lay(), design(cap_play=0.0)), "guide play")
    assert bad and "0.00 mm of play" in bad[0].msg


def test_cap_with_too_much_play_is_caught():
    assert failing(fit.cap_guide(lay(), design(cap_play=0.7)), "guide play")


def test_cap_that_bottoms_before_actuation_is_caught():
    # The cap's top 0.2 mm above the lid: a finger meets the lid before the switch acts.
    d = design(cap_protrusion=0.2)
    bad = failing(fit.cap_travel(board(), lay(), d), "travel")
    assert bad and "finger" in bad[0].msg


def test_cap_on_the_led_dome_is_caught():
    d = design(cap_post_len=-0.7)   # the underside 0.2 mm over the dome at rest
    found = fit.cap_travel(board(), lay(), d)
    assert failing(found, "travel") and "LED" in failing(found, "travel")[0].msg
    assert failing(found, "LED clearance")


def test_preloaded_cap_is_caught():
    assert failing(fit.cap_travel(board(), lay(), design(cap_lift=0.8)), "no preload")


def test_short_tabs_are_caught():
    assert failing(fit.cap_guide(lay(), design(cap_tab_w=0.8)), "flange retention")


def test_tabs_into_the_next_cap_are_caught():
    assert failing(fit.cap_guide(lay(), design(cap_tab_w=1.8)), "neighbour clearance")


def test_small_caps_are_caught():
    assert failing(fit.cap_guide(lay(), design(cap_size=11.0)), "cap size")


def test_caps_cover_leds_and_press_plungers():
    found = fit.cap_cover(board(), lay())
    assert len(found) == 18 and all(f.ok for f in found)


@pytest.mark.parametrize("key", ["z_lid_under", "z_lid_top", "z_cap_top"])
def test_cap_stack_rises(key):
    s = caselib.cap_stack(lay()["z_act"])
    assert s["z_act"] < s["z_cap_under"] < s["z_lid_under"] < s["z_lid_top"] < s["z_cap_top"]
    assert s[key] == pytest.approx(lay()[key])


def test_a_tight_printed_hole_is_caught():
    bad = failing(fit.printed_holes(uno(), design(screw_clear_d=3.4)), "printed hole")
    assert bad and "M3 shank" in bad[0].msg


def test_lid_too_low_is_caught():
    low = dict(lay())
    low["z_lid_under"] = low["z_parts"] + 0.5
    assert failing(fit.lid_clearance(low), "lid clearance")


def test_the_readme_quotes_the_design():
    """case/README.md's figures are the design's (a changed DESIGN must change the text)."""
    with open(os.path.join(ROOT, "case", "README.md")) as f:
        text = " ".join(f.read().split())
    D = caselib.DESIGN
    quotes = ["%g x %g mm block" % (D["cap_size"], D["cap_size"]),
              "%g mm post" % D["cap_post_d"], "%g mm of play" % D["cap_play"],
              "tabs %g mm under the lid" % D["cap_lift"], "%g mm lip" % D["lip_t"],
              "webs between the caps are %.1f mm" % fit.cap_guide(lay())[2].value,
              "text %.2f mm high" % legend.text_height_mm(),
              "six of %g mm on a %g mm circle" % (D["sound_ring_d"], D["sound_ring_r"]),
              "(%.2f and %.2f mm)" % fit._hole_webs(lay()["sound_holes"], lay(), lay()["opening"]),
              "%.2f mm inside its rim" % fit.sound_opening(board(), uno(), lay())[0].value]
    assert [q for q in quotes if q not in text] == []


def test_sound_opening_over_the_sounder():
    found = fit.sound_opening(board(), uno(), lay())
    checks = ["sound over sounder", "sound web", "sound hole size", "sound air gap"]
    assert [f.check for f in found] == checks
    assert all(f.ok for f in found)
    assert len(lay()["sound_holes"]) == 1 + caselib.DESIGN["sound_ring_n"]


@pytest.mark.parametrize("change,check", [
    ({"sound_ring_r": 5.2}, "sound over sounder"),    # holes beyond the piezo's rim
    ({"sound_ring_r": 4.4}, "sound web"),             # into cell 1's cap opening
    ({"sound_ring_r": 2.2}, "sound web"),             # holes all but touching
    ({"sound_ring_d": 1.2}, "sound hole size"),       # too small to print open
])
def test_a_bad_sound_opening_is_caught(change, check):
    assert failing(fit.sound_opening(board(), uno(), lay(), design(**change)), check)


def test_a_lid_on_the_sounder_is_caught():
    low = dict(lay())
    low["z_lid_under"] = low["z_shield_top"] + 6.5 + 0.5
    assert failing(fit.sound_opening(board(), uno(), low), "sound air gap")


def test_no_sounder_no_opening():
    """r2's board (no piezo): no sound holes and no sound findings."""
    mute = dict(board())
    mute["parts"] = [dict(p, sounder=None) for p in board()["parts"]]
    assert caselib.sound_holes(mute) == []
    assert fit.sound_opening(mute, uno(), lay()) == []
