"""case/fit.py - the case's fits, computed from its layout against the parts' data.

Each check returns Findings: a named check, a figure and whether it holds. The same
numbers go into the print sheet (case/gen_case.py stores them) and are asserted by
tests/case (which also plants a mistake for each). Tolerances: every fitted part moved by
its datasheet tolerance plus the print error (case/uno-r3.json's print_error_mm) must
still clear; the figures quoted are the nominal ones.
"""
import collections
import math

from case import caselib, keys, shapes

Finding = collections.namedtuple("Finding", "check ok value msg")

# What the parts' data does not say, as assumed here (the print sheet quotes them).
ASSUME = {
    "plunger_tol": 0.4,   # Omron B3F drawings: +-0.4 mm where no tolerance is given
    "travel_max": 0.45,   # B3F travel 0.25 mm; its end stop taken up to 0.2 mm further
    "led_tol": 0.25,      # Kingbright lamp drawings: +-0.25 mm unless noted
    "sounder_tol": 0.3,   # the piezo's pins in the footprint's 1.0 mm holes: its body off by that
    "part_tol": 0.25,     # a hand-soldered part's body off its footprint's courtyard
}


def _box_gap(x, y, r, box):
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy) - r


def _gap(x, y, r, part):
    if "disc" in part:
        return math.hypot(x - part["disc"][0], y - part["disc"][1]) - r - part["r"]
    return _box_gap(x, y, r, part["box"])


def uno_clearances(uno, lay, hole_fixing=None, table=None):
    """Every screw head, peg and standoff against every part of the Uno at its height."""
    err = uno["print_error_mm"]
    zs = {k: lay[k] for k in ("z_uno_bottom", "z_uno_top")}
    parts = caselib.uno_parts(uno, lay["z_uno_bottom"])
    out = []
    for fx in caselib.fixings(uno, zs, hole_fixing, table):
        x, y = fx["xy"]
        for solid, r, (z0, z1) in fx["solids"]:
            near = [(_gap(x, y, r, p), p) for p in parts if p["z"][0] < z1 and z0 < p["z"][1]]
            if not near:
                continue
            gap, part = min(near, key=lambda g: g[0])
            worst = min(g - p["tol"] - err for g, p in near)
            ok = gap >= caselib.REQUIRE["uno_clearance"] - 1e-9 and worst > 0
            out.append(Finding("uno clearance", ok, round(gap, 2),
                               "the %s (%s) at (%.2f, %.2f) is %.2f mm from the %s (want >= %g;"
                               " %.2f with every part moved by its tolerance + %.1f mm)"
                               % (solid, fx["what"], x, y, gap, part["name"],
                                  caselib.REQUIRE["uno_clearance"], worst, err)))
    return out


def _case_solids(lay):
    """The base's and the lid's solids a fixing could meet: the walls' inner faces (the
    cavity's edge: the base's wall and lip, the lid's wall), the corner posts, the cells."""
    out = [("the %s wall and lip" % side, "edge", k, (0.0, lay["z_lid_top"]))
           for k, side in enumerate(("left", "front", "right", "back"))]
    out += [("the corner post at (%.1f, %.1f)" % p, "disc", p, (0.0, lay["z_lid_under"]))
            for p in lay["posts"]]
    out += [("a cell wall", "box", w["box"], (w["low"], lay["z_lid_under"]))
            for w in lay["tube_walls"]]
    return out


def _solid_gap(x, y, r, kind, v, cavity):
    if kind == "edge":
        return [x - cavity[0], y - cavity[1], cavity[2] - x, cavity[3] - y][v] - r
    if kind == "disc":
        return math.hypot(x - v[0], y - v[1]) - r - caselib.DESIGN["post_d"] / 2
    return _box_gap(x, y, r, v)


