#!/usr/bin/python3
"""case/gen_case.py - the OpenSCAD include for case/case.scad, from the shield's PCB.

  gen_case.py PCB OUTDIR      writes OUTDIR/case-params.scad and OUTDIR/case-params.json

Every position of something on the shield (outline, ICSP notch, mounting holes, LED and
switch centres) is read from the PCB with pcbnew; the heights from schematics/parts.json;
the Uno's jacks from case/uno-r3.json (Arduino's drawing, cross-checked against the Uno
footprint's fab drawing of them on the PCB); the menu's meaning of each cell from the
README's cell table. Nothing here is a coordinate.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import caselib  # noqa: E402

FONT = "DejaVu Sans:style=Bold"
NUMBER_SIZE = 4.5


def text_widths(lines):
    """Width of each line at size 1, as OpenSCAD draws it (a 2D export, measured)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.scad")
        with open(src, "w") as f:
            for i, s in enumerate(lines):
                f.write("translate([0, %d]) text(%s, size = 10, font = %s);\n"
                        % (-30 * i, json.dumps(s), json.dumps(FONT)))
        out = os.path.join(tmp, "t.dxf")
        subprocess.run(["openscad", "-q", "-o", out, src], check=True)
        toks = open(out).read().split("\n")
    xs = {}
    pts = [(float(toks[i + 1]), float(toks[i + 3])) for i in range(len(toks) - 3)
           if toks[i].strip() == "10" and toks[i + 2].strip() == "20"]
    for x, y in pts:
        row = int(round(-y / 30 + 0.3))
        lo, hi = xs.get(row, (x, x))
        xs[row] = (min(lo, x), max(hi, x))
    return [(xs[i][1] - min(0, xs[i][0])) / 10 for i in range(len(lines))]


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


def legend(board, lay, labels):
    """Menu legend lines in the strip right of the grid, on the lid's top."""
    D = caselib.DESIGN
    right_of_grid = max(max(board["leds"][c]["xy"][0] for c in board["leds"])
                        + (board["leds"][1]["part"]["diameter_mm"] + D["led_hole_extra"]) / 2,
                        max(board["switches"][c]["xy"][0] for c in board["switches"])
                        + lay["key"]["hole_d"] / 2)
    x0 = right_of_grid + 1.5
    x1 = lay["cavity"][2] + D["wall"] - 1.0
    lines = ["menu (hold)"] + ["%d %s" % (i + 1, t) for i, t in enumerate(labels)]
    size = min(3.0, (x1 - x0) / max(text_widths(lines)))
    ys = sorted(board["leds"][c]["xy"][1] for c in board["leds"])
    top = ys[-1] + 4.0
    step = min(size * 1.9, (top - (min(board["switches"][c]["xy"][1]
                                        for c in board["switches"]) - 3.0)) / len(lines))
    if size < 1.8:
        return {"size": 0, "lines": [], "why": "the strip beside the grid is %.1f mm wide" % (x1 - x0)}
    return {"size": round(size, 2),
            "lines": [[round(x0, 3), round(top - i * step, 3), s] for i, s in enumerate(lines)],
            "why": ""}


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    pcb, out = sys.argv[1:]
    try:
        board = caselib.read_board(pcb)
        uno = caselib.load_uno()
        lay = caselib.layout(board, uno)
        labels = caselib.menu_labels()
    except caselib.CaseError as e:
        raise SystemExit("gen_case: %s" % e)
    D = caselib.DESIGN
    led_d = board["leds"][1]["part"]["diameter_mm"]
    cells = range(1, 10)
    # Cell numbers left of each LED hole, 1.5 mm clear of it (widths as OpenSCAD draws them).
    widths = text_widths([str(c) for c in cells])
    numbers = []
    for c in cells:
        x, y = board["leds"][c]["xy"]
        w = widths[c - 1] * NUMBER_SIZE
        numbers.append([round(x - (led_d + D["led_hole_extra"]) / 2 - 1.5 - w / 2, 3), y, str(c)])
    leg = legend(board, lay, labels)
    key = lay["key"]
    conns = [[c["name"], c["x_min_mm"], c["x_max_mm"], c["y_centre_mm"], c["width_mm"],
              c["height_mm"]] for c in uno["connectors"]]
    values = {
        "outline": board["outline"], "board_w": board["width"], "board_h": board["height"],
        "board_t": board["thickness"], "notch": board["notch"] or [0, 0, 0, 0],
        "uno_holes": [list(h) for h in lay["uno_holes"]], "uno_t": uno["thickness_mm"],
        "leds": [list(board["leds"][c]["xy"]) for c in cells],
        "keys": [list(board["switches"][c]["xy"]) for c in cells],
        "led_hole_d": led_d + D["led_hole_extra"], "led_d": led_d,
        "led_h": board["leds"][1]["part"]["height_mm"],
        "actuator_d": board["switches"][1]["part"]["actuator_diameter_mm"],
        "uno_hole_d": uno["mounting_hole_diameter_mm"],
        "key_mode": key["mode"], "key_hole_d": key["hole_d"],
        "key_stem_d": key.get("stem_d", 0), "key_flange_d": key.get("flange_d", 0),
        "key_flange_t": key.get("flange_t", 0), "key_z_bottom": key.get("z_bottom", 0),
        "key_z_flange_top": key.get("z_flange_top", 0), "key_z_top": key.get("z_top", 0),
        "cavity": lay["cavity"], "posts": lay["posts"], "connectors": conns,
        "numbers": numbers, "legend": leg["lines"], "legend_size": leg["size"], "font": FONT,
        "number_size": NUMBER_SIZE,
    }
    for k in ("z_uno_bottom", "z_uno_top", "z_shield_bottom", "z_shield_top", "z_act",
              "z_lid_under", "z_lid_top", "z_split"):
        values[k] = lay[k]
    for k, v in D.items():
        values["d_" + k] = v
    os.makedirs(out, exist_ok=True)
    text = "// Generated by case/gen_case.py from %s; do not edit.\n" % os.path.basename(pcb)
    text += "".join("P_%s = %s;\n" % (k, scad(v)) for k, v in values.items())
    meta = {"pcb": pcb, "layout": lay, "legend": leg, "design": D, "require": caselib.REQUIRE,
            "uno_source": uno["source"], "tallest": lay["tallest"], "led_d": led_d}
    # Rewritten only when changed, so an unrelated edit (of the README) re-renders nothing.
    for name, body in (("case-params.scad", text),
                       ("case-params.json", json.dumps(meta, indent=1, sort_keys=True) + "\n")):
        path = os.path.join(out, name)
        if not os.path.exists(path) or open(path).read() != body:
            with open(path, "w") as f:
                f.write(body)

if __name__ == "__main__":
    main()
