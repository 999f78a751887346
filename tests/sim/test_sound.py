"""tests/sim/test_sound.py - tests that listen: `ttt-sim --wav` sessions, their notes found
in the WAV alone (tests/sim/listen.py) and held to what was played.

- The firmware (ttt.elf built for a board with a sounder): scripted sessions (SESSIONS)
  that make every sound of build/gen/sounds.json; each WAV must hold exactly the
  session's sounds in order, every note's frequency within 1 % and its length within
  1 ms and a half period of the table (rests too), and silence everywhere else. Each WAV
  and its spectrogram stay in build/sound/. At `sound quiet` only the result sounds, at
  `sound off` nothing (and `sound on` all of it again). Built for a board without a sounder
  (TTT_BOARD_SOUND=0: sound compiled out) every session is silent.

- The probe (tests/sim/probe_sound.c, a known Timer2 sequence): every note, its
  frequency within 1 %, its length and the silences; PORTB3 stays as the program wrote
  it while OC2A toggles (the chip's rule, which simavr 1.6's own OC2A breaks: the part
  models it, sim/README.md "Emulator gaps"; that simavr still has the gap is checked too);
  Timer2 counted as the chip does (the part's count, not simavr's): an OCR2A written below
  the count waits for the wrap (that half period exactly 256 + 125 ticks), a stopped
  Timer2 keeps its count and counts on from it.
- The planted mistakes: the same WAV a little sharp, or with a note missing, must fail.
- Loudness: each note of each session's WAV played through the sounder's model
  (tests/sim/piezo.py, heard_db) is as loud as the model says of its frequency
  (note_db, the figures of make bench) within LEVEL_DB: the bench's figures hold for the
  firmware's own output; a planted WAV at 90 % of the swing must differ. The sound as
  the piezo makes it, its spectrogram: build/sound/SESSION-heard.png.
"""
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from tests.sim import listen, piezo, spectrogram

SOUND_DIR = "build/sound"  # the sessions' WAVs and spectrograms, kept for people to look at

PROBE_BUZZ_HZ = 16e6 / (2 * 256 * 156)
# probe_sound.c's sequence: (Hz, ms), 0 Hz a rest; its lengths are busy waits that
# Timer0's interrupt stretches by a few percent, hence PROBE_MS_TOLERANCE.
PROBE_NOTES = [(1000, 50), (0, 30), (4000, 20), (8000, 40), (0, 30), (PROBE_BUZZ_HZ, 80),
               (2000, 60), (0, 50), (4000, 10)]
PROBE_MS_TOLERANCE = 6.0


def run_wav(sim, image, script, wav, env=None):
    """ttt-sim --stdio --wav on image with the script's lines: its output lines, and what it
    said on stderr."""
    out = subprocess.run([sim, "--stdio", "--wav", str(wav), image], input="\n".join(script)
                         + "\nquit\n", capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, **(env or {})), check=True)
    return out.stdout.splitlines(), out.stderr


LEVEL_DB = 0.5
TRIM_MS = 2.0  # the resonance's ring (Q / pi f0: 0.4 ms at 4 kHz) left out of each note

TAP_WAIT = "wait 1000"


def taps(*cells):
    """Script lines: a tap on each cell, a second apart (a click, and the AI's answer)."""
    return [line for c in cells for line in ("press %d" % c, TAP_WAIT)]


def two_players(*cells):
    return ["serial new 2p", "wait 500"] + taps(*cells)


