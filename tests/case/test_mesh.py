"""tests/case/test_mesh.py - the meshes `make case` wrote (CASE_BUILD, default
build/case), measured: closed and manifold (admesh), on a 180 x 180 mm bed, walls
>= 1.6 mm (the stated thin features >= their own minimum), nothing needing support but
bridges between two walls; the lid's openings and cells give each cap its play, the caps
are the size the fits assume; each cap's number stands proud enough to read by finger, the
centre cap has its dot, the digits are round; rays around the Uno's jacks clear base and
lid (a planted lid without the USB-B opening is caught); rays up from every part under the
lid find it at least 1 mm away. The committed print sheet, legend card and pictures are
what `make case` makes (make case-update)."""
import functools
import math
import os
import subprocess

import numpy as np
import pytest

from case import caselib
from tests.case import meshlib
from tests.case.common import BUILD, board, lay, params, uno

R = caselib.REQUIRE
D = caselib.DESIGN
PARTS = ["base", "lid", "keys", "jig"]


@functools.lru_cache(maxsize=None)
def mesh(part, path=None):
    return meshlib.Mesh(meshlib.read_stl(path or os.path.join(BUILD, "case-%s.stl" % part)), part)


@functools.lru_cache(maxsize=None)
def lid_in_place(path=None):
    """The lid turned back from its print orientation (case.scad: turned over about x)."""
    z_top = lay()["z_lid_top"]
    return mesh("lid", path).transformed(lambda v: np.c_[v[:, 0], -v[:, 1], z_top - v[:, 2]],
                                         "lid in place")


@pytest.mark.parametrize("part", PARTS)
def test_mesh_is_closed_and_on_the_bed(part):
    m = meshlib.admesh(os.path.join(BUILD, "case-%s.stl" % part))
    want = 9 if part == "keys" else 1
    assert (m["disconnected"], m["degenerate"], m["backwards"], m["parts"]) == (0, 0, 0, want)
    assert max(m["size"][:2]) <= R["bed"] and m["size"][2] <= R["bed"]


def thin_features(part, m):
    """Facets of the features stated thinner than min_wall (print frame): the base's lip
    and the pegs' standoffs, the lid's rebate, its cell grid (webs and walls between the
    cells) and the webs between its sound holes; the caps are all thin (their walls, the
    beam), their raised numbers aside (decoration)."""
    c = m.t.mean(axis=1)
    L = lay()
    if part == "base":
        small = [f["xy"] for f in L["fixings"] if f["standoff_d"] < 5]
        near = np.zeros(len(c), bool)
        for x, y in small:
            near |= np.hypot(c[:, 0] - x, c[:, 1] - y) <= 2.6
        for x, y in L["posts"]:     # the countersinks' seats, across their slope
            near |= (np.hypot(c[:, 0] - x, c[:, 1] - y) <= D["screw_head_d"] / 2 + 0.1) \
                & (c[:, 2] < D["floor"])
        return (c[:, 2] > L["z_split"] - 1e-3) | near, R["thin_wall"]
    if part == "lid":
        rebate = c[:, 2] >= L["z_lid_top"] - L["z_split"] - D["lip_h"] - D["lip_gap"] - 1e-3
        box = [min(w["box"][0] for w in L["tube_walls"]), min(w["box"][1] for w in L["tube_walls"]),
               max(w["box"][2] for w in L["tube_walls"]), max(w["box"][3] for w in L["tube_walls"])]
        grid = ((c[:, 0] > box[0] - 0.5) & (c[:, 0] < box[2] + 0.5) & (-c[:, 1] > box[1] - 0.5)
                & (-c[:, 1] < box[3] + 0.5))
        # the webs of the sound opening (fit.sound_opening holds them to thin_wall)
        for x, y, d in L["sound_holes"]:
            grid |= (np.hypot(c[:, 0] - x, c[:, 1] + y) <= d / 2 + R["thin_wall"] + 0.5) \
                & (c[:, 2] <= D["lid_plate"] + 1e-3)
        return rebate | grid, R["thin_wall"]
    if part == "jig":
        return np.zeros(len(c), bool), R["thin_wall"]
    relief = c[:, 2] >= L["z_cap_top"] - L["z_tube_base"] - 1e-3
    return ~relief, R["thin_wall"]


@pytest.mark.parametrize("part", PARTS)
def test_walls(part):
    m = mesh(part)
    thin, thin_min = thin_features(part, m)
    if part == "keys":   # the numbers are decoration; everything else >= the thin minimum
        wall, where = meshlib.wall_thickness(m, ~thin)
        assert wall >= thin_min - 0.01, where     # (the rounded corners' facets)
        return
    wall, where = meshlib.wall_thickness(m, thin)
    assert wall >= R["min_wall"] - 1e-3, "%.2f mm at %s" % (wall, where)
    wall, where = meshlib.wall_thickness(m, ~thin)
    assert wall >= thin_min - 1e-3, "%.2f mm at %s" % (wall, where)


