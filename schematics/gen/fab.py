"""schematics/gen/fab.py - the files a board house and an assembler need, in one zip, an
independent look at them, and the pictures of the board (run by `make gerbers`).

  python3 -m schematics.gen.fab PCB SCH OUTDIR       the zip and its checks (exit status
                                                      is the verdict)
  python3 -m schematics.gen.fab bom SCH OUT.csv      only the BOM (schematics/bom.csv)
  python3 -m schematics.gen.fab assembly PCB SCH OUTDIR   only the job file and assembly/
  python3 -m schematics.gen.fab pictures PCB SCH WORK DIR   the README's pictures

OUTDIR/ttt-shield-r3.zip holds, with the origin at the board's lower-left corner:
  *.g*, *.drl   Gerber X2: F/B copper, F/B mask, F/B silkscreen, edge cuts, the job
                file (finish from the board's stackup); Excellon drill files (plated
                and unplated apart)
  drill-maps/   the drill maps (Gerber X2), for people
  assembly/bom.csv        every bought part, one row each, one MPN each, Qty the count of
                          its designators (bom.py); J1's strips as J1A-J1D
  assembly/bom-assembly.csv  the machine-placed parts in the board-house layout: Comment,
                          Designator, Footprint, Part Number (the MPN), Manufacturer, Qty
  assembly/cpl.csv        their placement, all on the top: Designator, Mid X, Mid Y, Layer,
                          Rotation; mm, at each body's centre (its fab outline), KiCad's
                          rotation
  assembly/hand-solder.csv  the parts a person fits afterwards, with why (not uploaded)
  assembly/README.txt     ASSEMBLY_NOTES: units, rotation convention, fitting flags
  assembly/assembly-top.pdf, assembly-bottom.pdf  the assembly drawings (assembly.py)
Then gerbv (a second, independent Gerber reader) renders the copper, mask, silk and
drills into front/back PNGs, the Excellon files are counted (the hole count must equal
the board's through-hole pads plus its vias), and the placement file must name every
machine-placed footprint once (tests/shield/service.py then reads the zip as an assembly
service does). The zip's entries carry a fixed date so the same board gives the same zip.
"""
import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

from schematics.gen import board as identity
from schematics.gen import bom, sexpr
from schematics.gen import parts as partdata

HERE = os.path.dirname(os.path.abspath(__file__))

NAME = identity.FAB_NAME
GERBER_LAYERS = "F.Cu,B.Cu,F.Mask,B.Mask,F.Silkscreen,B.Silkscreen,Edge.Cuts"


def run(*args):
    r = subprocess.run(list(args), capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("fab: %s failed (%d): %s%s"
                         % (" ".join(args), r.returncode, r.stdout, r.stderr))
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
             "%s-%s_Mask.g%ss" % (base, s, ext),
             "%s-%s_Cu.g%s" % (base, s, "tl" if s == "F" else "bl"),
             base + "-Edge_Cuts.gm1"]
    colors = ["#f2f2f2ff"] + ["#101010ff"] * len(drills) + ["#d9b04cff", "#2e7d3cff", "#e8e8e8ff"]
    args = ["gerbv", "-x", "png", "-o", out, "-D", "500", "-B", "2", "-b", "#1d5c2a"]
    if side == "back":
        args += ["--mirror=Y"]
    for c in colors:
        args += ["-f", c]
    run(*args, *files)


def export_bom(sch, out):
    """KiCad's BOM of the schematic, each bought part on its own row (bom.py); returns
    the rows."""
    raw = out + ".kicad.csv"
    run("kicad-cli", "sch", "export", "bom", "--fields",
        "Reference,Value,${QUANTITY},Manufacturer,MPN,Description,Footprint",
        "--labels", "References,Value,Qty,Manufacturer,MPN,Description,Footprint",
        "--group-by", "Value,Footprint,MPN", "--ref-range-delimiter", "", "-o", raw, sch)
    rows = bom.expand(bom.read(raw), partdata.load())
    os.remove(raw)
    bom.write(out, rows, bom.COLUMNS)
    return rows