BOOT = ["wait 1500"]
WIN_2P = two_players(1, 4, 2, 5, 3)  # X 1 2 3
# Each session: its script, the sounds it makes in order (a move sings its cell: x5 is X's
# voice on cell 5, o5 O's, e5 an empty cell heard). The event that ends a game sounds its
# result alone (firmware/README.md, "Sound": the result stays over the move's voice).
# As X against the perfect AI, 1 2 4 loses whatever it draws: a corner's only perfect
# answer is the centre, then the block at 3, then 7 wins.
# The board sleeps after 5 idle minutes; a console line wakes it (and is refused). At
# `sound quiet` only results sound, at `sound off` nothing: a press on a taken cell, clicks,
# a win, the menu (held once the result's 2 s are over).
EVERY_KIND = two_players(1, 1, 4, 2, 5, 3) + ["wait 1500", "hold 5 2500", "wait 1000"]
# Play by ear: the board read (a hold on cell 3: a click, then x1 and o5, rests between),
# then an empty cell heard (a long press on 9); at `sound quiet` both still sound.
BY_EAR = two_players(1, 5) + ["hold 3 2500", "wait 3000", "hold 9 1000", "wait 1000"]
SESSIONS = {
    "press": (BOOT + taps(1, 1), ["x1", "o5", "ignored"]),
    "menu": (BOOT + ["hold 5 2500", "wait 1500", "hold 5 2500", "wait 1000"],
             ["menu_open", "menu_close"]),
    "win": (BOOT + WIN_2P, ["x1", "o4", "x2", "o5", "win"]),
    "draw": (BOOT + two_players(1, 2, 3, 5, 4, 6, 8, 7, 9),
             ["x1", "o2", "x3", "o5", "x4", "o6", "x8", "o7", "draw"]),
    "loss": (BOOT + taps(1, 2, 4), ["x1", "o5", "x2", "o3", "x4", "loss"]),
    "by_ear": (BOOT + BY_EAR, ["x1", "o5", "click", "x1", "o5", "e9"]),
    "by_ear_quiet": (BOOT + ["serial sound quiet", "wait 500"] + BY_EAR,
                     ["click", "x1", "o5", "e9"]),
    "wake": (BOOT + ["wait 301000", "serial board", "wait 1000"], ["wake"]),
    # a palm (three keys at once) makes the board a toy: each key down chirps, no click;
    # a calm tap (a second after the last key) clicks and gives the game back
    "toy": (BOOT + ["down 1", "down 2", "down 3", "wait 200", "up 1", "up 2", "up 3",
                    "wait 500", "press 7", "wait 300", "press 8", "wait 1500", "press 5",
                    TAP_WAIT], ["toy"] * 3 + ["click"]),
    "quiet": (BOOT + ["serial sound quiet", "wait 500"] + EVERY_KIND, ["win"]),
    "off": (BOOT + ["serial sound off", "wait 500"] + EVERY_KIND, []),
    "on": (BOOT + ["serial sound on", "wait 500"] + EVERY_KIND,
           ["x1", "ignored", "o4", "x2", "o5", "win", "menu_open"]),
}


@pytest.fixture(scope="module")
def sounds():
    path = os.environ.get("SOUNDS_JSON", "build/gen/sounds.json")
    if not os.path.exists(path):
        pytest.fail("%s is not built (make test-sim-sound builds it)" % path)
    with open(path) as f:
        table = json.load(f)
    return {s["name"]: [(n["hz"], n["ms"]) for n in s["notes"]]
            for s in table["sounds"] + table["voices"]}


def check_sounds(found, names, sounds):
    """What differs between the notes found and the named sounds played in order (the
    silence between two sounds is free): a list of messages, empty when they agree."""
    want = sum(len([n for n in sounds[name] if n[0]]) for name in names)
    if len(found) != want:
        return ["%d notes heard, %d expected (%s): heard %s" % (
            len(found), want, " ".join(names) or "silence",
            ", ".join("%.0f Hz %.1f ms" % (n.hz, n.ms) for n in found))]
    problems, k = [], 0
    for name in names:
        count = len([n for n in sounds[name] if n[0]])
        problems += ["%s: %s" % (name, p) for p in listen.check(found[k:k + count], sounds[name])]
        k += count
    return problems


def test_every_sound_has_a_session(sounds):
    """Every sound of the table, and each mark's voice on some cell."""
    heard = {name for _, names in SESSIONS.values() for name in names}
    assert heard <= set(sounds)
    assert {n for n in sounds if n[1:] not in "123456789"} <= heard
    assert {n[0] for n in heard if n[1:] and n[1:] in "123456789"} == set("xoe")


KEY_WAKE = BOOT + ["wait 301000", "press 9", "wait 1000"]


@pytest.fixture(scope="module")
def session_wavs(sim, elf):
    """Every session's WAV (and the key wake's), two simulations at a time (2 cores)."""
    os.makedirs(SOUND_DIR, exist_ok=True)
    scripts = dict({name: script for name, (script, _) in SESSIONS.items()}, key_wake=KEY_WAKE)
    wavs = {name: os.path.join(SOUND_DIR, name + ".wav") for name in scripts}
    with ThreadPoolExecutor(max_workers=2) as pool:
        said = list(pool.map(lambda n: run_wav(sim, elf, scripts[n], wavs[n])[1],
                             sorted(scripts, key=lambda n: -simulated_ms(scripts[n]))))
    assert said == [""] * len(scripts)
    return wavs


def simulated_ms(script):
    """How long a script runs the board (the longest first keeps both cores busy)."""
    return sum(int(line.split()[-1]) if line.split()[0] in ("wait", "hold") else 80
               for line in script if line.split()[0] in ("wait", "hold", "press"))


