"""tests/shield/test_spice_sound.py - the ISP margin search of spice_sound.py on stand-in
verdicts (no ngspice): it finds the limit wherever it lies, below R_PROG's upper end
too, and says so when even the lower end fails. r3's search started at 330 R and so
printed "up to 330 R" or more even when 330 R failed (the planted case below)."""
from tests.shield import spice_sound


def test_limit_above_the_upper_end():
    assert 540 <= spice_sound.isp_limit(lambda r: r <= 550) <= 550


def test_limit_below_the_upper_end():
    """330 R fails, 200 R passes: r3's search reported 330 R or more here."""
    limit = spice_sound.isp_limit(lambda r: r <= 200)
    assert 190 <= limit <= 200
    assert "up to 2" in spice_sound.isp_limit_line(4.5, limit)


def test_even_the_lower_end_fails():
    assert spice_sound.isp_limit(lambda r: r <= 20) is None
    line = spice_sound.isp_limit_line(4.5, None)
    assert "even a programmer of 25 R fails" in line and "up to" not in line


def test_limit_capped_at_the_top():
    assert spice_sound.isp_limit(lambda r: True) == 20 * spice_sound.R_PROG[-1]
