"""case/light.py - each LED's light through its cap and into its neighbours': a ray model.

The model (case/README.md, "Light that fills the cell"):
* the LED: a point at its dome's centre sending light into the upper half-space with the
  intensity cos^m of the angle from its axis, m set by its data sheet's viewing angle
  (2 theta-1/2 in parts.json: half intensity at theta-1/2);
* the scene, from the case's layout (the same numbers case-model.scad draws): the caps
  (top plate, head and side walls, actuator wall), the lid's cell walls and plate, the
  shield's board and parts, all as boxes;
* a ray meeting a cap is counted for that cap (translucent: its light glows there); a
  ray meeting anything else is scattered (Lambertian) with that surface's reflectance,
  up to BOUNCES times;
* the cap's top face glows where light enters its top plate from below, and at the rim
  where it enters the head's wall, spread by the plate's own diffusion (a Gaussian as wide
  as the plate is thick).
Figures: the share of each top face within 2:1 of its brightest point (the worst cell),
and the light a dark neighbour's cap gets from a lit cell as a share of the lit cap's own
(the worst pair). Seeded: the same figures on every run.
"""
import math

import numpy as np

from case import cells

BOUNCES = 3
RAYS = 20000
SEED = 33
REFLECT = {"lid": 0.8, "board": 0.3, "part": 0.2}   # a light lid, the worst case for bleed
# A cap's 1-2 mm of natural PETG or PLA: what passes through, what it sends back.
CAP = {"through": 0.6, "back": 0.1}
GRID = 0.5      # the top face's map, mm


def _segments(w, z_top):
    """A wall as boxes: its bottom profile in 1 mm steps, equal steps merged."""
    x0, y0, x1, y1 = w["box"]
    s0, s1 = (y0, y1) if w["along"] == "y" else (x0, x1)
    n = max(1, int(round((s1 - s0) / 1.0)))
    runs = []
    for k in range(n):
        a, b = s0 + (s1 - s0) * k / n, s0 + (s1 - s0) * (k + 1) / n
        z = max(cells.bottom_at(w, a), cells.bottom_at(w, b))
        if runs and abs(runs[-1][2] - z) < 1e-6:
            runs[-1][1] = b
        else:
            runs.append([a, b, z])
    return [[x0, a, z, x1, b, z_top] if w["along"] == "y" else [a, y0, z, b, y1, z_top]
            for a, b, z in runs]


def _cap_boxes(lay, D, k):
    """Cap k's boxes: (box, part): "top" the top plate, "head" the head's walls right
    under the top face, "wall" the side and actuator walls."""
    cx, cy = lay["caps"][k]
    h, inner = D["cap_size"] / 2, D["cap_size"] / 2 - D["cap_head_wall"]
    zs, zu, zt = lay["z_shoulder"], lay["z_cap_under"], lay["z_cap_top"]
    out = [([cx - inner, cy - inner, zu, cx + inner, cy + inner, zt], "top")]
    out += [([cx - h, cy - h, zs, cx - inner, cy + h, zu], "head"),
            ([cx + inner, cy - h, zs, cx + h, cy + h, zu], "head"),
            ([cx - inner, cy - h, zs, cx + inner, cy - inner, zu], "head"),
            ([cx - inner, cy + inner, zs, cx + inner, cy + h, zu], "head")]
    out += [(b, "wall") for w in lay["cap_walls"][k] for b in _segments(w, zs)]
    ay, t = lay["actuators"][k], D["cap_act_t"] / 2
    out.append(([cx - inner, ay - t, lay["z_act"], cx + inner, ay + t,
                 lay["z_act"] + D["cap_act_h"]], "wall"))
    return out


def scene(lay, D, drop_wall=None):
    """Boxes [x0, y0, z0, x1, y1, z1] with what each is: ("cap", k, part) or a surface
    kind. drop_wall: a cell wall's index left out (a planted mistake)."""
    boxes, kinds = [], []
    for k in range(9):
        for b, part in _cap_boxes(lay, D, k):
            boxes.append(b)
            kinds.append(("cap", k, part))
    for i, w in enumerate(lay["tube_walls"]):
        if i != drop_wall:
            for b in _segments(w, lay["z_lid_under"]):
                boxes.append(b)
                kinds.append(("lid",))
    for o in lay["obstacles"]:
        if "box" in o:
            b = o["box"]
        else:
            (x, y), r = o["disc"], o["r"]
            b = [x - r, y - r, x + r, y + r]
        boxes.append([b[0], b[1], lay["z_shield_top"], b[2], b[3], o["top"]])
        kinds.append(("part",))
    c = lay["cavity"]
    boxes.append([c[0], c[1], lay["z_shield_top"] - 1.6, c[2], c[3], lay["z_shield_top"]])
    kinds.append(("board",))
    # the lid's plate round the cell grid (over the grid the cells close it)
    g = [min(w["box"][0] for w in lay["tube_walls"]), min(w["box"][1] for w in lay["tube_walls"]),
         max(w["box"][2] for w in lay["tube_walls"]), max(w["box"][3] for w in lay["tube_walls"])]
    zl = lay["z_lid_under"]
    for b in ([c[0], c[1], g[0], c[3]], [g[2], c[1], c[2], c[3]], [g[0], c[1], g[2], g[1]],
              [g[0], g[3], g[2], c[3]]):
        boxes.append([b[0], b[1], zl, b[2], b[3], zl + 1])
        kinds.append(("lid",))
    return np.array(boxes, float), kinds


