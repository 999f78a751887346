"""tests/shield/check_kicad.py - KiCad's own checkers as tests, and the board's figures.

  check_kicad.py erc SCH            kicad-cli sch erc --severity-all: 0 errors, 0 warnings
  check_kicad.py drc PCB            kicad-cli pcb drc --schematic-parity --severity-all:
                                    0 violations, 0 unconnected items, 0 parity issues
                                    (both first require the project's sym-lib-table and
                                    fp-lib-table to name only project-local files that
                                    exist, and say where KiCad's stock libraries point;
                                    make runs them with those pointed at an empty folder)
  check_kicad.py stats PCB WORKDIR  board size, tracks, vias, holes and the smallest
                                    copper clearance as KiCad's DRC measures it (a copy of
                                    the project whose clearance rule is raised to 1 mm
                                    reports every closer pair with its actual distance)

Exit status is the verdict; the report files go next to the inputs' build copies.
Needs kicad-cli (KiCad 9) and, for stats, pcbnew in Debian's /usr/bin/python3.
Run from the repository's root: python3 -m tests.shield.check_kicad ...
"""
import json
import os
import re
import shutil
import subprocess
import sys

from schematics.gen import libtable


def project_libraries(design, tag):
    """The project's library tables: project-local, every file present (else exit)."""
    project = os.path.dirname(os.path.abspath(design))
    for kind in ("symbol", "footprint"):
        libs = libtable.read(kind, project)
        missing = [p for p in libs.values() if not os.path.exists(p)]
        if missing:
            raise SystemExit("check_kicad: %s libraries missing: %s" % (kind, missing))
    dirs = {os.environ.get(k) for k in ("KICAD9_SYMBOL_DIR", "KICAD9_FOOTPRINT_DIR")}
    hidden = len(dirs) == 1 and None not in dirs and os.path.isdir(min(dirs)) and \
        not os.listdir(min(dirs))
    print("%s: libraries: the project's own (lib/); KiCad's stock ones %s" % (
        tag, "hidden (KICAD9_*_DIR = empty %s)" % os.path.relpath(min(dirs)) if hidden
        else "not hidden"))


