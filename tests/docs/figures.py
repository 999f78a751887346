"""tests/docs/figures.py - the project's figures: the goals `make bench` reports, and the
check that every figure the documents quote matches what `make bench` measures.

`make bench` prints one `name value` line per figure (simulated cycles, bytes, counts:
deterministic, the same on every run) into build/bench.txt. A document quotes a figure
in one of two ways, and this check reads both:

* a table whose header's first cell is `figure`: each row names one or more figures in
  backticks in its first cell (`a` / `b`), and its second cell gives their values in
  the same order, separated by ` / ` (thousands separators and text in parentheses
  after a value are allowed: `489,384 (31 ms)`); a third cell, if the table has a `goal`
  column, must state the goal listed in GOALS below;
* in prose, a number followed (on the same line, with no other digit between) by the
  figure's name in backticks in parentheses: `242 bytes (`table_bytes`)`.
Figure names have an underscore (`table_bytes`); a backticked word without one (`vcc`)
is never taken for a figure, and in a table's first cell only the names before the
first `(` are (the rest is the description).

Integers must be equal; a value written with k decimals must equal the measured one
rounded to k decimals. Figures whose name ends in `_seconds` or `_wallclock` are
wall-clock times or speeds on the machine that ran the bench: they vary, so they are
never compared, but the row or line that quotes them must say `wall-clock`. A quoted
name that `make bench` does not print fails (a renamed or deleted figure cannot linger
in the docs).

`make figures` (update) rewrites every compared figure in place from `make bench`: the
number only, in the style it was written (decimals, thousands separators); a value's
parenthesised aside, a wall-clock figure, a goal and an unknown name are left for a
person (an unknown name still fails).

usage: python3 -m tests.docs.figures goals BENCH_TXT             each goal, met or not
       python3 -m tests.docs.figures check BENCH_TXT FILE.md...  check the documents
       python3 -m tests.docs.figures update BENCH_TXT FILE.md... rewrite their figures
(the planted cases: tests/docs/test_figures.py)
"""
import re
import sys
from dataclasses import dataclass

# name: (comparison, limit, what it is). Reported by `make bench`, which fails if one is missed.
GOALS = {
    # 16 KB until issue 28: its tones (Timer2 driver, the sound table, the events, the
    # setting's console command, menu cell and record) took the image past 16,384 bytes;
    # 18 KB until issue 35: people (the result's guard, toddler mode, where it went wrong,
    # the ring and the menu's preview and values, `best`, `analysis`, `help COMMAND` with
    # every command's line of help in flash) took it past 18,432.
    "firmware_flash_bytes": ("<=", 22528, "flash of the firmware image, every feature in"),
    "stack_peak_bytes": ("<=", 128, "deepest stack seen in simulation"),
    "idle_awake_percent": ("<=", 5, "share of cycles awake on the idle board"),
    "table_bytes": ("<=", 256, "the packed PROGMEM table"),
    "table_move_cycles_max": ("<=", 2000, "slowest move from the table"),
    "solver_move_cycles_max": ("<=", 800000, "slowest move from the fallback solver"),
    "solver_stack_bytes": ("<=", 64, "stack of the fallback solver"),
    "led_frame_hz": (">=", 400, "LED refresh, flicker-free"),
    "isr_cpu_percent": ("<=", 3, "timer interrupt's share of the CPU"),
    "isr_cpu_percent_night": ("<=", 3, "timer interrupts' share of the CPU, night brightness"),
    "isr_cpu_percent_medium": ("<=", 3,
                               "timer interrupts' share of the CPU, medium brightness"),
    "isr_cpu_percent_full": ("<=", 3, "timer interrupts' share of the CPU, full brightness"),
    "press_to_led_worst_ms": ("<=", 20, "release of a key to its LED"),
    "isr_cpu_percent_tone": ("<=", 3, "timer interrupts' share of the CPU while a tone plays"),
    "sound_latency_ms": ("<=", 20, "release of a key to its click's first edge, the worst"),
    "ai_move_cycles_max": ("<=", 4000, "slowest AI move, every perfect move (a table look-up)"),
    "loop_pass_max_us": ("<=", 1000, "longest main-loop pass, a whole game with the table"),
    "perfect_distinct_games": (">=", 8,
                               "200 games of a fixed line at perfect, 100 as X and 100 as O"),
    "perfect_first_moves": (">=", 3, "distinct openings of the AI as X"),
    "level_perfect_greedy_win_percent": ("<=", 0, "a greedy child as X wins at perfect"),
    "child_setting_changes_percent": ("<=", 0.1, "random 60 s sessions that changed a setting"),
    "toddler_setting_changes_percent": ("<=", 0.1,
                                        "a toddler's 60 s sessions that changed a setting"),
    "mash_games_counted_per_session": ("<=", 1, "games counted in a toddler's 60 s session"),
    "adult_presses_after_mash": ("<=", 2, "an adult's presses until a move after a toddler"),
    "stranger_presses_median": ("<=", 6, "a stranger's presses to change a setting (median)"),
    "stranger_presses_p90": ("<=", 12, "a stranger's presses to change a setting (90 %)"),
    "adult_presses_max": ("<=", 3, "presses to change a setting following the legend"),
    "level_medium_greedy_win_percent": ("in", (25, 50), "a greedy child as X wins at medium"),
    "level_easy_greedy_win_percent": ("in", (60, 85), "a greedy child as X wins at easy"),
    "medium_win_in_one_taken_percent": (">=", 95, "the AI at medium takes a win in one"),
    "web_flash_percent_of_avrdude": ("<=", 120,
                                     "the page's flasher against avrdude, same harness"),
    "comment_share_percent": ("<=", 30,
                              "comments among the non-blank characters of firmware/ and hal/"),
    "longest_function_lines": ("<=", 60, "longest function of the tree: C, Python, JS, tests too"),
    "uart_rx_latency_max_us": ("<=", 86.8, "a host byte's stop bit to its UDR0 read"),
    "uart_rx_overruns_stress": ("<=", 0, "host bytes lost in the latency stress"),
    "contrib_files_command": ("<=", 3, "files edited by hand to add a console command"),
    "contrib_files_menu_label": ("<=", 3, "files edited by hand to rename a menu label"),
}