def base_and_lid(uno, lay, hole_fixing=None, table=None):
    """Every screw head and peg against the base's and the lid's walls, lip, posts and
    cells (each head sits in a printed pilot: off by the print error)."""
    err = uno["print_error_mm"]
    zs = {k: lay[k] for k in ("z_uno_bottom", "z_uno_top")}
    out = []
    for fx in caselib.fixings(uno, zs, hole_fixing, table):
        x, y = fx["xy"]
        for solid, r, (z0, z1) in fx["solids"]:
            if solid == "standoff":     # the base's own: it stands on the floor
                continue
            near = [(_solid_gap(x, y, r, kind, v, lay["cavity"]), name)
                    for name, kind, v, (a, b) in _case_solids(lay) if a < z1 and z0 < b]
            gap, name = min(near)
            ok = gap >= caselib.REQUIRE["uno_clearance"] - 1e-9 and gap - err > 0
            out.append(Finding("case clearance", ok, round(gap, 2),
                               "the %s (%s) at (%.2f, %.2f) is %.2f mm from %s (want >= %g;"
                               " %.2f with the print %.1f mm off)"
                               % (solid, fx["what"], x, y, gap, name,
                                  caselib.REQUIRE["uno_clearance"], gap - err, err)))
    return out


def _pitch(caps):
    dx = min(abs(a[0] - b[0]) for a in caps for b in caps if abs(a[0] - b[0]) > 1)
    dy = min(abs(a[1] - b[1]) for a in caps for b in caps if abs(a[1] - b[1]) > 1)
    return dx, dy


def _retention(D):
    """The least a side wall's corner reaches under the lid past the opening, the cap
    pushed the other way by its play."""
    play = D["cap_play"]
    half_o, r_o = D["cap_size"] / 2 + play, D["cap_r"] + play
    cut = D["key_cut"] + play * math.sqrt(2)
    a = D["cap_body"] / 2 - D["cap_body_r"] + D["cap_body_r"] / math.sqrt(2) - play
    return min(max(shapes.sdf(half_o, r_o, sx * a, sy * a), (sx * a + sy * a - cut) / math.sqrt(2))
               for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)))


def _turned_block(D, turn):
    """How far a cap turned by `turn` degrees would stand into the lid round its opening:
    its head's outline outside the opening (the key: the two cut corners)."""
    head = keys.outline(D["cap_size"] / 2, D["cap_r"], D["key_cut"])
    play = D["cap_play"]
    half, r = D["cap_size"] / 2 + play, D["cap_r"] + play
    cut = D["key_cut"] + play * math.sqrt(2)
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    worst = -math.inf
    for x, y in head:
        px, py = c * x - s * y, s * x + c * y
        worst = max(worst, shapes.sdf(half, r, px, py), (px + py - cut) / math.sqrt(2))
    return worst


def cap_guide(lay, design=None):
    """Cap size, its plays, the lid's webs and cell walls, the shoulder's hold under the
    lid, the key that lets a cap in one way only."""
    D = design or caselib.DESIGN
    R = caselib.REQUIRE
    play = D["cap_play"]
    lo, hi = R["cap_play"]
    pitch = min(_pitch(lay["caps"]))
    web = pitch - D["cap_size"] - 2 * play
    cell = pitch - D["cap_body"] - 2 * play
    hold = _retention(D)
    blocks = [_turned_block(D, t) for t in (90, 180, 270)]
    return [
        Finding("cap size", D["cap_size"] >= R["cap_min"], D["cap_size"],
                "the caps' top is %.1f x %.1f mm, corners rounded %.1f mm, want >= %g"
                % (D["cap_size"], D["cap_size"], D["cap_r"], R["cap_min"])),
        Finding("guide play", lo - 1e-9 <= play <= hi + 1e-9, play,
                "each cap has %.2f mm of play each side in its opening and in its cell, want"
                " %g-%g" % (play, lo, hi)),
        Finding("lid web", web >= R["thin_wall"] - 1e-9, round(web, 2),
                "the lid's web between two openings is %.2f mm, want >= %g"
                % (web, R["thin_wall"])),
        Finding("cell wall", cell >= R["thin_wall"] - 1e-9, round(cell, 2),
                "the wall between two cells is %.2f mm, want >= %g" % (cell, R["thin_wall"])),
        Finding("retention", hold >= R["retention"] - 1e-9, round(hold, 2),
                "a side wall's corner reaches %.2f mm under the lid past the opening with its"
                " cap pushed the other way, want >= %g" % (hold, R["retention"])),
        Finding("keyed", min(blocks) >= R["key_block"] - 1e-9 and _turned_block(D, 0) < 0,
                round(min(blocks), 2),
                "turned by 90, 180 or 270 degrees a cap's head stands %.2f mm into the lid round"
                " its opening's cut corner (want >= %g: it cannot go in); the right way round"
                " it clears by %.2f"
                % (min(blocks), R["key_block"], -_turned_block(D, 0))),
    ]


