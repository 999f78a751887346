"""tests/variants/test_variants.py - the firmware's answers on every state of misère and
fading marks (tests/variants/variants_export.c, run by `make test-variants`) against the
independent reference (tests/variants/reference.py): the same states, and on each the
same outcome; misère's the same documented move and the same set of perfect moves;
fading's one move (its table stores one: firmware/engine/README.md, "The fading table")
one of the reference's perfect moves, and its set that move alone. The reference is
checked against what is known of the games, and each comparison against a planted
difference. The files come from VARIANTS_DIR (make sets it), else build/variants."""
import os

import pytest

from tests.variants import reference

DIR = os.environ.get("VARIANTS_DIR", "build/variants")


def answers(lines, fields):
    """{state: answer}: the first `fields` words name the state, the rest answer."""
    table = {}
    for line in lines:
        words = line.split()
        table[" ".join(words[:fields])] = " ".join(words[fields:])
    return table


def differences(firmware, want):
    """Every state where the two disagree, or that one of them lacks."""
    keys = set(firmware) | set(want)
    return sorted("%s: firmware %s, reference %s" % (k, firmware.get(k), want.get(k))
                  for k in keys if firmware.get(k) != want.get(k))


def fading_differences(firmware, want):
    """Every state where the firmware's fading answer is not one perfect move of the
    reference's with the reference's outcome, or that one of them lacks."""
    wrong = []
    for k in sorted(set(firmware) | set(want)):
        if k not in firmware or k not in want:
            wrong.append("%s: firmware %s, reference %s" % (k, firmware.get(k), want.get(k)))
            continue
        move, best, out = firmware[k].split()
        ref_move, ref_best, ref_out = want[k].split()
        one = "- 000" if move == "-" else "%d %03x" % (int(move), 1 << int(move))
        perfect = move == ref_move if move == "-" else int(ref_best, 16) >> int(move) & 1
        if out != ref_out or "%s %s" % (move, best) != one or not perfect:
            wrong.append("%s: firmware %s, reference %s" % (k, firmware[k], want[k]))
    return wrong


def read(name):
    path = os.path.join(DIR, "firmware_%s.txt" % name)
    if not os.path.exists(path):
        pytest.fail("%s is not built (make test-variants builds it)" % path)
    with open(path) as f:
        return f.read().splitlines()


@pytest.fixture(scope="module")
def misere():
    return reference.misere_lines()


@pytest.fixture(scope="module")
def fading():
    return reference.fading_lines()


def test_reference_misere_knows_the_classic_results(misere):
    table = answers(misere, 1)
    assert len(table) == 5478  # the boards of a game, as in the normal game
    # Misère is a draw, and only the centre keeps it: every other first mark loses.
    assert table["........."] == "4 010 D9"
    for cell in range(9):
        first = "." * cell + "x" + "." * (8 - cell)
        assert table[first].endswith("D8") == (cell == 4)
    # A forced loss: O to move, each empty cell completes a line of O (3-4-5, 1-4-7).
    assert table["xoxoo.x.x"] == "5 0a0 L1"


def test_reference_fading_rule_and_counts(fading):
    table = answers(fading, 3)
    assert len(table) == 128170
    assert sum(1 for a in table.values() if not a.startswith("- ")) == 116074
    images = set()  # the unfinished states up to the 8 symmetries
    for state, answer in table.items():
        mover, xq, oq = state.split()
        if not answer.startswith("- "):
            images.add(min((mover, tuple(reference.cell_of(k, int(c)) for c in xq.strip("-")),
                            tuple(reference.cell_of(k, int(c)) for c in oq.strip("-")))
                           for k in range(8)))
    assert len(images) == 14518
    # The rule: X 0 (oldest), 1, 5 playing 2 loses its 0 first, so 0-1-2 is no line,
    # and cell 0 was no choice (marked when chosen).
    moves = dict(reference.fading_moves(("x", (0, 1, 5), (3, 4, 8))))
    assert 0 not in moves and moves[2] == ("o", (1, 5, 2), (3, 4, 8))
    assert not reference.fading_over(moves[2])
    assert reference.fading_over(dict(reference.fading_moves(("x", (5, 0, 1), (3, 4, 8))))[2])


def test_firmware_agrees_on_misere(misere):
    diff = differences(answers(read("misere"), 1), answers(misere, 1))
    assert not diff, "%d boards differ, e.g. %s" % (len(diff), diff[:3])


def test_firmware_agrees_on_fading(fading):
    diff = fading_differences(answers(read("fading"), 3), answers(fading, 3))
    assert not diff, "%d states differ, e.g. %s" % (len(diff), diff[:3])


def test_the_comparison_catches_a_planted_difference(misere):
    planted = list(misere)
    planted[100] = planted[100].rsplit(" ", 1)[0] + " W99"  # a wrong outcome
    del planted[200]  # a missing board
    diff = differences(answers(planted, 1), answers(misere, 1))
    assert len(diff) == 2
    assert any("W99" in d for d in diff) and any("firmware None" in d for d in diff)


def one_move(line, cell=None):
    """A reference line as the firmware answers: its lowest perfect move (or `cell`) and
    that move alone as the set."""
    words = line.split()
    if words[3] == "-":
        return line
    move = words[3] if cell is None else str(cell)
    return " ".join(words[:3] + [move, "%03x" % (1 << int(move)), words[5]])


def test_the_fading_comparison_catches_a_move_not_perfect(fading):
    planted = [one_move(line) for line in fading]
    assert not fading_differences(answers(planted, 3), answers(fading, 3))
    wrong, whole = None, None  # a legal move outside the set; a set of several moves
    for k, line in enumerate(fading):
        words = line.split()
        if words[3] == "-":
            continue
        best = int(words[4], 16)
        empty = [c for c in range(9) if str(c) not in words[1] + words[2]]
        outside = [c for c in empty if not best >> c & 1]
        if wrong is None and outside:
            wrong, planted[k] = " ".join(words[:3]), one_move(line, outside[0])
        elif whole is None and bin(best).count("1") > 1:
            whole, planted[k] = " ".join(words[:3]), line  # the reference's own set
    diff = fading_differences(answers(planted, 3), answers(fading, 3))
    assert [d.split(":")[0] for d in diff] == sorted([wrong, whole])
