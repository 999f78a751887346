"""schematics/gen/libtable.py - where a library nickname of this project lives on disk, read
from the project's own sym-lib-table / fp-lib-table, as KiCad reads them.

The generators load symbols and footprints through this, so they use exactly the files
KiCad's ERC and DRC compare the design against. Invariant: every entry's uri is
project-local (${KIPRJMOD}/...); a uri through any other variable (KICAD9_SYMBOL_DIR,
...) is an error, since it would make the design depend on the libraries installed on
the machine. Standard library only.
"""
import os
import re

from schematics.gen import sexpr

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the KiCad project
TABLES = {"symbol": "sym-lib-table", "footprint": "fp-lib-table"}


def read(kind, project_dir=HERE):
    """nickname -> absolute path, for kind 'symbol' or 'footprint'."""
    path = os.path.join(project_dir, TABLES[kind])
    libs = {}
    for lib in sexpr.items(sexpr.load(path), "lib"):
        name, uri = sexpr.first(lib, "name")[1], sexpr.first(lib, "uri")[1]
        local = uri.replace("${KIPRJMOD}", project_dir)
        other = re.search(r"\$\{[^}]*\}", local)
        if other:
            raise SystemExit("libtable: %s: library %s is found through %s, not inside the "
                             "project (${KIPRJMOD}/lib/...): make kicad-update-libs vendors it"
                             % (path, name, other.group(0)))
        libs[name] = os.path.normpath(local)
    return libs


def resolve(kind, nickname, project_dir=HERE):
    libs = read(kind, project_dir)
    if nickname not in libs:
        raise SystemExit("libtable: no %s library %s in %s: add the part to the generator, "
                         "then make kicad-update-libs" % (kind, nickname,
                                                          os.path.join(project_dir, TABLES[kind])))
    return libs[nickname]
