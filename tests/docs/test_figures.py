"""tests/docs/test_figures.py - the figures check catches each kind of drift in a planted
document, `update` rewrites a stale figure in the style it was written and leaves what a
number cannot fix, and the goals are met or missed as GOALS says."""
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
    ("8,000", "8,001", "is 8,001 here, `make bench` measures 8000"),
    ("3.1 %", "3.2 %", "is 3.2 here"),
    ("`idle_awake_percent`", "`idle_percent`", "not a figure `make bench` prints"),
    (FLASH_GOAL, "≤ 9,000", "the goal of `firmware_flash_bytes` is " + FLASH_GOAL),
    ("11 s, wall-clock", "11 s", "wall-clock time: say so"),
    ("15x, wall-clock", "15x", "wall-clock time: say so"),
])
def test_a_planted_mistake_is_caught(tmp_path, bench, old, new, words):
    errors = errors_of(tmp_path, bench, GOOD.replace(old, new))
    assert len(errors) == 1 and words in errors[0]


def test_check_names_make_figures_on_a_stale_figure(tmp_path, bench, capsys):
    doc = tmp_path / "doc.md"
    doc.write_text(GOOD.replace("8,000", "7,999"))
    assert figures.cmd_check(bench, [str(doc)]) == 1
    assert "`make figures` rewrites them" in capsys.readouterr().out


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
