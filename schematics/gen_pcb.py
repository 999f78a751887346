#!/usr/bin/python3
"""schematics/gen_pcb.py - builds the routed shield PCB from KiCad's netlist and the
placement below, with KiCad's own pcbnew module (Debian's /usr/bin/python3).

  /usr/bin/python3 schematics/gen_pcb.py NETLIST OUT.kicad_pcb

NETLIST is `kicad-cli sch export netlist` of ttt-shield.kicad_sch; the project file
ttt-shield.kicad_pro (design rules, net classes) must already sit beside OUT.
Invariants: every footprint is a stock one, loaded from the file the project's
fp-lib-table names for its library (the vendored copies in schematics/lib/footprints/,
never the KiCad libraries installed on the machine), tied to its schematic symbol by
path, so `kicad-cli pcb drc --schematic-parity` can compare them; nothing with exposed
copper sits over the Uno's USB-B shell or DC jack (rule areas, so DRC enforces it); the
ICSP header is left reachable through a notch in the outline. UUIDs come from a fixed
seed, so the same inputs give the same file (pcbnew parses every footprint of a library
folder it loads from, and each parse draws UUIDs: so the vendored folders, not only the
footprints used, are inputs).
Routing: a grid maze router (A*, 0.254 mm grid, two layers, 45-degree moves) that
prefers horizontal tracks on F.Cu and vertical ones on B.Cu, so the LED/key rows run on
the front, the columns on the back, and vias sit where they cross; each path is then
straightened (longest free 0/45/90-degree runs). Nets are routed one at a time; a net
that cannot be routed stops the script with its name. Bends cost extra, so paths are
long straight runs rather than staircases. GND is routed as tracks and also poured as a
zone on the bottom layer.
"""
import heapq
import math
import os
import sys

import pcbnew

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import libtable  # noqa: E402
import sexpr  # noqa: E402

MM = 1000000
OX, OY = 100.0, 150.0  # KiCad position of the board's lower-left corner (Uno origin)

# ---------------------------------------------------------------------------------------
# Board geometry, in Uno coordinates: mm from the lower-left corner seen from the top,
# x right, y up (the USB-B jack and DC jack on the left edge). Sources: the stock
# footprint Module:Arduino_UNO_R3_WithMountingHoles (outline, holes, USB/DC bodies).
# ---------------------------------------------------------------------------------------
BOARD_W, BOARD_H = 68.58, 53.34
ICSP_NOTCH = (58.42, 22.86, 33.02)  # x from, y from, y to: the Uno's ICSP header (2x3,
                                     # pins x 62.2/64.8, y 25.4-30.5) stays pluggable
OUTLINE = [(0, 0), (66.04, 0), (66.04, 2.54), (68.58, 5.08), (68.58, ICSP_NOTCH[1]),
           (ICSP_NOTCH[0], ICSP_NOTCH[1]), (ICSP_NOTCH[0], ICSP_NOTCH[2]),
           (68.58, ICSP_NOTCH[2]), (68.58, 37.85), (66.04, 40.39), (66.04, 51.82),
           (64.52, 53.34), (0, 53.34)]
# Where the Uno's tall metal parts sit under the shield (body outline + 1 mm): no pads,
# no vias, no footprints there; tracks under solder mask may cross.
KEEPOUTS = {"USB-B jack": (0, 31.38, 10.53, 44.81), "DC jack": (0, 2.18, 12.18, 13.07)}
# The Uno's mounting holes (M3): no copper pour within a screw head's reach.
MOUNTING_HOLES = [(13.97, 2.54), (15.24, 50.8), (66.04, 7.62), (66.04, 35.56)]
SCREW_HEAD_R = 2.8

# Placement: ref -> (x, y, rotation degrees) in Uno coordinates; J1 goes on the bottom.
CELL_X = [18.6, 32.6, 46.6]          # cell centres, columns 0..2 (left to right)
CELL_Y = [40.3, 26.1, 11.9]          # rows 0..2 (top to bottom); 14.2 mm pitch
PLACE = {}


