"""case/caselib.py - what the case is made from, read once for the generator and the checks.

The shield's geometry comes from its KiCad PCB through pcbnew (Debian's /usr/bin/python3),
the part heights from schematics/parts.json, the Uno's parts and holes from
case/uno-r3.json (Arduino's published drawing), the menu's cell meanings from the menu
table's export (build/gen/menu.json). The case's own design choices (walls, clearances,
screws, key caps) are DESIGN and FIXINGS below. Everything is returned in the case frame:
mm, origin at the board's lower-left corner (KiCad's y turned upwards), z = 0 on the print
bed under the base.
"""
import json
import math
import os
import re

from schematics.gen import parts as shield_parts

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# CASE_PARTS_JSON: another parts file (to try a candidate part without editing the real one).
PARTS_JSON = os.environ.get("CASE_PARTS_JSON") or os.path.join(ROOT, "schematics", "parts.json")
UNO_JSON = os.path.join(HERE, "uno-r3.json")

DESIGN = {
    "wall": 2.4,                # side walls of base and lid
    "floor": 2.0,               # base floor
    "lid_plate": 2.0,           # lid top plate (the caps' upper guide)
    "side_gap": 0.5,            # board edge to the inner wall, left (and front, back)
    "side_gap_right": 1.2,      # on the right: the M3 heads at x 66.04 (fit.base_and_lid)
    "post_d": 7.0,              # lid screw posts in the four corners
    "post_gap": 0.5,            # post to board edge
    "post_embed": 1.0,          # post centre this much less than its radius from the walls
    "screw_pilot_d": 2.5,       # M3 thread-forming pilot (lid screws)
    "screw_clear_d": 3.6,       # M3 clearance
    "screw_head_d": 7.4,        # countersink for the lid screws' heads (LID_SCREW: dk 6.72)
    "standoff_h": 5.0,          # base standoffs under the Uno's holes
    "split_gap": 0.6,           # base wall top below the Uno's top surface (jack bottoms)
    "lip_t": 1.0,               # locating lip: the base wall's inner part, standing up
    "lip_h": 1.6,               # into a rebate of the lid's wall
    "lip_gap": 0.3,             # lip to rebate, each side (and above)
    "jack_margin": 0.6,         # USB-B opening beyond the connector body
    "dc_plug_margin": 0.3,      # DC opening beyond a 12 mm plug overmould, each side
    # Key caps (case/README.md, "Keys that press straight"): each a translucent cup in a
    # cell of the lid: a head through the lid's opening, two side walls guided by the
    # cell's walls down to just over the parts, an actuator wall across the cup on the
    # switch's plunger. The long guide keeps a press anywhere on the top square.
    "cap_size": 12.0,           # the head: top face, square with rounded corners
    "cap_r": 2.7,
    "cap_play": 0.3,            # head to opening and body to cell wall, each side
    "cap_body": 12.4,           # the side walls' outline (wider than the head: retention)
    "cap_body_r": 0.6,
    "cap_head_wall": 1.0,       # the head's wall; the side walls' inner faces line up with it
    "cap_top_t": 2.0,           # top plate under the raised number
    "cap_act_t": 1.2,           # the actuator: a beam across the cup, on the plunger
    "cap_act_h": 2.0,           # (between the side walls, which carry the press down to it)
    "cap_lift": 2.5,            # shoulder under the lid at rest: the stack-up's high side
    "cap_protrusion": 2.8,      # cap top above the lid's top at rest
    "cap_floor_gap": 1.6,       # cap walls over the parts under them, at rest
    "key_cut": 9.2,             # the key: the head's (+x, +y) corner cut to x + y <= this
                                # (from the cap's centre), the opening's the play further
    # The diffuser (case/README.md, "Light that fills the cell"): a solid plate across the
    # cap between its side walls, from the actuator to the cap's LED end, low over the
    # LED: its clear 30-degree beam scatters there and spreads over the height above.
    "cap_diffuser_t": 3.6,      # thick enough that little of the beam passes unscattered
    "cap_diffuser_gap": 2.0,    # its underside over the LED's dome, at rest
    "lid_over_plunger": 18.2,   # the lid's top over the plunger's top: the guide's length,
                                # and the height the diffused light spreads over
    "tube_floor": 5.2,          # the cell walls' bottom over the shield (raised over parts)
    "tube_wall_outer": 1.2,     # the grid's outer walls
    "tube_floor_gap": 0.7,      # cell walls over parts: 0.5 + print error, and the stack-up
    "cap_number_size": 6.0,     # cell number, raised on the cap's top
    "cap_number_h": 0.8,
    "cap_dot_d": 2.0,           # the centre cap's raised dot (a keyboard's 5)
    "cap_dot_h": 0.8,
    "cap_dot_y": -4.2,          # from the cap's centre, below the number
    # The sound opening over the piezo: a centre hole over its own sound hole and a ring
    # of holes round it, turned so none points at the nearest cap's opening.
    "sound_hole_d": 2.0,
    "sound_ring_d": 1.6,
    "sound_ring_r": 2.9,
    "sound_ring_n": 6,
    "sound_ring_turn": 30.0,    # degrees from +x of the ring's first hole
    # Feet: stick-on bumpers in rings engraved in the base's underside.
    "foot_d": 7.9,              # 3M Bumpon SJ5302: 7.9 mm across, 2.2 mm high
    "foot_h": 2.2,
    "foot_ring_w": 0.8,
    "foot_ring_depth": 0.4,
    "foot_inset": 12.0,         # from the corner posts along x
    "foot_inset_y": 3.0,        # and along y, towards the middle
    # The assembly jig (print sheet, step 3): a frame the lid lies on, top face down,
    # so the caps hang on their shoulders clear of the bench.
    "jig_rim": 5.0,
    "jig_clear": 1.0,           # the caps' tops (number included) over the bench
    "jig_lip_h": 2.0,
    "jig_lip_t": 1.6,
    "jig_lip_gap": 0.3,
    "min_wall": 1.6,
}
# The lid's four screws, up through the base's corners into the lid's posts.
LID_SCREW = {"what": "M3 x 16 hexagon socket countersunk screw (ISO 10642)", "len": 16.0,
             "dk": 6.72, "k": 1.86, "d": 3.0,
             "source": "ISO 10642 M3: dk 6.72 (theoretical max), k 1.86 max"}
