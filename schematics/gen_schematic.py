#!/usr/bin/env python3
"""schematics/gen_schematic.py - generates the shield's KiCad 6 schematic, its BOM, its
pin table and a PNG picture from ONE description (the tables below).

  python3 schematics/gen_schematic.py        writes, next to this script:
      ttt-shield.kicad_sch   KiCad 6 (format 20211123) with embedded lib_symbols
      ttt-shield.svg/.png    a drawing of the same sheet (PNG needs rsvg-convert,
                             Debian package librsvg2-bin; skipped with a note if absent)
      bom.csv, pins.md       bill of materials and Uno pin table

Standard library only. UUIDs are derived from names (uuid5), so regenerating gives
the same file. The MCU nets must match board/uno_shield_r1/pins.h: the test
`make test-hal-schematic` (check_schematic.py) fails if they disagree.
"""
import csv
import os
import shutil
import subprocess
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
NS = uuid.UUID("6f1c2d7e-0b1a-4c55-9a43-7c3e5b9d2a10")
LIB = "ttt"


def uid(*parts):
    return str(uuid.uuid5(NS, "/".join(str(p) for p in parts)))


def fmt(v):
    s = ("%.4f" % v).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# ---------------------------------------------------------------------------------------
# Symbols: graphics (in symbol coordinates, y up, mm) + pins (connection point, angle,
# length, name, number). Angle 0 = pin line extends to the +x side of its connection
# point (so the body is to the right), 90 = extends up, 180 = left, 270 = down.
# ---------------------------------------------------------------------------------------
def R_sym():
    return {
        "ref": "R", "hide_names": True, "hide_numbers": True,
        "gfx": [("rect", -1.016, -2.54, 1.016, 2.54)],
        "pins": [(0, 3.81, 270, 1.27, "~", "1", "passive"),
                 (0, -3.81, 90, 1.27, "~", "2", "passive")],
    }


def D_sym():  # vertical: anode (2) on top, cathode (1) at the bottom, arrow points down
    return {
        "ref": "D", "hide_names": True, "hide_numbers": True,
        "gfx": [("poly", [(-1.27, 1.27), (1.27, 1.27), (0, -1.27), (-1.27, 1.27)], True),
                ("poly", [(-1.27, -1.27), (1.27, -1.27)], False),
                ("poly", [(0, 1.27), (0, -1.27)], False)],
        "pins": [(0, -3.81, 90, 2.54, "K", "1", "passive"),
                 (0, 3.81, 270, 2.54, "A", "2", "passive")],
    }


def SW_sym():  # vertical push button
    return {
        "ref": "SW", "hide_names": True, "hide_numbers": True,
        "gfx": [("circle", 0, 2.032, 0.508), ("circle", 0, -2.032, 0.508),
                ("poly", [(1.524, 2.54), (1.524, -2.54)], False),
                ("poly", [(1.524, 0), (2.794, 0)], False)],
        "pins": [(0, 5.08, 270, 2.54, "1", "1", "passive"),
                 (0, -5.08, 90, 2.54, "2", "2", "passive")],
    }


def LED2_sym():  # bi-color, common cathode: red anode top-left, green anode bottom-left
    tri = lambda y: ("poly", [(-1.27, y + 1.27), (-1.27, y - 1.27), (1.27, y), (-1.27, y + 1.27)], True)
    return {
        "ref": "LED", "hide_names": False, "hide_numbers": True,
        "gfx": [("rect", -3.81, -5.08, 3.81, 5.08), tri(2.54), tri(-2.54),
                ("poly", [(1.27, 3.81), (1.27, -3.81)], False),
                ("poly", [(-3.81, 2.54), (-1.27, 2.54)], False),
                ("poly", [(-3.81, -2.54), (-1.27, -2.54)], False),
                ("poly", [(1.27, 0), (3.81, 0)], False)],
        "pins": [(-6.35, 2.54, 0, 2.54, "R", "1", "passive"),
                 (6.35, 0, 180, 2.54, "K", "2", "passive"),
                 (-6.35, -2.54, 0, 2.54, "G", "3", "passive")],
    }