def cell_parts():
    for r in range(3):
        for c in range(3):
            i = 3 * r + c + 1
            cx, cy = CELL_X[c], CELL_Y[r]
            PLACE["LED%d" % i] = (cx - 2.54, cy + 4.0, 0)     # pads 1-2-3 left to right
            PLACE["SW%d" % i] = (cx - 3.25, cy - 0.8, 0)      # pad 1 top-left
            PLACE["D%d" % i] = (cx + 5.64, cy + 2.1, 90)      # cathode (pad 1) below


def driver_parts():
    # Column resistors under D2-D7: the red ones (R1, R3, R5 = 270 R) in the upper row,
    # the green ones (R2, R4, R6 = 180 R) below; column 0 on the right like D2/D3.
    # Pad 1 (MCU side) on top.
    for c in range(3):
        x = 61.8 - 3.2 * c
        PLACE["R%d" % (2 * c + 1)] = (x, 46.8, 270)
        PLACE["R%d" % (2 * c + 2)] = (x, 40.6, 270)
    # Row switches in the strip between the DC jack and the USB jack.
    for r in range(3):
        y = 28.4 - 5.7 * r
        PLACE["R%d" % (7 + r)] = (1.9, y + 1.27, 270)      # gate resistor, vertical
        PLACE["Q%d" % (1 + r)] = (5.0, y, 0)              # S G D left to right
        PLACE["R%d" % (10 + r)] = (10.7, y + 1.27, 270)    # pull-down, vertical


cell_parts()
driver_parts()
J1_PAD1 = (27.94, 2.54)  # the footprint's origin is pad 1 (NC) of the power header

SILK_TEXT = [  # text, x, y, size, layer
    ("R7-9", 1.9, 32.3, 0.8, "F.SilkS"),
    ("Q1-3", 6.3, 32.3, 0.8, "F.SilkS"),
    ("R10-12", 10.7, 32.3, 0.8, "F.SilkS"),
    ("TIC-TAC-TOE", 61.8, 17.6, 1.2, "F.SilkS"),
    ("SHIELD r1", 61.8, 15.6, 1.2, "F.SilkS"),
    ("ICSP", 62.4, 34.6, 0.8, "F.SilkS"),
]

# ---------------------------------------------------------------------------------------
# Router parameters
# ---------------------------------------------------------------------------------------
GRID = 0.254
MARGIN = 0.06            # grid discretisation allowance on every clearance
VIA_D, VIA_DRILL = 0.6, 0.3
POWER_VIA_D, POWER_VIA_DRILL = 0.8, 0.4
CLEARANCE = 0.2
EDGE_CLEARANCE = 0.5
HOLE_TO_HOLE = 0.5
VIA_COST = 10.0          # in grid steps
WRONG_WAY = 1.8          # cost factor for a vertical step on F.Cu / horizontal on B.Cu
GND_POUR_LAYERS = (pcbnew.B_Cu,)  # the front is busy with rows; one plane on the back
TURN_COST = 2.0          # per 45-degree bend (a 90-degree or sharper bend costs 3 times)


def V(x, y):
    return pcbnew.VECTOR2I(int(round((OX + x) * MM)), int(round((OY - y) * MM)))


def to_uno(vec):
    return vec.x / MM - OX, OY - vec.y / MM


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
# Geometry helpers (mm, Uno coordinates)
# ---------------------------------------------------------------------------------------
def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    ex, ey = ax + t * dx - px, ay + t * dy - py
    return math.hypot(ex, ey)