# How each of the Uno's four holes is held (the order of uno-r3.json's mounting_holes_mm).
# Heads and standoffs must clear the Uno's parts and the base and lid (fit.uno_clearances,
# fit.base_and_lid); where no head can, a printed peg. Head sizes from the standard each
# names (dk max, k max).
FIXINGS = {
    "M3": {"what": "M3 x 6 pan-head screw (ISO 7045)", "head_d": 5.6, "head_h": 2.4,
           "standoff_d": 6.5, "pilot_d": 2.5, "len": 6.0,
           "source": "ISO 7045 M3: dk 5.6, k 2.4 (max)"},
    "peg": {"what": "no screw: a printed peg through the hole", "peg_d": 2.5, "peg_above": 1.2,
            "standoff_d": 4.0},
    "flush": {"what": "no screw: a printed peg, flush with the Uno's top", "peg_d": 2.5,
              "peg_above": -0.2, "standoff_d": 4.0},
}
HOLE_FIXING = ["flush", "peg", "M3", "M3"]
# The checks' thresholds, quoted by the print sheet and the report.
REQUIRE = {"lid_clearance": 1.0, "jack_margin": 0.5, "min_wall": 1.6, "bed": 180.0,
           "overhang_deg": 45.0, "board_to_wall": 0.3, "uno_clearance": 0.5,
           "cap_play": (0.3, 0.5), "cap_min": 12.0, "retention": 0.4,
           "travel_margin": 0.2, "led_gap": 0.5, "thin_wall": 1.0, "sound_hole_min": 1.5,
           "finger": 0.2, "key_block": 0.4, "bridge_max": 10.5, "touch_depth": 0.6,
           "tilt_deg": 2.0, "force_ratio": 1.3, "friction": 0.3, "bleed_percent": 5.0,
           "lit_share_percent": 70.0}


class CaseError(Exception):
    pass


def _mm(v):
    return v / 1e6


def load_parts(path=PARTS_JSON):
    """parts.json through the shield generators' own reader (schematics/gen/parts.py, which
    checks every line's fields and that no reference is in two lines), and ref -> line."""
    data = shield_parts.load(path)
    return data, shield_parts.by_ref(data)


def load_uno(path=UNO_JSON):
    with open(path) as f:
        return json.load(f)


