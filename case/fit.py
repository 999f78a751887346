"""case/fit.py - the case's fits, computed from its layout against the parts' data.

Each check returns Findings: a named check, a figure and whether it holds. The same
numbers go into the print sheet (case/gen_case.py stores them) and are asserted by
tests/case (which also plants a mistake for each). Tolerances: every fitted part moved by
its datasheet tolerance plus the print error (case/uno-r3.json's print_error_mm) must
still clear; the figures quoted are the nominal ones.
"""
import collections
import math

from case import caselib

Finding = collections.namedtuple("Finding", "check ok value msg")

# What the parts' data does not say, as assumed here (the print sheet quotes them).
ASSUME = {
    "plunger_tol": 0.4,   # Omron B3F drawings: +-0.4 mm where no tolerance is given
    "travel_max": 0.45,   # B3F travel 0.25 mm; its end stop taken up to 0.2 mm further
    "led_tol": 0.25,      # Kingbright lamp drawings: +-0.25 mm unless noted
    "sounder_tol": 0.3,   # the piezo's pins in the footprint's 1.0 mm holes: its body off by that
}


def _box_gap(x, y, r, box):
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy) - r


def _gap(x, y, r, part):
    if "disc" in part:
        return math.hypot(x - part["disc"][0], y - part["disc"][1]) - r - part["r"]
    return _box_gap(x, y, r, part["box"])


def uno_clearances(uno, lay, hole_fixing=None):
    """Every screw head, peg and standoff against every part of the Uno at its height."""
    err = uno["print_error_mm"]
    zs = {k: lay[k] for k in ("z_uno_bottom", "z_uno_top")}
    parts = caselib.uno_parts(uno, lay["z_uno_bottom"])
    out = []
    for fx in caselib.fixings(uno, zs, hole_fixing):
        x, y = fx["xy"]
        for solid, r, (z0, z1) in fx["solids"]:
            near = [(_gap(x, y, r, p), p) for p in parts if p["z"][0] < z1 and z0 < p["z"][1]]
            gap, part = min(near, key=lambda g: g[0])
            worst = min(g - p["tol"] - err for g, p in near)
            ok = gap >= caselib.REQUIRE["uno_clearance"] - 1e-9 and worst > 0
            out.append(Finding("uno clearance", ok, round(gap, 2),
                               "the %s (%s) at (%.2f, %.2f) is %.2f mm from the %s (want >= %g;"
                               " %.2f with every part moved by its tolerance + %.1f mm)"
                               % (solid, fx["what"], x, y, gap, part["name"],
                                  caselib.REQUIRE["uno_clearance"], worst, err)))
    return out


def _pitch(caps):
    dx = min(abs(a[0] - b[0]) for a in caps for b in caps if abs(a[0] - b[0]) > 1)
    dy = min(abs(a[1] - b[1]) for a in caps for b in caps if abs(a[1] - b[1]) > 1)
    return dx, dy


def cap_guide(lay, design=None):
    """Cap size, its play in the lid's opening, the lid's web, the tabs' hold and their
    clearance to the neighbouring caps."""
    D = design or caselib.DESIGN
    R = caselib.REQUIRE
    play = D["cap_play"]
    lo, hi = R["cap_play"]
    pitch = min(_pitch(lay["caps"]))
    web = pitch - D["cap_size"] - 2 * play
    neighbour = pitch - D["cap_size"] - D["cap_tab_w"]
    hold = D["cap_tab_w"] - 2 * play
    return [
        Finding("cap size", D["cap_size"] >= R["cap_min"], D["cap_size"],
                "the caps' top is %.1f x %.1f mm, want >= %g" % (D["cap_size"], D["cap_size"],
                                                                 R["cap_min"])),
        Finding("guide play", lo - 1e-9 <= play <= hi + 1e-9, play,
                "each cap has %.2f mm of play in its opening each side, want %g-%g"
                % (play, lo, hi)),
        Finding("lid web", web >= R["thin_wall"] - 1e-9, round(web, 2),
                "the lid's web between two openings is %.2f mm, want >= %g"
                % (web, R["thin_wall"])),
        Finding("neighbour clearance", neighbour >= R["neighbour"] - 1e-9
                and neighbour - 2 * play > 0, round(neighbour, 2),
                "a cap's tab is %.2f mm from the next cap (%.2f with both pushed together),"
                " want >= %g" % (neighbour, neighbour - 2 * play, R["neighbour"])),
        Finding("flange retention", hold >= R["retention"] - 1e-9, round(hold, 2),
                "a tab reaches %.2f mm under the lid with its cap pushed the other way,"
                " want >= %g" % (hold, R["retention"])),
    ]


