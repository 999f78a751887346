"""case/cells.py - the key cells: what stands on the shield under the lid, the caps' side
walls and diffusers and the lid's cell walls, each reaching down to just over the parts
under it.

A cap's side walls (its guide at the bottom) and the lid's cell walls (the guide round it,
and the baffles between cells) are drawn as profiles: along each wall, its bottom is the
tallest part under it plus a gap; a cap wall's bottom rises no steeper than 45 degrees
(the caps print standing on those walls), a cell wall's may step (the lid prints top face
down). case-model.scad extrudes the profiles; case/keys.py and case/light.py read them.
"""
import math

STEP = 0.2      # sampling along a wall, mm
# A 5 mm lamp's flange: this much wider than its body, this tall (T-1 3/4 outlines).
LED_FLANGE = (0.45, 1.0)


def obstacles(board, z_shield_top, tol):
    """The shield's parts under the lid: boxes and discs with their tops (case frame) and
    how far each may sit off the PCB's drawing (tol: "part", "sounder", "led")."""
    out = []
    for p in board["parts"]:
        if not p["top"] or p["led"] or p["switch"] or p["value"] == "Arduino_UNO_R3":
            continue
        top = z_shield_top + p["height"]
        if p.get("sounder"):
            b = p["box"]
            out.append({"name": p["ref"], "disc": ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2),
                        "r": p["sounder"] / 2, "top": top, "tol": tol["sounder"]})
        elif p.get("body"):   # a body on its fab outline, its leads lower round it
            out.append({"name": p["ref"], "box": p["body"], "top": top, "tol": tol["part"]})
            out.append({"name": p["ref"] + " leads", "box": p["box"],
                        "top": z_shield_top + p["leads"], "tol": tol["part"]})
        elif p["box"]:
            out.append({"name": p["ref"], "box": p["box"], "top": top, "tol": tol["part"]})
    for c in range(1, 10):
        led, sw = board["leds"][c], board["switches"][c]
        r = led["part"]["diameter_mm"] / 2
        out.append({"name": led["ref"], "disc": led["xy"], "r": r,
                    "top": z_shield_top + led["part"]["height_mm"], "tol": tol["led"]})
        out.append({"name": led["ref"] + " flange", "disc": led["xy"], "r": r + LED_FLANGE[0],
                    "top": z_shield_top + LED_FLANGE[1], "tol": tol["led"]})
        (x, y), h = sw["xy"], 3.0
        out.append({"name": sw["ref"], "box": [x - h, y - h, x + h, y + h],
                    "top": z_shield_top + sw["part"]["height_mm"], "tol": tol["part"]})
    j1 = [p for p in board["parts"] if p["value"] == "Arduino_UNO_R3"]
    out += [{"name": "J1 tail", "disc": xy, "r": 1.0, "top": z_shield_top + j1[0]["height"],
             "tol": tol["part"]} for xy in board["header_pads"]]
    return out


def _hits(o, x0, y0, x1, y1, grow):
    if "box" in o:
        b = o["box"]
        return b[0] - grow < x1 and x0 < b[2] + grow and b[1] - grow < y1 and y0 < b[3] + grow
    cx, cy = o["disc"]
    dx = max(x0 - cx, 0.0, cx - x1)
    dy = max(y0 - cy, 0.0, cy - y1)
    return math.hypot(dx, dy) < o["r"] + grow


def tallest_under(obs, x0, y0, x1, y1, err):
    """The tallest obstacle under the rectangle (each grown by its tolerance and the print
    error), (top, name), or (-inf, None)."""
    best = (-math.inf, None)
    for o in obs:
        if o["top"] > best[0] and _hits(o, x0, y0, x1, y1, o["tol"] + err):
            best = (o["top"], o["name"])
    return best


