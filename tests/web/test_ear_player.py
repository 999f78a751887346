"""tests/web/test_ear_player.py - the ear player (tests/sim/ear.py) plays whole games of
the real firmware by its sound alone, on both emulators (simavr's `ttt-sim --wav`,
avr8js's `ttt-sim-js --wav`): against the AI at each level and in two-player mode, each
to its end, its board heard after every step equal to the real one (the console's
`board`). Its ear first: each sound of build/gen/sounds.json, table and voices, made as
notes, is named back; a sound 3 % sharp is not. Planted: a player whose ear takes X's
rhythm for O's (the voices' marks swapped) mismatches at once.

run by `make test-web-ear` (tests/web/web.mk: TTT_SIM, TTT_SIM_JS, TTT_ELF, SOUNDS_JSON)"""
import os

import pytest

from tests.sim import ear, listen


def need(name):
    path = os.environ.get(name)
    if not path or not os.path.exists(path):
        pytest.fail("%s: %r is not built (make test-web-ear builds it)" % (name, path))
    return path


@pytest.fixture(scope="module")
def sounds():
    return ear.load_sounds(need("SOUNDS_JSON"))


def as_notes(notes, share=1.0):
    """A sound's notes as listen.py would find them, from 0.5 s on."""
    out, t = [], 0.5
    for hz, ms in notes:
        if hz:
            out.append(listen.Note(start=t, ms=ms, hz=hz * share, edges=0))
        t += ms / 1000
    return out


def test_the_ear_names_every_sound(sounds):
    for name, notes in sounds.items():
        assert [n for _, n in ear.hear(as_notes(notes), sounds)] == [name]
        assert "?" in [n for _, n in ear.hear(as_notes(notes, 1.03), sounds)]


@pytest.mark.skipif(os.environ.get("TTT_BOARD_SOUND", "1") == "0", reason="no sounder fitted")
@pytest.mark.parametrize("sim", ["TTT_SIM", "TTT_SIM_JS"])
def test_whole_games_by_ear(sim, sounds, tmp_path):
    players = ear.games(need(sim), need("TTT_ELF"), sounds, str(tmp_path / "ear.wav"))
    for p in players:
        print(p.mode, "".join(p.board), p.log)
    assert [p.over for p in players] == [True] * 4
    assert [p.mismatches for p in players] == [0] * 4
    assert any(p.mode == "2p" for p in players) and sum(p.steps for p in players) >= 12


@pytest.mark.skipif(os.environ.get("TTT_BOARD_SOUND", "1") == "0", reason="no sounder fitted")
def test_planted_an_ear_that_swaps_the_marks(sounds, tmp_path):
    swapped = {({"x": "o", "o": "x"}.get(n[0], n[0]) + n[1:] if n[1:].isdigit() else n): v
               for n, v in sounds.items()}
    p = ear.Player(need("TTT_SIM"), need("TTT_ELF"), swapped, "2p", "perfect", 1,
                   str(tmp_path / "ear.wav"))
    p.step()
    assert p.mismatches == 1
