"""tests/case/meshlib.py - the case's meshes measured: STL reading, ray casting
(Moller-Trumbore on a bounding-box prefilter, a voxel grid for short rays), admesh's
report, the thinnest wall along the facets' normals, the facets that would need support
(bridges between two walls allowed up to a span), a top face's relief. Used by
tests/case/test_mesh.py.
"""
import math
import re
import subprocess

import numpy as np

from case import caselib, dexels

EPS = 1e-3


def read_stl(path):
    return dexels.read_stl(path)


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


def box(x0, y0, z0, x1, y1, z1):
    """A closed box as 12 outward-facing triangles."""
    v = [(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return [t for a, b, c, d in quads for t in ((v[a], v[b], v[c]), (v[a], v[c], v[d]))]


def write_stl(path, tris):
    """An ASCII STL of triangles (admesh recomputes the normals)."""
    with open(path, "w") as f:
        f.write("solid t\n" + "".join(
            "facet normal 0 0 0\nouter loop\n" + "".join("vertex %g %g %g\n" % p for p in t)
            + "endloop\nendfacet\n" for t in tris) + "endsolid t\n")


def _bridged(mesh, c, span):
    """A down-facing facet at c is a bridge: just under it, walls on both sides along x or
    along y within span."""
    o = c - np.array([0, 0, 0.05])
    for d in ((1.0, 0, 0), (0, 1.0, 0)):
        a = mesh.hits(o, np.array(d), tmax=span)
        b = mesh.hits(o, -np.array(d), tmax=span)
        if len(a) and len(b) and a[0] + b[0] <= span:
            return True
    return False


def unsupported(mesh, allowed_z, span=0.0):
    """Overhangs (overhangs()) that are not bridges of at most span between two walls."""
    return [c for c in overhangs(mesh, allowed_z) if not (span and _bridged(mesh, c, span))]


def relief(mesh, x0, y0, x1, y1, step=0.2):
    """A top face's relief: rays down over the rectangle; (the face's height, the highest
    point over it). The face is the height most rays meet first."""
    tops = []
    for x in np.arange(x0, x1, step):
        for y in np.arange(y0, y1, step):
            o = np.array([x, y, mesh.hi[:, 2].max() + 1.0])
            h = mesh.hits(o, np.array([0, 0, -1.0]), tmax=50)
            if len(h):
                tops.append(round(o[2] - h[0], 3))
    values, counts = np.unique(tops, return_counts=True)
    return float(values[counts.argmax()]), float(max(tops))
