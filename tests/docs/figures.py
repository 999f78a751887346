#!/usr/bin/env python3
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

usage: figures.py goals BENCH_TXT            print each goal and whether it is met
       figures.py check BENCH_TXT FILE.md... check the documents
       figures.py self-test                  the check must catch a drifted figure
"""
import re
import sys

# name: (comparison, limit, what it is). Reported by `make bench`, which fails if one is missed.
GOALS = {
    "firmware_flash_bytes": ("<=", 16384, "flash of the firmware image, every feature in"),
    "stack_peak_bytes": ("<=", 128, "deepest stack seen in simulation"),
    "idle_awake_percent": ("<=", 5, "share of cycles awake on the idle board"),
    "table_bytes": ("<=", 256, "the packed PROGMEM table"),
    "table_move_cycles_max": ("<=", 2000, "slowest move from the table"),
    "solver_move_cycles_max": ("<=", 800000, "slowest move from the fallback solver"),
    "solver_stack_bytes": ("<=", 64, "stack of the fallback solver"),
    "led_frame_hz": (">=", 400, "LED refresh, flicker-free"),
    "isr_cpu_percent": ("<=", 3, "timer interrupt's share of the CPU"),
    "isr_cpu_percent_night": ("<=", 3, "timer interrupts' share of the CPU, night brightness"),
    "isr_cpu_percent_medium": ("<=", 3, "timer interrupts' share of the CPU, medium brightness"),
    "isr_cpu_percent_full": ("<=", 3, "timer interrupts' share of the CPU, full brightness"),
    "press_to_led_worst_ms": ("<=", 20, "release of a key to its LED"),
    "ai_move_cycles_max": ("<=", 400000, "slowest AI move at level perfect (25 ms of the 200 ms reply)"),
    "perfect_distinct_games": (">=", 8, "200 games of a fixed line at perfect, 100 as X and 100 as O"),
    "perfect_first_moves": (">=", 3, "distinct openings of the AI as X"),
    "level_perfect_greedy_win_percent": ("<=", 0, "a greedy child as X wins at perfect"),
    "level_medium_greedy_win_percent": ("in", (25, 50), "a greedy child as X wins at medium"),
    "level_easy_greedy_win_percent": ("in", (60, 85), "a greedy child as X wins at easy"),
    "medium_win_in_one_taken_percent": (">=", 95, "the AI at medium takes a win in one"),
    "web_flash_percent_of_avrdude": ("<=", 120, "the page's flasher against avrdude, same harness"),
    "comment_share_percent": ("<=", 30, "comments among the non-blank characters of firmware/ and hal/"),
    "longest_function_lines": ("<=", 60, "longest C function in firmware/, hal/ and sim/"),
    "uart_rx_latency_max_us": ("<=", 86.8, "a host byte's stop bit to its UDR0 read"),
    "uart_rx_overruns_stress": ("<=", 0, "host bytes lost in the latency stress"),
}

NUMBER = r"\d[\d,]*(?:\.\d+)?"


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
        shown = ("%d" % value) if value == int(value) else ("%g" % value)
        met = goal_met(name, value)
        missing += not met
        print("  %-24s %10s  goal %-9s %s" % (name, shown, goal_text(name),
                                               "met" if met else "MISSED"))
    return 1 if missing else 0


def matches(text, value):
    """Does the number as written in a document equal the measured value?"""
    plain = text.replace(",", "")
    if "." in plain:
        decimals = len(plain.split(".")[1])
        return abs(float(plain) - round(value, decimals)) < 10 ** -(decimals + 3)
    return float(plain) == value


def check_value(where, name, written, figures, line, errors):
    if name not in figures:
        errors.append("%s: `%s` is not a figure `make bench` prints" % (where, name))
    elif name.endswith(("_seconds", "_wallclock")):
        if "wall-clock" not in line:
            errors.append("%s: `%s` is a wall-clock time: say so (wall-clock)" % (where, name))
    elif written is None:
        errors.append("%s: no value given for `%s`" % (where, name))
    elif not matches(written, figures[name]):
        errors.append("%s: `%s` is %s here, `make bench` measures %s" % (
            where, name, written, ("%d" % figures[name]) if figures[name] == int(figures[name]) else figures[name]))
    else:
        return 1
    return 0


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def check_document(path, figures, errors):
    checked = 0
    with open(path) as f:
        lines = f.read().split("\n")
    table_kind = None  # None, or the header cells of a figure table
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (path, number)
        if line.lstrip().startswith("|"):
            row = cells(line)
            if table_kind is None:
                table_kind = [c.lower() for c in row] if row and row[0].lower() == "figure" else []
                continue
            if not table_kind or set(line.strip()) <= set("|-: "):
                continue
            names = re.findall(r"`([a-z][a-z0-9]*_[a-z0-9_]*)`", row[0].split("(")[0])
            if not names:
                errors.append("%s: a figure row names no figure in backticks" % where)
                continue
            values = [re.match(r"\s*(%s)" % NUMBER, v) for v in row[1].split(" / ")] if len(row) > 1 else []
            for i, name in enumerate(names):
                written = values[i].group(1) if i < len(values) and values[i] else None
                checked += check_value(where, name, written, figures, line, errors)
                if "goal" in table_kind and name in GOALS:
                    goal = row[table_kind.index("goal")] if len(row) > table_kind.index("goal") else ""
                    if goal_text(name) not in goal:
                        errors.append("%s: the goal of `%s` is %s (tests/docs/figures.py), not '%s'"
                                      % (where, name, goal_text(name), goal))
            continue
        table_kind = None
        for m in re.finditer(r"(%s)[^\d`]{0,40}\(`([a-z][a-z0-9]*_[a-z0-9_]*)`" % NUMBER, line):
            checked += check_value(where, m.group(2), m.group(1), figures, line, errors)
        # A name quoted in prose without a number before it: only wall-clock needs a word.
    return checked


def cmd_check(bench_path, docs):
    figures = read_bench(bench_path)
    if not figures:
        print("figures: no figures in %s" % bench_path)
        return 1
    errors = []
    checked = sum(check_document(doc, figures, errors) for doc in docs)
    for e in errors:
        print("figures: " + e)
    if errors:
        return 1
    print("figures: %d quoted figures in %d documents match `make bench`" % (checked, len(docs)))
    return 0


def cmd_self_test():
    import contextlib
    import io
    import os
    import tempfile
    bench = ("firmware_flash_bytes 8000\nidle_awake_percent 3.09\nexhaustive_seconds 11.3\n"
             "web_speed_x_wallclock 15.2\n")
    good = ("| figure | value | goal |\n| --- | --- | --- |\n"
            "| `firmware_flash_bytes` | 8,000 (7.8 KB) | ≤ 16,384 |\n"
            "| `exhaustive_seconds` | 11 s, wall-clock | |\n"
            "| `web_speed_x_wallclock` | 15x, wall-clock | |\n\n"
            "Awake 3.1 % of the time (`idle_awake_percent`).\n")
    cases = {
        "clean": (good, 0),
        "drifted table value": (good.replace("8,000", "8,001"), 1),
        "drifted prose value": (good.replace("3.1 %", "3.2 %"), 1),
        "unknown figure": (good.replace("`idle_awake_percent`", "`idle_percent`"), 1),
        "wrong goal": (good.replace("≤ 16,384", "≤ 9,000"), 1),
        "unlabelled wall-clock": (good.replace("11 s, wall-clock", "11 s"), 1),
        "unlabelled wall-clock speed": (good.replace("15x, wall-clock", "15x"), 1),
    }
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        bench_path = os.path.join(tmp, "bench.txt")
        with open(bench_path, "w") as f:
            f.write(bench)
        for name, (text, want_errors) in cases.items():
            doc = os.path.join(tmp, "doc.md")
            with open(doc, "w") as f:
                f.write(text)
            errors = []
            check_document(doc, read_bench(bench_path), errors)
            if bool(errors) != bool(want_errors):
                print("figures self-test: %s: %s" % (name, errors or "no error"))
                failed += 1
    # goals: a range is met inside only; a missed goal fails `make bench`
    for value, want in ((25, True), (50, True), (24.9, False), (50.5, False)):
        if goal_met("level_medium_greedy_win_percent", value) != want:
            print("figures self-test: range goal at %s: %s" % (value, not want))
            failed += 1
    with tempfile.TemporaryDirectory() as tmp:
        bench_path = os.path.join(tmp, "bench.txt")
        met = "".join("%s %s\n" % (n, GOALS[n][1][0] if GOALS[n][0] == "in" else GOALS[n][1])
                      for n in GOALS)
        missed = met.replace("perfect_first_moves 3", "perfect_first_moves 2")
        too_few_games = met.replace("perfect_distinct_games 8", "perfect_distinct_games 7")
        for text, want in ((met, 0), (missed, 1), (too_few_games, 1)):
            with open(bench_path, "w") as f:
                f.write(text)
            with contextlib.redirect_stdout(io.StringIO()):
                got = cmd_goals(bench_path)
            if got != want:
                print("figures self-test: goals with %s: status %d" % (
                    "a missed goal" if want else "every goal met", got))
                failed += 1
    print("figures self-test: %d cases, %s" % (len(cases) + 7, "FAILED" if failed else "ok"))
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["goals"] and len(args) == 2:
        return cmd_goals(args[1])
    if args[:1] == ["check"] and len(args) >= 3:
        return cmd_check(args[1], args[2:])
    if args == ["self-test"]:
        return cmd_self_test()
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
