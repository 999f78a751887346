"""schematics/gen/pcb.py - builds the routed shield PCB from KiCad's netlist, the
placement (placement.py) and the router (router.py), with KiCad's own pcbnew module
(Debian's /usr/bin/python3).

  /usr/bin/python3 -m schematics.gen.pcb NETLIST OUT.kicad_pcb

NETLIST is `kicad-cli sch export netlist` of ttt-shield.kicad_sch; the project file
ttt-shield.kicad_pro (design rules, net classes) must already sit beside OUT.
Invariants: every footprint is a stock one or derived from one (footprints.py), loaded
from the file the project's fp-lib-table names for its library
(schematics/lib/footprints/ and schematics/footprints/, never the KiCad libraries
installed on the machine), tied to its schematic symbol by path, so `kicad-cli pcb drc
--schematic-parity` can compare them; the Uno's USB-B shell and DC jack zones hold no
pads or vias, and no tracks or pour on the bottom layer (rule areas, so DRC enforces
it); the ICSP header is left reachable through a notch in the outline; every reference
is on the fab layers once (the assembly drawing), the silkscreen carries the cell
numbers and the polarity marks, lines at least 0.15 mm, letters upright; the keys carry
the model models.py writes; the stackup states the finish. UUIDs come from a fixed seed,
so the same inputs give the same file (pcbnew parses every footprint of a library folder
it loads from, and each parse draws UUIDs: so the vendored folders, not only the
footprints used, are inputs). GND is routed as tracks and also poured on the bottom.
"""
import math
import os
import sys

import pcbnew

from schematics.gen import board as identity
from schematics.gen import libtable, models, placement, router, sexpr
from schematics.gen.placement import KEEPOUTS, MOUNTING_HOLES, OUTLINE, SCREW_HEAD_R
from schematics.gen.router import MM, V

GND_POUR_LAYERS = (pcbnew.B_Cu,)  # the front is busy with rows; one plane on the back
SILK_LINE_MIN = int(0.15 * MM)


# ---------------------------------------------------------------------------------------
# Netlist
# ---------------------------------------------------------------------------------------
def read_netlist(path):
    root = sexpr.load(path)
    comps = []
    for comp in sexpr.walk(sexpr.first(root, "components"), "comp"):
        fields = {}
        for f in sexpr.walk(comp, "field"):
            fields[sexpr.first(f, "name")[1]] = f[2] if len(f) > 2 else ""
        comps.append({"ref": sexpr.first(comp, "ref")[1], "value": sexpr.first(comp, "value")[1],
                      "footprint": sexpr.first(comp, "footprint")[1],
                      "tstamp": sexpr.first(comp, "tstamps")[1], "fields": fields})
    nets = {}
    classes = {}
    for net in sexpr.walk(sexpr.first(root, "nets"), "net"):
        name = sexpr.first(net, "name")[1]
        cls = sexpr.first(net, "class")
        classes[name] = cls[1] if cls else "Default"
        nets[name] = [(sexpr.first(n, "ref")[1], sexpr.first(n, "pin")[1])
                      for n in sexpr.items(net, "node")]
    return comps, nets, classes


# ---------------------------------------------------------------------------------------
# Board building
# ---------------------------------------------------------------------------------------
def add_outline(board):
    pts = OUTLINE
    for a, b in zip(pts, pts[1:] + pts[:1]):
        seg = pcbnew.PCB_SHAPE(board)
        seg.SetShape(pcbnew.SHAPE_T_SEGMENT)
        seg.SetStart(V(*a))
        seg.SetEnd(V(*b))
        seg.SetLayer(pcbnew.Edge_Cuts)
        seg.SetWidth(int(0.05 * MM))
        board.Add(seg)


def bottom_only():
    layers = pcbnew.LSET()
    layers.AddLayer(pcbnew.B_Cu)
    return layers


