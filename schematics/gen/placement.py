"""schematics/gen/placement.py - where everything sits on the shield, in Uno coordinates:
mm from the board's lower-left corner seen from the top, x right, y up (the Uno's USB-B
jack and DC jack on the left edge). Data and pure functions only (no KiCad module);
pcb.py places the footprints from it, router.py keeps out of its zones.

Sources: the stock footprint Module:Arduino_UNO_R3_WithMountingHoles (outline, mounting
holes, the USB-B and DC jack bodies drawn on its fab layer); the footprints' own pad
positions (pad 1 at the footprint origin) for the offsets below.
"""

BOARD_W, BOARD_H = 68.58, 53.34
# x from, y from, y to: the Uno's ICSP header (2x3, pins x 62.2/64.8, y 25.4-30.5)
# stays pluggable
ICSP_NOTCH = (58.42, 22.86, 33.02)
OUTLINE = [(0, 0), (66.04, 0), (66.04, 2.54), (68.58, 5.08), (68.58, ICSP_NOTCH[1]),
           (ICSP_NOTCH[0], ICSP_NOTCH[1]), (ICSP_NOTCH[0], ICSP_NOTCH[2]),
           (68.58, ICSP_NOTCH[2]), (68.58, 37.85), (66.04, 40.39), (66.04, 51.82),
           (64.52, 53.34), (0, 53.34)]
# The Uno's tall metal parts under the shield: the USB-B shell (x -6.35..9.65, y
# 32.1..44.1 on the stock footprint's fab layer; it overhangs the board edge) and the DC
# jack, each grown by about 1 mm and clipped to the board. The shield's underside sits
# about 11 mm above the Uno, as high as the USB-B shell: so no pads or vias there on
# either layer, and no tracks and no pour on the bottom layer (rule areas, DRC enforces).
KEEPOUTS = {"USB-B jack": (0, 31.38, 10.53, 44.81), "DC jack": (0, 2.18, 12.18, 13.07)}
# The Uno's mounting holes (M3): no copper pour within a screw head's reach.
MOUNTING_HOLES = [(13.97, 2.54), (15.24, 50.8), (66.04, 7.62), (66.04, 35.56)]
SCREW_HEAD_R = 2.8
J1_PAD1 = (27.94, 2.54)  # the Uno footprint's origin is pad 1 (NC) of the power header

CELL_X = (18.1, 32.1, 46.1)          # cell centres, columns 0..2 (left to right)
CELL_Y = (40.3, 26.1, 11.9)          # rows 0..2 (top to bottom); 14.2 mm pitch
R_PITCH = 7.62                       # the resistors and diodes lie flat, 7.62 mm pads
# The piezo (TDK PS1240P02BT, 12.2 mm body, pads 5 mm apart on its diameter): its
# courtyard (12.7 mm) fits between the board's left edge and the cells, and between the
# top edge and the USB-B zone's top (44.81) less its pads' 1.0 mm radius.
BZ1_CENTRE = (7.0, 46.6)
BZ1_PITCH = 5.0