class Shape:
    """Copper as a 'stadium' (segment a-b with radius r) or an axis-aligned rectangle."""

    def __init__(self, kind, a, b, r=0.0):
        self.kind, self.a, self.b, self.r = kind, a, b, r

    def dist(self, x, y):  # distance from (x, y) to the copper (0 inside)
        if self.kind == "seg":
            return max(0.0, seg_dist(x, y, self.a[0], self.a[1], self.b[0], self.b[1]) - self.r)
        (x0, y0), (x1, y1) = self.a, self.b
        dx = max(x0 - x, 0.0, x - x1)
        dy = max(y0 - y, 0.0, y - y1)
        return math.hypot(dx, dy)

    def bbox(self):
        if self.kind == "seg":
            return (min(self.a[0], self.b[0]) - self.r, min(self.a[1], self.b[1]) - self.r,
                    max(self.a[0], self.b[0]) + self.r, max(self.a[1], self.b[1]) + self.r)
        return (self.a[0], self.a[1], self.b[0], self.b[1])


def pad_shape(pad):
    bb = pad.GetBoundingBox()
    x0, y1 = to_uno(pcbnew.VECTOR2I(bb.GetX(), bb.GetY()))
    x1, y0 = to_uno(pcbnew.VECTOR2I(bb.GetRight(), bb.GetBottom()))
    w, h = x1 - x0, y1 - y0
    shape = pad.GetShape(pcbnew.F_Cu)
    if shape in (pcbnew.PAD_SHAPE_CIRCLE, pcbnew.PAD_SHAPE_OVAL):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(w, h) / 2
        if w >= h:
            return Shape("seg", (x0 + r, cy), (x1 - r, cy), r)
        return Shape("seg", (cx, y0 + r), (cx, y1 - r), r)
    return Shape("rect", (x0, y0), (x1, y1))