def NMOS_sym():  # 2N7000, TO-92 pin numbers: 1 = S, 2 = G, 3 = D
    return {
        "ref": "Q", "hide_names": False, "hide_numbers": True,
        "gfx": [("poly", [(-1.27, 2.032), (-1.27, -2.032)], False),
                ("poly", [(-0.508, 2.54), (-0.508, 1.27)], False),
                ("poly", [(-0.508, 0.635), (-0.508, -0.635)], False),
                ("poly", [(-0.508, -1.27), (-0.508, -2.54)], False),
                ("poly", [(-0.508, 1.905), (2.54, 1.905), (2.54, 2.54)], False),
                ("poly", [(-0.508, -1.905), (2.54, -1.905), (2.54, -2.54)], False),
                ("poly", [(-0.508, 0), (2.54, 0), (2.54, -1.905)], False),
                ("poly", [(0, 0), (0.762, 0.381), (0.762, -0.381), (0, 0)], True),
                ("circle", 0.762, 0, 3.3)],
        "pins": [(-5.08, 0, 0, 3.81, "G", "2", "input"),
                 (2.54, 5.08, 270, 2.54, "D", "3", "passive"),
                 (2.54, -5.08, 90, 2.54, "S", "1", "passive")],
    }


UNO_LEFT = ["D%d" % i for i in range(14)]
UNO_RIGHT = ["A%d" % i for i in range(6)] + ["", "", "5V", "GND"]


def UNO_sym():
    h = 2.54 * 8
    pins = []
    for i, n in enumerate(UNO_LEFT):
        pins.append((-12.7, 16.51 - 2.54 * i, 0, 5.08, n, str(i + 1),
                     "bidirectional"))
    for i, n in enumerate(UNO_RIGHT):
        if not n:
            continue
        kind = "power_in" if n in ("5V", "GND") else "bidirectional"
        pins.append((12.7, 16.51 - 2.54 * i, 180, 5.08, n, str(15 + i), kind))
    return {"ref": "J", "hide_names": False, "hide_numbers": False,
            "gfx": [("rect", -7.62, -h, 7.62, h)], "pins": pins}


def PWR_sym(name, up):
    if up:
        gfx = [("poly", [(0, 0), (0, 1.27)], False),
               ("poly", [(-0.762, 1.27), (0, 2.54), (0.762, 1.27)], False)]
        pin = (0, 0, 90, 0, name, "1", "power_in")
    else:
        gfx = [("poly", [(0, 0), (0, -1.27), (1.27, -1.27), (0, -2.54), (-1.27, -1.27),
                         (0, -1.27)], False)]
        pin = (0, 0, 270, 0, name, "1", "power_in")
    return {"ref": "#PWR", "power": True, "hide_names": True, "hide_numbers": True,
            "gfx": gfx, "pins": [pin]}


SYMBOLS = {
    "Arduino_Uno_Shield": UNO_sym(), "R": R_sym(), "D": D_sym(), "SW_Push": SW_sym(),
    "LED_Bicolor_CC": LED2_sym(), "Q_NMOS_SGD": NMOS_sym(),
    "GND": PWR_sym("GND", False), "+5V": PWR_sym("+5V", True),
}

# ---------------------------------------------------------------------------------------
# Parts and nets. The MCU nets (LED_ROWr, LED_Cc_R/G, KEY_ROWr, KEY_COLc) carry the
# names of board/uno_shield_r1/pins.h.
# ---------------------------------------------------------------------------------------
UNO_NET = {  # Uno header pin -> net (must agree with the board header)
    "D8": "LED_ROW0", "D9": "LED_ROW1", "D10": "LED_ROW2",
    "D2": "LED_C0_R", "D3": "LED_C0_G", "D4": "LED_C1_R", "D5": "LED_C1_G",
    "D6": "LED_C2_R", "D7": "LED_C2_G",
    "A3": "KEY_ROW0", "A4": "KEY_ROW1", "A5": "KEY_ROW2",
    "A0": "KEY_COL0", "A1": "KEY_COL1", "A2": "KEY_COL2",
}
UNO_MCU = {**{"D%d" % i: "PD%d" % i for i in range(8)},
           **{"D%d" % (8 + i): "PB%d" % i for i in range(6)},
           **{"A%d" % i: "PC%d" % i for i in range(6)}}
FUNCTION = {
    "LED_ROW": "LED row {i} (cells {a}-{b}) gate of low-side N-MOSFET, active high",
    "LED_C_R": "LED column {i} red anode via R, active high",
    "LED_C_G": "LED column {i} green anode via R, active high",
    "KEY_ROW": "key drive row {i}: low when scanned, else hi-Z",
    "KEY_COL": "key sense column {i}: input with pull-up, PCINT{p} wake",
}

