#!/usr/bin/env python3
"""schematics/check_schematic.py - checks that the shield schematic wires the MCU the
way board/uno_shield_r1/pins.h says (run by `make test-hal-schematic`).

It parses the KiCad 6 s-expression itself (standard library only): symbol pins from the
embedded lib_symbols placed by each instance's position/rotation/mirror, wires
(joined at end points and where a point lies on a segment), labels and power symbols
(nets by name). The pin map comes from a small C program compiled against the board
header (--pins-cmd, prints "NET PB0" lines), so the checker sees the same macros the
firmware does. Fails (exit 1) when:
  - an Uno header pin carries a different net than the header gives its MCU pin, or a
    header net is missing, or an unused signal pin of the Uno header is connected;
  - a header net reaches no part other than the Uno header (dangling label);
  - schematics/pins.md disagrees with the header.
--mutate swaps two labels in memory first and expects the check to FAIL (proves the
test can fail); exit 0 only if it did.
"""
import argparse
import math
import os
import re
import subprocess
import sys

UNO_MCU = {**{"D%d" % i: "PD%d" % i for i in range(8)},
           **{"D%d" % (8 + i): "PB%d" % i for i in range(6)},
           **{"A%d" % i: "PC%d" % i for i in range(6)}}
MCU_UNO = {v: k for k, v in UNO_MCU.items()}


def tokenize(text):
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
        elif ch in "()":
            yield ch
            i += 1
        elif ch == '"':
            j, buf = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                buf.append(text[j])
                j += 1
            yield ("str", "".join(buf))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n()"':
                j += 1
            yield text[i:j]
            i = j


def parse(text):
    stack, cur = [], []
    for tok in tokenize(text):
        if tok == "(":
            stack.append(cur)
            cur = []
        elif tok == ")":
            done = cur
            cur = stack.pop()
            cur.append(done)
        else:
            cur.append(tok[1] if isinstance(tok, tuple) else tok)
    if stack or len(cur) != 1:
        raise ValueError("unbalanced parentheses")
    return cur[0]


def items(node, head):
    return [c for c in node if isinstance(c, list) and c and c[0] == head]


def first(node, head):
    found = items(node, head)
    return found[0] if found else None


def walk(node, head):
    if isinstance(node, list):
        if node and node[0] == head:
            yield node
        for c in node:
            yield from walk(c, head)


def key(x, y):
    return (round(float(x) * 1000), round(float(y) * 1000))


