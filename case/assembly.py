"""case/assembly.py - the print sheet's assembly, replayed on the meshes.

  python3 -m case.assembly DIR        reads DIR's STLs and case-params.json, writes
                                      DIR/assembly.json (every step, every gap)

Each part is what `make case` wrote (base, lid, the plate of caps, the jig) or, for what
is bought, drawn from the same data (the Uno and the shield with their parts, the
screws at their standards' sizes). A step puts parts where the sheet says, and what it
drops falls, along z, until it meets something (case/dexels.py: columns of spans on a
0.25 mm grid along x, y and z). After each step: every pair of parts' least gap, and
whether a part stopped short of where the design has it (a stall), a switch is pressed
(a cap on its plunger harder than resting), the lip is home. The frame is the case's
(z up); a step done with the lid top face down has gravity along +z.
"""
import json
import math
import os
import sys

import numpy as np

from case import caselib, cells, dexels

START = 30.0        # parts are dropped from this far away
NEAR = 3.0          # gaps are reported for pairs closer than this
NOMINAL = {"uno_t": 0.0, "header": 0.0, "insulator": 0.0, "shield_t": 0.0, "plunger": 0.0,
           "seated": 0.0}


class Part:
    def __init__(self, name, sub, spans, contact_ok=()):
        self.name, self.sub, self.spans = name, sub, spans
        self.dz, self.placed = 0.0, False
        self.contact_ok = set(contact_ok)
        self.box0 = dexels.bbox(spans[2])

    def box(self):
        b = self.box0
        return b[:2] + [b[2] + self.dz] + b[3:5] + [b[5] + self.dz]

    def at(self, axis):
        return dexels.shifted(self.spans[axis], axis, self.dz)


def mesh(name, sub, tris, contact_ok=()):
    return Part(name, sub, [dexels.spans_of_mesh(tris, a) for a in range(3)], contact_ok)


def solid(name, sub, makers, contact_ok=()):
    """A part built of solids: each maker(axis) gives its spans; holes subtract."""
    spans = []
    for a in range(3):
        add = dexels.union([m(a) for m in makers if not getattr(m, "hole", False)])
        cut = [m(a) for m in makers if getattr(m, "hole", False)]
        spans.append(dexels.difference(add, dexels.union(cut)) if cut else add)
    return Part(name, sub, spans, contact_ok)


def _box(b):
    return lambda a: dexels.box(b, a)


def _cyl(x, y, r, z0, z1, r1=None, hole=False):
    f = (lambda a: dexels.cylinder(x, y, r, z0, z1, a, r1))
    f.hole = hole
    return f


def _prism(poly, z0, z1):
    return lambda a: dexels.prism(poly, z0, z1, a)


def _uno_outline(board):
    """The Uno's outline: the shield's, without the notch the shield has for the ICSP."""
    n = board["notch"]
    if not n:
        return board["outline"]
    return [p for p in board["outline"] if not (n[0] - 1e-6 <= p[0] <= n[2] + 1e-6
                                                and n[1] - 1e-6 <= p[1] <= n[3] + 1e-6)]


def _holes(uno, z0, z1):
    r = uno["mounting_hole_diameter_mm"] / 2
    return [_cyl(x, y, r, z0 - 1, z1 + 1, hole=True) for x, y in uno["mounting_holes_mm"]]


def uno_part(board, uno, lay, v):
    """The Uno on its standoffs: board, headers, jacks, reset button, pin tails under it."""
    u = json.loads(json.dumps(uno))
    u["thickness_mm"] += v["uno_t"]
    for h in u["headers"]:
        h["top_mm"] += v["header"]
    z0 = lay["z_uno_bottom"]
    makers = [_prism(_uno_outline(board), z0, z0 + u["thickness_mm"])]
    makers += _holes(u, z0, z0 + u["thickness_mm"])
    for p in caselib.uno_parts(u, z0):
        if "disc" in p:
            makers.append(_cyl(p["disc"][0], p["disc"][1], p["r"], *p["z"]))
        else:
            makers.append(_box([p["box"][0], p["box"][1], p["z"][0], p["box"][2], p["box"][3],
                                p["z"][1]]))
    return solid("the Uno", "boards", makers, contact_ok={"the base"}), \
        z0 + u["thickness_mm"] + u["headers"][0]["top_mm"]


