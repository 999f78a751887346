"""tests/shield/test_silk.py - the silkscreen as a board house reads it (tests/shield/silk.py)
on the committed PCB, and each check failing on a planted copy: a silk line at 0.10 mm,
J1's stock silk back (the Uno's outline, off the board), Q2's S back against LED4's R,
r3's LED7 R under Q1's D (silk-owner), a K turned with its diode."""
import os

import pcbnew
import pytest

from schematics.gen import placement
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


def board_letter(board, word, ref, dx, dy):
    """The board's silk text word at (dx, dy) mm from ref's footprint origin (placement's
    offsets, KiCad y down)."""
    fp = footprint(board, ref)
    return next(d for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT)
                and d.GetLayer() == pcbnew.F_SilkS and d.GetText() == word
                and abs(d.GetPosition().x - fp.GetPosition().x - int(dx * silk.NM)) < 1000
                and abs(d.GetPosition().y - fp.GetPosition().y - int(dy * silk.NM)) < 1000)


def move_to(text, fp, dx, dy):
    text.SetPosition(pcbnew.VECTOR2I(fp.GetPosition().x + int(dx * silk.NM),
                                     fp.GetPosition().y + int(dy * silk.NM)))


def q_letter(board, ref, word):
    dx, dy = placement.Q_LETTERS[word]
    return board_letter(board, word, ref, dx, -dy)


def test_planted_crowded_letters(board):
    """Q2's S back where r3 had it, right of its pads: against LED4's R."""
    move_to(q_letter(board, "Q2", "S"), footprint(board, "Q2"), 2.4, -0.43)
    found = silk.letters_crowded(board)
    assert any(("letter S" in f and "'R'" in f) or ("letter R" in f and "'S'" in f)
               for f in found), found


def test_planted_letter_astray(board):
    """r3's LED7 R, 2.6 mm under its pad, and Q1's D right of Q1's pads: the R reads as
    Q1's (silk-owner); every letter of the committed board reads as its own part's."""
    assert silk.letters_astray(board) == []
    move_to(board_letter(board, "R", "LED7", -1.9, 0), footprint(board, "LED7"), -1.9, 2.6)
    move_to(q_letter(board, "Q1", "D"), footprint(board, "Q1"), 2.4, 2.97)
    found = silk.letters_astray(board)
    assert any(f.startswith("LED7's R") and "Q1's 'D'" in f for f in found), found


def test_planted_turned_letter(board):
    k = next(g for g in footprint(board, "D1").GraphicalItems()
             if isinstance(g, pcbnew.PCB_TEXT) and g.GetLayer() == pcbnew.F_SilkS)
    k.SetTextAngleDegrees(90)
    assert any("D1: letter K turned 90" in f for f in silk.letters_crowded(board))