def key_presses(board, lay, design=None, mu=None, dz=0.0):
    """case/keys.py at every press point of every cap: [(cell, point, result)]."""
    D = design or caselib.DESIGN
    mu = caselib.REQUIRE["friction"] if mu is None else mu
    leds = [board["leds"][c]["xy"] for c in range(1, 10)]
    lay = dict(lay, keys=[board["switches"][c]["xy"] for c in range(1, 10)])
    return keys.all_presses(lay, D, leds, ASSUME["travel_max"], mu, dz)


def key_press(board, lay, design=None, presses=None):
    """Pressed anywhere on its top a cap leans at most tilt_deg, takes at most force_ratio
    times its centre's force, never jams at friction 0.3, and its switch reaches its end
    stop before anything bottoms."""
    R = caselib.REQUIRE
    res = presses or key_presses(board, lay, design)
    tilt = max(res, key=lambda c: c[2]["tilt_deg"])
    force = max(res, key=lambda c: c[2]["ratio"])
    jams = [(c, p) for c, p, r in res if r["jams"]]
    low = min(res, key=lambda c: c[2]["margin"])
    return [
        Finding("key tilt", tilt[2]["tilt_deg"] <= R["tilt_deg"] + 1e-9,
                round(tilt[2]["tilt_deg"], 2),
                "a press leans a cap at most %.2f degrees (cell %d, %s; its guide %.1f mm"
                " long), want <= %g" % (tilt[2]["tilt_deg"], tilt[0], tilt[1], tilt[2]["L"],
                                        R["tilt_deg"])),
        Finding("key force", force[2]["ratio"] <= R["force_ratio"] + 1e-9 and not jams,
                round(force[2]["ratio"], 3),
                "the hardest press takes %.2f times the centre's force (cell %d, %s) at"
                " friction %.1f, want <= %g" % (force[2]["ratio"], force[0], force[1],
                                                R["friction"], R["force_ratio"])),
        Finding("key jam", not jams, len(jams),
                "no press jams a cap at friction %.1f (%s)"
                % (R["friction"], ", ".join("cell %d %s" % j for j in jams) or "none does")),
        Finding("key travel", low[2]["margin"] >= 0, round(low[2]["margin"], 2),
                "at every press point the switch reaches its end stop (%.2f mm) with %.2f mm"
                " to spare before %s meets (cell %d, %s; tolerances and print error"
                " included), want >= 0" % (ASSUME["travel_max"], low[2]["margin"],
                                           low[2]["limit"], low[0], low[1])),
    ]


def stack(board, uno, lay, design=None):
    """The stack-up: with every tolerance between the plunger and the lid on the high side
    and the shield not pressed home, no cap's shoulder touches the lid (no switch held
    on); on the low side every cap still reaches its end stop and nothing jams."""
    D = design or caselib.DESIGN
    high, low = lay["stack_high"], lay["stack_low"]
    lean = math.radians(max(r["tilt_deg"] for _, _, r in key_presses(board, lay, D)))
    behind = max(abs(cy - board["switches"][c + 1]["xy"][1]) for c, (cx, cy) in
                 enumerate(lay["caps"]))
    rise = lean * (D["cap_body"] / 2 - behind)
    spare = D["cap_lift"] - high - rise
    low_res = key_presses(board, lay, D, dz=-low)
    high_res = key_presses(board, lay, D, dz=high)
    worst = min(low_res, key=lambda c: c[2]["margin"])
    jams = [c for c in low_res + high_res if c[2]["jams"]]
    tols = ", ".join("%s %.2f" % tuple(t) for t in lay["stack_tols"])
    return [
        Finding("no key held on", spare > 0, round(spare, 2),
                "resting, a cap's shoulder is %.2f mm under the lid; the plunger %.2f mm"
                " higher (+-: %s; the shield %.1f mm high) and the cap leaning leave %.2f mm"
                % (D["cap_lift"], high, tols, caselib.STACK["seated_high"], spare)),
        Finding("every key actuates", worst[2]["margin"] >= 0 and not jams,
                round(worst[2]["margin"], 2),
                "the plunger %.2f mm lower: the cap's top %.2f mm over the lid, still %.2f mm"
                " to spare at its end stop (cell %d, %s); none jams high or low"
                % (low, D["cap_protrusion"] - low, worst[2]["margin"], worst[0], worst[1])),
    ]


