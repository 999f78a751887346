"""case/light.py - each LED's light through its cap and into its neighbours': a ray model.

The model (case/README.md, "Light that fills the cell"):
* the LED: a point at its dome's centre sending light into the upper half-space with the
  intensity cos^m of the angle from its axis, m set by its data sheet's viewing angle
  (2 theta-1/2 in parts.json: half intensity at theta-1/2);
* the scene, from the case's layout (the same numbers case-model.scad draws): the caps
  (top plate, head and side walls, actuator wall, diffuser), the lid's cell walls and
  plate, the shield's board and parts, all as boxes;
* a cap is printed PETG: a ray crossing it goes on unscattered with the probability
  exp(-L / SCATTER_MM), L its path in the part (refracted, N_PETG), keeping CLEAR of its
  light (two faces' reflections); otherwise it is scattered where it met the part: the
  share CAP["through"] leaves by the opposite face, CAP["back"] by its own, both
  Lambertian. A ray meeting anything else is scattered (Lambertian) with that surface's
  reflectance; up to BOUNCES times;
* the lid both ways (LIDS): black as the print sheet says (the least light sent back
  into the cell: the worst for the fill) and white (the most round the walls: the worst
  for bleed);
* the cap's top face glows where light enters its top plate, from below or after bounces
  inside the cap, and at the rim where it enters the head's wall, spread by the plate's
  own diffusion (a Gaussian as wide as the plate is thick).
Figures: the share of each top face within 2:1 of its brightest point (the worst cell and
lid), the light a dark neighbour's cap gets from a lit cell as a share of the lit cap's
own (the worst pair and lid), and the LED's light that leaves its cap's top (the black
lid). Seeded: the same figures on every run.
"""
import math

import numpy as np

from case import cells

BOUNCES = 5
SEED = 33
REFLECT = {"board": 0.3, "part": 0.2}
# The lid's two ends, (reflectance, rays): black PLA or PETG sends back about 5 %, a white
# one about 80 %. The black lid sets the fill, a map: more rays; the white the bleed, a sum.
LIDS = {"black": (0.05, 40000), "white": (0.8, 20000)}
# A cap's natural PETG or PLA, scattered: what passes through, what it sends back.
CAP = {"through": 0.6, "back": 0.1}
# Printed PETG scatters at its layers' and lines' interfaces: 1-4 mm printed samples
# transmit by multiple scattering (Hamp, Logan and Shaw, Appl. Opt. 60, 6573 (2021)).
# Assumed: once per mm (37 % of a ray goes 1 mm unscattered), the clearer end; how clear
# a print is depends on its settings (Polymers 16, 2862 (2024)), so the print sheet says
# how to print the caps and what a print twice as clear (CLEAR_PRINT_MM) would do.
SCATTER_MM = 1.0
CLEAR_PRINT_MM = 2.0
N_PETG = 1.57   # Eastman Eastar 6763 copolyester (PETG): 1.567
CLEAR = (1 - ((N_PETG - 1) / (N_PETG + 1)) ** 2) ** 2
GRID = 0.5      # the top face's map, mm
NEAR_MM = 22.0  # what an LED's light is traced through: its cell and its neighbours'


def _segments(w, z_top):
    """A wall as boxes: its bottom profile in 1 mm steps (each at its higher end), equal
    steps merged, up to z_top."""
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


def scene(lay, D, drop_wall=None, diffuser=True):
    """Boxes [x0, y0, z0, x1, y1, z1] with what each is: ("cap", k, part) or a surface
    kind. drop_wall: a cell wall's index left out; diffuser False: the caps without
    their diffusers (planted mistakes)."""
    boxes, kinds = [], []
    for k in range(9):
        parts = _cap_boxes(lay, D, k)
        if diffuser:
            d = lay["diffusers"][k]
            parts += [(b, "diffuser") for b in _segments(d, d["z"][1])]
        for b, part in parts:
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


