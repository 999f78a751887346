"""tests/shield/spice_proofs.py - the shield's electrical proofs, in ngspice, on the netlist
KiCad itself exports (`kicad-cli sch export netlist --format spice`, whose parts carry
the schematic's Sim.* fields and the model cards of schematics/spice/models.lib).

  spice_proofs.py EXPORT.cir [--work DIR] [--only PROOF,...]   exit status is the verdict

The MCU is not in the netlist (J1 is excluded from simulation): each of its pins is
modelled here, from the ATmega328P datasheet (DS40002061, "DC Characteristics" and
the pin driver figures "I/O pin output voltage vs. source/sink current"):
  driven high: VCC behind R_OH; driven low: 0 V behind R_OL; input: pull-up R_PU
  to VCC, or (in reset, every pin floating) its leakage, 1 uA (I_IL / I_IH max).
  typical corner: VCC 5.0 V, R_OH 20 R (V_OH 4.8 V at 10 mA, 25 C figure), 27 C, each
                  LED die's V_F the middle of its data sheet range (parts.json, dies)
  high corner:    VCC 5.25 V (USB's upper limit), R_OH 10 R, 85 C, each die's V_F the
                  low end of its range (the LED model's bin sources): V_F lowest
  R_OL 25 R (V_OL 0.5 V at 20 mA); R_PU 20 k and 50 k (the datasheet's range);
  V_IL max 0.3 VCC, V_IH min 0.6 VCC.
Limits (ATmega328P datasheet, absolute maximum ratings and the notes to the DC
table): 40 mA per pin absolute, 20 mA per pin as rated; sum of I_OH over C0-C5 + D0-D4
and over B0-B5 + D5-D7: 150 mA each. The LED: each die's max_dc_ma and design_ma from
schematics/parts.json (dies). 2N7000: 200 mA continuous (onsemi 2N7000/D).

The proofs:
  leds   the LED model's forward voltage at the test current is the middle of the data
         sheet's range (within FIT_TOL); every die, red and green, of every row, with 1,
         2 and 3 cells of that colour lit in the row (and 3 yellow cells: 6 dies):
         within TARGET_BAND of its design_ma at the typical corner, below the die's
         rating and the pin's rating at the high corner; the dies of the rows that
         are off stay dark (< 10 uA);
  pins   the worst single pin and the worst port-group sums over all those frames;
  reset  every pin floating (1 uA leakage into each net, the worst direction): each
         gate stays below 0.5 V (V_GS(th) min 0.8 V) and every die below 1 uA;
  keys   all 512 sets of pressed keys, each row driven low in turn, both pull-up
         values: a column reads below V_IL exactly when a pressed key joins it to
         the driven row, above V_IH otherwise (no ghosting, no masking).
  sound  the sounder's tones and ISP's edges through it (spice_sound.py).
One ngspice run (batch mode, a control script of `alter` and `op`), of the proofs --only
names (all by default; the planted mistakes run the one that should catch each).
Run from the repository's root: python3 -m tests.shield.spice_proofs ...
"""
import argparse
import os
import re
import subprocess
import sys

from tests.shield import spice_sound

ROWS, COLS = 3, 3
TARGET_BAND = 0.15                     # +-15 % of design_ma at the typical corner
FIT_TOL = 0.01                         # V: the model's V_F against the range's middle
PIN_RATED, PIN_ABS = 20e-3, 40e-3
PORT_SUM_MAX = 150e-3
VCC_MAX, CORE_MAX = 200e-3, 14e-3       # the VCC pin's absolute maximum; the core at 16 MHz
DARK = 10e-6
RESET_DARK, RESET_GATE = 1e-6, 0.5
# VCC, R_OH, temperature, where in its V_F range each LED die sits (0 low end, 1 high end)
CORNERS = {"typ": (5.0, 20.0, 27.0, 0.5), "high": (5.25, 10.0, 85.0, 0.0)}
R_OL, LEAK = 25.0, 1e-6
R_PU = (20e3, 50e3)
PRESSED, RELEASED = 0.1, 100e6
HIZ = 1e12
# MCU pins on the shield's nets (board/uno_shield_r3/pins.h; the pin-map test joins it)
LED_PINS = {"LED_C0_R": "PD2", "LED_C0_G": "PD3", "LED_C1_R": "PD4", "LED_C1_G": "PD5",
            "LED_C2_R": "PD6", "LED_C2_G": "PD7"}