NUMBER = r"\d[\d,]*(?:\.\d+)?"
NAME = r"[a-z][a-z0-9]*_[a-z0-9_]*"
WALL_CLOCK = ("_seconds", "_wallclock")


def read_bench(path):
    figures = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and re.fullmatch(r"[a-z][a-z0-9_]*", parts[0]):
                try:
                    figures[parts[0]] = float(parts[1])
                except ValueError:
                    pass
    return figures


def goal_text(name):
    op, limit, _ = GOALS[name]
    if op == "in":
        return "%s-%s" % limit
    return "%s %s" % ("≤" if op == "<=" else "≥", "{:,}".format(limit))


def goal_met(name, value):
    op, limit, _ = GOALS[name]
    if op == "in":
        return limit[0] <= value <= limit[1]
    return value <= limit if op == "<=" else value >= limit


def shown(value):
    return ("%d" % value) if value == int(value) else ("%g" % value)


def cmd_goals(bench_path):
    figures = read_bench(bench_path)
    missing = 0
    print("goals:")
    for name in GOALS:
        if name not in figures:
            print("  %-24s not measured" % name)
            missing += 1
            continue
        value = figures[name]
        met = goal_met(name, value)
        missing += not met
        print("  %-24s %10s  goal %-9s %s"
              % (name, shown(value), goal_text(name), "met" if met else "MISSED"))
    return 1 if missing else 0


def matches(text, value):
    """Does the number as written in a document equal the measured value?"""
    plain = text.replace(",", "")
    if "." in plain:
        decimals = len(plain.split(".")[1])
        return abs(float(plain) - round(value, decimals)) < 10 ** -(decimals + 3)
    return float(plain) == value


def written_as(text, value):
    """The measured value in the style of the number written before it: as many decimals
    (an integer stays one), thousands separators if it had them or has five digits."""
    plain = text.replace(",", "")
    if "." in plain:
        new = "%.*f" % (len(plain.split(".")[1]), value)
    else:
        new = shown(value)
    whole, dot, frac = new.partition(".")
    if "," in text or len(whole) >= 5:
        whole = "{:,}".format(int(whole))
    return whole + dot + frac


@dataclass
class Quote:
    """One figure a document quotes: its name, the number written (None: none) and where
    that number stands in its line (start, end), and the goal cell of its table row."""
    number: int
    line: str
    name: str
    written: str = None
    start: int = -1
    end: int = -1
    goal: str = None


def cell_spans(line):
    """(start, end) of each cell's text in a table row, blanks around it left out."""
    bars = [i for i, c in enumerate(line) if c == "|"]
    spans = []
    for a, b in zip(bars, bars[1:] + [len(line)]):
        text = line[a + 1:b]
        if not text.strip() and b == len(line):
            break
        lead = len(text) - len(text.lstrip())
        spans.append((a + 1 + lead, a + 1 + len(text.rstrip())))
    return spans


def row_quotes(number, line, header, errors, where):
    """The quotes of one row of a figure table."""
    spans = cell_spans(line)
    cells = [line[a:b] for a, b in spans]
    names = re.findall(r"`(%s)`" % NAME, cells[0].split("(")[0])
    if not names:
        errors.append("%s: a figure row names no figure in backticks" % where)
        return []
    goal = None
    if "goal" in header:
        i = header.index("goal")
        goal = cells[i] if i < len(cells) else ""
    values = []
    if len(spans) > 1:
        pos = spans[1][0]
        for piece in cells[1].split(" / "):
            m = re.match(r"\s*(%s)" % NUMBER, piece)
            values.append((m.group(1), pos + m.start(1), pos + m.end(1)) if m else None)
            pos += len(piece) + 3
    quotes = []
    for i, name in enumerate(names):
        q = Quote(number, line, name, goal=goal)
        if i < len(values) and values[i]:
            q.written, q.start, q.end = values[i]
        quotes.append(q)
    return quotes


