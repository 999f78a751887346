#!/usr/bin/env python3
"""tests/sim/cues_test.py - the colour-blind display read from the LED duty cycles of the
real firmware in simavr (build/sim/ttt-sim --stdio, its `duty` command: per die the
share of time on while lit, the share of time lit, the blink period). With the
colour-blind display on, every pair of states a player must tell apart differs in
brightness (the on-share: dark, dimmed, pulsing between the two, full) or in time
pattern (steady or blinking), whatever the hue: X and O, O and an empty cell, the
analysis' win, draw and loss (and a mark, dark there), the menu's cells in force and
not, a hint and the marks, the winning line and the other marks. Self-test: with the
display off, X and O (red and green at one brightness) must be caught as told apart by
hue alone.

usage: cues_test.py TTT_SIM FIRMWARE.elf"""
import subprocess
import sys

SIM, ELF = sys.argv[1:3] if len(sys.argv) == 3 else (None, None)


def run(script):
    """ttt-sim's output for a script: serial lines and the cells of each `duty`."""
    p = subprocess.run([SIM, "--stdio", ELF], input="wait 1500\n" + script + "quit\n",
                       capture_output=True, text=True, timeout=600)
    if p.returncode:
        raise SystemExit("cues: FAILED: ttt-sim exit status %d: %s" % (p.returncode, p.stderr))
    serial, duties, cur = [], [], {}
    for line in p.stdout.splitlines():
        w = line.split()
        if line.startswith("serial "):
            serial.append(line[7:])
        elif w[:1] == ["duty"] and w[1] != "shades":
            # duty N red ON LIT PERIOD green ON LIT PERIOD
            cur[int(w[1]) - 1] = [(int(w[3]), int(w[4]), int(w[5])), (int(w[7]), int(w[8]), int(w[9]))]
            if len(cur) == 9:
                duties.append(cur)
                cur = {}
        elif line.startswith("error"):
            raise SystemExit("cues: FAILED: ttt-sim said %s" % line)
    return serial, duties


def presses(*cells):
    """Taps on cells 1-9, 300 ms apart."""
    return "".join("press %d\nwait 300\n" % c for c in cells)


def look(dies):
    """A cell's look without hue: brightness class and time pattern."""
    on = max(d[0] for d in dies if d[1]) if any(d[1] for d in dies) else 0
    lit = max(d[1] for d in dies)
    blinking = any(d[2] for d in dies) or 150 < lit < 850
    if lit < 150:
        return ("dark",)
    # full 333, dimmed 83 (at full brightness); a pulse between the two averages about 208
    shade = "full" if on >= 290 else "pulse" if on >= 140 else "dim"
    return (shade, "blinking" if blinking else "steady")


def line_cells(serial, prefix):
    for s in serial:
        if s.startswith(prefix):
            return s
    raise SystemExit("cues: FAILED: no `%s` line in %s" % (prefix, serial))


def scenarios(colour_blind):
    """(name, duty cells, [(cell a, cell b, what)]) for each state, cells 0-8."""
    cb = "serial colorblind %s\nwait 100\n" % ("on" if colour_blind else "off")
    out = []
    serial, d = run(cb + "press 1\nwait 1500\nduty 1024\n")
    o = int(line_cells(serial, "ai: ").split()[1]) - 1
    empty = next(c for c in range(9) if c not in (0, o))
    out.append(("the board", d[0], [(0, o, "x vs o"), (o, empty, "o vs an empty cell")]))
    # two players: x 1 2, o 4 5, x to move: the analysis has a win, draws and losses
    serial, d = run(cb + "serial new 2p\nwait 100\n" + presses(1, 4, 2, 5) +
                    "wait 700\nhold 1 1000\nwait 50\nduty 1024\n")
    words = line_cells(serial, "analysis:").split()[1:]
    kinds = {w: int(c) - 1 for c, w in zip(words[::2], words[1::2])}
    win, draw, loss = kinds["win"], kinds["draw"], kinds["loss"]
    out.append(("the analysis", d[0], [(win, draw, "win vs draw"), (win, loss, "win vs loss"),
                                       (draw, loss, "draw vs loss"), (0, draw, "a mark (dark) vs draw")]))
    serial, d = run(cb + "hold 5 1000\nwait 50\nduty 1024\n")
    out.append(("the menu", d[0], [(0, 1, "mode in force vs not"), (3, 5, "level in force vs not")]))
    serial, d = run(cb + "press 1\nwait 1500\nhold 3 1000\nwait 50\nduty 1024\n")
    hint = int(line_cells(serial, "hint: ").split()[1]) - 1
    o = int(line_cells(serial, "ai: ").split()[1]) - 1
    out.append(("a hint", d[0], [(hint, 0, "hint vs x"), (hint, o, "hint vs o")]))
    # two players, x wins on the top row; x 9 and o 4 5 7 steady
    serial, d = run(cb + "serial new 2p\nwait 100\n" + presses(1, 4, 9, 5, 2, 7, 3) +
                    "wait 700\nduty 1536\n")
    line_cells(serial, "result: x wins")
    out.append(("x wins", d[0], [(0, 8, "the winning line vs x"), (0, 3, "the winning line vs o"),
                                 (8, 3, "x vs o")]))
    return out


def check(colour_blind):
    """Pairs told apart by hue alone, as 'scenario: what'."""
    bad = []
    for name, cells, pairs in scenarios(colour_blind):
        for a, b, what in pairs:
            la, lb = look(cells[a]), look(cells[b])
            if la == lb:
                bad.append("%s: %s (cells %d and %d both %s)" % (name, what, a + 1, b + 1, " ".join(la)))
    return bad


def main():
    if SIM is None:
        raise SystemExit(__doc__)
    bad = check(True)
    for b in bad:
        print("cues: FAILED: told apart by hue alone: " + b)
    hue_only = check(False)
    if not any("x vs o" in b for b in hue_only):
        print("cues: FAILED: self-test: with the colour-blind display off, x and o were not "
              "caught as told apart by hue alone")
        bad.append("self-test")
    if bad:
        sys.exit(1)
    print("cues: ok (the colour-blind display in simavr: 13 pairs of states in 5 scenarios "
          "differ in duty or blinking, not only in hue; self-test: off, %d pairs are hue "
          "alone, x vs o among them)" % len(hue_only))


main()
