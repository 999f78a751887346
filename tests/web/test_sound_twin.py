"""tests/web/test_sound_twin.py - the sound twin test: the same scripted sessions on simavr
(`ttt-sim --wav`) and avr8js (`ttt-sim-js --wav`) give WAVs with the same tones, each
one's onset within 5 ms and frequency within 1 % of its twin's.

The tones are measured here: the WAV rule (sim/README.md, "Sound: the sounder pin as a
WAV") makes a low pin 0, so every run of non-zero samples is a high half-period; its
first sample's value says where in that sample the pin rose. Rising edges whose periods
agree within 3 % are one tone, from its first rise to its last fall; its frequency is the
peak of an FFT over its samples (Hann window, zero-padded to 0.2 Hz bins, the peak
interpolated on a parabola). A planted case: the avr8js WAV played 2 % fast, and 10 ms
late, must be caught.

run by `make test-web-sound-twin` (tests/web/web.mk: TTT_SIM, TTT_SIM_JS, SOUND_FW)"""
import os
import subprocess
import wave

import numpy as np
import pytest

RATE = 44100
HIGH = 16384
AGREE = 0.03
ONSET_MS = 5.0
HZ_SHARE = 0.01

# sessions (the --stdio protocol) on the probe image, tests/web/sound_fw.c
PROBE_SESSIONS = {
    "probe-play": "wait 50\nserial play\nwait 800\n",
    "probe-high": "wait 50\nserial high\nwait 400\nserial play\nwait 800\n",
}


def need(name):
    path = os.environ.get(name)
    if not path or not os.path.exists(path):
        pytest.fail("%s: %r is not built (make test-web-sound-twin builds it)" % (name, path))
    return path


def run_wav(sim, image, script, path):
    """One session with --wav; the WAV's samples as floats."""
    p = subprocess.run([sim, "--stdio", "--wav", path, image], input=script + "quit\n",
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, "%s exit status %d: %s" % (sim, p.returncode, p.stderr)
    assert "error" not in p.stdout, p.stdout
    with wave.open(path) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float)


def edges(x):
    """(rises, falls) of the pin, in samples (fractional), from the box-filtered WAV."""
    on = x > 0
    d = np.diff(np.concatenate(([False], on, [False])).astype(int))
    starts, ends = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    rises = starts + 1.0 - x[starts] / HIGH
    falls = ends - 1 + x[ends - 1] / HIGH
    return rises, falls


def fft_hz(x):
    """The strongest frequency of x: Hann window, zero-padded FFT, parabolic peak."""
    n = max(1 << 18, 1 << int(np.ceil(np.log2(len(x)))))
    spec = np.abs(np.fft.rfft((x - x.mean()) * np.hanning(len(x)), n))
    k = int(np.argmax(spec[1:-1])) + 1
    a, b, c = spec[k - 1], spec[k], spec[k + 1]
    return (k + 0.5 * (a - c) / (a - 2 * b + c)) * RATE / n


def tones(x):
    """[(onset_ms, length_ms, hz)]: runs of rises with agreeing periods."""
    rises, falls = edges(x)
    out, i = [], 0
    while i + 1 < len(rises):
        period, j = rises[i + 1] - rises[i], i + 1
        while j + 1 < len(rises) and abs(rises[j + 1] - rises[j] - period) <= AGREE * period:
            j += 1
            period = (rises[j] - rises[i]) / (j - i)
        if j - i >= 2:  # at least two whole periods
            end = falls[j]
            a, b = int(rises[i]), int(np.ceil(end))
            out.append((rises[i] * 1000 / RATE, (end - rises[i]) * 1000 / RATE, fft_hz(x[a:b])))
        i = j
    return out


def differences(a, b):
    """What differs between two tone lists (b the twin): count, onset, frequency."""
    if len(a) != len(b):
        return ["%d tones against %d: %s / %s" % (len(a), len(b), fmt(a), fmt(b))]
    errs = []
    for i, (ta, tb) in enumerate(zip(a, b)):
        if abs(ta[0] - tb[0]) > ONSET_MS:
            errs.append("tone %d: onset %.2f ms against %.2f" % (i, ta[0], tb[0]))
        if abs(ta[2] - tb[2]) > HZ_SHARE * tb[2]:
            errs.append("tone %d: %.2f Hz against %.2f" % (i, ta[2], tb[2]))
    return errs


def fmt(ts):
    return ", ".join("%.1f Hz %.1f ms at %.1f" % (hz, ms, on) for on, ms, hz in ts)


def twin(tmp_path, image, name, script):
    sim, js = need("TTT_SIM"), need("TTT_SIM_JS")
    a = run_wav(sim, image, script, str(tmp_path / (name + "-simavr.wav")))
    b = run_wav(js, image, script, str(tmp_path / (name + "-avr8js.wav")))
    return a, b


@pytest.mark.parametrize("name", sorted(PROBE_SESSIONS))
def test_probe_twin(tmp_path, name):
    a, b = twin(tmp_path, need("SOUND_FW"), name, PROBE_SESSIONS[name])
    ta, tb = tones(a), tones(b)
    print("%s simavr: %s\n%s avr8js: %s" % (name, fmt(ta), name, fmt(tb)))
    assert len(tb) >= 4, "the probe's notes are missing: %s" % fmt(tb)
    assert not differences(ta, tb), differences(ta, tb)


def test_planted(tmp_path):
    _, b = twin(tmp_path, need("SOUND_FW"), "planted", PROBE_SESSIONS["probe-play"])
    tb = tones(b)
    fast = b[np.minimum((np.arange(len(b)) * 1.02).astype(int), len(b) - 1)]
    late = np.concatenate((np.zeros(RATE // 100), b))
    assert any("Hz" in e for e in differences(tones(fast), tb)), "2 % fast not caught"
    assert any("onset" in e for e in differences(tones(late), tb)), "10 ms late not caught"
