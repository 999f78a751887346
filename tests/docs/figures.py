"""tests/docs/figures.py - the project's figures: the goals `make bench` reports, the one
generated file that holds every figure (FIGURES.md), and the check that the documents
quote it.

`make bench` prints one `name value` line per figure (simulated cycles, bytes, counts:
deterministic, the same on every run) into build/bench.txt. `make figures` writes them
all into FIGURES.md (`write`: a table of every figure with its goal, and a digest of the
values, so that a hand edit shows) and then rewrites the figures the documents quote
from it (`update`). A document quotes a figure in one of two ways, and this check reads
both:

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
name FIGURES.md does not hold fails (a renamed or deleted figure cannot linger).

`check` (test-docs) runs no bench: the documents must quote FIGURES.md, FIGURES.md must
be as `write` makes it (its digest, every goal of GOALS stated and met), and the quick
figures measured now (what `make all` builds, read in seconds: BENCH_QUICK_TARGETS) must
meet their goals. A code change that moves a byte count does not fail it: how far the
quick figures moved from FIGURES.md is printed as a note, and `make figures` brings
FIGURES.md and the documents up to date when the change means to move a figure.

`update` rewrites every compared figure in place: the number only, in the style it was
written (decimals, thousands separators); a value's parenthesised aside, a wall-clock
figure, a goal and an unknown name are left for a person (an unknown name still fails).

usage: python3 -m tests.docs.figures goals BENCH_TXT               each goal, met or not
       python3 -m tests.docs.figures write BENCH_TXT FIGURES.md     the generated file
       python3 -m tests.docs.figures update FIGURES.md FILE.md...   rewrite the quotes
       python3 -m tests.docs.figures check FIGURES.md QUICK_TXT FILE.md...
(the planted cases: tests/docs/test_figures.py)
"""
import hashlib
import re
import sys
from dataclasses import dataclass

