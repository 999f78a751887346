"""tests/sim/ear.py - the ear player: a scripted player of the real firmware that hears
only its sound (firmware/README.md, "Play by ear").

Each turn it runs the session so far on an emulator (`ttt-sim --wav` or
`ttt-sim-js --wav`, the same script from power-on: the emulators are deterministic, so
the run repeats every earlier step exactly and adds the new one), finds the notes of the
WAV by FFT (tests/sim/listen.py), names the sounds they make from build/gen/sounds.json
(`hear`: the table's sounds and the cells' voices, the longest that fits first), and
keeps the board it heard: a voice `x5` is X on cell 5, `o5` O. A result replaces the
move that made it, so at a game's end it asks the board by ear (a hold on a cell that is
not the centre: a click, then the nine cells, a voice or a rest each) and takes the
board it hears. It chooses its moves from that board alone (a seeded choice among the
cells it heard empty), in two-player mode for both sides.

The referee is not the player: after every step the console's `board` lines (asked with
`serial board`, which makes no sound) give the real board, compared with the one heard.

usage: python3 -m tests.sim.ear bench SOUNDS_JSON TTT_SIM TTT_SIM_JS ELF
  prints ear_player_games and ear_player_mismatches (make bench-ear)
"""
import json
import os
import random
import subprocess
import sys
import tempfile

from tests.sim import listen

BOOT = ["wait 1500"]
MOVE_WAIT = 1000           # after a press: the AI's answer (200 ms) and its voice
OVER_WAIT = 10000          # after a result: its 2 s, and a loss's replay (at most 8 s)
HOLD_MS = 2500             # the hold that reads the board (GAME_MENU_HOLD_MS is 2 s)
READ_WAIT = 3000           # ... a click and nine cells of 250 ms
READ_CELL = 1              # the hold's cell: a corner, not the centre (the menu's)
HZ_SHARE = 0.015
RESULTS = ("win", "loss", "draw")


def load_sounds(path):
    """build/gen/sounds.json's sounds and voices as {name: [(hz, ms)]}."""
    with open(path) as f:
        table = json.load(f)
    return {s["name"]: [(n["hz"], n["ms"]) for n in s["notes"]]
            for s in table["sounds"] + table["voices"]}


def tones(notes):
    """A sound's tones: (hz, ms, rest before it in ms)."""
    out, rest = [], 0
    for hz, ms in notes:
        if hz:
            out.append((hz, ms, rest))
            rest = 0
        else:
            rest = ms
    return out


def fits(found, want):
    """The notes found, in order, are the tones wanted: each frequency within HZ_SHARE,
    each length and rest within 2 ms and a half period."""
    for k, (n, (hz, ms, rest)) in enumerate(zip(found, want)):
        slack = 2.0 + 500.0 / hz
        if abs(n.hz - hz) > HZ_SHARE * hz or abs(n.ms - ms) > slack:
            return False
        if k and abs(1000 * (n.start - found[k - 1].start) - found[k - 1].ms - rest) > slack:
            return False
    return True


def hear(found, sounds):
    """The sounds the notes make, in order: [(start in s, name)], a note that fits no
    sound named '?'. The sound of the most tones that fits is taken first."""
    table = sorted(((name, tones(notes)) for name, notes in sounds.items()),
                   key=lambda t: -len(t[1]))
    out, k = [], 0
    while k < len(found):
        name = next((nm for nm, t in table
                     if len(found) - k >= len(t) and fits(found[k:k + len(t)], t)), None)
        out.append((found[k].start, name or "?"))
        k += len(dict(table)[name]) if name else 1
    return out


def run(sim, elf, script, wav):
    """The emulator on the script with --wav: its output lines."""
    out = subprocess.run([sim, "--stdio", "--wav", wav, elf], input="\n".join(script) + "\nquit\n",
                         capture_output=True, text=True, timeout=300, check=True)
    return out.stdout.splitlines()


def real_board(lines):
    """The last `board` answer's three rows as 9 characters of x, o and '.'."""
    rows = [line.split()[1] for line in lines if line.startswith("serial ")
            and len(line.split()) == 2 and len(line.split()[1]) == 3
            and set(line.split()[1]) <= set("xo.")]
    return "".join(rows[-3:]) if len(rows) >= 3 else None


class Player:
    """One game by ear: mode 'x' (against the AI, the player X) or '2p'; level."""

    def __init__(self, sim, elf, sounds, mode, level, seed, wav):
        self.sim, self.elf, self.sounds, self.wav = sim, elf, sounds, wav
        self.mode, self.rng = mode, random.Random(seed)
        new = "new 2p" if mode == "2p" else "new x"
        self.script = BOOT + ["serial level %s" % level, "wait 300", "serial " + new, "wait 500"]
        self.board, self.heard_to, self.over = ["."] * 9, 0.0, False
        self.steps = self.mismatches = 0
        self.log = []

    def listen(self, extra):
        """Run the script with `extra`, hear what is new; the real board after it."""
        self.script += extra
        lines = run(self.sim, self.elf, self.script + ["serial board", "wait 100"], self.wav)
        found = [n for n in listen.notes(listen.read_wav(self.wav)) if n.start > self.heard_to]
        if found:
            self.heard_to = found[-1].start + 1e-6
        return hear(found, self.sounds), real_board(lines)

    def mark(self, names):
        for _, name in names:
            if name[0] in "xo" and name[1:].isdigit():
                self.board[int(name[1:]) - 1] = name[0]
            self.over = self.over or name in RESULTS

    def read_board(self):
        """The board by ear: the hold's click, then each cell's voice or a rest."""
        names, real = self.listen(["wait %d" % OVER_WAIT, "hold %d %d" % (READ_CELL, HOLD_MS),
                                   "wait %d" % READ_WAIT])
        self.log.append(("read", [n for _, n in names]))
        if not names or names[0][1] != "click":
            return real
        self.board = ["."] * 9
        self.mark(names[1:])
        return real

    def step(self):
        empty = [c for c in range(9) if self.board[c] == "."]
        cell = self.rng.choice(empty) + 1
        names, real = self.listen(["press %d" % cell, "wait %d" % MOVE_WAIT])
        self.log.append((cell, [n for _, n in names]))
        self.mark(names)
        if self.over:
            real = self.read_board()
        self.steps += 1
        if "".join(self.board) != real:
            self.mismatches += 1
            self.log.append(("mismatch", "".join(self.board), real))

    def play(self):
        while not self.over and "." in self.board and self.steps < 9:
            self.step()
        return self.over


def games(sim, elf, sounds, wav):
    """The games of one emulator: against the AI at each level, and two players."""
    out = []
    for k, (mode, level) in enumerate([("x", "easy"), ("x", "medium"), ("x", "perfect"),
                                       ("2p", "perfect")]):
        p = Player(sim, elf, sounds, mode, level, 34 + k, wav)
        p.play()
        out.append(p)
    return out


def main(argv):
    if len(argv) != 6 or argv[1] != "bench":
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    sounds, played, mismatches = load_sounds(argv[2]), 0, 0
    with tempfile.TemporaryDirectory() as d:
        for sim in argv[3:5]:
            for p in games(sim, argv[5], sounds, os.path.join(d, "ear.wav")):
                played += p.over
                mismatches += p.mismatches + (not p.over)
    print("ear_player_games", played)
    print("ear_player_mismatches", mismatches)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
