"""case/gen_case.py - the OpenSCAD include for case/case-model.scad, from the shield's PCB.

  python3 -m case.gen_case PCB MENU_JSON OUTDIR
      writes OUTDIR/case-params.scad, OUTDIR/case-params.json (the layout and every fit
      figure, for the print sheet and the tests) and OUTDIR/legend-card.svg

Every position of something on the shield (outline, ICSP notch, mounting holes, LED and
switch centres) is read from the PCB with pcbnew; the heights from schematics/parts.json;
the Uno's parts from case/uno-r3.json (Arduino's drawing, cross-checked against the Uno
footprint on the PCB); the menu's meaning of each cell from the menu table's export
(build/gen/menu.json). Nothing here is a coordinate.
"""
import json
import os
import sys

from case import caselib, fit, legend

FONT = "DejaVu Sans:style=Bold"
PLATE_PITCH = 18.0   # the caps' print plate: 12 mm caps, 1.2 mm tabs, room between


def scad(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return "%.4f" % v
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, dict):
        raise TypeError("no dicts in OpenSCAD")
    return "[" + ", ".join(scad(x) for x in v) + "]"


def _fixings(lay):
    out = []
    for f in lay["fixings"]:
        head = caselib.FIXINGS[f["kind"]]
        out.append([f["xy"][0], f["xy"][1], f["kind"], f["standoff_d"], f.get("pilot_d", 0),
                    f.get("peg_d", 0), f.get("peg_top", 0), head.get("head_d", 0),
                    head.get("head_h", 0)])
    return out


def _boards(board, uno, lay):
    """What the pictures draw of the boards: the shield's parts as boxes, the Uno's parts."""
    shield = [p["box"] + [p["height"]] for p in board["parts"]
              if p["top"] and p["box"] and not p["led"] and not p["switch"]
              and not p.get("sounder")]
    # the piezo as the round part it is: centre, diameter, height ([] without one)
    bz = [p for p in board["parts"] if p.get("sounder")]
    sounder = [(bz[0]["box"][0] + bz[0]["box"][2]) / 2, (bz[0]["box"][1] + bz[0]["box"][3]) / 2,
               bz[0]["sounder"], bz[0]["height"]] if bz else []
    parts = caselib.uno_parts(uno, lay["z_uno_bottom"])
    above = [p["box"] + list(p["z"]) + [p["name"]] for p in parts
             if "box" in p and p["z"][0] >= lay["z_uno_top"] - 1e-6]
    return {"shield_boxes": shield, "uno_boxes": above, "sounder": sounder}


def values(board, uno, lay):
    D = caselib.DESIGN
    cells = range(1, 10)
    sw = board["switches"][1]["part"]
    dc = [c for c in uno["connectors"] if c["name"] == "DC"][0]
    v = {
        "outline": board["outline"], "board_w": board["width"], "board_h": board["height"],
        "board_t": board["thickness"], "notch": board["notch"] or [0, 0, 0, 0],
        "uno_holes": [list(h) for h in lay["uno_holes"]], "uno_t": uno["thickness_mm"],
        "leds": [list(board["leds"][c]["xy"]) for c in cells],
        "keys": [list(board["switches"][c]["xy"]) for c in cells],
        "led_d": board["leds"][1]["part"]["diameter_mm"],
        "led_h": board["leds"][1]["part"]["height_mm"],
        "actuator_d": sw["actuator_diameter_mm"], "sw_body_h": sw["height_mm"],
        "uno_hole_d": uno["mounting_hole_diameter_mm"],
        "caps": [list(c) for c in lay["caps"]], "opening": lay["opening"],
        "sound_holes": [list(h) for h in lay["sound_holes"]],
        "cavity": lay["cavity"], "posts": lay["posts"], "fixings": _fixings(lay),
        "connectors": [[c["name"], c["x_min_mm"], c["x_max_mm"], c["y_centre_mm"],
                        c["width_mm"], c["height_mm"]] for c in uno["connectors"]],
        "dc": [dc["y_centre_mm"], lay["z_uno_top"] + dc["plug_axis_mm"],
               uno["dc_plug_overmould_mm"] / 2 + D["dc_plug_margin"]],
        "font": FONT, "plate_pitch": PLATE_PITCH,
        "cap_walls": [[[w["box"], w["profile"]] for w in cw] for cw in lay["cap_walls"]],
        "tube_walls": [[w["box"], w["along"], w["profile"]] for w in lay["tube_walls"]],
        "corners": lay["corners"], "bore": lay["bore"], "feet": lay["feet"],
        "jig_h": lay["jig_h"], "lid_screw_len": caselib.LID_SCREW["len"],
        "actuators": lay["actuators"],
        "diffusers": [[d["box"], d["profile"], d["z"][1]] for d in lay["diffusers"]],
    }
    v.update(_boards(board, uno, lay))
    for k in ("z_uno_bottom", "z_uno_top", "z_shield_bottom", "z_shield_top", "z_act",
              "z_cap_under", "z_cap_top", "z_lid_under", "z_lid_top", "z_split", "z_shoulder",
              "z_tube_base"):
        v[k] = lay[k]
    for k, x in D.items():
        v["d_" + k] = x
    return v


def _write(path, body):
    """Rewritten only when changed, so an unrelated edit re-renders nothing."""
    if not os.path.exists(path) or open(path).read() != body:
        with open(path, "w") as f:
            f.write(body)


def main(argv):
    if len(argv) != 3:
        raise SystemExit(__doc__)
    pcb, menu, out = argv
    try:
        board = caselib.read_board(pcb)
        uno = caselib.load_uno()
        lay = caselib.layout(board, uno)
        labels = caselib.menu_labels(menu)
        opening, stats = caselib.menu_open(menu), caselib.menu_stats(menu)
    except caselib.CaseError as e:
        raise SystemExit("gen_case: %s" % e)
    presses = fit.key_presses(board, lay)
    findings = fit.all_findings(board, uno, lay)
    os.makedirs(out, exist_ok=True)
    text = "// Generated by case/gen_case.py from %s; do not edit.\n" % os.path.basename(pcb)
    text += "".join("P_%s = %s;\n" % (k, scad(v)) for k, v in values(board, uno, lay).items())
    lay_json = {k: v for k, v in lay.items() if k not in ("fixings", "obstacles")}
    meta = {"pcb": pcb, "layout": lay_json, "design": caselib.DESIGN, "require": caselib.REQUIRE,
            "assume": fit.ASSUME, "uno_source": uno["source"], "uno": uno,
            "fixings": [{k: f[k] for k in ("xy", "kind", "what")} for f in lay["fixings"]],
            "findings": [f._asdict() for f in findings], "labels": labels,
            "led_d": board["leds"][1]["part"]["diameter_mm"], "plate_pitch": PLATE_PITCH,
            "presses": [(c, name, round(r["tilt_deg"], 3), round(r["ratio"], 4),
                         round(r["margin"], 3), r["limit"], round(r["L"], 2))
                        for c, name, r in presses]}
    _write(os.path.join(out, "case-params.scad"), text)
    _write(os.path.join(out, "case-params.json"), json.dumps(meta, indent=1, sort_keys=True) + "\n")
    _write(os.path.join(out, "legend-card.svg"), legend.card_svg(labels, opening, stats))
    bad = [f for f in findings if not f.ok]
    for f in bad:
        print("gen_case: WARNING %s: %s" % (f.check, f.msg), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
