"""schematics/gen/schematic.py - writes the shield's KiCad 9 schematic and its pin table
from the circuit (circuit.py: every pin's net) and the part data (../parts.json), using
KiCad's stock library symbols as vendored in schematics/lib/ (update_libs.py).

  python3 -m schematics.gen.schematic [--out DIR]   writes into DIR (default: schematics/)
      ttt-shield.kicad_sch   KiCad 9 schematic; the stock symbols it uses are copied
                             verbatim from KiCad's libraries into its lib_symbols
      pins.md                Uno pin table

Invariants: every pin is drawn on the net circuit.py gives it (a label, a power symbol,
or a wire to a neighbouring pin of the same net), so KiCad's netlist equals circuit.py
(tests/shield/check_intent.py proves it); the MCU nets carry the names of
board/uno_shield_r3/pins.h; every unused Uno pin has a no-connect flag; GND has a
PWR_FLAG (+5V is driven by the Uno symbol's power_out pin); the parts carry KiCad's
Sim.* fields, so KiCad's SPICE export simulates (spice/models.lib). UUIDs come from
uuid5 of names, so the output depends only on the inputs named here and the vendored
libraries (read through the project's sym-lib-table, never the installed KiCad).
Standard library only; nothing happens at import time.
"""
import argparse
import os
import uuid

from schematics.gen import board, circuit, libtable, sexpr
from schematics.gen import parts as partdata

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # schematics/
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


FUNCTION = {
    "LED_ROW": "LED row {i} (cells {a}-{b}): gate of low-side N-MOSFET Q{q} via 100 R, active high",
    "LED_C_R": "LED column {i} red anodes via {r}, active high",
    "LED_C_G": "LED column {i} green anodes via {r}, active high",
    "KEY_ROW": "key drive row {i}: low when scanned, else hi-Z",
    "KEY_COL": "key sense column {i}: input with pull-up, PCINT{p} wakes",
    "SOUND": "sounder: piezo BZ1 via 1 k (R13), toggled by Timer2 (OC2A); also ISP MOSI",
}
# The SPICE models of the parts (KiCad's Sim.* fields; the cards and their sources are
# in spice/models.lib): what `kicad-cli sch export netlist --format spice` writes out.
SIM = {
    "Device:LED_Dual_AKA": {"Sim.Library": "spice/models.lib", "Sim.Name": "XLA524SURUGC",
                            "Sim.Device": "SUBCKT", "Sim.Pins": "1=A1 2=K 3=A2"},
    "Transistor_FET:2N7000": {"Sim.Library": "spice/models.lib", "Sim.Name": "Q2N7000",
                              "Sim.Device": "SUBCKT", "Sim.Pins": "1=S 2=G 3=D"},
    "Device:D": {"Sim.Library": "spice/models.lib", "Sim.Name": "D1N4148",
                 "Sim.Device": "D", "Sim.Pins": "1=K 2=A"},
    # A key is a resistor: released its insulation, pressed its contact resistance
    # (the proofs set each key's value); Omron B3F: >= 100 M, <= 100 m.
    "Switch:SW_Push": {"Sim.Device": "R", "Sim.Pins": "1=+ 2=-", "Sim.Params": "r=100Meg"},
    # The piezo is its capacitance (parts.json's datasheet figure; the proofs alter it to
    # both ends of its tolerance): the pin sees nothing else below the resonance.
    "Device:Buzzer": {"Sim.Device": "C", "Sim.Pins": "1=+ 2=-",
                      "Sim.Params": "c={capacitance_nf}n"},
}


def uno_name(symbol_pin_name, number):
    """The Uno pin name printed on the board for a pin of MCU_Module:Arduino_UNO_R3."""
    if number == "31":
        return "SDA"
    if number == "32":
        return "SCL"
    n = symbol_pin_name.replace("~{RESET}", "RESET")
    return n.split("/")[-1] if "/" in n and not n.startswith("D") else n.split("/")[0]