@pytest.mark.parametrize("session", sorted(SESSIONS))
def test_firmware_session(session, session_wavs, sounds):
    names = SESSIONS[session][1]
    if os.environ.get("TTT_BOARD_SOUND", "1") == "0":
        names = []
    wav = session_wavs[session]
    x = listen.read_wav(wav)
    found = listen.notes(x)
    a = max(0, int((found[0].start - 0.5) * listen.RATE)) if found else 0  # the sounds
    spectrogram.write(x[a:], wav[:-4] + ".png", "ttt.elf, session '%s': %s"
                      % (session, " ".join(names) or "silence"), t0=a / listen.RATE)
    assert check_sounds(found, names, sounds) == []
    assert listen.stray(x, found) == 0
    if not names:
        assert len(listen.edges(x)) == 0


def level_errors(m, x, found):
    """Each found note's level in the WAV through the model against the model's level of
    its frequency: a list of messages, empty when they agree within LEVEL_DB."""
    trim = int(TRIM_MS * listen.RATE / 1000)
    spans = [(int(n.start * listen.RATE) + trim, int((n.start + n.ms / 1000) * listen.RATE) - trim)
             for n in found]
    heard = piezo.heard_db(m, x, spans)
    return ["%.0f Hz: %.2f dB(A) heard, %.2f the model's" % (n.hz, h, piezo.note_db(m, n.hz))
            for n, h in zip(found, heard) if abs(h - piezo.note_db(m, n.hz)) > LEVEL_DB]


@pytest.mark.parametrize("session", sorted(set(SESSIONS) - {"off"}))
def test_firmware_levels(session, session_wavs):
    if os.environ.get("TTT_BOARD_SOUND", "1") == "0":
        pytest.skip("no sounder fitted: nothing to hear")
    wav = session_wavs[session]
    m, x = piezo.load(), listen.read_wav(wav)
    found = listen.notes(x)
    a = max(0, int((found[0].start - 0.5) * listen.RATE)) if found else 0
    spectrogram.write(piezo.heard(m, x[a:], weighted=False), wav[:-4] + "-heard.png",
                      "ttt.elf, session '%s' as the piezo makes it (tests/sim/piezo.py)" % session,
                      t0=a / listen.RATE)
    assert found and level_errors(m, x, found) == []
    assert level_errors(m, 0.9 * x, found) != []  # planted: 90 % of the swing


@pytest.fixture(scope="module")
def probe():
    path = os.environ.get("TTT_PROBE_SOUND", "build/sim/probe_sound.elf")
    if not os.path.exists(path):
        pytest.fail("%s is not built (make test-sim-sound builds it)" % path)
    return path


@pytest.fixture(scope="module")
def probe_wav(sim, probe, tmp_path_factory):
    wav = tmp_path_factory.mktemp("sound") / "probe.wav"
    lines, said = run_wav(sim, probe, ["wait 700"], wav)
    return wav, lines, said


def test_probe_notes(probe_wav):
    wav = probe_wav[0]
    x = listen.read_wav(wav)
    assert len(x) == 700 * 44100 // 1000
    found = listen.notes(x)
    assert listen.check(found, PROBE_NOTES, PROBE_MS_TOLERANCE) == []
    assert listen.stray(x, found) == 0


def test_probe_portb3_as_written(probe_wav):
    lines = probe_wav[1]
    assert "serial portb3 0" in lines and "serial done" in lines


def test_probe_ocr2a_below_count_waits_for_the_wrap(probe_wav):
    """The probe writes OCR2A = 124 while Timer2 (clk/8, CTC to 249) counts past 200: the
    chip's count runs on to 255 and wraps before it matches 124, so from the 4 kHz note's
    last edge to the 8 kHz note's first are (256 + 125) x 8 cycles, 190.5 us (simavr 1.6's
    own Timer2 matched at once: about 100 us; avr8js's wrapped at once: about 125 us)."""
    e = listen.edges(listen.read_wav(probe_wav[0])) / listen.RATE * 1e6  # us
    found = listen.notes(listen.read_wav(probe_wav[0]))
    four = [n for n in found if abs(n.hz - 4000) < 40][0]
    eight = [n for n in found if abs(n.hz - 8000) < 80][0]
    span = e[(e > four.start * 1e6 + 1000) & (e < eight.start * 1e6 + 1000)]
    assert abs(np.max(np.diff(span)) - (256 + 125) * 8 / 16) < 1.0


def test_probe_timer2_keeps_its_count(probe_wav):
    """Stopped at 100 or more, Timer2 keeps its count and counts on from it (simavr 1.6's
    own read 0 once stopped, and restarted from 0)."""
    tcnt = [line.split()[2:] for line in probe_wav[1] if line.startswith("serial tcnt2 ")]
    assert tcnt, probe_wav[1]
    a, b, c = map(int, tcnt[0])
    assert a >= 100 and b == a and c == b + 1


