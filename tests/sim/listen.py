"""tests/sim/listen.py - what a WAV of the sounder says: its notes, found in the sound alone.

A WAV from `ttt-sim --wav` (or `ttt-sim-js --wav`) is a square wave from the pin,
box-filtered per sample and high-passed (sim/sound_wav.h). The pin's edges show in it as
jumps of the whole swing, spread over at most two samples, so:

- edges: steps of one sign that add up to over half the swing, each edge's time the
  centre of its steps (exact for a box-filtered edge);
- notes: runs of edges evenly spaced (each half period within 3 % of the run's median);
  a gap of more than 4 half periods, or a change of spacing, ends one;
- each note's frequency by FFT: its samples Hann-windowed, zero-padded to 64 times the
  length, the strongest peak from 20 Hz to 20 kHz, refined by a parabola through the
  log magnitudes; its length from its first edge to its last plus one half period;
- silence: every sample outside the notes changes by less than 2 % of the swing from the
  one before (the high-pass's slow decay is silence).

`check(notes, expected)` compares them with a list of (hz, ms) from build/gen/sounds.json.
"""
import struct
from dataclasses import dataclass

import numpy as np

RATE = 44100
SWING = 2 * 12000  # a toggling pin's swing in the WAV (SOUND_WAV_AMPLITUDE, -1 to +1)
HZ_TOLERANCE = 0.01
SPACING_TOLERANCE = 0.03


@dataclass
class Note:
    start: float  # seconds: one half period before the first edge (the note's start)
    ms: float     # length: first edge to last, plus a half period
    hz: float     # by FFT
    edges: int


