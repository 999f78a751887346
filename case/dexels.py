"""case/dexels.py - solids as columns of spans: for a grid of parallel rays along x, y and
z, where each ray is inside the solid. Two solids' least gap along a ray, how far one can
move along z before it meets another, unions: all exact on the grid (case/assembly.py
replays the print sheet with them).

A solid is given as closed triangle meshes (STL) or built here (boxes, cylinders, cones,
prisms with holes). The grid's rays sit at (k + 0.5) * H + JITTER, clear of the round
coordinates the case's vertices have.
"""
import math
import re

import numpy as np

H = 0.25                    # ray spacing, mm
JITTER = 0.0137
LO = np.array([-14.0, -20.0, -6.0])   # the world's corner (case frame)
N = np.array([392, 372, 296])          # rays per axis: 98 x 93 x 74 mm
AXES = ((1, 2), (0, 2), (0, 1))        # the grid's axes for rays along x, y, z
BIG = 1e4


def ray_id(axis, i, j):
    u, v = AXES[axis]
    return i * int(N[v]) + j


def _crossings(tris, axis):
    """Where the rays along `axis` cross the triangles: (ray ids, coordinates)."""
    u, v = AXES[axis]
    P = tris[:, :, [u, v]]
    a, b, c = P[:, 0], P[:, 1], P[:, 2]
    area = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
    keep = np.abs(area) > 1e-12
    tris, P, area = tris[keep], P[keep], area[keep]
    lo = np.ceil((P.min(axis=1) - LO[[u, v]] - JITTER) / H - 0.5).astype(int)
    hi = np.floor((P.max(axis=1) - LO[[u, v]] - JITTER) / H - 0.5).astype(int)
    lo = np.maximum(lo, 0)
    hi = np.minimum(hi, N[[u, v]] - 1)
    ni, nj = hi[:, 0] - lo[:, 0] + 1, hi[:, 1] - lo[:, 1] + 1
    cnt = np.where((ni > 0) & (nj > 0), ni * nj, 0)
    t = np.repeat(np.arange(len(tris)), cnt)
    k = np.arange(cnt.sum()) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    i = lo[t, 0] + k // nj[t]
    j = lo[t, 1] + k % nj[t]
    q = np.stack([LO[u] + (i + 0.5) * H + JITTER, LO[v] + (j + 0.5) * H + JITTER], 1)
    a, b, c = P[t, 0], P[t, 1], P[t, 2]

    def edge(p0, p1):
        d, e = p1 - p0, q - p0
        return d[:, 0] * e[:, 1] - d[:, 1] * e[:, 0]
    w0, w1, w2 = edge(b, c), edge(c, a), edge(a, b)
    s = np.sign(area[t])
    inside = (w0 * s >= 0) & (w1 * s >= 0) & (w2 * s >= 0)
    w0, w1, w2, t, i, j = w0[inside], w1[inside], w2[inside], t[inside], i[inside], j[inside]
    A = area[t]
    z = (w0 * tris[t, 0, axis] + w1 * tris[t, 1, axis] + w2 * tris[t, 2, axis]) / A
    return i * int(N[v]) + j, z


def spans_of_mesh(tris, axis, chunk=20000):
    """A closed mesh's spans along axis: (ray ids, lows, highs), sorted."""
    rid, z = [], []
    for a in range(0, len(tris), chunk):
        r, c = _crossings(tris[a:a + chunk], axis)
        rid.append(r)
        z.append(c)
    rid, z = np.concatenate(rid), np.concatenate(z)
    order = np.lexsort((z, rid))
    rid, z = rid[order], z[order]
    # a ray must cross a closed surface an even number of times; drop the odd (grazing) ones
    start = np.r_[0, np.nonzero(np.diff(rid))[0] + 1]
    count = np.diff(np.r_[start, len(rid)])
    good = np.repeat(count % 2 == 0, count)
    rid, z = rid[good], z[good]
    return rid[0::2], z[0::2], z[1::2]


def union(parts):
    """Spans of several solids merged per ray."""
    rid = np.concatenate([p[0] for p in parts])
    lo = np.concatenate([p[1] for p in parts])
    hi = np.concatenate([p[2] for p in parts])
    if not len(rid):
        return rid, lo, hi
    order = np.lexsort((lo, rid))
    rid, lo, hi = rid[order], lo[order], hi[order]
    run = np.maximum.accumulate(hi + rid * BIG)
    new = np.r_[True, (rid[1:] != rid[:-1]) | (lo[1:] + rid[1:] * BIG > run[:-1] + 1e-9)]
    g = np.cumsum(new) - 1
    out_hi = np.full(g[-1] + 1, -np.inf)
    np.maximum.at(out_hi, g, hi)
    return rid[new], lo[new], out_hi