def _hit(box, o, d, solid):
    """Nearest box along each ray: (index or -1, distance, face normal). A ray that starts
    inside a `solid` box (a cap's part: it came out of a part touching this one) meets it
    at once, through the face it crossed last."""
    inv = 1.0 / np.where(np.abs(d) < 1e-12, 1e-12, d)
    t0 = (box[None, :, :3] - o[:, None, :]) * inv[:, None, :]
    t1 = (box[None, :, 3:] - o[:, None, :]) * inv[:, None, :]
    tn, tf = np.minimum(t0, t1), np.maximum(t0, t1)
    near, far = tn.max(axis=2), tf.min(axis=2)
    inside = (near <= 1e-6) & (far > 1e-6) & solid[None, :]
    ok = ((near <= far) & (far > 1e-6) & (near > 1e-6)) | inside
    near = np.where(ok, np.where(inside, 0.0, near), np.inf)
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


def _nearest(boxes, o, d, solid, chunk=1500):
    idx, t, nrm = [], [], []
    for a in range(0, len(o), chunk):
        r = _hit(boxes, o[a:a + chunk], d[a:a + chunk], solid)
        idx.append(r[0])
        t.append(r[1])
        nrm.append(r[2])
    return np.concatenate(idx), np.concatenate(t), np.concatenate(nrm)


def _through(box, idx, p, nrm, d, plate):
    """Where a ray scattered through box idx comes out, and that face's normal: a wall's
    opposite face; a plate's (the diffuser) top or bottom face, the way the ray went up or
    down (its light spreads through its thickness, not across it)."""
    out, nrm = p.copy(), nrm.copy()
    flat = plate[idx]
    nrm[flat] = 0.0
    nrm[flat, 2] = -np.where(d[flat, 2] >= 0, 1.0, -1.0)
    for a in range(3):
        sel = nrm[:, a] != 0
        face = np.where(nrm[sel, a] < 0, box[idx[sel], 3 + a], box[idx[sel], a])
        out[sel, a] = face - nrm[sel, a] * 1e-4
    return out, -nrm


def _exit(box, idx, p, d):
    """How far a ray at p (on box idx's face) goes along d before it leaves the box."""
    lo, hi = box[idx, :3], box[idx, 3:]
    dd = np.where(np.abs(d) < 1e-12, 1e-12, d)
    return np.clip(np.where(dd > 0, (hi - p) / dd, (lo - p) / dd).min(axis=1), 0.0, None)


def _unscattered(box, idx, p, d, nrm, rng, scatter_mm):
    """Which rays meeting a cap's part cross it unscattered (exp(-L / scatter_mm), L the
    refracted path: a slab keeps a ray's direction), and how far along d they come out."""
    cos_i = np.abs((d * nrm).sum(axis=1))
    cos_r = np.sqrt(1 - (1 - cos_i ** 2) / N_PETG ** 2)
    out = _exit(box, idx, p, d)
    path = out * cos_i / cos_r
    return rng.random(len(p)) < np.exp(-path / scatter_mm), out


def _materials(kinds, head, lid):
    code = np.array([{"cap": 0, "lid": 1, "board": 2, "part": 3}[k[0]] for k in kinds])
    cap_of = np.array([k[1] if k[0] == "cap" else -1 for k in kinds])
    face = np.array([{"top": 1.0, "head": head}.get(k[2], 0.0) if k[0] == "cap" else 0.0
                     for k in kinds])
    top = np.array([k[0] == "cap" and k[2] == "top" for k in kinds])
    plate = np.array([k[0] == "cap" and k[2] == "diffuser" for k in kinds])
    rho = np.array([CAP["through"] + CAP["back"], lid, REFLECT["board"], REFLECT["part"]])
    return code, cap_of, face, top, plate, rho


