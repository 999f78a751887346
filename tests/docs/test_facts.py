"""tests/docs/test_facts.py - facts.py quotes the tables' facts in prose and templates,
finds a stale span, refuses a span it cannot keep, and its guard finds every fact's old
literal typed by hand (planted here in a scratch file) while the tree itself holds none
outside its tables and spans."""
import json

import pytest

from tests.docs import facts

# The literals the guard looks for (facts.py ALLOWED names this file).
LONG_S, LONG_MS, BAUD = "0.8 s", "800 ms", "115200"
TABLES = {
    "timings": {"game": [{"name": "LONG", "ms": 800, "what": "a long press"},
                         {"name": "HINT", "ms": 1500, "what": "a hint"}],
                "app": [{"name": "IDLE", "ms": 300000, "what": "power down"}]},
    "serial": {"baud": 115200, "frame": "8N1"},
    "menu": {"cell_of": {"sound": 6, "stats": 7}},
    "leds": {"levels": [{"name": "full", "counts": 125}, {"name": "night", "counts": 8}]},
}


@pytest.fixture
def gen(tmp_path):
    for name, table in TABLES.items():
        (tmp_path / (name + ".json")).write_text(json.dumps(table))
    return tmp_path


def text(gen, key, fmt=None):
    return facts.Facts(str(gen)).text(key, fmt)


@pytest.mark.parametrize("key, fmt, want", [
    ("timings.game.LONG", "s", LONG_S), ("timings.game.LONG", "ms", LONG_MS),
    ("timings.game.HINT", "sec", "1.5"), ("timings.app.IDLE", "min", "5 minutes"),
    ("timings.game.LONG.ms", None, "800"), ("serial.baud", None, BAUD),
    ("serial.baud", "`picocom -b {}`", "`picocom -b %s`" % BAUD),
    ("menu.cell_of.sound", None, "6"), ("leds.levels.*.name", None, "full, night"),
    ("leds.levels.night.counts", None, "8"),
])
def test_a_fact_is_written_as_its_format_says(gen, key, fmt, want):
    assert text(gen, key, fmt) == want


@pytest.mark.parametrize("key, fmt, words", [
    ("timings.game.SHORT", "s", "no 'SHORT'"), ("clock.hz", None, "no .*clock.json"),
    ("timings.game", None, "a table, not a value"), ("serial.frame", "s", "a time in ms"),
    ("serial.baud", "hz", "unknown format"), ("serial.*", None, "'[*]' needs a list"),
])
def test_a_fact_that_cannot_be_written_is_refused(gen, key, fmt, words):
    with pytest.raises(facts.FactError, match=words):
        text(gen, key, fmt)


def span(key, shown, fmt=""):
    return "<!-- fact:%s%s -->%s<!-- /fact -->" % (key, " " + fmt if fmt else "", shown)


def test_a_stale_span_is_found_and_rewritten(gen, tmp_path):
    doc = tmp_path / "doc.md"
    good = "Hold %s, then `m`.\n\n    hold %s\n" % (span("timings.game.LONG", LONG_S, "s"),
                                                    span("timings.game.X", "?", "s"))
    doc.write_text(good.replace(LONG_S, "0.6 s", 1))
    assert facts.main(["check", str(gen), str(doc)]) == 1
    assert facts.main(["update", str(gen), str(doc)]) == 0
    assert doc.read_text() == good  # the code block's span (an example) left as it is
    assert facts.main(["check", str(gen), str(doc)]) == 0


@pytest.mark.parametrize("doc, words", [
    ("run `brightness %s` now\n" % span("serial.baud", BAUD), "inside a code span"),
    ("a `line\nrunning %s on`\n" % span("serial.baud", BAUD), "inside a code span"),
    ("cut <!-- fact:serial.baud -->%s\n<!-- /fact -->\n" % BAUD, "same line"),
    ("%s\n" % span("serial.parity", "none"), "no 'parity'"),
])
def test_a_span_it_cannot_keep_is_refused(gen, tmp_path, doc, words):
    path = tmp_path / "doc.md"
    path.write_text(doc)
    assert facts.main(["check", str(gen), str(path)]) == 1
    with pytest.raises(facts.FactError, match=words):
        facts.docs("check", str(gen), [str(path)])


def test_a_template_is_filled(gen, tmp_path):
    src, out = tmp_path / "page.html", tmp_path / "out.html"
    src.write_text("@MENU@ hold @timings.game.LONG s@; @serial.baud@ @serial.frame@ <b>@x</b>\n")
    assert facts.main(["fill", str(gen), str(src), str(out)]) == 0
    assert out.read_text() == "@MENU@ hold %s; %s 8N1 <b>@x</b>\n" % (LONG_S, BAUD)
    src.write_text("menu @menu.cell_of.volume@\n")
    assert facts.main(["fill", str(gen), str(src), str(out)]) == 1


@pytest.mark.parametrize("planted, fact", [
    ("hold a cell for %s to arm it" % LONG_S, "the long press"),
    ("held past %s the cell lights" % LONG_MS, "the long press"),
    ("picocom -b %s -f x" % BAUD, "baud"),
    ("(menu cell 6) sets the sound", "menu cell"),
    ("Colour-blind mode (menu 8) dims O", "menu cell"),
    ("/* cell 4 steps the level */", "menu cell"),
    ("5 closes the menu; 4 steps the level", "menu cell"),
])
def test_the_guard_finds_a_planted_literal(tmp_path, monkeypatch, planted, fact):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.md").write_text("fine line\n" + planted + "\n")
    bad = facts.guard(["notes.md"])
    assert len(bad) >= 1 and bad[0].startswith("notes.md:2: ") and fact in bad[0], bad
    # the same fact in its span, or in a file allowed to hold it, passes
    (tmp_path / "notes.md").write_text(span("serial.baud", BAUD) + " " + span("x", LONG_S) + "\n")
    assert facts.guard(["notes.md"]) == []
    (tmp_path / "notes.md").write_text(planted + "\n")
    allowed = {"notes.md": {f: "a test" for f in facts.GUARDED if fact in f}}
    assert facts.guard(["notes.md"], allowed) == []


def test_an_allowed_file_that_no_longer_holds_the_literal_fails(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.h").write_text("X(ARMED_MS, GAME_LONG_MS)\n")
    allowed = {"model.h": {next(iter(facts.GUARDED)): "the emulator's own"}}
    assert "no longer does" in facts.guard(["model.h"], allowed)[0]


def test_the_tree_holds_no_old_literal_outside_its_tables():
    bad = facts.guard(facts.tracked_files())
    assert bad == [], "\n".join(bad)
