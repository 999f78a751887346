"""case/print_sheet.py - the print sheet of the case, from its STLs and case-params.json.

  python3 -m case.print_sheet DIR OUT.md

Sizes and volumes are measured on DIR/case-*.stl; the fixings, the fits and the key caps
come from case-params.json (case/gen_case.py, case/fit.py), the assembly's replay from
assembly.json (case/assembly.py), the light from light.json (case/light.py).
case/print-sheet.md is this output, committed with its pictures (make case-update) and
checked by make test-case.
"""
import json
import os
import sys

import numpy as np

from case import caselib, dexels, legend


def stl_figures(path):
    """Bounding box and enclosed volume (divergence theorem) of an STL."""
    t = dexels.read_stl(path)
    a, b, c = t[:, 0], t[:, 1], t[:, 2]
    vol = float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6)
    v = t.reshape(-1, 3)
    return list(v.max(axis=0) - v.min(axis=0)), vol


PARTS = [("case-base.stl", "base", "floor on the bed, as exported", "PLA or PETG, any colour"),
         ("case-lid.stl", "lid", "top face on the bed, as exported (walls up)",
          "PLA or PETG, black or another dark colour: its 1 mm cell walls must not let light"
          " through"),
         ("case-keys.stl", "key caps (plate of 9)",
          "standing on their side walls, top faces up, as exported",
          "clear or natural (translucent) PETG (PLA will do; PETG's walls bend without cracking),"
          " printed as the settings say, not tuned for clarity"),
         ("case-jig.stl", "assembly jig (step 3)", "as exported", "anything")]


def parts_table(d):
    rows = ["| part | file | size x, y, z (mm) | volume (cm³) | orientation | material |",
            "| --- | --- | --- | --- | --- | --- |"]
    for f, name, how, mat in PARTS:
        size, vol = stl_figures(os.path.join(d, f))
        rows.append("| %s | `%s` | %.1f x %.1f x %.1f | %.1f | %s | %s |"
                    % (name, f, size[0], size[1], size[2], vol / 1000, how, mat))
    return rows


def settings(P):
    R, D = P["require"], P["design"]
    return [
        "## Settings", "",
        "* **Layer height:** 0.2 mm, nozzle 0.4 mm.",
        "* **Base and lid:** 3 perimeters, infill 20 %%; walls %.1f mm or more, but the"
        " locating lip (%.1f mm), the lid's skirt round it (%.1f mm), the lid's webs between"
        " the openings (%.1f mm) and the walls between the cells (%.1f mm), all at least"
        " %g mm." % (R["min_wall"], D["lip_t"], D["wall"] - D["lip_t"] - D["lip_gap"],
                     _value(P, "lid web"), _value(P, "cell wall"), R["thin_wall"]),
        "* **Key caps:** 100 %% infill (a solid wall glows evenly), the slicer's ordinary"
        " PETG settings: the %.1f mm diffuser over each LED scatters the clear LED's beam at"
        " the printed lines' and layers' interfaces, and settings tuned for a clear print"
        " (a hotter nozzle, thicker layers) leave fewer of them (the light, below). Each"
        " number stands %.1f mm proud of its top, the centre cap has a raised dot, like a"
        " keyboard's 5." % (D["cap_diffuser_t"], D["cap_number_h"]),
        "* **Supports:** none. Nothing faces down more than %g degrees from vertical but"
        " bridges of at most %g mm between two walls: the caps' actuator beams, their"
        " diffusers and the ceilings under their tops (between their side walls); the"
        " countersinks are 90-degree cones, the lid prints top face down."
        % (R["overhang_deg"], R["bridge_max"]),
        "* **Bed:** every part fits %g x %g mm." % (R["bed"], R["bed"]), ""]


def _value(P, check):
    return min(f["value"] for f in P["findings"] if f["check"] == check)


def _msgs(P, check, hint=""):
    return [f["msg"] for f in P["findings"] if f["check"] == check and hint in f["msg"]]


WHY = {"flush": "the DC jack's body (a CUI PJ-102AH is 14.4 mm long) comes within 1.6 mm of"
                " the hole: no screw head clears it; a peg flush with the board's top locates"
                " it, and the lid's USB-B opening holds that edge down",
       "peg": "an M3 pan head would sit on the SCL/A5 header's housing, and any screw head over"
              " 3.5 mm would not clear it by 0.5 mm",
       "M3": "clear of everything by 0.5 mm or more"}


