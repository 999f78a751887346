"""tests/shield/test_kicad.py - KiCad's own checkers (check_kicad.py) on the committed design:
ERC with every severity, DRC with schematic parity and the project's rules; each wants
no finding at all. make runs them with KiCad's stock library folders pointed at an empty
one (KICAD9_*_DIR), so a reach for the installed libraries fails them."""
import os

from tests.shield import check_kicad

SCH = os.path.join("schematics", "ttt-shield.kicad_sch")
PCB = os.path.join("schematics", "ttt-shield.kicad_pcb")


def test_erc():
    assert check_kicad.erc(SCH) == 0


def test_drc():
    assert check_kicad.drc(PCB) == 0