def menu_labels(path):
    """The menu's meaning of cells 1-9, from the menu table's export (build/gen/menu.json:
    {"cells": [{"cell": 1, "action": ..., "long": "you X", "short": "x"}, ...]})."""
    try:
        with open(path) as f:
            cells = json.load(f)["cells"]
        by_cell = {c["cell"]: c["long"] for c in cells}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CaseError("%s: not the menu table's export (%s)" % (path, e))
    if sorted(by_cell) != list(range(1, 10)) or len(cells) != 9:
        raise CaseError("%s: want cells 1-9 once each, found %s"
                        % (path, [c.get("cell") for c in cells]))
    return [by_cell[c] for c in range(1, 10)]


def _menu_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise CaseError("%s: not the menu table's export (%s)" % (path, e))


def menu_open(path):
    """How the menu opens, from the export's "open": (the cell held, 1-9; seconds)."""
    try:
        opening = _menu_json(path)["open"]
        cell, seconds = int(opening["cell"]), opening["hold_ms"] / 1000.0
    except (KeyError, TypeError, ValueError) as e:
        raise CaseError("%s: no \"open\" with a cell and hold_ms (%s)" % (path, e))
    if not 1 <= cell <= 9 or seconds <= 0:
        raise CaseError("%s: the menu opens on cell %s after %s s" % (path, cell, seconds))
    return cell, seconds


def menu_stats(path):
    """The statistics display (firmware/game/bars.h through the export's "stats"): its
    menu cell (0: none, a long press at game over shows them) and pictures, {"cell": 0,
    "pictures": [{"seconds": 3, "columns":
    [{"label": ..., "colour": ...} or None, x3]}, ...]}."""
    try:
        stats = _menu_json(path)["stats"]
        out = {"cell": int(stats["cell"]),
               "pictures": [{"seconds": p["seconds"],
                             "columns": [c and {"label": c["label"], "colour": c["colour"]}
                                         for c in p["columns"]]} for p in stats["pictures"]]}
    except (KeyError, TypeError, ValueError) as e:
        raise CaseError("%s: no statistics pictures in \"stats\" (%s)" % (path, e))
    if not out["pictures"] or any(len(p["columns"]) != 3 for p in out["pictures"]):
        raise CaseError("%s: want pictures of three columns" % path)
    return out


def _outline(board):
    """Edge.Cuts line segments chained into one closed polygon (KiCad coordinates)."""
    segs = []
    for d in board.GetDrawings():
        if d.GetLayerName() != "Edge.Cuts":
            continue
        if d.GetShapeStr() != "Line":
            raise CaseError("Edge.Cuts: only straight lines are supported, found %s"
                            % d.GetShapeStr())
        s, e = d.GetStart(), d.GetEnd()
        segs.append(((round(_mm(s.x), 4), round(_mm(s.y), 4)),
                     (round(_mm(e.x), 4), round(_mm(e.y), 4))))
    if not segs:
        raise CaseError("the PCB has no Edge.Cuts outline")
    poly = [segs[0][0], segs[0][1]]
    rest = segs[1:]
    while rest:
        for i, (a, b) in enumerate(rest):
            if a == poly[-1]:
                poly.append(b)
                break
            if b == poly[-1]:
                poly.append(a)
                break
        else:
            raise CaseError("Edge.Cuts is not one closed chain")
        rest.pop(i)
    if poly[-1] != poly[0]:
        raise CaseError("Edge.Cuts is not closed")
    return poly[:-1]


def _loops(segs):
    """Bounding boxes [x0, y0, x1, y1] of the groups of segments joined end to end."""
    groups = []
    for a, b in segs:
        joined = [g for g in groups if a in g["pts"] or b in g["pts"]]
        new = {"pts": {a, b}}
        for g in joined:
            new["pts"] |= g["pts"]
            groups.remove(g)
        groups.append(new)
    return [[min(p[0] for p in g["pts"]), min(p[1] for p in g["pts"]),
             max(p[0] for p in g["pts"]), max(p[1] for p in g["pts"])] for g in groups]


def _pad_centroid(fp):
    import pcbnew
    pts = [p.GetPosition() for p in fp.Pads() if p.GetAttribute() != pcbnew.PAD_ATTRIB_NPTH]
    return (_mm(sum(p.x for p in pts)) / len(pts), _mm(sum(p.y for p in pts)) / len(pts))


