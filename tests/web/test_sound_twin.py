"""tests/web/test_sound_twin.py - the sound twin test: the same scripted sessions on simavr
(`ttt-sim --wav`) and avr8js (`ttt-sim-js --wav`) give the same WAV, sample for sample
(both emulators count the chip's cycles and time each edge of the pin at its Timer2
tick: sim/README.md, "Cycle for cycle"); and the notes found in each alone and measured
by an FFT (tests/sim/listen.py) agree, each one's onset within 5 ms and frequency within
1 % of its twin's, with no sound outside them (so that a WAV that differs says how);
each note as loud as its twin through the sounder's model (tests/sim/piezo.py, dB(A) at
10 cm) within LEVEL_DB, and as loud as the model says of the table's notes
(tests/sim/test_sound.py's level_errors).
Sessions: the firmware's (tests/sim/test_sound.py's SESSIONS: presses, the menu, a win, a
draw, a loss; not the wake-up after five idle minutes, 20 s on avr8js alone, which
test-sim-sound hears), each WAV also holding the sounds of build/gen/sounds.json
(`check_sounds`); simavr's probe (tests/sim/probe_sound.c, its sequence at boot, busy waits under
Timer0's interrupt), the web probe (tests/web/sound_fw.c: notes on command, a tone that
stops with the pin high, so the next starts high at once: the OC2A latch, avr8js gap
12). The web probe has no interrupt, so its onsets agree within 0.1 ms: a latch
forgotten moves a note's first edge by a half period. The planted case: the avr8js WAV
2 % sharp, 10 ms late, and a note 1 dB quieter, must be caught.

run by `make test-web-sound-twin` (tests/web/web.mk: TTT_SIM, TTT_SIM_JS, the images,
SOUNDS_JSON, TTT_BOARD_SOUND)"""
import json
import os
import subprocess

import numpy as np
import pytest

from tests.sim import listen, piezo
from tests.sim.test_sound import SESSIONS as FW_SESSIONS, TRIM_MS, check_sounds, level_errors

ONSET_MS = 5.0
HZ_SHARE = 0.01
LEVEL_DB = 0.5

# name: (the image's variable, the session in the --stdio protocol, notes at least,
# onsets within ms)
SESSIONS = {
    "probe-sound": ("PROBE_SOUND", "wait 700\n", 6, ONSET_MS),
    "web-probe": ("SOUND_FW", "wait 50\nserial play\nwait 800\nserial high\nwait 400\n", 5, 0.1),
}


def fitted():
    """The board has a sounder (TTT_BOARD_SOUND, from its pin map): else all is silence."""
    return os.environ.get("TTT_BOARD_SOUND", "1") != "0"


def sounds_table():
    with open(need("SOUNDS_JSON")) as f:
        table = json.load(f)
    return {s["name"]: [(n["hz"], n["ms"]) for n in s["notes"]]
            for s in table["sounds"] + table["voices"]}


def need(name):
    path = os.environ.get(name)
    if not path or not os.path.exists(path):
        pytest.fail("%s: %r is not built (make test-web-sound-twin builds it)" % (name, path))
    return path