def _hit(box, o, d):
    """Nearest box along each ray: (index or -1, distance, face normal)."""
    inv = 1.0 / np.where(np.abs(d) < 1e-12, 1e-12, d)
    t0 = (box[None, :, :3] - o[:, None, :]) * inv[:, None, :]
    t1 = (box[None, :, 3:] - o[:, None, :]) * inv[:, None, :]
    tn, tf = np.minimum(t0, t1), np.maximum(t0, t1)
    near, far = tn.max(axis=2), tf.min(axis=2)
    ok = (near <= far) & (far > 1e-6) & (near > 1e-6)
    near = np.where(ok, near, np.inf)
    idx = near.argmin(axis=1)
    t = near[np.arange(len(o)), idx]
    axis = tn[np.arange(len(o)), idx].argmax(axis=1)
    normal = np.zeros_like(o)
    normal[np.arange(len(o)), axis] = -np.sign(d[np.arange(len(o)), axis])
    return np.where(np.isfinite(t), idx, -1), t, normal


def _emit(n, m, rng):
    """Directions with intensity cos^m about +z (upper half-space)."""
    u = rng.random(n)
    cos_t = u ** (1.0 / (m + 1))
    phi = 2 * math.pi * rng.random(n)
    sin_t = np.sqrt(1 - cos_t ** 2)
    return np.stack([sin_t * np.cos(phi), sin_t * np.sin(phi), cos_t], axis=1)


def _lambert(normal, rng):
    n = len(normal)
    d = _emit(n, 1.0, rng)
    # turn +z onto the normal (normals are along the axes)
    out = np.empty_like(d)
    for a in range(3):
        for s in (1.0, -1.0):
            sel = normal[:, a] == s
            perm = [(a + 1) % 3, (a + 2) % 3, a]
            tmp = np.zeros((sel.sum(), 3))
            tmp[:, perm[0]], tmp[:, perm[1]], tmp[:, a] = d[sel, 0], d[sel, 1], s * d[sel, 2]
            out[sel] = tmp
    return out


def _nearest(boxes, o, d, chunk=1500):
    idx, t, nrm = [], [], []
    for a in range(0, len(o), chunk):
        r = _hit(boxes, o[a:a + chunk], d[a:a + chunk])
        idx.append(r[0])
        t.append(r[1])
        nrm.append(r[2])
    return np.concatenate(idx), np.concatenate(t), np.concatenate(nrm)


def _through(box, idx, p, nrm):
    """Where a ray that crossed box idx's wall comes out: the opposite face."""
    out = p.copy()
    for a in range(3):
        sel = nrm[:, a] != 0
        face = np.where(nrm[sel, a] < 0, box[idx[sel], 3 + a], box[idx[sel], a])
        out[sel, a] = face - nrm[sel, a] * 1e-4
    return out


def trace(boxes, kinds, src, m, rng, head, n=RAYS):
    """One LED's rays: every arrival at a cap from outside it as (cap, x, y, weight, how
    much of it reaches the top face: 1 at the top plate, `head` at the head's walls, 0
    lower). A cap's wall lets CAP["through"] of the light through, sends CAP["back"] back
    (both scattered); other surfaces reflect REFLECT. Weights: shares of the LED's light."""
    code = np.array([{"cap": 0, "lid": 1, "board": 2, "part": 3}[k[0]] for k in kinds])
    cap_of = np.array([k[1] if k[0] == "cap" else -1 for k in kinds])
    face = np.array([{"top": 1.0, "head": head}.get(k[2], 0.0) if k[0] == "cap" else 0.0
                     for k in kinds])
    rho = np.array([CAP["through"] + CAP["back"], REFLECT["lid"], REFLECT["board"],
                    REFLECT["part"]])
    o = np.repeat(np.asarray(src, float)[None, :], n, axis=0)
    d = _emit(n, m, rng)
    w = np.full(n, 1.0 / n)
    last = np.full(n, -1)
    hits = []
    for _ in range(BOUNCES + 1):
        idx, t, nrm = _nearest(boxes, o, d)
        live = idx >= 0
        o, d, w, idx, t, nrm, last = (v[live] for v in (o, d, w, idx, t, nrm, last))
        p = o + t[:, None] * d
        cap = cap_of[idx]
        new = (cap >= 0) & (cap != last)
        hits.append(np.stack([cap[new], p[new, 0], p[new, 1], w[new], face[idx[new]]], 1))
        cross = (cap >= 0) & (rng.random(len(p)) < CAP["through"] / rho[0])
        o = np.where(cross[:, None], _through(boxes, idx, p, nrm), p + nrm * 1e-4)
        nrm = np.where(cross[:, None], -nrm, nrm)
        w = w * rho[code[idx]]
        d = _lambert(nrm, rng)
        last = np.where(cap >= 0, cap, last)
        if not len(o):
            break
    return np.concatenate(hits)