class Nets:
    def __init__(self):
        self.parent = {}

    def find(self, a):
        self.parent.setdefault(a, a)
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def on_segment(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    if (bx - ax) * (py - ay) != (by - ay) * (px - ax):
        return False
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def load_schematic(text):
    root = parse(text)
    if root[0] != "kicad_sch":
        raise ValueError("not a kicad_sch file")
    libs = {}
    power_libs = set()
    for sym in items(first(root, "lib_symbols"), "symbol"):
        name = sym[1]
        pins = []
        for pin in walk(sym, "pin"):
            at = first(pin, "at")
            pname = first(pin, "name")[1]
            num = first(pin, "number")[1]
            pins.append((float(at[1]), float(at[2]), pname, num))
        libs[name] = pins
        if any(c == ["power"] for c in sym if isinstance(c, list)):
            power_libs.add(name)
    parts = []  # (ref, lib, value, [(pin name, number, point)])
    for inst in items(root, "symbol"):
        lib = first(inst, "lib_id")[1]
        at = first(inst, "at")
        x, y = float(at[1]), float(at[2])
        rot = int(float(at[3])) if len(at) > 3 else 0
        mirror = first(inst, "mirror")
        props = {p[1]: p[2] for p in items(inst, "property")}
        pts = []
        for (px, py, pname, num) in libs[lib]:
            py = -py  # symbol y is up, the sheet's y is down
            if mirror and mirror[1] == "x":
                py = -py
            if mirror and mirror[1] == "y":
                px = -px
            a = math.radians(-rot)  # KiCad rotates counter-clockwise on screen
            rx = px * math.cos(a) - py * math.sin(a)
            ry = px * math.sin(a) + py * math.cos(a)
            pts.append((pname, num, key(x + rx, y + ry)))
        parts.append((props.get("Reference", "?"), lib, props.get("Value", ""), pts))
    wires = []
    for w in items(root, "wire"):
        xy = items(first(w, "pts"), "xy")
        wires.append((key(xy[0][1], xy[0][2]), key(xy[1][1], xy[1][2])))
    labels = []
    for head in ("label", "global_label"):
        for lb in items(root, head):
            at = first(lb, "at")
            labels.append((lb[1], key(at[1], at[2])))
    return parts, wires, labels, power_libs


def netlist(parts, wires, labels, power_libs):
    nets = Nets()
    points = set()
    for (_r, _l, _v, pts) in parts:
        points.update(p for (_n, _u, p) in pts)
    points.update(p for (_n, p) in labels)
    for (a, b) in wires:
        nets.union(("pt", a), ("pt", b))
        points.update((a, b))
    for p in points:  # a point on a wire's interior joins that wire
        for (a, b) in wires:
            if p not in (a, b) and on_segment(p, a, b):
                nets.union(("pt", p), ("pt", a))
    for (name, p) in labels:
        nets.union(("pt", p), ("name", name))
    for (ref, lib, value, pts) in parts:
        if lib in power_libs:
            nets.union(("pt", pts[0][2]), ("name", value))
    names, members = {}, {}
    for (name, _p) in labels:
        names.setdefault(nets.find(("name", name)), set()).add(name)
    for (ref, lib, value, pts) in parts:
        if lib in power_libs:
            names.setdefault(nets.find(("name", value)), set()).add(value)
            continue
        for (pname, num, p) in pts:
            shown = pname if pname not in ("~", "") else num  # unnamed pins: number
            members.setdefault(nets.find(("pt", p)), []).append((ref, shown))
    return nets, names, members


def header_pins(cmd):
    out = subprocess.run([cmd], check=True, capture_output=True, text=True).stdout
    pins = {}
    for line in out.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        net, mcu = line.split()
        pins[net] = mcu
    return pins


def check(text, pins, pins_md):
    errors = []
    parts, wires, labels, power_libs = load_schematic(text)
    nets, names, members = netlist(parts, wires, labels, power_libs)
    uno = [p for p in parts if "Arduino" in p[1]]
    if len(uno) != 1:
        return ["expected one Arduino Uno header symbol, found %d" % len(uno)]
    ref, _lib, _v, upins = uno[0]
    by_pin = {pname: nets.find(("pt", p)) for (pname, _num, p) in upins}
    wanted = {MCU_UNO[mcu]: net for net, mcu in pins.items()}
    for pname, root in sorted(by_pin.items()):
        got = names.get(root, set())
        others = [m for m in members.get(root, []) if m != (ref, pname)]
        if pname in wanted:
            net = wanted[pname]
            if got != {net}:
                errors.append("%s pin %s (%s): schematic net %s, board header says %s"
                              % (ref, pname, UNO_MCU[pname], sorted(got) or "unconnected", net))
            elif not [m for m in others if m[0] != ref]:
                errors.append("net %s reaches no part besides %s" % (net, ref))
        elif pname in UNO_MCU and (got or others):
            errors.append("%s pin %s (%s) is connected (%s) but unused in the board header"
                          % (ref, pname, UNO_MCU[pname], sorted(got)))
    # Topology of the matrices: what each named net must join (ref prefix, pin name).
    by_name = {}
    for root, ns in names.items():
        for n in ns:
            by_name[n] = sorted(members.get(root, []))
    expect = {}
    for i in range(3):
        expect["KEY_COL%d" % i] = [("SW", "1")] * 3 + [(ref, None)]
        expect["KEY_ROW%d" % i] = [("D", "K")] * 3 + [(ref, None)]
        expect["LED_K%d" % i] = [("LED", "K")] * 3 + [("Q", "D")]
        for col in "RG":
            expect["LED_A%d_%s" % (i, col)] = [("LED", col)] * 3 + [("R", "2")]
            expect["LED_C%d_%s" % (i, col)] = [("R", "1"), (ref, None)]
        expect["LED_ROW%d" % i] = [("R", "1"), (ref, None)]
    for net, want in expect.items():
        got = by_name.get(net, [])
        ok = len(got) == len(want) and all(
            any(g[0].rstrip("0123456789") == w[0].rstrip("0123456789") and
                (w[1] is None or g[1] == w[1]) for g in got) for w in want)
        if not ok:
            errors.append("net %s joins %s, expected %d pins like %s" % (net, got, len(want), want))
    for net in pins:
        if not any(net in n for n in names.values()):
            errors.append("net %s of the board header is not in the schematic" % net)
    if pins_md is not None:
        rows = re.findall(r"^\| (D\d+|A\d) \| (P[BCD]\d) \| ([A-Z0-9_]+) \|", pins_md, re.M)
        seen = {net: (u, m) for (u, m, net) in rows}
        for net, mcu in pins.items():
            if seen.get(net) != (MCU_UNO[mcu], mcu):
                errors.append("pins.md: %s should be on %s/%s, table says %s"
                              % (net, MCU_UNO[mcu], mcu, seen.get(net)))
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pins-cmd", required=True, help="program printing 'NET PB0' lines")
    ap.add_argument("--mutate", action="store_true",
                    help="swap the LED_ROW0/LED_ROW1 labels first; succeed only if caught")
    ap.add_argument("schematic")
    args = ap.parse_args()
    with open(args.schematic) as f:
        text = f.read()
    pins = header_pins(args.pins_cmd)
    md_path = os.path.join(os.path.dirname(args.schematic), "pins.md")
    pins_md = open(md_path).read() if os.path.exists(md_path) else None
    if args.mutate:
        text = text.replace('(label "LED_ROW0"', '(label "@@"', 1)
        text = text.replace('(label "LED_ROW1"', '(label "LED_ROW0"', 1)
        text = text.replace('(label "@@"', '(label "LED_ROW1"', 1)
        errors = check(text, pins, None)
        if errors:
            print("check_schematic: mutation caught (%s)" % errors[0])
            return 0
        print("check_schematic: FAILED to notice swapped LED_ROW0/LED_ROW1 labels")
        return 1
    errors = check(text, pins, pins_md)
    for e in errors:
        print("check_schematic: " + e)
    print("check_schematic: %d errors in the MCU nets, matrix topology and pins.md" % len(errors))
    print("check_schematic: %d passed, %d failed" % (0 if errors else 1, 1 if errors else 0))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
