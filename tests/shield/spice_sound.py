"""tests/shield/spice_sound.py - the sounder's proofs (spice_proofs.py runs them): ngspice
transient runs on KiCad's SPICE export, where the piezo BZ1 is its capacitance
(parts.json: capacitance_nf, altered to the top of its tolerance, the worst case for
every figure here) behind R13 on the SOUND net (D11 = PB3 = OC2A, also ISP's MOSI).

  tone  the pin drives a square wave (Timer2 toggling OC2A) at each of TONES_HZ, at
        the high corner (5.25 V, R_OH 10 R high side, R_OL 25 R low side): the peak
        and the average pin current (mean of |i| over whole periods, after 5 periods
        to settle) stay within the ATmega328P's 20 mA rating; the piezo's swing is
        at least SWING_MIN of VCC (the tone is full-strength at every frequency);
  isp   the MCU in reset (its pin an input), a programmer drives MOSI through its
        output resistance (R_PROG) at 1 MHz SCK, a bit pattern with the longest runs
        avrdude sends (a 0xFF / 0x00 page fill: 32 equal bits) before single opposite
        bits: at every SCK rising edge (the bit's sampling point, half a bit after
        MOSI changed) the MCU pin is above V_IH = 0.6 VCC for a 1 and below
        V_IL = 0.3 VCC for a 0, at 4.5 V and 5.5 V; and the largest R_PROG that would
        still pass at 4.5 V, searched upward from R_PROG's lower end (a figure: the margin
        over R_PROG's upper end, or that even the lower end fails).
Peak current bound without any load model: V / (R_OH + R13) with the piezo shorted,
so a different piezo model (its motional branch at resonance) cannot raise it.
Standard library and ngspice; run from the repository's root.
"""
import os
import subprocess

from schematics.gen import parts as partdata

TONES_HZ = (2000, 3000, 4000, 5000, 6000)  # about the firmware's notes (firmware/game/sounds.h)
SETTLE, MEASURE = 5, 3                     # periods
SWING_MIN = 0.95
PIN_RATED = 20e-3
VCC_HIGH, R_OH, R_OL = 5.25, 10.0, 25.0
EDGE = 10e-9                               # the pin's rise/fall time, s
SCK_HZ = 1e6
ISP_VCC = (4.5, 5.5)                       # the ATmega328P's range at 16 MHz
# A programmer's MOSI: a logic pin (an AVR's, 25 R: USBasp, ArduinoISP) alone, or with a
# series resistor that protects both ends (330 R assumed as the upper end of those).
R_PROG = (25.0, 330.0)
RUN = 32


def piezo(lines):
    """(element, + node) of the piezo in the export: the capacitor BZ1 becomes."""
    for ln in lines:
        tok = ln.split()
        if tok and tok[0].upper() == "CBZ1":
            return tok[0].lower(), tok[1]
    raise SystemExit("spice_sound: no CBZ1 in the export: has BZ1 its Sim.* fields?")


def c_max():
    line = partdata.by_ref(partdata.load())["BZ1"]
    return line["capacitance_nf"] * 1e-9 * (1 + line["capacitance_tol"])