def uno_pins():
    """{Uno pin name: [J1 pin numbers]} of the stock Arduino symbol."""
    out = {}
    for (_x, _y, _a, name, num, _t) in lib("MCU_Module:Arduino_UNO_R3").pins:
        out.setdefault(uno_name(name, num), []).append(num)
    return out


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
            raise SystemExit("schematic: %s:%s not found in %s (a new part? make "
                             "kicad-update-libs vendors it)" % (lib, name, path))
        raw = sexpr.raw_block(text, start + 2)
        self.lib_id = lib + ":" + name
        self.text = raw.replace('(symbol "%s"' % name, '(symbol "%s"' % self.lib_id, 1)
        node = sexpr.parse(raw)
        if sexpr.first(node, "extends"):
            raise SystemExit("schematic: derived symbol %s is not supported" % self.lib_id)
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
            just = sexpr.first(eff, "justify") if eff else None
            self.prop_at[p[1]] = (float(at[1]), float(at[2]), int(float(at[3])), hidden,
                                  " ".join(just[1:]) if just else None)

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
# The sheet: filled by build(), from circuit.py (what is connected) and parts.json (what
# each part is); the coordinates below are only where things are drawn.
# ---------------------------------------------------------------------------------------
parts = []      # dict(ref, lib_id, x, y, rot, value, line)
wires = []      # (x1, y1, x2, y2)
labels = []     # (name, x, y, angle)
no_connects = []
junctions = []
texts = []      # (text, x, y, size)
power_count = [0]
PART_DATA = {}  # ref -> parts.json line


def reset():
    for lst in (parts, wires, labels, no_connects, junctions, texts):
        del lst[:]
    power_count[0] = 0
    PART_DATA.clear()
    PART_DATA.update(partdata.by_ref(partdata.load()))


def place(ref, lib_id, x, y, rot=0):
    lib(lib_id)
    line = PART_DATA.get(ref)
    if line is None and not ref.startswith("#"):
        raise SystemExit("schematic: %s is not in parts.json" % ref)
    if line is not None and line["symbol"] != lib_id:
        raise SystemExit("schematic: %s is %s in parts.json, drawn as %s"
                         % (ref, line["symbol"], lib_id))
    value = line["value"] if line else lib_id.split(":")[1]
    p = {"ref": ref, "lib_id": lib_id, "x": x, "y": y, "rot": rot, "value": value,
         "line": line}
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


def power_symbol(kind, x, y, rot=0):
    power_count[0] += 1
    prefix = "#FLG" if kind == "PWR_FLAG" else "#PWR"
    return place("%s%02d" % (prefix, power_count[0]), "power:" + kind, x, y, rot)


def stub(part, pin, net, length=2.54):
    """A short wire out of the pin, ended by the net's label (or power symbol)."""
    x, y, (dx, dy) = pin_point(part, pin)
    x2, y2 = x + dx * length, y + dy * length
    wires.append((x, y, x2, y2))
    if net in circuit.POWER_NETS:
        power_symbol("GND" if net == "GND" else "+5V", x2, y2, 0 if net == "GND" or dy < 0 else 180)
        return
    angle = {(-1, 0): 180, (1, 0): 0, (0, -1): 90, (0, 1): 270}[(dx, dy)]
    labels.append((net, x2, y2, angle))


def no_connect(part, pin):
    x, y, _ = pin_point(part, pin)
    no_connects.append((x, y))


def wire_path(a, b):
    """Wires from point a to point b: straight, or horizontal then vertical."""
    (x1, y1), (x2, y2) = a, b
    if x1 == x2 or y1 == y2:
        wires.append((x1, y1, x2, y2))
    else:
        wires.append((x1, y1, x2, y1))
        wires.append((x2, y1, x2, y2))


