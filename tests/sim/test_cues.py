"""tests/sim/test_cues.py - the colour-blind display read from the LED duty cycles of the
real firmware in simavr (build/sim/ttt-sim --stdio, its `duty` command: per die the
share of time on while lit, the share of time lit, the blink period). With the
colour-blind display on, every pair of states a player must tell apart differs in
brightness (the on-share: dark, dimmed, pulsing between the two, full) or in time
pattern (steady or blinking), whatever the hue: X and O, O and an empty cell, the
analysis' win, draw and loss (and a mark, dark there), the menu's mode in force and
not, a chosen cell and the others, each value of its level, sound and brightness cells
while chosen (on the other eight), and the level's first step against close, a hint and
the marks, the winning line and the other marks, the statistics' two pictures (bar,
frame, a dark column), fading's marks that vanish (a wink: unlike every blink) and the
other marks. The planted case: with the display off, X and O
(red and green at one brightness) must be caught as told apart by hue alone.

run by `make test-sim-cues` (ttt-sim and the image: tests/sim/conftest.py; the menu's
cells from build/gen/menu.json, MENU_JSON)"""
import json
import os
import subprocess

import pytest

with open(os.environ.get("MENU_JSON", "build/gen/menu.json")) as _f:
    _MENU = json.load(_f)
CELL = _MENU["cell_of"]  # each action's cell, 1-9 (menu.h)
OPEN = "hold %d %d\n" % (_MENU["open"]["cell"], _MENU["open"]["hold_ms"] + 500)