def _at(f):
    return "(%.2f, %.2f)" % tuple(f["xy"])


def screws(P):
    rows = ["| hole (x, y) mm | fixing | why | clear of the Uno's parts (mm) | clear of the base"
            " and lid (mm) |", "| --- | --- | --- | --- | --- |"]
    for f in P["fixings"]:
        uno = [g["value"] for g in P["findings"] if g["check"] == "uno clearance"
               and _at(f) in g["msg"]]
        case = [g["value"] for g in P["findings"] if g["check"] == "case clearance"
                and _at(f) in g["msg"]]
        kind = caselib.FIXINGS[f["kind"]]
        what = f["what"].replace(")", ": dk %.1f, k %.1f)" % (kind["head_d"], kind["head_h"])) \
            if "head_d" in kind else f["what"]
        rows.append("| %s | %s | %s | %.2f | %.2f |" % (_at(f), what, WHY[f["kind"]], min(uno),
                                                        min(case)))
    n = sum(1 for f in P["fixings"] if f["kind"] == "M3")
    ls = caselib.LID_SCREW
    D = P["design"]
    return ["## Screws, hole by hole", "",
            "The Uno's holes, from its lower-left corner with the jacks on the left (the"
            " picture of step 1 labels them). Heads at their standard's largest (dk, k);"
            " clearances nominal, each still positive with every part moved by its tolerance"
            " and the print 0.2 mm off (the fit list below).", ""] + rows + [
            "", "To buy: %d x M3 x 6 pan-head screws (ISO 7045: dk 5.6, k 2.4), thread-forming"
            " into the standoffs' pilots; 4 x %s for the lid; 4 stick-on bumpers, 3M Bumpon"
            " SJ5302 (%.1f mm across, %.1f mm high), for the feet." % (
                n, ls["what"].replace("screw (", "screws (").replace(
                    ")", ": dk %.2f, k %.2f)" % (ls["dk"], ls["k"])), D["foot_d"], D["foot_h"]),
            ""]


STEP_TEXT = [
    "Lay the Uno on the base, jacks over the left wall, its two left holes over the pegs."
    " Drive the two M3 x 6 pan-head screws into its right holes.",
    "Plug the shield onto the Uno, pressed fully home.",
    "Put the jig (`case-jig.stl`) on the bench and lay the lid on it top face down, inside"
    " the jig's lip. Drop each cap into its cell, number first, the cut corner of its top"
    " to the cut corner of the cell's opening: cap 1 into the cell nearest the lid's USB-B"
    " opening, then along the row as the board's cells run. The caps hang on their"
    " shoulders, clear of the bench; a cap turned any other way does not go through.",
    "Turn the base with the boards over and lower it onto the lid: the base's lip goes into"
    " the lid's rebate, the plungers stop short of the caps. Drive the four countersunk"
    " screws through the base's corners (facing up now) into the lid's posts.",
    "Lift the case off the jig and turn it over: the caps drop onto their switches. Stick"
    " a bumper into each of the four rings under the base."]


def _gap_line(mv_names, gaps):
    """The step's closest pairs that involve what it moved: touching (a screw in its
    thread counts), then the nearest."""
    mine = [g for g in gaps if any(n in (g[0], g[1]) or (n.startswith("the base") and
                                                         "base" in g[0] + g[1])
                                   for n in mv_names)
            and not ("plunger" in g[0] and g[1] == "the shield")]   # the switch's own

    def touching(g):
        return g[2] <= 0.005 or ("screw" in g[0] + g[1] and g[2] < 0.1)
    touch = sorted({"%s and %s" % (g[0], g[1]) for g in mine if touching(g)})
    near = [g for g in mine if not touching(g)][:4]
    out = []
    if touch:
        out.append("touching (a screw in its thread counts): " + "; ".join(touch))
    if near:
        out.append("closest: " + "; ".join("%s to %s %.2f mm (along %s)" % tuple(g[:4])
                                           for g in near))
    return out