@pytest.mark.parametrize("part", PARTS)
def test_nothing_needs_support(part):
    m = mesh(part)
    allowed = [m.lo[:, 2].min()]
    if part == "base":   # the feet's rings engraved in the underside: bridges a groove wide
        allowed.append(D["foot_ring_depth"])
    span = R["bridge_max"] if part == "keys" else 0.0
    assert meshlib.unsupported(m, allowed, span) == []


def first_hit(m, o, d):
    h = m.hits(o, d, tmax=30)
    return h[0] if len(h) else None


def test_each_opening_gives_its_cap_play():
    lid = lid_in_place()
    z = (lay()["z_lid_under"] + lay()["z_lid_top"]) / 2
    plays = []
    for cx, cy in lay()["caps"]:
        for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)):
            plays.append(first_hit(lid, (cx, cy, z), d) - D["cap_size"] / 2)
    lo, hi = R["cap_play"]
    assert lo - 0.02 <= min(plays) and max(plays) <= hi + 0.02, (min(plays), max(plays))


def test_each_cell_gives_its_cap_play():
    lid = lid_in_place()
    z = (lay()["z_tube_base"] + lay()["z_lid_under"]) / 2
    plays = [first_hit(lid, (cx, cy, z), d) - D["cap_body"] / 2 for cx, cy in lay()["caps"]
             for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))]
    lo, hi = R["cap_play"]
    assert lo - 0.02 <= min(plays) and max(plays) <= hi + 0.02, (min(plays), max(plays))


def plate_centre(i):
    return ((i % 3) * params()["plate_pitch"], -(i // 3) * params()["plate_pitch"])


def test_caps_are_the_size_the_fits_assume():
    keys = mesh("keys")
    head_z = lay()["z_cap_top"] - lay()["z_tube_base"] - 1.0
    for i in range(9):
        x, y = plate_centre(i)
        head = [keys.hits((x, y, head_z), d, tmax=7)[-1] for d in
                ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))]
        walls = [keys.hits((x, y, 4.0), d, tmax=7)[-1] for d in ((1, 0, 0), (-1, 0, 0))]
        assert max(abs(h - D["cap_size"] / 2) for h in head) < 0.02, (i + 1, head)
        assert max(abs(h - D["cap_body"] / 2) for h in walls) < 0.02, (i + 1, walls)


def cap_relief(i, at=None):
    x, y = plate_centre(i)
    if at:
        return meshlib.relief(mesh("keys"), x + at[0] - 0.3, y + at[1] - 0.3, x + at[0] + 0.3,
                              y + at[1] + 0.3, 0.1)
    h = D["cap_size"] / 2 - 1.0
    return meshlib.relief(mesh("keys"), x - h, y - h, x + h, y + h, 0.25)


@pytest.mark.parametrize("i", range(9))
def test_numbers_stand_proud_enough_to_read_by_finger(i):
    face, top = cap_relief(i)
    assert top - face >= R["touch_depth"] - 1e-3, (i + 1, face, top)


def test_the_centre_cap_has_its_dot_and_no_other():
    for i in range(9):
        face = cap_relief(i)[0]
        top = cap_relief(i, (0.0, D["cap_dot_y"]))[1]
        assert (top - face >= R["touch_depth"] - 1e-3) == (i == 4), (i + 1, face, top)


def test_a_number_too_low_is_caught(tmp_path):
    """The relief measure on a plate with a number 0.3 mm proud: under touch_depth."""
    tris = meshlib.box(0, 0, 0, 12, 12, 2) + meshlib.box(4, 4, 2, 8, 8, 2.3)
    m = meshlib.Mesh(np.array(tris, float), "low number")
    face, top = meshlib.relief(m, 0.5, 0.5, 11.5, 11.5)
    assert (face, round(top - face, 3)) == (2.0, 0.3) and top - face < R["touch_depth"]


def test_the_digits_are_round():
    """Cap 8's number has no straight stretch: its sides are short facets ($fn 48, not
    the 8 of r2's faceted digits)."""
    keys = mesh("keys")
    x, y = plate_centre(7)
    z0 = lay()["z_cap_top"] - lay()["z_tube_base"]
    c = keys.t.mean(axis=1)
    side = (np.abs(keys.n[:, 2]) < 0.1) & (c[:, 2] > z0 + 0.05) & \
        (np.hypot(c[:, 0] - x, c[:, 1] - y) < 4)
    t = keys.t[side]
    edges = np.linalg.norm((t[:, [1, 2, 0]] - t)[:, :, :2], axis=2).max(axis=1)
    assert side.sum() > 100 and edges.max() < 0.8, (side.sum(), edges.max())