def join_or_stub(net_of, a, pa, b, pb):
    """Pins a.pa and b.pb side by side: a wire if the circuit joins them, else a label on
    each (so what is drawn is always what circuit.py says)."""
    na, nb = net_of[a["ref"]][pa], net_of[b["ref"]][pb]
    if na == nb and na not in circuit.POWER_NETS:
        wire_path(pin_point(a, pa)[:2], pin_point(b, pb)[:2])
        return True
    stub(a, pa, na)
    stub(b, pb, nb)
    return False


def draw_uno():
    """The Uno: stock symbol, whose pin numbers are the stock footprint's pad numbers."""
    j1 = place("J1", "MCU_Module:Arduino_UNO_R3", 50.8, 101.6)
    by_uno = uno_pins()
    for uno, net in circuit.UNO_NET.items():
        stub(j1, by_uno[uno][0], net)
    for uno in circuit.UNO_UNUSED:
        for num in by_uno[uno]:
            no_connect(j1, num)
    for num in by_uno["+5V"]:
        x, y, _ = pin_point(j1, num)
        wires.append((x, y, x, y - 2.54))
        power_symbol("+5V", x, y - 2.54)
    # The three GND pins join below the symbol; one GND symbol and the PWR_FLAG there.
    pts = sorted(pin_point(j1, n)[:2] for n in by_uno["GND"])
    yb = pts[0][1] + 2.54
    for (x, y) in pts:
        wires.append((x, y, x, yb))
    wires.append((pts[0][0], yb, pts[-1][0], yb))
    for (x, _y) in pts[1:-1]:
        junctions.append((x, yb))
    power_symbol("GND", pts[1][0], yb)
    wires.append((pts[0][0], yb, pts[0][0] - 10.16, yb))
    junctions.append((pts[0][0], yb))
    power_symbol("PWR_FLAG", pts[0][0] - 10.16, yb)


def draw_row_switch(net_of, rr):
    """Row rr's switch: series gate resistor, low-side N-MOSFET, pull-down on the gate."""
    y = ROW_Y[rr]
    rg = place("R%d" % (7 + rr), "Device:R", 241.3, y, 90)
    q = place("Q%d" % (rr + 1), "Transistor_FET:2N7000", 264.16, y)
    rp = place("R%d" % (10 + rr), "Device:R", 250.19, y + 6.35)
    left, right = sorted(("1", "2"), key=lambda n: pin_point(rg, n)[0])
    stub(rg, left, net_of[rg["ref"]][left])
    if join_or_stub(net_of, rg, right, q, "2"):
        # the pull-down meets the gate wire from below, with a junction
        xp, yp, _ = pin_point(rp, "1")
        if net_of[rp["ref"]]["1"] == net_of[q["ref"]]["2"]:
            wires.append((xp, yp, xp, y))
            junctions.append((xp, y))
        else:
            stub(rp, "1", net_of[rp["ref"]]["1"])
    else:
        stub(rp, "1", net_of[rp["ref"]]["1"])
    stub(rp, "2", net_of[rp["ref"]]["2"])
    for pin in ("1", "3"):
        stub(q, pin, net_of[q["ref"]][pin])


def draw_sounder(net_of):
    """The sounder: series resistor from the MCU's net, then the piezo to ground."""
    y = 172.72
    r = place("R13", "Device:R", 241.3, y, 270)
    bz = place("BZ1", "Device:Buzzer", 256.54, y + 2.54)
    left, right = sorted(("1", "2"), key=lambda n: pin_point(r, n)[0])
    stub(r, left, net_of["R13"][left])
    join_or_stub(net_of, r, right, bz, "1")
    stub(bz, "2", net_of["BZ1"]["2"])