def steps(A):
    lines = ["## Assembly", ""]
    pics = ["case-step1.png", "case-step2.png", "case-step3.png", "case-step4.png",
            "case-assembled.png"]
    for k, (text, pic, s) in enumerate(zip(STEP_TEXT, pics, A["steps"])):
        lines += ["%d. %s" % (k + 1, text), "", "   ![Step %d](%s)" % (k + 1, pic), ""]
        moved = [m["part"] for m in s["moves"]]
        stops = "; ".join("%s %s" % (m["part"], "home" if m["short"] is None or
                                     abs(m["short"]) <= 0.05 else "%.2f mm short" % m["short"])
                          for m in s["moves"][:3])
        lines += ["   Replayed on the meshes: %s%s." % (stops, ", ..." if len(moved) > 3 else "")]
        lines += ["   %s%s." % (t[0].upper(), t[1:]) for t in _gap_line(moved, s["gaps"])]
        lines.append("")
    c = A["checks"]
    lines += ["The replay (`case/assembly.py`, on `make case`'s meshes and the boards drawn from"
              " their data): %s; the lip %.1f mm into its rebate; resting, each cap's shoulder"
              " %.2f mm under the lid and at least %.2f mm of travel free past its switch."
              % ("nothing stops short" if c["ok"] else "FAILS: " + "; ".join(c["fails"]),
                 c["lip"], min(x["shoulder"] for x in c["caps"]),
                 min(x["room"] for x in c["caps"])), ""]
    return lines


def stack(P, A):
    tols = P["layout"]["stack_tols"]
    hi, lo = A["variants"]["high"], A["variants"]["low"]
    lines = ["## Stack-up", "",
             "Between a switch's plunger and the lid's top: %s (+- each, mm), and a shield not"
             " pressed home (+%.1f): the plunger %.2f mm higher or %.2f lower than drawn. The"
             " caps ride on the plungers, so:"
             % (", ".join("%s %.2f" % tuple(t) for t in tols), caselib.STACK["seated_high"],
                P["layout"]["stack_high"], P["layout"]["stack_low"]), ""]
    lines += ["* %s: %s." % (f["check"], f["msg"]) for f in P["findings"]
              if f["check"] in ("no key held on", "every key actuates")]
    lines += ["* replayed with the boards at the high end: %s, each cap's shoulder %.2f mm under"
              " the lid; at the low end: %s, each cap's top %.2f mm over the lid with %.2f mm"
              " free past its end stop's travel." % (
                  "no switch held" if hi["ok"] else "; ".join(hi["fails"]),
                  min(x["shoulder"] for x in hi["caps"]),
                  "every key reaches its end stop" if lo["ok"] else "; ".join(lo["fails"]),
                  min(x["protrusion"] for x in lo["caps"]), min(x["room"] for x in lo["caps"])),
              ""]
    return lines


def keys_table(P):
    rows = ["| press point | tilt (degrees) | force / the centre's | travel margin (mm) |",
            "| --- | --- | --- | --- |"]
    names = []
    for p in P["presses"]:
        if p[1] not in names:
            names.append(p[1])
    for name in names:
        at = [p for p in P["presses"] if p[1] == name]
        rows.append("| %s | %.2f | %.2f | %.2f |"
                    % (name, max(p[2] for p in at), max(p[3] for p in at),
                       min(p[4] for p in at)))
    return ["## Keys", "",
            "Pressed at each point, the worst of the nine caps (`case/keys.py`: friction %.1f at"
            " the guides; the margin is the travel left past the switch's end stop before"
            " anything meets):" % P["require"]["friction"], ""] + rows + [""]