# ---------------------------------------------------------------------------------------
# Grid
# ---------------------------------------------------------------------------------------
class Grid:
    HW = {"Default": 0.125, "Power": 0.25}

    def __init__(self, outline, keepouts):
        self.W = int(BOARD_W / GRID) + 2
        self.H = int(BOARD_H / GRID) + 2
        self.N = self.W * self.H
        # block[(cls, layer)][cell]: 0 free, k = only net k's copper near, 255 blocked
        self.block = {(c, l): bytearray(self.N) for c in self.HW for l in (0, 1)}
        self.via_block = {c: bytearray(self.N) for c in self.HW}  # both layers + holes
        self.outline = outline
        self.keepouts = keepouts
        self._edges()

    def xy(self, i):
        return (i % self.W) * GRID, (i // self.W) * GRID

    def index(self, x, y):
        return int(round(y / GRID)) * self.W + int(round(x / GRID))

    def _edges(self):
        pts = self.outline
        edges = list(zip(pts, pts[1:] + pts[:1]))
        for i in range(self.N):
            x, y = self.xy(i)
            inside = False
            for (ax, ay), (bx, by) in edges:
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
            d = min(seg_dist(x, y, ax, ay, bx, by) for (ax, ay), (bx, by) in edges)
            for cls, hw in self.HW.items():
                if not inside or d < EDGE_CLEARANCE + hw + MARGIN:
                    self.block[(cls, 0)][i] = self.block[(cls, 1)][i] = 255
                vr = (POWER_VIA_D if cls == "Power" else VIA_D) / 2
                if not inside or d < EDGE_CLEARANCE + vr + MARGIN:
                    self.via_block[cls][i] = 255
            for (x0, y0, x1, y1) in self.keepouts:
                if x0 - 0.45 <= x <= x1 + 0.45 and y0 - 0.45 <= y <= y1 + 0.45:
                    for cls in self.HW:
                        self.via_block[cls][i] = 255

    def _cells(self, bbox, reach):
        x0, y0, x1, y1 = bbox
        i0 = max(0, int((x0 - reach) / GRID))
        i1 = min(self.W - 1, int((x1 + reach) / GRID) + 1)
        j0 = max(0, int((y0 - reach) / GRID))
        j1 = min(self.H - 1, int((y1 + reach) / GRID) + 1)
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                yield j * self.W + i, i * GRID, j * GRID

    @staticmethod
    def _mark(arr, k, net):
        v = arr[k]
        if v == 0:
            arr[k] = net
        elif v != net:
            arr[k] = 255

    def add_copper(self, shape, layers, net):
        """Copper of net (1..254; 255 for copper of no net) on the given layers."""
        for cls, hw in self.HW.items():
            reach = CLEARANCE + hw + MARGIN
            vr = (POWER_VIA_D if cls == "Power" else VIA_D) / 2
            vreach = CLEARANCE + vr + MARGIN
            for k, x, y in self._cells(shape.bbox(), max(reach, vreach)):
                d = shape.dist(x, y)
                if d < reach:
                    for l in layers:
                        self._mark(self.block[(cls, l)], k, net)
                if d < vreach:
                    self._mark(self.via_block[cls], k, net)

    def add_hole(self, x, y, radius):
        """A drilled hole: no via of any net closer than the hole-to-hole rule."""
        for cls in self.HW:
            vr = (POWER_VIA_DRILL if cls == "Power" else VIA_DRILL) / 2
            reach = radius + HOLE_TO_HOLE + vr + MARGIN
            for k, cx, cy in self._cells((x, y, x, y), reach):
                if math.hypot(cx - x, cy - y) < reach:
                    self.via_block[cls][k] = 255

    def free(self, cls, layer, k, net):
        v = self.block[(cls, layer)][k]
        return v == 0 or v == net

    def via_ok(self, cls, k, net):
        v = self.via_block[cls][k]
        return (v == 0 or v == net) and self.free(cls, 0, k, net) and self.free(cls, 1, k, net)


DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def astar(grid, cls, net, sources, targets, target_pts):
    """Cheapest path from any source state to any target state; states are
    (layer, cell). Returns the list of states or None."""
    W, N = grid.W, grid.N
    best = {}
    heap = []
    tx = [(x, y) for (x, y) in target_pts]

    def h(k):
        x, y = (k % W) * GRID, (k // W) * GRID
        return min(math.hypot(x - a, y - b) for (a, b) in tx) / GRID

    for s in sources:
        best[s] = 0.0
        heapq.heappush(heap, (h(s[1]), 0.0, s, None))
    came = {}
    while heap:
        f, g, s, prev = heapq.heappop(heap)
        if s in came:
            continue
        came[s] = prev
        if s in targets:
            path = [s]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return path[::-1]
        layer, k = s
        x, y = k % W, k // W
        din = None
        if prev is not None and prev[0] == layer:
            din = (x - prev[1] % W, y - prev[1] // W)
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx >= W or ny >= grid.H:
                continue
            nk = ny * W + nx
            if not grid.free(cls, layer, nk, net):
                continue
            if dx and dy:
                if not (grid.free(cls, layer, y * W + nx, net) or grid.free(cls, layer, ny * W + x, net)):
                    continue
                step = 1.4142 * 1.15
            elif (layer == 0 and dy) or (layer == 1 and dx):
                step = WRONG_WAY
            else:
                step = 1.0
            if din is not None and din != (dx, dy):
                # bend penalty: fewer, longer runs instead of staircases
                step += TURN_COST if din[0] * dx + din[1] * dy > 0 else 3 * TURN_COST
            ns = (layer, nk)
            ng = g + step
            if ng < best.get(ns, 1e18):
                best[ns] = ng
                heapq.heappush(heap, (ng + h(nk), ng, ns, s))
        other = (1 - layer, k)
        if grid.via_ok(cls, k, net):
            ng = g + VIA_COST
            if ng < best.get(other, 1e18):
                best[other] = ng
                heapq.heappush(heap, (ng + h(k), ng, other, s))
    return None


def line_cells(grid, a, b):
    """Grid cells on the straight 0/45/90-degree run from cell a to cell b, or None."""
    W = grid.W
    ax, ay, bx, by = a % W, a // W, b % W, b // W
    dx, dy = bx - ax, by - ay
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(ay + t * sy) * W + (ax + t * sx) for t in range(n + 1)]


def straighten(grid, cls, net, path):
    """Replace runs of the path by the longest free straight runs (same layer)."""
    out = [path[0]]
    i = 0
    while i < len(path) - 1:
        layer = path[i][0]
        if path[i + 1][0] != layer:  # a via
            out.append(path[i + 1])
            i += 1
            continue
        j = i + 1
        for cand in range(len(path) - 1, i, -1):
            if any(path[t][0] != layer for t in range(i, cand + 1)):
                continue
            cells = line_cells(grid, path[i][1], path[cand][1])
            if cells and all(grid.free(cls, layer, c, net) for c in cells):
                j = cand
                break
        out.append(path[j])
        i = j
    return out


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


def add_keepouts(board):
    for name, (x0, y0, x1, y1) in KEEPOUTS.items():
        z = pcbnew.ZONE(board)
        z.SetIsRuleArea(True)
        z.SetZoneName("Uno %s below: no pads/vias" % name)
        z.SetLayerSet(pcbnew.LSET.AllCuMask())
        z.SetDoNotAllowVias(True)
        z.SetDoNotAllowPads(True)
        z.SetDoNotAllowFootprints(False)
        z.SetDoNotAllowTracks(False)
        z.SetDoNotAllowCopperPour(False)
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


def add_text(board, text, x, y, size, layer):
    t = pcbnew.PCB_TEXT(board)
    t.SetText(text)
    t.SetPosition(V(x, y))
    t.SetLayer(board.GetLayerID(layer.replace("SilkS", "Silkscreen")))
    t.SetTextSize(pcbnew.VECTOR2I(int(size * MM), int(size * MM)))
    t.SetTextThickness(int(max(0.15, size * 0.15) * MM))
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


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    net_path, out = sys.argv[1], sys.argv[2]
    pro = os.path.splitext(out)[0] + ".kicad_pro"
    if not os.path.exists(pro):
        raise SystemExit("gen_pcb: %s is missing: the design rules and net classes come "
                         "from it (copy schematics/ttt-shield.kicad_pro)" % pro)
    pcbnew.KIID.SeedGenerator(20261121)
    comps, nets, classes = read_netlist(net_path)
    board = pcbnew.NewBoard(out)
    board.SetCopperLayerCount(2)
    ds = board.GetDesignSettings()
    ds.SetAuxOrigin(V(0, 0))   # drill/place origin = the board's lower-left corner, so
    ds.SetGridOrigin(V(0, 0))  # placement files read in Uno coordinates
    tb = board.GetTitleBlock()
    tb.SetTitle("Tic-tac-toe shield")
    tb.SetRevision("r1")
    tb.SetComment(0, "Generated by schematics/gen_pcb.py from the schematic's netlist")

    netinfo = {}
    for name in sorted(nets):
        ni = pcbnew.NETINFO_ITEM(board, name)
        board.Add(ni)
        netinfo[name] = ni
    pin_net = {}
    for name, nodes in nets.items():
        for ref, pin in nodes:
            pin_net[(ref, pin)] = name

    fps = {}
    for c in comps:
        lib, name = c["footprint"].split(":")
        fp = pcbnew.FootprintLoad(libtable.resolve("footprint", lib), name)
        if fp is None:
            raise SystemExit("gen_pcb: footprint %s not found in %s (make kicad-update-libs)"
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
        board.Add(fp)
        if c["ref"] == "J1":
            fp.SetPosition(V(*J1_PAD1))
            fp.Flip(fp.GetPosition(), pcbnew.FLIP_DIRECTION_TOP_BOTTOM)
        else:
            if c["ref"] not in PLACE:
                raise SystemExit("gen_pcb: no placement for %s" % c["ref"])
            x, y, rot = PLACE[c["ref"]]
            fp.SetPosition(V(x, y))
            fp.SetOrientationDegrees(rot)
        for pad in fp.Pads():
            key = (c["ref"], pad.GetNumber())
            if key in pin_net:
                pad.SetNet(netinfo[pin_net[key]])
        fps[c["ref"]] = fp
        place_reference(fp, c["ref"])

    add_outline(board)
    add_keepouts(board)
    add_hole_keepouts(board)
    for (text, x, y, size, layer) in SILK_TEXT:
        add_text(board, text, x, y, size, layer)
    cell_labels(board)

    route(board, fps, nets, classes, netinfo)
    add_gnd_zone(board, netinfo["GND"])
    board.BuildConnectivity()
    pcbnew.SaveBoard(out, board)
    tracks = [t for t in board.GetTracks() if t.GetClass() == "PCB_TRACK"]
    vias = [t for t in board.GetTracks() if t.GetClass() == "PCB_VIA"]
    print("gen_pcb: %d footprints, %d nets, %d track segments, %d vias -> %s"
          % (len(fps), len(nets), len(tracks), len(vias), out))


def place_reference(fp, ref):
    """Silkscreen references only where they help and fit: the column resistors.
    Cell parts carry the cell number instead (cell n holds LEDn, SWn, Dn); the row
    switches are labelled per column above their block. All references stay on F.Fab
    (the assembly drawing)."""
    field = fp.Reference()
    field.SetTextSize(pcbnew.VECTOR2I(int(0.8 * MM), int(0.8 * MM)))
    field.SetTextThickness(int(0.15 * MM))
    if ref.startswith("R") and int(ref[1:]) <= 6:
        x, y, _ = PLACE[ref]
        field.SetTextAngleDegrees(0)
        field.SetPosition(V(x, y + 1.9))
        return
    if ref == "J1":  # on the bottom, under the board: its reference goes on B.Fab
        field.SetLayer(pcbnew.B_Fab)
        return
    field.SetLayer(pcbnew.F_Fab)
    field.SetPosition(fp.GetPosition())


def cell_labels(board):
    for r in range(3):
        for c in range(3):
            add_text(board, str(3 * r + c + 1), CELL_X[c] - 6.0, CELL_Y[r] + 4.0, 1.5, "F.SilkS")
            led = PLACE["LED%d" % (3 * r + c + 1)]
            add_text(board, "R", led[0] - 1.75, led[1], 0.8, "F.SilkS")
            add_text(board, "G", led[0] + 5.08 + 1.75, led[1], 0.8, "F.SilkS")


ROUTE_ORDER_FIRST = ("Net-(", "/LED_ROW", "/LED_C", "/LED_A", "/KEY_COL", "/KEY_ROW", "/LED_K")


def route(board, fps, nets, classes, netinfo):
    grid = Grid(OUTLINE, list(KEEPOUTS.values()))
    names = sorted(nets)
    ids = {name: n for n, name in enumerate(names, start=1)}
    assert len(ids) < 255
    pads = {}  # net -> [(pad, shape, layers)]
    for ref, fp in fps.items():
        for pad in fp.Pads():
            shape = pad_shape(pad)
            name = pad.GetNetname()
            hole = pad.GetDrillSize()
            x, y = to_uno(pad.GetPosition())
            if hole.x:
                grid.add_hole(x, y, hole.x / MM / 2)
            if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                # a bare mounting hole: keep copper at the hole clearance
                grid.add_copper(Shape("seg", (x, y), (x, y), hole.x / MM / 2 + 0.05), (0, 1), 255)
                continue
            grid.add_copper(shape, (0, 1), ids.get(name, 255) if name else 255)
            pads.setdefault(name, []).append((pad, shape, (x, y)))

    def order(name):
        for n, prefix in enumerate(ROUTE_ORDER_FIRST):
            if name.startswith(prefix):
                return (n, name)
        return (len(ROUTE_ORDER_FIRST), name)

    routed = [n for n in names if len(pads.get(n, [])) > 1]
    for name in sorted(routed, key=order):
        route_net(board, grid, name, ids[name], classes.get(name, "Default"), pads[name],
                  netinfo[name])


def route_net(board, grid, name, net_id, cls, pads, ni):
    hw = Grid.HW[cls]
    width = int(2 * hw * MM)
    vd, vdrill = (POWER_VIA_D, POWER_VIA_DRILL) if cls == "Power" else (VIA_D, VIA_DRILL)

    def pad_states(shape):
        states = set()
        x0, y0, x1, y1 = shape.bbox()
        for k, x, y in grid._cells((x0, y0, x1, y1), 0):
            if shape.dist(x, y) <= 0 and shape.kind == "seg" and seg_dist(
                    x, y, shape.a[0], shape.a[1], shape.b[0], shape.b[1]) <= shape.r - hw:
                states.update({(0, k), (1, k)})
            elif shape.kind == "rect" and x0 + hw <= x <= x1 - hw and y0 + hw <= y <= y1 - hw:
                states.update({(0, k), (1, k)})
        return {s for s in states if grid.free(cls, s[0], s[1], net_id)}

    # Prim: grow a tree from the first pad, always joining the nearest remaining pad.
    remaining = list(pads)
    first = min(remaining, key=lambda p: (p[2][0], p[2][1]))
    remaining.remove(first)
    tree = pad_states(first[1])
    tree_pts = [first[2]]
    anchor = {s: first[2] for s in tree}  # state -> pad centre it lies in (for stubs)
    while remaining:
        nxt = min(remaining, key=lambda p: min(math.hypot(p[2][0] - a, p[2][1] - b)
                                               for (a, b) in tree_pts))
        remaining.remove(nxt)
        targets = pad_states(nxt[1])
        if not targets or not tree:
            raise SystemExit("gen_pcb: no room to reach a pad of %s at %s" % (name, nxt[2]))
        path = astar(grid, cls, net_id, tree, targets, [nxt[2]])
        if path is None:
            raise SystemExit("gen_pcb: cannot route %s to the pad at (%.2f, %.2f)"
                             % (name, nxt[2][0], nxt[2][1]))
        path = straighten(grid, cls, net_id, path)
        emit(board, grid, path, cls, net_id, ni, width, vd, vdrill, hw,
             anchor.get(path[0]), nxt[2])
        tree.update(path)
        for s in targets:
            tree.add(s)
            anchor[s] = nxt[2]
        tree_pts.append(nxt[2])


def emit(board, grid, path, cls, net_id, ni, width, vd, vdrill, hw, start_pad, end_pad):
    pts = [(s[0], grid.xy(s[1])) for s in path]
    segs = []
    if start_pad is not None:
        segs.append((pts[0][0], start_pad, pts[0][1]))
    for (l0, p0), (l1, p1) in zip(pts, pts[1:]):
        if l0 != l1:
            via = pcbnew.PCB_VIA(board)
            via.SetPosition(V(*p0))
            via.SetWidth(int(vd * MM))
            via.SetDrill(int(vdrill * MM))
            via.SetNet(ni)
            board.Add(via)
            grid.add_copper(Shape("seg", p0, p0, vd / 2), (0, 1), net_id)
            grid.add_hole(p0[0], p0[1], vdrill / 2)
        elif p0 != p1:
            segs.append((l0, p0, p1))
    segs.append((pts[-1][0], pts[-1][1], end_pad))
    merged = []
    for (l, a, b) in segs:  # join consecutive runs that continue in the same direction
        if merged and merged[-1][0] == l and merged[-1][2] == a:
            (_l, pa, pb) = merged[-1]
            d1 = (pb[0] - pa[0], pb[1] - pa[1])
            d2 = (b[0] - a[0], b[1] - a[1])
            if abs(d1[0] * d2[1] - d1[1] * d2[0]) < 1e-9 and d1[0] * d2[0] + d1[1] * d2[1] > 0:
                merged[-1] = (l, pa, b)
                continue
        merged.append((l, a, b))
    for (l, a, b) in merged:
        if a == b:
            continue
        t = pcbnew.PCB_TRACK(board)
        t.SetStart(V(*a))
        t.SetEnd(V(*b))
        t.SetWidth(width)
        t.SetLayer(pcbnew.F_Cu if l == 0 else pcbnew.B_Cu)
        t.SetNet(ni)
        board.Add(t)
        grid.add_copper(Shape("seg", a, b, hw), (l,), net_id)


if __name__ == "__main__":
    main()