def test_simavr_own_oc2a_writes_portb(sim, probe, tmp_path):
    """simavr 1.6's own OC2A (kept with TTT_SIM_SIMAVR_OC2A) writes the compare level into
    PORTB: the probe reads PORTB3 set in about 4 of 10 reads. A simavr that fixes it fails
    here, and the part's unlinking can go."""
    lines, _ = run_wav(sim, probe, ["wait 700"], tmp_path / "raw.wav",
                       {"TTT_SIM_SIMAVR_OC2A": "1"})
    seen = [int(line.split()[2]) for line in lines if line.startswith("serial portb3 ")]
    assert seen and seen[0] > 100


def test_wav_writer_twin(probe_wav):
    """sim/sound_wav.c and listen.render (box filter, high-pass) agree on the probe's edges
    within 1 % of the swing (an edge's step below that is not seen as part of it), over its
    first 0.2 s: the 1 kHz note, a rest and the 4 kHz one. (Later the 8 kHz note stops
    with a pulse narrower than a sample, which edges() cannot split into its two edges.)"""
    x = listen.read_wav(probe_wav[0])[:int(0.2 * listen.RATE)]
    assert np.max(np.abs(listen.render(listen.edges(x), len(x)) - x)) <= 0.011 * listen.SWING


def test_planted_sharp_is_caught(probe_wav):
    """The probe's edges 2 % early, written as sim/sound_wav.c would: every note 2 % sharp."""
    x = listen.read_wav(probe_wav[0])
    sharp = listen.render(listen.edges(x) / 1.02, len(x))
    problems = listen.check(listen.notes(sharp), PROBE_NOTES, PROBE_MS_TOLERANCE)
    assert sum("Hz, expected" in p for p in problems) == 6


def test_planted_missing_note_is_caught(probe_wav):
    """The 2000 Hz note cut out (its samples held at the level before it)."""
    x = listen.read_wav(probe_wav[0]).copy()
    found = listen.notes(x)
    note = [n for n in found if abs(n.hz - 2000) < 20][0]
    a = int(note.start * listen.RATE) - 1
    x[a:a + int(note.ms * listen.RATE / 1000) + 200] = x[a - 1]
    problems = listen.check(listen.notes(x), PROBE_NOTES, PROBE_MS_TOLERANCE)
    assert problems and "5 notes heard, 6 expected" in problems[0]


def test_probe_spectrogram(probe_wav):
    """build/sound/probe.png: in the middle of each note its column is brightest on the
    note's row (within 2 rows: 1 % of the scale), so the picture shows what was played."""
    x = listen.read_wav(probe_wav[0])
    os.makedirs(SOUND_DIR, exist_ok=True)
    png = os.path.join(SOUND_DIR, "probe.png")
    spectrogram.write(x, png, "probe_sound.elf: tests/sim/probe_sound.c")
    db, hop = spectrogram.magnitudes(x, min(1200, len(x) // 32))
    for n in listen.notes(x):
        column = int((n.start + n.ms / 2000) * listen.RATE / hop)
        assert abs(int(np.argmax(db[:, column])) - spectrogram.row_of(n.hz)) <= 2, n


def test_planted_firmware_mistakes_are_caught(session_wavs, sounds):
    """The win session's WAV 1.5 % sharp: every note caught; its last note cut: caught."""
    if os.environ.get("TTT_BOARD_SOUND", "1") == "0":
        pytest.skip("a board without a sounder: nothing to plant in")
    names = SESSIONS["win"][1]
    x = listen.read_wav(session_wavs["win"])
    e = listen.edges(x)
    sharp = check_sounds(listen.notes(listen.render(e / 1.015, len(x))), names, sounds)
    assert sum("Hz, expected" in p for p in sharp) == len(listen.notes(x))
    cut = listen.render(e[:-20], len(x))  # the last 20 edges gone: the last note shorter
    last = "win: note %d" % len([n for n in sounds["win"] if n[0]])
    assert any(last in p for p in check_sounds(listen.notes(cut), names, sounds))


def test_key_wake_sounds_whole(session_wavs, sounds):
    """Woken by a key, the board plays its whole wake sound (and nothing else)."""
    if os.environ.get("TTT_BOARD_SOUND", "1") == "0":
        pytest.skip("a board without a sounder: nothing to hear")
    x = listen.read_wav(session_wavs["key_wake"])
    assert check_sounds(listen.notes(x), ["wake"], sounds) == []


def test_twin_compare(probe_wav):
    """listen.twin, for the emulators' twin test: a WAV agrees with itself; 6 ms later, or
    2 % sharp, it does not."""
    x = listen.read_wav(probe_wav[0])
    e = listen.edges(x)
    found = listen.notes(x)
    assert listen.twin(found, found) == []
    later = listen.notes(listen.render(e + 0.006 * listen.RATE, len(x)))
    assert len(listen.twin(found, later)) == len(found)
    sharp = listen.notes(listen.render(e / 1.02, len(x)))
    assert any("Hz and" in p for p in listen.twin(found, sharp))