def document_quotes(path, lines, errors):
    """Every figure the document quotes, in order (format: this file's docstring)."""
    quotes = []
    header = None  # None, or the lower-case header cells of a figure table ([]: another)
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (path, number)
        if line.lstrip().startswith("|"):
            if header is None:
                row = [c.strip().lower() for c in line.strip().strip("|").split("|")]
                header = row if row and row[0] == "figure" else []
            elif header and not set(line.strip()) <= set("|-: "):
                quotes += row_quotes(number, line, header, errors, where)
            continue
        header = None
        for m in re.finditer(r"(%s)[^\d`]{0,40}\(`(%s)`" % (NUMBER, NAME), line):
            quotes.append(Quote(number, line, m.group(2), m.group(1), m.start(1), m.end(1)))
    return quotes


def check_quote(where, q, figures, errors):
    """Appends what is wrong with one quote; True if its number was compared and matches."""
    if q.goal is not None and q.name in GOALS and goal_text(q.name) not in q.goal:
        errors.append("%s: the goal of `%s` is %s (tests/docs/figures.py), not '%s'"
                      % (where, q.name, goal_text(q.name), q.goal))
    if q.name not in figures:
        errors.append("%s: `%s` is not a figure `make bench` prints" % (where, q.name))
    elif q.name.endswith(WALL_CLOCK):
        if "wall-clock" not in q.line:
            errors.append("%s: `%s` is a wall-clock time: say so (wall-clock)" % (where, q.name))
    elif q.written is None:
        errors.append("%s: no value given for `%s`" % (where, q.name))
    elif not matches(q.written, figures[q.name]):
        errors.append("%s: `%s` is %s here, `make bench` measures %s" % (
            where, q.name, q.written, shown(figures[q.name])))
    else:
        return True
    return False


def read_lines(path):
    with open(path) as f:
        return f.read().split("\n")


def check_document(path, figures, errors):
    """Appends the document's errors; returns how many figures it quotes correctly."""
    quotes = document_quotes(path, read_lines(path), errors)
    return sum(check_quote("%s:%d" % (path, q.number), q, figures, errors) for q in quotes)


def update_document(path, figures, errors):
    """Rewrites the document's stale figures in place; returns how many it rewrote.
    What a number cannot fix (an unknown name, a goal, a missing value) is an error."""
    lines = read_lines(path)
    stale = []
    for q in document_quotes(path, lines, errors):
        found = []
        if not check_quote("%s:%d" % (path, q.number), q, figures, found) and \
                found and q.written is not None and "measures" in found[-1]:
            stale.append(q)
            found.pop()
        errors += found
    for q in reversed(stale):  # right to left, so the earlier spans stay where they are
        line = lines[q.number - 1]
        new = written_as(q.written, figures[q.name])
        lines[q.number - 1] = line[:q.start] + new + line[q.end:]
    if stale:
        with open(path, "w") as f:
            f.write("\n".join(lines))
    return len(stale)


def cmd_check(bench_path, docs):
    figures = read_bench(bench_path)
    if not figures:
        print("figures: no figures in %s" % bench_path)
        return 1
    errors = []
    checked = sum(check_document(doc, figures, errors) for doc in docs)
    for e in errors:
        print("figures: " + e)
    if any("`make bench` measures" in e for e in errors):
        print("figures: stale figures: `make figures` rewrites them from `make bench`")
    if errors:
        return 1
    print("figures: %d quoted figures in %d documents match `make bench`" % (checked, len(docs)))
    return 0


def cmd_update(bench_path, docs):
    figures = read_bench(bench_path)
    if not figures:
        print("figures: no figures in %s" % bench_path)
        return 1
    errors = []
    for doc in docs:
        n = update_document(doc, figures, errors)
        if n:
            print("figures: %s: %d figure%s rewritten" % (doc, n, "" if n == 1 else "s"))
    for e in errors:
        print("figures: " + e)
    if errors:
        print("figures: %d quotes a number cannot fix: edit them by hand" % len(errors))
        return 1
    return cmd_check(bench_path, docs)


def main(argv):
    if argv[:1] == ["goals"] and len(argv) == 2:
        return cmd_goals(argv[1])
    if argv[:1] == ["check"] and len(argv) >= 3:
        return cmd_check(argv[1], argv[2:])
    if argv[:1] == ["update"] and len(argv) >= 3:
        return cmd_update(argv[1], argv[2:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
