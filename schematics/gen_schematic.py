#!/usr/bin/env python3
"""schematics/gen_schematic.py - writes the shield's KiCad 9 schematic and its pin table
from ONE description (the tables below), using KiCad's stock library symbols as vendored
in schematics/lib/ (update_libs.py, `make kicad-update-libs`).

  python3 schematics/gen_schematic.py [--out DIR]     writes into DIR (default: here)
      ttt-shield.kicad_sch   KiCad 9 schematic; the stock symbols it uses are copied
                             verbatim from KiCad's libraries into its lib_symbols
      pins.md                Uno pin table

Invariants: the MCU nets carry the names of board/uno_shield_r1/pins.h (the pin-map
test, check_pinmap.py, joins both); every unused Uno pin has a no-connect flag; GND
has a PWR_FLAG (+5V is driven by the Uno symbol's power_out pin). UUIDs come from
uuid5 of names, so the output depends only on this file and the vendored libraries:
each symbol is read from the file the project's sym-lib-table names for its library
(schematics/lib/symbols/), never from the KiCad libraries installed on the machine.
Standard library only.
"""
import argparse
import os
import uuid

import libtable
import sexpr

HERE = os.path.dirname(os.path.abspath(__file__))
# None: symbols come from the project's sym-lib-table. update_libs.py sets a folder of
# stock <lib>.kicad_sym files here to learn which symbols the description uses.
SYMBOL_DIR = None
PROJECT = "ttt-shield"
NS = uuid.UUID("6f1c2d7e-0b1a-4c55-9a43-7c3e5b9d2a10")


def uid(*parts):
    return str(uuid.uuid5(NS, "/".join(str(p) for p in parts)))


SHEET_UUID = uid("sheet")


def fmt(v):
    s = ("%.4f" % v).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


# ---------------------------------------------------------------------------------------
# Parts: one row per part. Footprints are KiCad's stock ones; the MPN is the one part the
# footprint was checked against (schematics/README.md, "Parts").
# ---------------------------------------------------------------------------------------
FP = {
    "R": "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P2.54mm_Vertical",
    "D": "Diode_THT:D_DO-35_SOD27_P2.54mm_Vertical_AnodeUp",
    "SW": "Button_Switch_THT:SW_PUSH_6mm",
    "LED": "LED_THT:LED_D5.0mm-3",
    "Q": "Package_TO_SOT_THT:TO-92_Inline",
    "J": "Module:Arduino_UNO_R3_WithMountingHoles",
}
R_RED, R_GREEN, R_GATE, R_PULL = "270", "180", "100", "100k"
MPN = {  # value -> (manufacturer, MPN, description)
    R_RED: ("Yageo", "MFR-25FBF52-270R", "resistor 270 R 1 % 1/4 W, red column"),
    R_GREEN: ("Yageo", "MFR-25FBF52-180R", "resistor 180 R 1 % 1/4 W, green column"),
    R_GATE: ("Yageo", "MFR-25FBF52-100R", "resistor 100 R 1 % 1/4 W, MOSFET gate"),
    R_PULL: ("Yageo", "MFR-25FBF52-100K", "resistor 100 k 1 % 1/4 W, gate pull-down"),
    "1N4148": ("onsemi", "1N4148", "switching diode DO-35, one per key"),
    "L-59EGW": ("Kingbright", "L-59EGW", "5 mm bi-color LED red/green, common cathode"),
    "2N7000": ("onsemi", "2N7000", "N-MOSFET 60 V 200 mA TO-92 (S-G-D), row switch"),
    "B3F-1000": ("Omron", "B3F-1000", "tactile switch 6x6 mm THT"),
    "Arduino_UNO_R3": ("Samtec", "TSW-108-07-G-S (x2), TSW-110-07-G-S, TSW-106-07-G-S",
                       "Uno R3 header pins, 2.54 mm male: 1x8 (x2), 1x10, 1x6, fitted from below"),
}

