#!/usr/bin/python3
"""schematics/gen/fab.py - the files a board house and an assembler need, in one zip, an
independent look at them, and the pictures of the board (run by `make gerbers`).

  fab.py PCB SCH OUTDIR            the zip and its checks (exit status is the verdict)
  fab.py bom SCH OUT.csv           only the BOM (schematics/bom.csv is this, committed)
  fab.py pictures PCB SCH WORK DIR the README's pictures into DIR (maintainers)

OUTDIR/ttt-shield-r2.zip holds, with the origin at the board's lower-left corner:
  *.g*, *.drl   Gerber X2: F/B copper, F/B mask, F/B silkscreen, edge cuts, the job
                file; Excellon drill files (plated and unplated apart), drill maps
  assembly/bom.csv        bill of materials grouped by value, manufacturer and MPN
                          (kicad-cli sch export bom)
  assembly/bom-assembly.csv  the layout assembly services document: Comment,
                          Designator, Footprint, Part Number (the distributor's number:
                          left empty, none is confirmed), Manufacturer, MPN
  assembly/cpl.csv        placement: Designator, Mid X, Mid Y, Layer, Rotation; mm, at
                          each part's body centre (its courtyard's centre), not pad 1
  assembly/assembly-top.pdf, assembly-bottom.pdf  the assembly drawing: outline and
                          fab layer (one reference per part, polarity marks), on a page
                          just larger than the board, so it fills whatever it is printed on
Then gerbv (a second, independent Gerber reader) renders the copper, mask, silk and
drills into front/back PNGs, the Excellon files are counted (the hole count must equal
the board's through-hole pads plus its vias), and the placement file must name every
footprint once. The zip's entries carry a fixed date so the same board gives the same zip.
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
import parts as partdata  # noqa: E402
import sexpr  # noqa: E402

NAME = "ttt-shield-r2"
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


def assembly_bom(out):
    """The assembly service's BOM, one line per value, from parts.json."""
    data = partdata.load()
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Comment", "Designator", "Footprint", "Part Number", "Manufacturer", "MPN"])
        for line in sorted(data["parts"], key=lambda l: l["refs"][0]):
            w.writerow([line["value"], ",".join(line["refs"]), line["footprint"].split(":")[1],
                        line.get("distributor_pn", ""), line["manufacturer"], line["mpn"]])
    return len(data["parts"])


def placement_file(pcb, out):
    """Designator, Mid X, Mid Y, Layer, Rotation: body centres (courtyard centre) in mm
    from the board's lower-left corner, y up."""
    import pcbnew
    board = pcbnew.LoadBoard(pcb)
    aux = board.GetDesignSettings().GetAuxOrigin()
    rows = []
    for fp in board.GetFootprints():
        bottom = fp.IsFlipped()
        bb = fp.GetCourtyard(pcbnew.B_CrtYd if bottom else pcbnew.F_CrtYd).BBox()
        c = bb.Centre()
        rows.append((fp.GetReference(), "%.3f" % ((c.x - aux.x) / 1e6), "%.3f" % ((aux.y - c.y) / 1e6),
                     "Bottom" if bottom else "Top", "%g" % (fp.GetOrientationDegrees() % 360)))
    rows.sort(key=lambda r: (re.sub(r"\d", "", r[0]), int(re.sub(r"\D", "", r[0]) or 0)))
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
        w.writerows(rows)
    return len(rows), len(board.GetFootprints())


def assembly_drawing(pcb, assembly):
    for side, layer, extra in (("top", "F.Fab", []), ("bottom", "B.Fab", ["--mirror"])):
        run("kicad-cli", "pcb", "export", "pdf", "--layers", layer + ",Edge.Cuts",
            "--black-and-white", "--exclude-value", "--drill-shape-opt", "0", *extra, "-o",
            os.path.join(assembly, "assembly-%s.pdf" % side), pcb)


def screenshot(svg, png, width_mm, height_mm, scale):
    """A PNG of an SVG page (width_mm x height_mm) drawn by Debian's Chromium (headless),
    at 96 dpi times scale."""
    px = lambda mm: int(round(mm / 25.4 * 96))
    run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--force-device-scale-factor=%g" % scale, "--screenshot=" + os.path.abspath(png),
        "--window-size=%d,%d" % (px(width_mm), px(height_mm)), "file://" + os.path.abspath(svg))


def pictures(pcb, sch, work, dest):
    """The README's pictures: gerbv's view of the Gerbers (from a fresh zip), KiCad's 3D
    render (models from lib/3dmodels), the schematic as KiCad exports it (PDF, SVG,
    PNG) and the assembly drawing's top side as a PNG."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if build_zip(pcb, sch, work) != 0:
        raise SystemExit("fab: the fab outputs failed; no pictures")
    for p in ("pcb-front.png", "pcb-back.png"):
        shutil.copy(os.path.join(work, p), os.path.join(dest, p))
    env = dict(os.environ, KICAD9_3DMODEL_DIR=os.path.join(os.path.dirname(HERE), "lib", "3dmodels"))
    for name, extra in (("pcb-3d-top.png", ["--side", "top"]),
                        ("pcb-3d-angled.png", ["--side", "top", "--rotate", "-40,0,-25",
                                               "--perspective", "--zoom", "0.9"])):
        r = subprocess.run(["kicad-cli", "pcb", "render", "--width", "1000", "--height", "760",
                            "--quality", "high", "--background", "opaque", *extra,
                            "-o", os.path.join(dest, name), pcb], capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise SystemExit("fab: kicad-cli pcb render failed: %s%s" % (r.stdout, r.stderr))
    run("kicad-cli", "sch", "export", "pdf", "-o", os.path.join(dest, "ttt-shield-schematic.pdf"), sch)
    run("kicad-cli", "sch", "export", "svg", "--no-background-color", "-o", work, sch)
    svg = os.path.join(work, "ttt-shield.svg")
    screenshot(svg, os.path.join(dest, "ttt-shield-schematic.png"), 420, 297, 1.5)
    run("kicad-cli", "pcb", "export", "svg", "--layers", "F.Fab,Edge.Cuts", "--mode-single",
        "--page-size-mode", "1", "--exclude-drawing-sheet", "--black-and-white",
        "--drill-shape-opt", "0",
        "-o", os.path.join(work, "assembly-top.svg"), pcb)
    import placement
    import router
    w, h = placement.BOARD_W + 2 * router.OX, router.OY + router.OX  # pcb.set_page()
    screenshot(os.path.join(work, "assembly-top.svg"), os.path.join(dest, "assembly-top.png"),
               w, h, 4)


def build_zip(pcb, sch, outdir):
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
    lines = assembly_bom(os.path.join(assembly, "bom-assembly.csv"))
    placed, footprints = placement_file(pcb, os.path.join(assembly, "cpl.csv"))
    assembly_drawing(pcb, assembly)

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
        print("fab: BOM %d lines, every one with a manufacturer part number; assembly BOM "
              "%d lines" % (len(rows), lines))
    if placed != footprints:
        print("fab: FAIL placement file has %d rows for %d footprints" % (placed, footprints))
        failed += 1
    else:
        print("fab: placement file: %d parts at their body centres" % placed)
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
    print("fab: %d passed, %d failed" % (3 - failed, failed))
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "bom":
        export_bom(args[1], args[2])
        return 0
    if len(args) == 5 and args[0] == "pictures":
        pictures(*args[1:])
        return 0
    if len(args) != 3:
        raise SystemExit(__doc__)
    return build_zip(*args)


if __name__ == "__main__":
    sys.exit(main())
