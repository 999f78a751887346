"""tests/shield/check_pinmap.py - joins the four views of every Uno header pin and fails on
any disagreement (run by `make test-kicad-pinmap`; needs Debian's python3 with pcbnew).

  1. pins.h: NET -> MCU pin, printed by board/print_pins (compiled against the board
     header, so this test never parses C);
  2. the schematic symbol MCU_Module:Arduino_UNO_R3: pin number -> Uno pin name (D2, A0,
     ...), as KiCad's netlist reports it (pinfunction);
  3. the netlist (kicad-cli sch export netlist): J1 pin number -> net;
  4. the PCB: J1 pad number -> net, and where that pad physically is, compared with the
     Uno R3 header position of that pin name (Arduino's shield drawing, in inches).

  check_pinmap.py --pins-cmd PROG --netlist NET --pcb PCB [--mutate KIND] [--expect-fail]

  check_pinmap.py --mutate-header FILE | --mutate-schematic FILE   (break a copy)
  (test_pinmap.py: the header swap on other layouts of pins.h)

--mutate swap-pad|swap-pcb-net breaks the loaded PCB in memory (two header pads trade
numbers, or nets); --expect-fail inverts the verdict (exit 0 only if errors are found),
so the make rules prove that each kind of breakage is caught.
Run from the repository's root: python3 -m tests.shield.check_pinmap ...
"""
import argparse
import re
import subprocess
import sys

import pcbnew

from schematics.gen import sexpr

UNO_MCU = {**{"D%d" % i: "PD%d" % i for i in range(8)},
           **{"D%d" % (8 + i): "PB%d" % i for i in range(6)},
           **{"A%d" % i: "PC%d" % i for i in range(6)}}
MCU_UNO = {v: k for k, v in UNO_MCU.items()}

INCH = 25.4
# Uno R3 header pin centres, from the lower-left board corner seen from the top (USB on
# the left), in inches as on Arduino's shield drawing.
UNO_POSITION = {}
for _k, _n in enumerate(["NC", "IOREF", "RESET", "3V3", "5V", "GND", "GND2", "VIN"]):
    UNO_POSITION[_n] = (1.1 + 0.1 * _k, 0.1)
for _k in range(6):
    UNO_POSITION["A%d" % _k] = (2.0 + 0.1 * _k, 0.1)
for _k in range(8):
    UNO_POSITION["D%d" % _k] = (2.5 - 0.1 * _k, 2.0)
for _k, _n in enumerate(["D8", "D9", "D10", "D11", "D12", "D13", "GND3", "AREF", "SDA", "SCL"]):
    UNO_POSITION[_n] = (1.64 - 0.1 * _k, 2.0)


def uno_name(pinfunction, number):
    """Uno pin name for a pin of MCU_Module:Arduino_UNO_R3 (D0/RX -> D0, SDA/A4 -> A4)."""
    if number == "31":
        return "SDA"
    if number == "32":
        return "SCL"
    if pinfunction.startswith("D"):
        return pinfunction.split("/")[0]
    return pinfunction.split("/")[-1].replace("~{RESET}", "RESET").replace("+5V", "5V")


def header_view(cmd):
    out = subprocess.run([cmd], check=True, capture_output=True, text=True).stdout
    view = {}
    for line in out.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        net, mcu = line.split()
        view[net] = mcu
    if not view:
        raise SystemExit("check_pinmap: %s printed no pins" % cmd)
    return view


def netlist_view(path, ref):
    """(pin number -> Uno pin name, pin number -> net) for the header part."""
    root = sexpr.load(path)
    names, nets = {}, {}
    for net in sexpr.walk(sexpr.first(root, "nets"), "net"):
        name = sexpr.first(net, "name")[1].lstrip("/")
        for node in sexpr.items(net, "node"):
            if sexpr.first(node, "ref")[1] != ref:
                continue
            num = sexpr.first(node, "pin")[1]
            fn = sexpr.first(node, "pinfunction")
            names[num] = uno_name(fn[1] if fn else "", num)
            nets[num] = name
    return names, nets


