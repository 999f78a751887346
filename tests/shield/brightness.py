"""tests/shield/brightness.py - each cell's brightness, for `make bench`: the time-averaged
luminous intensity of each LED die at each brightness level, in mcd.

  brightness.py EXPORT.cir DUTY_CMD [--work DIR]

  die current   ngspice on KiCad's SPICE export (spice_proofs.simulate, no key frames):
                the typical corner (5.0 V, 27 C, each die's V_F the middle of its range),
                the lowest current of that colour over every cell, row and number of
                cells lit (a row of three yellow cells included): every cell gets at least
                this much
  intensity     the data sheet's luminous intensity at its test current (parts.json,
                dies: iv_mcd), scaled linearly to the die current (the data sheet's
                relative-intensity curve is close to linear below 20 mA, and an InGaN
                die is if anything more efficient at low current: so no more is claimed)
  duty          DUTY_CMD (led_duty.c, from hal/leds_levels.h and hal/leds_duty.h): the
                counts of its row's step a lit die is on at each level, over the whole
                multiplex frame (three rows)
Prints `led_<colour>_mcd_<level> VALUE` with the middle of the data sheet's intensity
range, and `led_<colour>_mcd_full_min VALUE` with its lower end (what every part
guarantees), one decimal. tests/docs/figures.py holds their goals.
Run from the repository's root: python3 -m tests.shield.brightness ...
"""
import argparse
import subprocess
import sys

from tests.shield import spice_proofs


def duty(cmd):
    """({level word: share of the time a lit die is on}, [words, brightest first])."""
    out = subprocess.run([cmd], capture_output=True, text=True, check=True).stdout.split()
    pairs = dict(zip(out[0::2], (int(x) for x in out[1::2])))
    frame = pairs.pop("frame")
    return {word: counts / frame for word, counts in pairs.items()}, list(pairs)


def die_currents(probes, values):
    """{colour: the lowest typical-corner current of a lit die of that colour}, A."""
    low = {}
    for n, (tag, exprs) in enumerate(probes):
        if tag[0] != "led" or tag[1] != "typ":
            continue
        _t, _corner, row, colours, lit = tag
        for k, (label, _e) in enumerate(exprs):
            if not label.startswith("die"):
                continue
            cell, col = spice_proofs.led_of(label), label[-1]
            if cell // 3 == row and cell % 3 < lit and col in colours:
                low[col] = min(low.get(col, 1.0), values[(n, k)])
    return low


def figures(dies, currents, shares, levels):
    """[(name, value)]: mcd averaged over time, per colour and level, and at full for the
    data sheet's lowest intensity."""
    out = []
    for col in "RG":
        die = dies[col]
        per_ma = [iv / die["test_ma"] for iv in die["iv_mcd"]]   # mcd per mA, low and high end
        peak = currents[col] * 1e3 * sum(per_ma) / 2
        for level in levels:
            out.append(("led_%s_mcd_%s" % (die["name"], level), peak * shares[level]))
        out.append(("led_%s_mcd_full_min" % die["name"],
                    currents[col] * 1e3 * per_ma[0] * shares["full"]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export")
    ap.add_argument("duty_cmd")
    ap.add_argument("--work", default="build/kicad/brightness")
    args = ap.parse_args()
    probes, values, _lines, dies = spice_proofs.simulate(args.export, args.work, keys=False)
    shares, levels = duty(args.duty_cmd)
    for name, value in figures(dies, die_currents(probes, values), shares, levels):
        print("%s %.1f" % (name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