# name: (comparison, limit, what it is). Reported by `make bench`, which fails if one is missed.
GOALS = {
    # 16 KB until issue 28: its tones (Timer2 driver, the sound table, the events, the
    # setting's console command, menu cell and record) took the image past 16,384 bytes;
    # 18 KB until issue 35: people (the result's guard, toddler mode, where it went wrong,
    # the ring and the menu's preview and values, `best`, `analysis`, `help COMMAND` with
    # every command's line of help in flash) took it past 18,432; 22 KB until issue 36: the
    # three games on the board (misère's and fading's tables, their engine, the game choice,
    # the wink, per-game statistics and levels) take it to the limit, the Uno's 32 KB
    # less the bootloader (0.5 KB) and a margin. To fit, fading's table keeps one perfect
    # move per state (firmware/engine/README.md, "The fading table"), and code written twice
    # became one (issue 36's closing note lists the changes).
    "firmware_flash_bytes": ("<=", 28672, "flash of the firmware image, every feature in"),
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
    "sound_latency_ms": ("<=", 20, "release of a key to its sound's first edge, the worst"),
    # issue 34: the sounder's model (tests/sim/piezo.py), A-weighted at 10 cm
    "sound_level_spread_db": ("<=", 6, "loudest sound less the quietest, the ignored buzz aside"),
    "sound_ignored_below_loudest_db": ("<=", 10, "the ignored press's buzz under the loudest"),
    "sound_toy_below_loudest_db": ("<=", 10, "toddler mode's toy under the loudest"),
    # the cells' voices keep their scale (firmware/README.md, "Play by ear"): their own goal
    "ear_player_games": (">=", 8, "whole games played by ear (tests/sim/ear.py), both emulators"),
    "ear_player_mismatches": ("<=", 0, "steps where the board heard differs from the real one"),
    "sound_cell_level_db_min": (">=", 55, "the quietest cell's voice, dB(A) at 10 cm: at "
                                "arm's length (14 dB less) over a quiet room's 35 dB(A)"),
    "sound_ignored_roughness_gap": (">=", 0.5,
                                    "the buzz's roughness over any other sound's"),
    "ai_move_cycles_max": ("<=", 4000, "slowest AI move, every perfect move (a table look-up)"),
    # Issue 36, the variant games: every game's AI as fast as the normal game's; fading's
    # table within 8 KB.
    "misere_ai_move_cycles_max": ("<=", 4000, "slowest AI move in misère (a table look-up)"),
    "fading_ai_move_cycles_max": ("<=", 4000, "slowest AI move in fading (a table look-up)"),
    "fading_table_bytes": ("<=", 8192, "fading's packed PROGMEM table"),
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
    # issue 36: the levels' bands in every game, the same greedy child (proof_levels.c)
    "misere_level_perfect_greedy_win_percent": ("<=", 0,
                                                "a greedy child as X wins at perfect, misère"),
    "misere_level_medium_greedy_win_percent": ("in", (25, 50), "... at medium, misère"),
    "misere_level_easy_greedy_win_percent": ("in", (60, 85), "... at easy, misère"),
    "fading_level_perfect_greedy_win_percent": ("<=", 0,
                                                "a greedy child as X wins at perfect, fading"),
    "fading_level_medium_greedy_win_percent": ("in", (25, 50), "... at medium, fading"),
    "fading_level_easy_greedy_win_percent": ("in", (60, 85), "... at easy, fading"),
    "medium_win_in_one_taken_percent": (">=", 95, "the AI at medium takes a win in one"),
    "web_flash_percent_of_avrdude": ("<=", 120,
                                     "the page's flasher against avrdude, same harness"),
    "comment_share_percent": ("<=", 30,
                              "comments among the non-blank characters of firmware/ and hal/"),
    "longest_function_lines": ("<=", 60, "longest function of the tree: C, Python, JS, tests too"),
    "uart_rx_latency_max_us": ("<=", 86.8, "a host byte's stop bit to its UDR0 read"),
    "uart_rx_latency_wake_max_us": ("<=", 1110.8, "the same at power-down entry: the crystal's "
                                    "start-up (16K CK, 1,024 us) and one byte time"),
    "uart_rx_overruns_stress": ("<=", 0, "host bytes lost in the latency stress"),
    "contrib_files_command": ("<=", 3, "files edited by hand to add a console command"),
    "contrib_files_menu_label": ("<=", 3, "files edited by hand to rename a menu label"),
    # issue 33: a lit room. The dimmest part the LED's data sheet allows, averaged over the
    # multiplex at full brightness (tests/shield/brightness.py).
    "led_red_mcd_full_min": (">=", 40, "a red die at full, the data sheet's dimmest, mcd"),
    "led_green_mcd_full_min": (">=", 40, "a green die at full, the data sheet's dimmest, mcd"),
    # issue 33: the case (make bench-case)
    "cap_tilt_max_deg": ("<=", 2, "a key cap's worst lean, pressed at centre, corners, LED end"),
    "cap_force_ratio_max": ("<=", 1.3, "the hardest press point's force over the centre's, mu 0.3"),
    "cap_jams_at_friction_0_3": ("<=", 0, "press points that jam a cap at friction 0.3"),
    "cap_travel_margin_mm": (">=", 0, "travel past a switch's end stop before anything meets"),
    "cap_lit_share_percent": (">=", 70, "the least share of a cap's top lit within 2:1 of its"
                              " brightest, every cell, black and white lid"),
    "cap_bleed_percent": ("<=", 5, "a lit cell's light on a dark neighbour's cap, of its own"),
    "case_assembly_failures": ("<=", 0, "print sheet steps replayed that stall or hold a key"),
}

NUMBER = r"\d[\d,]*(?:\.\d+)?"
NAME = r"[a-z][a-z0-9]*_[a-z0-9_]*"
WALL_CLOCK = ("_seconds", "_wallclock")


def bench_pairs(path):
    """{name: value as printed}, in the order `make bench` printed them."""
    pairs = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and re.fullmatch(r"[a-z][a-z0-9_]*", parts[0]):
                try:
                    float(parts[1])
                except ValueError:
                    continue
                pairs[parts[0]] = parts[1]
    return pairs


FIGURES_ROW = re.compile(r"^\| `([a-z][a-z0-9_]*)` \| ([^ |]+)(?: \(wall-clock\))? \|")


def figures_pairs(path):
    """{name: value as written} of FIGURES.md's table."""
    pairs = {}
    with open(path) as f:
        for line in f:
            m = FIGURES_ROW.match(line)
            if m:
                pairs[m.group(1)] = m.group(2)
    return pairs