def _notch(outline):
    """The ICSP notch from the outline's two right-angle reflex corners (or None)."""
    n = len(outline)
    area2 = sum(outline[i][0] * outline[(i + 1) % n][1] - outline[(i + 1) % n][0] * outline[i][1]
                for i in range(n))
    reflex = []
    for i in range(n):
        a, b, c = outline[i - 1], outline[i], outline[(i + 1) % n]
        u = (b[0] - a[0], b[1] - a[1])
        v = (c[0] - b[0], c[1] - b[1])
        cross = u[0] * v[1] - u[1] * v[0]
        dot = u[0] * v[0] + u[1] * v[1]
        if cross * area2 < 0 and abs(dot) < 1e-6:
            reflex.append(b)
    if len(reflex) != 2 or abs(reflex[0][0] - reflex[1][0]) >= 1e-6:
        return None
    width = max(p[0] for p in outline)
    xs = reflex[0][0]
    notch = [xs, min(r[1] for r in reflex), width if xs > width / 2 else 0.0,
             max(r[1] for r in reflex)]
    return [min(notch[0], notch[2]), notch[1], max(notch[0], notch[2]), notch[3]]


def _footprint(fp, tf, part, pcbnew):
    """One footprint as the case sees it: its pads, its courtyard box (parts on top)."""
    pts = [tf(_mm(p.GetPosition().x), _mm(p.GetPosition().y)) for p in fp.Pads()
           if p.GetAttribute() != pcbnew.PAD_ATTRIB_NPTH]
    box = None
    if fp.GetLayer() == pcbnew.F_Cu:
        bb = fp.GetCourtyard(pcbnew.F_CrtYd).BBox()
        if bb.GetWidth() > 0:
            a = tf(_mm(bb.GetLeft()), _mm(bb.GetBottom()))
            b = tf(_mm(bb.GetRight()), _mm(bb.GetTop()))
            box = [a[0], a[1], b[0], b[1]]
    # its body: the largest closed outline on its fab layer (its leads are drawn apart)
    loops = _loops([(tf(_mm(g.GetStart().x), _mm(g.GetStart().y)),
                     tf(_mm(g.GetEnd().x), _mm(g.GetEnd().y))) for g in fp.GraphicalItems()
                    if g.GetLayerName() == "F.Fab"
                    and getattr(g, "GetShapeStr", lambda: "")() == "Line"])
    body = max(loops, key=lambda b: (b[2] - b[0]) * (b[3] - b[1])) \
        if loops and "leads_mm" in part else None
    return {"ref": fp.GetReference(), "value": part["value"], "height": part["height_mm"],
            "top": fp.GetLayer() == pcbnew.F_Cu, "pads": pts, "box": box,
            "body": body, "leads": part.get("leads_mm"),
            "switch": "actuator_top_mm" in part, "led": "diameter_mm" in part,
            "sounder": part.get("body_diameter_mm") if "resonance_hz" in part else None}


def _part_of(fp, by_ref, parts_path):
    ref = fp.GetReference()
    part = by_ref.get(ref)
    if part is None:
        raise CaseError("%s (%s) has no entry in %s: the case needs its height (top of the"
                        " fitted part above the PCB's top surface)"
                        % (ref, fp.GetValue(), os.path.relpath(parts_path, ROOT)))
    if part["value"] != fp.GetValue():
        raise CaseError("%s: value %r on the PCB, %r in parts.json"
                        % (ref, fp.GetValue(), part["value"]))
    return part


