#!/usr/bin/python3
"""schematics/gen/router.py - the shield's track router: a grid maze router (A* on a
0.254 mm grid, two layers, 45-degree moves) with KiCad's clearances built in, used by
pcb.py on a pcbnew board whose footprints are placed and whose pads carry their nets.

Vertical steps cost more on F.Cu and horizontal steps more on B.Cu, so rows run on the
front, columns on the back, with vias where they cross; bends cost extra and each path
is straightened into the longest free 0/45/90-degree runs, so tracks are long straight
runs rather than staircases. Nets are routed one at a time, each grown as a tree from
its first pad (Prim); a net that cannot be routed stops the build with its name. The
keep-out zones (placement.KEEPOUTS) take no vias on either layer and no tracks on B.Cu.
Deterministic: the same board gives the same tracks. Nothing happens at import time.
"""
import heapq
import math

import pcbnew

from schematics.gen.placement import BOARD_H, BOARD_W, KEEPOUTS, OUTLINE

MM = 1000000
OX, OY = 4.0, 57.34  # KiCad position of the board's lower-left corner: 4 mm inside the page

GRID = 0.254
MARGIN = 0.06            # grid discretisation allowance on every clearance
VIA_D, VIA_DRILL = 0.6, 0.3
POWER_VIA_D, POWER_VIA_DRILL = 0.8, 0.4
CLEARANCE = 0.2
EDGE_CLEARANCE = 0.5
HOLE_TO_HOLE = 0.5
VIA_COST = 10.0          # in grid steps
WRONG_WAY = 1.8          # cost factor for a vertical step on F.Cu / horizontal on B.Cu
TURN_COST = 2.0          # per 45-degree bend (a 90-degree or sharper bend costs 3 times)


def V(x, y):
    return pcbnew.VECTOR2I(int(round((OX + x) * MM)), int(round((OY - y) * MM)))


def to_uno(vec):
    return vec.x / MM - OX, OY - vec.y / MM


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
        self.block = {(c, lyr): bytearray(self.N) for c in self.HW for lyr in (0, 1)}
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
                for cls, hw in self.HW.items():
                    vr = (POWER_VIA_D if cls == "Power" else VIA_D) / 2
                    if x0 - vr - MARGIN <= x <= x1 + vr + MARGIN and \
                            y0 - vr - MARGIN <= y <= y1 + vr + MARGIN:
                        self.via_block[cls][i] = 255
                    if x0 - hw - MARGIN <= x <= x1 + hw + MARGIN and \
                            y0 - hw - MARGIN <= y <= y1 + hw + MARGIN:
                        self.block[(cls, 1)][i] = 255   # no tracks on B.Cu

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
                    for lyr in layers:
                        self._mark(self.block[(cls, lyr)], k, net)
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


def walk_back(came, s):
    """The states from a source to s, following came (state -> previous state)."""
    path = [s]
    while came[path[-1]] is not None:
        path.append(came[path[-1]])
    return path[::-1]


def astar(grid, cls, net, sources, targets, target_pts):
    """Cheapest path from any source state to any target state; states are
    (layer, cell). Returns the list of states or None."""
    W = grid.W
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
            return walk_back(came, s)
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
                if not (grid.free(cls, layer, y * W + nx, net)
                        or grid.free(cls, layer, ny * W + x, net)):
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


ROUTE_ORDER_FIRST = ("Net-(", "/LED_K", "GND", "/KEY_ROW", "/KEY_COL", "/LED_ROW", "/LED_C",
                     "/LED_A")


def route(board, fps, nets, classes, netinfo):
    """Tracks and vias for every net with two or more pads."""
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
            raise SystemExit("router: no room to reach a pad of %s at %s" % (name, nxt[2]))
        path = astar(grid, cls, net_id, tree, targets, [nxt[2]])
        if path is None:
            raise SystemExit("router: cannot route %s to the pad at (%.2f, %.2f)"
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
