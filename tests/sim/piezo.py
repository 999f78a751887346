"""tests/sim/piezo.py - a model of the sounder as people hear it: the PS1240P02BT's sound
pressure at 10 cm, A-weighted, for each note of the sound table, from the figures in
schematics/parts.json (BZ1 and R13; the one place for them).

- The drive: the pin's square wave, 0 to VCC (5 V), its odd harmonics (2 VCC / pi n)
  up to 20 kHz, through R13 into the piezo's capacitance (a first-order low-pass; the
  pin's own 25 ohm left out).
- The transducer: TDK's sheet gives one figure (sound_dba_min at sound_cm, for a square
  from 0 to sound_drive_v0p at resonance_hz: the level is a minimum, so are these); its
  curve is not given as figures, so the response is a second-order resonance at
  resonance_hz with Q resonance_q (parts.json says why),
  1 / sqrt(1 + Q^2 (f/f0 - f0/f)^2), the shape Web Audio's band-pass makes, which the
  page plays through (piezo.json, below).
- The ear: A-weighting (IEC 61672-1); `weighted=False` leaves it out (the page's
  rendering has none: a person's ear does it).
- A sound's level: the energy mean over its span, first note to last, rests silent.
- How rough a sound is: `roughness()`, what sets the ignored press's buzz apart (how
  alike two sounds' figures are: tests/game/test_game_sounds.c).

usage: python3 -m tests.sim.piezo json [PARTS_JSON]              the page's figures
       python3 -m tests.sim.piezo levels SOUNDS_JSON [PARTS_JSON] each note's level, JSON
       python3 -m tests.sim.piezo bench SOUNDS_JSON [PARTS_JSON]  make bench's figures
"""
import json
import math
import sys
from dataclasses import dataclass

import numpy as np

from schematics.gen import parts as partdata
from tests.sim import listen

VCC = 5.0
AUDIBLE_HZ = 20000.0
ROUGH_HZ = (20.0, 300.0)
ENVELOPE_FFT = 8192  # ms: the envelope zero-padded, 0.12 Hz a bin


@dataclass
class Piezo:
    f0: float          # Hz, the resonance
    q: float
    r: float           # ohm, the series resistor
    c: float           # farad, the piezo's capacitance
    dba_min: float     # the sheet's level at its drive
    drive_v0p: float   # the sheet's square drive, zero to peak


def ohms(value):
    """A resistor's value as parts.json writes it ("1k", "220", "4k7") in ohms."""
    for unit, scale in (("M", 1e6), ("k", 1e3), ("R", 1.0)):
        if unit in value:
            whole, _, frac = value.partition(unit)
            return float((whole or "0") + "." + (frac or "0")) * scale
    return float(value)


def load(path=partdata.PARTS_JSON, q=None):
    """The model from parts.json; q overrides the resonance's Q (the range's ends)."""
    refs = partdata.by_ref(partdata.load(path))
    bz = refs["BZ1"]
    return Piezo(f0=float(bz["resonance_hz"]), q=float(q or bz["resonance_q"]),
                 r=ohms(refs["R13"]["value"]), c=bz["capacitance_nf"] * 1e-9,
                 dba_min=float(bz["sound_dba_min"]), drive_v0p=float(bz["sound_drive_v0p"]))


def a_weight_db(f):
    """IEC 61672-1's A-weighting in dB (0 at 1 kHz), f > 0 (a number or an array)."""
    f2 = f * f
    ra = (12194.0 ** 2 * f2 * f2) / ((f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2)
                                     * (f2 + 737.9 ** 2)) * (f2 + 12194.0 ** 2))
    return 20 * np.log10(ra) + 2.0


def resonance(m, f):
    """The transducer's pressure per volt at f > 0, 1 at its resonance."""
    x = f / m.f0 - m.f0 / f
    return 1.0 / np.sqrt(1.0 + m.q * m.q * x * x)