def _read_footprints(board, tf, by_ref, parts_path):
    import pcbnew
    switches, leds, parts, holes, fab, j1 = {}, {}, [], [], [], []
    for fp in board.GetFootprints():
        # Outlines a footprint draws on its fab layer (the Uno module draws its jacks).
        segs = [g for g in fp.GraphicalItems() if g.GetLayerName() in ("F.Fab", "B.Fab")
                and getattr(g, "GetShapeStr", lambda: "")() == "Line"]
        fab += _loops([(tf(_mm(g.GetStart().x), _mm(g.GetStart().y)),
                        tf(_mm(g.GetEnd().x), _mm(g.GetEnd().y))) for g in segs])
        for pad in fp.Pads():
            if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                p = pad.GetPosition()
                holes.append(tf(_mm(p.x), _mm(p.y)) + (round(_mm(pad.GetDrillSize().x), 3),))
        part = _part_of(fp, by_ref, parts_path)
        entry = _footprint(fp, tf, part, pcbnew)
        parts.append(entry)
        if part.get("fitted_from") == "bottom":
            j1 += entry["pads"]
        m = re.fullmatch(r"[A-Z]+(\d+)", entry["ref"])
        if entry["switch"] or entry["led"]:
            c = tf(*_pad_centroid(fp))
            (switches if entry["switch"] else leds)[int(m.group(1))] = \
                {"ref": entry["ref"], "xy": c, "part": part}
    if sorted(switches) != list(range(1, 10)) or sorted(leds) != list(range(1, 10)):
        raise CaseError("want nine switches and nine LEDs numbered 1-9, found %s and %s"
                        % (sorted(switches), sorted(leds)))
    return {"switches": switches, "leds": leds, "parts": parts, "holes": sorted(holes),
            "fab_boxes": fab, "header_pads": sorted(j1)}


def read_board(pcb_path, parts_path=PARTS_JSON):
    """The shield as the case needs it, in the case frame (z not yet applied)."""
    import pcbnew
    board = pcbnew.LoadBoard(pcb_path)
    parts_data, by_ref = load_parts(parts_path)
    thick = _mm(board.GetDesignSettings().GetBoardThickness())
    if abs(thick - parts_data["board_thickness_mm"]) > 1e-6:
        raise CaseError("board thickness: PCB %.2f mm, parts.json %.2f mm"
                        % (thick, parts_data["board_thickness_mm"]))
    poly = _outline(board)
    x0 = min(p[0] for p in poly)
    y0 = max(p[1] for p in poly)

    def tf(x, y):
        return (round(x - x0, 4), round(y0 - y, 4))

    outline = [tf(*p) for p in poly]
    out = {"pcb": pcb_path, "outline": outline, "width": max(p[0] for p in outline),
           "height": max(p[1] for p in outline), "thickness": thick, "notch": _notch(outline),
           "origin_kicad": (x0, y0)}
    out.update(_read_footprints(board, tf, by_ref, parts_path))
    j1 = [p for p in parts_data["parts"] if p.get("fitted_from") == "bottom"]
    if len(j1) != 1 or "insulator_mm" not in j1[0]:
        raise CaseError("parts.json: want one part fitted from below (the Uno headers) with"
                        " its insulator_mm (the plastic the shield sits on)")
    out["insulator"], out["insulator_tol"] = j1[0]["insulator_mm"], j1[0]["insulator_tol_mm"]
    return out


def header_pins(h):
    """Pin centres of one of uno-r3.json's headers."""
    (x0, y0), (nx, ny) = h["first_pin_mm"], h["pins"]
    return [(round(x0 + 2.54 * i, 3), round(y0 + 2.54 * j, 3))
            for i in range(nx) for j in range(ny)]


def uno_parts(uno, z_uno_bottom):
    """The Uno's parts as the fit checks see them: boxes [x0, y0, x1, y1] with a z range and
    a tolerance; above the board (housings, jacks, the reset button) and under it (the pin
    tails with their solder fillets, as discs of the fillet's radius)."""
    zt = z_uno_bottom + uno["thickness_mm"]
    tail = uno["tails"]
    zb = (z_uno_bottom - tail["depth_mm"], z_uno_bottom)
    out = []
    for h in uno["headers"]:
        pins = header_pins(h)
        box = [min(p[0] for p in pins) - 1.27, min(p[1] for p in pins) - 1.27,
               max(p[0] for p in pins) + 1.27, max(p[1] for p in pins) + 1.27]
        out.append({"name": h["name"] + " housing", "box": box, "z": (zt, zt + h["top_mm"]),
                    "tol": h["tol_mm"]})
        out += [{"name": "%s pin tail at (%.2f, %.2f)" % (h["name"], x, y), "disc": (x, y),
                 "r": tail["fillet_radius_mm"], "z": zb, "tol": h["tol_mm"]} for x, y in pins]
    for c in uno["connectors"]:
        y0, y1 = c["y_centre_mm"] - c["width_mm"] / 2, c["y_centre_mm"] + c["width_mm"] / 2
        out.append({"name": c["name"] + " jack body", "box": [c["x_min_mm"], y0, c["x_max_mm"], y1],
                    "z": (zt, zt + c["height_mm"]), "tol": c["tol_mm"]})
        if "pins_mm" in c:    # its pins' tails, from the named jack's drawing
            out += [{"name": "%s jack's pin tail at (%.2f, %.2f)" % (c["name"], x, y),
                     "disc": (x, y), "r": c["pin_fillet_radius_mm"], "z": zb, "tol": c["tol_mm"]}
                    for x, y in c["pins_mm"]]
        else:
            out.append({"name": c["name"] + " jack's solder tails", "z": zb, "tol": c["tol_mm"],
                        "box": [max(0.0, c["x_min_mm"]), y0, c["x_max_mm"], y1]})
    for p in uno["parts"]:
        out.append({"name": p["name"], "box": p["box_mm"], "z": (zt, zt + p["top_mm"]),
                    "tol": p["tol_mm"]})
    return out