def trace(boxes, kinds, src, m, rng, head, lid, n, scatter_mm=SCATTER_MM):
    """One LED's rays. Returns (arrivals, glow, out): every arrival at a cap from outside
    it as (cap, x, y, weight); every arrival at a cap's top plate or head wall, from
    anywhere, as (cap, x, y, weight reaching the top face: 1 at the plate, `head` at a
    head wall); the light leaving each cap's top plate upwards. A cap's part is crossed
    unscattered (CLEAR) or scattered (CAP, Lambertian); the lid reflects lid, other
    surfaces REFLECT. Weights: shares of the LED's light."""
    code, cap_of, face, top, plate, rho = _materials(kinds, head, lid)
    o = np.repeat(np.asarray(src, float)[None, :], n, axis=0)
    d = _emit(n, m, rng)
    w = np.full(n, 1.0 / n)
    last = np.full(n, -1)
    hits, glow, out = [], [], np.zeros(9)
    for _ in range(BOUNCES + 1):
        idx, t, nrm = _nearest(boxes, o, d, cap_of >= 0)
        live = idx >= 0
        o, d, w, idx, t, nrm, last = (v[live] for v in (o, d, w, idx, t, nrm, last))
        if not len(o):
            break
        p = o + t[:, None] * d
        cap = cap_of[idx]
        new = (cap >= 0) & (cap != last)
        hits.append(np.stack([cap[new], p[new, 0], p[new, 1], w[new]], 1))
        g = face[idx] > 0
        glow.append(np.stack([cap[g], p[g, 0], p[g, 1], w[g] * face[idx[g]]], 1))
        clear, far = _unscattered(boxes, idx, p, d, nrm, rng, scatter_mm)
        clear &= cap >= 0
        cross = (cap >= 0) & ~clear & (rng.random(len(p)) < CAP["through"] / rho[0])
        exit_at, exit_n = _through(boxes, idx, p, nrm, d, plate)
        o = np.where(cross[:, None], exit_at, p + nrm * 1e-4)
        o = np.where(clear[:, None], p + d * (far[:, None] + 1e-4), o)
        nrm = np.where(cross[:, None], exit_n, nrm)
        w = np.where(clear, w * CLEAR, w * rho[code[idx]])
        up = top[idx] & np.where(clear, d[:, 2] > 0, cross & (nrm[:, 2] > 0))
        np.add.at(out, cap[up], w[up])
        d = np.where(clear[:, None], d, _lambert(nrm, rng))
        last = np.where(cap >= 0, cap, last)
        o, d, w, last = _roulette(o, d, w, last, 1.0 / n, rng)
    return np.concatenate(hits), np.concatenate(glow), out


def _roulette(o, d, w, last, w0, rng):
    """Rays down to a tenth of their weight (most of them off the black lid) go on with
    the probability of what is left, at a tenth: the same light on average, less to trace."""
    low = w < 0.1 * w0
    keep = ~low | (rng.random(len(w)) * 0.1 * w0 < w)
    w = np.where(low, 0.1 * w0, w)
    return o[keep], d[keep], w[keep], last[keep]


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


def top_map(lay, D, k, glow):
    """Cap k's top face: the light that entered it, spread by the plate, on a GRID-mm map;
    the share of the face within 2:1 of its brightest point."""
    cx, cy = lay["caps"][k]
    half = D["cap_size"] / 2
    n = int(round(2 * half / GRID))
    own = glow[glow[:, 0] == k]
    ix = np.clip(((own[:, 1] - cx + half) / GRID).astype(int), 0, n - 1)
    iy = np.clip(((own[:, 2] - cy + half) / GRID).astype(int), 0, n - 1)
    grid = np.zeros((n, n))
    np.add.at(grid, (iy, ix), own[:, 3])
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


def _near(boxes, kinds, src):
    """The boxes within NEAR_MM of an LED (along the board): its cell and its neighbours'."""
    x, y = src[0], src[1]
    dx = np.maximum(np.maximum(boxes[:, 0] - x, x - boxes[:, 3]), 0)
    dy = np.maximum(np.maximum(boxes[:, 1] - y, y - boxes[:, 4]), 0)
    keep = np.hypot(dx, dy) <= NEAR_MM
    return boxes[keep], [k for k, ok in zip(kinds, keep) if ok]


def _one(boxes, kinds, lay, D, k, src, m, rng, lid, scatter_mm):
    """Cap k lit: its top's lit share (%) and map, the light each cap takes from outside
    and the light leaving cap k's top, as shares (%) of the LED's."""
    boxes, kinds = _near(boxes, kinds, src)
    hits, glow, out = trace(boxes, kinds, src, m, rng, head_to_top(lay, D), lid[0], lid[1],
                            scatter_mm)
    flux = np.bincount(hits[:, 0].astype(int), weights=hits[:, 3], minlength=9)
    grid, inside, share = top_map(lay, D, k, glow)
    return {"share": share, "map": grid, "inside": inside, "own": 100.0 * flux[k],
            "top": 100.0 * out[k],
            "bleed": {j + 1: 100.0 * flux[j] / flux[k] for j in range(9) if j != k}}