FP = {
    "R": "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal",
    "D": "Diode_THT:D_DO-35_SOD27_P7.62mm_Horizontal",
    "SW": "Button_Switch_THT:SW_PUSH_6mm",
    "LED": "LED_THT:LED_D5.0mm-3",
    "Q": "Package_TO_SOT_THT:TO-92_Inline",
    "J": "Module:Arduino_UNO_R3_WithMountingHoles",
}

R_RED, R_GREEN = "270", "180"
parts = []   # dicts: ref, lib, x, y, value, fp, bom (desc, part number) or None
wires = []   # (x1, y1, x2, y2)
labels = []  # (name, x, y, angle)
junctions = []  # (x, y)
texts = []   # (text, x, y, size)


def place(ref, lib, x, y, value, fp="", desc=None, pn=None):
    parts.append({"ref": ref, "lib": lib, "x": x, "y": y, "value": value, "fp": fp,
                  "desc": desc, "pn": pn})
    return parts[-1]


def pin_point(part, name):
    """Schematic coordinates (y down) of the connection point of pin `name`/number."""
    for (px, py, ang, ln, pname, num, _k) in SYMBOLS[part["lib"]]["pins"]:
        if pname == name or num == name:
            return part["x"] + px, part["y"] - py, ang
    raise KeyError((part["ref"], name))


# Outward stub direction in schematic coordinates for a pin angle.
OUT = {0: (-1, 0), 180: (1, 0), 90: (0, 1), 270: (0, -1)}


def stub_label(part, pin, net, length=2.54):
    x, y, ang = pin_point(part, pin)
    dx, dy = OUT[ang]
    x2, y2 = x + dx * length, y + dy * length
    wires.append((x, y, x2, y2))
    labels.append((net, x2, y2, 180 if dx < 0 else 0))


def power_at(part, pin, kind, n=[0]):
    x, y, ang = pin_point(part, pin)
    dx, dy = OUT[ang]
    x2, y2 = x + dx * 2.54, y + dy * 2.54
    wires.append((x, y, x2, y2))
    n[0] += 1
    place("#PWR%02d" % n[0], kind, x2, y2, kind)


