"""tests/shield/check_intent.py - checks that see the design's intent, where KiCad's ERC,
DRC and parity cannot (they only compare the netlist with itself).

  check_intent.py roundtrip NETLIST   KiCad's netlist (kicad-cli sch export netlist) of the
                                      schematic equals schematics/gen/circuit.py, the
                                      connection list the generator meant to draw: every
                                      part pin on its net, each label's name the net's
  check_intent.py shorts NETLIST      no two-terminal part (resistor, diode, key) has both
                                      pins on one net
  check_intent.py sounder NETLIST     the piezo (BZ*) hangs between GND (either pin: it has
                                      no electrical polarity) and a net that holds only it
                                      and one resistor, whose other net holds only
                                      that resistor and the Uno's OC2A pin (D11): a series
                                      resistor bounds the pin's current, and the pin does
                                      nothing else
  check_intent.py schframe SCH        every text KiCad draws of the schematic (its SVG
                                      export: each text's strokes) inside the sheet's frame,
                                      and each title block line inside the title block
  check_intent.py lid PARTS_JSON      the case's key caps stand on the keys' plungers
                                      (case/caselib.py's cap stack): the lid they set
                                      stays REQUIRE lid_clearance over the tallest part
                                      that is neither an LED nor a key nor fitted from
                                      below, and a cap pressed to the switch's end stop
                                      stays REQUIRE led_gap over the LEDs' domes; the
                                      assembly order goes up by each part's highest point
  check_intent.py schtext SCH         no two texts of the schematic overlap: labels, notes
                                      and the visible fields of every symbol, each boxed
                                      as KiCad's stroke font draws it (a character is at
                                      most 1.0 x its height wide; lines 1.6 x apart)
Exit status is the verdict. Standard library and the case's own rules (case/).
Run from the repository's root: python3 -m tests.shield.check_intent ...
"""
import html
import os
import re
import sys

from schematics.gen import sexpr

CHAR_W, LINE_H, SHRINK = 1.0, 1.6, 0.05


def read_netlist(path):
    """({net name: set of (ref, pin)}, {ref: [pins]})."""
    root = sexpr.load(path)
    nets, pins = {}, {}
    for net in sexpr.walk(sexpr.first(root, "nets"), "net"):
        name = sexpr.first(net, "name")[1]
        members = {(sexpr.first(n, "ref")[1], sexpr.first(n, "pin")[1])
                   for n in sexpr.items(net, "node")}
        nets[name] = members
        for ref, pin in members:
            pins.setdefault(ref, []).append(pin)
    return nets, pins


def intended():
    """circuit.py's nets, with J1's pin numbers from the vendored Uno symbol (of the
    schematics package first on the path: planted.py puts its scratch copy there)."""
    from schematics.gen import circuit, schematic
    return circuit.nets(schematic.uno_pins())


