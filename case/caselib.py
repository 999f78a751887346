"""case/caselib.py - what the case is made from, read once for the generator and the checks.

The shield's geometry comes from its KiCad PCB through pcbnew (Debian's /usr/bin/python3),
the part heights from schematics/parts.json, the Uno's own connectors and holes from
case/uno-r3.json (Arduino's published drawing). The case's own design choices (walls,
clearances, screws) are DESIGN below. Everything is returned in the case frame: mm, origin
at the board's lower-left corner (KiCad's y turned upwards), z = 0 on the print bed under
the base.
"""
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "schematics", "gen"))
import parts as shield_parts  # noqa: E402  (schematics/gen/parts.py)
# CASE_PARTS_JSON: another parts file (to try a candidate part without editing the real one).
PARTS_JSON = os.environ.get("CASE_PARTS_JSON") or os.path.join(ROOT, "schematics", "parts.json")
UNO_JSON = os.path.join(HERE, "uno-r3.json")
README = os.path.join(ROOT, "README.md")

DESIGN = {
    "wall": 2.4,                # side walls of base and lid
    "floor": 2.0,               # base floor
    "lid_plate": 2.4,           # lid top plate
    "engrave": 0.6,             # depth of the engraved numbers and legend
    "side_gap": 0.5,            # board edge to the inner wall, left and right
    "post_d": 7.0,              # lid screw posts in the four corners
    "post_gap": 0.5,            # post to board edge
    "post_embed": 1.0,          # post centre this much less than its radius from the walls
    "screw_pilot_d": 2.5,       # M3 thread-forming pilot
    "screw_clear_d": 3.4,       # M3 clearance
    "screw_head_d": 6.0,        # M3 countersunk head (ISO 10642: 5.5 nominal)
    "lid_screw_len": 16.0,      # the four lid screws, M3 x 16 countersunk
    "standoff_h": 5.0,          # base standoffs under the Uno's holes
    "standoff_d": 6.5,
    "uno_screw_len": 6.0,       # the four Uno screws, M3 x 6 pan head
    "split_gap": 0.6,           # base wall top below the Uno's top surface (jack bottoms)
    "lid_clearance": 1.2,       # lid underside above the tallest part (the check wants 1.0)
    "led_hole_extra": 0.6,      # LED hole diameter over the LED's: 0.3 mm all round
    "jack_margin": 0.6,         # USB-B and DC openings beyond the connector bodies
    "key_stem_d": 4.4,          # captive key cap, when the actuator does not reach through
    "key_hole_extra": 0.6,      # key hole diameter over the stem's
    "key_flange_d": 7.4,
    "key_flange_t": 1.8,
    "key_play": 0.3,            # cap flange below the lid underside at rest
    "key_protrusion": 1.5,      # key top above the lid top at rest
    "actuator_hole_extra": 0.8, # hole over the actuator, when it reaches through
    "min_wall": 1.6,
}
# The checks' thresholds, quoted by the print sheet and the report.
REQUIRE = {"lid_clearance": 1.0, "led_margin": 0.25, "jack_margin": 0.5, "min_wall": 1.6, "bed": 180.0,
           "press_margin": 0.5, "overhang_deg": 45.0, "board_to_wall": 0.3}


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