def fixings(uno, z, hole_fixing=None, table=None):
    """What holds the Uno at each hole: a screw's head over the board and the standoff
    under it, or a printed peg through it, as discs with z ranges (fit.uno_clearances).
    table: FIXINGS with some sizes changed (a planted mistake)."""
    hole_fixing = hole_fixing or HOLE_FIXING
    out = []
    for (x, y), kind in zip(uno["mounting_holes_mm"], hole_fixing):
        f = (table or FIXINGS)[kind]
        item = {"xy": (x, y), "kind": kind, "what": f["what"], "standoff_d": f["standoff_d"],
                "solids": [("standoff", f["standoff_d"] / 2, (DESIGN["floor"], z["z_uno_bottom"]))]}
        if "peg_d" in f:
            top = z["z_uno_top"] + f["peg_above"]
            item["solids"].append(("peg", f["peg_d"] / 2, (z["z_uno_bottom"], top)))
            item["peg_d"], item["peg_top"] = f["peg_d"], top
        else:
            item["solids"].append(("screw head", f["head_d"] / 2,
                                   (z["z_uno_top"], z["z_uno_top"] + f["head_h"])))
            item["pilot_d"] = f["pilot_d"]
        out.append(item)
    return out


def _uno_holes(board, uno):
    """The Uno's holes must be where the shield's footprint has them (other unplated holes
    on the shield, pegs of a part, are no concern of the case)."""
    out = []
    for hx, hy in uno["mounting_holes_mm"]:
        near = [h for h in board["holes"] if math.hypot(h[0] - hx, h[1] - hy) <= 0.05
                and abs(h[2] - uno["mounting_hole_diameter_mm"]) <= 0.05]
        if not near:
            raise CaseError("the PCB has no %.1f mm hole at the Uno's (%.2f, %.2f); its unplated"
                            " holes: %s"
                            % (uno["mounting_hole_diameter_mm"], hx, hy, board["holes"]))
        out.append(near[0][:2])
    return out


def _cross_check(board, uno):
    """Second sources for uno-r3.json: the Uno footprint's fab drawing of the jacks (KiCad's
    library) agrees with Arduino's drawing to 0.6 mm at the plug face and centre; the four
    female headers' pins are the shield's own header pads (the shield plugs into them)."""
    for c in uno["connectors"]:
        match = [b for b in board["fab_boxes"] if b[0] < 0 and b[1] < c["y_centre_mm"] < b[3]]
        if not match or abs(match[0][0] - c["x_min_mm"]) > 0.6 \
                or abs((match[0][1] + match[0][3]) / 2 - c["y_centre_mm"]) > 0.6:
            raise CaseError("%s: case/uno-r3.json (face x %.2f, centre y %.2f) disagrees with the"
                            " Uno footprint's fab drawing %s" % (c["name"], c["x_min_mm"],
                                                                 c["y_centre_mm"], match))
    pads = board["header_pads"]
    for h in uno["headers"]:
        if "ICSP" in h["name"]:
            continue
        for x, y in header_pins(h):
            if not any(math.hypot(x - px, y - py) <= 0.05 for px, py in pads):
                raise CaseError("%s: case/uno-r3.json has a pin at (%.2f, %.2f), the shield's"
                                " header has none there" % (h["name"], x, y))


