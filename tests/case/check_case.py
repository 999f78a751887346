#!/usr/bin/python3
"""tests/case/check_case.py - the printed case, measured on its meshes against the PCB.

  check_case.py --pcb PCB --dir DIR [--lid STL] [--expect-fail WORD] [--figures]

Reads DIR/case-base.stl, DIR/case-lid.stl (or --lid) and DIR/case-keys.stl (when the
switches need key caps), the shield from PCB through pcbnew and the heights from
schematics/parts.json, then checks:
  mesh      admesh: 0 facets with disconnected edges, 0 degenerate facets, 0 backwards
            edges, 1 part (the key caps: one part per key)
  bed       every part fits a 180 x 180 mm bed
  walls     the thinnest wall, a ray from every facet's centroid inwards along its normal,
            >= 1.6 mm (not counted: the sides of the engraved letters, 0.6 mm deep
            decoration); between two holes of n-gon walls the centroids sit a little off
            the narrowest line, so the figure can read a few hundredths over the true one
  overhang  no facet faces down more than 45 degrees from vertical except on the bed, and
            the lid's engraved letters, whose floors are bridges a stroke wide
  fit       the lid is placed on the base as measured (its lowest point on the base's
            highest), the keys on the actuators; vertical rays at every LED centre (and a
            ring inside the LED) pass through, and the LED's body (parts.json's diameter)
            clears its hole's rim by >= 0.25 mm through the plate; rays between cells hit
            the lid; every part but the LEDs (heights from parts.json) clears the lid by
            >= 1 mm; an actuator that comes through stands above the lid by its travel
            + 0.5 mm and parts.json's lid.actuator_above_lid_min_mm, free in its hole;
            each key cap (when the case was built with them) rests on its
            actuator, stands above the lid by its travel + 0.5 mm, is held by its flange
            and moves freely in its hole; the board clears the walls; rays along the plug
            direction around each of the Uno's jacks clear base and lid by >= 0.5 mm
--expect-fail WORD: succeed only if some check fails with WORD in its message (the planted
mistakes). --figures prints the measured figures as `name value` lines.
check_case.py --self-test: the mesh checks on synthetic meshes, each planted flaw caught.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "case"))
import caselib  # noqa: E402

EPS = 1e-3


def read_stl(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:5] == b"solid" and b"facet" in data[:300]:
        nums = re.findall(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)", data)
        v = np.array(nums, dtype=float)
        return v.reshape(-1, 3, 3)
    n = int.from_bytes(data[80:84], "little")
    rec = np.frombuffer(data[84:84 + 50 * n], dtype=np.dtype(
        [("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]))
    return rec["v"].astype(float)


class Mesh:
    def __init__(self, tris, name):
        self.t = tris
        self.name = name
        self.v0 = tris[:, 0]
        self.e1 = tris[:, 1] - tris[:, 0]
        self.e2 = tris[:, 2] - tris[:, 0]
        n = np.cross(self.e1, self.e2)
        self.area2 = np.linalg.norm(n, axis=1)
        self.n = n / np.where(self.area2 > 0, self.area2, 1)[:, None]
        self.lo = tris.min(axis=1)
        self.hi = tris.max(axis=1)
        self.grid = None

    CELL = 2.5

    def _grid(self):
        """Triangle indices per 2.5 mm cube, for the short rays of the wall check."""
        g = {}
        lo = np.floor(self.lo / self.CELL).astype(int)
        hi = np.floor(self.hi / self.CELL).astype(int)
        for i in range(len(self.t)):
            for a in range(lo[i, 0], hi[i, 0] + 1):
                for b in range(lo[i, 1], hi[i, 1] + 1):
                    for c in range(lo[i, 2], hi[i, 2] + 1):
                        g.setdefault((a, b, c), []).append(i)
        self.grid = {k: np.array(v) for k, v in g.items()}

    def short_hits(self, o, d, tmax):
        if self.grid is None:
            self._grid()
        end = o + d * tmax
        lo = np.floor((np.minimum(o, end) - EPS) / self.CELL).astype(int)
        hi = np.floor((np.maximum(o, end) + EPS) / self.CELL).astype(int)
        idx = [self.grid[k] for k in ((a, b, c) for a in range(lo[0], hi[0] + 1)
                                      for b in range(lo[1], hi[1] + 1)
                                      for c in range(lo[2], hi[2] + 1)) if k in self.grid]
        if not idx:
            return np.array([])
        return self._mt(o, d, tmax, np.unique(np.concatenate(idx)))

    def hits(self, o, d, tmax=1e9):
        """Sorted distances along the ray o + t d (0 < t <= tmax) where it crosses the mesh."""
        o = np.asarray(o, float)
        d = np.asarray(d, float)
        end = o + d * min(tmax, 1e4)
        lo = np.minimum(o, end) - EPS
        hi = np.maximum(o, end) + EPS
        sel = np.all((self.hi >= lo) & (self.lo <= hi), axis=1)
        if not sel.any():
            return np.array([])
        return self._mt(o, d, tmax, sel)

    def _mt(self, o, d, tmax, sel):
        """Moller-Trumbore on the selected triangles."""
        v0, e1, e2 = self.v0[sel], self.e1[sel], self.e2[sel]
        p = np.cross(d, e2)
        det = np.einsum("ij,ij->i", e1, p)
        ok = np.abs(det) > 1e-12
        inv = np.where(ok, 1.0 / np.where(ok, det, 1), 0)
        s = o - v0
        u = np.einsum("ij,ij->i", s, p) * inv
        q = np.cross(s, e1)
        v = np.einsum("j,ij->i", d, q) * inv
        t = np.einsum("ij,ij->i", e2, q) * inv
        m = ok & (u >= -1e-9) & (v >= -1e-9) & (u + v <= 1 + 1e-9) & (t > 1e-6) & (t <= tmax)
        return np.unique(np.round(t[m], 6))

    def transformed(self, fn, name):
        return Mesh(fn(self.t.reshape(-1, 3)).reshape(-1, 3, 3), name)


UP = (0.0, 0.0, 1.0)


def admesh(path):
    out = subprocess.run(["admesh", path], capture_output=True, text=True, check=True).stdout

    def num(label):
        m = re.search(re.escape(label) + r"\s*:\s*(-?[\d.]+)", out)
        return float(m.group(1))
    lo = [float(re.search(r"Min %s =\s*(-?[\d.]+)" % c, out).group(1)) for c in "XYZ"]
    hi = [float(re.search(r"Max %s =\s*(-?[\d.]+)" % c, out).group(1)) for c in "XYZ"]
    size = [b - a for a, b in zip(lo, hi)]
    disc = sum(int(m) for m in re.findall(r"Facets with \d disconnected edges?\s*:\s*(\d+)", out))
    return {"facets": int(num("Number of facets")), "disconnected": disc,
            "degenerate": int(num("Degenerate facets")), "backwards": int(num("Backwards edges")),
            "parts": int(num("Number of parts")), "volume": num("Volume"), "size": size}


class Checker:
    def __init__(self):
        self.failures = []
        self.passed = 0
        self.figures = {}

    def check(self, ok, msg):
        if ok:
            self.passed += 1
        else:
            self.failures.append(msg)
            print("check_case: FAIL " + msg)


def wall_thickness(mesh, skip):
    """Thinnest chord inwards along the facet normals (facets in skip not counted)."""
    best = (1e9, None)
    for i in range(len(mesh.t)):
        if skip[i] or mesh.area2[i] < 1e-9:
            continue
        c = mesh.t[i].mean(axis=0)
        d = -mesh.n[i]
        h = mesh.short_hits(c + d * 1e-4, d, 5.0)
        if len(h):
            t = h[0] + 1e-4
            if t < best[0]:
                best = (t, c)
    return best


def overhangs(mesh, allowed_z):
    """Facets facing down more than 45 degrees from vertical, not at an allowed height."""
    bad = []
    lim = -math.cos(math.radians(caselib.REQUIRE["overhang_deg"])) - EPS
    for i in np.nonzero(mesh.n[:, 2] < lim)[0]:
        z = mesh.t[i][:, 2]
        if not any(np.all(np.abs(z - a) < EPS) for a in allowed_z):
            bad.append(mesh.t[i].mean(axis=0))
    return bad


def _box(x0, y0, z0, x1, y1, z1):
    """A closed box as 12 outward-facing triangles."""
    v = [(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return [t for a, b, c, d in quads for t in ((v[a], v[b], v[c]), (v[a], v[c], v[d]))]


def self_test():
    """The mesh checks on synthetic meshes: a sound plate passes; a thin plate, a floating
    second part (an overhang and two parts) and a missing facet are each caught."""
    import tempfile
    cases = {"plate": _box(0, 0, 0, 20, 20, 2), "thin": _box(0, 0, 0, 20, 20, 1.0),
             "floating": _box(0, 0, 0, 20, 20, 2) + _box(0, 0, 5, 20, 20, 7),
             "open": _box(0, 0, 0, 20, 20, 2)[1:]}
    got = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, tris in cases.items():
            path = os.path.join(tmp, name + ".stl")
            with open(path, "w") as f:
                f.write("solid t\n" + "".join(
                    "facet normal 0 0 0\nouter loop\n" + "".join("vertex %g %g %g\n" % p for p in t)
                    + "endloop\nendfacet\n" for t in tris) + "endsolid t\n")
            m = admesh(path)
            mesh = Mesh(np.array(tris, float), name)
            wall = wall_thickness(mesh, np.zeros(len(tris), bool))[0]
            got[name] = (m["disconnected"], m["parts"], round(wall, 3), len(overhangs(mesh, [0.0])))
    want = {"plate": lambda d, p, w, o: d == 0 and p == 1 and w == 2.0 and o == 0,
            "thin": lambda d, p, w, o: w < caselib.REQUIRE["min_wall"],
            "floating": lambda d, p, w, o: p == 2 and o > 0,
            "open": lambda d, p, w, o: d > 0}
    bad = [n for n in cases if not want[n](*got[n])]
    for n in cases:
        print("check_case self-test: %-8s disconnected %d, parts %d, wall %.2f, overhangs %d"
              % (n, *got[n]))
    if bad:
        print("check_case self-test: NOT caught: %s" % ", ".join(bad))
        return 1
    print("check_case self-test: 4 meshes, each judged as planted")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap = argparse.ArgumentParser()
    ap.add_argument("--pcb", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lid")
    ap.add_argument("--expect-fail")
    ap.add_argument("--figures", action="store_true")
    ap.add_argument("--skip-mesh", action="store_true",
                    help="only the fit (the planted mistakes do not need the rest again)")
    a = ap.parse_args()
    C = Checker()
    R = caselib.REQUIRE
    D = caselib.DESIGN
    try:
        board = caselib.read_board(a.pcb)
        uno = caselib.load_uno()
        lay = caselib.layout(board, uno)
    except caselib.CaseError as e:
        raise SystemExit("check_case: %s" % e)
    # The key design the case was built with (a planted parts.json may ask for another).
    with open(os.path.join(a.dir, "case-params.json")) as f:
        key_mode = json.load(f)["layout"]["key"]["mode"]
    paths = {"base": os.path.join(a.dir, "case-base.stl"),
             "lid": a.lid or os.path.join(a.dir, "case-lid.stl")}
    if key_mode == "cap":
        paths["keys"] = os.path.join(a.dir, "case-keys.stl")
    meshes = {k: Mesh(read_stl(p), k) for k, p in paths.items()}

    # --- mesh, bed, walls, overhangs (print orientation)
    for k, p in paths.items():
        if a.skip_mesh:
            break
        m = admesh(p)
        want_parts = len(board["switches"]) if k == "keys" else 1
        C.check(m["disconnected"] == 0 and m["degenerate"] == 0 and m["backwards"] == 0
                and m["parts"] == want_parts,
                "mesh %s: %d disconnected, %d degenerate, %d backwards, %d parts (want %d)"
                % (k, m["disconnected"], m["degenerate"], m["backwards"], m["parts"], want_parts))
        C.check(m["size"][0] <= R["bed"] and m["size"][1] <= R["bed"] and m["size"][2] <= R["bed"],
                "bed %s: %.1f x %.1f x %.1f mm does not fit %g x %g" % (k, *m["size"], R["bed"], R["bed"]))
        C.figures["case_%s_size_mm" % k] = "%.1f x %.1f x %.1f" % tuple(m["size"])
        C.figures["case_%s_volume_mm3" % k] = "%.0f" % m["volume"]
        C.figures["case_%s_facets" % k] = str(m["facets"])
        mesh = meshes[k]
        z0 = mesh.lo[:, 2].min()
        skip = np.zeros(len(mesh.t), bool)
        allowed = [z0]
        if k == "lid":
            band = z0 + D["engrave"] + EPS
            skip = (mesh.hi[:, 2] <= band) & (np.abs(mesh.n[:, 2]) < 0.5)
            allowed.append(z0 + D["engrave"])
        t, where = wall_thickness(mesh, skip)
        C.figures["case_%s_min_wall_mm" % k] = "%.2f" % t
        if where is not None:
            print("check_case: thinnest wall of the %s %.2f mm at (%.1f, %.1f, %.1f), as printed"
                  % (k, t, *where))
        C.check(t >= R["min_wall"] - EPS, "walls %s: %.2f mm at (%.1f, %.1f, %.1f), want >= %g"
                % (k, t, *where, R["min_wall"]) if where is not None else "walls %s" % k)
        bad = overhangs(mesh, allowed)
        C.check(not bad, "overhang %s: %d facets need support, e.g. at (%.1f, %.1f, %.1f)"
                % ((k, len(bad), *bad[0]) if bad else (k, 0, 0, 0, 0)))

    # --- the assembly as measured: the lid on the base, the caps on the actuators. Every
    # part is exported in the case frame's x and y (case.scad); the lid is printed turned
    # over about x, so it is turned back and set with its lowest point on the base's highest;
    # the caps are printed where they stand, their bottoms at z = 0.
    base = meshes["base"]
    z_base_top = base.hi[:, 2].max()
    lp = meshes["lid"]
    zmax_p = lp.hi[:, 2].max()
    lid = lp.transformed(lambda v: np.c_[v[:, 0], -v[:, 1], z_base_top + zmax_p - v[:, 2]], "lid")
    z_lid_top = lid.hi[:, 2].max()
    keys = None
    if key_mode == "cap":
        keys = meshes["keys"].transformed(lambda v: v + [0, 0, lay["z_act"]], "keys")
    zst = lay["z_shield_top"]
    # The lid's underside as measured, where the cells meet (see below).
    cen = [((board["leds"][c]["xy"][0] + board["switches"][c]["xy"][0]) / 2,
            (board["leds"][c]["xy"][1] + board["switches"][c]["xy"][1]) / 2) for c in range(1, 10)]
    under = lid.hits(((cen[0][0] + cen[4][0]) / 2, (cen[0][1] + cen[4][1]) / 2, zst), UP)
    z_lid_under = zst + under[0] if len(under) else z_lid_top

    def clear_up(mesh, x, y, z):
        h = mesh.hits((x, y, z), UP)
        return h[0] if len(h) else None

    def gap(mesh, o, d):
        """Free distance from o along d to the mesh: None if nothing there, negative (the
        depth) if o is inside it (an odd number of surfaces along the ray)."""
        h = mesh.hits(o, d, tmax=200)
        if not len(h):
            return None
        if len(h) % 2:
            back = mesh.hits(o, tuple(-c for c in d), tmax=200)
            return -(back[0] if len(back) else 0.0)
        return h[0]

    # LEDs: the centre and a ring inside the LED's outline see the sky.
    led_margin = 1e9
    for c in range(1, 10):
        led = board["leds"][c]
        x, y = led["xy"]
        r = 0.8 * led["part"]["diameter_mm"] / 2
        pts = [(x, y)] + [(x + r * math.cos(k * math.pi / 4), y + r * math.sin(k * math.pi / 4))
                          for k in range(8)]
        blocked = [p for p in pts if clear_up(lid, p[0], p[1], zst) is not None
                   or (keys is not None and clear_up(keys, p[0], p[1], zst) is not None)]
        C.check(not blocked, "fit %s (cell %d): the lid covers the LED at (%.2f, %.2f)"
                % (led["ref"], c, *(blocked[0] if blocked else (0, 0))))
        # The LED's body (its diameter, up to its top) clears the hole's rim: horizontal
        # rays from its axis at heights through the plate, the rim's distance less the radius.
        rl = led["part"]["diameter_mm"] / 2
        z_led_top = zst + led["part"]["height_mm"]
        zs = [z_lid_under + (z_lid_top - z_lid_under) * f for f in (0.1, 0.5, 0.9)]
        rim = [(lid.hits((x, y, z), (math.cos(k * math.pi / 8), math.sin(k * math.pi / 8), 0.0),
                         tmax=20) - rl).min(initial=1e9)
               for z in zs if z <= z_led_top for k in range(16)]
        if rim:
            led_margin = min(led_margin, min(rim))
            C.check(min(rim) >= R["led_margin"] - EPS,
                    "fit %s (cell %d): the LED's body is %.2f mm from its hole's rim, want >= %g"
                    " (negative: into the lid)" % (led["ref"], c, min(rim), R["led_margin"]))
    if led_margin < 1e9:
        C.figures["case_led_hole_margin_mm"] = "%.2f" % led_margin
    # Between cells: the lid is there.
    # (cell centre: halfway between its LED and its key; the rays go where cells meet)
    between = []
    for i in range(3):
        for j in range(3):
            c = i * 3 + j
            if j < 2:
                between.append(((cen[c][0] + cen[c + 1][0]) / 2, (cen[c][1] + cen[c + 1][1]) / 2))
            if i < 2:
                between.append(((cen[c][0] + cen[c + 3][0]) / 2, (cen[c][1] + cen[c + 3][1]) / 2))
            if i < 2 and j < 2:
                between.append(((cen[c][0] + cen[c + 4][0]) / 2, (cen[c][1] + cen[c + 4][1]) / 2))
    missed = [p for p in between if clear_up(lid, p[0], p[1], zst) is None]
    C.check(not missed, "fit: a ray between cells at (%.2f, %.2f) misses the lid"
            % (missed[0] if missed else (0, 0)))

    # Keys.
    sw = board["switches"][1]["part"]
    travel = lay["travel"]
    press = []
    key_gap = 1e9
    for c in range(1, 10):
        s = board["switches"][c]
        x, y = s["xy"]
        za = lay["z_act"]
        through_lid = clear_up(lid, x, y, za)
        C.check(through_lid is None, "fit %s (cell %d): the lid covers the key" % (s["ref"], c))
        if keys is None:
            # The actuator itself comes through: its hole must clear it all round.
            press.append(za - z_lid_top)
            zm = (z_lid_top + z_lid_under) / 2
            ra = sw["actuator_diameter_mm"] / 2
            agap = min((lid.hits((x, y, zm), (math.cos(k * math.pi / 4), math.sin(k * math.pi / 4), 0.0),
                                 tmax=20) - ra).min(initial=1e9) for k in range(8))
            key_gap = min(key_gap, agap)
            C.check(agap >= 0.2, "fit %s (cell %d): the actuator binds in its hole (gap %.2f)"
                    % (s["ref"], c, agap))
            continue
        h = keys.hits((x, y, za - 0.5), UP)
        C.check(len(h) and abs(h[0] - 0.5) < 0.05,
                "fit %s (cell %d): no key cap on the actuator" % (s["ref"], c))
        if not len(h):
            continue
        press.append(za - 0.5 + h[-1] - z_lid_top)
        # Captive: just outside the hole, the flange's top is under the lid, not in it (an
        # even number of lid surfaces above it), and the lid is there to hold it.
        rh = lay["key"]["hole_d"] / 2 + 0.3
        f = keys.hits((x + rh, y, za - 0.5), UP)
        above = lid.hits((x + rh, y, za - 0.5 + f[-1]), UP) if len(f) >= 2 else []
        C.check(len(above) >= 2 and len(above) % 2 == 0,
                "fit %s (cell %d): the key cap's flange is not held under the lid" % (s["ref"], c))
        # Free in its hole: radial gap between stem and hole at mid-plate.
        zm = (z_lid_top + z_lid_under) / 2
        gaps = []
        for k in range(8):
            d = (math.cos(k * math.pi / 4), math.sin(k * math.pi / 4), 0.0)
            hs = keys.hits((x, y, zm), d, tmax=20)
            hl = lid.hits((x, y, zm), d, tmax=20)
            if len(hs) and len(hl):
                gaps.append(hl[0] - hs[0])
        C.check(len(gaps) == 8 and min(gaps) >= 0.2,
                "fit %s (cell %d): the key cap's stem binds in its hole (gap %s)"
                % (s["ref"], c, "%.2f" % min(gaps) if gaps else "none"))
    if key_gap < 1e9:
        C.figures["case_key_hole_gap_mm"] = "%.2f" % key_gap
    if press:
        C.figures["case_key_above_lid_mm"] = "%.2f" % min(press)
        C.check(min(press) >= lay["press"] - EPS,
                "fit: the keys stand %.2f mm above the lid, want %.2f (travel %.2f + %.1f mm,"
                " and parts.json's lid.actuator_above_lid_min_mm)"
                % (min(press), lay["press"], travel, R["press_margin"]))

    # Clearance above every part (and the Uno's ICSP header in the notch): the LEDs stand
    # through the lid (their holes are checked above); a switch whose actuator comes
    # through is measured at its body's top, one under a key cap at its actuator's.
    worst = (1e9, "")
    for p in board["parts"]:
        if p["led"]:
            continue
        z = zst + p["height"]
        if p["switch"] and keys is not None:
            z = lay["z_act"]
        pts = list(p["pads"])
        if p["box"]:
            x0, y0, x1, y1 = p["box"]
            nx, ny = max(2, int((x1 - x0) / 0.5) + 1), max(2, int((y1 - y0) / 0.5) + 1)
            pts += [(x0 + (x1 - x0) * i / (nx - 1), y0 + (y1 - y0) * j / (ny - 1))
                    for i in range(nx) for j in range(ny)]
        for (x, y) in pts:
            for m in ([lid] if p["switch"] or keys is None else [lid, keys]):
                h = gap(m, (x, y, z), UP)
                if h is None:   # nothing above the part's top: is it through the lid?
                    below = gap(m, (x, y, zst + 0.01), UP)
                    if below is not None and below < z - zst:
                        h = below - (z - zst)
                if h is not None and h < worst[0]:
                    worst = (h, "%s at (%.1f, %.1f)" % (p["ref"], x, y))
    if board["notch"]:
        x0, y0, x1, y1 = board["notch"]
        for i in range(5):
            for j in range(5):
                h = gap(lid, (x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * j / 4, lay["z_icsp"]), UP)
                if h is not None and h < worst[0]:
                    worst = (h, "ICSP header")
    C.figures["case_lid_clearance_mm"] = "%.2f" % worst[0]
    C.check(worst[0] >= R["lid_clearance"] - EPS, "fit: %s is %.2f mm under the lid, want >= %g"
            " (negative: into it)" % (worst[1], worst[0], R["lid_clearance"]))

    # The board's edge and the walls: rays outwards from the outline, at the shield and the Uno.
    ol = board["outline"]
    area2 = sum(ol[i][0] * ol[(i + 1) % len(ol)][1] - ol[(i + 1) % len(ol)][0] * ol[i][1]
                for i in range(len(ol)))
    edge = 1e9
    for i in range(len(ol)):
        (ax, ay), (bx, by) = ol[i], ol[(i + 1) % len(ol)]
        L = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / L, -(bx - ax) / L
        if area2 < 0:
            nx, ny = -nx, -ny
        for k in range(1, 10):
            px, py = ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10
            for z, m in ((lay["z_shield_bottom"] + 0.8, lid), (lay["z_uno_bottom"] + 0.8, base)):
                h = gap(m, (px, py, z), (nx, ny, 0.0))
                if h is not None:
                    edge = min(edge, h)
    C.figures["case_board_to_wall_mm"] = "%.2f" % edge
    C.check(edge >= R["board_to_wall"] - EPS, "fit: the board's edge is %.2f mm from a wall, want >= %g"
            % (edge, R["board_to_wall"]))

    # The Uno's jacks: rays in the plug direction around each body.
    for con in uno["connectors"]:
        x = con["x_max_mm"] - 0.5
        yc, w, hgt = con["y_centre_mm"], con["width_mm"], con["height_mm"]
        z0, z1 = lay["z_uno_top"], lay["z_uno_top"] + hgt
        y0, y1 = yc - w / 2, yc + w / 2

        def clear(ya, yb, za, zb):
            for i in range(9):
                for j in range(9):
                    y = ya + (yb - ya) * i / 8
                    z = za + (zb - za) * j / 8
                    if len(base.hits((x, y, z), (-1.0, 0, 0), tmax=40)) or \
                            len(lid.hits((x, y, z), (-1.0, 0, 0), tmax=40)):
                        return False
            return True

        sides = {}
        if not clear(y0, y1, z0, z1):
            C.check(False, "fit %s: the case blocks the jack body (no opening)" % con["name"])
            continue
        else:
            for side in ("y-", "y+", "z-", "z+"):
                lo, hi = 0.0, 3.0          # clear at lo; bisect to 0.01 mm
                while hi - lo > 0.01:
                    n = (lo + hi) / 2
                    box = [y0 - (n if side == "y-" else 0), y1 + (n if side == "y+" else 0),
                           z0 - (n if side == "z-" else 0), z1 + (n if side == "z+" else 0)]
                    if clear(*box):
                        lo = n
                    else:
                        hi = n
                sides[side] = lo
        margin = min(sides.values())
        C.figures["case_%s_opening_margin_mm" % con["name"].replace("-", "").lower()] = "%.2f" % margin
        C.check(margin >= R["jack_margin"] - EPS,
                "fit %s: the opening clears the jack body by %s, want >= %g mm each side"
                % (con["name"], ", ".join("%s %.2f" % kv for kv in sorted(sides.items())),
                   R["jack_margin"]))

    if a.figures:
        for k, v in C.figures.items():
            print("%s %s" % (k, v))
    if a.expect_fail:
        hit = [f for f in C.failures if a.expect_fail in f]
        if hit:
            print("check_case: planted mistake caught: %s" % hit[0])
            return 0
        print("check_case: planted mistake (%s) NOT caught" % a.expect_fail)
        return 1
    print("check_case: %d passed, %d failed" % (C.passed, len(C.failures)))
    return 1 if C.failures else 0


if __name__ == "__main__":
    sys.exit(main())