def _under_caps(board, lay, design):
    """Shield parts (not LEDs, not switches) under a cap with its tabs, their tops."""
    D = design
    half = D["cap_size"] / 2 + D["cap_tab_w"]
    hits = []
    for p in board["parts"]:
        if p["led"] or p["switch"] or not p["top"] or not p["box"]:
            continue
        for cx, cy in lay["caps"]:
            b = p["box"]
            if b[0] < cx + half and cx - half < b[2] and b[1] < cy + half and cy - half < b[3]:
                hits.append((lay["z_shield_top"] + p["height"], p["ref"]))
    return hits


def cap_travel(board, lay, design=None, stack=None):
    """Pressed, each cap reaches the switch's actuation and its end stop before it meets
    anything; the LED's dome stays clear of it; resting, it does not press the switch."""
    D = design or caselib.DESIGN
    R = caselib.REQUIRE
    s = stack or caselib.cap_stack(lay["z_act"], D)
    led = board["leds"][1]["part"]
    sw = board["switches"][1]["part"]
    zst = lay["z_shield_top"]
    tmax = ASSUME["travel_max"]
    led_gap = s["z_cap_under"] - (zst + led["height_mm"])
    obstacles = [("the LED's dome", led_gap),
                 ("the switch's body under the post", s["z_act"] - (zst + sw["height_mm"])),
                 ("a finger on the lid (the cap's top above it)", s["z_cap_top"] - s["z_lid_top"])]
    obstacles += [("%s under a cap's tabs" % ref, s["z_cap_under"] - z)
                  for z, ref in _under_caps(board, lay, D)]
    what, first = min(obstacles, key=lambda o: o[1])
    margin = first - tmax
    # A cap pushed against one side of its opening has its tab's slope closer to the edge.
    lift = D["cap_lift"] - D["cap_play"] - ASSUME["plunger_tol"] - 0.2
    full = led_gap - tmax
    return [
        Finding("travel", margin >= R["travel_margin"] - 1e-9, round(margin, 2),
                "pressed %.2f mm (actuation at %.2f, the end stop at %.2f) a cap first meets"
                " %s at %.2f mm: %.2f mm to spare, want >= %g"
                % (tmax, sw["travel_mm"], tmax, what, first, margin, R["travel_margin"])),
        Finding("LED clearance", full >= R["led_gap"] - 1e-9
                and full - ASSUME["led_tol"] - 0.2 > 0, round(full, 2),
                "fully pressed, a cap is %.2f mm over its LED's dome (%.2f resting), want >= %g"
                % (full, led_gap, R["led_gap"])),
        Finding("no preload", lift > 0, round(D["cap_lift"] - D["cap_play"], 2),
                "resting, a cap's tabs are %.2f mm under the lid (%.2f pushed to one side):"
                " a plunger %.1f mm taller and a %.1f mm print error leave %.2f mm, the switch"
                " unpressed" % (D["cap_lift"], D["cap_lift"] - D["cap_play"],
                                ASSUME["plunger_tol"], 0.2, lift)),
    ]


def cap_cover(board, lay, design=None):
    """Each cap covers its LED's body and stands its post on its plunger's axis."""
    D = design or caselib.DESIGN
    out = []
    half = D["cap_size"] / 2
    for c in range(1, 10):
        cx, cy = lay["caps"][c - 1]
        lx, ly = board["leds"][c]["xy"]
        kx, ky = board["switches"][c]["xy"]
        rl = board["leds"][c]["part"]["diameter_mm"] / 2
        cover = half - max(abs(lx - cx), abs(ly - cy)) - rl
        out.append(Finding("LED covered", cover >= 0, round(cover, 2),
                           "cell %d: the cap's edge is %.2f mm beyond its LED's body" % (c, cover)))
        rp = D["cap_post_d"] / 2
        edge = half - max(abs(kx - cx), abs(ky - cy)) - rp
        out.append(Finding("post", edge >= 0 and D["cap_post_d"]
                           <= board["switches"][c]["part"]["actuator_diameter_mm"], round(edge, 2),
                           "cell %d: the post (%.1f mm) on the plunger, %.2f mm inside the cap"
                           % (c, D["cap_post_d"], edge)))
    return out


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
    holes = [("cap opening round its cap", D["cap_play"]),
             ("peg in the Uno's hole (its smallest)", (hole_min - peg) / 2),
             ("lid screw clearance round an M3 shank (3.0 mm)", (D["screw_clear_d"] - 3.0) / 2),
             ("countersink round an M3 countersunk head (6.0 mm max)",
              (D["screw_head_d"] - 6.0) / 2),
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
    return (uno_clearances(uno, lay) + cap_guide(lay) + cap_travel(board, lay)
            + cap_cover(board, lay) + dc_opening(uno) + lid_clearance(lay) + printed_holes(uno)
            + sound_opening(board, uno, lay))