def shield_parts(board, uno, lay, v, z_header_top):
    """The shield on the Uno's headers (its own header plastic under it, its parts on
    top) and the nine switches' plungers (parts of their own: a cap presses them)."""
    ins = board["insulator"] + v["insulator"]
    zb = z_header_top + ins
    zt = zb + board["thickness"] + v["shield_t"]
    makers = [_prism(board["outline"], zb, zt)] + _holes(uno, zb, zt)
    for h in uno["headers"]:
        if "ICSP" in h["name"]:
            continue
        pins = caselib.header_pins(h)
        makers.append(_box([min(p[0] for p in pins) - 1.27, min(p[1] for p in pins) - 1.27,
                            zb - ins, max(p[0] for p in pins) + 1.27,
                            max(p[1] for p in pins) + 1.27, zb]))
    for o in cells.obstacles(board, zt, {"part": 0, "sounder": 0, "led": 0}):
        if "box" in o:
            makers.append(_box([o["box"][0], o["box"][1], zt, o["box"][2], o["box"][3], o["top"]]))
        else:
            makers.append(_cyl(o["disc"][0], o["disc"][1], o["r"], zt, o["top"]))
    out = [solid("the shield", "boards", makers, contact_ok={"the Uno"})]
    for c in range(1, 10):
        sw = board["switches"][c]
        (x, y), part = sw["xy"], sw["part"]
        out.append(solid("SW%d's plunger" % c, "boards",
                         [_cyl(x, y, part["actuator_diameter_mm"] / 2, zt + part["height_mm"],
                               zt + part["actuator_top_mm"] + v["plunger"])],
                         contact_ok={"the shield", "cap %d" % c}))
    return out


def screws(uno, lay):
    """The Uno's M3 pan heads (down into the standoffs' pilots) and the lid's countersunk
    screws (up through the base into the lid's posts), at their standards' sizes."""
    out = []
    zt = lay["z_uno_top"]
    for (x, y), kind in zip(uno["mounting_holes_mm"], caselib.HOLE_FIXING):
        f = caselib.FIXINGS[kind]
        if "head_d" in f:
            out.append(solid("the %s at (%.2f, %.2f)" % (f["what"].split(" (")[0], x, y), "boards",
                             [_cyl(x, y, f["head_d"] / 2, zt, zt + f["head_h"]),
                              _cyl(x, y, f["pilot_d"] / 2 - 0.05, zt - f["len"], zt)],
                             contact_ok={"the Uno", "the base"}))
    ls = caselib.LID_SCREW
    pilot = caselib.DESIGN["screw_pilot_d"] / 2 - 0.05
    for x, y in lay["posts"]:
        out.append(solid("the lid screw at (%.1f, %.1f)" % (x, y), "case",
                         [_cyl(x, y, ls["dk"] / 2, 0.0, ls["k"], r1=ls["d"] / 2),
                          _cyl(x, y, pilot, ls["k"] - 0.01, ls["len"])],
                         contact_ok={"the base", "the lid"}))
    return out


def _turned(tris, z_top, y_flip=True):
    """A part exported top face down (case.scad: turned over about x) put back."""
    out = tris.copy()
    out[:, :, 1] *= -1 if y_flip else 1
    out[:, :, 2] = z_top - out[:, :, 2]
    return out