def placement():
    """{ref: (x, y, rotation degrees)}: footprint origin (pad 1) and KiCad orientation."""
    place = {}
    for r in range(3):
        for c in range(3):
            i = 3 * r + c + 1
            cx, cy = CELL_X[c], CELL_Y[r]
            place["LED%d" % i] = (cx - 2.54, cy + 4.0, 0)     # pads 1-2-3 left to right
            place["SW%d" % i] = (cx - 3.25, cy - 0.8, 0)      # pad 1 top-left
            place["D%d" % i] = (cx + 6.1, cy + 2.1, 270)      # cathode (pad 1, square,
            #                                         silk K and band) on top, anode below
    # The resistors lie flat (pad 1 on the left), in rows 3.0 mm apart (their courtyards
    # touch): R1-R5 right of the cells above the ICSP notch (R1 on top, next to the
    # header pins D2-D6 they hang on), R6-R11 right of the cells below the notch (R6 on
    # top). R12 below the bottom row's first key, left of the power header; R13 stands
    # left of the ICSP notch, between the stacks (the strip over the top row's LEDs is
    # too narrow for a lying 0207 body's courtyard and silk between the LEDs' courtyards
    # and the header's pads).
    for k in range(5):
        place["R%d" % (1 + k)] = (55.6, 48.4 - 3.0 * k, 0)
    for k in range(6):
        place["R%d" % (6 + k)] = (55.6, 20.1 - 3.0 * k, 0)
    place["R12"] = (17.55, 3.0, 0)
    place["R13"] = (56.3, 24.0, 90)        # pad 2 above, toward the top header's D11
    # Row switches lying flat, body to the left, leads S-G-D top to bottom on the right
    # (the gate's pad staggered 1.27 mm outward, so neighbouring pads are 0.5 mm apart),
    # stacked between the USB-B jack's zone and the DC jack's (their pads clear of both).
    place["Q2"] = (11.0, 28.6, 270)
    place["Q3"] = (11.0, 23.3, 270)
    place["Q1"] = (11.0, 18.0, 270)
    # The sounder in the top-left corner: its body over the USB-B jack's zone, its two
    # pads (5 mm apart, pad 1 the footprint's origin) in a row just above the zone.
    place["BZ1"] = (BZ1_CENTRE[0] - BZ1_PITCH / 2, BZ1_CENTRE[1], 0)
    return place


# Each 2N7000's S/G/D inside its body's outline (x 2.0-7.19 from pad 1 at 11.0, the flat
# side's lines 0.62 mm inside its long edges), by the lead each names: S and D in a
# column near the edge the leads leave, drawn 0.3 mm in from their leads' rows to clear
# the flat side's lines, G staggered further in as its pad is staggered out, so each
# letter stands 0.5 mm clear of the others and of the reference, further in again.
Q_LETTERS = {"S": (-4.6, -0.3), "G": (-6.05, -1.27), "D": (-4.6, -2.24)}   # (dx, dy) from pad 1
Q_REF_DX = -7.95


def identity_texts():
    """[(text, x, y, size, angle)]: the board's identity (board.py) on the silkscreen: name,
    revision and date in the bottom-left corner over the Uno's DC jack, left of key 7;
    the licence turned up the left edge beside the 2N7000s, the one run long enough."""
    from schematics.gen import board
    return [("TIC-TAC-TOE", 6.6, 12.3, 1.2, 0), ("SHIELD %s" % board.REVISION, 6.6, 10.4, 1.2, 0),
            (board.DATE, 6.6, 8.6, 1.0, 0), (board.LICENCE, 1.0, 22.6, 1.0, 90)]


def silk_texts():
    """[(text, x, y, size, layer, owner)]: the board's own silkscreen words and marks (its
    identity apart: identity_texts), owner the reference each belongs to (None: the ICSP
    notch's name; a cell number belongs to its cell's LED)."""
    out = [("ICSP", 61.0, 34.0, 1.0, "F.SilkS", None)]
    place = placement()
    for r in range(3):
        for c in range(3):
            i = 3 * r + c + 1
            led = "LED%d" % i
            out.append((str(i), CELL_X[c] + 6.1, CELL_Y[r] + 5.7, 1.5, "F.SilkS", led))
            x, y, _ = place[led]
            # the die colour of each anode pad, level with it: R left of pad 1 (square),
            # G right of pad 3
            out.append(("R", x - 1.9, y, 1.0, "F.SilkS", led))
            out.append(("G", x + 5.08 + 1.9, y, 1.0, "F.SilkS", led))
    for r in range(3):
        q = "Q%d" % (r + 1)
        x, y, _ = place[q]
        # inside the body's outline (Q_LETTERS), so nothing of the cells' LEDs beside the
        # pads can be read as theirs (r3's S/G/D right of the pads stood by LED7's R)
        for letter, (dx, dy) in Q_LETTERS.items():
            out.append((letter, x + dx, y + dy, 1.0, "F.SilkS", q))
    return out