def shifted(sp, axis, dz):
    """Spans moved by dz along z: exact for rays along z, to the nearest row otherwise."""
    rid, lo, hi = sp
    if axis == 2:
        return rid, lo + dz, hi + dz
    k = int(round(dz / H))
    j = rid % int(N[2]) + k
    ok = (j >= 0) & (j < N[2])
    return (rid - rid % int(N[2]) + j)[ok], lo[ok], hi[ok]


def gaps(a, b):
    """The least gap between two solids' spans on shared rays (negative: they overlap by
    that much), and the ray where it is; (inf, None) when no ray meets both."""
    ra, la, ha = a
    rb, lb, hb = b
    if not len(ra) or not len(rb):
        return math.inf, None
    kb = rb * BIG + lb
    k = np.searchsorted(kb, ra * BIG + la)
    best = np.full(len(ra), np.inf)
    prev = k - 1
    ok = (prev >= 0) & (rb[np.maximum(prev, 0)] == ra)
    p = np.maximum(prev, 0)
    g = np.where(hb[p] <= la, la - hb[p], -(np.minimum(ha, hb[p]) - la))
    best = np.where(ok, np.minimum(best, g), best)
    nxt = np.minimum(k, len(rb) - 1)
    ok = (k < len(rb)) & (rb[nxt] == ra)
    g = np.where(lb[nxt] >= ha, lb[nxt] - ha, -(np.minimum(ha, hb[nxt]) - lb[nxt]))
    best = np.where(ok, np.minimum(best, g), best)
    m = int(np.argmin(best))
    return float(best[m]), int(ra[m])


def travel(moving, static, sign):
    """How far `moving` (z spans) can go along z (sign +1 up, -1 down) before it meets
    `static`; inf when nothing is in the way, negative when they already overlap."""
    if sign < 0:
        return travel(_flip(moving), _flip(static), 1)
    ra, la, ha = moving
    rb, lb, hb = static
    if not len(ra) or not len(rb):
        return math.inf
    kb = rb * BIG + lb
    k = np.searchsorted(kb, ra * BIG + ha)
    nxt = np.minimum(k, len(rb) - 1)
    ok = (k < len(rb)) & (rb[nxt] == ra)
    room = np.where(ok, lb[nxt] - ha, np.inf)
    prev = np.maximum(k - 1, 0)
    clash = (k - 1 >= 0) & (rb[prev] == ra) & (hb[prev] > la + 1e-9)
    room = np.where(clash, -1.0, room)
    return float(room.min())


def where(axis, rid):
    """The ray's position (its two grid coordinates)."""
    u, v = AXES[axis]
    i, j = divmod(rid, int(N[v]))
    return (LO[u] + (i + 0.5) * H + JITTER, LO[v] + (j + 0.5) * H + JITTER)


def _flip(sp):
    rid, lo, hi = sp
    order = np.lexsort((-hi, rid))
    return rid[order], -hi[order], -lo[order]


def difference(a, b):
    """a's spans less b's, per ray."""
    ra, la, ha = union([a])
    rb, lb, hb = union([b])
    rid = np.concatenate([ra, ra, rb, rb])
    x = np.concatenate([la, ha, lb, hb])
    da = np.concatenate([np.ones(len(ra)), -np.ones(len(ra)), np.zeros(2 * len(rb))])
    db = np.concatenate([np.zeros(2 * len(ra)), np.ones(len(rb)), -np.ones(len(rb))])
    order = np.lexsort((x, rid))
    rid, x = rid[order], x[order]
    ina = np.cumsum(da[order]) > 0.5
    inb = np.cumsum(db[order]) > 0.5
    on = ina & ~inb
    nxt_same = np.r_[rid[1:] == rid[:-1], False]
    keep = on & nxt_same & (np.r_[x[1:], 0] > x + 1e-9)
    k = np.nonzero(keep)[0]
    return union([(rid[k], x[k], x[k + 1])])


def _grid(axis):
    """The ray grid's coordinates for rays along axis: (u values, v values)."""
    u, v = AXES[axis]
    return (LO[u] + (np.arange(N[u]) + 0.5) * H + JITTER,
            LO[v] + (np.arange(N[v]) + 0.5) * H + JITTER)


def _pack(axis, ii, jj, lo, hi):
    u, v = AXES[axis]
    rid = ii * int(N[v]) + jj
    order = np.lexsort((lo, rid))
    return rid[order], lo[order], hi[order]


def box(b, axis):
    """Spans of the box [x0, y0, z0, x1, y1, z1]."""
    u, v = AXES[axis]
    gu, gv = _grid(axis)
    ii = np.nonzero((gu > b[u]) & (gu < b[3 + u]))[0]
    jj = np.nonzero((gv > b[v]) & (gv < b[3 + v]))[0]
    ii, jj = np.repeat(ii, len(jj)), np.tile(jj, len(ii))
    n = len(ii)
    return _pack(axis, ii, jj, np.full(n, float(b[axis])), np.full(n, float(b[3 + axis])))


