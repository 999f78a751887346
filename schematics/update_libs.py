#!/usr/bin/env python3
"""schematics/update_libs.py - refreshes schematics/lib/, the project's own copies of the
KiCad stock symbols and footprints the shield uses, from an installed KiCad 9 library
(maintainers: `make kicad-update-libs`, then review `git diff`).

  python3 schematics/update_libs.py [--symbols DIR] [--footprints DIR]

DIR defaults: $KICAD9_SYMBOL_DIR or /usr/share/kicad/symbols, $KICAD9_FOOTPRINT_DIR or
/usr/share/kicad/footprints. Writes:
  lib/symbols/<Library>.kicad_sym   the stock file's header and, byte for byte, the
                                    stock definition of each symbol used (nothing else)
  lib/footprints/<Library>.pretty/  the stock .kicad_mod of each footprint used, copied
  lib/SOURCE.txt                    where they came from: folders, package versions, list
  lib/LICENSE                       the KiCad libraries' licence (from Debian's copyright
                                    file, when there is one)
  sym-lib-table, fp-lib-table       one entry per library, uri ${KIPRJMOD}/lib/...
Invariants: the library nicknames stay KiCad's own (Device, Resistor_THT, ...), so the
schematic's lib_ids, the PCB's footprint names and the BOM read as stock parts, and the
project table shadows the global one for exactly these nicknames; nothing is edited; the
set vendored is exactly what gen_schematic.py's description uses (parts and their
footprint fields), so a new part there needs one run of this. Standard library only.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_schematic  # noqa: E402
import sexpr  # noqa: E402

LIB = os.path.join(HERE, "lib")


def used_parts(symbol_dir):
    """({library: [symbol names]}, {library: [footprint names]}) of the description."""
    gen_schematic.SYMBOL_DIR = symbol_dir
    gen_schematic.build()
    symbols, footprints = {}, {}
    for lib_id in sorted(gen_schematic.LIBS):
        lib, name = lib_id.split(":")
        symbols.setdefault(lib, []).append(name)
    for fp in sorted({p["fp"] for p in gen_schematic.parts if p["fp"]}):
        lib, name = fp.split(":")
        footprints.setdefault(lib, []).append(name)
    return symbols, footprints


def package_of(path):
    """'kicad-symbols 9.0.8-1~bpo12+1' for a dpkg-installed folder, else a plain note."""
    try:
        owner = subprocess.run(["dpkg-query", "-S", path], capture_output=True, text=True)
        pkg = owner.stdout.split(":")[0].strip() if owner.returncode == 0 else ""
        if pkg:
            ver = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg],
                                 capture_output=True, text=True).stdout.strip()
            return "Debian package %s %s" % (pkg, ver)
    except OSError:
        pass
    return "not from a Debian package: name the KiCad library version here by hand"


def vendor_symbols(src_dir, symbols, out_dir):
    os.makedirs(out_dir)
    for lib, names in symbols.items():
        src = os.path.join(src_dir, lib + ".kicad_sym")
        with open(src, encoding="utf-8") as f:
            text = f.read()
        header_end = text.find("\n\t(symbol ")
        if not text.startswith("(kicad_symbol_lib") or header_end < 0:
            raise SystemExit("update_libs: %s is no KiCad symbol library" % src)
        blocks = []
        for name in names:  # stock file order, so a diff against upstream stays small
            start = text.find('\n\t(symbol "%s"' % name)
            if start < 0:
                raise SystemExit("update_libs: %s:%s not found in %s" % (lib, name, src))
            blocks.append((start, "\t" + sexpr.raw_block(text, start + 2)))
        body = "".join(b + "\n" for _s, b in sorted(blocks))
        out = os.path.join(out_dir, lib + ".kicad_sym")
        with open(out, "w", encoding="utf-8") as f:
            f.write(text[:header_end + 1] + body + ")\n")
        sexpr.load(out)  # still one balanced library


def vendor_footprints(src_dir, footprints, out_dir):
    for lib, names in footprints.items():
        os.makedirs(os.path.join(out_dir, lib + ".pretty"))
        for name in names:
            rel = os.path.join(lib + ".pretty", name + ".kicad_mod")
            src = os.path.join(src_dir, rel)
            if not os.path.isfile(src):
                raise SystemExit("update_libs: footprint %s:%s not found (%s)" % (lib, name, src))
            shutil.copyfile(src, os.path.join(out_dir, rel))


def write_table(path, head, entries):
    with open(path, "w", encoding="utf-8") as f:
        f.write("(%s\n  (version 7)\n" % head)
        for name, uri in entries:
            f.write('  (lib (name "%s")(type "KiCad")(uri "%s")(options "")(descr "KiCad 9 '
                    'stock library, vendored: lib/SOURCE.txt"))\n' % (name, uri))
        f.write(")\n")


def write_license():
    """The licence paragraph of Debian's copyright file for the symbol package."""
    copyright_file = "/usr/share/doc/kicad-symbols/copyright"
    out = os.path.join(LIB, "LICENSE")
    if not os.path.exists(copyright_file):
        if not os.path.exists(out):
            raise SystemExit("update_libs: no %s to take the licence from; write lib/LICENSE "
                             "(CC-BY-SA-4.0 with the KiCad libraries' exception) by hand"
                             % copyright_file)
        print("update_libs: kept lib/LICENSE (no %s)" % copyright_file)
        return
    lines = open(copyright_file, encoding="utf-8").read().splitlines()
    comment, text, where = [], [], None
    for line in lines:
        if line.startswith("Comment:"):
            where = comment
            line = line[len("Comment:"):]
        elif line.startswith("License: CC-BY-SA"):
            where = text
            continue
        elif line and not line.startswith(" "):
            where = None
        if where is not None:
            where.append("" if line.strip() == "." else line.strip())
    if not text:
        raise SystemExit("update_libs: no CC-BY-SA licence text in %s" % copyright_file)
    with open(out, "w", encoding="utf-8") as f:
        f.write("The files in symbols/ and footprints/ are unmodified parts of the KiCad\n"
                "libraries (symbols and footprints), copyright the KiCad Community,\n"
                "licensed CC-BY-SA 4.0 with the exception below (copied from\n"
                "%s).\n\n" % copyright_file)
        f.write("\n".join(comment).strip() + "\n\n")
        f.write("\n".join(text).strip() + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--symbols", default=os.environ.get("KICAD9_SYMBOL_DIR",
                                                        "/usr/share/kicad/symbols"))
    ap.add_argument("--footprints", default=os.environ.get("KICAD9_FOOTPRINT_DIR",
                                                           "/usr/share/kicad/footprints"))
    args = ap.parse_args()
    sym_src, fp_src = os.path.abspath(args.symbols), os.path.abspath(args.footprints)
    symbols, footprints = used_parts(sym_src)
    # Build the new copies beside the old ones, then swap, so a failure keeps lib/ intact.
    tmp = os.path.join(LIB, ".new")
    shutil.rmtree(tmp, ignore_errors=True)
    vendor_symbols(sym_src, symbols, os.path.join(tmp, "symbols"))
    vendor_footprints(fp_src, footprints, os.path.join(tmp, "footprints"))
    for sub in ("symbols", "footprints"):
        shutil.rmtree(os.path.join(LIB, sub), ignore_errors=True)
        os.rename(os.path.join(tmp, sub), os.path.join(LIB, sub))
    os.rmdir(tmp)
    write_license()
    with open(os.path.join(LIB, "SOURCE.txt"), "w", encoding="utf-8") as f:
        f.write("# Unmodified copies of the KiCad stock symbols and footprints the shield uses.\n"
                "# Written by schematics/update_libs.py (make kicad-update-libs): do not edit.\n")
        f.write("symbols:    %s (%s)\n" % (sym_src, package_of(sym_src)))
        f.write("footprints: %s (%s)\n" % (fp_src, package_of(fp_src)))
        for lib, names in symbols.items():
            for name in names:
                f.write("symbol     %s:%s\n" % (lib, name))
        for lib, names in footprints.items():
            for name in names:
                f.write("footprint  %s:%s\n" % (lib, name))
    write_table(os.path.join(HERE, "sym-lib-table"), "sym_lib_table",
                [(lib, "${KIPRJMOD}/lib/symbols/%s.kicad_sym" % lib) for lib in symbols])
    write_table(os.path.join(HERE, "fp-lib-table"), "fp_lib_table",
                [(lib, "${KIPRJMOD}/lib/footprints/%s.pretty" % lib) for lib in footprints])
    print("update_libs: %d symbols from %d libraries (%s), %d footprints from %d libraries "
          "(%s) -> schematics/lib/" % (
              sum(map(len, symbols.values())), len(symbols), sym_src,
              sum(map(len, footprints.values())), len(footprints), fp_src))


if __name__ == "__main__":
    main()