def _profile(req, base, slope, narrow=1.0):
    """Bottom heights along a wall: at least base and the requirement; with slope, no
    steeper than 45 degrees between two low stretches (the smallest such envelope: a
    bridge) and rising at 45 degrees out to a raised end; without, no tooth narrower than
    `narrow` hanging between two higher stretches (it would not print as a wall)."""
    b = [max(r, base) for r in req]
    if slope:
        b = [max(v - abs(i - j) * STEP for j, v in enumerate(b)) for i in range(len(b))]
        # a raised end hangs free (the caps print standing on these walls): it keeps
        # rising at 45 degrees to the wall's end
        low = [i for i, v in enumerate(b) if v <= min(b) + 1e-9]
        for i in range(low[0] - 1, -1, -1):
            b[i] = max(b[i], b[i + 1] + STEP)
        for i in range(low[-1] + 1, len(b)):
            b[i] = max(b[i], b[i - 1] + STEP)
        return b
    changed = True
    while changed:
        changed = False
        runs = [[0, 0]]
        for i in range(1, len(b)):
            if abs(b[i] - b[runs[-1][0]]) < 1e-9:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        for (a, e), prev, nxt in zip(runs[1:-1], runs, runs[2:]):
            if (e - a + 1) * STEP < narrow and b[prev[0]] > b[a] and b[nxt[0]] > b[a]:
                b[a:e + 1] = [min(b[prev[0]], b[nxt[0]])] * (e - a + 1)
                changed = True
                break
    return b


def _polyline(s0, b, steps=False):
    """(s, z) corners of a sampled bottom line, straight runs merged; with steps, each
    sample a flat run a step long (the cell walls step straight down, no slivers)."""
    if steps:
        pts, n = [], len(b)
        for i, z in enumerate(b):
            a, e = s0 + max(i - 0.5, 0) * STEP, s0 + min(i + 0.5, n - 1) * STEP
            if pts and abs(pts[-1][1] - z) < 1e-9:
                pts[-1] = (e, z)
            else:
                pts += [(a, z), (e, z)]
        return [(round(s, 4), round(z, 4)) for s, z in pts]
    pts = [(s0, b[0])]
    for i in range(1, len(b) - 1):
        if abs((b[i] - b[i - 1]) - (b[i + 1] - b[i])) > 1e-9:
            pts.append((s0 + i * STEP, b[i]))
    pts.append((s0 + (len(b) - 1) * STEP, b[-1]))
    return [(round(s, 4), round(z, 4)) for s, z in pts]


def wall(obs, x0, x1, y0, y1, along, gap, base, err, slope):
    """One wall's footprint (x0..x1, y0..y1) and its bottom profile along `along` ("x" or
    "y"): the tallest part under each step plus gap, never under base; the part that
    decides the lowest reach is named."""
    s0, s1 = (y0, y1) if along == "y" else (x0, x1)
    n = max(2, int(round((s1 - s0) / STEP)) + 1)
    req, names = [], set()
    for i in range(n):
        s = min(s0 + i * STEP, s1)
        a, b = max(s - STEP / 2, s0), min(s + STEP / 2, s1)
        top, name = tallest_under(obs, *((x0, a, x1, b) if along == "y" else (a, y0, b, y1)),
                                  err)
        req.append(top + gap)
        if top + gap > base:
            names.add(name)
    prof = _profile(req, base, slope)
    return {"box": [x0, y0, x1, y1], "along": along, "profile": _polyline(s0, prof, not slope),
            "over": sorted(names), "low": min(prof)}


def bottom_at(w, s):
    """A wall's bottom height at s along it (its profile, interpolated)."""
    pts = w["profile"]
    s = min(max(s, pts[0][0]), pts[-1][0])
    for (sa, za), (sb, zb) in zip(pts, pts[1:]):
        if sa <= s <= sb:
            return za if sb == sa else za + (zb - za) * (s - sa) / (sb - sa)
    return pts[-1][1]


def cap_walls(obs, caps, D, base, err):
    """Each cap's two side walls (-x, +x), absolute coordinates."""
    half, inner = D["cap_body"] / 2, D["cap_size"] / 2 - D["cap_head_wall"]
    out = []
    for cx, cy in caps:
        out.append([wall(obs, cx + sx * half if sx < 0 else cx + inner,
                         cx - inner if sx < 0 else cx + half, cy - half, cy + half, "y",
                         D["cap_floor_gap"], base, err, True) for sx in (-1, 1)])
    return out