def build():
    # Arduino Uno header (the shield's connectors)
    j1 = place("J1", "Arduino_Uno_Shield", 45.72, 88.9, "Arduino_Uno_R3_Shield", FP["J"],
               "Arduino Uno R3 shield headers (1x10, 2x 1x8, 1x6 male, 2.54 mm)",
               "Adafruit 85 (R3 stacking header set) or plain 2.54 mm male headers")
    for pin, net in UNO_NET.items():
        stub_label(j1, pin, net)
    power_at(j1, "5V", "+5V")
    power_at(j1, "GND", "GND")

    # LED columns: one resistor per color column, MCU net on top, anode bus below.
    for c in range(3):
        for k, (col, val) in enumerate((("R", R_RED), ("G", R_GREEN))):
            x = 96.52 + 15.24 * (2 * c + k)
            r = place("R%d" % (1 + 2 * c + k), "R", x, 45.72, val, FP["R"],
                      "column resistor, %s die (1/4 W, 1 %%)" % ("red" if col == "R" else "green"),
                      "Yageo MFR-25FBF52-%s" % ("270R" if col == "R" else "180R"))
            stub_label(r, "1", "LED_C%d_%s" % (c, col))
            stub_label(r, "2", "LED_A%d_%s" % (c, col))

    # LED matrix: cell i = 3r + c; anodes on the column buses, cathode on the row.
    for rr in range(3):
        for c in range(3):
            i = 3 * rr + c
            led = place("LED%d" % (i + 1), "LED_Bicolor_CC", 106.68 + 40.64 * c,
                        73.66 + 25.4 * rr, "L-59EGW", FP["LED"],
                        "bi-color LED red/green, common cathode, 5 mm (cell %d)" % (i + 1),
                        "Kingbright L-59EGW")
            stub_label(led, "R", "LED_A%d_R" % c)
            stub_label(led, "G", "LED_A%d_G" % c)
            stub_label(led, "K", "LED_K%d" % rr)

    # Row switches: low-side N-MOSFET per row, gate resistor and pull-down.
    for rr in range(3):
        y = 73.66 + 30.48 * rr
        q = place("Q%d" % (rr + 1), "Q_NMOS_SGD", 256.54, y, "2N7000", FP["Q"],
                  "N-MOSFET 60 V 200 mA, logic-level row switch (TO-92)",
                  "onsemi 2N7000")
        stub_label(q, "D", "LED_K%d" % rr)
        power_at(q, "S", "GND")
        rg = place("R%d" % (7 + rr), "R", 233.68, y - 3.81, "100", FP["R"],
                   "gate resistor (edge rate, ringing)", "Yageo MFR-25FBF52-100R")
        stub_label(rg, "1", "LED_ROW%d" % rr)
        xg, yg, _ = pin_point(rg, "2")
        xq, yq, _ = pin_point(q, "G")
        rp = place("R%d" % (10 + rr), "R", 243.84, y + 6.35, "100k", FP["R"],
                   "gate pull-down (LEDs dark while the MCU is in reset)",
                   "Yageo MFR-25FBF52-100K")
        xp, yp, _ = pin_point(rp, "1")
        assert yg == yq, "gate resistor and gate must line up"
        wires.append((xg, yq, xp, yq))  # split at the T so every joint is an endpoint
        wires.append((xp, yq, xq, yq))
        wires.append((xp, yp, xp, yq))
        junctions.append((xp, yq))
        power_at(rp, "2", "GND")

    # Key matrix: switch from the sense column to a diode, diode cathode on the row.
    for rr in range(3):
        for c in range(3):
            i = 3 * rr + c
            x = 292.1 + 27.94 * c
            y = 60.96 + 33.02 * rr
            sw = place("SW%d" % (i + 1), "SW_Push", x, y, "cell %d" % (i + 1), FP["SW"],
                       "tactile switch 6x6 mm (cell %d)" % (i + 1),
                       "Omron B3F-1000")
            d = place("D%d" % (i + 1), "D", x, y + 12.7, "1N4148", FP["D"],
                      "switching diode: no ghosting/masking", "onsemi 1N4148")
            stub_label(sw, "1", "KEY_COL%d" % c)
            xs, ys, _ = pin_point(sw, "2")
            xa, ya, _ = pin_point(d, "A")
            wires.append((xs, ys, xa, ya))
            stub_label(d, "K", "KEY_ROW%d" % rr)

    texts.append(("Tic-tac-toe shield r1 (board/uno_shield_r1/pins.h)", 20.32, 20.32, 2.54))
    texts.append(("LED matrix: 3 rows x 6 color columns, 1/3 duty, 2 kHz row steps", 96.52, 30.48, 1.6))
    texts.append(("Row switches: low-side 2N7000", 223.52, 58.42, 1.6))
    texts.append(("Key matrix: diode per switch, rows driven low one at a time", 281.94, 43.18, 1.6))
    texts.append(("Red 270R ~10 mA peak, green 180R ~14 mA peak (see schematics/README.md)", 96.52, 33.02, 1.6))


# ---------------------------------------------------------------------------------------
# KiCad 6 writer
# ---------------------------------------------------------------------------------------
FONT = "(effects (font (size 1.27 1.27)))"
STROKE = "(stroke (width 0.254) (type default) (color 0 0 0 0))"


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def gfx_sexpr(g):
    if g[0] == "rect":
        return "(rectangle (start %s %s) (end %s %s) %s (fill (type background)))" % (
            fmt(g[1]), fmt(g[2]), fmt(g[3]), fmt(g[4]), STROKE)
    if g[0] == "circle":
        return "(circle (center %s %s) (radius %s) %s (fill (type none)))" % (
            fmt(g[1]), fmt(g[2]), fmt(g[3]), STROKE)
    pts = " ".join("(xy %s %s)" % (fmt(x), fmt(y)) for x, y in g[1])
    return "(polyline (pts %s) %s (fill (type %s)))" % (pts, STROKE,
                                                         "outline" if g[2] else "none")


