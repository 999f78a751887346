"""tests/contributing/test_run.py - the examples' runner: every example names what it
shows and its suites, a patch applies only with its context exact, and the figures are
the counts of hand-edited files."""
import pytest

from tests.contributing import run

PATCH = ("example: planted\nsuites: test-x\n"
         "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n"
         " one\n-two\n+TWO\n three\n")


def test_every_example_has_its_header_and_edits():
    found = run.examples()
    assert {name for name, _, _, _ in found} >= {"command", "menu_label", "brightness"}
    for name, fields, files, _ in found:
        assert fields["example"] and fields["suites"].split(), name
        assert all(s.startswith("test-") for s in fields["suites"].split()), name
        assert files, name


@pytest.mark.parametrize("text, words", [
    (PATCH.replace("suites: test-x\n", ""), "needs example: and suites:"),
    (PATCH.replace("suites: test-x", "suites: "), "needs example: and suites:"),
    ("example: x\nsuites: test-x\n", "no diff"),
])
def test_a_bad_example_is_refused(tmp_path, text, words):
    path = tmp_path / "bad.patch"
    path.write_text(text)
    with pytest.raises(ValueError, match=words):
        run.read_example(str(path))


def test_a_patch_applies_where_its_context_is(tmp_path):
    (tmp_path / "f.txt").write_text("zero\none\ntwo\nthree\n")
    (tmp_path / "p.patch").write_text(PATCH)
    assert run.apply(str(tmp_path), str(tmp_path / "p.patch"))
    assert (tmp_path / "f.txt").read_text() == "zero\none\nTWO\nthree\n"


def test_a_patch_whose_context_changed_does_not_apply(tmp_path):
    """The planted case: the line beside the edit was changed since the example."""
    (tmp_path / "f.txt").write_text("one\ntwo\nTHREE\n")
    (tmp_path / "p.patch").write_text(PATCH)
    assert not run.apply(str(tmp_path), str(tmp_path / "p.patch"))
    assert (tmp_path / "f.txt").read_text() == "one\ntwo\nTHREE\n"


def test_the_figures_count_the_edited_files(capsys):
    run.count()
    figures = dict(line.split() for line in capsys.readouterr().out.splitlines())
    assert int(figures["contrib_files_command"]) <= 3
    assert int(figures["contrib_files_menu_label"]) <= 3


def test_the_suites_an_edit_touches_follow_data_not_programs():
    rules = {
        "test-docs": ["README.md", "build/gen/menu.json"],
        "test-game": ["build/host/test_game"],
        "test-web": ["build/web/index.html"],
        "build/gen/menu.json": ["build/host/print_menu"],
        "build/host/print_menu": ["build/host/obj/print_menu.o"],
        "build/host/obj/print_menu.o": ["firmware/game/menu.h"],
        "build/host/test_game": ["build/host/obj/game.o"],
        "build/host/obj/game.o": ["firmware/game/menu.h"],
        "build/web/index.html": ["build/gen/menu.json"],
        "test-mutants-sample": ["firmware/game/menu.h"],
    }
    suites = ["test-docs", "test-game", "test-web", "test-mutants-sample"]
    # the docs read the table's JSON (made by a program from menu.h): touched; the game's
    # test and the page run programs built from it: not (make test runs them); a
    # meta-suite never
    assert run.touched({"firmware/game/menu.h"}, rules, suites) == ["test-docs"]
    assert run.touched({"README.md"}, rules, suites) == ["test-docs"]
    assert run.touched({"other.c"}, rules, suites) == []
    fields = {"suites": "test-game"}
    assert run.example_suites(fields, ["firmware/game/menu.h"], rules, suites) == \
        ["test-game", "test-docs", "test-lint"]
