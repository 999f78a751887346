#!/usr/bin/env python3
"""tests/sim/duty_test.py - the LEDs' duty cycle on the real HAL, read as a script reads it.

Runs the HAL's bench firmware (tests/hal/hal_bench_fw.c: all 18 dies lit, cells 1, 5, 9
dim, cells 7 and 9 blinking; a "0", "1" or "2" on the serial port sets the brightness
level) in `ttt-sim --stdio` and reads each level with the `duty` command. Every die must
be on for the share hal/leds_duty.h gives its level, full or dim (DUTY_MODEL, printed
by tests/sim/duty_model.c), within TOL_PERMILLE; steady dies lit all the time, blinking
ones half of it with a 512 ms period; each cell's shade the one of that share; and no
ghost light reported in any level. Self-test first: the night level's measurement held
against the full level's model must fail.

usage: duty_test.py TTT_SIM BENCH_FW.elf DUTY_MODEL
"""
import math
import subprocess
import sys

DIM_CELLS = {1, 5, 9}
BLINK_CELLS = {7, 9}
LEVELS = ["night", "medium", "full"]
TOL_PERMILLE = 2      # 2 us of each 1.5 ms frame: interrupt entry, rounding
BLINK_MS = 512        # 256 ms lit, 256 dark
WINDOW_MS = 6         # the board model's window: a blink edge is seen to one window
MEASURE_MS = 1536     # three blink periods


def model(path):
    shares = {}
    for line in subprocess.run([path], capture_output=True, text=True, check=True).stdout.split("\n"):
        if line:
            level, kind, permille = line.split()
            shares[(int(level), kind == "dim")] = float(permille)
    return shares


def measure(sim, fw):
    script = "wait 200\n"
    for level in range(len(LEVELS)):
        script += f"serial {level}\nwait 50\nduty {MEASURE_MS}\n"
    out = subprocess.run([sim, "--stdio", fw], input=script + "quit\n", capture_output=True,
                         text=True, check=True).stdout
    levels, cells, ghosts = [], {}, [l for l in out.split("\n") if l.startswith("ghost ")]
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


def check(levels, shares, model_of_level):
    """Returns the failures of each measured level against the model of model_of_level."""
    errors = []
    for level, (cells, shades) in enumerate(levels):
        want_level = model_of_level(level)
        want_shades = ""
        for cell in range(1, 10):
            want = shares[(want_level, cell in DIM_CELLS)]
            want_shades += str(shade(want))
            for die, (on, lit, period) in cells.get(cell, {"red": (0, 0, 0), "green": (0, 0, 0)}).items():
                where = f"{LEVELS[level]}: cell {cell} {die}"
                if abs(on - want) > TOL_PERMILLE:
                    errors.append(f"{where}: on {on} permille of the time while lit, model {want}")
                if cell in BLINK_CELLS:
                    if not (480 <= lit <= 520 and abs(period - BLINK_MS) <= WINDOW_MS):
                        errors.append(f"{where}: blinking lit {lit} permille, period {period} ms")
                elif lit < 990 or period:
                    errors.append(f"{where}: steady but lit {lit} permille, period {period} ms")
        if shades != want_shades:
            errors.append(f"{LEVELS[level]}: shades {shades}, model {want_shades}")
    return errors


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sim, fw, model_path = sys.argv[1:]
    shares = model(model_path)
    levels, ghosts = measure(sim, fw)
    if len(levels) != len(LEVELS):
        sys.exit(f"sim_duty: FAILED: {len(levels)} duty readings, want {len(LEVELS)}")
    if not check(levels, shares, lambda level: 2 if level == 0 else level):
        sys.exit("sim_duty: FAILED: self-test: night read against the full model passed")
    errors = check(levels, shares, lambda level: level)
    if ghosts:
        errors.append(f"ghost light reported: {ghosts[0]}")
    for e in errors[:10]:
        print(f"sim_duty: FAILED: {e}")
    if errors:
        sys.exit(1)
    print(f"sim_duty: ok (3 levels x 18 dies, full and dim, steady and blinking, on for "
          f"hal/leds_duty.h's share within {TOL_PERMILLE} permille; shades; no ghost; "
          f"self-test: a wrong level's model fails)")


main()