def _z_stack(board, uno):
    """The boards' heights: the Uno on the standoffs, the shield on the Uno's headers."""
    D = DESIGN
    if D["standoff_h"] < uno["bottom_protrusion_mm"] + 1.0:
        raise CaseError("standoffs of %g mm do not clear the Uno's %g mm solder tails"
                        % (D["standoff_h"], uno["bottom_protrusion_mm"]))
    z = {"z_uno_bottom": D["floor"] + D["standoff_h"]}
    z["z_uno_top"] = z["z_uno_bottom"] + uno["thickness_mm"]
    # Shield on the Uno's female headers, on the plastic of its own male headers.
    z["z_shield_bottom"] = z["z_uno_top"] + uno["headers"][0]["top_mm"] + board["insulator"]
    z["z_shield_top"] = z["z_shield_bottom"] + board["thickness"]
    z["z_split"] = z["z_uno_top"] - D["split_gap"]
    return z


def stack_up(board, uno):
    """Every tolerance between the plunger's top and the lid's top, [(what, mm)], and the
    one-sided error of a shield not pressed home (mm): the caps ride on the plungers, so
    the lid's top must clear them high and low (fit.stack)."""
    from case import fit
    err = uno["print_error_mm"]
    tols = [("the base's standoffs (print)", err),
            ("the Uno's board (%.1f mm)" % uno["thickness_mm"], uno["thickness_tol_mm"]),
            ("the Uno's female headers (%.1f mm)" % uno["headers"][0]["top_mm"],
             uno["header_height_tol_mm"]),
            ("the shield's header plastic (%.2f mm)" % board["insulator"], board["insulator_tol"]),
            ("the shield's board (%.1f mm)" % board["thickness"], STACK["pcb_thickness_tol"]),
            ("the switch's plunger", fit.ASSUME["plunger_tol"]),
            ("the lid (print)", err)]
    return tols, STACK["seated_high"]


# The stack-up's assumptions where no part's data speaks (fit.stack, the print sheet).
STACK = {"pcb_thickness_tol": 0.16,   # board houses: 1.6 mm +-10 %
         "seated_high": 0.5}          # a shield not pressed fully home onto the Uno


def _switch(board):
    sw = board["switches"][1]["part"]
    if any(board["switches"][c]["part"] is not sw for c in range(1, 10)):
        raise CaseError("the nine switches are not one part")
    for k in ("actuator_top_mm", "actuator_diameter_mm", "travel_mm"):
        if k not in sw:
            raise CaseError("parts.json: the switch %s has no %s" % (sw["value"], k))
    return sw


def cap_stack(z_act, design=None):
    """The caps' and the lid's heights from the plunger's top at rest: the lid's top a
    guide's length over it, the lid's underside, the caps' shoulder cap_lift under that,
    the caps' top over the lid; z_cap_under is the cap's underside over its LED (the top
    plate's)."""
    D = design or DESIGN
    s = {"z_act": z_act, "z_lid_top": z_act + D["lid_over_plunger"]}
    s["z_lid_under"] = s["z_lid_top"] - D["lid_plate"]
    s["z_shoulder"] = s["z_lid_under"] - D["cap_lift"]
    s["z_cap_top"] = s["z_lid_top"] + D["cap_protrusion"]
    s["z_cap_under"] = s["z_cap_top"] - D["cap_top_t"]
    return s


def _caps(board, design=None):
    """Cap centres: the middle of the box around the LED's body and the switch's plunger."""
    out = []
    for c in range(1, 10):
        (lx, ly), (kx, ky) = board["leds"][c]["xy"], board["switches"][c]["xy"]
        rl = board["leds"][c]["part"]["diameter_mm"] / 2
        rp = board["switches"][c]["part"]["actuator_diameter_mm"] / 2
        x0, x1 = min(lx - rl, kx - rp), max(lx + rl, kx + rp)
        y0, y1 = min(ly - rl, ky - rp), max(ly + rl, ky + rp)
        out.append((round((x0 + x1) / 2, 4), round((y0 + y1) / 2, 4)))
    return out


def sound_holes(board, design=None):
    """The lid's sound opening: [(x, y, diameter)] over the sounder's body centre (its
    courtyard's, a circle round the body), or [] on a board without one."""
    D = design or DESIGN
    found = [p for p in board["parts"] if p.get("sounder")]
    if not found:
        return []
    b = found[0]["box"]
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    out = [(round(cx, 4), round(cy, 4), D["sound_hole_d"])]
    for k in range(D["sound_ring_n"]):
        a = math.radians(D["sound_ring_turn"] + 360.0 * k / D["sound_ring_n"])
        out.append((round(cx + D["sound_ring_r"] * math.cos(a), 4),
                    round(cy + D["sound_ring_r"] * math.sin(a), 4), D["sound_ring_d"]))
    return out