def lib_symbol(name, s):
    out = ['    (symbol %s%s%s (pin_names (offset 0)%s) (in_bom %s) (on_board yes)' % (
        q(LIB + ":" + name), " (power)" if s.get("power") else "",
        " (pin_numbers hide)" if s["hide_numbers"] else "",
        " hide" if s["hide_names"] else "", "no" if s.get("power") else "yes")]
    hide = " hide" if s.get("power") else ""
    out.append('      (property "Reference" %s (id 0) (at 0 -6.35 0) (effects (font (size 1.27 1.27))%s))'
               % (q(s["ref"]), hide))
    out.append('      (property "Value" %s (id 1) (at 0 6.35 0) %s)' % (q(name), FONT))
    out.append('      (property "Footprint" "" (id 2) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))')
    out.append('      (property "Datasheet" "~" (id 3) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))')
    out.append('      (symbol %s' % q(name + "_0_1"))
    for g in s["gfx"]:
        out.append("        " + gfx_sexpr(g))
    out.append("      )")
    out.append('      (symbol %s' % q(name + "_1_1"))
    for (x, y, a, ln, pname, num, kind) in s["pins"]:
        out.append('        (pin %s line (at %s %s %d) (length %s)%s (name %s %s) (number %s %s))'
                   % (kind, fmt(x), fmt(y), a, fmt(ln), " hide" if s.get("power") else "",
                      q(pname), FONT, q(num), FONT))
    out.append("      )")
    out.append("    )")
    return "\n".join(out)


def write_kicad(path):
    o = ['(kicad_sch (version 20211123) (generator eeschema)', '',
         '  (uuid %s)' % uid("sheet"), '', '  (paper "A3")', '',
         '  (title_block', '    (title "Tic-tac-toe shield")', '    (date "2026-11-21")',
         '    (rev "r1")', '    (comment 1 "Generated by schematics/gen_schematic.py - edit the script, not this file")',
         '    (comment 2 "Nets checked against board/uno_shield_r1/pins.h by make test-hal-schematic")',
         '  )', '', '  (lib_symbols']
    for name in sorted(SYMBOLS):
        o.append(lib_symbol(name, SYMBOLS[name]))
    o.append('  )')
    o.append('')
    for n, (x1, y1, x2, y2) in enumerate(wires):
        o.append('  (wire (pts (xy %s %s) (xy %s %s)) (stroke (width 0) (type default) (color 0 0 0 0)) (uuid %s))'
                 % (fmt(x1), fmt(y1), fmt(x2), fmt(y2), uid("wire", n)))
    for n, (x, y) in enumerate(junctions):
        o.append('  (junction (at %s %s) (diameter 0) (color 0 0 0 0) (uuid %s))'
                 % (fmt(x), fmt(y), uid("junction", n)))
    o.append('')
    for n, (name, x, y, a) in enumerate(labels):
        just = "right bottom" if a == 180 else "left bottom"
        o.append('  (label %s (at %s %s %d) (effects (font (size 1.27 1.27)) (justify %s)) (uuid %s))'
                 % (q(name), fmt(x), fmt(y), a, just, uid("label", n, name)))
    o.append('')
    for n, (t, x, y, size) in enumerate(texts):
        o.append('  (text %s (at %s %s 0) (effects (font (size %s %s)) (justify left bottom)) (uuid %s))'
                 % (q(t), fmt(x), fmt(y), fmt(size), fmt(size), uid("text", n)))
    o.append('')
    for p in parts:
        s = SYMBOLS[p["lib"]]
        hide_ref = " hide" if s.get("power") else ""
        o.append('  (symbol (lib_id %s) (at %s %s 0) (unit 1)' % (q(LIB + ":" + p["lib"]), fmt(p["x"]), fmt(p["y"])))
        o.append('    (in_bom %s) (on_board yes) (fields_autoplaced)' % ("no" if s.get("power") else "yes"))
        o.append('    (uuid %s)' % uid("part", p["ref"]))
        o.append('    (property "Reference" %s (id 0) (at %s %s 0) (effects (font (size 1.27 1.27)) (justify left)%s))'
                 % (q(p["ref"]), fmt(p["x"] + 2.54), fmt(p["y"] - 1.27), hide_ref))
        o.append('    (property "Value" %s (id 1) (at %s %s 0) (effects (font (size 1.27 1.27)) (justify left)))'
                 % (q(p["value"]), fmt(p["x"] + 2.54), fmt(p["y"] + 1.27 if not s.get("power") else p["y"] + 3.81)))
        o.append('    (property "Footprint" %s (id 2) (at %s %s 0) (effects (font (size 1.27 1.27)) hide))'
                 % (q(p["fp"]), fmt(p["x"]), fmt(p["y"])))
        o.append('    (property "Datasheet" "~" (id 3) (at %s %s 0) (effects (font (size 1.27 1.27)) hide))'
                 % (fmt(p["x"]), fmt(p["y"])))
        for pin in s["pins"]:
            o.append('    (pin %s (uuid %s))' % (q(pin[5]), uid("pin", p["ref"], pin[5])))
        o.append('  )')
    o.append('')
    o.append('  (sheet_instances')
    o.append('    (path "/" (page "1"))')
    o.append('  )')
    o.append('')
    o.append('  (symbol_instances')
    for p in sorted(parts, key=lambda p: p["ref"]):
        o.append('    (path "/%s" (reference %s) (unit 1) (value %s) (footprint %s))'
                 % (uid("part", p["ref"]), q(p["ref"]), q(p["value"]), q(p["fp"])))
    o.append('  )')
    o.append(')')
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


