"""case/keys.py - a finger on a cap: how far it tilts, how hard it presses, whether it jams
and whether the switch acts before anything bottoms.

The model (case/README.md, "Keys that press straight"): the cap is rigid and rests on its
switch's plunger at S (the actuator wall across the plunger's top). A press at P, off S,
turns it about S until it leans on its guides: the lid's opening at the top (at the lid's
top face) on P's side, its cell's walls at the bottom on the other side (the lowest point
where a side wall of the cap and a wall of the cell face each other). The lean is the two
plays over the distance between them, L. Pressed on, the guides push back with equal and
opposite forces N (a couple N L) and rub: friction mu N at each, both against the motion.
Moments about S give N = e F / (L + mu (p_t + p_b)), e the finger's offset from S, p_t and
p_b where the two contacts are along the lean (from S); the plunger takes R = F - 2 mu N:

    F / R = 1 / (1 - 2 mu e / (L + mu (p_t + p_b)))

which jams (self-locks) when the bracket reaches 0. The force ratio is F at a point over
F at the cap's centre. Leaning, a point of the cap at d along the lean drops theta d more
than S; travel margin: how far S can go past the switch's end stop before a cap wall, the
actuator wall or the finger (on the lid's top) meets something.
"""
import math

import numpy as np

from case import cells, shapes

RING = 240      # points round each outline


def outline(half, r, cut=None):
    """A rounded square's edge as points, cut to x + y <= cut (the keyed corner)."""
    pts = []
    for k in range(RING):
        a = 2 * math.pi * k / RING
        u = (math.cos(a), math.sin(a))
        # the rounded square's point whose outward normal is u
        cx = math.copysign(half - r, u[0]) if abs(u[0]) > 1e-12 else 0.0
        cy = math.copysign(half - r, u[1]) if abs(u[1]) > 1e-12 else 0.0
        pts.append((cx + r * u[0], cy + r * u[1]))
    if cut is not None:
        pts = [(x, y) if x + y <= cut else ((x - y + cut) / 2, (y - x + cut) / 2) for x, y in pts]
    return pts


def reach(pts, u):
    return max(x * u[0] + y * u[1] for x, y in pts)


def shapes_of(D):
    """The four outlines the guides are made of (cap-centred): the head and the lid's
    opening (their keyed corner cut), the body (the side walls) and the cell's bore."""
    play, k = D["cap_play"], D["key_cut"]
    return {"head": outline(D["cap_size"] / 2, D["cap_r"], k),
            "opening": outline(D["cap_size"] / 2 + play, D["cap_r"] + play,
                               k + play * math.sqrt(2)),
            "body": outline(D["cap_body"] / 2, D["cap_body_r"]),
            "bore": outline(D["cap_body"] / 2 + play, D["cap_body_r"] + play)}


def press_points(D, led_dir):
    """Where a finger presses (cap-centred): the centre, the four corners (on their
    roundings at 45 degrees; the keyed one on its cut) and the middle of the LED's end."""
    half, r, k = D["cap_size"] / 2, D["cap_r"], D["key_cut"]
    pts = [("centre", (0.0, 0.0))]
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        p = shapes.corner_point(half, r, sx, sy)
        if p[0] + p[1] > k:
            p = (k / 2, k / 2)
        pts.append(("corner %s%s" % ("+x" if sx > 0 else "-x", "+y" if sy > 0 else "-y"), p))
    pts.append(("LED end", (led_dir[0] * half, led_dir[1] * half)))
    return pts