def build():
    reset()
    net_of = circuit.circuit()
    draw_uno()

    # Column resistors in a row: MCU net above, anode bus below.
    for c in range(3):
        for k, (colour, _n) in enumerate(circuit.COLOURS):
            ref = circuit.column_resistor(c, colour)
            r = place(ref, "Device:R", 101.6 + 12.7 * (2 * c + k), 50.8)
            for pin, net in net_of[ref].items():
                stub(r, pin, net)

    # LED matrix: cell i = 3 row + column.
    for rr in range(3):
        for c in range(3):
            ref = "LED%d" % (3 * rr + c + 1)
            led = place(ref, "Device:LED_Dual_AKA", 119.38 + 40.64 * c, ROW_Y[rr])
            for pin, net in net_of[ref].items():
                stub(led, pin, net)

    for rr in range(3):
        draw_row_switch(net_of, rr)

    # Key matrix: the key from the sense column to its 1N4148, cathode on the drive row.
    for rr in range(3):
        for c in range(3):
            i = 3 * rr + c + 1
            xs, ys = 309.88 + 30.48 * c, ROW_Y[rr]
            sw = place("SW%d" % i, "Switch:SW_Push", xs, ys)
            d = place("D%d" % i, "Device:D", xs + 5.08, ys + 7.62, 90)
            stub(sw, "1", net_of[sw["ref"]]["1"])
            join_or_stub(net_of, sw, "2", d, "2")
            stub(d, "1", net_of[d["ref"]]["1"])

    draw_sounder(net_of)

    texts.append((NOTES[0][0], 25.4, 20.32, NOTES[0][1]))
    texts.append((NOTES[1][0], 25.4, 25.4, NOTES[1][1]))
    y = 177.8
    for t in block_notes():
        texts.append((t, 25.4, y, 1.524))
        y += 7.62


ROW_Y = (83.82, 114.3, 144.78)
# The title block's comment lines; each must fit the block (check_intent.py schframe).
TITLE_COMMENTS = [
    "Made by schematics/gen/schematic.py: edit circuit.py and parts.json",
    "Pin map checked against board/uno_shield_r3/pins.h (make test-kicad-pinmap)",
    "Licence: " + board.LICENCE,
]
NOTES = [
    ("%s %s: Arduino Uno R3 shield, 3x3 keys with bi-colour LEDs" % (board.NAME, board.REVISION),
     2.54),
    ("Generated by schematics/gen/schematic.py from schematics/gen/circuit.py and "
     "schematics/parts.json; the MCU nets are the names in board/uno_shield_r3/pins.h.", 1.524),
]
BLOCK_NOTES = [
    "LED matrix: 3 rows x 6 colour columns, one row lit at a time (1/3 duty); {led}.\n"
    "Red {r_red} ~{i_red} mA peak, green {r_green} ~{i_green} mA peak (schematics/README.md).",
    "Row switches: 100 R gate series resistor, low-side 2N7000 (TO-92, 1 = S, 2 = G, 3 = D),\n"
    "100 k gate pull-down: the rows stay dark while the MCU is in reset (pins floating).",
    "Key matrix: one 1N4148 per key, rows driven low one at a time, columns read with\n"
    "the MCU's pull-ups: no ghosting, no masking (proved in ngspice by make test).",
    "Sounder: piezo BZ1 (TDK PS1240P02BT, ~8 nF) from OC2A (D11) via 1 k: at most 5 mA\n"
    "from the pin; D11 is also ISP's MOSI, whose edges still meet VIH/VIL (ngspice).",
    "SDA/SCL (31/32) are A4/A5 on the Uno board; D0/D1 stay free for USB serial,\n"
    "D12/D13 for the ISP signals MISO/SCK (MOSI shares D11 with the sounder).",
]


def ohms(value):
    """A resistor's value as the notes print it: '200' -> '200 R', '5k6' -> '5.6 k'."""
    for unit in "kM":
        if unit in value:
            whole, _sep, frac = value.partition(unit)
            return "%s%s %s" % (whole, "." + frac if frac else "", unit)
    if value.isdigit():
        return value + " R"
    raise SystemExit("schematic: resistor value %r is not 200 / 5k6 / 100k" % value)


def column_ohms(colour):
    """The column resistor of colour ('R' or 'G') as printed, from parts.json."""
    return ohms(PART_DATA[circuit.column_resistor(0, colour)]["value"])