def run_pair(image, script, tmp_path, name):
    """One session with --wav on both emulators at once: (simavr's, avr8js's) samples; the
    two transcripts (serial lines, LED pictures) the same."""
    runs = []
    for sim, side in ((need("TTT_SIM"), "simavr"), (need("TTT_SIM_JS"), "avr8js")):
        path = str(tmp_path / ("%s-%s.wav" % (name, side)))
        p = subprocess.Popen([sim, "--stdio", "--wav", path, image], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        runs.append((sim, p, path))
    out, said = [], []
    for sim, p, path in runs:
        stdout, stderr = p.communicate(script + "quit\n", timeout=120)
        assert p.returncode == 0, "%s exit status %d: %s" % (sim, p.returncode, stderr)
        assert "error" not in stdout, stdout
        out.append(listen.read_wav(path))
        said.append(stdout)
    # probe_sound's tcnt2 lines
    assert said[0] == said[1], "the transcripts differ:\n%s\n%s" % tuple(said)
    return out


def differences(a, b, onset_ms=ONSET_MS):
    """What differs between two lists of notes (b the twin): count, onset, frequency."""
    if len(a) != len(b):
        return ["%d notes against %d: %s / %s" % (len(a), len(b), fmt(a), fmt(b))]
    errs = []
    for i, (na, nb) in enumerate(zip(a, b)):
        if abs(na.start - nb.start) * 1000 > onset_ms:
            errs.append("note %d: onset %.2f ms against %.2f"
                        % (i + 1, na.start * 1e3, nb.start * 1e3))
        if abs(na.hz - nb.hz) > HZ_SHARE * nb.hz:
            errs.append("note %d: %.2f Hz against %.2f" % (i + 1, na.hz, nb.hz))

    return errs


def level_differences(a, na, b, nb):
    """What differs between two WAVs' notes in loudness through the sounder's model (the
    same notes, in order): a list of messages, empty when each pair is within LEVEL_DB."""
    m, trim = piezo.load(), int(TRIM_MS * listen.RATE / 1000)
    spans = [[(int(n.start * listen.RATE) + trim, int((n.start + n.ms / 1000) * listen.RATE) - trim)
              for n in ns] for ns in (na, nb)]
    la, lb = piezo.heard_db(m, a, spans[0]), piezo.heard_db(m, b, spans[1])
    return ["note %d (%.0f Hz): %.2f dB(A) against %.2f" % (i + 1, n.hz, x, y)
            for i, (n, x, y) in enumerate(zip(nb, la, lb)) if abs(x - y) > LEVEL_DB]


def fmt(notes):
    return ", ".join("%.2f Hz %.1f ms at %.2f" % (n.hz, n.ms, n.start * 1e3) for n in notes)


def twin(tmp_path, name):
    image, script = SESSIONS[name][:2]
    return run_pair(need(image), script, tmp_path, name)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_twin(tmp_path, name):
    a, b = twin(tmp_path, name)
    na, nb = listen.notes(a), listen.notes(b)
    print("\n%s simavr: %s\n%s avr8js: %s" % (name, fmt(na), name, fmt(nb)))
    assert len(a) == len(b), "lengths %d and %d" % (len(a), len(b))
    if not fitted():
        # no sounder on the board: avr8js hears nothing (simavr's part still records OC2A,
        # which only a probe toggles there)
        assert nb == [], "no sounder fitted, yet notes"
        return
    assert len(nb) >= SESSIONS[name][2], "notes missing: %s" % fmt(nb)
    assert differences(na, nb, SESSIONS[name][3]) == []
    assert (listen.stray(a, na), listen.stray(b, nb)) == (0, 0)
    assert np.array_equal(a, b), "the WAVs differ from sample %d" % np.argmax(a != b)


@pytest.mark.parametrize("name", sorted(set(FW_SESSIONS) - {"wake"}))
def test_firmware_twin(tmp_path, name):
    script, names = FW_SESSIONS[name]
    if not fitted():
        names = []
    a, b = run_pair(need("TTT_ELF"), "\n".join(script) + "\n", tmp_path, name)
    na, nb = listen.notes(a), listen.notes(b)
    print("\n%s simavr: %s\n%s avr8js: %s" % (name, fmt(na), name, fmt(nb)))
    assert len(a) == len(b), "lengths %d and %d" % (len(a), len(b))
    assert differences(na, nb) == []
    assert check_sounds(nb, names, sounds_table()) == []
    assert (listen.stray(a, na), listen.stray(b, nb)) == (0, 0)
    assert level_differences(a, na, b, nb) == []
    assert level_errors(piezo.load(), b, nb) == []
    assert np.array_equal(a, b), "the WAVs differ from sample %d" % np.argmax(a != b)


def test_planted(tmp_path):
    if not fitted():
        pytest.skip("no sounder fitted: nothing to plant in")
    _, b = twin(tmp_path, "web-probe")
    nb = listen.notes(b)
    sharp = np.round(listen.render(listen.edges(b) / 1.02, len(b)))
    late = np.concatenate((np.zeros(441), b))
    assert any("Hz" in e for e in differences(listen.notes(sharp), nb)), "2 % sharp not caught"
    assert any("onset" in e for e in differences(listen.notes(late), nb)), "10 ms late not caught"
    quiet, n = b.copy(), nb[0]
    quiet[int(n.start * listen.RATE):int((n.start + n.ms / 1000) * listen.RATE)] *= 10 ** (-1 / 20)
    assert level_differences(b, nb, quiet, nb), "a note 1 dB quieter not caught"