def low_pass(m, f):
    """The piezo's share of the pin's voltage at f (R13 into its capacitance)."""
    return 1.0 / np.sqrt(1.0 + (2 * math.pi * f * m.r * m.c) ** 2)


def response(m, f, weighted=True):
    """The pin's volts to pressure at f > 0, through R13, the transducer and the ear."""
    h = low_pass(m, f) * resonance(m, f)
    return h * 10 ** (a_weight_db(f) / 20) if weighted else h


def power(m, hz, amplitude, weighted=True, through_r=True):
    """The pressure squared (arbitrary unit) of a square wave whose fundamental has
    `amplitude` volts, its odd harmonics up to 20 kHz."""
    n = np.arange(1, int(AUDIBLE_HZ / hz) + 1, 2)
    p = amplitude / n * response(m, n * hz, weighted) / (1.0 if through_r else low_pass(m, n * hz))
    return float(np.sum(p * p))


def offset_db(m, weighted=True):
    """dB to add to 10 log10(power): the sheet's drive (a square from 0 to drive_v0p,
    straight from its driver) at its resonance gives its level."""
    sheet = power(m, m.f0, 2 / math.pi * m.drive_v0p, weighted, through_r=False)
    return m.dba_min - 10 * math.log10(sheet)


def note_db(m, hz, weighted=True):
    """A note's level at 10 cm (dB(A), or dB unweighted), driven as the board drives it."""
    if not hz:
        return -math.inf
    return 10 * math.log10(power(m, hz, 2 * VCC / math.pi, weighted)) + offset_db(m, weighted)


def sound_db(m, notes, weighted=True):
    """A sound's level: the energy mean of its notes [(hz, ms)] over its span."""
    span = sum(ms for _, ms in notes)
    energy = sum(ms * 10 ** (note_db(m, hz, weighted) / 10) for hz, ms in notes if hz)
    return 10 * math.log10(energy / span)


def envelope(notes):
    """1 where a sound sounds, 0 where it rests, per ms over its span."""
    return np.concatenate([np.full(ms, 1.0 if hz else 0.0) for hz, ms in notes])


def roughness(notes):
    """How much of a sound's loudness flutters in the range the ear hears as roughness
    (20-300 Hz; Zwicker and Fastl, Psychoacoustics, ch. 11): the share of its envelope's
    power (mean removed) there. A buzz is rough (a tone chopped at 50 Hz: about 0.9); a
    tone, a chirp or notes a few per second are not (0-0.2)."""
    e = envelope(notes)
    spec = np.abs(np.fft.rfft(e - e.mean(), ENVELOPE_FFT)) ** 2
    f = np.fft.rfftfreq(ENVELOPE_FFT, 1e-3)
    flutter = spec[1:].sum()
    if flutter < 1e-9:  # a steady tone
        return 0.0
    return float(spec[(f >= ROUGH_HZ[0]) & (f <= ROUGH_HZ[1])].sum() / flutter)


def heard(m, x, weighted=True):
    """A WAV of the pin (sim/sound_wav.c: 44.1 kHz, a swing of listen.SWING for VCC) as
    the sounder makes it: pressure in volts of the pin's, the model's filters applied."""
    f = np.fft.rfftfreq(len(x), 1.0 / listen.RATE)
    h = np.zeros(len(f))
    h[1:] = response(m, f[1:], weighted)
    return np.fft.irfft(np.fft.rfft(x) * h, len(x)) * VCC / listen.SWING


def heard_db(m, x, spans, weighted=True):
    """The levels at 10 cm of a WAV of the pin over each span [a, b) of its samples: the
    same figure as note_db() for a note, measured on the firmware's own output."""
    p = heard(m, x, weighted)
    return [10 * np.log10(2 * np.mean(p[a:b] ** 2)) + offset_db(m, weighted)
            for a, b in spans]