def add_keepouts(board):
    """Over the Uno's USB-B shell and DC jack: no pads or vias on either layer, and no
    tracks or pour on the bottom layer, which faces the metal (placement.KEEPOUTS)."""
    for name, (x0, y0, x1, y1) in KEEPOUTS.items():
        for layers, what, bottom in ((pcbnew.LSET.AllCuMask(), "no pads/vias", False),
                                     (bottom_only(), "no tracks/pour on B.Cu", True)):
            z = pcbnew.ZONE(board)
            z.SetIsRuleArea(True)
            z.SetZoneName("Uno %s below: %s" % (name, what))
            z.SetLayerSet(layers)
            z.SetDoNotAllowVias(not bottom)
            z.SetDoNotAllowPads(not bottom)
            z.SetDoNotAllowFootprints(False)
            z.SetDoNotAllowTracks(bottom)
            z.SetDoNotAllowCopperPour(bottom)
            ol = z.Outline()
            ol.NewOutline()
            for (x, y) in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
                ol.Append(V(x, y))
            board.Add(z)


def add_hole_keepouts(board):
    for (hx, hy) in MOUNTING_HOLES:
        z = pcbnew.ZONE(board)
        z.SetIsRuleArea(True)
        z.SetZoneName("M3 screw head: no copper pour")
        z.SetLayerSet(pcbnew.LSET.AllCuMask())
        z.SetDoNotAllowCopperPour(True)
        z.SetDoNotAllowVias(False)
        z.SetDoNotAllowPads(False)
        z.SetDoNotAllowTracks(False)
        z.SetDoNotAllowFootprints(False)
        ol = z.Outline()
        ol.NewOutline()
        for n in range(16):
            a = 2 * math.pi * n / 16
            ol.Append(V(hx + SCREW_HEAD_R * math.cos(a), hy + SCREW_HEAD_R * math.sin(a)))
        board.Add(z)


def add_text(board, text, x, y, size, layer, angle=0):
    t = pcbnew.PCB_TEXT(board)
    t.SetText(text)
    t.SetPosition(V(x, y))
    t.SetTextAngleDegrees(angle)
    t.SetLayer(board.GetLayerID(layer.replace("SilkS", "Silkscreen")))
    t.SetTextSize(pcbnew.VECTOR2I(int(size * MM), int(size * MM)))
    t.SetTextThickness(int(round(max(0.15, size * 0.15), 2) * MM))
    if layer.startswith("B."):
        t.SetMirrored(True)
    board.Add(t)


def add_gnd_zone(board, gnd):
    for layer in GND_POUR_LAYERS:
        z = pcbnew.ZONE(board)
        z.SetLayer(layer)
        z.SetNet(gnd)
        z.SetZoneName("GND")
        z.SetLocalClearance(int(0.3 * MM))
        z.SetMinThickness(int(0.25 * MM))
        z.SetThermalReliefGap(int(0.25 * MM))
        z.SetThermalReliefSpokeWidth(int(0.4 * MM))
        z.SetIslandRemovalMode(pcbnew.ISLAND_REMOVAL_MODE_ALWAYS)
        z.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        ol = z.Outline()
        ol.NewOutline()
        for (x, y) in OUTLINE:
            ol.Append(V(x, y))
        board.Add(z)
    filler = pcbnew.ZONE_FILLER(board)
    filler.Fill(board.Zones())


def new_board(out):
    """An empty two-layer board with its origins at the board's lower-left corner."""
    board = pcbnew.NewBoard(out)
    board.SetCopperLayerCount(2)
    ds = board.GetDesignSettings()
    ds.SetAuxOrigin(V(0, 0))   # drill/place origin = the board's lower-left corner, so
    ds.SetGridOrigin(V(0, 0))  # placement files read in Uno coordinates
    tb = board.GetTitleBlock()
    tb.SetTitle(identity.NAME)
    tb.SetRevision(identity.REVISION)
    tb.SetDate(identity.DATE)
    tb.SetComment(0, "Generated by schematics/gen/pcb.py from the schematic's netlist")
    tb.SetComment(1, "Licence: " + identity.LICENCE)
    return board


