"""tests/docs/test_tables.py - tables.py rewrites a generated section from the tables,
leaves the rest of a document as it is, and refuses a section without its end."""
import json

import pytest

from tests.docs import tables

MENU = {"cells": [{"cell": 1, "long": "you X", "short": "x"},
                  {"cell": 2, "long": "you O", "short": "o"}]}
COMMANDS = {"commands": [{"name": "help", "grammar": "", "help": "these"},
                         {"name": "new", "grammar": "x|o", "help": "a game"}]}
SOUNDS = {"tick_hz": 2000, "sounds": [
    {"name": "click", "when": "a press", "quiet": False, "notes": [{"hz": 4000.0, "ms": 10}]},
    {"name": "draw", "when": "a draw", "quiet": True,
     "notes": [{"hz": 698.324, "ms": 120}, {"hz": 0.0, "ms": 60}]}],
    "voices": [{"name": "x1", "cell": 1, "mark": "x", "notes": [{"hz": 2659.574, "ms": 150}]},
               {"name": "o1", "cell": 1, "mark": "o", "notes": [
                   {"hz": 2659.574, "ms": 40}, {"hz": 0.0, "ms": 40}, {"hz": 2659.574, "ms": 40}]}]}
STATES = {"states": [{"name": "BOARD", "what": "the board", "ends": "a press"}]}
DOC = ("before\n<!-- commands:begin (generated) -->\n| old |\n<!-- commands:end -->\n"
       "middle\n<!-- menu-line:begin (generated) -->\nold\n<!-- menu-line:end -->\nafter\n")


def rewritten(text):
    return tables.rewrite(text, tables.sections(MENU, COMMANDS, SOUNDS, STATES), "doc.md")


def test_sections_are_rewritten_and_the_rest_kept():
    assert rewritten(DOC) == (
        "before\n<!-- commands:begin (generated) -->\n| command | what it does |\n"
        "| --- | --- |\n| `help` | these |\n| `new x\\|o` | a game |\n<!-- commands:end -->\n"
        "middle\n<!-- menu-line:begin (generated) -->\n`menu: 1 x 2 o`\n"
        "<!-- menu-line:end -->\nafter\n")


def test_an_up_to_date_document_is_kept():
    assert rewritten(rewritten(DOC)) == rewritten(DOC)


def test_a_stale_row_is_found(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text(rewritten(DOC).replace("a game", "a match"))
    paths = [tmp_path / "menu.json", tmp_path / "commands.json", tmp_path / "sounds.json",
             tmp_path / "states.json"]
    for path, table in zip(paths, (MENU, COMMANDS, SOUNDS, STATES)):
        path.write_text(json.dumps(table))
    tabs = [str(path) for path in paths]
    assert tables.main(["check"] + tabs + [str(doc)]) == 1
    assert tables.main(["update"] + tabs + [str(doc)]) == 0
    assert tables.main(["check"] + tabs + [str(doc)]) == 0


def test_the_sound_rows():
    doc = "<!-- sounds:begin (generated) -->\nold\n<!-- sounds:end -->\n"
    assert rewritten(doc) == (
        "<!-- sounds:begin (generated) -->\n"
        "| sound | when | at `sound quiet` | notes (Hz for ms) |\n| --- | --- | --- | --- |\n"
        "| `click` | a press | silent | 4000.0 10 |\n"
        "| `draw` | a draw | plays | 698.3 120, rest 60 |\n<!-- sounds:end -->\n")


@pytest.mark.parametrize("cut, words", [
    ("<!-- commands:end -->\n", "has no line '<!-- commands:end -->'"),
    ("<!-- menu-line:end -->\n", "has no line '<!-- menu-line:end -->'"),
])
def test_a_section_without_its_end_is_refused(cut, words):
    with pytest.raises(ValueError, match=words):
        rewritten(DOC.replace(cut, ""))


def test_an_unknown_section_is_refused():
    with pytest.raises(ValueError, match="unknown generated section 'menus'"):
        rewritten("<!-- menus:begin x -->\n<!-- menus:end -->\n")


def test_the_voices_a_row_per_cell():
    """The cells' table: its pitch to 0.1 Hz, each mark's rhythm (a rest named)."""
    assert tables.voice_rows(SOUNDS) == ["| cell | Hz | x | o |", "| --- | --- | --- | --- |",
                                         "| 1 | 2659.6 | 150 ms | 40 ms, rest 40, 40 ms |"]


def test_the_state_rows():
    doc = "<!-- states:begin (generated) -->\nold\n<!-- states:end -->\n"
    assert rewritten(doc) == (
        "<!-- states:begin (generated) -->\n| state | what shows | ends |\n| --- | --- | --- |\n"
        "| `BOARD` | the board | a press |\n<!-- states:end -->\n")