def printed(d, P):
    """The printed parts, from the STLs, where the assembled case has them: base, lid,
    the nine caps (the plate taken apart), the jig."""
    lay = P["layout"]

    def stl(name):
        return dexels.read_stl(os.path.join(d, "case-%s.stl" % name))
    out = [mesh("the base", "boards", stl("base"))]
    out.append(mesh("the lid", "case", _turned(stl("lid"), lay["z_lid_top"]),
                    contact_ok={"the jig", "the base"}))
    out.append(mesh("the jig", "case", _turned(stl("jig"), lay["z_lid_top"] + lay["jig_h"]),
                    contact_ok={"the bench"}))
    out += caps(dexels.read_stl(os.path.join(d, "case-keys.stl")), lay, P["plate_pitch"])
    return out


def caps(tris, lay, pitch, names=None):
    """The plate of caps taken apart: each cap back at its place (case.scad keys_plate)."""
    c = tris.mean(axis=1)
    out = []
    for i, (cx, cy) in enumerate(lay["caps"]):
        px, py = (i % 3) * pitch, -(i // 3) * pitch
        sel = (np.abs(c[:, 0] - px) < pitch / 2) & (np.abs(c[:, 1] - py) < pitch / 2)
        t = tris[sel] + np.array([cx - px, cy - py, lay["z_tube_base"]])
        out.append(mesh("cap %d" % (i + 1), "case", t,
                        contact_ok={"the lid", "SW%d's plunger" % (i + 1), "the bench"}))
    return out


def bench(lay, z):
    """The bench the lid lies on (top face down): a slab from z up (case frame)."""
    c = lay["cavity"]
    return solid("the bench", "case",
                 [_box([c[0] - 30, c[1] - 30, z, c[2] + 30, c[3] + 30, z + 4])])


class Scene:
    """Parts placed so far; moves along z against the others in the same group of
    subassemblies (the base's and the lid's are apart until step 4)."""

    def __init__(self, parts):
        self.parts = {p.name: p for p in parts}
        self.joined = False

    def _others(self, names):
        subs = {self.parts[n].sub for n in names}
        return [p for p in self.parts.values() if p.placed and p.name not in names
                and (self.joined or p.sub in subs)]

    def drop(self, names, sign, start=START, ignore=()):
        """Drop parts (as one body, from `start` away) along sign*z until they meet
        something; returns where they stopped against where they were placed (+: along
        sign, past it)."""
        base = {n: (self.parts[n].dz if self.parts[n].placed else 0.0) for n in names}
        for n in names:
            self.parts[n].dz = base[n] - sign * start
        moving = dexels.union([self.parts[n].at(2) for n in names])
        static = [p.at(2) for p in self._others(names) if p.name not in ignore]
        room = dexels.travel(moving, dexels.union(static), sign) if static else math.inf
        if not math.isfinite(room):
            raise RuntimeError("%s: nothing stops it" % ", ".join(names))
        for n in names:
            self.parts[n].dz += sign * room
            self.parts[n].placed = True
        return sign * (self.parts[names[0]].dz - base[names[0]])

    def move(self, names, sign, ignore=()):
        """From where they are, on along sign*z until they meet something."""
        moving = dexels.union([self.parts[n].at(2) for n in names])
        static = dexels.union([p.at(2) for p in self._others(names) if p.name not in ignore])
        room = dexels.travel(moving, static, sign)
        for n in names:
            self.parts[n].dz += sign * room
        return room

    def gap(self, a, b):
        """Two parts' least gap along x, y or z: (mm, axis, where)."""
        best = (math.inf, None, None)
        for axis in range(3):
            g, rid = dexels.gaps(self.parts[a].at(axis), self.parts[b].at(axis))
            if g < best[0]:
                best = (g, "xyz"[axis], dexels.where(axis, rid))
        return best

    def gaps(self):
        """Every pair of placed parts closer than NEAR: [(a, b, mm, axis, where)]."""
        placed = sorted(n for n, p in self.parts.items() if p.placed)
        out = []
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                if not self.joined and self.parts[a].sub != self.parts[b].sub:
                    continue
                A, B = self.parts[a].box(), self.parts[b].box()
                if any(A[k] - NEAR > B[k + 3] or B[k] - NEAR > A[k + 3] for k in range(3)):
                    continue
                g, axis, at = self.gap(a, b)
                if g < NEAR:
                    out.append((a, b, round(g, 2), axis, [round(c, 2) for c in at]))
        return sorted(out, key=lambda r: r[2])


STEPS = ["1. The Uno on the base, the two M3 screws driven",
         "2. The shield plugged on",
         "3. The lid top face down on the jig, the caps dropped in",
         "4. The base with the boards lowered onto the lid, the four lid screws driven",
         "5. The case turned over: the caps onto their switches"]


def _boards(board, uno, P, v):
    lay = P["layout"]
    u, top = uno_part(board, uno, lay, v)
    return [u] + shield_parts(board, uno, lay, v, top) + screws(uno, lay)


def _record(scene, n, moves):
    return {"step": STEPS[n - 1], "moves": moves, "gaps": scene.gaps()}


def _drop_all(scene, names, sign, expect, out):
    for n in names:
        got = scene.drop([n], sign)
        out.append({"part": n, "at": round(got, 3), "expect": expect(n),
                    "short": round(expect(n) - got, 3)})


def replay(board, uno, P, printed_parts, v=None, jig=True):
    """The five steps; [{step, moves: [{part, at, expect, short}], gaps}], and the checks."""
    v = dict(NOMINAL, **(v or {}))
    lay, D = P["layout"], P["design"]
    parts = printed_parts + _boards(board, uno, P, v)
    z_bench = lay["z_lid_top"] + (lay["jig_h"] if jig else 0.0)
    parts.append(bench(lay, z_bench))
    sc = Scene(parts)
    names = [p.name for p in parts]
    sc.parts["the base"].placed = True
    steps = []
    m = []
    _drop_all(sc, ["the Uno"] + [n for n in names if n.startswith("the M3")], -1,
              lambda n: 0.0, m)
    steps.append(_record(sc, 1, m))
    m = []
    shield = ["the shield"] + [n for n in names if n.endswith("plunger")]
    got = sc.drop(shield, -1)
    m.append({"part": "the shield", "at": round(got, 3), "expect": 0.0, "short": round(-got, 3)})
    for n in shield:
        sc.parts[n].dz += v["seated"]
    steps.append(_record(sc, 2, m))
    m = []
    sc.parts["the bench"].placed = True
    if jig:
        _drop_all(sc, ["the jig"], 1, lambda n: 0.0, m)
    _drop_all(sc, ["the lid"], 1, lambda n: 0.0, m)
    # a cap hangs on its shoulder, clear of the bench
    _drop_all(sc, ["cap %d" % c for c in range(1, 10)], 1, lambda n: D["cap_lift"], m)
    steps.append(_record(sc, 3, m))
    steps.append(_step4(sc, names, lay))
    steps.append(_step5(sc, v, D))
    return steps, checks(sc, steps, lay, D, v)


def _step4(sc, names, lay):
    sc.joined = True
    boards = [n for n, p in sc.parts.items() if p.sub == "boards"]
    got = sc.drop(boards, 1)
    m = [{"part": "the base with the boards", "at": round(got, 3), "expect": 0.0,
          "short": round(-got, 3)}]
    for n in [n for n in names if n.startswith("the lid screw")]:
        got = sc.drop([n], 1)
        m.append({"part": n, "at": round(got, 3), "expect": None, "short": None})
    return _record(sc, 4, m)


def _step5(sc, v, D):
    for n in ("the bench", "the jig"):
        sc.parts[n].placed = False
    rise = sc.parts["SW1's plunger"].dz + v["uno_t"] + v["header"] + v["insulator"] \
        + v["shield_t"] + v["plunger"]
    m = []
    for c in range(1, 10):
        fell = sc.move(["cap %d" % c], -1)
        at = sc.parts["cap %d" % c].dz
        m.append({"part": "cap %d" % c, "at": round(at, 3), "expect": round(rise, 3),
                  "short": round(at - rise, 3), "fell": round(fell, 3)})
    return _record(sc, 5, m)


def _zgap(sc, a, b):
    return dexels.gaps(sc.parts[a].at(2), sc.parts[b].at(2))[0]


def checks(sc, steps, lay, D, v):
    """What the replay must show: no part stopped short (a stall), the lip home, no switch
    pressed by the lid, every cap able to reach its switch's end stop."""
    from case import fit
    fails = []
    nominal = v == NOMINAL    # the stack-up's ends move the boards: only the keys count
    for s in steps if nominal else []:
        for mv in s["moves"]:
            if mv["short"] is not None and abs(mv["short"]) > 0.05:
                fails.append("%s: %s stops %.2f mm %s"
                             % (s["step"][:2].strip("."), mv["part"], abs(mv["short"]),
                                "short" if mv["short"] > 0 else "past"))
    base = steps[3]["moves"][0]
    lip = D["lip_h"] - max(0.0, base["short"])
    if lip < D["lip_h"] - 0.05:
        fails.append("4: the lip is in its rebate %.2f mm of %.1f" % (lip, D["lip_h"]))
    caps = []
    travel = fit.ASSUME["travel_max"]
    for c in range(1, 10):
        cap, plunger = "cap %d" % c, "SW%d's plunger" % c
        on = _zgap(sc, cap, plunger)
        shoulder = _zgap(sc, cap, "the lid")
        room = sc.move([cap], -1, ignore=(plunger,))
        sc.parts[cap].dz += room        # put it back
        top = lay["z_cap_top"] + sc.parts[cap].dz - lay["z_lid_top"]
        caps.append({"cell": c, "on_plunger": round(on, 3), "shoulder": round(shoulder, 3),
                     "room": round(room, 3), "protrusion": round(top, 3)})
        if on < -0.01 or shoulder < 0.01:
            fails.append("5: cap %d holds its switch down (%.2f mm on it, %.2f under the lid)"
                         % (c, -on, shoulder))
        if min(room, top - caselib.REQUIRE["finger"]) < travel:
            fails.append("5: cap %d cannot reach the end stop (%.2f mm free, %.2f over the"
                         " lid)" % (c, room, top))
    return {"ok": not fails, "fails": fails, "lip": round(lip, 3), "caps": caps, "variant": v}


def variants(board, uno, P):
    """The stack-up's two ends (print error aside: case/fit.py's stack adds it): every
    board tolerance one way, the shield not home (0.5 mm) on the high side."""
    tol = {"uno_t": uno["thickness_tol_mm"], "header": uno["header_height_tol_mm"],
           "insulator": board["insulator_tol"], "shield_t": caselib.STACK["pcb_thickness_tol"],
           "plunger": __import__("case.fit", fromlist=["ASSUME"]).ASSUME["plunger_tol"]}
    high = dict({k: t for k, t in tol.items()}, seated=caselib.STACK["seated_high"])
    low = dict({k: -t for k, t in tol.items()}, seated=0.0)
    return {"high": high, "low": low}


def run(d):
    """Every replay `make case` reports: nominal (with every gap), the stack-up's ends."""
    with open(os.path.join(d, "case-params.json")) as f:
        P = json.load(f)
    board = caselib.read_board(P["pcb"])
    uno = caselib.load_uno()
    parts = printed(d, P)
    steps, result = replay(board, uno, P, parts)
    out = {"steps": steps, "checks": result, "variants": {}}
    for name, v in variants(board, uno, P).items():
        for p in parts:
            p.dz, p.placed = 0.0, False
        out["variants"][name] = replay(board, uno, P, parts, v)[1]
    return out


def main(argv):
    if len(argv) != 1:
        raise SystemExit(__doc__)
    out = run(argv[0])
    with open(os.path.join(argv[0], "assembly.json"), "w") as f:
        json.dump(out, f, indent=1)
    bad = out["checks"]["fails"] + [f for v in out["variants"].values() for f in v["fails"]]
    for f in bad:
        print("assembly: FAIL %s" % f, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