def cap_cover(board, lay, design=None):
    """Each cap's cavity takes its LED (between its side walls, under its top plate) and
    its actuator wall stands on its plunger, clear of the LED."""
    D = design or caselib.DESIGN
    out = []
    inner = D["cap_size"] / 2 - D["cap_head_wall"]
    sw = board["switches"][1]["part"]
    for c in range(1, 10):
        cx, cy = lay["caps"][c - 1]
        lx, ly = board["leds"][c]["xy"]
        kx, ky = board["switches"][c]["xy"]
        ay = lay["actuators"][c - 1]
        rl = board["leds"][c]["part"]["diameter_mm"] / 2 + ASSUME["led_tol"] + 0.2
        side = min(inner - abs(lx - cx), lay["bore"] / 2 - abs(ly - cy)) - rl
        out.append(Finding("LED covered", side >= 0, round(side, 2),
                           "cell %d: its LED (with its tolerance and the print's) %.2f mm"
                           " inside the cap's side walls and its cell's" % (c, side)))
        on = sw["actuator_diameter_mm"] / 2 - abs(ky - ay)
        off_led = abs(ly - ay) - D["cap_act_t"] / 2 - rl
        out.append(Finding("actuator", on >= D["cap_act_t"] / 2 and off_led >= 0.5, round(on, 2),
                           "cell %d: the actuator wall on the plunger, %.2f mm inside its"
                           " top's edge, %.2f mm from the LED" % (c, on, off_led)))
    return out


def led_clearance(board, lay, design=None):
    """Pressed home and leaning, a cap's diffuser (its lowest part over the LED) stays over
    its LED's dome."""
    D = design or caselib.DESIGN
    led = board["leds"][1]["part"]
    gap = min(d["z"][0] for d in lay["diffusers"]) - (lay["z_shield_top"] + led["height_mm"])
    full = gap - ASSUME["travel_max"] - math.radians(caselib.REQUIRE["tilt_deg"]) * D["cap_body"]
    return [Finding("LED clearance",
                    full - ASSUME["led_tol"] - 0.2 >= caselib.REQUIRE["led_gap"] - 1e-9,
                    round(full, 2),
                    "pressed home and leaning, a cap's diffuser is %.2f mm over its LED's dome"
                    " (%.2f resting), want >= %g" % (full, gap, caselib.REQUIRE["led_gap"]))]


def hold_down(uno, lay, design=None):
    """The Uno's left edge (two pegs, no screw) cannot rise off them: the lid's USB-B
    opening stops the jack first."""
    D = design or caselib.DESIGN
    engaged = uno["thickness_mm"] + caselib.FIXINGS["flush"]["peg_above"]
    return [Finding("hold down", D["jack_margin"] < engaged, round(engaged - D["jack_margin"], 2),
                    "the Uno's jack side may rise %.1f mm before its USB-B jack meets the lid;"
                    " the flush peg stays %.1f mm in its hole" % (D["jack_margin"], engaged))]


def dc_opening(uno, design=None):
    D = design or caselib.DESIGN
    dc = [c for c in uno["connectors"] if c["name"] == "DC"][0]
    return [Finding("DC plug", D["dc_plug_margin"] >= 0.3 - 1e-9, uno["dc_plug_overmould_mm"],
                    "the DC opening takes a %.0f mm plug overmould with %.1f mm each side,"
                    " centred on the plug's axis %.1f mm above the Uno"
                    % (uno["dc_plug_overmould_mm"], D["dc_plug_margin"], dc["plug_axis_mm"]))]


def lid_clearance(lay):
    gap = lay["z_lid_under"] - max(lay["z_parts"], lay["z_icsp"])
    return [Finding("lid clearance", gap >= caselib.REQUIRE["lid_clearance"] - 1e-9, round(gap, 2),
                    "the lid's underside is %.2f mm over the tallest part under it (%s, %.1f mm),"
                    " want >= %g" % (gap, lay["tallest"], lay["tallest_h"],
                                     caselib.REQUIRE["lid_clearance"]))]