# Uno header pin -> net. Must agree with board/uno_shield_r1/pins.h (check_pinmap.py).
UNO_NET = {
    "D2": "LED_C0_R", "D3": "LED_C0_G", "D4": "LED_C1_R", "D5": "LED_C1_G",
    "D6": "LED_C2_R", "D7": "LED_C2_G",
    "D8": "LED_ROW0", "D9": "LED_ROW1", "D10": "LED_ROW2",
    "A0": "KEY_COL0", "A1": "KEY_COL1", "A2": "KEY_COL2",
    "A3": "KEY_ROW0", "A4": "KEY_ROW1", "A5": "KEY_ROW2",
}
# Uno pins the shield leaves alone (each gets a no-connect flag). SDA/SCL (31/32) are
# A4/A5 again on the Uno board itself: the shield uses them through A4/A5 only.
UNO_UNUSED = ["D0", "D1", "D11", "D12", "D13", "RESET", "IOREF", "AREF", "3V3", "VIN",
              "SDA", "SCL"]
UNO_MCU = {**{"D%d" % i: "PD%d" % i for i in range(8)},
           **{"D%d" % (8 + i): "PB%d" % i for i in range(6)},
           **{"A%d" % i: "PC%d" % i for i in range(6)}}


def uno_name(symbol_pin_name, number):
    """The Uno pin name printed on the board for a pin of MCU_Module:Arduino_UNO_R3."""
    if number == "31":
        return "SDA"
    if number == "32":
        return "SCL"
    n = symbol_pin_name.replace("~{RESET}", "RESET")
    return n.split("/")[-1] if "/" in n and not n.startswith("D") else n.split("/")[0]


FUNCTION = {
    "LED_ROW": "LED row {i} (cells {a}-{b}): gate of low-side N-MOSFET Q{q}, active high",
    "LED_C_R": "LED column {i} red anodes via 270 R, active high",
    "LED_C_G": "LED column {i} green anodes via 180 R, active high",
    "KEY_ROW": "key drive row {i}: low when scanned, else hi-Z",
    "KEY_COL": "key sense column {i}: input with pull-up, PCINT{p} wakes",
}


# ---------------------------------------------------------------------------------------
# Library symbols
# ---------------------------------------------------------------------------------------
class LibSymbol:
    def __init__(self, lib, name):
        if SYMBOL_DIR is None:
            path = libtable.resolve("symbol", lib)
        else:
            path = os.path.join(SYMBOL_DIR, lib + ".kicad_sym")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.find('\n\t(symbol "%s"' % name)
        if start < 0:
            raise SystemExit("gen_schematic: %s:%s not found in %s (a new part? make "
                             "kicad-update-libs vendors it)" % (lib, name, path))
        raw = sexpr.raw_block(text, start + 2)
        self.lib_id = lib + ":" + name
        self.text = raw.replace('(symbol "%s"' % name, '(symbol "%s"' % self.lib_id, 1)
        node = sexpr.parse(raw)
        if sexpr.first(node, "extends"):
            raise SystemExit("gen_schematic: derived symbol %s is not supported" % self.lib_id)
        self.node = node
        self.props = sexpr.props(node)
        self.power = sexpr.first(node, "power") is not None
        self.flags = {k: sexpr.first(node, k)[1] for k in ("in_bom", "on_board", "exclude_from_sim")
                      if sexpr.first(node, k)}
        self.pins = []  # (x, y, angle, name, number, type)
        for pin in sexpr.walk(node, "pin"):
            at = sexpr.first(pin, "at")
            self.pins.append((float(at[1]), float(at[2]), int(float(at[3])),
                              sexpr.first(pin, "name")[1], sexpr.first(pin, "number")[1], pin[1]))
        self.prop_at = {}
        for p in sexpr.items(node, "property"):
            at = sexpr.first(p, "at")
            eff = sexpr.first(p, "effects")
            hidden = bool(eff and (["hide", "yes"] in eff or "hide" in eff)) or bool(
                sexpr.first(p, "hide") and sexpr.first(p, "hide")[1] == "yes")
            self.prop_at[p[1]] = (float(at[1]), float(at[2]), int(float(at[3])), hidden)

    def embedded(self):
        return "\n".join("\t" + line for line in self.text.splitlines())


