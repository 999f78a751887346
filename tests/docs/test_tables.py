"""tests/docs/test_tables.py - tables.py rewrites a generated section from the tables,
leaves the rest of a document as it is, and refuses a section without its end."""
import json

import pytest

from tests.docs import tables

MENU = {"cells": [{"cell": 1, "long": "you X", "short": "x"},
                  {"cell": 2, "long": "you O", "short": "o"}]}
COMMANDS = {"commands": [{"name": "help", "grammar": "", "help": "these"},
                         {"name": "new", "grammar": "x|o", "help": "a game"}]}
DOC = ("before\n<!-- commands:begin (generated) -->\n| old |\n<!-- commands:end -->\n"
       "middle\n<!-- menu-line:begin (generated) -->\nold\n<!-- menu-line:end -->\nafter\n")


def rewritten(text):
    return tables.rewrite(text, tables.sections(MENU, COMMANDS), "doc.md")


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
    menu, commands = tmp_path / "menu.json", tmp_path / "commands.json"
    menu.write_text(json.dumps(MENU))
    commands.write_text(json.dumps(COMMANDS))
    assert tables.main(["check", str(menu), str(commands), str(doc)]) == 1
    assert tables.main(["update", str(menu), str(commands), str(doc)]) == 0
    assert tables.main(["check", str(menu), str(commands), str(doc)]) == 0


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
