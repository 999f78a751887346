"""tests/image/field_touches.py - how often the tests reach into the game's own data:
every `v.field` or `v->field` in tests/ where v is declared a `game_t` in that file and
field is a member of game_t (read from firmware/game/game.h). The game is driven
through events and read through accessors and a few helpers (tests/game/
game_test_util.c); each touch ties a test to the layout, so a refactor costs one edit
per touch. `make bench` reports the total as game_field_touches_tests, and the helpers'
share as game_field_touches_test_helpers.

usage: python3 -m tests.image.field_touches [ROOT]   total, then a line per file
(its planted cases: tests/image/test_field_touches.py)
"""
import os
import re
import sys

HELPERS = ("tests/game/game_test_util.c",)


def game_fields(header_text):
    """The member names of `typedef struct { ... } game_t;`."""
    m = re.search(r"typedef struct \{(.*?)\}\s*game_t;", header_text, re.S)
    if not m:
        raise ValueError("no game_t in the header")
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    names = []
    for decl in body.split(";"):
        words = re.findall(r"[A-Za-z_]\w*", decl.split("[")[0])
        if len(words) >= 2:
            names.append(words[-1])
    return names


def touches(text, fields):
    """The touches of game_t fields through the file's game_t variables."""
    names = set(re.findall(r"\bgame_t\s*\*?\s*(?:const\s+)?\*?\s*([A-Za-z_]\w*)", text))
    for decl in re.findall(r"\bgame_t\b([^;(){}=]*);", text):  # game_t g, *h;
        names.update(re.findall(r"([A-Za-z_]\w*)\s*(?:,|$)", decl))
    if not names or not fields:
        return 0
    pattern = r"\b(?:%s)\s*(?:\.|->)\s*(?:%s)\b" % ("|".join(sorted(names)), "|".join(fields))
    return len(re.findall(pattern, text))


def count(root="."):
    with open(os.path.join(root, "firmware/game/game.h")) as f:
        fields = game_fields(f.read())
    per_file = {}
    for dirpath, dirs, files in os.walk(os.path.join(root, "tests")):
        dirs[:] = sorted(d for d in dirs if d not in ("node_modules", "__pycache__"))
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                path = os.path.join(dirpath, name)
                with open(path, errors="replace") as f:
                    n = touches(f.read(), fields)
                if n:
                    per_file[os.path.relpath(path, root)] = n
    return per_file


def main(argv):
    per_file = count(argv[1] if len(argv) > 1 else ".")
    helpers = sum(n for p, n in per_file.items() if p in HELPERS)
    print("game_field_touches_tests %d" % sum(per_file.values()))
    print("game_field_touches_test_helpers %d" % helpers)
    for path, n in sorted(per_file.items()):
        print("# %s %d" % (path, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