def light(L, P):
    D = P["design"]
    rows = ["| cell | " + " | ".join(L["cells"]) + " |",
            "| --- |" + " --- |" * len(L["cells"]),
            "| top lit within 2:1 (%%), the worse lid | %s |"
            % " | ".join("%.0f" % c["share"] for c in L["cells"].values()),
            "| LED's light out of the top (%%), black lid | %s |"
            % " | ".join("%.1f" % c["top"] for c in L["cells"].values()),
            "| the most a dark cap takes (%% of the lit one's) | %s |"
            % " | ".join("%.2f" % max(c["bleed"].values()) for c in L["cells"].values())]
    return ["## Light", "",
            "Each LED (%s, water clear, %d degrees 2θ½) lit alone, rays traced through the"
            " cells (`case/light.py`), the lid black (as printed) and white (the worst for"
            " bleed): a %.1f mm diffuser in each cap, %.1f mm over the LED's dome, scatters"
            " its beam (printed PETG taken to scatter once per %.0f mm: the clearer end),"
            " and the light spreads over the %.1f mm up to the top. The least share of a"
            " cap's top within 2:1 of its brightest is %.0f %% (want %g %% or more); the most"
            " of a lit cell's light a dark cap gets is %.1f %% of the lit cap's own (cell %d"
            " into cap %d). Cell 5 without its diffuser: %.0f %%; with caps printed twice as"
            " clear (once per %.0f mm): %.0f %%. The diffuser costs light: %.1f %% of the LED's"
            " leaves a cap's top, %.1f %% without it." % (
                L["led"], L["viewing_angle_deg"], D["cap_diffuser_t"], D["cap_diffuser_gap"],
                L["scatter_mm"], P["layout"]["z_cap_under"] - P["layout"]["diffusers"][4]["z"][1],
                L["share"], P["require"]["lit_share_percent"], L["bleed"], L["bleed_from"],
                L["bleed_to"], L["no_diffuser"]["share"], L["clear_print"]["scatter_mm"],
                L["clear_print"]["share"], L["top"], L["no_diffuser"]["top"]), ""] + rows + [""]


def fits(P):
    lines = ["## Fit (computed by case/fit.py, checked by `make test-case`)", ""]
    lines += ["* %s: %s." % (f["check"], f["msg"]) for f in P["findings"]
              if f["check"] not in ("LED covered", "actuator", "no key held on",
                                    "every key actuates") or "cell 5" in f["msg"]]
    A = P["assume"]
    lines += ["",
              "Assumed where the parts' data is silent: the B3F plunger's height within"
              " +-%.1f mm (Omron's general tolerance), its travel up to %.2f mm at the end"
              " stop, the LED's height within +-%.2f mm (Kingbright's general tolerance),"
              " the piezo's body within %.1f mm of its footprint (its pins in 1.0 mm holes),"
              " a hand-soldered part within %.2f mm of its courtyard."
              % (A["plunger_tol"], A["travel_max"], A["led_tol"], A["sounder_tol"],
                 A["part_tol"]), ""]
    return lines


def connectors(P):
    uno = P["uno"]
    w, h = uno["icsp_idc_socket_mm"]
    return ["## Jacks, reset and the ICSP header", "",
            "* The DC opening takes a %.0f mm plug overmould (%.1f mm each side, on the"
            " plug's axis)." % (uno["dc_plug_overmould_mm"], P["design"]["dc_plug_margin"]),
            "* Reset: the Uno's button is under the shield. With the case closed, open the"
            " board's serial port (the Uno resets when a terminal such as `picocom` opens it),"
            " or unplug its power and plug it in again.",
            "* The ICSP header is under the lid: a 2x3 IDC socket (%.1f x %.1f mm) does not"
            " reach it with the case closed. Take the lid off (four screws) to use it." % (w, h),
            "", "## The menu legend", "",
            "`legend-card.svg`: print it at 100 %% (1:1) and measure the bar at its foot: it is"
            " %d mm. Its text is %.2f mm high. The caps carry the cell numbers."
            % (legend.CHECK_MM, legend.text_height_mm()), "",
            "The Uno's parts and holes: %s." % P["uno_source"], ""]


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__)
    d, out = argv
    loaded = {}
    for name in ("case-params", "assembly", "light"):
        with open(os.path.join(d, name + ".json")) as f:
            loaded[name] = json.load(f)
    P, A, L = loaded["case-params"], loaded["assembly"], loaded["light"]
    lines = ["# Printing the case", "",
             "Generated by `make case` (case/print_sheet.py) from the shield's PCB; do not edit."
             " The STLs are in `build/case/`.", ""]
    lines += parts_table(d) + [""] + settings(P) + screws(P) + steps(A) + stack(P, A)
    lines += keys_table(P) + light(L, P) + fits(P) + connectors(P)
    with open(out, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
