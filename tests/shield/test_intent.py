"""tests/shield/test_intent.py - the circuit's intent (check_intent.py) on KiCad's netlist of
the committed schematic: the round trip against gen/circuit.py, no shorted two-terminal
part, no overlapping schematic texts, the case's caps on the keys clear of the parts and
the LEDs; and a netlist with a planted short (R7's two pins on one net) caught by the
shorts check. The planted records of planted.txt (test-kicad-planted) plant the rest in
the generators."""
import os
import subprocess

import pytest

from tests.shield import check_intent

SCH = os.path.join("schematics", "ttt-shield.kicad_sch")
PARTS = os.path.join("schematics", "parts.json")


@pytest.fixture(scope="module")
def netlist(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("intent") / "ttt-shield.net")
    subprocess.run(["kicad-cli", "sch", "export", "netlist", "--format", "kicadsexpr", "-o", out,
                    SCH], check=True, capture_output=True)
    return out


def test_roundtrip(netlist):
    assert check_intent.roundtrip(netlist) == 0


def test_no_shorted_part(netlist):
    assert check_intent.shorts(netlist) == 0


def test_sounder_behind_a_resistor_on_oc2a(netlist):
    assert check_intent.sounder(netlist) == 0


def test_planted_sounder_mistakes_are_caught(netlist):
    """The piezo straight on D11 (no series resistor), and the resistor on a pin the
    shield already uses (D8's LED_ROW0), each fail; the unplanted nets pass."""
    from schematics.gen import schematic
    d11 = schematic.uno_pins()["D11"][0]
    nets, pins = check_intent.read_netlist(netlist)
    assert check_intent.sounder_fails(nets, pins, d11) == []
    drive = next(n for n, m in nets.items() if ("BZ1", "1") in m)
    bare = {n: set(m) for n, m in nets.items()}
    bare[drive].discard(("BZ1", "1"))
    bare["/SOUND"].add(("BZ1", "1"))
    assert "not one series resistor" in check_intent.sounder_fails(bare, pins, d11)[0]
    used = {n: set(m) for n, m in nets.items()}
    used["/SOUND"].discard(("R13", "2"))
    used["/LED_ROW0"].add(("R13", "2"))
    assert "not the Uno's D11" in check_intent.sounder_fails(used, pins, d11)[0]


def test_piezo_either_way_round(netlist):
    """The PS1240 has no electrical polarity: BZ1 turned round (pin 2 on the drive, pin 1
    on GND) passes; a piezo with no pin on GND (both on the drive net) fails."""
    from schematics.gen import schematic
    d11 = schematic.uno_pins()["D11"][0]
    nets, pins = check_intent.read_netlist(netlist)
    drive = next(n for n, m in nets.items() if ("BZ1", "1") in m)
    turned = {n: set(m) for n, m in nets.items()}
    turned[drive] ^= {("BZ1", "1"), ("BZ1", "2")}
    turned["GND"] ^= {("BZ1", "1"), ("BZ1", "2")}
    assert check_intent.sounder_fails(turned, pins, d11) == []
    floating = {n: set(m) for n, m in nets.items()}
    floating["GND"].discard(("BZ1", "2"))
    floating[drive].add(("BZ1", "2"))
    assert "0 pins on GND" in check_intent.sounder_fails(floating, pins, d11)[0]


def test_schematic_texts_apart():
    assert check_intent.schtext(SCH) == 0


def test_caps_on_the_keys_clear_the_parts():
    assert check_intent.lid(PARTS) == 0


def write_netlist(path, nets):
    """A netlist in KiCad's form with only the nets, as read_netlist() reads it."""
    body = " ".join('(net (name "%s") %s)' % (name, " ".join(
        '(node (ref "%s") (pin "%s"))' % m for m in sorted(members)))
        for name, members in sorted(nets.items()))
    path.write_text("(export (nets %s))" % body)


def test_planted_short_is_caught(netlist, tmp_path):
    """R7's pin 2 moved from the gate's net onto its pin 1's row net (r1's gate-resistor
    bug); the unplanted copy written the same way passes."""
    nets, _pins = check_intent.read_netlist(netlist)
    write_netlist(tmp_path / "same.net", nets)
    assert check_intent.shorts(str(tmp_path / "same.net")) == 0
    row = next(name for name, members in nets.items() if ("R7", "1") in members)
    gate = next(name for name, members in nets.items() if ("R7", "2") in members)
    nets[gate].discard(("R7", "2"))
    nets[row].add(("R7", "2"))
    write_netlist(tmp_path / "planted.net", nets)
    assert check_intent.shorts(str(tmp_path / "planted.net")) == 1