def head_to_top(lay, D):
    """How much of the light a head wall takes reaches the top face, against the top
    plate's: a diffusing slab gives its light back through its faces in proportion to
    their areas (the wall: two faces its height tall and a rim its thickness wide; the
    plate: half of it up)."""
    h = lay["z_cap_under"] - lay["z_shoulder"]
    t = D["cap_head_wall"]
    return (t / (2 * h + t)) / 0.5


def _emitters(board, lay):
    led = board["leds"][1]["part"]
    z = lay["z_shield_top"] + led["height_mm"] - led["diameter_mm"] / 2
    half = math.radians(led["viewing_angle_deg"] / 2)
    m = math.log(0.5) / math.log(math.cos(half))
    return [(board["leds"][c]["xy"][0], board["leds"][c]["xy"][1], z) for c in range(1, 10)], m


def top_map(lay, D, k, hits):
    """Cap k's top face: the light that entered it, spread by the plate, on a GRID-mm map;
    the share of the face within 2:1 of its brightest point."""
    cx, cy = lay["caps"][k]
    half = D["cap_size"] / 2
    n = int(round(2 * half / GRID))
    own = hits[(hits[:, 0] == k) & (hits[:, 4] > 0)]
    ix = np.clip(((own[:, 1] - cx + half) / GRID).astype(int), 0, n - 1)
    iy = np.clip(((own[:, 2] - cy + half) / GRID).astype(int), 0, n - 1)
    grid = np.zeros((n, n))
    np.add.at(grid, (iy, ix), own[:, 3] * own[:, 4])
    sigma = D["cap_top_t"] / 2 / GRID
    r = int(3 * sigma) + 1
    ker = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    ker /= ker.sum()
    pad = np.pad(grid, r, mode="reflect")
    pad = np.apply_along_axis(lambda v: np.convolve(v, ker, "valid"), 0, pad)
    grid = np.apply_along_axis(lambda v: np.convolve(v, ker, "valid"), 1, pad)
    c = (np.arange(n) + 0.5) * GRID - half
    inside = np.array([[_in_top(D, x, y) for x in c] for y in c])
    lit = (grid >= 0.5 * grid[inside].max()) & inside
    return grid, inside, 100.0 * lit.sum() / inside.sum()


def _in_top(D, x, y):
    from case import shapes
    return shapes.sdf(D["cap_size"] / 2, D["cap_r"], x, y) <= 0 and x + y <= D["key_cut"]


def model(board, lay, D, drop_wall=None, cells_lit=range(9)):
    """Each lit cell: its top face's lit share (%), and the light each other cap takes
    as a share (%) of its own. {cell: {"share": %, "bleed": {other: %}, "map": grid}}."""
    boxes, kinds = scene(lay, D, drop_wall)
    srcs, m = _emitters(board, lay)
    rng = np.random.default_rng(SEED)
    out = {}
    for k in cells_lit:
        hits = trace(boxes, kinds, srcs[k], m, rng, head_to_top(lay, D))
        flux = np.bincount(hits[:, 0].astype(int), weights=hits[:, 3], minlength=9)
        grid, inside, share = top_map(lay, D, k, hits)
        out[k + 1] = {"share": share, "own": 100.0 * flux[k], "map": grid, "inside": inside,
                      "bleed": {j + 1: 100.0 * flux[j] / flux[k] for j in range(9) if j != k}}
    return out


def figures(result):
    """cap_lit_share_percent (the worst cell) and cap_bleed_percent (the worst pair)."""
    share = min(r["share"] for r in result.values())
    bleed = max((b, c, j) for c, r in result.items() for j, b in r["bleed"].items())
    return share, bleed


def main(argv):
    """python3 -m case.light DIR: every cell lit in turn, into DIR/light.json."""
    import json
    import os
    import sys
    from case import caselib
    if len(argv) != 1:
        raise SystemExit("usage: python3 -m case.light DIR")
    with open(os.path.join(argv[0], "case-params.json")) as f:
        P = json.load(f)
    board = caselib.read_board(P["pcb"])
    lay = caselib.layout(board, caselib.load_uno())
    res = model(board, lay, caselib.DESIGN)
    share, (bleed, lit, dark) = figures(res)
    led = board["leds"][1]["part"]
    out = {"share": share, "bleed": bleed, "bleed_from": lit, "bleed_to": dark,
           "led": led["value"], "viewing_angle_deg": led["viewing_angle_deg"],
           "cells": {c: {"share": r["share"], "own": r["own"], "bleed": r["bleed"],
                         "map": np.round(r["map"] / r["map"].max(), 3).tolist()}
                     for c, r in res.items()}}
    with open(os.path.join(argv[0], "light.json"), "w") as f:
        json.dump(out, f, indent=1)
    if bleed > caselib.REQUIRE["bleed_percent"]:
        print("light: WARNING cell %d's light reaches cap %d at %.1f %%" % (lit, dark, bleed),
              file=sys.stderr)


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