def roundtrip(path):
    nets, _pins = read_netlist(path)
    want = intended()
    by_members = {frozenset(m): name for name, m in nets.items()
                  if not name.startswith("unconnected-")}
    fails = []
    for name, members in sorted(want.items()):
        got = by_members.get(frozenset(members))
        if got is None:
            # say where the drawn net differs
            near = [(n, m) for n, m in nets.items() if m & set(members)]
            desc = "; ".join("%s has %s" % (n, sorted(m)) for n, m in near[:3])
            fails.append("net %s %s is not one net in KiCad's netlist (%s)"
                         % (name, sorted(members), desc))
            continue
        label = got.lstrip("/")
        if (got.startswith("/") or got in ("GND", "+5V")) and label != name:
            fails.append("net %s is drawn as %s" % (name, got))
    wanted = {frozenset(m) for m in want.values()}
    for name, members in sorted(nets.items()):
        if not name.startswith("unconnected-") and frozenset(members) not in wanted:
            fails.append("KiCad's net %s %s is not in circuit.py" % (name, sorted(members)))
    for f in fails:
        print("roundtrip: FAIL " + f)
    print("roundtrip: %d nets of circuit.py, %d of KiCad's netlist compared"
          % (len(want), len(nets)))
    print("roundtrip: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def shorts(path):
    nets, pins = read_netlist(path)
    net_of = {m: name for name, ms in nets.items() for m in ms}
    fails, n = [], 0
    for ref, ps in sorted(pins.items()):
        if len(ps) != 2:
            continue
        n += 1
        a, b = (net_of[(ref, p)] for p in ps)
        if a == b:
            fails.append("%s has both pins on %s" % (ref, a))
    for f in fails:
        print("shorts: FAIL " + f)
    print("shorts: %d two-terminal parts, %d with both pins on one net" % (n, len(fails)))
    print("shorts: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


SOUND_UNO = "D11"   # OC2A: Timer2 toggles it in hardware (board/uno_shield_r3/pins.h)


def sounder_fails(nets, pins, d11):
    """What is wrong with the sounder's wiring (empty: nothing), d11 J1's pin number. The
    piezo has no electrical polarity (an externally driven piezo disc, a capacitor to the
    pin): either of its pins may be the one on GND, the other is the drive."""
    net_of = {m: name for name, ms in nets.items() for m in ms}
    piezos = sorted(ref for ref in pins if ref.startswith("BZ"))
    if len(piezos) != 1:
        return ["%d piezos (BZ*), want 1" % len(piezos)]
    bz = piezos[0]
    grounded = sorted(p for p in pins[bz] if net_of.get((bz, p)) == "GND")
    if len(grounded) != 1:
        return ["%s has %d pins on GND (%s), want one" % (bz, len(grounded), sorted(
            (p, net_of.get((bz, p))) for p in pins[bz]))]
    drive = next(net_of[(bz, p)] for p in pins[bz] if p != grounded[0])
    others = sorted(m for m in nets[drive] if m[0] != bz)
    if len(others) != 1 or not others[0][0].startswith("R"):
        return ["%s's drive pin (net %s) meets %s, not one series resistor" % (bz, drive, others)]
    res = others[0][0]
    far = next(net_of[(res, p)] for p in pins[res] if net_of[(res, p)] != drive)
    rest = sorted(m for m in nets[far] if m[0] != res)
    if rest != [("J1", d11)]:
        return ["%s joins %s to net %s, which holds %s, not the Uno's %s (J1 pin %s) alone"
                % (res, bz, far, rest, SOUND_UNO, d11)]
    return []


def sounder(path):
    from schematics.gen import schematic
    nets, pins = read_netlist(path)
    fails = sounder_fails(nets, pins, schematic.uno_pins()[SOUND_UNO][0])
    for f in fails:
        print("sounder: FAIL " + f)
    print("sounder: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def box(text, x, y, angle, size, justify):
    """(x0, y0, x1, y1) of a text on the sheet (y down)."""
    lines = text.split("\n")
    w = max(len(ln) for ln in lines) * size * CHAR_W
    h = size + (len(lines) - 1) * size * LINE_H
    hj = "left" if "left" in justify else "right" if "right" in justify else "center"
    vj = "bottom" if "bottom" in justify else "top" if "top" in justify else "center"
    # along the text direction: a from the anchor to the far end; across: the height
    a0 = {"left": 0.0, "right": -w, "center": -w / 2}[hj]
    c0 = {"bottom": -h, "top": 0.0, "center": -h / 2}[vj]
    if vj == "bottom" and len(lines) > 1:
        c0 = -size  # a multi-line text's anchor is its first line's baseline
    a1, c1 = a0 + w, c0 + h
    if angle % 180 == 0:
        return (x + a0, y + c0, x + a1, y + c1)
    # vertical (90): text runs up the sheet; 'across' is to the left of the baseline
    return (x + c0, y - a1, x + c1, y - a0)


def texts_of(sch):
    root = sexpr.load(sch)
    out = []

    def eff(node):
        e = sexpr.first(node, "effects")
        font = sexpr.first(e, "font") if e else None
        size = float(sexpr.first(font, "size")[1]) if font and sexpr.first(font, "size") else 1.27
        j = sexpr.first(e, "justify") if e else None
        hidden = bool(e and (sexpr.first(e, "hide") and sexpr.first(e, "hide")[1] == "yes"))
        return size, " ".join(j[1:]) if j else "", hidden

    for kind in ("label", "text", "global_label", "hierarchical_label"):
        for node in sexpr.items(root, kind):
            at = sexpr.first(node, "at")
            size, just, _h = eff(node)
            if kind == "label" and not just:
                just = "left bottom"
            out.append(("%s '%s'" % (kind, node[1].replace("\n", " ")[:30]),
                        box(node[1], float(at[1]), float(at[2]), int(float(at[3])), size, just)))
    for sym in sexpr.items(root, "symbol"):
        ref = next((p[2] for p in sexpr.items(sym, "property") if p[1] == "Reference"), "?")
        rot = int(float(sexpr.first(sym, "at")[3]))
        for p in sexpr.items(sym, "property"):
            size, just, hidden = eff(p)
            if hidden or not p[2]:
                continue
            at = sexpr.first(p, "at")
            # a field's angle is the symbol's plus its own; a rotated field is centred
            angle = (int(float(at[3])) + rot) % 180
            out.append(("%s of %s '%s'" % (p[1], ref, p[2]),
                        box(p[2], float(at[1]), float(at[2]), angle, size,
                            just if not rot else "")))
    return out


def schtext(sch):
    items = texts_of(sch)
    fails = []
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            (na, a), (nb, b) = items[i], items[j]
            if a[0] + SHRINK < b[2] - SHRINK and b[0] + SHRINK < a[2] - SHRINK and \
                    a[1] + SHRINK < b[3] - SHRINK and b[1] + SHRINK < a[3] - SHRINK:
                fails.append("%s overlaps %s (at %.1f, %.1f)" % (na, nb, a[0], a[1]))
    for f in fails[:20]:
        print("schtext: FAIL " + f)
    print("schtext: %d texts, %d overlapping pairs" % (len(items), len(fails)))
    print("schtext: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def svg_texts(svg):
    """[(text, (x0, y0, x1, y1))] of every text KiCad's SVG export draws: the box of its
    strokes (each a <g class="stroked-text"> with its words in <desc>), sheet mm."""
    out = []
    for m in re.finditer(r'<g class="stroked-text"><desc>(.*?)</desc>(.*?)</g>', svg, re.S):
        nums = [float(v) for v in re.findall(r"[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)", m.group(2))
                for v in v]
        if nums:
            xs, ys = nums[0::2], nums[1::2]
            out.append((html.unescape(m.group(1)), (min(xs), min(ys), max(xs), max(ys))))
    return out


def svg_frames(svg):
    """(frame, title block): the drawing sheet's outer frame, the largest closed axis-
    aligned rectangle, and the title block, the largest one narrower than half the frame
    in its bottom-right corner (both sheet mm, (x0, y0, x1, y1))."""
    rects = []
    for m in re.finditer(r'<path d="M([\d.]+) ([\d.]+)\s+L([\d.]+) ([\d.]+)\s+L([\d.]+) '
                         r'([\d.]+)\s+L([\d.]+) ([\d.]+)\s+L([\d.]+) ([\d.]+)\s+"', svg):
        v = [float(x) for x in m.groups()]
        xs, ys = v[0::2], v[1::2]
        if xs[0] == xs[4] and ys[0] == ys[4] and len(set(xs)) == 2 and len(set(ys)) == 2:
            rects.append((min(xs), min(ys), max(xs), max(ys)))
    frame = max(rects, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
    corner = [r for r in rects if abs(frame[2] - r[2]) < 3 and abs(frame[3] - r[3]) < 3
              and r[2] - r[0] < (frame[2] - frame[0]) / 2]
    return frame, max(corner, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))


def frame_fails(texts, frame, block):
    """Texts that leave the frame, or start in the title block and leave it."""
    def inside(b, r):
        return r[0] <= b[0] and b[2] <= r[2] and r[1] <= b[1] and b[3] <= r[3]
    fails = []
    for text, b in texts:
        if not inside(b, frame):
            fails.append("%r reaches (%.1f, %.1f)-(%.1f, %.1f), outside the frame"
                         % (text[:40], *b))
        elif block[0] <= b[0] <= block[2] and block[1] <= b[1] <= block[3] and not inside(b, block):
            fails.append("%r runs to x %.1f, past the title block's right edge at %.1f"
                         % (text[:40], b[2], block[2]))
    return fails


def schframe(sch):
    """Every text of KiCad's own drawing of the schematic (its SVG export) inside the
    sheet's frame, and every title block line inside the title block."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as work:
        r = subprocess.run(["kicad-cli", "sch", "export", "svg", "-o", work, sch],
                           capture_output=True, text=True)
        svgs = [f for f in os.listdir(work) if f.endswith(".svg")]
        if r.returncode or len(svgs) != 1:
            raise SystemExit("schframe: kicad-cli sch export svg failed: %s" % r.stderr)
        svg = open(os.path.join(work, svgs[0]), encoding="utf-8").read()
    texts = svg_texts(svg)
    frame, block = svg_frames(svg)
    fails = frame_fails(texts, frame, block)
    for f in fails:
        print("schframe: FAIL " + f)
    print("schframe: %d texts inside the frame (%.0f x %.0f mm), the title block %.0f mm wide"
          % (len(texts) - len(fails), frame[2] - frame[0], frame[3] - frame[1],
             block[2] - block[0]))
    print("schframe: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def lid(path):
    import json
    from case import caselib, fit
    data = json.load(open(path, encoding="utf-8"))
    parts = data["parts"]
    under = [p for p in parts if "diameter_mm" not in p and "actuator_top_mm" not in p
             and p.get("fitted_from") != "bottom"]
    tallest = max(under, key=lambda p: p["height_mm"])
    fails = []
    for p in (p for p in parts if "actuator_top_mm" in p):
        s = caselib.cap_stack(p["actuator_top_mm"])
        gap = s["z_lid_under"] - tallest["height_mm"]
        print("lid: %s: actuator top %.1f mm; the caps' lid underside %.2f mm, %.2f mm over "
              "%s (%.1f mm)" % (p["value"], p["actuator_top_mm"], s["z_lid_under"], gap,
                                tallest["value"], tallest["height_mm"]))
        if gap < caselib.REQUIRE["lid_clearance"] - 1e-9:
            fails.append("the caps' lid is only %.2f mm over %s (%.1f needed)"
                         % (gap, tallest["value"], caselib.REQUIRE["lid_clearance"]))
        for led in (q for q in parts if "diameter_mm" in q):
            full = s["z_cap_under"] - fit.ASSUME["travel_max"] - led["height_mm"]
            if full < caselib.REQUIRE["led_gap"] - 1e-9:
                fails.append("a cap pressed home is %.2f mm over %s's dome (%.1f needed)"
                             % (full, led["value"], caselib.REQUIRE["led_gap"]))

    def key(p):
        return (p.get("fitted_from") == "bottom",
                max(p["height_mm"], p.get("actuator_top_mm", 0)))
    for a in parts:
        for b in parts:
            if a["order"] < b["order"] and key(a) > key(b):
                fails.append("assembly order: %s (step %d, %.1f mm) before %s (step %d, %.1f mm)"
                             % (a["value"], a["order"], key(a)[1], b["value"], b["order"],
                                key(b)[1]))
    for f in fails:
        print("lid: FAIL " + f)
    print("lid: %d passed, %d failed" % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("roundtrip", "shorts", "sounder", "schtext",
                                                "schframe", "lid"):
        raise SystemExit(__doc__)
    cmd, path = sys.argv[1], sys.argv[2]
    if cmd == "roundtrip":
        return roundtrip(path)
    return {"shorts": shorts, "sounder": sounder, "schtext": schtext, "schframe": schframe,
            "lid": lid}[cmd](path)


if __name__ == "__main__":
    sys.exit(main())