def _tube_bottom(lay, x, y):
    """The lowest the cell grid reaches near (x, y) (the highest bottom of the walls and
    corner pieces within 0.5 mm: where the guide surely is); the lid's underside where
    there is no cell."""
    best = -math.inf
    for w in lay["tube_walls"]:
        b = w["box"]
        if b[0] - 0.5 <= x <= b[2] + 0.5 and b[1] - 0.5 <= y <= b[3] + 0.5:
            best = max(best, cells.bottom_at(w, y if w["along"] == "y" else x))
    h = lay["bore"] / 2
    for cx, cy, sx, sy, size, bottom in lay["corners"]:
        ex, ey = cx + sx * (h - size / 2), cy + sy * (h - size / 2)
        if abs(x - ex) <= size / 2 + 0.5 and abs(y - ey) <= size / 2 + 0.5:
            best = max(best, bottom)
    # no cell there: the only guide is the lid's plate, down to its underside
    return best if math.isfinite(best) else lay["z_lid_under"]


def _cap_bottom(lay, i, x, y):
    """The cap's side wall bottom at (x, y) (absolute), or inf off its walls."""
    for w in lay["cap_walls"][i]:
        b = w["box"]
        if b[0] - 1e-6 <= x <= b[2] + 1e-6:
            return cells.bottom_at(w, y)
    return math.inf


def _exit(shape, pts, v):
    """How far each point (inside the shape (half, r, cut)) goes along v before it leaves."""
    half, r, cut = shape
    p = np.asarray(pts, float)
    lo, hi = np.zeros(len(p)), np.full(len(p), 2 * half)

    def outside(t):
        x, y = p[:, 0] + t * v[0], p[:, 1] + t * v[1]
        qx, qy = np.abs(x) - (half - r), np.abs(y) - (half - r)
        d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
        if cut is not None:
            d = np.maximum(d, (x + y - cut) / math.sqrt(2))
        return d > 0
    for _ in range(40):
        mid = (lo + hi) / 2
        out = outside(mid)
        hi, lo = np.where(out, mid, hi), np.where(out, lo, mid)
    return hi


def _guides(D):
    play, k = D["cap_play"], D["key_cut"]
    return {"opening": (D["cap_size"] / 2 + play, D["cap_r"] + play, k + play * math.sqrt(2)),
            "bore": (D["cap_body"] / 2 + play, D["cap_body_r"] + play, None)}


def contacts(lay, D, i, u, outl, dz=0.0):
    """The lean towards u: the head meets the opening at the lid's top on u's side, and a
    point of a side wall meets the cell on the other: the one that needs the least turn
    (its play along -u over its height under the lid's top). (theta, top point, bottom
    point, L) in cap-centred coordinates."""
    cx, cy = lay["caps"][i]
    g = _guides(D)
    head = outl["head"]
    ct = _exit(g["opening"], head, u)
    k_t = int(np.argmin(ct))
    body = [(x, y) for x, y in outl["body"]
            if math.isfinite(_cap_bottom(lay, i, cx + x, cy + y))]
    cb = _exit(g["bore"], body, (-u[0], -u[1]))
    zb = np.array([max(_cap_bottom(lay, i, cx + x, cy + y) + dz, _tube_bottom(lay, cx + x, cy + y))
                   for x, y in body])
    need = (ct[k_t] + cb) / (lay["z_lid_top"] - zb)
    k_b = int(np.argmin(need))
    return (math.atan(need[k_b]), head[k_t], body[k_b], lay["z_lid_top"] - zb[k_b])


def _lean(lay, D, i, sxy, P, outl, mu, dz):
    """The lean, the friction bracket and the contacts for a press at P (absolute)."""
    cx, cy = lay["caps"][i]
    sx, sy = sxy
    e = math.hypot(P[0] - sx, P[1] - sy)
    u = shapes.unit(P[0] - sx, P[1] - sy)
    theta, top, bot, L = contacts(lay, D, i, u, outl, dz)
    if e < 1e-9:
        theta = 0.0
    # the contacts along the lean, from S
    p_t = (cx + top[0] - sx) * u[0] + (cy + top[1] - sy) * u[1]
    p_b = (cx + bot[0] - sx) * u[0] + (cy + bot[1] - sy) * u[1]
    lever = L + mu * (p_t + p_b)
    bracket = 1 - 2 * mu * e / lever if lever > 0 else -1.0
    return {"e": e, "u": u, "L": L, "theta": theta, "bracket": bracket}