def run(deck, work, name, vectors):
    """ngspice on deck; [(time, [values])] of the vectors written by wrdata."""
    os.makedirs(work, exist_ok=True)
    path, data = os.path.join(work, name + ".cir"), os.path.join(work, name + ".dat")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(deck + [".control", "set noaskquit", "set wr_singlescale",
                                  "run", "wrdata %s %s" % (data, " ".join(vectors)),
                                  "quit", ".endc", ".end"]) + "\n")
    r = subprocess.run(["ngspice", "-b", path], capture_output=True, text=True)
    with open(os.path.join(work, name + ".log"), "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode or not os.path.exists(data):
        raise SystemExit("spice_sound: ngspice failed on %s (log: %s.log)" % (path, name))
    rows = []
    for line in open(data, encoding="utf-8"):
        nums = [float(x) for x in line.split()]
        if nums:
            rows.append((nums[0], nums[1:]))
    os.remove(data)
    return rows


def tone(base, pz, work, hz):
    """{peak, avg, swing} of the pin driving a square wave at hz."""
    period = 1.0 / hz
    stop = (SETTLE + MEASURE) * period
    deck = base + [
        "VSND m_snd 0 PULSE(0 %g 0 %g %g %g %g)"
        % (VCC_HIGH, EDGE, EDGE, period / 2 - EDGE, period),
        # the pin's driver: R_OH while high, R_OL while low (a switch per side)
        "BSND m_snd n_sound I = (v(m_snd) - v(n_sound)) / "
        "(v(m_snd) > %g ? %g : %g)" % (VCC_HIGH / 2, R_OH, R_OL),
        ".tran %g %g 0 %g" % (period / 4000, stop, period / 4000),
    ]
    rows = run(deck, work, "tone%d" % hz, ["i(vsnd)", "v(%s)" % pz, "v(m_snd)", "v(n_sound)"])
    t0 = SETTLE * period
    win = [(t, v) for t, v in rows if t >= t0]
    cur = [abs(v[0]) for _t, v in win]
    avg = sum(abs(b[1][0]) * (b[0] - a[0]) for a, b in zip(win, win[1:])) / (win[-1][0] - win[0][0])
    vz = [v[1] for _t, v in win]
    # the pin's own levels whenever its driver is fully on (edges excluded)
    high = [v[3] for _t, v in win if v[2] >= VCC_HIGH - 1e-6]
    low = [v[3] for _t, v in win if v[2] <= 1e-6]
    return {"peak": max(cur), "avg": avg, "swing": (max(vz) - min(vz)) / VCC_HIGH,
            "pin": (min(high), max(low))}


def isp_bits():
    """The MOSI bits sent: runs of 32 zeros, a single one, 32 ones, a single zero, then
    alternating bits."""
    return [0] * RUN + [1] + [1] * RUN + [0] + [1, 0] * 8


def isp(base, work, vcc, r_prog):
    """Worst (lowest) pin voltage on a 1 and worst (highest) on a 0, at the SCK edges."""
    bits = isp_bits()
    tb = 1.0 / SCK_HZ
    pts = ["0 0"]
    for k, b in enumerate(bits):   # MOSI changes at the start of each bit (SCK falling)
        prev = bits[k - 1] if k else 0
        pts.append("%g %g" % (k * tb, prev * vcc))
        pts.append("%g %g" % (k * tb + EDGE, b * vcc))
    stop = len(bits) * tb
    deck = base + ["VPROG m_prog 0 PWL(%s)" % " ".join(pts),
                   "RPROG m_prog n_sound %g" % r_prog,
                   ".tran %g %g 0 %g" % (tb / 200, stop, tb / 200)]
    rows = run(deck, work, "isp%g_%g" % (vcc, r_prog), ["v(n_sound)"])
    worst1, worst0 = vcc, 0.0
    for k, b in enumerate(bits):
        ts = k * tb + tb / 2       # SCK rising: the MCU samples MOSI
        v = min(rows, key=lambda r: abs(r[0] - ts))[1][0]
        if b:
            worst1 = min(worst1, v)
        else:
            worst0 = max(worst0, v)
    return worst1, worst0


def tone_proofs(base, pz, work, cmax):
    """(figure lines, failures) of the pin driving the piezo at every tone."""
    fails, per = [], []
    for hz in TONES_HZ:
        f = tone(base, pz, work, hz)
        per.append((hz, f))
        for k in ("peak", "avg"):
            if f[k] > PIN_RATED:
                fails.append("%d Hz: %s pin current %.2f mA > %.0f mA"
                             % (hz, k, f[k] * 1e3, PIN_RATED * 1e3))
        if f["pin"][0] < 0.9 * VCC_HIGH or f["pin"][1] > 0.1 * VCC_HIGH:
            fails.append("%d Hz: the SOUND pin swings only %.2f .. %.2f V"
                         % (hz, f["pin"][1], f["pin"][0]))
        if f["swing"] < SWING_MIN:
            fails.append("%d Hz: the piezo swings %.1f %% of VCC, want >= %.0f %%"
                         % (hz, f["swing"] * 100, SWING_MIN * 100))
    hi = min(f["pin"][0] for _h, f in per)
    lo = max(f["pin"][1] for _h, f in per)
    figures = [
        "spice: sound, %s Hz square waves, %.2f V, piezo %.1f nF: peak pin current %.2f mA "
        "(rated %.0f mA), average %s mA; the piezo swings >= %.1f %% of VCC; the SOUND pin "
        "%.2f .. %.2f V"
        % ("/".join(str(h) for h, _f in per), VCC_HIGH, cmax * 1e9,
           max(f["peak"] for _h, f in per) * 1e3, PIN_RATED * 1e3,
           "/".join("%.3f" % (f["avg"] * 1e3) for _h, f in per),
           min(f["swing"] for _h, f in per) * 100, lo, hi)]
    return figures, fails


def isp_limit(passes, start=R_PROG[0], top=20 * R_PROG[-1], step=10.0):
    """The largest programmer resistance (to step) at or above start for which passes(r)
    holds, searched upward from start (doubling, then halving the last interval); None when
    start itself fails. top bounds the search (a limit above it reads as top)."""
    if not passes(start):
        return None
    lo, hi = start, min(2 * start, top)
    while hi < top and passes(hi):
        lo, hi = hi, min(2 * hi, top)
    if hi >= top and passes(top):
        return top
    while hi - lo > step:
        mid = (lo + hi) / 2
        if passes(mid):
            lo = mid
        else:
            hi = mid
    return lo


def isp_limit_line(vcc, limit):
    """The figure line of isp_limit: how far R_PROG may go, or that not even R_PROG[0] may."""
    if limit is None:
        return ("spice: ISP MOSI at 1 MHz SCK, %.1f V: even a programmer of %g R fails V_IH or "
                "V_IL" % (vcc, R_PROG[0]))
    return ("spice: ISP MOSI at 1 MHz SCK, %.1f V: a programmer of %g R up to %.0f R meets "
            "V_IH and V_IL" % (vcc, R_PROG[0], limit))


def isp_proofs(base, work):
    """(figure lines, failures) of a programmer's MOSI at the MCU pin."""
    figures, fails = [], []
    for vcc in ISP_VCC:
        for r_prog in R_PROG:
            hi, lo = isp(base, work, vcc, r_prog)
            figures.append("spice: ISP MOSI at 1 MHz SCK, %.1f V, programmer %g R: a 1 reads "
                           ">= %.2f V (V_IH %.2f), a 0 <= %.2f V (V_IL %.2f)"
                           % (vcc, r_prog, hi, 0.6 * vcc, lo, 0.3 * vcc))
            if hi < 0.6 * vcc or lo > 0.3 * vcc:
                fails.append("ISP at %.1f V through %g R: MOSI reads %.2f V for a 1, %.2f V "
                             "for a 0 (V_IH %.2f, V_IL %.2f)"
                             % (vcc, r_prog, hi, lo, 0.6 * vcc, 0.3 * vcc))
    vcc = ISP_VCC[0]

    def passes(r_prog):
        one, zero = isp(base, work, vcc, r_prog)
        return one >= 0.6 * vcc and zero <= 0.3 * vcc
    figures.append(isp_limit_line(vcc, isp_limit(passes)))
    return figures, fails


def proofs(lines, harness, work):
    """(figure lines, failure messages) of the tone and ISP proofs. The MCU's own PB3
    source of spice_proofs' harness stays hi-Z here."""
    element, pz = piezo(lines)
    cmax = c_max()
    base = [ln for ln in lines if ln.split()[:1] not in ([element.upper()], [element])]
    base += ["%s %s 0 %g" % (element.upper(), pz, cmax)] + harness
    work = os.path.join(work, "sound")
    tf, tfails = tone_proofs(base, pz, work, cmax)
    isf, ifails = isp_proofs(base, work)
    return tf + isf, tfails + ifails
