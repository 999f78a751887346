"""tests/variants/test_variants.py - the firmware's answers on every state of misère and
fading marks (tests/variants/variants_export.c, run by `make test-variants`) against the
independent reference (tests/variants/reference.py): the same states, and on each the
same documented move, the same set of perfect moves and the same outcome. The reference
is checked against what is known of the games, and the comparison against a planted
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
    diff = differences(answers(read("fading"), 3), answers(fading, 3))
    assert not diff, "%d states differ, e.g. %s" % (len(diff), diff[:3])


def test_the_comparison_catches_a_planted_difference(misere):
    planted = list(misere)
    planted[100] = planted[100].rsplit(" ", 1)[0] + " W99"  # a wrong outcome
    del planted[200]  # a missing board
    diff = differences(answers(planted, 1), answers(misere, 1))
    assert len(diff) == 2
    assert any("W99" in d for d in diff) and any("firmware None" in d for d in diff)
