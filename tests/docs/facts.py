"""tests/docs/facts.py - the design's constants where people read them: each one lives
in its C table, goes to build/gen/NAME.json (print_facts, print_menu, print_sounds,
print_commands, print_pins), and every document, legend and page quotes it from there.

A KEY is the JSON file's name, then the path inside it, dot-separated; in a list, a
step names the item whose "name" is that word, and `*` every item (written as a list,
", " between two): `timings.game.LONG` (the long press), `serial.baud`,
`menu.cell_of.sound` (the menu cell that sets the sound), `leds.levels.*.name` (the
brightness levels' words). FORMAT says how it is written: nothing, the value as it is;
`s`, a time in ms as seconds ("1.5 s"); `ms` ("1500 ms"); `sec`, the seconds alone
("1.5"); `min`, minutes ("5 minutes"); or a
template in which `{}` (or `{s}`, `{ms}`, ...) stands for the value so written, for a
fact inside a code span. A time may be an item with "ms".

* In Markdown, a fact span keeps the value readable in the raw text:
      hold <!-- fact:timings.game.LONG s -->0.8 s<!-- /fact --> and release
  `check` fails naming `make docs-tables` when a span's text is stale; `update`
  rewrites it.
* In a template (sim/legend.txt, sim/web/src/page.html), `@KEY FORMAT@` is replaced
  by `fill` into a copy in build/gen: `hold @timings.game.LONG s@`.
* `guard` fails on a fact's old literal (GUARDED below) anywhere in the tracked files
  outside a fact span, except in the files ALLOWED names, each with its reason (the
  table itself, or a text of its own, not the fact); an allowed file that no longer
  holds the literal fails too, so the list stays short.

usage: python3 -m tests.docs.facts check|update GEN_DIR DOC...
       python3 -m tests.docs.facts fill GEN_DIR TEMPLATE OUT
       python3 -m tests.docs.facts guard [FILE...]     (default: git ls-files)
(the planted cases: tests/docs/test_facts.py)
"""
import json
import os
import re
import subprocess
import sys

SPAN = re.compile(r"<!-- fact:([A-Za-z0-9_.*]+)(?: ((?:(?!-->).)*?))? -->(.*?)<!-- /fact -->")
PLACE = re.compile(r"@([a-z]+(?:\.(?:[A-Za-z0-9_]+|\*))+)(?: ([^@\n]*))?@")
FORMATS = ("s", "ms", "sec", "min")


class FactError(ValueError):
    pass


def load(gen_dir, key):
    """The JSON file KEY names, from GEN_DIR."""
    path = os.path.join(gen_dir, key.split(".")[0] + ".json")
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        raise FactError("%s: no %s (make all builds it)" % (key, path))


def step_into(value, step):
    """One step of a path: a dict's key, or a list's item of that "name"; None if none."""
    if isinstance(value, list):
        found = [v for v in value if isinstance(v, dict) and str(v.get("name")) == step]
        return found[0] if found else None
    return value.get(step) if isinstance(value, dict) else None


def lookup(data, key):
    """The value at KEY's path (its first step, the file, already read into data); a step
    `*` takes every item of a list, and the rest of the path from each."""
    values, many = [data], False
    for step in key.split(".")[1:]:
        if step == "*":
            if len(values) != 1 or not isinstance(values[0], list):
                raise FactError("%s: '*' needs a list" % key)
            values, many = values[0], True
            continue
        values = [step_into(v, step) for v in values]
        if None in values:
            raise FactError("%s: no '%s' there" % (key, step))
    return values if many else values[0]


def number(x):
    """A number without a needless '.0': 0.8, 2, 1.5."""
    return ("%.3f" % x).rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