ROW_PINS = {"LED_ROW0": "PB0", "LED_ROW1": "PB1", "LED_ROW2": "PB2"}
KEY_ROW_PINS = {"KEY_ROW0": "PC3", "KEY_ROW1": "PC4", "KEY_ROW2": "PC5"}
KEY_COL_PINS = {"KEY_COL0": "PC0", "KEY_COL1": "PC1", "KEY_COL2": "PC2"}
SOUND_PINS = {"SOUND": "PB3"}   # hi-Z in these frames; spice_sound.py drives it
PORT_GROUPS = {"C0-C5 + D0-D4": ("PC", "PD0", "PD1", "PD2", "PD3", "PD4"),
               "B0-B5 + D5-D7": ("PB", "PD5", "PD6", "PD7")}


def node(name):
    """KiCad's net names as ngspice nodes: '/LED_K0' -> n_led_k0, GND -> 0."""
    if name == "GND":
        return "0"
    return "n_" + re.sub(r"[^a-z0-9_]", "_", name.lstrip("/").lower())


def read_export(path):
    lines = []
    for line in open(path, encoding="utf-8"):
        s = line.rstrip("\n")
        if s.strip().lower() == ".end":
            continue
        if s.startswith(".title") or s.startswith(".include") or s.startswith("*") or not s:
            lines.append(s)
            continue
        tok = s.split()
        # element name, its nodes, then the model / value: rename the nodes only
        n = {"R": 2, "D": 2, "X": len(tok) - 2}.get(tok[0][0].upper(), len(tok) - 2)
        lines.append(" ".join([tok[0]] + [node(t) for t in tok[1:1 + n]] + tok[1 + n:]))
    return lines


def parts_of(lines):
    """{ref: element name} of LEDs and keys, read from the export (XLED1, RSW1, ...)."""
    leds = sorted(ln.split()[0] for ln in lines if re.match(r"XLED\d", ln))
    keys = sorted(ln.split()[0] for ln in lines if re.match(r"RSW\d", ln))
    return leds, keys


def harness():
    """The MCU's pins: a source and its resistor per pin on the shield."""
    out = ["* the MCU's pins (tests/shield/spice_proofs.py)"]
    for net, pin in {**LED_PINS, **ROW_PINS, **KEY_ROW_PINS, **SOUND_PINS}.items():
        out.append("V%s m_%s 0 DC 0" % (pin, pin.lower()))
        out.append("R%s m_%s %s %g" % (pin, pin.lower(), node("/" + net), HIZ))
    for net, pin in KEY_COL_PINS.items():
        out.append("V%s m_%s 0 DC 5" % (pin, pin.lower()))
        out.append("R%s m_%s %s %g" % (pin, pin.lower(), node("/" + net), HIZ))
    # reset: each net's leakage current, switched in by the control script
    for net in list(LED_PINS) + list(ROW_PINS) + list(KEY_ROW_PINS) + list(KEY_COL_PINS) \
            + list(SOUND_PINS):
        out.append("ILK_%s 0 %s DC 0" % (net, node("/" + net)))
    return out


class Script:
    def __init__(self):
        self.lines = []
        self.probes = []   # (tag, [(label, expression)])

    def pin(self, pin, volts, ohms):
        self.lines.append("alter v%s dc = %g" % (pin.lower(), volts))
        self.lines.append("alter r%s = %g" % (pin.lower(), ohms))

    def op(self, tag, exprs):
        self.lines.append("op")
        n = len(self.probes)
        for k, (_label, e) in enumerate(exprs):
            self.lines.append('echo "P %d %d $&%s"' % (n, k, e))
        self.lines.append("destroy all")  # else every op's plot is kept, and each slows the next
        self.probes.append((tag, exprs))


def die_expr(led, colour):
    return "@d.%s.d%s[id]" % (led.lower(), "r" if colour == "R" else "g")


def led_data():
    """The LED line of parts.json (of the schematics package first on the path: planted.py
    puts its scratch copy there)."""
    from schematics.gen import parts as partdata
    return partdata.by_ref(partdata.load())["LED1"]


