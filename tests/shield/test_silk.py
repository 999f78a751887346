"""tests/shield/test_silk.py - the silkscreen as a board house reads it (tests/shield/silk.py)
on the committed PCB, and each check failing on a planted copy: a silk line at 0.10 mm,
J1's stock silk back (the Uno's outline, off the board), LED4's R back against Q2's S,
a K turned with its diode."""
import os

import pcbnew
import pytest

from tests.shield import silk

PCB = os.path.join("schematics", "ttt-shield.kicad_pcb")
STOCK_UNO = ("schematics/lib/footprints/Module.pretty", "Arduino_UNO_R3_WithMountingHoles")


@pytest.fixture
def board():
    return pcbnew.LoadBoard(PCB)


def footprint(board, ref):
    return next(fp for fp in board.GetFootprints() if fp.GetReference() == ref)


@pytest.mark.parametrize("name", sorted(silk.CHECKS))
def test_committed_board_passes(board, name):
    assert silk.CHECKS[name](board) == []


def test_letters_gap_figure(board):
    assert silk.smallest_letter_gap(board) >= silk.MIN_LETTER_GAP


def test_planted_thin_line(board):
    line = next(g for g in footprint(board, "SW5").GraphicalItems()
                if g.GetLayer() == pcbnew.F_SilkS and isinstance(g, pcbnew.PCB_SHAPE))
    line.SetWidth(int(0.10 * silk.NM))
    found = silk.thin_lines(board)
    assert len(found) == 1 and "SW5" in found[0] and "0.100 mm" in found[0]


def test_planted_j1_stock_silk(board):
    """The stock Uno footprint placed where J1 is (flipped to the bottom, as pcb.py does):
    its silk lines draw the Uno's board and jacks, partly off the shield."""
    j1 = footprint(board, "J1")
    stock = pcbnew.FootprintLoad(*STOCK_UNO)
    stock.SetReference("J1")
    stock.Reference().SetVisible(False)
    board.Add(stock)
    stock.SetPosition(j1.GetPosition())
    stock.Flip(stock.GetPosition(), pcbnew.FLIP_DIRECTION_TOP_BOTTOM)
    found = silk.outside_board(board)
    assert found and all(f.startswith("J1:") and "B.Silkscreen" in f for f in found)


def test_planted_crowded_letters(board):
    """LED4's R where r2 had it (0.6 mm lower): against Q2's S."""
    r = next(d for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT)
             and d.GetLayer() == pcbnew.F_SilkS and d.GetText() == "R"
             and abs(d.GetPosition().x - footprint(board, "LED4").GetPosition().x
                     + int(1.9 * silk.NM)) < 1000
             and abs(d.GetPosition().y - footprint(board, "LED4").GetPosition().y
                     + int(0.6 * silk.NM)) < 1000)
    r.Move(pcbnew.VECTOR2I(0, int(0.6 * silk.NM)))
    found = silk.letters_crowded(board)
    assert any("letter S" in f and "'R'" in f for f in found), found


def test_planted_turned_letter(board):
    k = next(g for g in footprint(board, "D1").GraphicalItems()
             if isinstance(g, pcbnew.PCB_TEXT) and g.GetLayer() == pcbnew.F_SilkS)
    k.SetTextAngleDegrees(90)
    assert any("D1: letter K turned 90" in f for f in silk.letters_crowded(board))