def cylinder(cx, cy, r0, z0, z1, axis, r1=None):
    """Spans of an upright cylinder (a cone when r1 differs: radius r0 at z0, r1 at z1)."""
    r1 = r0 if r1 is None else r1
    gu, gv = _grid(axis)
    if axis == 2:
        U, V = np.meshgrid(gu, gv, indexing="ij")
        d = np.hypot(U - cx, V - cy)
        ii, jj = np.nonzero(d < max(r0, r1))
        dd = d[ii, jj]
        if r0 == r1:
            lo, hi = np.full(len(ii), z0), np.full(len(ii), z1)
        else:   # a cone: where its radius passes dd
            zr = z0 + (z1 - z0) * (dd - r0) / (r1 - r0)
            lo = np.where(r1 > r0, np.maximum(zr, z0), z0)
            hi = np.where(r1 > r0, z1, np.minimum(zr, z1))
            ok = np.where(r1 > r0, dd >= r0, True) & (lo < hi)
            ok |= dd < min(r0, r1)
            lo = np.where(dd < min(r0, r1), z0, lo)
            hi = np.where(dd < min(r0, r1), z1, hi)
            ii, jj, lo, hi = ii[ok], jj[ok], lo[ok], hi[ok]
        return _pack(axis, ii, jj, lo, hi)
    c_across = cy if axis == 0 else cx
    c_along = cx if axis == 0 else cy
    U, V = np.meshgrid(gu, gv, indexing="ij")
    r = r0 + (r1 - r0) * (V - z0) / (z1 - z0)
    w2 = r ** 2 - (U - c_across) ** 2
    ii, jj = np.nonzero((V > z0) & (V < z1) & (w2 > 0))
    w = np.sqrt(w2[ii, jj])
    return _pack(axis, ii, jj, c_along - w, c_along + w)


def prism(poly, z0, z1, axis):
    """Spans of a polygon (x, y) extruded from z0 to z1."""
    P = np.asarray(poly, float)
    A, B = P, np.roll(P, -1, axis=0)
    gu, gv = _grid(axis)
    if axis == 2:
        U, V = np.meshgrid(gu, gv, indexing="ij")
        inside = np.zeros(U.shape, bool)
        for (x0, y0), (x1, y1) in zip(A, B):
            cross = ((y0 > V) != (y1 > V))
            xi = x0 + (V - y0) * (x1 - x0) / np.where(y1 == y0, 1, y1 - y0)
            inside ^= cross & (U < xi)
        ii, jj = np.nonzero(inside)
        return _pack(axis, ii, jj, np.full(len(ii), z0), np.full(len(ii), z1))
    a_across = 1 if axis == 0 else 0
    a_along = 1 - a_across
    rows = []
    for i, c in enumerate(gu):
        xs = sorted(a[a_along] + (c - a[a_across]) * (b[a_along] - a[a_along])
                    / (b[a_across] - a[a_across])
                    for a, b in zip(A, B) if (a[a_across] > c) != (b[a_across] > c))
        rows += [(i, xs[k], xs[k + 1]) for k in range(0, len(xs) - 1, 2)]
    jj = np.nonzero((gv > z0) & (gv < z1))[0]
    if not rows or not len(jj):
        return np.array([], int), np.array([]), np.array([])
    r = np.array(rows)
    ii = np.repeat(r[:, 0].astype(int), len(jj))
    jj2 = np.tile(jj, len(r))
    return _pack(axis, ii, jj2, np.repeat(r[:, 1], len(jj)), np.repeat(r[:, 2], len(jj)))


def read_stl(path):
    """An ASCII or binary STL's triangles, (n, 3, 3)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:5] == b"solid" and b"facet" in data[:300]:
        nums = re.findall(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)", data)
        return np.array(nums, dtype=float).reshape(-1, 3, 3)
    n = int.from_bytes(data[80:84], "little")
    rec = np.frombuffer(data[84:84 + 50 * n], dtype=np.dtype(
        [("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]))
    return rec["v"].astype(float)


def bbox(zspans, dz=0.0):
    """The box round a solid's z spans: [x0, y0, z0, x1, y1, z1]."""
    rid, lo, hi = zspans
    i, j = np.divmod(rid, int(N[1]))
    x, y = LO[0] + (i + 0.5) * H + JITTER, LO[1] + (j + 0.5) * H + JITTER
    return [x.min() - H, y.min() - H, lo.min() + dz, x.max() + H, y.max() + H, hi.max() + dz]
