"""tests/shield/silk.py - what a board house reads on the silkscreen, measured on a board
(pcbnew): every silk item inside the board outline, on both sides; every silk line at
least MIN_LINE wide; every polarity letter upright and at least MIN_LETTER_GAP from any
other silk text (ink to ink, as KiCad's stroke font draws it), and nearer its own part
(pads or body) than any other part's silk text. test_silk.py runs these on
the committed PCB and on planted copies.

Each function takes a pcbnew BOARD and returns a list of findings (strings); empty is a
pass. Needs Debian's /usr/bin/python3 (pcbnew).
"""
import pcbnew

MIN_LINE = 0.15        # mm: the common board-house minimum for silk lines
MIN_LETTER_GAP = 0.5   # mm between a polarity letter's ink and any other silk text
LETTERS = set("RGKSD")  # LED anodes R/G, diode cathode K, MOSFET S/G/D
SILK = (pcbnew.F_SilkS, pcbnew.B_SilkS)
NM = 1e6


def silk_items(board):
    """(owner, item) for every visible drawing on a silk layer: board drawings, footprint
    graphics and visible footprint fields."""
    out = [("board", d) for d in board.GetDrawings() if d.GetLayer() in SILK]
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        out += [(ref, g) for g in fp.GraphicalItems() if g.GetLayer() in SILK]
        out += [(ref, f) for f in fp.GetFields() if f.GetLayer() in SILK and f.IsVisible()]
    return [(o, i) for o, i in out if not isinstance(i, pcbnew.PCB_TEXT) or i.IsVisible()]


def outline_box(board):
    """The board's extent (KiCad nm): the Edge.Cuts bounding box."""
    return board.GetBoardEdgesBoundingBox()


def outside_board(board):
    """Silk items that reach past the board outline (its bounding box, and for the shield's
    notch the outline itself: any item whose box leaves the board's polygon)."""
    box = outline_box(board)
    poly = pcbnew.SHAPE_POLY_SET()
    board.GetBoardPolygonOutlines(poly)
    found = []
    for owner, item in silk_items(board):
        bb = item.GetBoundingBox()
        corners = [(bb.GetLeft(), bb.GetTop()), (bb.GetRight(), bb.GetTop()),
                   (bb.GetLeft(), bb.GetBottom()), (bb.GetRight(), bb.GetBottom())]
        inside = box.Contains(bb) and all(poly.Contains(pcbnew.VECTOR2I(x, y))
                                          for x, y in corners)
        if not inside:
            found.append("%s: %s on %s reaches (%.2f, %.2f)-(%.2f, %.2f) mm, outside the board"
                         % (owner, describe(item), item.GetLayerName(), bb.GetLeft() / NM,
                            bb.GetTop() / NM, bb.GetRight() / NM, bb.GetBottom() / NM))
    return found


def describe(item):
    if isinstance(item, pcbnew.PCB_TEXT):
        return "text %r" % item.GetShownText(False)
    return "%s" % item.GetClass()


def thin_lines(board):
    """Silk shapes (lines, arcs, circles, polygons) drawn thinner than MIN_LINE."""
    found = []
    for owner, item in silk_items(board):
        if isinstance(item, pcbnew.PCB_TEXT) or not isinstance(item, pcbnew.PCB_SHAPE):
            continue
        width = item.GetWidth() / NM
        if item.IsFilled() and width == 0:
            continue  # a filled polygon has no stroke
        if width < MIN_LINE - 1e-6:
            found.append("%s: silk %s %.3f mm wide (at least %.2f)"
                         % (owner, item.GetShapeStr(), width, MIN_LINE))
    return found


def ink_box(text):
    """The box of a text's strokes as drawn by KiCad's font (the stroke width included)."""
    bb = text.GetEffectiveTextShape().BBox()
    return (bb.GetLeft(), bb.GetTop(), bb.GetRight(), bb.GetBottom())


def box_gap(a, b):
    dx = max(a[0] - b[2], b[0] - a[2], 0)
    dy = max(a[1] - b[3], b[1] - a[3], 0)
    return (dx * dx + dy * dy) ** 0.5 / NM