def menu_labels(path=README):
    """The menu's meaning of cells 1-9: the row of the README's cell table."""
    with open(path) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0] == "menu" and len(cells) == 10:
                return cells[1:]
    raise CaseError("%s: no '| menu | ... |' row with nine cells" % path)


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
    # The outline's right-angle reflex corners are the ICSP notch's inner corners.
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
    width = max(p[0] for p in outline)
    height = max(p[1] for p in outline)
    notch = None
    if len(reflex) == 2 and abs(reflex[0][0] - reflex[1][0]) < 1e-6:
        xs = reflex[0][0]
        notch = [xs, min(r[1] for r in reflex), width if xs > width / 2 else 0.0,
                 max(r[1] for r in reflex)]
        notch = [min(notch[0], notch[2]), notch[1], max(notch[0], notch[2]), notch[3]]

    switches, leds, parts, holes, fab = {}, {}, [], [], []
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        # Outlines a footprint draws on its fab layer (the Uno module draws its jacks).
        segs = [g for g in fp.GraphicalItems() if g.GetLayerName() in ("F.Fab", "B.Fab")
                and getattr(g, "GetShapeStr", lambda: "")() == "Line"]
        fab += _loops([(tf(_mm(g.GetStart().x), _mm(g.GetStart().y)),
                        tf(_mm(g.GetEnd().x), _mm(g.GetEnd().y))) for g in segs])
        for pad in fp.Pads():
            if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                p = pad.GetPosition()
                holes.append(tf(_mm(p.x), _mm(p.y)) + (round(_mm(pad.GetDrillSize().x), 3),))
        part = by_ref.get(ref)
        if part is None:
            raise CaseError("%s (%s) has no entry in %s: the case needs its height (top of the"
                            " fitted part above the PCB's top surface)"
                            % (ref, fp.GetValue(), os.path.relpath(parts_path, ROOT)))
        if part["value"] != fp.GetValue():
            raise CaseError("%s: value %r on the PCB, %r in parts.json"
                            % (ref, fp.GetValue(), part["value"]))
        top = fp.GetLayer() == pcbnew.F_Cu
        # Where the part stands: its courtyard on its own side, and for a part fitted
        # from below only its pads (the leads that come through).
        pts = []
        for pad in fp.Pads():
            if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                continue
            p = pad.GetPosition()
            pts.append(tf(_mm(p.x), _mm(p.y)))
        box = None
        if top:
            bb = fp.GetCourtyard(pcbnew.F_CrtYd).BBox()
            if bb.GetWidth() > 0:
                a = tf(_mm(bb.GetLeft()), _mm(bb.GetBottom()))
                b = tf(_mm(bb.GetRight()), _mm(bb.GetTop()))
                box = [a[0], a[1], b[0], b[1]]
        entry = {"ref": ref, "value": part["value"], "height": part["height_mm"],
                 "top": top, "pads": pts, "box": box, "switch": "actuator_top_mm" in part,
                 "led": "diameter_mm" in part}
        parts.append(entry)
        m = re.fullmatch(r"[A-Z]+(\d+)", ref)
        if "actuator_top_mm" in part:
            c = tf(*_pad_centroid(fp))
            switches[int(m.group(1))] = {"ref": ref, "xy": c, "part": part}
        elif "diameter_mm" in part:
            c = tf(*_pad_centroid(fp))
            leds[int(m.group(1))] = {"ref": ref, "xy": c, "part": part}
    if sorted(switches) != list(range(1, 10)) or sorted(leds) != list(range(1, 10)):
        raise CaseError("want nine switches and nine LEDs numbered 1-9, found %s and %s"
                        % (sorted(switches), sorted(leds)))
    return {"pcb": pcb_path, "outline": outline, "fab_boxes": fab, "width": width, "height": height,
            "thickness": thick, "notch": notch, "holes": sorted(holes),
            "switches": switches, "leds": leds, "parts": parts,
            "lid_intent": parts_data.get("lid", {}), "origin_kicad": (x0, y0)}