def bin_shift(die, pos):
    """The V_F bin source's value putting die (a parts.json dies entry) at pos in its range."""
    lo, hi = die["vf_v"]
    return pos * (hi - lo) - (hi - lo) / 2


def led_bins(s, leds, dies, pos):
    """Every LED die to pos in its forward-voltage range (the model's VBR / VBG)."""
    for led in leds:
        for col, src in (("R", "vbr"), ("G", "vbg")):
            s.lines.append("alter v.%s.%s dc = %g" % (led.lower(), src, bin_shift(dies[col], pos)))


def fit_harness(model):
    """One more LED of the model, alone, each die fed its test current (the fit check)."""
    return ["* the LED model's fit (tests/shield/spice_proofs.py)",
            "XFIT m_fit_r 0 m_fit_g %s" % model,
            "IFIT_R 0 m_fit_r DC 0", "IFIT_G 0 m_fit_g DC 0"]


def fit_frame(s, dies):
    """V_F of the lone LED at each die's test current, 27 C, the bins in the middle."""
    s.lines.append("option temp = 27")
    s.lines.append("alter ifit_r dc = %g" % (dies["R"]["test_ma"] * 1e-3))
    s.lines.append("alter ifit_g dc = %g" % (dies["G"]["test_ma"] * 1e-3))
    s.op(("fit",), [("vf R", "v(m_fit_r)"), ("vf G", "v(m_fit_g)")])
    s.lines.append("alter ifit_r dc = 0")
    s.lines.append("alter ifit_g dc = 0")


def led_frames(s, leds, dies):
    """Per corner, row, colour and number lit: the control lines; probes for all dies
    and all pin currents."""
    pins = list(LED_PINS.values()) + list(ROW_PINS.values())
    for corner, (vcc, r_oh, temp, pos) in CORNERS.items():
        s.lines.append("set temp = %g" % temp)
        s.lines.append("option temp = %g" % temp)
        led_bins(s, leds, dies, pos)
        for row in range(ROWS):
            for colours in ("R", "G", "RG"):
                for lit in (1, 2, 3):
                    if colours == "RG" and lit != 3:
                        continue
                    for net, pin in ROW_PINS.items():
                        on = net == "LED_ROW%d" % row
                        s.pin(pin, vcc if on else 0.0, r_oh if on else R_OL)
                    for net, pin in LED_PINS.items():
                        c, colour = int(net[5]), net[-1]
                        on = c < lit and colour in colours
                        s.pin(pin, vcc if on else 0.0, r_oh if on else R_OL)
                    exprs = [("die %s %s" % (led, col), die_expr(led, col))
                             for led in leds for col in "RG"]
                    exprs += [("pin %s" % p, "i(v%s)" % p.lower()) for p in pins]
                    s.op(("led", corner, row, colours, lit), exprs)


def reset_frame(s, leds):
    for pin in list(LED_PINS.values()) + list(ROW_PINS.values()) + \
            list(KEY_ROW_PINS.values()) + list(KEY_COL_PINS.values()):
        s.pin(pin, 0.0, HIZ)
    for net in list(LED_PINS) + list(ROW_PINS) + list(KEY_ROW_PINS) + list(KEY_COL_PINS):
        s.lines.append("alter ilk_%s dc = %g" % (net.lower(), LEAK))
    exprs = [("die %s %s" % (led, col), die_expr(led, col)) for led in leds for col in "RG"]
    exprs += [("gate %d" % r, "v(%s)" % node("/LED_ROW%d" % r)) for r in range(ROWS)]
    s.op(("reset",), exprs)
    for net in list(LED_PINS) + list(ROW_PINS) + list(KEY_ROW_PINS) + list(KEY_COL_PINS):
        s.lines.append("alter ilk_%s dc = 0" % net.lower())


def key_frames(s, keys):
    s.lines.append("option temp = 27")
    for pin in LED_PINS.values():
        s.pin(pin, 0.0, R_OL)
    for pu in R_PU:
        for pin in KEY_COL_PINS.values():
            s.pin(pin, 5.0, pu)
        for subset in range(512):
            for k in range(9):
                s.lines.append("alter rsw%d = %g"
                               % (k + 1, PRESSED if subset >> k & 1 else RELEASED))
            for row in range(ROWS):
                for net, pin in KEY_ROW_PINS.items():
                    on = net == "KEY_ROW%d" % row
                    s.pin(pin, 0.0, R_OL if on else HIZ)
                s.op(("keys", pu, subset, row),
                     [("col %d" % c, "v(%s)" % node("/KEY_COL%d" % c)) for c in range(COLS)])