def printed_holes(uno, design=None):
    """Every printed hole round a part: at least 0.3 mm over the part's largest size, each
    side (the screws' pilots are undersize on purpose: the screws cut their thread)."""
    D = design or caselib.DESIGN
    peg = caselib.FIXINGS["peg"]["peg_d"]
    hole_min = uno["mounting_hole_diameter_mm"] - uno["mounting_hole_tol_mm"]
    ls = caselib.LID_SCREW
    holes = [("cap opening round its cap's head", D["cap_play"]),
             ("cell round its cap's side walls", D["cap_play"]),
             ("peg in the Uno's hole (its smallest)", (hole_min - peg) / 2),
             ("lid screw clearance round an M3 shank (3.0 mm)", (D["screw_clear_d"] - 3.0) / 2),
             ("countersink round the lid screw's head (%s: dk %.2f)" % (ls["what"], ls["dk"]),
              (D["screw_head_d"] - ls["dk"]) / 2),
             ("lid rebate round the base's lip", D["lip_gap"]),
             ("USB-B opening round the jack", D["jack_margin"]),
             ("DC opening round a 12 mm plug overmould", D["dc_plug_margin"])]
    return [Finding("printed hole", m >= 0.3 - 1e-9, round(m, 2),
                    "%s: %.2f mm each side, want >= 0.3" % (what, m)) for what, m in holes]


def _hole_webs(holes, lay, opening):
    """The thinnest lid between two sound holes, and between a sound hole and a cap's
    opening."""
    between = min((math.hypot(a[0] - b[0], a[1] - b[1]) - (a[2] + b[2]) / 2
                   for i, a in enumerate(holes) for b in holes[i + 1:]), default=math.inf)
    half = opening / 2
    to_caps = min(_box_gap(x, y, d / 2, (cx - half, cy - half, cx + half, cy + half))
                  for x, y, d in holes for cx, cy in lay["caps"])
    return between, to_caps


def sound_opening(board, uno, lay, design=None):
    """The lid's sound holes lie over the piezo's body, with the part and the print off by
    their tolerances; the lid between them and round the caps' openings stays whole; the
    holes print; the lid stands clear of the piezo. [] on a board without a sounder."""
    D = design or caselib.DESIGN
    R = caselib.REQUIRE
    holes = caselib.sound_holes(board, D)
    if not holes:
        return []
    bz = [p for p in board["parts"] if p.get("sounder")][0]
    cx, cy = holes[0][0], holes[0][1]
    reach = max(math.hypot(x - cx, y - cy) + d / 2 for x, y, d in holes)
    spare = bz["sounder"] / 2 - reach
    worst = spare - ASSUME["sounder_tol"] - uno["print_error_mm"]
    between, to_caps = _hole_webs(holes, lay, lay["opening"])
    small = min(d for _x, _y, d in holes)
    air = lay["z_lid_under"] - (lay["z_shield_top"] + bz["height"])
    return [
        Finding("sound over sounder", worst >= 0, round(spare, 2),
                "the %d sound holes reach %.2f mm from %s's centre, %.2f mm inside its %.1f mm"
                " body (%.2f with the part %.1f mm and the print %.1f mm off)"
                % (len(holes), reach, bz["ref"], spare, bz["sounder"], worst,
                   ASSUME["sounder_tol"], uno["print_error_mm"])),
        Finding("sound web", min(between, to_caps) >= R["thin_wall"] - 1e-9,
                round(min(between, to_caps), 2),
                "the lid is %.2f mm between two sound holes and %.2f mm from a sound hole to"
                " a cap's opening, want >= %g" % (between, to_caps, R["thin_wall"])),
        Finding("sound hole size", small >= R["sound_hole_min"] - 1e-9, small,
                "the smallest sound hole is %.1f mm across, want >= %g (it must print open)"
                % (small, R["sound_hole_min"])),
        Finding("sound air gap", air >= R["lid_clearance"] - 1e-9, round(air, 2),
                "the lid's underside is %.2f mm over %s's top, want >= %g"
                % (air, bz["ref"], R["lid_clearance"])),
    ]


def all_findings(board, uno, lay):
    presses = key_presses(board, lay)
    return (uno_clearances(uno, lay) + base_and_lid(uno, lay) + hold_down(uno, lay)
            + cap_guide(lay) + key_press(board, lay, presses=presses)
            + stack(board, uno, lay) + cap_cover(board, lay) + led_clearance(board, lay)
            + dc_opening(uno) + lid_clearance(lay) + printed_holes(uno)
            + sound_opening(board, uno, lay))