def add_nets(board, nets):
    """({net name: NETINFO_ITEM}, {(ref, pin): net name})."""
    netinfo = {}
    for name in sorted(nets):
        ni = pcbnew.NETINFO_ITEM(board, name)
        board.Add(ni)
        netinfo[name] = ni
    pin_net = {}
    for name, nodes in nets.items():
        for ref, pin in nodes:
            pin_net[(ref, pin)] = name
    return netinfo, pin_net


def load_footprint(c):
    """The component's footprint from the project's library, tied to its symbol."""
    lib, name = c["footprint"].split(":")
    fp = pcbnew.FootprintLoad(libtable.resolve("footprint", lib), name)
    if fp is None:
        raise SystemExit("pcb: footprint %s not found in %s (make kicad-update-libs)"
                         % (c["footprint"], libtable.resolve("footprint", lib)))
    fp.SetFPID(pcbnew.LIB_ID(lib, name))
    fp.SetReference(c["ref"])
    fp.SetValue(c["value"])
    fp.SetPath(pcbnew.KIID_PATH("/" + c["tstamp"]))
    fp.SetSheetname("")
    fp.SetSheetfile("ttt-shield.kicad_sch")
    for fname in ("Datasheet", "Description", "Manufacturer", "MPN"):
        if fname in c["fields"]:
            fp.SetField(fname, c["fields"][fname])
            fld = fp.GetFieldByName(fname)
            fld.SetVisible(False)
            fld.SetLayer(pcbnew.F_Fab)
    return fp


def place_footprint(board, fp, c, place, pin_net, netinfo):
    board.Add(fp)
    if c["ref"] == "J1":
        fp.SetPosition(V(*placement.J1_PAD1))
        fp.Flip(fp.GetPosition(), pcbnew.FLIP_DIRECTION_TOP_BOTTOM)
    else:
        if c["ref"] not in place:
            raise SystemExit("pcb: no placement for %s" % c["ref"])
        x, y, rot = place[c["ref"]]
        fp.SetPosition(V(x, y))
        fp.SetOrientationDegrees(rot)
    for pad in fp.Pads():
        key = (c["ref"], pad.GetNumber())
        if key in pin_net:
            pad.SetNet(netinfo[pin_net[key]])
    fab_texts(fp, c["ref"])
    silk_to_rules(fp)
    if c["value"] in models.MODELS:  # the part's own model (gen/models.py)
        fp.Models()[0].m_Filename = "${KIPRJMOD}/3dmodels/" + models.MODELS[c["value"]][0]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    net_path, out = sys.argv[1], sys.argv[2]
    pro = os.path.splitext(out)[0] + ".kicad_pro"
    if not os.path.exists(pro):
        raise SystemExit("pcb: %s is missing: the design rules and net classes come "
                         "from it (copy schematics/ttt-shield.kicad_pro)" % pro)
    pcbnew.KIID.SeedGenerator(20261121)
    comps, nets, classes = read_netlist(net_path)
    board = new_board(out)
    place = placement.placement()
    netinfo, pin_net = add_nets(board, nets)
    fps = {}
    for c in comps:
        fps[c["ref"]] = fp = load_footprint(c)
        place_footprint(board, fp, c, place, pin_net, netinfo)

    add_outline(board)
    add_keepouts(board)
    add_hole_keepouts(board)
    for (text, x, y, size, layer, _owner) in placement.silk_texts():
        add_text(board, text, x, y, size, layer)
        if len(text) <= 2:   # the marks and cell numbers: on the assembly drawing too
            add_text(board, text, x, y, size, layer.replace("SilkS", "Fab"))
    for (text, x, y, size, angle) in placement.identity_texts():
        add_text(board, text, x, y, size, "F.SilkS", angle)
    silk_references(board, place)
    pin_labels(board, fps["J1"])

    router.route(board, fps, nets, classes, netinfo)
    add_gnd_zone(board, netinfo["GND"])
    board.BuildConnectivity()
    pcbnew.SaveBoard(out, board)
    set_page(out)
    tracks = [t for t in board.GetTracks() if t.GetClass() == "PCB_TRACK"]
    vias = [t for t in board.GetTracks() if t.GetClass() == "PCB_VIA"]
    print("pcb: %d footprints, %d nets, %d track segments, %d vias -> %s"
          % (len(fps), len(nets), len(tracks), len(vias), out))


