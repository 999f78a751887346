"""tests/shield/test_spice_proofs.py - the LED proofs' verdicts and the brightness figures
on stand-in values (no ngspice): the model's fit to parts.json, the VCC pin's sum and the
die rating, each failing on a planted value; brightness.py's arithmetic."""
import pytest

from tests.shield import brightness, spice_proofs

DIES = {"R": {"name": "red", "iv_mcd": [400, 700], "vf_v": [1.8, 2.4], "test_ma": 20,
              "max_dc_ma": 20, "design_ma": 13.4},
        "G": {"name": "green", "iv_mcd": [8000, 14000], "vf_v": [2.8, 3.4], "test_ma": 20,
              "max_dc_ma": 20, "design_ma": 0.35}}


def acc():
    return {"fails": [], "dies": DIES, "fit": {}, "worst_vcc": 0.0,
            "worst_die": {"R": 0.0, "G": 0.0}, "worst_pin": (0.0, ""), "per": {},
            "worst_port": {g: (0.0, "") for g in spice_proofs.PORT_GROUPS}}


def test_fit_in_the_middle_passes():
    a = acc()
    spice_proofs.fit_result(a, {"vf R": 2.105, "vf G": 3.095})
    assert a["fails"] == []


def test_planted_fit_off_the_middle():
    """A model card fitted to the old part's 2.0 V red: caught."""
    a = acc()
    spice_proofs.fit_result(a, {"vf R": 2.0, "vf G": 3.1})
    assert len(a["fails"]) == 1 and "red V_F" in a["fails"][0][1]


def test_planted_vcc_over_200_ma():
    """Six pins at 32 mA each and the core: 206 mA through VCC, over 200 mA (and each pin's
    20 mA rating)."""
    a = acc()
    pins = {"pin PD%d" % k: -32e-3 for k in range(2, 8)}
    spice_proofs.led_pins(a, "planted", pins)
    assert any("VCC" in m for _p, m in a["fails"])
    a = acc()
    spice_proofs.led_pins(a, "one red column", {"pin PD2": -17e-3})
    assert a["fails"] == [] and a["worst_vcc"] == pytest.approx(31e-3)


def test_planted_die_over_its_rating():
    a = acc()
    tag = ("led", "high", 0, "R", 1)
    spice_proofs.led_dies(a, "planted", tag, {"die XLED1 R": 21e-3, "die XLED1 G": 0.0})
    assert any("rating" in m for _p, m in a["fails"])


def test_brightness_arithmetic():
    shares = {"full": 125 / 375, "medium": 32 / 375, "night": 8 / 375}
    out = dict(brightness.figures(DIES, {"R": 13.3e-3, "G": 0.35e-3}, shares,
                                  ["full", "medium", "night"]))
    assert out["led_red_mcd_full"] == pytest.approx(13.3 * 550 / 20 / 3)
    assert out["led_green_mcd_night"] == pytest.approx(0.35 * 11000 / 20 * 8 / 375)
    assert out["led_red_mcd_full_min"] == pytest.approx(13.3 * 400 / 20 / 3)
