#!/usr/bin/python3
"""schematics/fab.py - the files a board house and an assembler need, in one zip, and an
independent look at them (run by `make gerbers`).

  fab.py PCB SCH OUTDIR [--pictures DIR]
  fab.py bom SCH OUT.csv       only the BOM (schematics/bom.csv is this, committed)

OUTDIR/ttt-shield-r1.zip holds, all exported by kicad-cli (KiCad 9), with the origin
at the board's lower-left corner:
  *.g*, *.drl   Gerber X2: F/B copper, F/B mask, F/B silkscreen, edge cuts, the job
                file; Excellon drill files (plated and unplated apart), drill maps
  assembly/bom.csv      bill of materials grouped by value, with manufacturer and MPN
  assembly/cpl.csv      placement (reference, value, package, x, y, rotation, side), mm
  assembly/assembly.pdf assembly drawing: outline, silkscreen and fab layer
                        (references, part outlines) of the top side
Then gerbv (a second, independent Gerber reader) renders the copper, mask, silk and
drills into front/back PNGs (--pictures DIR copies them there for the README), and the
Excellon files are counted: the hole count must equal the board's through-hole pads
plus its vias. The zip's entries carry a fixed date so the same board gives the same zip.
Exit status is the verdict.
"""
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sexpr  # noqa: E402

NAME = "ttt-shield-r1"
GERBER_LAYERS = "F.Cu,B.Cu,F.Mask,B.Mask,F.Silkscreen,B.Silkscreen,Edge.Cuts"