def diffusers(obs, caps, actuators, leds, walls, D, err):
    """Each cap's diffuser: a flat plate cap_diffuser_t thick between its side walls
    (walls: cap_walls()) from its actuator wall to where the walls' rounded ends begin,
    its underside cap_diffuser_gap over the tallest part under it (the LED's dome; the
    plunger under its edge is the one the cap rides on, not a part) and a layer over the
    side walls' bottoms all along it (a bridge between the walls: where one rises over a
    part, the plate rises too). Like a wall along y: {"box": [x0, y0, x1, y1], "along": "y",
    "profile": [(y0, bottom), (y1, bottom)], "z": [bottom, top], "over": what sets it}."""
    inner, end = D["cap_size"] / 2 - D["cap_head_wall"], D["cap_body"] / 2 - D["cap_body_r"]
    out = []
    for (cx, cy), ay, (lx, ly), pair in zip(caps, actuators, leds, walls):
        s = 1.0 if ly > ay else -1.0
        y0, y1 = sorted((ay + s * D["cap_act_t"] / 2, cy + s * end))
        top, name = tallest_under(obs, cx - inner, y0, cx + inner, y1, err)
        # a bridge: both walls reach a layer (STEP) under it all along
        wall = STEP + max(bottom_at(w, y) for w in pair
                          for y in [y0, y1] + [p[0] for p in w["profile"] if y0 < p[0] < y1])
        z0 = round(max(top + D["cap_diffuser_gap"], wall), 4)
        if wall > top + D["cap_diffuser_gap"]:
            name = "a side wall's bottom (over %s)" % ", ".join(
                sorted({n for w in pair for n in w["over"]}))
        out.append({"box": [round(cx - inner, 4), round(y0, 4), round(cx + inner, 4), round(y1, 4)],
                    "along": "y", "profile": [(round(y0, 4), z0), (round(y1, 4), z0)],
                    "z": [z0, round(z0 + D["cap_diffuser_t"], 4)], "over": name})
    return out


def tube_walls(obs, caps, D, base, gap, err):
    """The lid's cell grid: bores of cap_body + 2 cap_play round each cap, walls between
    and round them (x-walls run along y, y-walls along x)."""
    h = D["cap_body"] / 2 + D["cap_play"]
    t = D["tube_wall_outer"]
    xs = sorted({c[0] for c in caps})
    ys = sorted({c[1] for c in caps})

    def bands(vs):
        return ([(vs[0] - h - t, vs[0] - h)] + [(a + h, b - h) for a, b in zip(vs, vs[1:])]
                + [(vs[-1] + h, vs[-1] + h + t)])
    y_lo, y_hi, x_lo, x_hi = ys[0] - h - t, ys[-1] + h + t, xs[0] - h - t, xs[-1] + h + t
    walls = [wall(obs, a, b, y_lo, y_hi, "y", gap, base, err, False) for a, b in bands(xs)]
    walls += [wall(obs, x_lo, x_hi, a, b, "x", gap, base, err, False) for a, b in bands(ys)]
    return walls


def corners(obs, caps, D, base, gap, err):
    """Each bore's corners: a fillet of the body's corner radius + play (so a cap's corner
    keeps its play along the diagonal). [cx, cy, sx, sy, size, bottom]: the corner's
    bore, its sign and the square it fills."""
    h = D["cap_body"] / 2 + D["cap_play"]
    size = D["cap_body_r"] + D["cap_play"]
    out = []
    for cx, cy in caps:
        for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
            x0, x1 = sorted((cx + sx * (h - size), cx + sx * h))
            y0, y1 = sorted((cy + sy * (h - size), cy + sy * h))
            top, _ = tallest_under(obs, x0, y0, x1, y1, err)
            out.append([cx, cy, sx, sy, round(size, 4), round(max(base, top + gap), 4)])
    return out