def read_wav(path):
    """The samples of a mono 16-bit PCM WAV at 44.1 kHz, as floats."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"RIFF" or data[8:16] != b"WAVEfmt ":
        raise ValueError("%s: not a WAV file" % path)
    fmt, channels, rate, _, _, bits = struct.unpack("<HHIIHH", data[20:36])
    if (fmt, channels, rate, bits) != (1, 1, RATE, 16):
        raise ValueError("%s: not mono 16-bit PCM at 44.1 kHz (%d, %d, %d, %d)"
                         % (path, fmt, channels, rate, bits))
    size = struct.unpack("<I", data[40:44])[0]
    return np.frombuffer(data[44:44 + size], dtype="<i2").astype(np.float64)


def edges(x, swing=SWING):
    """Each edge's time in samples from the WAV's start: a run of steps of one sign, each
    over 1 % of the swing (the high-pass moves a sample by 0.3 % at most), together over
    half of it (a box-filtered edge inside a sample splits the swing between two steps);
    its time their centre of mass plus one (exact for a box-filtered edge)."""
    d = np.diff(x)
    big = np.flatnonzero(np.abs(d) > 0.01 * swing)
    out, group = [], []
    for k in list(big) + [None]:
        if group and (k is None or k != group[-1] + 1 or d[k] * d[group[-1]] < 0):
            w = np.abs(d[group])
            if w.sum() > swing / 2:
                out.append(float(np.dot(group, w) / w.sum()) + 1.0)
            group = []
        if k is not None:
            group.append(k)
    return np.array(out)


def render(times, n, amplitude=SWING / 2):
    """The WAV sim/sound_wav.c writes for a pin low from the start that changes at each
    time (in samples): the twin of the C writer, for planting mistakes and checking it."""
    high = np.zeros(n + 1)
    for a, b in zip(times[0::2], list(times[1::2]) + [float(n)]):
        ka, kb = int(a), int(b)
        if ka == kb:
            high[ka] += b - a
            continue
        high[ka] += ka + 1 - a
        high[ka + 1:kb] += 1
        high[kb] += b - kb
    x, y = 2 * high[:n] - 1, np.zeros(n)
    r, x1, y1 = 1 - 2 * np.pi * 20 / RATE, -1.0, 0.0
    for k in range(n):
        y1 = x[k] - x1 + r * y1
        x1, y[k] = x[k], y1
    return np.clip(np.round(y * amplitude), -32768, 32767)


def runs(e):
    """The edges split into notes: (first, last) edge indices of each run of at least two
    spacings equal within SPACING_TOLERANCE (an odd spacing between two is a note change,
    a stop or a gap)."""
    h = np.diff(e)
    out, i = [], 0
    while i < len(h):
        j = i + 1
        while j < len(h) and abs(h[j] - h[i]) <= SPACING_TOLERANCE * h[i]:
            j += 1
        if j - i >= 2:
            out.append((i, j))
        i = j
    return out


def fft_hz(x, a, b):
    """The strongest frequency in samples a..b, by a zero-padded FFT and a parabola."""
    seg = x[a:b] - np.mean(x[a:b])
    n = len(seg)
    size = 1 << int(np.ceil(np.log2(64 * n)))
    mag = np.abs(np.fft.rfft(seg * np.hanning(n), size))
    lo, hi = int(20 * size / RATE), int(20000 * size / RATE)
    k = lo + int(np.argmax(mag[lo:hi]))
    y0, y1, y2 = np.log(mag[k - 1:k + 2] + 1e-12)
    p = 0.5 * (y0 - y2) / (y0 - 2 * y1 + y2) if y0 - 2 * y1 + y2 else 0.0
    return (k + p) * RATE / size


def notes(x, swing=SWING):
    """The notes of a WAV's samples, in order (swing: a toggling pin's, peak to peak)."""
    e = edges(x, swing)
    out = []
    for first, last in runs(e):
        t = e[first:last + 1]
        half = float(np.median(np.diff(t)))
        a, b = int(t[0]), int(np.ceil(t[-1])) + 1
        out.append(Note(start=(t[0] - half) / RATE, ms=1000 * (t[-1] - t[0] + half) / RATE,
                        hz=fft_hz(x, a, b), edges=len(t)))
    return out


def stray(x, found, swing=SWING):
    """Samples outside the notes that are not silence (see the module's docstring). A
    note's region runs two of its half periods past its edges: the pin's last edge as a
    tone stops, and the odd spacing where one note changes to the next, lie there."""
    quiet = np.ones(len(x), dtype=bool)
    for n in found:
        half = RATE / (2 * n.hz)
        a = int(n.start * RATE - half) - 2
        b = int(n.start * RATE + n.ms * RATE / 1000 + 2 * half) + 3
        quiet[max(a, 0):b] = False
    d = np.abs(np.diff(x))
    return int(np.count_nonzero((d > 0.02 * swing) & quiet[1:]))


def check(found, expected, ms_tolerance=1.0):
    """What differs between the notes found and the expected ones, a list of (hz, ms) with
    rests as hz 0 (a rest is the gap between two notes): a list of messages, empty when
    they agree. Frequencies within HZ_TOLERANCE; lengths and rests within ms_tolerance
    plus a half period (a tone ends with the edge that follows its last whole half
    period)."""
    tones = [(hz, ms) for hz, ms in expected if hz]
    if len(found) != len(tones):
        return ["%d notes heard, %d expected: heard %s" % (
            len(found), len(tones), ", ".join("%.0f Hz %.1f ms" % (n.hz, n.ms) for n in found))]
    problems, k, rest = [], 0, None
    for hz, ms in expected:
        if not hz:
            rest = ms
            continue
        n = found[k]
        slack = ms_tolerance + 500.0 / hz
        if abs(n.hz - hz) > HZ_TOLERANCE * hz:
            problems.append("note %d: %.2f Hz, expected %.2f Hz" % (k + 1, n.hz, hz))
        if abs(n.ms - ms) > slack:
            problems.append("note %d (%.0f Hz): %.2f ms, expected %g" % (k + 1, hz, n.ms, ms))
        if k:
            gap = 1000 * n.start - 1000 * found[k - 1].start - found[k - 1].ms
            if abs(gap - (rest or 0)) > slack:
                problems.append("before note %d: %.2f ms of silence, expected %g"
                                % (k + 1, gap, rest or 0))
        k, rest = k + 1, None
    return problems


def twin(a, b, onset_ms=5.0):
    """What differs between two WAVs' notes (a twin test of two emulators): the same
    number of notes, each pair's onsets within onset_ms and frequencies within
    HZ_TOLERANCE. A list of messages, empty when they agree."""
    if len(a) != len(b):
        return ["%d notes against %d" % (len(a), len(b))]
    problems = []
    for k, (m, n) in enumerate(zip(a, b)):
        if abs(m.start - n.start) * 1000 > onset_ms:
            problems.append("note %d: onsets %.2f s and %.2f s" % (k + 1, m.start, n.start))
        if abs(m.hz - n.hz) > HZ_TOLERANCE * n.hz:
            problems.append("note %d: %.2f Hz and %.2f Hz" % (k + 1, m.hz, n.hz))
    return problems