def test_lid_over_every_part():
    lid = lid_in_place()
    zst = lay()["z_shield_top"]
    worst = (1e9, "")
    for p in board()["parts"]:
        if p["led"] or p["switch"] or not p["box"]:
            continue
        x0, y0, x1, y1 = p["box"]
        for x, y in [(x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * j / 4)
                     for i in range(5) for j in range(5)]:
            h = first_hit(lid, (x, y, zst + p["height"]), meshlib.UP)
            if h is not None and h < worst[0]:
                worst = (h, p["ref"])
    assert worst[0] >= R["lid_clearance"], worst


def jack_margin(base, lid, con):
    """Least free distance around a jack's body along the plug direction (bisected)."""
    x = con["x_max_mm"] - 0.5
    z0 = lay()["z_uno_top"]
    y0, y1 = con["y_centre_mm"] - con["width_mm"] / 2, con["y_centre_mm"] + con["width_mm"] / 2
    z1 = z0 + con["height_mm"]

    def clear(ya, yb, za, zb):
        return not any(len(m.hits((x, ya + (yb - ya) * i / 8, za + (zb - za) * j / 8),
                                  (-1.0, 0, 0), tmax=40))
                       for i in range(9) for j in range(9) for m in (base, lid))
    if not clear(y0, y1, z0, z1):
        return -1.0
    sides = []
    for k in range(4):
        lo, hi = 0.0, 3.0
        while hi - lo > 0.01:
            n = (lo + hi) / 2
            grow = [n if k == s else 0.0 for s in range(4)]
            lo, hi = (n, hi) if clear(y0 - grow[0], y1 + grow[1], z0 - grow[2],
                                      z1 + grow[3]) else (lo, n)
        sides.append(lo)
    return min(sides)


@pytest.mark.parametrize("name", ["USB-B", "DC"])
def test_jack_openings(name):
    [con] = [c for c in uno()["connectors"] if c["name"] == name]
    assert jack_margin(mesh("base"), lid_in_place(), con) >= R["jack_margin"]


def plug_blocked(lid):
    """Points of a 12 mm overmould's outline at the DC jack's face whose ray along the plug
    direction meets the case."""
    u = uno()
    [dc] = [c for c in u["connectors"] if c["name"] == "DC"]
    r = u["dc_plug_overmould_mm"] / 2
    yc, zc = dc["y_centre_mm"], lay()["z_uno_top"] + dc["plug_axis_mm"]
    pts = [(yc + k * r * math.cos(a * math.pi / 12), zc + k * r * math.sin(a * math.pi / 12))
           for a in range(24) for k in (0.0, 0.5, 0.99)]
    return [p for p in pts for m in (mesh("base"), lid)
            if len(m.hits((dc["x_min_mm"] + 0.01, p[0], p[1]), (-1.0, 0, 0), tmax=40))]


def test_dc_opening_takes_a_12_mm_plug():
    assert plug_blocked(lid_in_place()) == []


def test_lid_without_the_dc_opening_is_caught():
    assert plug_blocked(lid_in_place(os.path.join(BUILD, "planted", "case-lid-no-dc.stl")))


def test_lid_without_the_usb_opening_is_caught():
    planted = os.path.join(BUILD, "planted", "case-lid-no-usb.stl")
    [con] = [c for c in uno()["connectors"] if c["name"] == "USB-B"]
    assert jack_margin(mesh("base"), lid_in_place(planted), con) < 0


def test_board_clears_the_walls():
    """Rays outwards from the outline's edges, at the Uno's height, find the walls."""
    base = mesh("base")
    ol = board()["outline"]
    area2 = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ol, ol[1:] + ol[:1]))
    sign = 1.0 if area2 > 0 else -1.0
    z = lay()["z_uno_bottom"] + 0.8
    gaps = []
    for (ax, ay), (bx, by) in zip(ol, ol[1:] + ol[:1]):
        n = math.hypot(bx - ax, by - ay)
        d = (sign * (by - ay) / n, -sign * (bx - ax) / n, 0.0)
        for k in range(1, 10):
            h = first_hit(base, (ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10, z), d)
            if h is not None:
                gaps.append(h)
    assert min(gaps) >= R["board_to_wall"]


COMMITTED = ["print-sheet.md", "legend-card.svg"]
PICTURES = ["case-assembled.png", "case-exploded.png", "case-cutaway.png",
            "case-step1.png", "case-step2.png", "case-step3.png", "case-step4.png"]


@pytest.mark.parametrize("name", COMMITTED)
def test_committed_text_is_current(name):
    with open(os.path.join(BUILD, name)) as a, open(os.path.join("case", name)) as b:
        assert a.read() == b.read(), \
            "case/%s is not what make case writes (make case-update)" % name


@pytest.mark.parametrize("name", PICTURES)
def test_committed_picture_is_current(name):
    r = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", os.path.join(BUILD, name),
                        os.path.join("case", name), "null:"], capture_output=True, text=True)
    diff = r.stderr.split()[0] if r.stderr else ""
    assert diff.replace(".", "").isdigit() and float(diff) <= 3000, \
        "case/%s differs from make case's (%s; make case-update)" % (name, r.stderr.strip())