def run(*args):
    r = subprocess.run(list(args), capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("fab: %s failed (%d): %s%s" % (" ".join(args), r.returncode,
                                                       r.stdout, r.stderr))
    return r


def board_holes(pcb):
    """(through-hole pads, unplated pads, vias) counted in the .kicad_pcb itself."""
    root = sexpr.load(pcb)
    pth = npth = 0
    for fp in sexpr.items(root, "footprint"):
        for pad in sexpr.items(fp, "pad"):
            if pad[2] == "thru_hole":
                pth += 1
            elif pad[2] == "np_thru_hole":
                npth += 1
    vias = len(sexpr.items(root, "via"))
    return pth, npth, vias


def excellon_hits(path):
    hits = 0
    with open(path) as f:
        for line in f:
            if re.match(r"^X-?[0-9.]+Y-?[0-9.]+\s*$", line.strip()):
                hits += 1
    return hits


def gerbv_png(out, side, base, drills):
    """Render one side as a board looks: green mask, copper under it slightly lighter,
    gold where the mask is open, white silk, black holes; the back mirrored, as seen
    when the board is turned over."""
    s = "F" if side == "front" else "B"
    ext = "t" if side == "front" else "b"
    files = ["%s-%s_Silkscreen.g%so" % (base, s, ext), *drills,
             "%s-%s_Mask.g%ss" % (base, s, ext), "%s-%s_Cu.g%s" % (base, s, "tl" if s == "F" else "bl"),
             base + "-Edge_Cuts.gm1"]
    colors = ["#f2f2f2ff"] + ["#101010ff"] * len(drills) + ["#d9b04cff", "#2e7d3cff", "#e8e8e8ff"]
    args = ["gerbv", "-x", "png", "-o", out, "-D", "500", "-B", "2", "-b", "#1d5c2a"]
    if side == "back":
        args += ["--mirror=Y"]
    for c in colors:
        args += ["-f", c]
    run(*args, *files)


def export_bom(sch, out):
    run("kicad-cli", "sch", "export", "bom", "--fields",
        "Reference,Value,${QUANTITY},Manufacturer,MPN,Description,Footprint",
        "--labels", "References,Value,Qty,Manufacturer,MPN,Description,Footprint",
        "--group-by", "Value,Footprint,MPN", "--ref-range-delimiter", "", "-o", out, sch)


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "bom":
        export_bom(args[1], args[2])
        return 0
    pictures = None
    if "--pictures" in args:
        i = args.index("--pictures")
        pictures = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        raise SystemExit(__doc__)
    pcb, sch, outdir = args
    work = os.path.join(outdir, NAME)
    shutil.rmtree(work, ignore_errors=True)
    gerber = work  # Gerbers and drills at the zip's root, where board houses look
    assembly = os.path.join(work, "assembly")
    os.makedirs(assembly)
    run("kicad-cli", "pcb", "export", "gerbers", "--layers", GERBER_LAYERS,
        "--subtract-soldermask", "--use-drill-file-origin", "--disable-aperture-macros",
        "-o", gerber + "/", pcb)
    run("kicad-cli", "pcb", "export", "drill", "--format", "excellon", "--excellon-units",
        "mm", "--excellon-separate-th", "--drill-origin", "plot", "--generate-map",
        "--map-format", "gerberx2",
        "-o", gerber + "/", pcb)
    export_bom(sch, os.path.join(assembly, "bom.csv"))
    run("kicad-cli", "pcb", "export", "pos", "--format", "csv", "--units", "mm",
        "--side", "both", "--use-drill-file-origin", "-o", os.path.join(assembly, "cpl.csv"), pcb)
    run("kicad-cli", "pcb", "export", "pdf", "--layers", "Edge.Cuts,F.Silkscreen,F.Fab",
        "--include-border-title", "--black-and-white", "-o",
        os.path.join(assembly, "assembly.pdf"), pcb)

    # The BOM must name a manufacturer part for every line.
    with open(os.path.join(assembly, "bom.csv")) as f:
        rows = list(csv.DictReader(f))
    missing = [r["References"] for r in rows if not r["MPN"].strip()]
    # Independent reader: gerbv renders the Gerbers and drills.
    base = os.path.join(gerber, os.path.splitext(os.path.basename(pcb))[0])
    drills = sorted(glob.glob(os.path.join(gerber, "*.drl")))
    front = os.path.join(outdir, "pcb-front.png")
    back = os.path.join(outdir, "pcb-back.png")
    gerbv_png(front, "front", base, drills)
    gerbv_png(back, "back", base, drills)
    # Holes: drill files vs the board.
    pth, npth, vias = board_holes(pcb)
    hits = {os.path.basename(d): excellon_hits(d) for d in drills}
    plated = sum(n for d, n in hits.items() if "-PTH" in d)
    unplated = sum(n for d, n in hits.items() if "-NPTH" in d)
    failed = 0
    print("fab: drill files %s" % hits)
    if plated != pth + vias or unplated != npth:
        print("fab: FAIL drill count: %d plated + %d unplated holes, the board has %d "
              "through-hole pads + %d vias and %d unplated pads" % (plated, unplated, pth, vias, npth))
        failed += 1
    else:
        print("fab: %d plated holes = %d through-hole pads + %d vias; %d unplated = %d "
              "mounting holes" % (plated, pth, vias, unplated, npth))
    if missing:
        print("fab: FAIL BOM lines without MPN: %s" % missing)
        failed += 1
    else:
        print("fab: BOM %d lines, every one with a manufacturer part number" % len(rows))
    # The zip, entries sorted and dated 1980-01-01 so the bytes depend on the content only.
    zpath = os.path.join(outdir, NAME + ".zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for root, _dirs, files in sorted(os.walk(work)):
            for fn in sorted(files):
                full = os.path.join(root, fn)
                info = zipfile.ZipInfo(os.path.relpath(full, work), (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(full, "rb") as f:
                    z.writestr(info, f.read())
    print("fab: wrote %s (%d files), %s, %s" % (zpath, len(zipfile.ZipFile(zpath).namelist()),
                                                 front, back))
    if pictures:
        for p in (front, back):
            shutil.copy(p, os.path.join(pictures, os.path.basename(p)))
    print("fab: %d passed, %d failed" % (2 - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
