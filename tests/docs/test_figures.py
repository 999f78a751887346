"""tests/docs/test_figures.py - the figures check catches each kind of drift in a planted
document, `update` rewrites a stale figure in the style it was written and leaves what a
number cannot fix, and the goals are met or missed as GOALS says; FIGURES.md as `write`
makes it passes, and a hand edit, a goal changed since, a missed goal there or in the
quick figures measured now each fail, while a quick figure that merely moved is a note."""
import pytest

from tests.docs import figures

FLASH_GOAL = figures.goal_text("firmware_flash_bytes")  # as the docs quote GOALS
BENCH = ("firmware_flash_bytes 8000\nidle_awake_percent 3.09\nexhaustive_seconds 11.3\n"
         "web_speed_x_wallclock 15.2\ntable_move_cycles_max 1234\n")
GOOD = ("| figure | value | goal |\n| --- | --- | --- |\n"
        "| `firmware_flash_bytes` | 8,000 (7.8 KB) | " + FLASH_GOAL + " |\n"
        "| `exhaustive_seconds` | 11 s, wall-clock | |\n"
        "| `web_speed_x_wallclock` | 15x, wall-clock | |\n\n"
        "Awake 3.1 % of the time (`idle_awake_percent`).\n")


@pytest.fixture
def bench(tmp_path):
    path = tmp_path / "bench.txt"
    path.write_text(BENCH)
    return str(path)


def errors_of(tmp_path, bench, text):
    doc = tmp_path / "doc.md"
    doc.write_text(text)
    errors = []
    figures.check_document(str(doc), figures.read_bench(bench), errors)
    return errors


def test_a_document_that_matches_passes(tmp_path, bench):
    assert errors_of(tmp_path, bench, GOOD) == []


@pytest.mark.parametrize("old, new, words", [
    ("8,000", "8,001", "is 8,001 here, FIGURES.md has 8000"),
    ("3.1 %", "3.2 %", "is 3.2 here"),
    ("`idle_awake_percent`", "`idle_percent`", "not a figure of FIGURES.md"),
    (FLASH_GOAL, "≤ 9,000", "the goal of `firmware_flash_bytes` is " + FLASH_GOAL),
    ("11 s, wall-clock", "11 s", "wall-clock time: say so"),
    ("15x, wall-clock", "15x", "wall-clock time: say so"),
])
def test_a_planted_mistake_is_caught(tmp_path, bench, old, new, words):
    errors = errors_of(tmp_path, bench, GOOD.replace(old, new))
    assert len(errors) == 1 and words in errors[0]


def written(tmp_path, bench_text, quick_text=None):
    """FIGURES.md written from bench_text, and a quick bench (default: the same figures)."""
    bench = tmp_path / "bench.txt"
    bench.write_text(bench_text)
    md = tmp_path / "FIGURES.md"
    assert figures.cmd_write(str(bench), str(md)) == 0
    quick = tmp_path / "quick.txt"
    quick.write_text(bench_text if quick_text is None else quick_text)
    return str(md), str(quick)


def test_check_names_make_figures_on_a_stale_figure(tmp_path, capsys):
    md, quick = written(tmp_path, every_goal_met() + BENCH)
    doc = tmp_path / "doc.md"
    doc.write_text(GOOD)
    assert figures.cmd_check(md, quick, [str(doc), md]) == 0
    doc.write_text(GOOD.replace("8,000", "7,999"))
    assert figures.cmd_check(md, quick, [str(doc)]) == 1
    assert "`make figures` rewrites them" in capsys.readouterr().out


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace("| 8000 |", "| 8001 |"), "not as `make figures` writes it"),
    (lambda t: t.replace("| `table_bytes` | 256 | ≤ 256 |\n", ""), "has no `table_bytes`"),
])
def test_a_hand_edited_figures_file_is_caught(tmp_path, capsys, edit, words):
    md, quick = written(tmp_path, every_goal_met() + BENCH)
    with open(md) as f:
        text = f.read()
    assert edit(text) != text
    with open(md, "w") as f:
        f.write(edit(text))
    assert figures.cmd_check(md, quick, []) == 1
    assert words in capsys.readouterr().out


def test_a_goal_changed_since_the_figures_file_is_caught(tmp_path, capsys, monkeypatch):
    md, quick = written(tmp_path, every_goal_met() + BENCH)
    monkeypatch.setitem(figures.GOALS, "table_bytes", ("<=", 300, "the packed table"))
    assert figures.cmd_check(md, quick, []) == 1
    assert "goals of tests/docs/figures.py changed" in capsys.readouterr().out