# ---------------------------------------------------------------------------------------
# SVG picture of the same sheet (for the README), then PNG via rsvg-convert if present.
# ---------------------------------------------------------------------------------------
NET_COLOR = {"LED_ROW": "#1f5fbf", "LED_C": "#c0392b", "KEY": "#1e8449"}


def net_color(name):
    for k, v in NET_COLOR.items():
        if name.startswith(k):
            return v
    return "#555555"


def write_svg(path):
    S = 4.0  # px per mm
    X0, Y0, X1, Y1 = 12, 12, 372, 160
    W, H = (X1 - X0) * S, (Y1 - Y0) * S
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
         % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<g font-family="DejaVu Sans, sans-serif">']

    def P(x, y):
        return (x - X0) * S, (y - Y0) * S

    for (x1, y1, x2, y2) in wires:
        a, b = P(x1, y1)
        c, d = P(x2, y2)
        o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#2a7d2a" stroke-width="1.6"/>' % (a, b, c, d))
    for (x, y) in junctions:
        a, b = P(x, y)
        o.append('<circle cx="%.1f" cy="%.1f" r="3" fill="#2a7d2a"/>' % (a, b))
    for p in parts:
        s = SYMBOLS[p["lib"]]

        def T(x, y):
            return P(p["x"] + x, p["y"] - y)
        for g in s["gfx"]:
            if g[0] == "rect":
                a, b = T(g[1], g[4])
                c, d = T(g[3], g[2])
                o.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#fffbe6" stroke="#8b0000" stroke-width="1.4"/>'
                         % (a, b, c - a, d - b))
            elif g[0] == "circle":
                a, b = T(g[1], g[2])
                o.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#8b0000" stroke-width="1.4"/>'
                         % (a, b, g[3] * S))
            else:
                pts = " ".join("%.1f,%.1f" % T(x, y) for x, y in g[1])
                o.append('<polyline points="%s" fill="%s" stroke="#8b0000" stroke-width="1.4"/>'
                         % (pts, "#8b0000" if g[2] else "none"))
        for (x, y, a, ln, pname, num, kind) in s["pins"]:
            dx, dy = {0: (1, 0), 180: (-1, 0), 90: (0, 1), 270: (0, -1)}[a]
            ax, ay = T(x, y)
            bx, by = T(x + dx * ln, y + dy * ln)
            o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#8b0000" stroke-width="1.4"/>'
                     % (ax, ay, bx, by))
            if p["lib"] == "Arduino_Uno_Shield":
                anchor = "start" if a == 0 else "end"
                tx = bx + (5 if a == 0 else -5)
                o.append('<text x="%.1f" y="%.1f" font-size="9" text-anchor="%s">%s</text>'
                         % (tx, by + 3, anchor, pname))
        if s.get("power"):
            a, b = T(0, 0)
            o.append('<text x="%.1f" y="%.1f" font-size="8" text-anchor="middle">%s</text>'
                     % (a, b + (16 if p["lib"] == "GND" else -12), p["value"]))
        else:
            a, b = P(p["x"] + 2.6, p["y"] - 1.0)
            big = p["lib"] == "Arduino_Uno_Shield"
            if big:
                a, b = P(p["x"] - 7, p["y"] - 22)
            if p["lib"] == "Q_NMOS_SGD":
                a, b = P(p["x"] + 5, p["y"] - 0.5)
            o.append('<text x="%.1f" y="%.1f" font-size="%d" font-weight="bold">%s</text>'
                     % (a, b, 11 if big else 8, p["ref"]))
            if p["lib"] not in ("SW_Push",):
                val = "Arduino Uno R3" if big else p["value"]
                a, b = P(p["x"] + 2.6, p["y"] + 2.6) if not big else P(p["x"] - 7, p["y"] + 24)
                if p["lib"] == "LED_Bicolor_CC":
                    a, b = P(p["x"] - 4, p["y"] + 8.5)
                if p["lib"] == "Q_NMOS_SGD":
                    a, b = P(p["x"] + 5, p["y"] + 3)
                o.append('<text x="%.1f" y="%.1f" font-size="8" fill="#444">%s</text>' % (a, b, val))
    for (name, x, y, a) in labels:
        px, py = P(x, y)
        anchor = "end" if a == 180 else "start"
        off = -2 if a == 180 else 2
        o.append('<text x="%.1f" y="%.1f" font-size="8.5" text-anchor="%s" fill="%s">%s</text>'
                 % (px + off, py - 2, anchor, net_color(name), name))
    for (t, x, y, size) in texts:
        px, py = P(x, y)
        o.append('<text x="%.1f" y="%.1f" font-size="%.1f">%s</text>' % (px, py, size * S * 1.1, t))
    o.append('</g></svg>')
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def write_bom(path):
    groups = {}
    for p in parts:
        if p["desc"] is None:
            continue
        key = (p["lib"], p["value"] if p["lib"] != "SW_Push" else "6x6 mm", p["desc"].split(" (cell")[0], p["pn"], p["fp"])
        groups.setdefault(key, []).append(p["ref"])

    def refkey(r):
        head = r.rstrip("0123456789")
        return (head, int(r[len(head):]))
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["ref", "qty", "value", "description", "typical part number", "footprint"])
        for key in sorted(groups, key=lambda k: refkey(sorted(groups[k], key=refkey)[0])):
            refs = sorted(groups[key], key=refkey)
            w.writerow([" ".join(refs), len(refs), key[1], key[2], key[3], key[4]])


