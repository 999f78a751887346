"""schematics/gen/update_libs.py - refreshes schematics/lib/, the project's own copies of
the KiCad stock symbols, footprints and 3D models the shield uses (maintainers: `make
kicad-update-libs`, then review `git diff`).

  python3 -m schematics.gen.update_libs [--debs DIR] [--symbols DIR] [--footprints DIR]

The libraries come from Debian's kicad-symbols, kicad-footprints and kicad-packages3d
packages of the installed KiCad's version: `apt-get download` fetches the three .debs
into DIR (default build/kicad/debs; kept there, so it happens once), and only the files
used are taken out of them (`dpkg-deb --fsys-tarfile`): nothing is installed, least of
all the 4.7 GB of 3D models. --symbols / --footprints take an installed library folder
instead. Writes:
  lib/symbols/<Library>.kicad_sym   the stock file's header and, byte for byte, the
                                    stock definition of each symbol used (nothing else)
  lib/footprints/<Library>.pretty/  the stock .kicad_mod of each footprint used, copied
  lib/3dmodels/<Library>.3dshapes/  the STEP model each footprint used names
                                    (${KICAD9_3DMODEL_DIR}/...: the render points that
                                    variable here)
  lib/SOURCE.txt                    where they came from: packages, versions, list
  lib/LICENSE                       the KiCad libraries' licence (Debian's copyright file)
  sym-lib-table, fp-lib-table       one entry per library, uri ${KIPRJMOD}/lib/...
Invariants: the library nicknames stay KiCad's own (Device, Resistor_THT, ...); nothing
is edited; the set vendored is exactly what the description uses (the schematic
writer's symbols, parts.json's footprints). Standard library and dpkg-deb only.
"""
import argparse
import os
import re
import shutil
import subprocess

from schematics.gen import parts as partdata
from schematics.gen import schematic, sexpr

HERE = os.path.dirname(os.path.abspath(__file__))

PROJECT = os.path.dirname(HERE)
LIB = os.path.join(PROJECT, "lib")
PACKAGES = ("kicad-symbols", "kicad-footprints", "kicad-packages3d")


def used_parts(symbol_dir):
    """({library: [symbol names]}, {library: [footprint names]}) of the description."""
    schematic.SYMBOL_DIR = symbol_dir
    schematic.build()
    symbols, footprints = {}, {}
    for lib_id in sorted(schematic.LIBS):
        lib, name = lib_id.split(":")
        symbols.setdefault(lib, []).append(name)
    lines = partdata.load()["parts"]
    for fp in sorted({line.get("footprint_from", line["footprint"]) for line in lines}):
        lib, name = fp.split(":")
        footprints.setdefault(lib, []).append(name)
    return symbols, footprints


def kicad_version():
    return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "kicad"], capture_output=True,
                          text=True, check=True).stdout.strip()


def fetch_debs(deb_dir):
    """{package: .deb path} of the library packages of the installed KiCad's version."""
    version = kicad_version().replace("+dfsg", "")
    os.makedirs(deb_dir, exist_ok=True)
    out = {}
    for pkg in PACKAGES:
        name = "%s_%s_all.deb" % (pkg, version.replace(":", "%3a"))
        path = os.path.join(deb_dir, name)
        if not os.path.exists(path):
            print("update_libs: apt-get download %s=%s" % (pkg, version))
            subprocess.run(["apt-get", "download", "%s=%s" % (pkg, version)], cwd=deb_dir,
                           check=True)
        out[pkg] = path
    return out, version


def extract(deb, members, dest, some_missing=False):
    """Only the given ./usr/share/kicad/... members of a .deb, into dest (a folder); with
    some_missing, members the package lacks are skipped (the caller looks for them)."""
    os.makedirs(dest, exist_ok=True)
    tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", deb], stdout=subprocess.PIPE)
    r = subprocess.run(["tar", "-x", "-C", dest, "--wildcards", *members], stdin=tar.stdout,
                       stderr=subprocess.PIPE, text=True)
    tar.stdout.close()
    if r.returncode and not (some_missing and "Not found in archive" in r.stderr):
        raise SystemExit("update_libs: extracting from %s failed: %s" % (deb, r.stderr))
    if tar.wait() != 0:
        raise SystemExit("update_libs: dpkg-deb %s failed" % deb)


def model_paths(footprint_dir, footprints):
    """[(library.3dshapes/name.step)] named by the footprints' model lines."""
    out = []
    for lib, names in footprints.items():
        for name in names:
            text = open(os.path.join(footprint_dir, lib + ".pretty", name + ".kicad_mod"),
                        encoding="utf-8").read()
            for m in re.finditer(r'\(model "\$\{KICAD9_3DMODEL_DIR\}/([^"]+)"', text):
                out.append(m.group(1))
    return out


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


STOCK = "KiCad 9 stock library, vendored: lib/SOURCE.txt"
DERIVED = "the project's own, derived from a stock one: gen/footprints.py"