# The board house's stackup: 1.6 mm FR-4, 1 oz copper, lead-free HASL (the job file's
# "Finish" comes from copper_finish).
STACKUP = """\t\t(stackup
\t\t\t(layer "F.SilkS" (type "Top Silk Screen"))
\t\t\t(layer "F.Mask" (type "Top Solder Mask") (thickness 0.01))
\t\t\t(layer "F.Cu" (type "copper") (thickness 0.035))
\t\t\t(layer "dielectric 1" (type "core") (thickness 1.51) (material "FR4") (epsilon_r 4.5)
\t\t\t\t(loss_tangent 0.02))
\t\t\t(layer "B.Cu" (type "copper") (thickness 0.035))
\t\t\t(layer "B.Mask" (type "Bottom Solder Mask") (thickness 0.01))
\t\t\t(layer "B.SilkS" (type "Bottom Silk Screen"))
\t\t\t(copper_finish "HAL lead-free")
\t\t\t(dielectric_constraints no)
\t\t)
"""


def set_page(path):
    """A page just larger than the board (the board 4 mm inside it), so the assembly
    drawing fills whatever paper it is printed on: kicad-cli plots the page as it is;
    and the stackup with its finish. pcbnew's Python binding has neither setter, so the
    saved file is edited."""
    text = open(path, encoding="utf-8").read()
    w, h = placement.BOARD_W + 2 * router.OX, router.OY + router.OX
    new = text.replace('(paper "A4")', '(paper "User" %.2f %.2f)' % (w, h), 1)
    new = new.replace("\t(setup\n", "\t(setup\n" + STACKUP, 1)
    if new.count("(paper \"User\"") != 1 or new.count("(copper_finish") != 1:
        raise SystemExit("pcb: no (paper \"A4\") or (setup line in %s" % path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


def fab_texts(fp, ref):
    """The fab layer (the assembly drawing) shows each part's reference once: the stock
    footprint's own ${REFERENCE} text there, at the body's centre. The Reference field
    is hidden (it would print a second copy), and so is the value."""
    field = fp.Reference()
    field.SetLayer(pcbnew.B_Fab if fp.IsFlipped() else pcbnew.F_Fab)
    field.SetVisible(False)
    fp.Value().SetVisible(False)


def silk_to_rules(fp):
    """The stock footprints draw silk lines 0.12 mm wide (KLC); board houses ask for
    0.15 mm: widened. Their silk letters (the diode's K) turn with the part: set upright.
    KiCad's library comparison (DRC lib_footprint_mismatch) ignores both."""
    for g in fp.GraphicalItems():
        if g.GetLayer() not in (pcbnew.F_SilkS, pcbnew.B_SilkS):
            continue
        if isinstance(g, pcbnew.PCB_TEXT):
            g.SetTextAngleDegrees(0)
        elif g.GetWidth() < SILK_LINE_MIN:
            g.SetWidth(SILK_LINE_MIN)


def silk_references(board, place):
    """Resistor, MOSFET and sounder references on the silkscreen, inside each body's outline
    (the cells carry their number instead: cell n holds LEDn, SWn and Dn)."""
    for ref, (x, y, rot) in place.items():
        if ref.startswith("R"):
            cx, cy = (x + 3.81, y) if rot == 0 else (x, y + 3.81)
            add_text(board, ref, cx, cy, 1.0, "F.SilkS", 90 if rot else 0)
        elif ref.startswith("Q"):
            add_text(board, ref, x + placement.Q_REF_DX, y - 1.27, 1.0, "F.SilkS")
        elif ref.startswith("BZ"):  # inside the body's circle, below its two pads
            add_text(board, ref, x + placement.BZ1_PITCH / 2, y - 3.0, 1.0, "F.SilkS")


PIN_LABEL_SIZE, PIN_LABEL_GAP, PIN_LABEL_CLEAR = 1.0, 0.3, 0.25   # mm


def pin_names():
    """{J1 pad number: the Uno's name for it, as printed on the Uno} (the stock symbol's)."""
    from schematics.gen import schematic
    return {num: name.replace("+5V", "5V") for name, nums in schematic.uno_pins().items()
            for num in nums}


def silk_obstacles(board, j1):
    """What a pin label keeps PIN_LABEL_CLEAR from: (boxes of every pad and every silk text
    already on the board, KiCad nm; the outlines of every other footprint's courtyard)."""
    boxes = [p.GetBoundingBox() for fp in board.GetFootprints() for p in fp.Pads()]
    for d in board.GetDrawings():
        if d.GetLayer() == pcbnew.F_SilkS and isinstance(d, pcbnew.PCB_TEXT):
            ink = d.GetEffectiveTextShape().BBox()
            boxes.append(pcbnew.BOX2I(pcbnew.VECTOR2I(ink.GetLeft(), ink.GetTop()),
                                      pcbnew.VECTOR2L(ink.GetWidth(), ink.GetHeight())))
    yards = [fp.GetCourtyard(pcbnew.F_CrtYd) for fp in board.GetFootprints()
             if fp is not j1 and fp.GetCourtyard(pcbnew.F_CrtYd).OutlineCount()]
    return boxes, yards


def pin_labels(board, j1):
    """Each header pin's Uno name on the top silkscreen, turned to read up, just inside the
    board from its pad, where it fits: PIN_LABEL_CLEAR from every pad, courtyard and silk
    text, and inside the board (the rest go without: the assembly drawing and pins.md
    name every pin)."""
    names, clear = pin_names(), int(PIN_LABEL_CLEAR * MM)
    boxes, yards = silk_obstacles(board, j1)
    edge = board.GetBoardEdgesBoundingBox()
    edge.Inflate(-clear)
    middle = edge.GetCenter().y
    for pad in j1.Pads():
        if pad.GetAttribute() != pcbnew.PAD_ATTRIB_PTH or pad.GetNumber() not in names:
            continue
        top = pad.GetPosition().y < middle
        reach = pad.GetBoundingBox().GetHeight() // 2 + int(PIN_LABEL_GAP * MM)
        t = pcbnew.PCB_TEXT(board)
        t.SetText(names[pad.GetNumber()])
        t.SetLayer(pcbnew.F_SilkS)
        t.SetTextSize(pcbnew.VECTOR2I(int(PIN_LABEL_SIZE * MM), int(PIN_LABEL_SIZE * MM)))
        t.SetTextThickness(int(0.15 * MM))
        t.SetTextAngleDegrees(90)
        t.SetHorizJustify(pcbnew.GR_TEXT_H_ALIGN_RIGHT if top else pcbnew.GR_TEXT_H_ALIGN_LEFT)
        t.SetPosition(pcbnew.VECTOR2I(pad.GetPosition().x,
                                      pad.GetPosition().y + (reach if top else -reach)))
        ink = t.GetEffectiveTextShape().BBox()
        box = pcbnew.BOX2I(pcbnew.VECTOR2I(ink.GetLeft(), ink.GetTop()),
                           pcbnew.VECTOR2L(ink.GetWidth(), ink.GetHeight()))
        grown = pcbnew.BOX2I(box.GetOrigin(), box.GetSize())
        grown.Inflate(clear)
        rect = pcbnew.SHAPE_RECT(box)
        if edge.Contains(box) and not any(grown.Intersects(o) for o in boxes) \
                and not any(y.Collide(rect, clear) for y in yards):
            board.Add(t)


if __name__ == "__main__":
    main()
