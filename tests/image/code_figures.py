#!/usr/bin/env python3
"""tests/image/code_figures.py - figures of the C source itself, for `make bench`:

* comment_share_percent: the share of comment characters among the non-blank
  characters of the C sources and headers in firmware/ and hal/ (whitespace never
  counts; string and character literals are code);
* longest_function_lines: the longest C function body in firmware/, hal/ and sim/, in
  lines from the line that names it to its closing brace; also per area
  (longest_function_lines_firmware, ..._hal, ..._sim) with its name
  (longest_function_name_AREA file:function, a line the figures check ignores).

A function is a brace block at file level whose head ends in a parenthesised list (so
`ISR(TIMER0_COMPA_vect) {` is one, named so); struct, union and enum bodies and
initialisers (`= {`) are not.

usage: code_figures.py [ROOT]     print the figures for the tree at ROOT (default .)
       code_figures.py --self-test   a planted long function and a comment-heavy file
                                     must be measured as such
"""
import os
import re
import sys

COMMENT_AREAS = ["firmware", "hal"]
FUNCTION_AREAS = ["firmware", "hal", "sim"]
SKIP_DIRS = {"node_modules", "build", ".git"}


def sources(root, area):
    top = os.path.join(root, area)
    for dirpath, dirs, names in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                yield os.path.join(dirpath, name)


def split_code(text):
    """(code, comments): the text with comments blanked out (newlines kept, so line
    numbers stay), and the comments' characters. Literals stay in the code."""
    code, comments = [], []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            comments.append(text[i:j])
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            comments.append(text[i:j])
            code.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            code.append(text[i:j + 1])
            i = j + 1
        else:
            code.append(c)
            i += 1
    return "".join(code), "".join(comments)


def non_blank(s):
    return len(re.sub(r"\s", "", s))


def comment_share(paths):
    code_chars = comment_chars = 0
    for path in paths:
        with open(path, errors="replace") as f:
            code, comments = split_code(f.read())
        code_chars += non_blank(code)
        comment_chars += non_blank(comments)
    total = code_chars + comment_chars
    return 100.0 * comment_chars / total if total else 0.0


def functions(path):
    """(name, lines) of every function defined in the file."""
    with open(path, errors="replace") as f:
        code, _ = split_code(f.read())
    # Preprocessor lines are not C at file level (a macro may hold braces).
    code = re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", lambda m: "\n" * m.group(0).count("\n"), code)
    found = []
    depth, head_start, i = 0, 0, 0
    while i < len(code):
        c = code[i]
        if c == "{":
            if depth == 0:
                head = code[head_start:i]
                m = re.search(r"([A-Za-z_]\w*)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)[\s\w()]*$", head)
                if m and "=" not in head and not re.search(r"\b(struct|union|enum)\b[^;]*$", head):
                    name = m.group(1)
                    if name in ("ISR", "SIGNAL"):
                        name = "%s(%s)" % (name, m.group(2).split(",")[0].strip())
                    start = code.count("\n", 0, head_start + m.start(1)) + 1
                    found.append([name, start, None])
                else:
                    found.append([None, 0, None])
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                entry = found[-1]
                entry[2] = code.count("\n", 0, i) + 1
                head_start = i + 1
        elif c == ";" and depth == 0:
            head_start = i + 1
        i += 1
    return [(name, end - start + 1) for name, start, end in found if name and end]


def longest(paths, root):
    best = (0, "")
    for path in paths:
        for name, lines in functions(path):
            if lines > best[0]:
                best = (lines, "%s:%s" % (os.path.relpath(path, root), name))
    return best


def figures(root):
    out = []
    share = comment_share([p for a in COMMENT_AREAS for p in sources(root, a)])
    out.append(("comment_share_percent", "%.1f" % share))
    for area in COMMENT_AREAS:
        out.append(("comment_share_percent_%s" % area, "%.1f" % comment_share(sources(root, area))))
    overall = (0, "")
    for area in FUNCTION_AREAS:
        lines, name = longest(sources(root, area), root)
        out.append(("longest_function_lines_%s" % area, str(lines)))
        out.append(("longest_function_name_%s" % area, name or "-"))
        overall = max(overall, (lines, name))
    out.insert(len(COMMENT_AREAS) + 1, ("longest_function_lines", str(overall[0])))
    return out


def self_test():
    import tempfile
    failures = []
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        body = "".join("    x += %d; /* } { */\n" % i for i in range(58))
        # 61 lines from the name to the closing brace: the planted long function
        write("firmware/a/long.c", "static int x;\nvoid planted_long(void)\n{\n" + body + "}\n"
              "struct s { int a; };\nstatic const int t[] = {1, 2};\n"
              "ISR(TIMER0_COMPA_vect)\n{\n    x = '{';\n}\n")
        # comment-heavy: 20 code characters, 20 comment characters (blanks never count)
        write("hal/heavy.h", "/* 45678901234567890 */\nint heavy_value(void);\n  \n")
        write("sim/s.c", "int sim_f(int a)\n{\n    return a; // }\n}\n")
        got = dict(figures(root))
    want = {
        "longest_function_lines": "61",
        "longest_function_lines_firmware": "61",
        "longest_function_name_firmware": "firmware/a/long.c:planted_long",
        "longest_function_lines_hal": "0",
        "longest_function_lines_sim": "4",
        "longest_function_name_sim": "sim/s.c:sim_f",
    }
    for name, value in want.items():
        if got.get(name) != value:
            failures.append("%s: %s, want %s" % (name, got.get(name), value))
    if got.get("comment_share_percent_hal") != "50.0":
        failures.append("comment share of the planted header: %s, want 50.0"
                        % got.get("comment_share_percent_hal"))
    share = float(got.get("comment_share_percent", "0"))
    if not share > float(got.get("comment_share_percent_firmware", "100")):
        failures.append("the comment-heavy header must raise the overall share")
    # The goals (tests/docs/figures.py) must call both plants missed.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs"))
    from figures import goal_met  # noqa: E402
    if goal_met("longest_function_lines", 61) or not goal_met("longest_function_lines", 60):
        failures.append("the longest-function goal must miss 61 lines and meet 60")
    if goal_met("comment_share_percent", 50.0) or not goal_met("comment_share_percent", 30.0):
        failures.append("the comment-share goal must miss 50 % and meet 30 %")
    for f in failures:
        print("code_figures self-test: " + f)
    print("code_figures self-test: %s" % ("FAILED" if failures else "ok"))
    return 1 if failures else 0


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    if len(args) > 1 or (args and args[0].startswith("-")):
        sys.exit(__doc__)
    for name, value in figures(args[0] if args else "."):
        print(name, value)
    return 0


if __name__ == "__main__":
    sys.exit(main())