def pcb_view(path, ref, mutate=None):
    """pad number -> (net, (x, y) in inches in Uno coordinates) for the header footprint."""
    board = pcbnew.LoadBoard(path)
    # the board's lower-left corner: its drill/place origin (schematics/gen/pcb.py)
    aux = board.GetDesignSettings().GetAuxOrigin()
    origin = (aux.x / 1e6, aux.y / 1e6)
    fp = board.FindFootprintByReference(ref)
    if fp is None:
        raise SystemExit("check_pinmap: no footprint %s in %s" % (ref, path))
    pads = [p for p in fp.Pads() if p.GetNumber()]
    if mutate:
        a = next(p for p in pads if p.GetNumber() == "17")  # D2
        b = next(p for p in pads if p.GetNumber() == "18")  # D3
        if mutate == "swap-pad":
            na, nb = a.GetNumber(), b.GetNumber()
            a.SetNumber(nb)
            b.SetNumber(na)
        elif mutate == "swap-pcb-net":
            na, nb = a.GetNet(), b.GetNet()
            a.SetNet(nb)
            b.SetNet(na)
        else:
            raise SystemExit("check_pinmap: unknown mutation %s" % mutate)
    view = {}
    for p in pads:
        pos = p.GetPosition()
        x = (pos.x / 1e6 - origin[0]) / INCH
        y = (origin[1] - pos.y / 1e6) / INCH
        view.setdefault(p.GetNumber(), []).append((p.GetNetname().lstrip("/"), (x, y)))
    return view


def check(header, names, nets, pads):
    errors, rows = [], []
    by_name = {}
    for num, name in names.items():
        by_name.setdefault(name, []).append(num)
    used = set()
    for net, mcu in sorted(header.items(), key=lambda kv: kv[1]):
        uno = MCU_UNO.get(mcu)
        if uno is None:
            errors.append("pins.h: %s on %s, which is no Uno header pin" % (net, mcu))
            continue
        nums = by_name.get(uno, [])
        if len(nums) != 1:
            errors.append("symbol: Uno pin %s (%s, %s) has pins %s" % (uno, mcu, net, nums))
            continue
        num = nums[0]
        used.add(num)
        sch_net = nets.get(num)
        pcb = pads.get(num, [])
        pcb_nets = sorted({n for (n, _p) in pcb})
        where = [p for (_n, p) in pcb]
        want = UNO_POSITION[uno]
        rows.append((net, mcu, uno, num, sch_net, ",".join(pcb_nets)))
        if sch_net != net:
            errors.append("%s: pins.h puts it on %s = Uno %s = symbol pin %s, but the "
                          "schematic connects that pin to %s" % (net, mcu, uno, num, sch_net))
        if pcb_nets != [net]:
            errors.append("%s: PCB pad %s of the header carries %s"
                          % (net, num, pcb_nets or "nothing"))
        if len(where) != 1 or abs(where[0][0] - want[0]) > 0.002 \
                or abs(where[0][1] - want[1]) > 0.002:
            errors.append("%s: PCB pad %s is at %s in, the Uno's %s is at (%.2f, %.2f) in"
                          % (net, num, ["(%.3f, %.3f)" % p for p in where], uno, want[0], want[1]))
    # Every other header pin: no signal net (power pins by name only).
    for num, name in names.items():
        if num in used:
            continue
        n = nets.get(num, "")
        ok = n.startswith("unconnected-") or (name == "GND" and n == "GND") or (
            name == "5V" and n == "+5V")
        if not ok:
            errors.append("header pin %s (%s) is on net %s, which pins.h does not list"
                          % (num, name, n))
    for num, entries in pads.items():
        for (n, _p) in entries:
            if num not in names:
                errors.append("PCB pad %s of the header has no symbol pin" % num)
            elif n != nets.get(num):
                if num not in used:
                    errors.append("PCB pad %s (%s) carries %s, the schematic %s"
                                  % (num, names[num], n, nets.get(num)))
    return errors, rows


