"""case/shapes.py - the plane shapes the case is drawn from, measured: rounded squares
(the caps' head and body, the lid's openings and bores), their reach in a direction
(support function) and the signed distance of a point to their edge. Pure arithmetic;
the caps' mechanics (case/keys.py), the fits (case/fit.py) and the light (case/light.py)
share it, and case-model.scad draws the same shapes from the same numbers.
"""
import math


def support(half, r, u):
    """How far a square of half-size `half` with corners rounded to `r` reaches from its
    centre in the unit direction u."""
    return (half - r) * (abs(u[0]) + abs(u[1])) + r


def sdf(half, r, x, y):
    """Signed distance from (x, y) (centre at the origin) to the rounded square's edge:
    negative inside."""
    qx, qy = abs(x) - (half - r), abs(y) - (half - r)
    out = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return out + min(max(qx, qy), 0.0) - r


def unit(dx, dy):
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-12 else (0.0, 1.0)


def corner_point(half, r, sx, sy):
    """The point of the rounded corner (sx, sy in +-1) furthest along its diagonal."""
    a = half - r + r / math.sqrt(2)
    return (sx * a, sy * a)


def inside_chamfer(x, y, cut):
    """True where the keyed corner (+x, +y) leaves material: x + y <= cut."""
    return x + y <= cut + 1e-9