def write_pins(path):
    rows = []
    for uno, net in UNO_NET.items():
        mcu = UNO_MCU[uno]
        i = int(net[-1]) if net[-1].isdigit() else int(net[5])
        if net.startswith("LED_ROW"):
            fn = FUNCTION["LED_ROW"].format(i=i, a=3 * i + 1, b=3 * i + 3)
        elif net.startswith("LED_C"):
            fn = FUNCTION["LED_C_" + net[-1]].format(i=int(net[5]))
        elif net.startswith("KEY_ROW"):
            fn = FUNCTION["KEY_ROW"].format(i=i)
        else:
            fn = FUNCTION["KEY_COL"].format(i=i, p=8 + int(mcu[-1]))
        rows.append((uno, mcu, net, fn))
    order = lambda r: (r[0][0], int(r[0][1:]))
    with open(path, "w") as f:
        f.write("# Shield r1 pin table\n\n")
        f.write("Generated by `schematics/gen_schematic.py`; `make test-hal-schematic` checks it\n"
                "and the schematic against `board/uno_shield_r1/pins.h`.\n\n")
        f.write("| Uno pin | MCU pin | net | function |\n|---|---|---|---|\n")
        for r in sorted(rows, key=order):
            f.write("| %s | %s | %s | %s |\n" % r)
        f.write("| D0 | PD0 | - | RXD, USB serial (kept free) |\n")
        f.write("| D1 | PD1 | - | TXD, USB serial (kept free) |\n")
        f.write("| D11-D13 | PB3-PB5 | - | free (ISP header MOSI/MISO/SCK) |\n")
        f.write("| 5V | VCC | +5V | LED anodes via the MCU pins, pull-downs |\n")
        f.write("| GND | GND | GND | MOSFET sources, pull-downs |\n")


def main():
    build()
    write_kicad(os.path.join(HERE, "ttt-shield.kicad_sch"))
    write_bom(os.path.join(HERE, "bom.csv"))
    write_pins(os.path.join(HERE, "pins.md"))
    svg = os.path.join(HERE, "ttt-shield.svg")
    write_svg(svg)
    conv = shutil.which("rsvg-convert")
    if conv:
        subprocess.run([conv, "-o", os.path.join(HERE, "ttt-shield.png"), svg], check=True)
    else:
        print("gen_schematic: rsvg-convert not found (Debian: librsvg2-bin); PNG not updated",
              file=sys.stderr)
    print("gen_schematic: %d parts, %d wires, %d labels" % (len(parts), len(wires), len(labels)))


if __name__ == "__main__":
    main()