def render(value, fmt, key="fact"):
    """value written as FORMAT says (the module's docstring)."""
    if fmt and "{" in fmt:
        return re.sub(r"\{(\w*)\}", lambda m: render(value, m.group(1), key), fmt)
    if isinstance(value, list) and not (fmt and "{" in fmt):
        return ", ".join(render(v, fmt, key) for v in value)
    if not fmt:
        if isinstance(value, dict):
            raise FactError("%s: a table, not a value: name a field" % key)
        return number(value) if not isinstance(value, bool) else str(value).lower()
    if fmt not in FORMATS:
        raise FactError("%s: unknown format '%s'" % (key, fmt))
    ms = value.get("ms") if isinstance(value, dict) else value
    if not isinstance(ms, int) or isinstance(ms, bool):
        raise FactError("%s: format '%s' needs a time in ms" % (key, fmt))
    if fmt == "ms":
        return "%d ms" % ms
    if fmt == "min":
        minutes = number(ms / 60000 if ms % 60000 else ms // 60000)
        return "%s minute%s" % (minutes, "" if minutes == "1" else "s")
    sec = number(ms / 1000 if ms % 1000 else ms // 1000)
    return sec if fmt == "sec" else sec + " s"


class Facts:
    """The facts of GEN_DIR's JSON files, each file read once."""

    def __init__(self, gen_dir):
        self.gen_dir, self.files = gen_dir, {}

    def text(self, key, fmt):
        name = key.split(".")[0]
        if name not in self.files:
            self.files[name] = load(self.gen_dir, key)
        return render(lookup(self.files[name], key), fmt, key)


def code_lines(lines):
    """The indexes of the lines in code blocks (indented by 4 spaces after a blank line,
    or fenced by ```): a span there is an example of the syntax, left as it is."""
    code, fenced, indented = set(), False, False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            code.add(i)
            continue
        blank = not line.strip()
        indented = line.startswith("    ") and (indented or i == 0 or not lines[i - 1].strip()) \
            or (indented and blank)
        if fenced or (indented and not blank):
            code.add(i)
    return code


def check_spans(text, path):
    """FactError for a span cut by a line break, or one inside a code span (the comment
    would show as it is); code blocks left out."""
    lines = text.split("\n")
    code = code_lines(lines)
    for n, line in enumerate(lines):
        if n not in code and "<!-- fact:" in SPAN.sub("", line):
            raise FactError("%s:%d: a fact span without its '<!-- /fact -->' on the same line"
                            % (path, n + 1))
    for m in SPAN.finditer(text):  # a code span may run over a line break, not a paragraph's
        n = text.count("\n", 0, m.start())
        if n not in code and text[text.rfind("\n\n", 0, m.start()) + 1:m.start()].count("`") % 2:
            raise FactError("%s:%d: a fact span inside a code span (shown as it is): put the "
                            "code span in the span's template instead" % (path, n + 1))


def rewrite_spans(text, facts):
    """text with every fact span's text written from its fact (code blocks left out)."""
    lines = text.split("\n")
    code = code_lines(lines)
    return "\n".join(line if i in code else SPAN.sub(
        lambda m: "<!-- fact:%s%s -->%s<!-- /fact -->" % (
            m.group(1), " " + m.group(2) if m.group(2) else "", facts.text(m.group(1), m.group(2))),
        line) for i, line in enumerate(lines))


def fill(text, facts):
    """A template with every `@KEY FORMAT@` replaced."""
    return PLACE.sub(lambda m: facts.text(m.group(1), m.group(2)), text)


def docs(mode, gen_dir, paths):
    """check or update the fact spans of the documents; 0 when all are current."""
    facts, stale = Facts(gen_dir), []
    for path in paths:
        with open(path) as f:
            text = f.read()
        check_spans(text, path)
        new = rewrite_spans(text, facts)
        if new != text and mode == "update":
            with open(path, "w") as f:
                f.write(new)
        elif new != text:
            stale.append(path)
    for path in stale:
        print("facts: %s: a quoted fact differs from its table: run make docs-tables" % path,
              file=sys.stderr)
    return 1 if stale else 0


# ---- the guard: a fact's old literal coming back by hand ----

# fact: (what it is, the patterns of its old literals)
GUARDED = {
    "the long press (timings.game.LONG)": [r"\b0\.8 ?s(?:econds?)?\b", r"\b800 ?ms\b"],
    "the serial port's baud (serial.baud, serial.boot_baud)": [r"\b115,?200\b"],
    "a menu cell's meaning (menu.cell_of)": [
        r"(?i)\bmenu(?: cell)? [1-9]\b", r"(?i)\bcell [1-9] (?:steps|closes|picks|shows)\b",
        r"\b[1-9] (?:closes|steps) the (?:menu|level|sound)\b"],
}
# file: {fact: why its literal may stay there}
ALLOWED = {
    "tests/docs/test_facts.py": {fact: "the guard's own planted cases" for fact in GUARDED},
    "tests/mutants/docs.txt": {
        fact: "the mutation run's planted literals, each of which this guard must catch"
        for fact in GUARDED},
}
SKIP_DIRS = {".git", "build", "node_modules", "__pycache__"}


def tracked_files():
    """The tree's files: git's tracked ones at a work tree's top, else (a scratch copy of
    the tree, tests/mutants, tests/contributing) every file outside build/."""
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if top.returncode == 0 and os.path.realpath(top.stdout.strip()) == os.path.realpath("."):
        out = subprocess.run(["git", "ls-files", "-z"], capture_output=True, check=True).stdout
        return [p for p in out.decode().split("\0") if p and os.path.isfile(p)]
    found = []
    for here, dirs, files in os.walk("."):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        found += [os.path.relpath(os.path.join(here, f)) for f in sorted(files)]
    return found


def literals(text):
    """{fact: [(line number, the literal)]} of text outside its fact spans."""
    found = {}
    for n, line in enumerate(SPAN.sub("", text).split("\n"), 1):
        for fact, patterns in GUARDED.items():
            for pattern in patterns:
                for m in re.finditer(pattern, line):
                    found.setdefault(fact, []).append((n, m.group(0)))
    return found


def guard(paths, allowed=None):
    """The guard's complaints, one line each: [] when none."""
    allowed = ALLOWED if allowed is None else allowed
    bad, seen = [], set()
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        for fact, places in literals(text).items():
            if fact in allowed.get(path, {}):
                seen.add((path, fact))
                continue
            for n, lit in places:
                bad.append("%s:%d: '%s' is %s: quote it from its table (a fact span, "
                           "@KEY@, or the JSON; tests/docs/facts.py)" % (path, n, lit, fact))
    for path, facts in allowed.items():
        for fact in facts:
            if path in paths and (path, fact) not in seen:
                bad.append("%s: allowed to hold %s, and no longer does: drop it from "
                           "ALLOWED (tests/docs/facts.py)" % (path, fact))
    return bad


def main(argv):
    try:
        if len(argv) >= 3 and argv[0] in ("check", "update"):
            return docs(argv[0], argv[1], argv[2:])
        if len(argv) == 4 and argv[0] == "fill":
            with open(argv[2]) as f:
                try:
                    text = fill(f.read(), Facts(argv[1]))
                except FactError as e:
                    raise FactError("%s: %s" % (argv[2], e))
            with open(argv[3] + ".tmp", "w") as f:
                f.write(text)
            os.replace(argv[3] + ".tmp", argv[3])
            return 0
        if argv and argv[0] == "guard":
            bad = guard(argv[1:] or tracked_files())
            print("\n".join(bad) or "facts: no fact's old literal outside its table and spans",
                  file=sys.stderr if bad else sys.stdout)
            return 1 if bad else 0
    except FactError as e:
        print("facts: %s" % e, file=sys.stderr)
        return 1
    print(__doc__.split("usage: ")[1].split("(the planted")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