def kicad_cli(*args):
    r = subprocess.run(["kicad-cli", *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("check_kicad: kicad-cli %s failed (%d): %s%s"
                         % (" ".join(args), r.returncode, r.stdout, r.stderr))


def report_path(src, suffix):
    out = os.environ.get("KICAD_REPORT_DIR", "build/kicad")
    os.makedirs(out, exist_ok=True)
    return os.path.join(out, os.path.splitext(os.path.basename(src))[0] + suffix)


def describe(v):
    return "%s %s: %s [%s]" % (v.get("severity"), v.get("type"), v.get("description"),
                               "; ".join(i.get("description", "") for i in v.get("items", [])))


def erc(sch):
    project_libraries(sch, "erc")
    out = report_path(sch, "-erc.json")
    kicad_cli("sch", "erc", "--severity-all", "--format", "json", "-o", out, sch)
    d = json.load(open(out))
    vs = [v for s in d.get("sheets", []) for v in s.get("violations", [])]
    for v in vs:
        print("erc: " + describe(v))
    errors = sum(v.get("severity") == "error" for v in vs)
    print("erc: KiCad %s, %d errors, %d warnings (report %s)"
          % (d.get("kicad_version", "?"), errors, len(vs) - errors, out))
    print("erc: %d passed, %d failed" % (0 if vs else 1, 1 if vs else 0))
    return 1 if vs else 0


def drc(pcb):
    project_libraries(pcb, "drc")
    out = report_path(pcb, "-drc.json")
    kicad_cli("pcb", "drc", "--schematic-parity", "--severity-all", "--format", "json",
              "-o", out, pcb)
    d = json.load(open(out))
    bad = 0
    for key in ("violations", "unconnected_items", "schematic_parity"):
        for v in d.get(key, []):
            print("drc: %s: %s" % (key, describe(v)))
        bad += len(d.get(key, []))
    print("drc: KiCad %s, %d violations, %d unconnected items, %d schematic parity issues "
          "(report %s)" % (d.get("kicad_version", "?"), len(d.get("violations", [])),
                           len(d.get("unconnected_items", [])),
                           len(d.get("schematic_parity", [])), out))
    print("drc: %d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
    return 1 if bad else 0


def stats(pcb, work):
    import pcbnew
    board = pcbnew.LoadBoard(pcb)
    edges = [d for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts]
    xs = [p.x for d in edges for p in (d.GetStart(), d.GetEnd())]
    ys = [p.y for d in edges for p in (d.GetStart(), d.GetEnd())]
    tracks = [t for t in board.GetTracks() if t.GetClass() == "PCB_TRACK"]
    vias = [t for t in board.GetTracks() if t.GetClass() == "PCB_VIA"]
    length = sum(t.GetLength() for t in tracks) / 1e6
    pads = [p for fp in board.GetFootprints() for p in fp.Pads()]
    pth = sum(p.GetAttribute() == pcbnew.PAD_ATTRIB_PTH for p in pads)
    npth = sum(p.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH for p in pads)
    widths = sorted({round(t.GetWidth() / 1e6, 3) for t in tracks})
    print("board: %.2f x %.2f mm (outline), 2 layers, %d footprints" % (
        (max(xs) - min(xs)) / 1e6, (max(ys) - min(ys)) / 1e6, len(board.GetFootprints())))
    print("board: %d track segments (%.0f mm, widths %s mm), %d vias, %d plated + %d "
          "unplated holes in pads" % (len(tracks), length, widths, len(vias), pth, npth))
    # Silkscreen text: board texts and every visible footprint text on a silk layer.
    silk = (pcbnew.F_SilkS, pcbnew.B_SilkS)
    texts = [d for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT)]
    for fp in board.GetFootprints():
        texts += [t for t in fp.GraphicalItems() if isinstance(t, pcbnew.PCB_TEXT)]
        texts += [f for f in fp.GetFields() if f.IsVisible()]
    on_silk = [t for t in texts if t.GetLayer() in silk and t.IsVisible()]
    low = min(on_silk, key=lambda t: (t.GetTextHeight(), t.GetTextThickness()))
    print("board: %d silkscreen texts, the smallest %.2f mm high, %.2f mm stroke ('%s')"
          % (len(on_silk), low.GetTextHeight() / 1e6,
             min(t.GetTextThickness() for t in on_silk) / 1e6, low.GetShownText(False)))
    smallest_clearance(pcb, work)
    return 0


def smallest_clearance(pcb, work):
    """Smallest clearance, measured by KiCad: copy the design, raise every clearance to
    1 mm, run DRC and take the smallest 'actual' it reports between copper items."""
    os.makedirs(work, exist_ok=True)
    base = os.path.join(work, "ttt-shield")
    src = os.path.splitext(pcb)[0]
    for ext in (".kicad_pcb", ".kicad_sch", ".kicad_pro"):
        shutil.copy(src + ext, base + ext)
    for f in ("sym-lib-table", "fp-lib-table"):
        if os.path.exists(os.path.join(os.path.dirname(pcb), f)):
            shutil.copy(os.path.join(os.path.dirname(pcb), f), work)
    for folder in ("lib", "footprints"):  # what the tables point at
        src = os.path.join(os.path.dirname(pcb), folder)
        if os.path.isdir(src):
            shutil.rmtree(os.path.join(work, folder), ignore_errors=True)
            shutil.copytree(src, os.path.join(work, folder))
    pro = json.load(open(base + ".kicad_pro"))
    for c in pro["net_settings"]["classes"]:
        c["clearance"] = 1.0
    pro["board"]["design_settings"]["rules"]["min_clearance"] = 1.0
    json.dump(pro, open(base + ".kicad_pro", "w"), indent=2)
    out = base + "-clearance.json"
    kicad_cli("pcb", "drc", "--severity-error", "--format", "json", "-o", out,
              base + ".kicad_pcb")
    actual = []
    for v in json.load(open(out)).get("violations", []):
        if v["type"] != "clearance":
            continue
        if any("Zone" in i["description"] for i in v["items"]):
            continue  # the GND pour keeps its own 0.3 mm
        m = re.search(r"actual ([0-9.]+) mm", v["description"])
        if m:
            actual.append(float(m.group(1)))
    if actual:
        print("board: smallest copper clearance between tracks, pads and vias of different "
              "nets: %.3f mm (KiCad DRC, %d pairs closer than 1 mm)" % (min(actual), len(actual)))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    cmd = sys.argv[1]
    if cmd == "erc":
        return erc(sys.argv[2])
    if cmd == "drc":
        return drc(sys.argv[2])
    if cmd == "stats" and len(sys.argv) == 4:
        return stats(sys.argv[2], sys.argv[3])
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