def test_a_missed_goal_in_the_figures_file_fails(tmp_path, capsys):
    md, quick = written(tmp_path, every_goal_met().replace("table_bytes 256", "table_bytes 257"),
                        every_goal_met())
    assert figures.cmd_check(md, quick, []) == 1
    assert "`table_bytes` is 257, its goal ≤ 256 is missed" in capsys.readouterr().out


def test_a_quick_figure_that_moved_is_a_note_and_one_past_its_goal_fails(tmp_path, capsys):
    goal = figures.GOALS["firmware_flash_bytes"][1]
    md, quick = written(tmp_path, every_goal_met(), "firmware_flash_bytes %d\ntable_bytes 250\n"
                        "new_figure_bytes 3\n" % (goal - 432))
    assert figures.cmd_check(md, quick, []) == 0
    out = capsys.readouterr().out
    assert "note: `firmware_flash_bytes` is %d in FIGURES.md and %d now" % (goal, goal - 432) in out
    assert "note: `new_figure_bytes` (3 now) is not in FIGURES.md yet" in out
    with open(quick, "w") as f:
        f.write("firmware_flash_bytes %d\n" % (goal + 1))
    assert figures.cmd_check(md, quick, []) == 1
    said = capsys.readouterr().out
    assert "`firmware_flash_bytes` measures %d now, its goal is ≤ %s" % (
        goal + 1, format(goal, ",")) in said


def test_update_rewrites_stale_figures_in_their_style(tmp_path, bench):
    stale = (GOOD.replace("8,000", "7,999").replace("3.1 %", "2.7 %")
             + "| figure | value |\n| --- | --- |\n"
             "| `firmware_flash_bytes` / `table_move_cycles_max` | 1 / 99 cycles |\n"
             "Slowest 5 (`table_move_cycles_max`), flash 9000 bytes (`firmware_flash_bytes`).\n")
    doc = tmp_path / "doc.md"
    doc.write_text(stale)
    errors = []
    assert figures.update_document(str(doc), figures.read_bench(bench), errors) == 6
    assert errors == []
    text = doc.read_text()
    assert "| 8,000 (7.8 KB) |" in text and "3.1 % of the time" in text
    assert "| 8000 / 1234 cycles |" in text
    assert "Slowest 1234 (`table_move_cycles_max`), flash 8000 bytes" in text
    assert errors_of(tmp_path, bench, text) == []


def test_update_leaves_what_a_number_cannot_fix(tmp_path, bench, capsys):
    doc = tmp_path / "doc.md"
    planted = GOOD.replace("`idle_awake_percent`", "`idle_percent`").replace("11 s, ", "9 s ")
    doc.write_text(planted)
    assert figures.cmd_update(bench, [str(doc)]) == 1
    assert doc.read_text() == planted
    out = capsys.readouterr().out
    assert "`idle_percent` is not a figure" in out and "edit them by hand" in out


@pytest.mark.parametrize("written, value, new", [
    ("8,000", 8123, "8,123"), ("3.1", 2.91, "2.9"), ("489384", 489390, "489,390"),
    ("12", 13, "13"), ("7", 7.5, "7.5"), ("0.25", 1, "1.00"),
])
def test_written_as_keeps_the_style(written, value, new):
    assert figures.written_as(written, value) == new
    assert figures.matches(new, value)


@pytest.mark.parametrize("value, met", [(25, True), (50, True), (24.9, False), (50.5, False)])
def test_a_range_goal_is_met_inside_only(value, met):
    assert figures.goal_met("level_medium_greedy_win_percent", value) == met


def every_goal_met():
    return "".join("%s %s\n" % (n, g[1][0] if g[0] == "in" else g[1])
                   for n, g in figures.GOALS.items())


@pytest.mark.parametrize("old, new, status", [
    (None, None, 0),
    ("perfect_first_moves 3", "perfect_first_moves 2", 1),
    ("perfect_distinct_games 8", "perfect_distinct_games 7", 1),
    ("stack_peak_bytes 128\n", "", 1),
])
def test_a_missed_or_missing_goal_fails_the_bench(tmp_path, capsys, old, new, status):
    text = every_goal_met()
    if old:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "bench.txt"
    path.write_text(text)
    assert figures.cmd_goals(str(path)) == status
    capsys.readouterr()