def block_notes():
    """BLOCK_NOTES with the LED part and its column resistors and currents (parts.json)."""
    led = PART_DATA["LED1"]
    dies = led["dies"]
    return [t.format(led=led["value"], r_red=column_ohms("R"), r_green=column_ohms("G"),
                     i_red="%g" % round(dies["R"]["design_ma"], 1),
                     i_green="%g" % round(dies["G"]["design_ma"], 1))
            for t in BLOCK_NOTES]


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
    line = p["line"]
    flags = dict(s.flags)
    if p["ref"] == "J1":
        flags["exclude_from_sim"] = "yes"  # the proofs model the MCU's pins themselves
    for k in ("exclude_from_sim", "in_bom", "on_board"):
        out.append("\t\t(%s %s)" % (k, flags.get(k, "yes" if k != "exclude_from_sim" else "no")))
    out.append("\t\t(dnp no)")
    out.append("\t\t(uuid %s)" % q(uid("part", p["ref"])))
    fields = {"Reference": p["ref"], "Value": p["value"],
              "Footprint": line["footprint"] if line else "",
              "Datasheet": s.props.get("Datasheet", "~"),
              "Description": s.props.get("Description", "")}
    if line:
        fields.update({"Manufacturer": line["manufacturer"], "MPN": partdata.mpn_field(line),
                       "Description": line["description"]})
        if "datasheet" in line:  # the manufacturer's own, where the stock symbol's is not
            fields["Datasheet"] = line["datasheet"]
        fields.update({k: v.format(**line) for k, v in SIM.get(p["lib_id"], {}).items()})
    for name, value in fields.items():
        lx, ly, la, hidden, just = s.prop_at.get(name, (0, 0, 0, True, None))
        if name in ("Manufacturer", "MPN") or name.startswith("Sim."):
            hidden = True
        if s.power and name == "Reference":
            hidden = True
        # the position is the sheet's; the angle and justification stay the library's
        # (KiCad turns them with the symbol)
        rx, ry = rotate(lx, ly, p["rot"])
        out.append("\t\t(property %s %s (at %s %s %d) %s)" % (
            q(name), q(value), fmt(p["x"] + rx), fmt(p["y"] - ry), la,
            effects(justify=just, hide=hidden)))
    for num in sorted({pin[4] for pin in s.pins}, key=lambda n: (len(n), n)):
        out.append("\t\t(pin %s (uuid %s))" % (q(num), q(uid("pin", p["ref"], num))))
    out.append("\t\t(instances (project %s (path %s (reference %s) (unit 1))))" % (
        q(PROJECT), q("/" + SHEET_UUID), q(p["ref"])))
    out.append("\t)")
    return "\n".join(out)


def split_wires(wires, points):
    """Each wire broken at every given point strictly inside it, so that every connection
    on the sheet is at wire ends (KiCad joins a wire end to a wire's middle only through a
    junction, and a run drawn through a junction is safer as two wires)."""
    out = []
    for (x1, y1, x2, y2) in wires:
        cuts = []
        for (px, py) in points:
            if (x1 == x2 == px and min(y1, y2) < py < max(y1, y2)) or \
                    (y1 == y2 == py and min(x1, x2) < px < max(x1, x2)):
                cuts.append((px, py))
        cuts.sort(key=lambda p: abs(p[0] - x1) + abs(p[1] - y1))
        a = (x1, y1)
        for c in cuts + [(x2, y2)]:
            out.append((a[0], a[1], c[0], c[1]))
            a = c
    return out