def body_box(fp, pcbnew, round_body=False):
    """The part's body on its fab layer, (x0, y0, x1, y1) in KiCad nm: the fab drawing's
    box without the lead lines (those that end on a pad's centre); a round body (a part
    with a diameter in parts.json: the LED, whose flange arc reaches further on one side
    than its lens) is its largest circle's box. A part fitted from below (J1) stands on
    the board only with its header strips: the box of its pads."""
    pads = {(p.GetPosition().x, p.GetPosition().y) for p in fp.Pads()}
    shapes = [g for g in fp.GraphicalItems()
              if g.GetLayer() == pcbnew.F_Fab and isinstance(g, pcbnew.PCB_SHAPE)]
    circles = [g for g in shapes if g.GetShape() == pcbnew.SHAPE_T_CIRCLE]
    if fp.IsFlipped():
        boxes = [p.GetBoundingBox() for p in fp.Pads()
                 if p.GetAttribute() == pcbnew.PAD_ATTRIB_PTH]
    elif circles and round_body:
        boxes = [max(circles, key=lambda g: g.GetRadius()).GetBoundingBox()]
    else:
        boxes = [g.GetBoundingBox() for g in shapes
                 if not (g.GetShape() == pcbnew.SHAPE_T_SEGMENT
                         and ((g.GetStart().x, g.GetStart().y) in pads
                              or (g.GetEnd().x, g.GetEnd().y) in pads))]
    if not boxes:
        raise SystemExit("fab: %s has no body outline on its fab layer" % fp.GetReference())
    return (min(b.GetLeft() for b in boxes), min(b.GetTop() for b in boxes),
            max(b.GetRight() for b in boxes), max(b.GetBottom() for b in boxes))


def placement_rows(pcb):
    """[Designator, Mid X, Mid Y, Layer, Rotation, Fitting] of every footprint: each body's
    centre in mm from the board's lower-left corner, y up; KiCad's rotation (see
    ASSEMBLY_NOTES); Fitting as bom.FITTING names it."""
    import pcbnew
    board = pcbnew.LoadBoard(pcb)
    aux = board.GetDesignSettings().GetAuxOrigin()
    lines = partdata.by_ref(partdata.load())
    rows = []
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        x0, y0, x1, y1 = body_box(fp, pcbnew, "diameter_mm" in lines[ref])
        rows.append([ref, "%.3f" % (((x0 + x1) / 2 - aux.x) / 1e6),
                     "%.3f" % ((aux.y - (y0 + y1) / 2) / 1e6),
                     "Bottom" if fp.IsFlipped() else "Top",
                     "%g" % (fp.GetOrientationDegrees() % 360),
                     bom.FITTING[partdata.fitting(lines[ref])]])
    rows.sort(key=lambda r: (re.sub(r"\d", "", r[0]), int(re.sub(r"\D", "", r[0]) or 0)))
    return rows, len(board.GetFootprints())


CPL_COLUMNS = ["Designator", "Mid X", "Mid Y", "Layer", "Rotation"]


def placement_file(pcb, out):
    """cpl.csv: the machine-placed parts only (CPL_COLUMNS). (rows written, machine
    footprints on the board)."""
    rows, _footprints = placement_rows(pcb)
    machine = [r[:5] for r in rows if r[5] == bom.FITTING["machine"]]
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(CPL_COLUMNS)
        w.writerows(machine)
    return len(machine), sum(r[5] == bom.FITTING["machine"] for r in rows)


ASSEMBLY_NOTES = """%s %s (%s, %s): notes for the assembler (written by schematics/gen/fab.py)

Board: 2 layers, FR-4 1.6 mm, 1 oz copper, finish HASL lead-free (the job file says so),
green solder mask, white silkscreen on the top only.

Upload these two for machine assembly, top side only:
bom-assembly.csv  the machine-placed parts (axial resistors and diodes, the radial piezo
                  BZ1) in the board-house layout: Comment, Designator, Footprint, Part
                  Number, Manufacturer, Qty. "Part Number" is the manufacturer's part
                  number (MPN), for the service's MPN matching; no distributor's number
                  is given. Qty is the number of designators on the row.
cpl.csv           their placement, every one on the top: Designator, Mid X, Mid Y,
                  Layer, Rotation; mm from the board's lower-left corner (the drill and
                  placement origin), x right, y up; Mid X / Mid Y is the centre of each
                  part's body as its fab drawing outlines it.
                  Rotation: KiCad's convention: degrees counter-clockwise, seen from the
                  top, from the footprint as KiCad's library draws it; it is not
                  converted to IPC-7351's zero orientation. Check the preview.
Not for upload:
hand-solder.csv   the parts fitted by hand after assembly, with why: the 2N7000s (leads
                  bent, body laid flat), the LEDs (lead order checked first), the keys
                  and J1's four header strips, designated J1A-J1D (J1 is the Uno header
                  footprint; J1A power NC-VIN, J1B D0-D7, J1C D8-SCL, J1D A0-A5), fitted
                  from below with the shield on a Uno.
bom.csv           every bought part, one row each (the order list): the two above
                  together, with a Fitting column.
assembly-top.pdf, assembly-bottom.pdf  the assembly drawings: A4 landscape, the board at
                  5:2 with every pad (pad 1 filled), each part once with its value,
                  the polarity letters, and the parts of that side in a table.
drill-maps/       where each drill size goes (Gerber X2), for people; the machines read the
                  .drl files at the root.
"""