def read_bench(path):
    """{name: value} of a bench output, or of FIGURES.md (a path ending in .md)."""
    pairs = figures_pairs(path) if path.endswith(".md") else bench_pairs(path)
    return {name: float(text) for name, text in pairs.items()}


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
        errors.append("%s: `%s` is not a figure of FIGURES.md" % (where, q.name))
    elif q.name.endswith(WALL_CLOCK):
        if "wall-clock" not in q.line:
            errors.append("%s: `%s` is a wall-clock time: say so (wall-clock)" % (where, q.name))
    elif q.written is None:
        errors.append("%s: no value given for `%s`" % (where, q.name))
    elif not matches(q.written, figures[q.name]):
        errors.append("%s: `%s` is %s here, FIGURES.md has %s" % (
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
                found and q.written is not None and "FIGURES.md has" in found[-1]:
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


FIGURES_HEAD = """# Figures

Every figure `make bench` measures, as `make figures` last wrote them: generated, never
edited by hand (a digest of the values below shows an edit). The documents quote these
values, and `make test` checks that they do, that each goal of
[tests/docs/figures.py](tests/docs/figures.py) is met here, and that the figures it can
read in seconds from `make all`'s build still meet theirs; when to run `make figures`:
[CONTRIBUTING.md](CONTRIBUTING.md#figures). Simulated cycles, bytes and counts are the
same on every run; a figure named `*_seconds` or `*_wallclock` is a wall-clock time on
the machine that ran the bench.

| figure | value | goal |
| --- | --- | --- |
"""


def digest(pairs):
    text = "".join("%s %s\n" % kv for kv in pairs.items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def render(pairs):
    """FIGURES.md for the figures {name: value as printed}."""
    rows = []
    for name, text in pairs.items():
        value = text + (" (wall-clock)" if name.endswith(WALL_CLOCK) else "")
        rows.append("| `%s` | %s | %s |" % (name, value, goal_text(name) if name in GOALS else ""))
    return FIGURES_HEAD + "\n".join(rows) + (
        "\n\nDigest of the values (the first 16 hex digits of the sha256 of the `name value` "
        "lines, in\nthis order): `%s`.\n" % digest(pairs))


def cmd_write(bench_path, figures_md):
    pairs = bench_pairs(bench_path)
    if not pairs:
        print("figures: no figures in %s" % bench_path)
        return 1
    with open(figures_md, "w") as f:
        f.write(render(pairs))
    print("figures: %d figures into %s" % (len(pairs), figures_md))
    return 0


def check_figures_file(figures_md, errors):
    """FIGURES.md as `write` makes it, every goal in it and met; returns {name: value}."""
    pairs = figures_pairs(figures_md)
    with open(figures_md) as f:
        if f.read() != render(pairs):
            errors.append("%s is not as `make figures` writes it (edited by hand, or the goals "
                          "of tests/docs/figures.py changed since): run `make figures`"
                          % figures_md)
    figures = {name: float(text) for name, text in pairs.items()}
    for name in GOALS:
        if name not in figures:
            errors.append("%s has no `%s`, a figure with a goal" % (figures_md, name))
        elif not goal_met(name, figures[name]):
            errors.append("%s: `%s` is %s, its goal %s is missed"
                          % (figures_md, name, shown(figures[name]), goal_text(name)))
    return figures


def check_quick(quick, figures, errors):
    """The quick figures measured now against their goals; notes of how far they moved."""
    for name, value in quick.items():
        if name in GOALS and not goal_met(name, value):
            errors.append("`%s` measures %s now, its goal is %s"
                          % (name, shown(value), goal_text(name)))
        elif name.endswith(WALL_CLOCK) or figures.get(name) == value:
            continue
        elif name in figures:
            print("figures: note: `%s` is %s in FIGURES.md and %s now (`make figures` when the "
                  "change means to move it)" % (name, shown(figures[name]), shown(value)))
        else:
            print("figures: note: `%s` (%s now) is not in FIGURES.md yet" % (name, shown(value)))


def cmd_check(figures_md, quick_path, docs):
    errors = []
    figures = check_figures_file(figures_md, errors)
    quick = read_bench(quick_path)
    if not quick:
        errors.append("no figures in %s (the quick bench printed none)" % quick_path)
    check_quick(quick, figures, errors)
    checked = sum(check_document(doc, figures, errors) for doc in docs)
    for e in errors:
        print("figures: " + e)
    if any("here, FIGURES.md has" in e for e in errors):
        print("figures: stale quotes: `make figures` rewrites them from FIGURES.md")
    if errors:
        return 1
    print("figures: %d quoted figures in %d documents match %s; its %d goals met, and the %d "
          "goals of the %d quick figures measured now" % (
              checked, len(docs), figures_md, len(GOALS), len(set(quick) & set(GOALS)),
              len(quick)))
    return 0


def cmd_update(figures_md, docs):
    figures = read_bench(figures_md)
    if not figures:
        print("figures: no figures in %s" % figures_md)
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
    return 0


def main(argv):
    if argv[:1] == ["goals"] and len(argv) == 2:
        return cmd_goals(argv[1])
    if argv[:1] == ["write"] and len(argv) == 3:
        return cmd_write(argv[1], argv[2])
    if argv[:1] == ["check"] and len(argv) >= 4:
        return cmd_check(argv[1], argv[2], argv[3:])
    if argv[:1] == ["update"] and len(argv) >= 3:
        return cmd_update(argv[1], argv[2:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