def write_kicad(path):
    o = ["(kicad_sch", "\t(version 20250114)", '\t(generator "eeschema")',
         '\t(generator_version "9.0")', "\t(uuid %s)" % q(SHEET_UUID), '\t(paper "A3")',
         "\t(title_block", "\t\t(title %s)" % q(board.NAME),
         "\t\t(date %s)" % q(board.DATE), "\t\t(rev %s)" % q(board.REVISION),
         '\t\t(company "board/uno_shield_r3")',
         "\t\t(comment 1 %s)" % q(TITLE_COMMENTS[0]), "\t\t(comment 2 %s)" % q(TITLE_COMMENTS[1]),
         "\t\t(comment 3 %s)" % q(TITLE_COMMENTS[2]),
         "\t)", "\t(lib_symbols"]
    for lib_id in sorted(LIBS):
        o.append(LIBS[lib_id].embedded())
    o.append("\t)")
    for n, (x, y) in enumerate(junctions):
        o.append("\t(junction (at %s %s) (diameter 0) (color 0 0 0 0) (uuid %s))"
                 % (fmt(x), fmt(y), q(uid("junction", n))))
    for n, (x, y) in enumerate(no_connects):
        o.append("\t(no_connect (at %s %s) (uuid %s))" % (fmt(x), fmt(y), q(uid("nc", n))))
    rounded = [tuple(round(v, 4) for v in w) for w in wires]
    ends = {(w[0], w[1]) for w in rounded} | {(w[2], w[3]) for w in rounded}
    ends |= {(round(x, 4), round(y, 4)) for (x, y) in junctions}
    for n, (x1, y1, x2, y2) in enumerate(split_wires(rounded, ends)):
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
    for uno, net in circuit.UNO_NET.items():
        mcu = circuit.UNO_MCU[uno]
        i = int(net[-1]) if net[-1].isdigit() else int(net[5]) if net[5:6].isdigit() else 0
        if net.startswith("LED_ROW"):
            fn = FUNCTION["LED_ROW"].format(i=i, a=3 * i + 1, b=3 * i + 3, q=i + 1)
        elif net.startswith("LED_C"):
            fn = FUNCTION["LED_C_" + net[-1]].format(i=int(net[5]), r=column_ohms(net[-1]))
        elif net.startswith("KEY_ROW"):
            fn = FUNCTION["KEY_ROW"].format(i=i)
        elif net.startswith("KEY_COL"):
            fn = FUNCTION["KEY_COL"].format(i=i, p=8 + int(mcu[-1]))
        else:
            fn = FUNCTION[net]
        rows.append((uno, mcu, net, fn))

    def order(r):
        return (r[0][0], int(r[0][1:]))
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Shield r3 pin table\n\n")
        f.write("Generated by `schematics/gen/schematic.py` with the schematic (`make\n"
                "test-kicad-generated` keeps both equal to the generator's output);\n"
                "`make test-kicad-pinmap` checks the schematic and the PCB against\n"
                "`board/uno_shield_r3/pins.h`.\n\n")
        f.write("| Uno pin | MCU pin | net | function |\n|---|---|---|---|\n")
        for r in sorted(rows, key=order):
            f.write("| %s | %s | %s | %s |\n" % r)
        f.write("| D0, D1 | PD0, PD1 | - | USB serial RXD/TXD (kept free) |\n")
        f.write("| D12, D13 | PB4, PB5 | - | free: ISP MISO/SCK, the Uno's L LED on D13 |\n")
        f.write("| SDA, SCL | PC4, PC5 | - | the same signals as A4/A5 on the Uno: KEY_ROW1/2 |\n")
        f.write("| 5V | VCC | +5V | not used by the shield's parts |\n")
        f.write("| GND (3 pins) | GND | GND | MOSFET sources, gate pull-downs, the piezo |\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="output folder (default: schematics/)")
    args = ap.parse_args()
    build()
    os.makedirs(args.out, exist_ok=True)
    write_kicad(os.path.join(args.out, PROJECT + ".kicad_sch"))
    write_pins(os.path.join(args.out, "pins.md"))
    print("schematic: %d symbols, %d wires, %d labels, %d no-connects"
          % (len(parts), len(wires), len(labels), len(no_connects)))


if __name__ == "__main__":
    main()