def letters_crowded(board):
    """Polarity letters (one of LETTERS, alone) closer than MIN_LETTER_GAP to another silk
    text, or not upright."""
    texts = [(o, t) for o, t in silk_items(board) if isinstance(t, pcbnew.PCB_TEXT)]
    boxes = [(o, t, ink_box(t)) for o, t in texts]
    found = []
    for i, (owner, text, box) in enumerate(boxes):
        word = text.GetShownText(False)
        if word not in LETTERS:
            continue
        angle = text.GetDrawRotation().AsDegrees() % 360
        if abs(angle) > 1e-6 and abs(angle - 360) > 1e-6:
            found.append("%s: letter %s turned %g degrees" % (owner, word, angle))
        for j, (other, otext, obox) in enumerate(boxes):
            gap = box_gap(box, obox)
            if j != i and gap < MIN_LETTER_GAP and not (otext.GetShownText(False) in LETTERS
                                                        and j < i):
                found.append("%s: letter %s %.2f mm from %s's %r (at least %.1f)"
                             % (owner, word, gap, other, otext.GetShownText(False),
                                MIN_LETTER_GAP))
    return found


def smallest_letter_gap(board):
    """The smallest ink gap between a polarity letter and any other silk text, in mm."""
    texts = [t for _o, t in silk_items(board) if isinstance(t, pcbnew.PCB_TEXT)]
    gaps = [box_gap(ink_box(a), ink_box(b)) for a in texts for b in texts
            if a is not b and a.GetShownText(False) in LETTERS]
    return min(gaps)


# Which parts carry each polarity letter (the letter belongs to the nearest of them).
CARRIERS = {"R": ("LED",), "G": ("LED", "Q"), "K": ("D",), "S": ("Q",), "D": ("Q",)}


def part_boxes(board):
    """{reference: [boxes]}: each footprint's pads and its body on the fab layer (KiCad nm)."""
    out = {}
    for fp in board.GetFootprints():
        boxes = [p.GetBoundingBox() for p in fp.Pads()]
        fab = [g.GetBoundingBox() for g in fp.GraphicalItems()
               if g.GetLayer() in (pcbnew.F_Fab, pcbnew.B_Fab) and isinstance(g, pcbnew.PCB_SHAPE)]
        if fab:
            box = fab[0]
            for b in fab[1:]:
                box.Merge(b)
            boxes.append(box)
        out[fp.GetReference()] = [(b.GetLeft(), b.GetTop(), b.GetRight(), b.GetBottom())
                                  for b in boxes]
    return out


def owner(board, parts, text_owner, word, box):
    """The reference a silk text belongs to: a footprint's own text its footprint; a
    reference its part; a cell number its cell's LED; a polarity letter the nearest part
    that carries such a letter; else None (the board's own words)."""
    if text_owner != "board":
        return text_owner
    if word in parts:
        return word
    if word.isdigit() and "LED" + word in parts:
        return "LED" + word
    if word in CARRIERS:
        near = [(min(box_gap(box, b) for b in boxes), ref) for ref, boxes in parts.items()
                if ref.rstrip("0123456789") in CARRIERS[word]]
        return min(near)[1]
    return None


def letters_astray(board):
    """Polarity letters that sit nearer another part's silk text (a letter, reference or
    cell number) than their own part's pads or body: read as that part's (r3's LED7 R
    under Q1's D)."""
    parts = part_boxes(board)
    texts = [(o, t, ink_box(t)) for o, t in silk_items(board) if isinstance(t, pcbnew.PCB_TEXT)]
    labels = [(owner(board, parts, o, t.GetShownText(False), box), t.GetShownText(False), box)
              for o, t, box in texts]
    found = []
    for ref, word, box in labels:
        if word not in CARRIERS or ref is None:
            continue
        own = min(box_gap(box, b) for b in parts[ref])
        for other, oword, obox in labels:
            if other not in (None, ref) and box_gap(box, obox) < own:
                found.append("%s's %s sits %.2f mm from %s's %r, nearer than its own part (%.2f)"
                             % (ref, word, box_gap(box, obox), other, oword, own))
    return found


CHECKS = {"silk-outside": outside_board, "silk-thin": thin_lines,
          "silk-letters": letters_crowded, "silk-owner": letters_astray}


def main(argv):
    """silk.py PCB: each check's findings, 'FAIL <check>: ...'; exit status the verdict."""
    if len(argv) != 2:
        raise SystemExit("usage: python -m tests.shield.silk PCB")
    board = pcbnew.LoadBoard(argv[1])
    failed = 0
    for name, check in sorted(CHECKS.items()):
        found = check(board)
        for f in found:
            print("FAIL %s: %s" % (name, f))
        failed += bool(found)
        print("%s: %d findings" % (name, len(found)))
    return 1 if failed else 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv))