def _cavity(board, D):
    """The base's inside: the board plus side gaps; the corner posts beyond its ends."""
    post_r = D["post_d"] / 2
    inset = post_r - D["post_embed"]
    gap_y = inset + post_r + D["post_gap"]
    cavity = [-D["side_gap"], -gap_y, board["width"] + D["side_gap_right"], board["height"] + gap_y]
    posts = [(x, y) for x in (cavity[0] + inset, cavity[2] - inset)
             for y in (cavity[1] + inset, cavity[3] - inset)]
    # the feet's rings: beside each corner post, towards the middle along x
    mid_x, mid_y = board["width"] / 2, board["height"] / 2
    feet = [(x + (D["foot_inset"] if x < mid_x else -D["foot_inset"]),
             y + (D["foot_inset_y"] if y < mid_y else -D["foot_inset_y"])) for x, y in posts]
    return {"cavity": cavity, "posts": posts, "feet": feet}


def _cells(board, z, D, err):
    """The caps' side walls and the lid's cell walls and keys, over the shield's parts."""
    from case import cells, fit
    tol = {"part": fit.ASSUME["part_tol"], "sounder": fit.ASSUME["sounder_tol"],
           "led": fit.ASSUME["led_tol"]}
    obs = cells.obstacles(board, z["z_shield_top"], tol)
    base = z["z_shield_top"] + D["tube_floor"]
    gap = D["tube_floor_gap"] + z["stack_high"]
    caps = z["caps"]
    walls = cells.cap_walls(obs, caps, D, base, err)
    return {"z_tube_base": base, "cap_walls": walls,
            "diffusers": cells.diffusers(obs, caps, z["actuators"], z["leds"], walls, D, err),
            "tube_walls": cells.tube_walls(obs, caps, D, base, gap, err),
            "corners": cells.corners(obs, caps, D, base, gap, err), "obstacles": obs}


def layout(board, uno, design=None):
    """Every derived dimension of the case (the z stack, the cavity, the caps and cells,
    the fixings, the feet and the jig)."""
    D = design or DESIGN
    uno_holes = _uno_holes(board, uno)
    _cross_check(board, uno)
    z = _z_stack(board, uno)
    sw = _switch(board)
    z.update(cap_stack(z["z_shield_top"] + sw["actuator_top_mm"], D))
    tols, high = stack_up(board, uno)
    z["stack_tols"], z["stack_low"] = tols, sum(t for _, t in tols)
    z["stack_high"] = z["stack_low"] + high
    # Everything but the LEDs and switches (under the caps) must be under the lid.
    tallest = max((p for p in board["parts"] if not p["led"] and not p["switch"]),
                  key=lambda p: p["height"])
    z["z_parts"] = z["z_shield_top"] + tallest["height"]
    z["z_icsp"] = z["z_uno_top"] + max(h["top_mm"] for h in uno["headers"])
    if z["z_lid_under"] < max(z["z_parts"], z["z_icsp"]) + REQUIRE["lid_clearance"]:
        raise CaseError("the caps' lid (underside %.2f) is not %g mm over %s (%.2f)"
                        % (z["z_lid_under"], REQUIRE["lid_clearance"], tallest["ref"],
                           z["z_parts"]))
    z.update(_cavity(board, D))
    z.update({"tallest": tallest["ref"], "tallest_h": tallest["height"], "travel": sw["travel_mm"],
              "uno_holes": uno_holes, "caps": _caps(board, D),
              "opening": D["cap_size"] + 2 * D["cap_play"],
              "bore": D["cap_body"] + 2 * D["cap_play"],
              "sound_holes": sound_holes(board, D), "fixings": fixings(uno, z),
              # each cap's actuator wall across its plunger (y)
              "actuators": [board["switches"][c]["xy"][1] for c in range(1, 10)],
              "leds": [board["leds"][c]["xy"] for c in range(1, 10)]})
    z.update(_cells(board, z, D, uno["print_error_mm"]))
    z["jig_h"] = round(D["cap_protrusion"] + D["cap_lift"] + D["cap_number_h"] + D["jig_clear"], 4)
    return z
