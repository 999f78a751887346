"""case/print_sheet.py - the print sheet of the case, from its STLs and case-params.json.

  python3 -m case.print_sheet DIR OUT.md

Sizes and volumes are measured on DIR/case-*.stl; the fixings, the fits and the key caps
come from case-params.json (case/gen_case.py, case/fit.py). case/print-sheet.md is this
output, committed with its pictures (make case-update) and checked by make test-case.
"""
import json
import os
import re
import struct
import sys

from case import caselib, legend


def stl_figures(path):
    """Bounding box and enclosed volume (divergence theorem) of an ASCII or binary STL."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:5] == b"solid" and b"facet" in data[:300]:
        v = [tuple(map(float, m)) for m in re.findall(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)", data)]
    else:
        n = struct.unpack("<I", data[80:84])[0]
        v = []
        for i in range(n):
            r = struct.unpack("<12f", data[84 + 50 * i:84 + 50 * i + 48])
            v += [r[3:6], r[6:9], r[9:12]]
    vol = 0.0
    for i in range(0, len(v), 3):
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = v[i:i + 3]
        vol += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6
    size = [max(p[k] for p in v) - min(p[k] for p in v) for k in range(3)]
    return size, vol


def parts_table(d):
    parts = [("case-base.stl", "base", "floor on the bed, as exported", "PLA or PETG, any colour"),
             ("case-lid.stl", "lid", "top face on the bed, as exported (walls up)",
              "PLA or PETG, any opaque colour"),
             ("case-keys.stl", "key caps (plate of 9)", "top faces on the bed, as exported",
              "clear or natural (translucent) PETG or PLA")]
    rows = ["| part | file | size x, y, z (mm) | volume (cm³) | orientation | material |",
            "| --- | --- | --- | --- | --- | --- |"]
    for f, name, how, mat in parts:
        size, vol = stl_figures(os.path.join(d, f))
        rows.append("| %s | `%s` | %.1f x %.1f x %.1f | %.1f | %s | %s |"
                    % (name, f, size[0], size[1], size[2], vol / 1000, how, mat))
    return rows


def settings(P):
    R, D = P["require"], P["design"]
    F = caselib.FIXINGS["M2"]
    return [
        "## Settings", "",
        "* **Layer height:** 0.2 mm, nozzle 0.4 mm.",
        "* **Base and lid:** 3 perimeters, infill 20 %%; walls %.1f mm or more, but the"
        " locating lip (%.1f mm), the lid's skirt round it (%.1f mm), the lid's webs between"
        " the caps (%.1f mm) and the M2 standoff round its pilot (%.1f mm), all at least"
        " %g mm." % (R["min_wall"], D["lip_t"], D["wall"] - D["lip_t"] - D["lip_gap"],
                     _value(P, "lid web"), (F["standoff_d"] - F["pilot_d"]) / 2,
                     R["thin_wall"]),
        "* **Key caps:** 100 %% infill (a solid block glows evenly); the number, engraved"
        " %.1f mm into the top face, prints against the bed." % P["design"]["cap_number_depth"],
        "* **Supports:** none. Nothing faces down more than %g degrees from vertical: the"
        " countersinks are 90-degree cones, the caps' tabs slope 45 degrees to their sides,"
        " and the lid prints top face down." % R["overhang_deg"],
        "* **Bed:** every part fits %g x %g mm." % (R["bed"], R["bed"]), ""]


def _value(P, check):
    return min(f["value"] for f in P["findings"] if f["check"] == check)


def _msg(P, check, hint):
    return [f["msg"] for f in P["findings"] if f["check"] == check and hint in f["msg"]][0]


def screws(P):
    why = {"M2": "an M3 pan head (6.0 mm) would not clear the DC jack's body by 0.5 mm",
           "peg": "an M3 pan head would sit on the SCL/A5 header's housing, and any screw"
                  " head over 3.5 mm would not clear it by 0.5 mm",
           "M3": "clear of everything by 0.5 mm or more"}
    rows = ["| hole (x, y) mm | fixing | why | clearance (mm) |", "| --- | --- | --- | --- |"]
    for f in P["fixings"]:
        x, y = f["xy"]
        gaps = [g["value"] for g in P["findings"] if g["check"] == "uno clearance"
                and "(%.2f, %.2f)" % (x, y) in g["msg"]]
        rows.append("| (%.2f, %.2f) | %s | %s | %.2f |" % (x, y, f["what"], why[f["kind"]],
                                                           min(gaps)))
    n = {k: sum(1 for f in P["fixings"] if f["kind"] == k) for k in ("M3", "M2")}
    return ["## Screws, hole by hole", "",
            "The Uno's holes, from its lower-left corner with the jacks on the left (the"
            " picture of step 1 labels them). No washers: a washer's rim would not clear the"
            " headers.", ""] + rows + [
            "", "To buy: %d x M3 x 6 and %d x M2 x 6 pan-head screws (ISO 7045), thread-forming"
            " into the standoffs' pilots; 4 x M3 x %g countersunk screws (ISO 10642) for the lid."
            % (n["M3"], n["M2"], P["design"]["lid_screw_len"]), ""]


def steps():
    return [
        "## Assembly", "",
        "1. Lay the Uno on the base, jacks over the left wall, its upper-left hole over the"
        " peg. Drive the screws as labelled: M2 x 6 by the DC jack, M3 x 6 in the two right"
        " holes.", "", "   ![Step 1](case-step1.png)", "",
        "2. Plug the shield onto the Uno.", "", "   ![Step 2](case-step2.png)", "",
        "3. Lay the lid top face down. Drop each cap into its opening, number first: cap 1"
        " into the opening nearest the lid's USB-B opening, then along the row as the"
        " board's cells run. The tabs keep the caps from falling through.", "",
        "   ![Step 3](case-step3.png)", "",
        "4. Turn the base with the boards over and lower it onto the lid: the base's lip"
        " goes into the lid's rebate, the switches' plungers onto the caps' posts. Drive the"
        " four M3 countersunk screws through the base's corners (facing up now) into the"
        " lid's posts.", "", "   ![Step 4](case-step4.png)", "",
        "5. Turn the case over.", "", "   ![The case, closed](case-assembled.png)", ""]


def fits(P):
    lines = ["## Fit (computed by case/fit.py, checked by `make test-case`)", ""]
    lines += ["* %s: %s." % (f["check"], f["msg"]) for f in P["findings"]
              if f["check"] not in ("LED covered", "post") or "cell 5" in f["msg"]]
    A = P["assume"]
    lines += ["",
              "Assumed where the parts' data is silent: the B3F plunger's height within"
              " +-%.1f mm (Omron's general tolerance), its travel up to %.2f mm at the end"
              " stop, the LED's height within +-%.2f mm (Kingbright's general tolerance),"
              " the piezo's body within %.1f mm of its footprint (its pins in 1.0 mm holes)."
              % (A["plunger_tol"], A["travel_max"], A["led_tol"], A["sounder_tol"]), ""]
    return lines


def connectors(P):
    uno = P["uno"]
    w, h = uno["icsp_idc_socket_mm"]
    return ["## Jacks and the ICSP header", "",
            "* The DC opening takes a %.0f mm plug overmould (%.1f mm each side, on the"
            " plug's axis)." % (uno["dc_plug_overmould_mm"], P["design"]["dc_plug_margin"]),
            "* The ICSP header is under the lid: a 2x3 IDC socket (%.1f x %.1f mm) does not"
            " reach it with the case closed. Take the lid off (four screws) to use it." % (w, h),
            "", "## The menu legend", "",
            "`legend-card.svg`: print it at 100 %% (1:1); its text is %.2f mm high. The caps"
            " carry the cell numbers." % legend.text_height_mm(), "",
            "The Uno's parts and holes: %s." % P["uno_source"], ""]


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__)
    d, out = argv
    with open(os.path.join(d, "case-params.json")) as f:
        P = json.load(f)
    lines = ["# Printing the case", "",
             "Generated by `make case` (case/print_sheet.py) from the shield's PCB; do not edit."
             " The STLs are in `build/case/`.", ""]
    lines += parts_table(d) + [""] + settings(P) + screws(P) + steps() + fits(P)
    lines += connectors(P)
    with open(out, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