def run(deck_lines, work):
    os.makedirs(work, exist_ok=True)
    deck = os.path.join(work, "proofs.cir")
    with open(deck, "w", encoding="utf-8") as f:
        f.write("\n".join(deck_lines) + "\n")
    r = subprocess.run(["ngspice", "-b", deck], capture_output=True, text=True)
    with open(os.path.join(work, "proofs.log"), "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    values = {}
    for line in r.stdout.splitlines():
        m = re.match(r"^P (\d+) (\d+) (\S+)$", line.strip())
        if m:
            values[(int(m.group(1)), int(m.group(2)))] = float(m.group(3))
    return values, r


def led_model(lines):
    """The LED's model name in the export (the subcircuit its X lines call)."""
    return next(ln.split()[-1] for ln in lines if re.match(r"XLED\d", ln))


PROOFS = ("leds", "pins", "reset", "keys", "sound")


def script(leds, key_parts, dies, only):
    """The control script of the proofs named (leds and pins share their frames and the
    LED model's fit)."""
    s = Script()
    if {"leds", "pins"} & only:
        fit_frame(s, dies)
        led_frames(s, leds, dies)
    elif "reset" in only:  # at the temperature the LED frames leave it at
        s.lines += ["set temp = %g" % CORNERS["high"][2], "option temp = %g" % CORNERS["high"][2]]
    if "reset" in only:
        reset_frame(s, leds)
    if "keys" in only:
        key_frames(s, key_parts)
    return s


def simulate(export, work, keys=True, only=frozenset(PROOFS)):
    """ngspice on the export with the MCU's pins, the proofs in only: the fit and LED
    frames, the reset frame and, with keys, the 512 key sets. (probes, values, export
    lines, LED dies)."""
    lines = read_export(export)
    leds, key_parts = parts_of(lines)
    if len(leds) != 9 or len(key_parts) != 9:
        raise SystemExit("spice_proofs: the export has %d LEDs and %d keys, not 9 and 9: "
                         "are their Sim.* fields in the schematic?" % (len(leds), len(key_parts)))
    dies = led_data()["dies"]
    s = script(leds, key_parts, dies, set(only) - (set() if keys else {"keys"}))
    fit = fit_harness(led_model(lines)) if {"leds", "pins"} & set(only) else []
    deck = lines + harness() + fit + [".control", "set noaskquit"] \
        + s.lines + ["quit", ".endc", ".end"]
    values, r = run(deck, work)
    expected = sum(len(e) for _t, e in s.probes)
    if len(values) != expected:
        print(r.stdout[-3000:] + r.stderr[-3000:])
        raise SystemExit("spice_proofs: ngspice gave %d of %d values (log: %s/proofs.log)"
                         % (len(values), expected, work))
    return s.probes, values, lines, dies


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export")
    ap.add_argument("--work", default="build/kicad/spice")
    ap.add_argument("--only", default=",".join(PROOFS))
    args = ap.parse_args()
    only = set(args.only.split(","))
    if not only <= set(PROOFS):
        raise SystemExit("spice_proofs: --only names %s; the proofs are %s"
                         % (", ".join(sorted(only - set(PROOFS))), ", ".join(PROOFS)))
    probes, values, lines, dies = simulate(args.export, args.work, only=only)
    sound = spice_sound.proofs(lines, harness(), args.work) if "sound" in only else ((), ())
    return verdict(probes, values, dies, sound, [p for p in PROOFS if p in only])


def led_of(label):
    return int(re.search(r"XLED(\d)", label).group(1)) - 1


def led_dies(acc, frame, tag, v):
    """The dies of one LED frame: dark where off; at the typical corner within the target
    band, at the high corner within the rating."""
    _t, corner, row, colours, lit = tag
    for label, i in v.items():
        if not label.startswith("die"):
            continue
        cell = led_of(label)
        col = label[-1]
        r, c = divmod(cell, 3)
        on = r == row and c < lit and col in colours
        if not on:
            if abs(i) > DARK:
                acc["fails"].append(("leds", "%s: %s is lit (%.3g A) though its row or column "
                                     "is off" % (frame, label, i)))
            continue
        if corner == "typ":
            acc["per"].setdefault((col if colours != "RG" else "Y" + col, lit), []).append(i)
            target = acc["dies"][col]["design_ma"] * 1e-3
            if abs(i / target - 1) > TARGET_BAND:
                acc["fails"].append(("leds", "%s: %s %.3g mA, the target is %.3g mA +-%d %%"
                                     % (frame, label, i * 1e3, target * 1e3,
                                        TARGET_BAND * 100)))
        else:
            rating = acc["dies"][col]["max_dc_ma"] * 1e-3
            acc["worst_die"][col] = max(acc["worst_die"][col], i)
            if i > rating:
                acc["fails"].append(("leds", "%s: %s %.2f mA > %.0f mA rating"
                                     % (frame, label, i * 1e3, rating * 1e3)))


def led_pins(acc, frame, v):
    """The MCU pins and port groups of one high-corner LED frame, against their ratings."""
    pins = {label.split()[1]: abs(i) for label, i in v.items() if label.startswith("pin")}
    for p, i in pins.items():
        if i > acc["worst_pin"][0]:
            acc["worst_pin"] = (i, "%s in %s" % (p, frame))
        if i > PIN_RATED:
            acc["fails"].append(("pins", "%s: pin %s %.1f mA > %.0f mA"
                                 % (frame, p, i * 1e3, PIN_RATED * 1e3)))
    for g, members in PORT_GROUPS.items():
        total = sum(i for p, i in pins.items() if p.startswith(members))
        if total > acc["worst_port"][g][0]:
            acc["worst_port"][g] = (total, frame)
        if total > PORT_SUM_MAX:
            acc["fails"].append(("pins", "%s: port group %s %.1f mA > 150 mA"
                                 % (frame, g, total * 1e3)))
    vcc = sum(pins.values()) + CORE_MAX   # every pin's I_OH flows in through VCC
    acc["worst_vcc"] = max(acc["worst_vcc"], vcc)
    if vcc > VCC_MAX:
        acc["fails"].append(("pins", "%s: VCC %.1f mA (pins + core) > 200 mA" % (frame, vcc * 1e3)))


def fit_result(acc, v):
    """The LED model's V_F at each die's test current against its range's middle."""
    for col, die in acc["dies"].items():
        want = sum(die["vf_v"]) / 2
        acc["fit"][col] = v["vf " + col]
        if abs(v["vf " + col] - want) > FIT_TOL:
            acc["fails"].append(("leds", "the model's %s V_F at %g mA is %.3f V, the data "
                                 "sheet's range %s has its middle at %.2f V"
                                 % (die["name"], die["test_ma"], v["vf " + col], die["vf_v"],
                                    want)))


def reset_result(acc, v):
    for label, x in v.items():
        if label.startswith("die"):
            acc["reset_worst"] = max(acc["reset_worst"], abs(x))
            if abs(x) > RESET_DARK:
                acc["fails"].append(("reset", "%s %.3g A: lit while the MCU is in reset"
                                     % (label, x)))
        else:
            acc["reset_gate"] = max(acc["reset_gate"], x)
            if x > RESET_GATE:
                acc["fails"].append(("reset", "%s at %.2f V while the MCU is in reset"
                                     % (label, x)))


def key_frame(acc, tag, v):
    """One key set with one row driven: a column reads low exactly when a pressed key
    joins it to the driven row."""
    _t, pu, subset, row = tag
    vcc = 5.0
    ok = True
    for c in range(COLS):
        pressed = subset >> (3 * row + c) & 1
        x = v["col %d" % c]
        if pressed and not x < 0.3 * vcc:
            ok = False
            acc["fails"].append(("keys", "pull-up %g, pressed %s, row %d driven: column %d "
                                 "at %.2f V, not below V_IL (masking)"
                                 % (pu, keyset(subset), row, c, x)))
        if not pressed and not x > 0.6 * vcc:
            ok = False
            acc["fails"].append(("keys", "pull-up %g, pressed %s, row %d driven: column %d "
                                 "at %.2f V, not above V_IH (ghosting)"
                                 % (pu, keyset(subset), row, c, x)))
    acc["key_ok"] += ok
    acc["key_bad"] += not ok


COLOUR_NAMES = {"R": "red", "G": "green", "YR": "yellow (red die)", "YG": "yellow (green die)"}


def report(acc, proofs):
    """Print the figures of the proofs run and the failures; 1 if any proof failed."""
    if {"leds", "pins"} & set(proofs):
        led_report(acc)
    if "reset" in proofs:
        print("spice: reset, pins floating: gates <= %.3f V, dies <= %.2g A"
              % (acc["reset_gate"], acc["reset_worst"]))
    if "keys" in proofs:
        print("spice: keys: %d of %d (512 key sets x 3 driven rows x 2 pull-ups) read right"
              % (acc["key_ok"], acc["key_ok"] + acc["key_bad"]))
    for line in acc["sound"]:
        print(line)
    shown, fails = {}, [f for f in acc["fails"] if f[0] in proofs]
    for proof, msg in fails:
        shown[proof] = shown.get(proof, 0) + 1
        if shown[proof] <= 5:
            print("spice: FAIL %s: %s" % (proof, msg))
    for proof, n in shown.items():
        if n > 5:
            print("spice: FAIL %s: ... %d failures in all" % (proof, n))
    print("spice: %d passed, %d failed (%s)"
          % (len(proofs) - len(shown), len(shown),
             ", ".join("spice-" + p for p in shown) or ", ".join(proofs)))
    return 1 if fails else 0


def led_report(acc):
    """The LED proofs' figures: currents per colour and count lit, the model's fit, the
    high corner's worst die, pin, port group and VCC."""
    for (col, lit), cur in sorted(acc["per"].items()):
        print("spice: typical, %s %d lit: %s mA"
              % (COLOUR_NAMES[col], lit if not col.startswith("Y") else 3,
                 " .. ".join("%.2f" % (x * 1e3) for x in (min(cur), max(cur)))))
    print("spice: LED model V_F at the test current: %s"
          % "; ".join("%s %.3f V" % (acc["dies"][c]["name"], acc["fit"][c]) for c in "RG"))
    dies = "; ".join("%s %.2f mA (rating %g)" % (acc["dies"][c]["name"],
                                                 acc["worst_die"][c] * 1e3,
                                                 acc["dies"][c]["max_dc_ma"]) for c in "RG")
    print("spice: high corner: worst die %s; worst pin %.2f mA (%s); port sums: %s; VCC "
          "(pins + %.0f mA core) %.1f mA"
          % (dies, acc["worst_pin"][0] * 1e3,
             acc["worst_pin"][1], "; ".join("%s %.1f mA" % (g, t * 1e3)
                                            for g, (t, _f) in acc["worst_port"].items()),
             CORE_MAX * 1e3, acc["worst_vcc"] * 1e3))


def verdict(probes, values, dies, sound=((), ()), proofs=PROOFS):
    acc = {"fails": [],  # (proof, message)
           "per": {},    # (colour, lit) -> [currents at typ]
           "dies": dies, "fit": {}, "worst_vcc": 0.0,
           "worst_die": {"R": 0.0, "G": 0.0}, "worst_pin": (0.0, ""),
           "worst_port": {g: (0.0, "") for g in PORT_GROUPS},
           "reset_worst": 0.0, "reset_gate": 0.0, "key_ok": 0, "key_bad": 0,
           "sound": sound[0]}
    acc["fails"] += [("sound", msg) for msg in sound[1]]
    for n, (tag, exprs) in enumerate(probes):
        v = {label: values[(n, k)] for k, (label, _e) in enumerate(exprs)}
        if tag[0] == "led":
            frame = "%s row %d %s x%d" % tag[1:]
            led_dies(acc, frame, tag, v)
            if tag[1] == "high":
                led_pins(acc, frame, v)
        elif tag[0] == "reset":
            reset_result(acc, v)
        elif tag[0] == "fit":
            fit_result(acc, v)
        else:
            key_frame(acc, tag, v)
    return report(acc, proofs)


def keyset(subset):
    return "{%s}" % ",".join("SW%d" % (k + 1) for k in range(9) if subset >> k & 1) or "{}"


if __name__ == "__main__":
    sys.exit(main())