def model(board, lay, D, drop_wall=None, cells_lit=range(9), diffuser=True, lids=None,
          scatter_mm=SCATTER_MM):
    """Each lit cell with each lid (LIDS, or some of them): {cell: {lid: {"share": %,
    "map": grid, "bleed": {other cap: % of its own}, "own": %, "top": %}}}. drop_wall,
    diffuser: the planted mistakes (scene)."""
    boxes, kinds = scene(lay, D, drop_wall, diffuser)
    srcs, m = _emitters(board, lay)
    rng = np.random.default_rng(SEED)
    lids = {name: LIDS[name] for name in (lids or LIDS)}
    return {k + 1: {name: _one(boxes, kinds, lay, D, k, srcs[k], m, rng, lid, scatter_mm)
                    for name, lid in lids.items()} for k in cells_lit}


def figures(result):
    """cap_lit_share_percent (the worst cell and lid), cap_bleed_percent (the worst pair
    and lid: (%, lit cell, dark cap)) and the least light leaving a cap's top (% of its
    LED's, the black lid)."""
    share = min(r["share"] for by in result.values() for r in by.values())
    bleed = max((b, c, j) for c, by in result.items() for r in by.values()
                for j, b in r["bleed"].items())
    top = min(by["black"]["top"] for by in result.values() if "black" in by)
    return share, bleed, top


def findings(report):
    """The light's checks on a report (report() or its light.json): "lit share", every
    cap's top lit within 2:1 over lit_share_percent; "bleed", no dark cap takes more than
    bleed_percent of a lit one's light."""
    from case import caselib, fit
    R = caselib.REQUIRE
    worst = min(report["cells"], key=lambda c: report["cells"][c]["share"])
    return [fit.Finding("lit share", report["share"] >= R["lit_share_percent"],
                        round(report["share"], 1),
                        "every cap's top is lit within 2:1 of its brightest over at least"
                        " %.0f %% of it (cell %s, the %s lid), want >= %g"
                        % (report["share"], worst, report["cells"][worst]["lid"],
                           R["lit_share_percent"])),
            fit.Finding("bleed", report["bleed"] <= R["bleed_percent"],
                        round(report["bleed"], 2),
                        "a dark cap takes at most %.1f %% of a lit one's light (cell %s into"
                        " cap %s), want <= %g" % (report["bleed"], report["bleed_from"],
                                                  report["bleed_to"], R["bleed_percent"]))]


def _cell_report(by):
    worst = min(by, key=lambda name: by[name]["share"])
    return {"share": by[worst]["share"], "lid": worst,
            "shares": {name: r["share"] for name, r in by.items()},
            "top": by["black"]["top"], "own": by["black"]["own"],
            "bleed": {j: max(r["bleed"][j] for r in by.values()) for j in by[worst]["bleed"]},
            "map": np.round(by[worst]["map"] / by[worst]["map"].max(), 3).tolist()}


def report(board, lay, D):
    """light.json: every cell lit in turn with both lids; and cell 5 with the caps printed
    twice as clear (CLEAR_PRINT_MM) and with no diffusers, for the print sheet."""
    res = model(board, lay, D)
    share, (bleed, lit, dark), top = figures(res)
    led = board["leds"][1]["part"]
    clear = model(board, lay, D, cells_lit=[4], lids=["black"], scatter_mm=CLEAR_PRINT_MM)
    bare = model(board, lay, D, cells_lit=[4], lids=["black"], diffuser=False)
    return {"share": share, "bleed": bleed, "bleed_from": lit, "bleed_to": dark, "top": top,
            "led": led["value"], "viewing_angle_deg": led["viewing_angle_deg"],
            "scatter_mm": SCATTER_MM, "lids": {k: v[0] for k, v in LIDS.items()},
            "clear_print": {"scatter_mm": CLEAR_PRINT_MM, "cell": 5,
                            "share": figures(clear)[0]},
            "no_diffuser": {"cell": 5, "share": figures(bare)[0], "top": figures(bare)[2]},
            "cells": {c: _cell_report(by) for c, by in res.items()}}


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
    out = report(board, lay, caselib.DESIGN)
    with open(os.path.join(argv[0], "light.json"), "w") as f:
        json.dump(out, f, indent=1)
    for f in findings(out):
        if not f.ok:
            print("light: WARNING %s: %s" % (f.check, f.msg), file=sys.stderr)


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
