"""tests/image/code_figures.py - figures of the source itself, for `make bench`:

* comment_share_percent: the share of comment characters among the non-blank
  characters of the C sources and headers in firmware/ and hal/ (whitespace never
  counts; string and character literals are code); also per area;
* longest_function_lines: the longest function of the whole tree, C, Python and JS
  (tests included; build/, node_modules/ and .git/ left out), in lines from the line
  that names it to its last line; also per area (longest_function_lines_firmware, ...
  one per top-level folder with code) and per language (..._c, ..._python, ..._js), each
  with its name (longest_function_name_AREA file:function, a line the figures check
  ignores).

C: a function is a brace block at file level whose head ends in a parenthesised list (so
`ISR(TIMER0_COMPA_vect) {` is one, named so); struct, union and enum bodies and
initialisers (`= {`) are not. Python: every def, from its line to its last (ast).
JS: every brace body of a function declaration or expression, a method or an arrow
function, nested ones too (an enclosing function's lines include them).

usage: python3 -m tests.image.code_figures [ROOT]   the figures of the tree at ROOT (.)
(the planted cases: tests/image/test_code_figures.py)
"""
import ast
import os
import re
import sys

COMMENT_AREAS = ["firmware", "hal"]
FUNCTION_AREAS = ["board", "firmware", "hal", "sim", "tests", "schematics", "case"]
LANGUAGES = {"c": (".c", ".h"), "python": (".py",), "js": (".js", ".mjs", ".cjs")}
SKIP_DIRS = {"node_modules", "build", ".git", "__pycache__"}


def sources(root, area, suffixes=(".c", ".h")):
    top = os.path.join(root, area)
    for dirpath, dirs, names in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(names):
            if name.endswith(suffixes):
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


C_HEAD = re.compile(r"([A-Za-z_]\w*)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)[\s\w()]*$")


def c_head(code, head_start, i):
    """The [name, first line, None] of the block opening at i, or [None, 0, None]."""
    head = code[head_start:i]
    m = C_HEAD.search(head)
    if not m or "=" in head or re.search(r"\b(struct|union|enum)\b[^;]*$", head):
        return [None, 0, None]
    name = m.group(1)
    if name in ("ISR", "SIGNAL"):
        name = "%s(%s)" % (name, m.group(2).split(",")[0].strip())
    return [name, code.count("\n", 0, head_start + m.start(1)) + 1, None]


def c_functions(text):
    """(name, lines) of every function defined in a C file's text."""
    code, _ = split_code(text)
    # Preprocessor lines are not C at file level (a macro may hold braces).
    code = re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*",
                  lambda m: "\n" * m.group(0).count("\n"), code)
    found = []
    depth, head_start = 0, 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                found.append(c_head(code, head_start, i))
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                found[-1][2] = code.count("\n", 0, i) + 1
                head_start = i + 1
        elif c == ";" and depth == 0:
            head_start = i + 1
    return [(name, end - start + 1) for name, start, end in found if name and end]


def python_functions(text):
    """(qualified name, lines) of every def in a Python file's text, nested ones too."""
    found = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + child.name, child.end_lineno - child.lineno + 1))
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)
    visit(ast.parse(text), "")
    return found


REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}


def js_skip_string(text, i):
    """The index after the string or template literal opening at i."""
    quote, j, n = text[i], i + 1, len(text)
    while j < n and text[j] != quote:
        if text[j] == "\\":
            j += 2
        elif quote == "`" and text.startswith("${", j):
            j = js_skip_code(text, j + 2, "}")
        else:
            j += 1
    return j + 1


def js_skip_regex(text, i):
    """The index after the regular expression literal opening at i (flags included)."""
    j, in_class = i + 1, False
    while j < len(text) and text[j] != "\n":
        c = text[j]
        if c == "\\":
            j += 1
        elif c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            break
        j += 1
    j += 1
    while j < len(text) and text[j].isalpha():
        j += 1
    return j


def js_skip_code(text, i, closer):
    """The index after the `closer` that ends the code starting at i (a template's ${)."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "\"'`":
            i = js_skip_string(text, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0 and closer == "}":
                return i + 1
            depth -= 1
        i += 1
    return i


def js_code(text):
    """The text with comments, strings, templates and regular expressions blanked (their
    newlines kept), so every brace left is the code's."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'`":
            j = js_skip_string(text, i)
        elif c == "/" and re.sub(r"^.*\b(return|typeof|case)$", "(",
                                 "".join(out).rstrip()[-8:])[-1:] in REGEX_AFTER:
            j = js_skip_regex(text, i)
        else:
            out.append(c)
            i += 1
            continue
        out.append(" " + "\n" * text.count("\n", i, j))
        i = j
    return "".join(out)


JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "with", "function", "return"}


def js_head(code, i):
    """The name of the function whose body opens at i (None: a block, an object)."""
    before = code[:i].rstrip()
    if before.endswith("=>"):
        m = re.search(r"(\w+)\s*[:=]\s*(?:async\s*)?(?:\([^()]*\)|\w+)\s*=>$", before)
        return m.group(1) if m else "(arrow)"
    if not before.endswith(")"):
        return None
    depth, j = 0, len(before) - 1
    while j >= 0:
        depth += {")": 1, "(": -1}.get(before[j], 0)
        if depth == 0:
            break
        j -= 1
    m = re.search(r"(?:\bfunction\b\s*\*?\s*(\w*)|(\w+))\s*$", before[:j])
    if not m or (m.group(2) in JS_KEYWORDS):
        return None
    return m.group(1) or m.group(2) or "(function)"


def js_functions(text):
    """(name, lines) of every function body in a JS file's text."""
    code = js_code(text)
    found, stack = [], []
    for i, c in enumerate(code):
        if c == "{":
            stack.append((js_head(code, i), code.count("\n", 0, i) + 1))
        elif c == "}" and stack:
            name, start = stack.pop()
            if name:
                name += "@%d" % start if name.startswith("(") else ""
                found.append((name, code.count("\n", 0, i) + 1 - start + 1))
    return found


MEASURE = {"c": c_functions, "python": python_functions, "js": js_functions}


def longest(root, areas, languages):
    """(lines, 'path:function') of the longest function in those areas and languages."""
    best = (0, "")
    for area in areas:
        for lang in languages:
            for path in sources(root, area, LANGUAGES[lang]):
                with open(path, errors="replace") as f:
                    text = f.read()
                for name, lines in MEASURE[lang](text):
                    if lines > best[0]:
                        best = (lines, "%s:%s" % (os.path.relpath(path, root), name))
    return best


def figures(root):
    out = []
    share = comment_share([p for a in COMMENT_AREAS for p in sources(root, a)])
    out.append(("comment_share_percent", "%.1f" % share))
    for area in COMMENT_AREAS:
        out.append(("comment_share_percent_%s" % area, "%.1f" % comment_share(sources(root, area))))
    whole = longest(root, FUNCTION_AREAS, LANGUAGES)
    out.append(("longest_function_lines", str(whole[0])))
    out.append(("longest_function_name", whole[1] or "-"))
    for part, areas, langs in ([(a, [a], LANGUAGES) for a in FUNCTION_AREAS]
                               + [(lang, FUNCTION_AREAS, [lang]) for lang in LANGUAGES]):
        lines, name = longest(root, areas, langs)
        out.append(("longest_function_lines_%s" % part, str(lines)))
        out.append(("longest_function_name_%s" % part, name or "-"))
    return out


def main(argv):
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        sys.exit(__doc__)
    for name, value in figures(argv[0] if argv else "."):
        print(name, value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
