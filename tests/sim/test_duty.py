#!/usr/bin/env python3
"""tests/sim/test_duty.py - the LEDs' duty cycle on the real HAL, read as a script reads it.

Runs the HAL's bench firmware (tests/hal/hal_bench_fw.c: all 18 dies lit, cells 1, 5, 9
dim, cells 7 and 9 blinking; a digit on the serial port sets the brightness level) in
`ttt-sim --stdio` and reads each level the model lists with the `duty` command. Every die must
be on for the share hal/leds_duty.h gives its level, full or dim (DUTY_MODEL, printed
by tests/sim/duty_model.c), within TOL_PERMILLE; steady dies lit all the time, blinking
ones half of it with a 512 ms period; each cell's shade the one of that share; and no
ghost light reported in any level. The planted case: the dimmest level's measurement
held against the brightest level's model must fail. Then the firmware image itself, at its
default level (full), after a move: the person's red and the AI's green on for the full
share, steady.

run by `make test-sim-duty` (ttt-sim, the images and the model: tests/sim/conftest.py)
"""
import math
import subprocess

import pytest

DIM_CELLS = {1, 5, 9}
BLINK_CELLS = {7, 9}
TOL_PERMILLE = 2      # 2 us of each 1.5 ms frame: interrupt entry, rounding
BLINK_MS = 512        # 256 ms lit, 256 dark
WINDOW_MS = 6         # the board model's window: a blink edge is seen to one window
MEASURE_MS = 1536     # three blink periods


def model(path):
    shares = {}
    out = subprocess.run([path], capture_output=True, text=True, check=True).stdout
    for line in out.split("\n"):
        if line:
            level, kind, permille = line.split()
            shares[(int(level), kind == "dim")] = float(permille)
    return shares


def brightest(shares):
    """The model's brightest level (LEDS_BRIGHT_LEVELS - 1: hal/leds_levels.h)."""
    return max(level for level, _ in shares)


def measure(sim, fw, count):
    script = "wait 200\n"
    for level in range(count):
        script += f"serial {level}\nwait 50\nduty {MEASURE_MS}\n"
    out = subprocess.run([sim, "--stdio", fw], input=script + "quit\n", capture_output=True,
                         text=True, check=True).stdout
    levels, cells = [], {}
    ghosts = [line for line in out.split("\n") if line.startswith("ghost ")]
    for line in out.split("\n"):
        f = line.split()
        if len(f) == 3 and f[:2] == ["duty", "shades"]:
            levels.append((cells, f[2]))
            cells = {}
        elif len(f) == 10 and f[0] == "duty":
            cells[int(f[1])] = {"red": tuple(map(int, f[3:6])), "green": tuple(map(int, f[7:10]))}
    return levels, ghosts


def shade(permille):
    """The board model's shade of a share: 4 for a third of the time, one less a quarter."""
    return 4 - round(math.log(1000 / 3 / permille, 4))


def die_errors(where, cell, die, want):
    """What is wrong with one die's (on, lit, period) against its model share."""
    on, lit, period = die
    errors = []
    if abs(on - want) > TOL_PERMILLE:
        errors.append(f"{where}: on {on} permille of the time while lit, model {want}")
    if cell in BLINK_CELLS:
        if not (480 <= lit <= 520 and abs(period - BLINK_MS) <= WINDOW_MS):
            errors.append(f"{where}: blinking lit {lit} permille, period {period} ms")
    elif lit < 990 or period:
        errors.append(f"{where}: steady but lit {lit} permille, period {period} ms")
    return errors


def check(levels, shares, model_of_level):
    """The failures of each measured level against the model of model_of_level."""
    errors = []
    dark = {"red": (0, 0, 0), "green": (0, 0, 0)}
    for level, (cells, shades) in enumerate(levels):
        want_level = model_of_level(level)
        want_shades = ""
        for cell in range(1, 10):
            want = shares[(want_level, cell in DIM_CELLS)]
            want_shades += str(shade(want))
            for die, measured in cells.get(cell, dark).items():
                errors += die_errors(f"level {level}: cell {cell} {die}", cell, measured, want)
        if shades != want_shades:
            errors.append(f"level {level}: shades {shades}, model {want_shades}")
    return errors


@pytest.fixture(scope="module")
def shares(duty_model):
    return model(duty_model)


@pytest.fixture(scope="module")
def measured(sim, bench_fw, shares):
    levels, ghosts = measure(sim, bench_fw, brightest(shares) + 1)
    assert len(levels) == brightest(shares) + 1, "duty readings"
    return levels, ghosts


def test_every_level_matches_the_model(measured, shares):
    assert check(measured[0], shares, lambda level: level) == []


def test_no_ghost_light(measured):
    assert measured[1] == []


def test_a_wrong_levels_model_fails(measured, shares):
    """The planted case: the dimmest read against the brightest's model."""
    top = brightest(shares)
    assert check(measured[0], shares, lambda level: top if level == 0 else level) != []


def test_the_firmware_marks_are_full_and_steady(sim, elf, shares):
    """The image after `press 5`: cell 5 red and one green cell, steady; with the
    colour-blind cues on by default, X full and O dimmed."""
    top = brightest(shares)
    out = subprocess.run([sim, "--stdio", elf],
                         input="wait 1500\npress 5\nwait 1500\nduty 600\nquit\n",
                         capture_output=True, text=True, check=True).stdout
    lit = [line.split() for line in out.split("\n")
           if line.startswith("duty ") and not line.startswith("duty shades")]
    red = [f for f in lit if f[3] != "0"]
    green = [f for f in lit if f[7] != "0"]
    assert [f[1] for f in red] == ["5"] and len(green) == 1
    for f, at, want in ((red[0], 3, shares[(top, False)]), (green[0], 7, shares[(top, True)])):
        assert abs(int(f[at]) - want) <= TOL_PERMILLE and f[at + 1:at + 3] == ["1000", "0"], \
            f"cell {f[1]}: {' '.join(f[2:])}, model {want}, steady"