def run(sim, elf, script):
    """ttt-sim's output for a script: serial lines and the cells of each `duty`."""
    p = subprocess.run([sim, "--stdio", elf], input="wait 1500\n" + script + "quit\n",
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, "ttt-sim exit status %d: %s" % (p.returncode, p.stderr)
    serial, duties, cur = [], [], {}
    for line in p.stdout.splitlines():
        w = line.split()
        assert not line.startswith("error"), "ttt-sim said %s" % line
        if line.startswith("serial "):
            serial.append(line[7:])
        elif w[:1] == ["duty"] and w[1] != "shades":
            # duty N red ON LIT PERIOD green ON LIT PERIOD
            cur[int(w[1]) - 1] = [(int(w[3]), int(w[4]), int(w[5])),
                                  (int(w[7]), int(w[8]), int(w[9]))]
            if len(cur) == 9:
                duties.append(cur)
                cur = {}
    return serial, duties


def presses(*cells):
    """Taps on cells 1-9, 300 ms apart."""
    return "".join("press %d\nwait 300\n" % c for c in cells)


def look(dies):
    """A cell's look without hue: brightness class and time pattern (a fading mark's wink:
    lit most of the time, dark once a second, unlike a blink's half and half)."""
    on = max(d[0] for d in dies if d[1]) if any(d[1] for d in dies) else 0
    lit = max(d[1] for d in dies)
    winking = lit >= 700 and any(900 <= d[2] <= 1150 for d in dies)
    blinking = any(d[2] for d in dies) or 150 < lit < 850
    if lit < 150:
        return ("dark",)
    # full 333, dimmed 83 (at full brightness); a pulse between the two averages about 208
    shade = "full" if on >= 290 else "pulse" if on >= 140 else "dim"
    return (shade, "winking" if winking else "blinking" if blinking else "steady")


def line_of(serial, prefix):
    found = [s for s in serial if s.startswith(prefix)]
    assert found, "no `%s` line in %s" % (prefix, serial)
    return found[0]


def cell_of(serial, prefix):
    """The cell (0-8) a line like `ai: 5` names."""
    return int(line_of(serial, prefix).split()[1]) - 1


def colour_blind(on):
    return "serial colorblind %s\nwait 100\n" % ("on" if on else "off")


# Each scenario: (its duty cells, [(cell a, cell b, what)]) for the display on or off.
def the_board(sim, elf, on):
    serial, d = run(sim, elf, colour_blind(on) + "press 1\nwait 1500\nduty 1024\n")
    o = cell_of(serial, "ai: ")
    empty = next(c for c in range(9) if c not in (0, o))
    return d[0], [(0, o, "x vs o"), (o, empty, "o vs an empty cell")]


def the_analysis(sim, elf, on):
    # two players: x 1 2, o 4 5, x to move: the analysis has a win, draws and losses
    serial, d = run(sim, elf, colour_blind(on) + "serial new 2p\nwait 100\n" +
                    presses(1, 4, 2, 5) + "wait 700\nhold 1 1000\nwait 50\nduty 1024\n")
    words = line_of(serial, "analysis:").split()[1:]
    kinds = {w: int(c) - 1 for c, w in zip(words[::2], words[1::2])}
    win, draw, loss = kinds["win"], kinds["draw"], kinds["loss"]
    return d[0], [(win, draw, "win vs draw"), (win, loss, "win vs loss"),
                  (draw, loss, "draw vs loss"), (0, draw, "a mark (dark) vs draw")]


def menu_cells(sim, elf, on, setting="", chosen=0):
    """The menu's duty cells after a setting: the menu's hold, then (with `chosen`, 1-9)
    that cell chosen by a tap a second later (not picked)."""
    choose = "wait 1000\npress %d\n" % chosen if chosen else ""
    return run(sim, elf, colour_blind(on) + setting + OPEN + choose +
               "wait 300\nduty 1024\n")[1][0]


def the_menu(sim, elf, on):
    # nothing chosen: each cell its own look; two players' cell chosen (as cells 9 and
    # 10: it, and you-X's cell showing its value); the level's, the sound's and the
    # brightness' cells chosen at each value of theirs, the value on the other eight
    # (you-X's cell, as cells 11-19)
    x, o, two, lvl, close = (CELL[a] - 1 for a in ("mode_ai_x", "mode_ai_o", "mode_2p",
                                                   "level", "close"))
    other = x if x not in (CELL["level"] - 1, CELL["sound"] - 1, CELL["brightness"] - 1) else o
    cells = dict(menu_cells(sim, elf, on))
    chosen = menu_cells(sim, elf, on, chosen=two + 1)
    cells[9], cells[10] = chosen[two], chosen[other]
    values = [(CELL["level"], v) for v in ("level perfect", "level medium", "level easy")] + \
        [(CELL["sound"], v) for v in ("sound on", "sound quiet", "sound off")] + \
        [(CELL["brightness"], v) for v in ("brightness full", "brightness medium",
                                           "brightness night")]
    for k, (cell, setting) in enumerate(values):
        cells[11 + k] = menu_cells(sim, elf, on, "serial %s\nwait 100\n" % setting,
                                   cell)[other]
    named = [(x, o, "mode in force vs not"), (lvl, close, "level at perfect vs close"),
             (9, 10, "the chosen cell vs its value on the others")]
    for k, what in ((11, "level"), (14, "sound"), (17, "brightness")):
        named += [(k, k + 1, what + ": first vs middle value"),
                  (k, k + 2, what + ": first vs last value"),
                  (k + 1, k + 2, what + ": middle vs last value")]
    return cells, named


def a_hint(sim, elf, on):
    serial, d = run(sim, elf, colour_blind(on) +
                    "press 1\nwait 1500\nhold 3 1000\nwait 50\nduty 1024\n")
    hint, o = cell_of(serial, "hint: "), cell_of(serial, "ai: ")
    return d[0], [(hint, 0, "hint vs x"), (hint, o, "hint vs o")]


def x_wins(sim, elf, on):
    # two players, x wins on the top row; x 9 and o 4 5 7 steady
    serial, d = run(sim, elf, colour_blind(on) + "serial new 2p\nwait 100\n" +
                    presses(1, 4, 9, 5, 2, 7, 3) + "wait 700\nduty 1536\n")
    line_of(serial, "result: x wins")
    return d[0], [(0, 8, "the winning line vs x"), (0, 3, "the winning line vs o"),
                  (8, 3, "x vs o")]


def fading(sim, elf, on):
    # fading marks, two players: x 1 3 7, o 2 5 9, x to move: x's 1 and o's 2 wink
    serial, d = run(sim, elf, colour_blind(on) + "serial game fading\nwait 100\n"
                    "serial new 2p\nwait 100\n" + presses(1, 2, 3, 5, 7, 9) +
                    "wait 300\nduty 2048\n")
    line_of(serial, "new: two players, level perfect, fading")
    return d[0], [(0, 2, "the x that vanishes vs x"), (1, 4, "the o that vanishes vs o"),
                  (0, 3, "the x that vanishes vs empty"), (0, 1, "the x vs the o that vanish")]


def statistics(sim, elf, on):
    """Two players: two games x won, one abandoned, a third x won; the statistics (a long
    press at game over), both pictures' duties."""
    won = "serial new 2p\nwait 100\n" + presses(1, 4, 2, 5, 3)
    return run(sim, elf, colour_blind(on) + won + won + "serial new 2p\nwait 100\n" +
               presses(1) + won + "wait 2500\nhold 9 1000\nwait 100\nduty 1024\n"
               "wait 2000\nduty 1024\n")[1]


def the_results(sim, elf, on):
    # x wins 3, draws 0, o wins 0: a full bar left, the frame elsewhere
    d = statistics(sim, elf, on)
    return d[0], [(6, 7, "x wins vs the frame"), (6, 8, "x wins vs the frame right")]


def played_out_vs_abandoned(sim, elf, on):
    # played out 3 (three rows, left), abandoned 1 (one row, right), the middle dark
    d = statistics(sim, elf, on)
    return d[1], [(6, 8, "played out vs abandoned"), (8, 2, "abandoned vs the frame"),
                  (6, 7, "played out vs the dark middle"), (2, 1, "the frame vs dark")]


def hue_alone(cells, pairs):
    """The pairs told apart by hue alone, as 'what (cells a and b both LOOK)'."""
    return ["%s (cells %d and %d both %s)" % (what, a + 1, b + 1, " ".join(look(cells[a])))
            for a, b, what in pairs if look(cells[a]) == look(cells[b])]


@pytest.mark.parametrize("scenario", [the_board, the_analysis, the_menu, a_hint, x_wins,
                                      the_results, played_out_vs_abandoned, fading],
                         ids=lambda f: f.__name__)
def test_every_pair_differs_in_more_than_hue(sim, elf, scenario):
    assert hue_alone(*scenario(sim, elf, True)) == []


def test_the_statistics_pictures_are_read_as_drawn(sim, elf):
    first, second = statistics(sim, elf, True)
    assert [look(first[c]) for c in (6, 7, 8)] == [("full", "steady"), ("dim", "steady"),
                                                   ("dim", "steady")]
    assert [look(second[c]) for c in (6, 7, 8, 2)] == [
        ("full", "steady"), ("dark",), ("full", "blinking"), ("dim", "steady")]


def test_without_the_display_x_and_o_differ_by_hue_alone(sim, elf):
    assert any(b.startswith("x vs o") for b in hue_alone(*the_board(sim, elf, False)))


def test_the_fading_wink_is_unlike_every_blink(sim, elf):
    # the vanishing marks wink, colour-blind too; the winning line and the menu's chosen
    # cell blink: one look each, never the same
    cells = fading(sim, elf, True)[0]
    assert [look(cells[c]) for c in (0, 1, 2, 4)] == [
        ("full", "winking"), ("dim", "winking"), ("full", "steady"), ("dim", "steady")]
    assert look(x_wins(sim, elf, True)[0][0]) == ("full", "blinking")
    chosen = menu_cells(sim, elf, True, chosen=CELL["level"])[CELL["level"] - 1]
    assert look(chosen)[1] == "blinking"