def write_table(path, head, entries):
    """entries: (nickname, uri) or (nickname, uri, description)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("(%s\n  (version 7)\n" % head)
        for name, uri, *descr in entries:
            f.write('  (lib (name "%s")(type "KiCad")(uri "%s")(options "")(descr "%s"))\n'
                    % (name, uri, descr[0] if descr else STOCK))
        f.write(")\n")


def footprint_table():
    """The fp-lib-table entries: the vendored stock libraries of the footprints parts.json
    uses or derives from, then the project's derived ones (gen/footprints.py)."""
    lines = partdata.load()["parts"]
    stock = sorted({line.get("footprint_from", line["footprint"]).split(":")[0]
                    for line in lines})
    derived = sorted({line["footprint"].split(":")[0] for line in lines
                      if "footprint_from" in line})
    return ([(lib, "${KIPRJMOD}/lib/footprints/%s.pretty" % lib) for lib in stock]
            + [(lib, "${KIPRJMOD}/footprints/%s.pretty" % lib, DERIVED) for lib in derived])


def write_license(copyright_file):
    """The licence paragraph of Debian's copyright file for the symbol package."""
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
        f.write("The files in symbols/, footprints/ and 3dmodels/ are unmodified parts of\n"
                "the KiCad libraries (symbols, footprints, 3D models), copyright the KiCad\n"
                "Community, all three licensed CC-BY-SA 4.0 with the exception below (copied from\n"
                "Debian's kicad-symbols copyright file).\n\n")
        f.write("\n".join(comment).strip() + "\n\n")
        f.write("\n".join(text).strip() + "\n")


def write_source(args, version, symbols, footprints, models, absent):
    """lib/SOURCE.txt: where the copies come from and which they are."""
    with open(os.path.join(LIB, "SOURCE.txt"), "w", encoding="utf-8") as f:
        f.write("# Unmodified copies of the KiCad stock symbols, footprints and 3D models the\n"
                "# shield uses. Written by schematics/gen/update_libs.py "
                "(make kicad-update-libs):\n"
                "# do not edit.\n")
        for pkg in PACKAGES:
            src = {"kicad-symbols": args.symbols, "kicad-footprints": args.footprints}.get(pkg)
            f.write("%-17s %s\n" % (pkg + ":", src and "%s (%s)" % (src, package_of(src)) or
                                    "Debian package %s %s (apt-get download)" % (pkg, version)))
        for lib, names in symbols.items():
            for name in names:
                f.write("symbol     %s:%s\n" % (lib, name))
        for lib, names in footprints.items():
            for name in names:
                f.write("footprint  %s:%s\n" % (lib, name))
        for m in models:
            f.write("3dmodel    %s\n" % m)
        for m in absent:
            f.write("no 3dmodel %s (not in kicad-packages3d)\n" % m)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--debs", default=os.path.join("build", "kicad", "debs"),
                    help="where the library .debs are downloaded and unpacked")
    ap.add_argument("--symbols", help="an installed KiCad 9 symbol folder instead")
    ap.add_argument("--footprints", help="an installed KiCad 9 footprint folder instead")
    args = ap.parse_args()
    debs, version = fetch_debs(args.debs)
    unpacked = os.path.join(args.debs, "unpacked")
    shutil.rmtree(unpacked, ignore_errors=True)
    share = "./usr/share/kicad/"
    if not args.symbols:
        extract(debs["kicad-symbols"], [share + "symbols/*", "./usr/share/doc/kicad-symbols/*"],
                unpacked)
    if not args.footprints:
        extract(debs["kicad-footprints"], [share + "footprints/*"], unpacked)
    sym_src = os.path.abspath(args.symbols or os.path.join(unpacked, share, "symbols"))
    fp_src = os.path.abspath(args.footprints or os.path.join(unpacked, share, "footprints"))
    symbols, footprints = used_parts(sym_src)
    models = model_paths(fp_src, footprints)
    extract(debs["kicad-packages3d"], [share + "3dmodels/" + m for m in models], unpacked,
            some_missing=True)
    absent = [m for m in models if not os.path.exists(os.path.join(unpacked, share, "3dmodels", m))]
    models = [m for m in models if m not in absent]
    # Build the new copies beside the old ones, then swap, so a failure keeps lib/ intact.
    tmp = os.path.join(LIB, ".new")
    shutil.rmtree(tmp, ignore_errors=True)
    vendor_symbols(sym_src, symbols, os.path.join(tmp, "symbols"))
    vendor_footprints(fp_src, footprints, os.path.join(tmp, "footprints"))
    for m in models:
        os.makedirs(os.path.join(tmp, "3dmodels", os.path.dirname(m)), exist_ok=True)
        shutil.copyfile(os.path.join(unpacked, share, "3dmodels", m),
                        os.path.join(tmp, "3dmodels", m))
    for sub in ("symbols", "footprints", "3dmodels"):
        shutil.rmtree(os.path.join(LIB, sub), ignore_errors=True)
        os.rename(os.path.join(tmp, sub), os.path.join(LIB, sub))
    os.rmdir(tmp)
    write_license(os.path.join(unpacked, "usr/share/doc/kicad-symbols/copyright"))
    write_source(args, version, symbols, footprints, models, absent)
    write_table(os.path.join(PROJECT, "sym-lib-table"), "sym_lib_table",
                [(lib, "${KIPRJMOD}/lib/symbols/%s.kicad_sym" % lib) for lib in symbols])
    write_table(os.path.join(PROJECT, "fp-lib-table"), "fp_lib_table", footprint_table())
    print("update_libs: %d symbols from %d libraries, %d footprints from %d libraries, "
          "%d 3D models (KiCad libraries %s) -> schematics/lib/" % (
              sum(map(len, symbols.values())), len(symbols),
              sum(map(len, footprints.values())), len(footprints), len(models), version))


if __name__ == "__main__":
    main()