def assembly_bom(rows, out):
    """The assembly service's BOM (bom.py's board-house columns, machine parts only)."""
    machine = bom.assembly_rows(rows)
    bom.write(out, machine, bom.ASSEMBLY_COLUMNS)
    return len(machine)


def hand_list(rows, out):
    """The hand-solder list (bom.py's HAND_COLUMNS)."""
    hand = bom.hand_rows(rows, partdata.load())
    bom.write(out, hand, bom.HAND_COLUMNS)
    return len(hand)


def assembly_drawing(pcb, assembly):
    """assembly-top/bottom.pdf (assembly.py; imported here, as it uses this module)."""
    from schematics.gen import assembly as drawing
    work = os.path.join(os.path.dirname(assembly), "..", "assembly-work")
    for pdf in drawing.write(pcb, work, png=False):
        shutil.copy(pdf, assembly)


def screenshot(svg, png, width_mm, height_mm, scale):
    """A PNG of an SVG page (width_mm x height_mm) drawn by Debian's Chromium (headless),
    at 96 dpi times scale."""
    def px(mm):
        return int(round(mm / 25.4 * 96))
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
    env = dict(os.environ,
               KICAD9_3DMODEL_DIR=os.path.join(os.path.dirname(HERE), "lib", "3dmodels"))
    for name, extra in (("pcb-3d-top.png", ["--side", "top"]),
                        ("pcb-3d-angled.png", ["--side", "top", "--rotate", "-40,0,-25",
                                               "--perspective", "--zoom", "0.9"])):
        r = subprocess.run(["kicad-cli", "pcb", "render", "--width", "1000", "--height", "760",
                            "--quality", "high", "--background", "opaque", *extra,
                            "-o", os.path.join(dest, name), pcb],
                           capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise SystemExit("fab: kicad-cli pcb render failed: %s%s" % (r.stdout, r.stderr))
    run("kicad-cli", "sch", "export", "pdf", "-o",
        os.path.join(dest, "ttt-shield-schematic.pdf"), sch)
    run("kicad-cli", "sch", "export", "svg", "--no-background-color", "-o", work, sch)
    svg = os.path.join(work, "ttt-shield.svg")
    screenshot(svg, os.path.join(dest, "ttt-shield-schematic.png"), 420, 297, 1.5)
    from schematics.gen import assembly
    assembly.write(pcb, os.path.join(work, "assembly"), png=True)
    for side in ("top", "bottom"):
        for ext in ("pdf", "png"):
            name = "assembly-%s.%s" % (side, ext)
            shutil.copy(os.path.join(work, "assembly", name), os.path.join(dest, name))


def export_gerbers(pcb, work):
    """Gerbers, drill files and the job file at the zip's root (where board houses look),
    the drill maps in drill-maps/."""
    run("kicad-cli", "pcb", "export", "gerbers", "--layers", GERBER_LAYERS,
        "--subtract-soldermask", "--use-drill-file-origin", "--disable-aperture-macros",
        "-o", work + "/", pcb)
    run("kicad-cli", "pcb", "export", "drill", "--format", "excellon", "--excellon-units",
        "mm", "--excellon-separate-th", "--drill-origin", "plot", "--generate-map",
        "--map-format", "gerberx2", "-o", work + "/", pcb)
    maps = os.path.join(work, "drill-maps")
    os.makedirs(maps)
    for m in glob.glob(os.path.join(work, "*-drl_map.*")):
        shutil.move(m, maps)


def check_drills(pcb, drills):
    """0 when the drill files' hits are the board's through-hole pads + vias and its
    unplated pads, else 1 (printed)."""
    pth, npth, vias = board_holes(pcb)
    hits = {os.path.basename(d): excellon_hits(d) for d in drills}
    plated = sum(n for d, n in hits.items() if "-PTH" in d)
    unplated = sum(n for d, n in hits.items() if "-NPTH" in d)
    print("fab: drill files %s" % hits)
    if plated != pth + vias or unplated != npth:
        print("fab: FAIL drill count: %d plated + %d unplated holes, the board has %d "
              "through-hole pads + %d vias and %d unplated pads"
              % (plated, unplated, pth, vias, npth))
        return 1
    print("fab: %d plated holes = %d through-hole pads + %d vias; %d unplated = %d "
          "mounting holes" % (plated, pth, vias, unplated, npth))
    return 0


def check_bom(rows, lines):
    found = bom.findings(rows, partdata.load())
    for f in found:
        print("fab: FAIL BOM: %s" % f)
    if not found:
        print("fab: BOM %d rows, one manufacturer part number each; machine BOM %d rows"
              % (len(rows), lines))
    return 1 if found else 0


def check_job(work):
    with open(os.path.join(work, "ttt-shield-job.gbrjob"), encoding="utf-8") as f:
        finish = json.load(f)["GeneralSpecs"]["Finish"]
    if finish == "None":
        print("fab: FAIL the job file states no surface finish")
        return 1
    print("fab: job file: finish %s" % finish)
    return 0


def write_zip(work, zpath):
    """The zip, entries sorted and dated 1980-01-01 so the bytes depend on the content."""
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for root, _dirs, files in sorted(os.walk(work)):
            for fn in sorted(files):
                full = os.path.join(root, fn)
                info = zipfile.ZipInfo(os.path.relpath(full, work), (1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(full, "rb") as f:
                    z.writestr(info, f.read())
    return len(zipfile.ZipFile(zpath).namelist())


def assembly_files(pcb, sch, assembly):
    """assembly/: bom.csv, bom-assembly.csv, hand-solder.csv, cpl.csv, README.txt.
    (BOM rows, machine BOM rows, placement rows, machine footprints)."""
    rows = export_bom(sch, os.path.join(assembly, "bom.csv"))
    lines = assembly_bom(rows, os.path.join(assembly, "bom-assembly.csv"))
    hand_list(rows, os.path.join(assembly, "hand-solder.csv"))
    placed, footprints = placement_file(pcb, os.path.join(assembly, "cpl.csv"))
    with open(os.path.join(assembly, "README.txt"), "w", encoding="utf-8") as f:
        f.write(ASSEMBLY_NOTES % (identity.NAME, identity.REVISION, identity.DATE,
                                  identity.LICENCE))
    return rows, lines, placed, footprints


def assembly_only(pcb, sch, outdir):
    """What an assembly service reads, without the pictures: the job file (from a Gerber
    export of the outline alone) and assembly/ (tests/shield/planted.py's board records)."""
    work = os.path.join(outdir, NAME)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "assembly"))
    run("kicad-cli", "pcb", "export", "gerbers", "--layers", "Edge.Cuts",
        "--use-drill-file-origin", "-o", work + "/", pcb)
    assembly_files(pcb, sch, os.path.join(work, "assembly"))
    return 0


def build_zip(pcb, sch, outdir):
    work = os.path.join(outdir, NAME)
    shutil.rmtree(work, ignore_errors=True)
    assembly = os.path.join(work, "assembly")
    os.makedirs(assembly)
    export_gerbers(pcb, work)
    rows, lines, placed, footprints = assembly_files(pcb, sch, assembly)
    assembly_drawing(pcb, assembly)
    # Independent reader: gerbv renders the Gerbers and drills.
    base = os.path.join(work, os.path.splitext(os.path.basename(pcb))[0])
    drills = sorted(glob.glob(os.path.join(work, "*.drl")))
    front = os.path.join(outdir, "pcb-front.png")
    back = os.path.join(outdir, "pcb-back.png")
    gerbv_png(front, "front", base, drills)
    gerbv_png(back, "back", base, drills)
    failed = check_drills(pcb, drills) + check_bom(rows, lines) + check_job(work)
    if placed != footprints:
        print("fab: FAIL placement file has %d rows for %d machine-placed footprints"
              % (placed, footprints))
        failed += 1
    else:
        print("fab: placement file: %d machine-placed parts at their body centres" % placed)
    zpath = os.path.join(outdir, NAME + ".zip")
    count = write_zip(work, zpath)
    print("fab: wrote %s (%d files), %s, %s" % (zpath, count, front, back))
    print("fab: %d passed, %d failed" % (5 - failed, failed))
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "bom":
        export_bom(args[1], args[2])
        return 0
    if len(args) == 4 and args[0] == "assembly":
        return assembly_only(*args[1:])
    if len(args) == 5 and args[0] == "pictures":
        pictures(*args[1:])
        return 0
    if len(args) != 3:
        raise SystemExit(__doc__)
    return build_zip(*args)


if __name__ == "__main__":
    sys.exit(main())