# BOARD_PIN(BOARD_PORT_D, 2) or 3, in any layout: spaces, tabs, newlines or backslash
# line continuations anywhere between the tokens (brace lists, named macros, ...).
_GAP = r"(?:\s|\\\n)*"
PD23 = re.compile(r"(BOARD_PIN%s\(%sBOARD_PORT_D%s,%s)([23])(%s\))" % ((_GAP,) * 5))


def mutate_header_text(text):
    """text with every BOARD_PIN(BOARD_PORT_D, 2) and BOARD_PIN(BOARD_PORT_D, 3) traded
    (LED_C0_R/LED_C0_G swap pins; every pin stays used once, so it still compiles), and
    how many of each were found; raises SystemExit unless both occur."""
    found = {"2": 0, "3": 0}

    def swap(m):
        found[m.group(2)] += 1
        return m.group(1) + ("3" if m.group(2) == "2" else "2") + m.group(3)

    new = PD23.sub(swap, text)
    if not found["2"] or not found["3"]:
        raise SystemExit("check_pinmap: no BOARD_PIN(BOARD_PORT_D, 2) and BOARD_PIN(BOARD_PORT_D, "
                         "3) pair to swap (found %d and %d): update mutate_header_text() to the "
                         "header's new form" % (found["2"], found["3"]))
    return new, found


def mutate_header(path):
    """Swap PD2 and PD3 everywhere in a copy of the board header."""
    new, found = mutate_header_text(open(path).read())
    open(path, "w").write(new)
    print("check_pinmap: swapped PD2 (%d places) and PD3 (%d places) in %s"
          % (found["2"], found["3"], path))


def mutate_schematic(path):
    """Swap the first LED_ROW0 and LED_ROW1 labels (the ones on the Uno's D8/D9 stubs)."""
    text = open(path).read()
    a, b = '(label "LED_ROW0"', '(label "LED_ROW1"'
    if a not in text or b not in text:
        raise SystemExit("check_pinmap: no LED_ROW0/LED_ROW1 labels in %s" % path)
    text = text.replace(a, "@@", 1).replace(b, a, 1).replace("@@", b, 1)
    open(path, "w").write(text)
    print("check_pinmap: swapped the LED_ROW0/LED_ROW1 labels on the header in %s" % path)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--mutate-header":
        return mutate_header(sys.argv[2])
    if len(sys.argv) == 3 and sys.argv[1] == "--mutate-schematic":
        return mutate_schematic(sys.argv[2])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pins-cmd", required=True)
    ap.add_argument("--netlist", required=True)
    ap.add_argument("--pcb", required=True)
    ap.add_argument("--ref", default="J1")
    ap.add_argument("--mutate", choices=["swap-pad", "swap-pcb-net"])
    ap.add_argument("--expect-fail", action="store_true")
    ap.add_argument("--table", action="store_true", help="print the joined table")
    args = ap.parse_args()
    header = header_view(args.pins_cmd)
    names, nets = netlist_view(args.netlist, args.ref)
    pads = pcb_view(args.pcb, args.ref, args.mutate)
    errors, rows = check(header, names, nets, pads)
    if args.table:
        print("| net | MCU | Uno | symbol pin = pad | schematic net | PCB pad net |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            print("| %s | %s | %s | %s | %s | %s |" % r)
    if args.expect_fail:
        if errors:
            print("check_pinmap: caught (%s): %s" % (args.mutate or "broken input", errors[0]))
            return 0
        print("check_pinmap: FAILED to notice the broken input (%s)" % (args.mutate or "input"))
        return 1
    for e in errors:
        print("check_pinmap: " + e)
    print("check_pinmap: %d header pins joined across pins.h, symbol, netlist and PCB, "
          "%d disagreements" % (len(rows), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