def layout(board, uno):
    """Every derived dimension of the case (the z stack, the cavity, the key mode)."""
    D = DESIGN
    # The Uno's holes must be where the shield's footprint has them.
    # (other unplated holes on the shield, pegs of a part, are no concern of the case)
    uno_holes = []
    for hx, hy in uno["mounting_holes_mm"]:
        near = [h for h in board["holes"] if math.hypot(h[0] - hx, h[1] - hy) <= 0.05
                and abs(h[2] - uno["mounting_hole_diameter_mm"]) <= 0.05]
        if not near:
            raise CaseError("the PCB has no %.1f mm hole at the Uno's (%.2f, %.2f); its unplated"
                            " holes: %s" % (uno["mounting_hole_diameter_mm"], hx, hy, board["holes"]))
        uno_holes.append(near[0][:2])
    # A second source for the jacks: the Uno footprint's fab drawing of them (KiCad's
    # library) must agree with Arduino's drawing to 0.6 mm at the plug face and centre.
    for c in uno["connectors"]:
        match = [b for b in board["fab_boxes"] if b[0] < 0 and b[1] < c["y_centre_mm"] < b[3]]
        if not match or abs(match[0][0] - c["x_min_mm"]) > 0.6 \
                or abs((match[0][1] + match[0][3]) / 2 - c["y_centre_mm"]) > 0.6:
            raise CaseError("%s: case/uno-r3.json (face x %.2f, centre y %.2f) disagrees with the"
                            " Uno footprint's fab drawing %s" % (c["name"], c["x_min_mm"],
                                                                 c["y_centre_mm"], match))
    if D["standoff_h"] < uno["bottom_protrusion_mm"] + 1.0:
        raise CaseError("standoffs of %g mm do not clear the Uno's %g mm solder tails"
                        % (D["standoff_h"], uno["bottom_protrusion_mm"]))
    z_uno_bottom = D["floor"] + D["standoff_h"]
    z_uno_top = z_uno_bottom + uno["thickness_mm"]
    # Shield on the Uno's female headers, on the plastic of its own male headers (2.54 mm).
    z_shield_bottom = z_uno_top + uno["female_header_height_mm"] + 2.54
    z_shield_top = z_shield_bottom + board["thickness"]
    sw = board["switches"][1]["part"]
    if any(board["switches"][c]["part"] is not sw for c in range(1, 10)):
        raise CaseError("the nine switches are not one part")
    for k in ("actuator_top_mm", "actuator_diameter_mm", "travel_mm"):
        if k not in sw:
            raise CaseError("parts.json: the switch %s has no %s" % (sw["value"], k))
    z_act = z_shield_top + sw["actuator_top_mm"]
    # The lid lies over every part but the LEDs, which stand through their holes (the
    # shield's intent, parts.json's "lid"); a switch counts with its body, its actuator is
    # left to the key design below. parts.json's lid thickness and gap are the shield's
    # minimum; the case's plate is thicker (engraving over the minimum wall) and its gap
    # wider (the check's clearance rule), both DESIGN.
    tallest = max((p for p in board["parts"] if not p["led"]), key=lambda p: p["height"])
    z_parts = z_shield_top + tallest["height"]
    z_icsp = z_uno_top + uno["icsp_header_top_mm"]
    z_lid_under = max(z_parts, z_icsp) + D["lid_clearance"]
    z_lid_top = z_lid_under + D["lid_plate"]
    travel = sw["travel_mm"]
    # The actuator itself is the key when it stands far enough above the lid to be pressed:
    # its travel and a margin, and at least what the shield's intent asks of it.
    press = max(travel + REQUIRE["press_margin"],
                board["lid_intent"].get("actuator_above_lid_min_mm", 0.0))
    if z_act - z_lid_top >= press - 1e-9:
        # parts.json gives the actuator's top and the body's height (the body is under the
        # lid, as every part but the LEDs).
        key = {"mode": "through", "hole_d": sw["actuator_diameter_mm"] + D["actuator_hole_extra"]}
    else:
        # A captive cap rests on the actuator: its flange under the lid, its stem through it.
        need = z_act + D["key_flange_t"] + (D["key_flange_d"] - D["key_stem_d"]) / 2 \
            / math.tan(math.radians(40)) + D["key_play"]
        z_lid_under = max(z_lid_under, need)
        flange_top = z_lid_under - D["key_play"]
        key = {"mode": "cap", "hole_d": D["key_stem_d"] + D["key_hole_extra"],
               "stem_d": D["key_stem_d"], "flange_d": D["key_flange_d"],
               "flange_t": D["key_flange_t"], "z_bottom": z_act,
               "z_flange_top": flange_top,
               "z_top": z_lid_under + D["lid_plate"] + D["key_protrusion"]}
    z_lid_top = z_lid_under + D["lid_plate"]
    z_split = z_uno_top - D["split_gap"]
    # Cavity: the board plus side gaps; the corner posts sit beyond the board's ends.
    post_r = D["post_d"] / 2
    inset = post_r - D["post_embed"]
    gap_y = inset + post_r + D["post_gap"]
    cavity = [-D["side_gap"], -gap_y, board["width"] + D["side_gap"], board["height"] + gap_y]
    posts = [(x, y) for x in (cavity[0] + inset, cavity[2] - inset)
             for y in (cavity[1] + inset, cavity[3] - inset)]
    return {"z_uno_bottom": z_uno_bottom, "z_uno_top": z_uno_top,
            "z_shield_bottom": z_shield_bottom, "z_shield_top": z_shield_top,
            "z_act": z_act, "z_parts": z_parts, "tallest": tallest["ref"],
            "tallest_h": tallest["height"], "z_icsp": z_icsp,
            "z_lid_under": z_lid_under, "z_lid_top": z_lid_top, "z_split": z_split,
            "travel": travel, "press": press, "key": key, "cavity": cavity, "posts": posts,
            "uno_holes": uno_holes}