LIBS = {}


def lib(lib_id):
    if lib_id not in LIBS:
        LIBS[lib_id] = LibSymbol(*lib_id.split(":"))
    return LIBS[lib_id]


def rotate(px, py, rot):
    """Symbol coordinates (y up) rotated counter-clockwise by rot degrees."""
    for _ in range((rot // 90) % 4):
        px, py = -py, px
    return px, py


# ---------------------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------------------
parts = []      # dict(ref, lib_id, x, y, rot, value, fp, mpn)
wires = []      # (x1, y1, x2, y2)
labels = []     # (name, x, y, angle)
no_connects = []
junctions = []
texts = []      # (text, x, y, size)
power_count = [0]


def place(ref, lib_id, x, y, value, rot=0, fp="", mpn=None):
    lib(lib_id)
    p = {"ref": ref, "lib_id": lib_id, "x": x, "y": y, "rot": rot, "value": value,
         "fp": fp, "mpn": mpn}
    parts.append(p)
    return p


def pin_point(part, key):
    """Sheet coordinates (y down) and outward direction of a pin given by name or number."""
    s = lib(part["lib_id"])
    for (px, py, ang, name, num, _t) in s.pins:
        if key in (name, num):
            rx, ry = rotate(px, py, part["rot"])
            out = {0: (-1, 0), 90: (0, -1), 180: (1, 0), 270: (0, 1)}[(ang + part["rot"]) % 360]
            # out is in symbol orientation (y up): flip y for the sheet
            return part["x"] + rx, part["y"] - ry, (out[0], -out[1])
    raise KeyError((part["ref"], key))


def stub_label(part, pin, net, length=2.54):
    x, y, (dx, dy) = pin_point(part, pin)
    x2, y2 = x + dx * length, y + dy * length
    wires.append((x, y, x2, y2))
    angle = {(-1, 0): 180, (1, 0): 0, (0, -1): 90, (0, 1): 270}[(dx, dy)]
    labels.append((net, x2, y2, angle))


def power_symbol(kind, x, y, rot=0):
    power_count[0] += 1
    prefix = "#FLG" if kind == "PWR_FLAG" else "#PWR"
    return place("%s%02d" % (prefix, power_count[0]), "power:" + kind, x, y, kind, rot)


def power_stub(part, pin, kind, length=2.54):
    x, y, (dx, dy) = pin_point(part, pin)
    x2, y2 = x + dx * length, y + dy * length
    wires.append((x, y, x2, y2))
    power_symbol(kind, x2, y2)


def no_connect(part, pin):
    x, y, _ = pin_point(part, pin)
    no_connects.append((x, y))


def build():
    # The Uno: stock symbol, whose pin numbers are the stock footprint's pad numbers.
    j1 = place("J1", "MCU_Module:Arduino_UNO_R3", 50.8, 101.6, "Arduino_UNO_R3", 0, FP["J"],
               "Arduino_UNO_R3")
    s = lib(j1["lib_id"])
    by_uno = {}
    for (_x, _y, _a, name, num, _t) in s.pins:
        by_uno.setdefault(uno_name(name, num), []).append(num)
    for uno, net in UNO_NET.items():
        stub_label(j1, by_uno[uno][0], net)
    for uno in UNO_UNUSED:
        for num in by_uno[uno]:
            no_connect(j1, num)
    power_stub(j1, "5", "+5V")
    # The three GND pins join below the symbol; one GND symbol and the PWR_FLAG there.
    pts = [pin_point(j1, n)[:2] for n in ("29", "6", "7")]
    yb = pts[0][1] + 2.54
    for (x, y) in pts:
        wires.append((x, y, x, yb))
    wires.append((pts[0][0], yb, pts[1][0], yb))
    wires.append((pts[1][0], yb, pts[2][0], yb))
    junctions.append((pts[1][0], yb))
    power_symbol("GND", pts[1][0], yb)
    wires.append((pts[0][0], yb, pts[0][0] - 5.08, yb))
    junctions.append((pts[0][0], yb))
    power_symbol("PWR_FLAG", pts[0][0] - 5.08, yb)

    # Column resistors: MCU net on top, anode bus below.
    for c in range(3):
        for k, (col, val) in enumerate((("R", R_RED), ("G", R_GREEN))):
            r = place("R%d" % (1 + 2 * c + k), "Device:R", 101.6 + 12.7 * (2 * c + k), 50.8,
                      val, 0, FP["R"], val)
            stub_label(r, "1", "LED_C%d_%s" % (c, col))
            stub_label(r, "2", "LED_A%d_%s" % (c, col))

    # LED matrix: cell i = 3 row + column; anodes on the column buses, cathodes on the row.
    # Symbol pin A1 (1) is the red die, A2 (3) the green die, K (2) the common cathode.
    for rr in range(3):
        for c in range(3):
            i = 3 * rr + c
            led = place("LED%d" % (i + 1), "Device:LED_Dual_AKA", 119.38 + 33.02 * c,
                        83.82 + 20.32 * rr, "L-59EGW", 0, FP["LED"], "L-59EGW")
            stub_label(led, "A1", "LED_A%d_R" % c)
            stub_label(led, "A2", "LED_A%d_G" % c)
            stub_label(led, "K", "LED_K%d" % rr)

    # Row switches: low-side N-MOSFET per row, gate resistor and pull-down.
    for rr in range(3):
        y = 81.28 + 25.4 * rr
        q = place("Q%d" % (rr + 1), "Transistor_FET:2N7000", 238.76, y, "2N7000", 0, FP["Q"],
                  "2N7000")
        stub_label(q, "D", "LED_K%d" % rr)
        xs, ys, _ = pin_point(q, "S")
        power_symbol("GND", xs, ys)
        rg = place("R%d" % (7 + rr), "Device:R", 220.98, y, R_GATE, 90, FP["R"], R_GATE)
        stub_label(rg, "2", "LED_ROW%d" % rr)  # rotated 90: pin 2 on the left
        xg, yg, _ = pin_point(rg, "1")
        xq, yq, _ = pin_point(q, "G")
        assert abs(yg - yq) < 1e-6, "gate resistor and gate must line up"
        xp = xg + 3.81
        rp = place("R%d" % (10 + rr), "Device:R", xp, yq + 6.35, R_PULL, 0, FP["R"], R_PULL)
        x1, y1, _ = pin_point(rp, "1")
        x2, y2, _ = pin_point(rp, "2")
        wires.extend([(xg, yq, xp, yq), (xp, yq, xq, yq), (xp, yq, x1, y1)])
        junctions.append((xp, yq))
        power_symbol("GND", x2, y2)

    # Key matrix: switch from the sense column to a 1N4148, cathode on the drive row.
    for rr in range(3):
        for c in range(3):
            i = 3 * rr + c
            xs, ys = 279.4 + 35.56 * c, 78.74 + 20.32 * rr
            sw = place("SW%d" % (i + 1), "Switch:SW_Push", xs, ys, "B3F-1000", 0, FP["SW"],
                       "B3F-1000")
            d = place("D%d" % (i + 1), "Device:D", xs + 11.43, ys, "1N4148", 180, FP["D"],
                      "1N4148")
            stub_label(sw, "1", "KEY_COL%d" % c)
            xa, ya, _ = pin_point(d, "A")
            x2, y2, _ = pin_point(sw, "2")
            wires.append((x2, y2, xa, ya))
            stub_label(d, "K", "KEY_ROW%d" % rr)

    texts.append(("Tic-tac-toe shield r1: Arduino Uno R3 shield, 3x3 keys with bi-color LEDs",
                  25.4, 30.48, 2.54))
    texts.append(("Generated by schematics/gen_schematic.py from the stock KiCad 9 libraries; "
                  "the MCU nets are the names in board/uno_shield_r1/pins.h.", 25.4, 35.56, 1.524))
    texts.append(("LED matrix: 3 rows x 6 colour columns, one row lit at a time (1/3 duty).\n"
                  "Red 270 R ~10 mA peak, green 180 R ~14 mA peak (schematics/README.md).",
                  101.6, 38.1, 1.524))
    texts.append(("Row switches: low-side 2N7000 (onsemi, TO-92 S-G-D).\n"
                  "100 k pull-downs keep the rows dark while the MCU is in reset.",
                  208.28, 63.5, 1.524))
    texts.append(("Key matrix: one 1N4148 per key, rows driven low one at a time,\n"
                  "columns read with the MCU's pull-ups: no ghosting, no masking.",
                  271.78, 63.5, 1.524))
    texts.append(("SDA/SCL (31/32) are A4/A5 on the Uno board; D0/D1 stay free for USB serial,\n"
                  "D11-D13 for the ICSP/ISP signals.", 25.4, 152.4, 1.524))


# ---------------------------------------------------------------------------------------
# KiCad 9 writer
# ---------------------------------------------------------------------------------------
def effects(size=1.27, justify=None, hide=False):
    j = " (justify %s)" % justify if justify else ""
    h = " (hide yes)" if hide else ""
    return "(effects (font (size %s %s))%s%s)" % (fmt(size), fmt(size), j, h)


def symbol_instance(p):
    s = lib(p["lib_id"])
    out = ["\t(symbol", "\t\t(lib_id %s)" % q(p["lib_id"]),
           "\t\t(at %s %s %d)" % (fmt(p["x"]), fmt(p["y"]), p["rot"]), "\t\t(unit 1)"]
    for k in ("exclude_from_sim", "in_bom", "on_board"):
        out.append("\t\t(%s %s)" % (k, s.flags.get(k, "yes" if k != "exclude_from_sim" else "no")))
    out.append("\t\t(dnp no)")
    out.append("\t\t(uuid %s)" % q(uid("part", p["ref"])))
    fields = {"Reference": p["ref"], "Value": p["value"], "Footprint": p["fp"],
              "Datasheet": s.props.get("Datasheet", "~"),
              "Description": s.props.get("Description", "")}
    if p["mpn"]:
        man, mpn, desc = MPN[p["mpn"]]
        fields.update({"Manufacturer": man, "MPN": mpn, "Description": desc})
    for name, value in fields.items():
        lx, ly, la, hidden = s.prop_at.get(name, (0, 0, 0, True))
        if name in ("Manufacturer", "MPN"):
            hidden = True
        if s.power and name == "Reference":
            hidden = True
        rx, ry = rotate(lx, ly, p["rot"])
        angle = (la + p["rot"]) % 180
        out.append("\t\t(property %s %s (at %s %s %d) %s)" % (
            q(name), q(value), fmt(p["x"] + rx), fmt(p["y"] - ry), angle, effects(hide=hidden)))
    for num in sorted({pin[4] for pin in s.pins}, key=lambda n: (len(n), n)):
        out.append("\t\t(pin %s (uuid %s))" % (q(num), q(uid("pin", p["ref"], num))))
    out.append("\t\t(instances (project %s (path %s (reference %s) (unit 1))))" % (
        q(PROJECT), q("/" + SHEET_UUID), q(p["ref"])))
    out.append("\t)")
    return "\n".join(out)


def write_kicad(path):
    o = ["(kicad_sch", "\t(version 20250114)", '\t(generator "eeschema")',
         '\t(generator_version "9.0")', "\t(uuid %s)" % q(SHEET_UUID), '\t(paper "A3")',
         "\t(title_block", '\t\t(title "Tic-tac-toe shield")', '\t\t(rev "r1")',
         '\t\t(company "board/uno_shield_r1")',
         '\t\t(comment 1 "Generated by schematics/gen_schematic.py - edit the script, not this file")',
         '\t\t(comment 2 "Pin map checked against board/uno_shield_r1/pins.h by make test-kicad-pinmap")',
         "\t)", "\t(lib_symbols"]
    for lib_id in sorted(LIBS):
        o.append(LIBS[lib_id].embedded())
    o.append("\t)")
    for n, (x, y) in enumerate(junctions):
        o.append("\t(junction (at %s %s) (diameter 0) (color 0 0 0 0) (uuid %s))"
                 % (fmt(x), fmt(y), q(uid("junction", n))))
    for n, (x, y) in enumerate(no_connects):
        o.append("\t(no_connect (at %s %s) (uuid %s))" % (fmt(x), fmt(y), q(uid("nc", n))))
    for n, (x1, y1, x2, y2) in enumerate(wires):
        o.append("\t(wire (pts (xy %s %s) (xy %s %s)) (stroke (width 0) (type default)) (uuid %s))"
                 % (fmt(x1), fmt(y1), fmt(x2), fmt(y2), q(uid("wire", n))))
    for n, (name, x, y, a) in enumerate(labels):
        just = {0: "left bottom", 90: "left bottom", 180: "right bottom", 270: "right bottom"}[a]
        o.append("\t(label %s (at %s %s %d) (fields_autoplaced yes) %s (uuid %s))"
                 % (q(name), fmt(x), fmt(y), a, effects(justify=just), q(uid("label", n, name))))
    for n, (t, x, y, size) in enumerate(texts):
        o.append("\t(text %s (exclude_from_sim no) (at %s %s 0) %s (uuid %s))"
                 % (q(t), fmt(x), fmt(y), effects(size, "left bottom"), q(uid("text", n))))
    for p in parts:
        o.append(symbol_instance(p))
    o.append('\t(sheet_instances (path "/" (page "1")))')
    o.append("\t(embedded_fonts no)")
    o.append(")")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")


def write_pins(path):
    rows = []
    for uno, net in UNO_NET.items():
        mcu = UNO_MCU[uno]
        i = int(net[-1]) if net[-1].isdigit() else int(net[5])
        if net.startswith("LED_ROW"):
            fn = FUNCTION["LED_ROW"].format(i=i, a=3 * i + 1, b=3 * i + 3, q=i + 1)
        elif net.startswith("LED_C"):
            fn = FUNCTION["LED_C_" + net[-1]].format(i=int(net[5]))
        elif net.startswith("KEY_ROW"):
            fn = FUNCTION["KEY_ROW"].format(i=i)
        else:
            fn = FUNCTION["KEY_COL"].format(i=i, p=8 + int(mcu[-1]))
        rows.append((uno, mcu, net, fn))
    order = lambda r: (r[0][0], int(r[0][1:]))
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Shield r1 pin table\n\n")
        f.write("Generated by `schematics/gen_schematic.py` with the schematic (`make\n"
                "test-kicad-generated` keeps both equal to the generator's output);\n"
                "`make test-kicad-pinmap` checks the schematic and the PCB against\n"
                "`board/uno_shield_r1/pins.h`.\n\n")
        f.write("| Uno pin | MCU pin | net | function |\n|---|---|---|---|\n")
        for r in sorted(rows, key=order):
            f.write("| %s | %s | %s | %s |\n" % r)
        f.write("| D0, D1 | PD0, PD1 | - | USB serial RXD/TXD (kept free) |\n")
        f.write("| D11-D13 | PB3-PB5 | - | free: ISP MOSI/MISO/SCK, the Uno's L LED on D13 |\n")
        f.write("| SDA, SCL | PC4, PC5 | - | the same signals as A4/A5 on the Uno: KEY_ROW1/2 |\n")
        f.write("| 5V | VCC | +5V | not used by the shield's parts |\n")
        f.write("| GND (3 pins) | GND | GND | MOSFET sources, gate pull-downs |\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: schematics/)")
    args = ap.parse_args()
    build()
    os.makedirs(args.out, exist_ok=True)
    write_kicad(os.path.join(args.out, PROJECT + ".kicad_sch"))
    write_pins(os.path.join(args.out, "pins.md"))
    print("gen_schematic: %d symbols, %d wires, %d labels, %d no-connects"
          % (len(parts), len(wires), len(labels), len(no_connects)))


if __name__ == "__main__":
    main()