def table(path, key="sounds"):
    """build/gen/sounds.json as {name: [(hz, ms)]}, in its order: the table's sounds, or
    with key "voices" the cells' voices (x1, o1, e1, ... e9)."""
    with open(path) as f:
        sounds = json.load(f)[key]
    return {s["name"]: [(n["hz"], n["ms"]) for n in s["notes"]] for s in sounds}


def cell_bench(m, voices, wide=()):
    """make bench's figures of the cells' voices: the quietest (a goal of audibility of
    its own, tests/docs/figures.py: the cells keep their scale, F to G about the
    resonance, and its ends sit below it), and the spread of the nine; the quietest at
    each Q of `wide` too."""
    level = [sound_db(m, notes) for notes in voices.values()]
    out = [("sound_cell_level_db_min", round(min(level), 1)),
           ("sound_cell_spread_db", round(max(level) - min(level), 1))]
    for q in wide:
        mq = Piezo(**dict(m.__dict__, q=q))
        out.append(("sound_cell_level_db_min_q%g" % q,
                    round(min(sound_db(mq, n) for n in voices.values()), 1)))
    return out


APART = ("ignored", "toy")


def bench(m, sounds, wide=()):
    """make bench's figures: [(name, value)]. The spread is over every sound but the
    ignored buzz and toddler mode's toy, which have goals of their own
    (tests/docs/figures.py): the toy sits in the two pitches the others leave free
    (tests/game/test_game_sounds.c), below the resonance, and a mashing child's sounds
    may well be softer than the game's."""
    level = {name: sound_db(m, notes) for name, notes in sounds.items()}
    core = [v for name, v in level.items() if name not in APART]
    out = [("sound_level_db_" + name, round(v, 1)) for name, v in level.items()]
    out.append(("sound_level_spread_db", round(max(core) - min(core), 1)))
    out.append(("sound_ignored_below_loudest_db",
                round(max(level.values()) - level["ignored"], 1)))
    others = [roughness(n) for name, n in sounds.items() if name != "ignored"]
    gap = roughness(sounds["ignored"]) - max(others)
    out.append(("sound_ignored_roughness_gap", round(gap, 2)))
    if "toy" in level:
        out.append(("sound_toy_below_loudest_db", round(max(level.values()) - level["toy"], 1)))
    for q in wide:
        mq = Piezo(**dict(m.__dict__, q=q))
        lv = [sound_db(mq, n) for name, n in sounds.items() if name not in APART]
        out.append(("sound_level_spread_db_q%g" % q, round(max(lv) - min(lv), 1)))
    return out


def page_figures(m):
    """The figures of the page's filters (sim/web/src/sound.js, piezoFilters)."""
    return {"resonance_hz": m.f0, "q": m.q, "r_ohm": m.r, "c_farad": m.c}


def levels(m, sounds):
    """Each note's level, dB unweighted and dB(A), for the page's test."""
    return {name: [{"hz": hz, "ms": ms, "db": round(note_db(m, hz, False), 2) if hz else None,
                    "dba": round(note_db(m, hz), 2) if hz else None} for hz, ms in notes]
            for name, notes in sounds.items()}


def main(argv):
    if len(argv) < 2 or argv[1] not in ("json", "levels", "bench"):
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    if argv[1] == "json":
        m = load(*argv[2:3])
        print(json.dumps(page_figures(m)))
        return 0
    if len(argv) < 3:
        print("piezo: %s needs SOUNDS_JSON" % argv[1], file=sys.stderr)
        return 2
    m, sounds, voices = load(*argv[3:4]), table(argv[2]), table(argv[2], "voices")
    if argv[1] == "levels":
        print(json.dumps(levels(m, dict(sounds, **voices)), indent=1))
        return 0
    q_range = partdata.by_ref(partdata.load(*argv[3:4]))["BZ1"]["resonance_q_range"]
    for name, value in bench(m, sounds, q_range) + cell_bench(m, voices, q_range):
        print(name, value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