def _margin(lay, D, i, sxy, lean, obs, travel, err, dz):
    """How far past the end stop the plunger's top could go before something meets: a cap
    wall's bottom, the actuator wall or the diffuser on a part, the finger on the lid."""
    from case import caselib
    u, theta = lean["u"], lean["theta"]
    half_in = D["cap_size"] / 2 - D["cap_head_wall"]
    cx = lay["caps"][i][0]
    edges = [(w["box"], s, cells.bottom_at(w, s)) for w in lay["cap_walls"][i]
             for s in _steps(w["box"][1], w["box"][3])]
    t = D["cap_act_t"] / 2
    edges += [((x - cells.STEP / 2, sxy[1] - t, x + cells.STEP / 2, sxy[1] + t), sxy[1],
               lay["z_act"]) for x in _steps(cx - half_in, cx + half_in)]
    dif = lay["diffusers"][i]
    (x0, y0, x1, y1) = dif["box"]
    edges += [((x0, y - cells.STEP / 2, x1, y + cells.STEP / 2), y, cells.bottom_at(dif, y))
              for y in _steps(y0, y1)]
    worst = (math.inf, None)
    for (x0, y0, x1, y1), s, zb in edges:
        top, name = cells.tallest_under(obs, x0, max(y0, s - cells.STEP / 2), x1,
                                        min(y1, s + cells.STEP / 2), err)
        d = max((x - sxy[0]) * u[0] + (y - sxy[1]) * u[1] for x in (x0, x1) for y in (y0, y1))
        worst = min(worst, (zb - top - theta * max(0.0, d) - err, name))
    finger = D["cap_protrusion"] + dz - theta * lean["e"]
    worst = min(worst, (finger - caselib.REQUIRE["finger"], "the finger on the lid"))
    return worst[0] - travel, worst[1]


def _steps(a, b):
    n = max(1, int(round((b - a) / cells.STEP)))
    return [a + (b - a) * k / n for k in range(n + 1)]


def press(lay, D, i, point, obs, travel, mu=0.3, err=0.2, dz=0.0):
    """One press of cap i (0-8) at a named point (cap-centred xy): tilt (degrees), the force
    over the plunger's (F/R; inf when it jams), the travel margin past the end stop (mm)
    and what limits it. dz: the cap higher than designed relative to the lid (stack-up)."""
    cx, cy = lay["caps"][i]
    sxy = lay["keys"][i]
    P = (cx + point[0], cy + point[1])
    outl = shapes_of(D)
    lean = _lean(lay, D, i, sxy, P, outl, mu, dz)
    margin, what = _margin(lay, D, i, sxy, lean, obs, travel, err, dz)
    ratio = 1 / lean["bracket"] if lean["bracket"] > 0 else math.inf
    return {"tilt_deg": math.degrees(lean["theta"]), "force": ratio, "L": lean["L"],
            "margin": margin, "limit": what, "jams": lean["bracket"] <= 0}


def all_presses(lay, D, leds, travel, mu=0.3, dz=0.0):
    """Every cap at every press point: [(cell, point name, result)], and per cell the
    ratio of each point's force to its centre's."""
    out = []
    for i in range(9):
        cx, cy = lay["caps"][i]
        lx, ly = leds[i]
        if abs(ly - cy) >= abs(lx - cx):
            led_dir = (0.0, 1.0 if ly > cy else -1.0)
        else:
            led_dir = (1.0 if lx > cx else -1.0, 0.0)
        res = [(name, press(lay, D, i, p, lay["obstacles"], travel, mu, dz=dz))
               for name, p in press_points(D, led_dir)]
        centre = res[0][1]["force"]
        for name, r in res:
            r["ratio"] = r["force"] / centre
            out.append((i + 1, name, r))
    return out
