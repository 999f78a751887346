"""schematics/gen/assembly.py - the assembly drawings: one A4 landscape page per side, the
board at 5:2 with every pad (pad 1 filled) and each part's fab outline, its reference and
value once at its body's centre, the polarity letters of the fab layer, and a parts table
(value, manufacturer part, fitting) beside it. Written as SVG from the PCB (pcbnew), then
printed to PDF and PNG by Debian's Chromium (headless).

  assembly.py PCB OUTDIR     OUTDIR/assembly-top.{svg,pdf,png}, assembly-bottom.{...}

The bottom page is the board seen from below (mirrored): J1's pins and the Uno's jacks
as its fab layer draws them. Fonts at least 2.4 mm on paper (1.2 mm on the board), so
the page reads at 100 %.
Run from the repository's root: python3 -m schematics.gen.assembly ...
"""
import html
import os
import sys

import pcbnew

from schematics.gen import board as identity
from schematics.gen import fab, placement
from schematics.gen import parts as partdata

PAGE_W, PAGE_H = 297.0, 210.0   # A4 landscape, mm
SCALE = 2.5                     # paper mm per board mm
ORIGIN = (8.0, 30.0)            # where the board's top-left corner lands on the page
TABLE_X = 204.0                 # the parts table's left edge
NM = 1e6
INK = "#000"


class Page:
    """Board coordinates (KiCad nm, y down) -> paper mm, mirrored for the bottom side."""

    def __init__(self, board, mirror):
        box = board.GetBoardEdgesBoundingBox()
        self.x0, self.y0, self.x1 = box.GetLeft(), box.GetTop(), box.GetRight()
        self.y1 = box.GetBottom()
        self.mirror = mirror
        self.out = []
        self.labels = []   # (text, paper box) of every text on the board
        self.pads = []     # paper boxes of every pad and hole
        self.keepouts = []   # (name, paper box, lines) of the Uno's jacks' labels

    def pt(self, x, y):
        bx = (self.x1 - x) if self.mirror else (x - self.x0)
        return (ORIGIN[0] + SCALE * bx / NM, ORIGIN[1] + SCALE * (y - self.y0) / NM)

    def uno(self, x, y):
        """Uno coordinates (mm from the board's lower-left corner, y up) -> KiCad nm."""
        return self.x0 + x * NM, self.y1 - y * NM

    def line(self, a, b, width=0.25):
        (x1, y1), (x2, y2) = self.pt(a.x, a.y), self.pt(b.x, b.y)
        self.out.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="%s" '
                        'stroke-width="%.2f"/>' % (x1, y1, x2, y2, INK, width))

    def text(self, x, y, s, size, rotate=0, weight="normal", paper=False):
        """A centred text; on the board (not paper), its box is kept as a label."""
        px, py = (x, y) if paper else self.pt(x, y)
        self.out.append('<text x="%.3f" y="%.3f" font-size="%.2f" font-weight="%s" '
                        'text-anchor="middle" dominant-baseline="central" '
                        'transform="rotate(%d %.3f %.3f)">%s</text>'
                        % (px, py, size, weight, rotate, px, py, html.escape(s)))
        if not paper:
            self.labels.append((s, text_box(px, py, s, size, rotate, weight)))


CHAR_W = {"normal": 0.62, "bold": 0.68}   # DejaVu Sans: advance per character, x size


def text_box(px, py, s, size, rotate, weight):
    """(x0, y0, x1, y1) on paper of a centred text: DejaVu Sans's widest characters (caps,
    digits) at CHAR_W of the size, the height the size; turned by rotate (a multiple of 90)."""
    w, h = len(s) * size * CHAR_W[weight] / 2, size / 2
    if rotate % 180:
        w, h = h, w
    return (px - w, py - h, px + w, py + h)


def boxes_meet(a, b, gap=0.0):
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def labels_on_pads(page):
    """[(label, pad box)] of every board label over a pad or hole (paper mm)."""
    return [(s, pad) for s, box in page.labels for pad in page.pads if boxes_meet(box, pad)]


def draw_shape(page, g):
    """A fab-layer or outline shape as lines (arcs and circles as polylines)."""
    shape = g.GetShape()
    if shape == pcbnew.SHAPE_T_SEGMENT:
        page.line(g.GetStart(), g.GetEnd())
    elif shape == pcbnew.SHAPE_T_RECT:
        corners = g.GetRectCorners()
        for i in range(4):
            page.line(corners[i], corners[(i + 1) % 4])
    elif shape in (pcbnew.SHAPE_T_CIRCLE, pcbnew.SHAPE_T_ARC):
        poly = pcbnew.SHAPE_POLY_SET()
        g.TransformShapeToPolygon(poly, g.GetLayer(), 0, int(0.005 * NM), pcbnew.ERROR_INSIDE)
        if poly.OutlineCount():
            ol = poly.Outline(0)
            pts = [ol.CPoint(i) for i in range(ol.PointCount())]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                page.line(a, b, 0.2)


def draw_pad(page, pad):
    """Each copper pad as its outline; pad 1 filled (the polarity a board house looks for)."""
    poly = pcbnew.SHAPE_POLY_SET()
    pad.TransformShapeToPolygon(poly, pcbnew.F_Cu, 0, int(0.01 * NM), pcbnew.ERROR_INSIDE)
    for k in range(poly.OutlineCount()):
        ol = poly.Outline(k)
        pts = " ".join("%.3f,%.3f" % page.pt(ol.CPoint(i).x, ol.CPoint(i).y)
                       for i in range(ol.PointCount()))
        fill = "#888" if pad.GetNumber() == "1" else "none"
        page.out.append('<polygon points="%s" fill="%s" stroke="%s" stroke-width="0.2"/>'
                        % (pts, fill, INK))
    bb = pad.GetBoundingBox()
    (x0, y0), (x1, y1) = page.pt(bb.GetLeft(), bb.GetTop()), page.pt(bb.GetRight(), bb.GetBottom())
    page.pads.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))


def draw_hole(page, pad):
    """A mounting hole (unplated): its circle and a cross, on both sides' pages."""
    c, r = pad.GetPosition(), pad.GetDrillSize().x / 2
    (px, py) = page.pt(c.x, c.y)
    rp = SCALE * r / NM
    page.out.append('<circle cx="%.3f" cy="%.3f" r="%.3f" fill="none" stroke="%s" '
                    'stroke-width="0.3"/>' % (px, py, rp, INK))
    for dx, dy in ((1, 0), (0, 1)):
        page.out.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="%s" '
                        'stroke-width="0.2"/>' % (px - dx * rp * 1.3, py - dy * rp * 1.3,
                                                  px + dx * rp * 1.3, py + dy * rp * 1.3, INK))
    page.pads.append((px - rp, py - rp, px + rp, py + rp))


REF_SIZE, VALUE_SIZE = 2.6, 2.4   # paper mm
LABEL_CLEAR = 0.25                 # board mm between a label and a pad


def draw_part(page, fp, line, marks):
    """The part's fab outline, pads and holes, and its reference and value, clear of its
    pads and of the fab layer's marks (marks: [(x, y)] KiCad nm of the board's marks)."""
    layer = pcbnew.B_Fab if fp.IsFlipped() else pcbnew.F_Fab
    for g in fp.GraphicalItems():
        if g.GetLayer() == layer and isinstance(g, pcbnew.PCB_SHAPE):
            draw_shape(page, g)
    for pad in fp.Pads():
        (draw_hole if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH else draw_pad)(page, pad)
    x0, y0, x1, y1 = fab.body_box(fp, pcbnew, "diameter_mm" in line)
    ref, value = fp.GetReference(), fp.GetValue()
    if fp.IsFlipped():
        label_strips(page, fp, (y0 + y1) / 2, line)
        value = "header pins, from below"
    label_part(page, fp, (x0, y0, x1, y1), ref, value,
               [m for m in marks if x0 < m[0] < x1 and y0 < m[1] < y1])


def label_part(page, fp, body, ref, value, inside):
    """Reference and value placed by the body's shape: one line in a low body (resistor),
    along a narrow standing one (diode: the value beside it), turned in the free end of a
    body with marks inside (the 2N7000s' S G D), else above and below the pads' row, far
    enough that neither touches a pad."""
    x0, y0, x1, y1 = body
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if inside:   # the marks stand by the leads' end: the labels turned, at the far end
        page.text(x0 + 1.75 * NM, cy, ref, REF_SIZE, -90, "bold")
        page.text(x0 + 0.55 * NM, cy, value, VALUE_SIZE, -90)
    elif (y1 - y0) > 1.3 * (x1 - x0):   # a tall narrow body: the text runs along it
        page.text(cx, cy, ref, REF_SIZE, -90, "bold")
        page.text(x1 + 0.8 * NM, cy, value, VALUE_SIZE, -90)
    elif (y1 - y0) < 3.5 * NM and not fp.IsFlipped():   # a low body (resistor)
        one = "%s %s" % (ref, value)
        if len(one) * REF_SIZE * CHAR_W["bold"] <= SCALE * ((x1 - x0) / NM - 2 * LABEL_CLEAR):
            page.text(cx, cy, one, REF_SIZE, 0, "bold")
        else:   # too long for one line: two, the value under the reference
            page.text(cx, cy - 0.52 * NM, ref, REF_SIZE, 0, "bold")
            page.text(cx, cy + 0.52 * NM, value, VALUE_SIZE, 0)
    else:   # the pads' row across the middle (or at the corners): above and below it
        row = [p.GetBoundingBox() for p in fp.Pads() if abs(p.GetPosition().y - cy) < 1.5 * NM]
        half = max((b.GetHeight() / 2 for b in row), default=0)
        gap = half + (REF_SIZE / SCALE / 2 + LABEL_CLEAR) * NM if row else 0.65 * NM
        page.text(cx, cy - gap, ref, REF_SIZE, 0, "bold")
        page.text(cx, cy + gap, value, VALUE_SIZE, 0)


def strips(fp):
    """J1's plated pads in runs: [(first, last, count)] of pads in one row 2.54 mm apart
    (KiCad nm), each run one header strip."""
    pads = sorted((p.GetPosition().y, p.GetPosition().x) for p in fp.Pads()
                  if p.GetAttribute() == pcbnew.PAD_ATTRIB_PTH)
    runs = []
    for y, x in pads:
        last = runs[-1] if runs else None
        if last and last[-1][0] == y and abs(x - last[-1][1]) < 2.6 * NM:
            last.append((y, x))
        else:
            runs.append([(y, x)])
    return [(r[0], r[-1], len(r)) for r in runs]


def strip_designators(fp, line):
    """[designator] of each run of strips(fp): the parts.json piece whose pads hold the
    run's first pad (J1A power, J1B D0-D7, J1C D8-SCL, J1D A0-A5)."""
    at = {(p.GetPosition().y, p.GetPosition().x): int(p.GetNumber()) for p in fp.Pads()
          if p.GetAttribute() == pcbnew.PAD_ATTRIB_PTH}
    names = []
    for first, _last, _n in strips(fp):
        num = at[first]
        names.append(next(ref for piece in line["pieces"]
                          for ref, (a, b) in zip(piece["refs"], piece["pads"]) if a <= num <= b))
    return names


def label_strips(page, fp, cy, line):
    """Each header strip's designator and size (J1A 1x8, ...) beside it, toward the board's
    middle."""
    for ((y, xa), (_y, xb), n), ref in zip(strips(fp), strip_designators(fp, line)):
        inward = 2.6 * NM if y < cy else -2.6 * NM
        page.text((xa + xb) / 2, y + inward, "%s 1x%d strip" % (ref, n), 2.4)


def keepout_lines(name, width):
    """The label of a keep-out box, "Uno's NAME, under", broken into lines no wider than
    width (paper mm) at VALUE_SIZE."""
    words, lines = ("Uno's %s, under" % name).split(), [""]
    for w in words:
        trial = (lines[-1] + " " + w).strip()
        if len(trial) * VALUE_SIZE * CHAR_W["normal"] <= width or not lines[-1]:
            lines[-1] = trial
        else:
            lines.append(w)
    return lines


def label_keepouts(page):
    """Each Uno jack's box under the board, labelled inside it."""
    for name, (x0, y0, x1, y1) in placement.KEEPOUTS.items():
        width = SCALE * (x1 - x0) - 2 * LABEL_CLEAR * SCALE
        lines = keepout_lines(name, width)
        cx, cy = page.uno((x0 + x1) / 2, (y0 + y1) / 2)
        first = len(page.labels)
        for k, text in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * 1.25 * VALUE_SIZE / SCALE * NM
            page.text(cx, cy + dy, text, VALUE_SIZE)
        page.keepouts.append((name, box_on_paper(page, (x0, y0, x1, y1)), page.labels[first:]))


def box_on_paper(page, box):
    """An Uno-coordinates box (x0, y0, x1, y1) on paper (x0, y0, x1, y1)."""
    (ax, ay), (bx, by) = page.pt(*page.uno(box[0], box[1])), page.pt(*page.uno(box[2], box[3]))
    return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def labels_out_of_their_box(page):
    """[(label, keep-out)] of keep-out labels that leave the box they name (paper mm)."""
    return [(text, name) for name, k, labels in page.keepouts for text, b in labels
            if not (k[0] <= b[0] and b[2] <= k[2] and k[1] <= b[1] and b[3] <= k[3])]


def labels_crossing(page):
    """Pairs of board labels whose boxes meet (paper mm)."""
    return [(a, b) for i, (a, ab) in enumerate(page.labels)
            for b, bb in page.labels[i + 1:] if boxes_meet(ab, bb)]


def table(page, data, bottom):
    """The parts on this side: references, value, manufacturer part, how it is fitted."""
    y = ORIGIN[1]
    page.text(TABLE_X + 40, y, "Parts on this side", 4.0, weight="bold", paper=True)
    y += 8
    for line in sorted(data["parts"], key=lambda ln: ln["order"]):
        if (line.get("fitted_from") == "bottom") != bottom:
            continue
        fit = "hand-solder" if partdata.fitting(line) == "hand" else "machine"
        for piece in partdata.pieces(line):
            head = "%s  %s" % (partdata.ranges(piece["refs"]), piece["value"])
            page.out.append('<text x="%.1f" y="%.1f" font-size="3.0" font-weight="bold">%s'
                            '</text>' % (TABLE_X, y, html.escape(head.strip())))
            page.out.append('<text x="%.1f" y="%.1f" font-size="2.6">%d x %s %s, %s</text>'
                            % (TABLE_X + 2, y + 4, piece["qty"], line["manufacturer"],
                               html.escape(piece["mpn"]), fit))
            y += 10
    return y


NOTES = {
    False: ["Top side, 5:2. Filled pad: pad 1.",
            "Circles with a cross: the mounting holes.",
            "LED: R at the red anode (square pad),",
            "G at the green one; cathode in the middle.",
            "2N7000: S G D on its outline, each by",
            "its lead; the body flat on the outline.",
            "1N4148: the band at the square pad."],
    True: ["Seen from below (mirrored), 5:2.",
           "J1: four header strips J1A-J1D, fitted",
           "last, from below, plugged into a Uno.",
           "Circles with a cross: the mounting holes.",
           "Boxes: the Uno's jacks under the board;",
           "none has a lead over them; trim the",
           "leads near them (BZ1, Q1-Q3) flush."],
}


def draw_board(board, bottom, lines):
    """The board side's page: outline, the fab layer's marks, every part of the side with
    its labels, the mounting holes, and on the bottom the Uno's jacks labelled."""
    page = Page(board, bottom)
    marks = []
    for d in board.GetDrawings():
        if d.GetLayer() == pcbnew.Edge_Cuts:
            draw_shape(page, d)
        elif d.GetLayer() == (pcbnew.B_Fab if bottom else pcbnew.F_Fab) and \
                isinstance(d, pcbnew.PCB_TEXT):
            p = d.GetPosition()
            page.text(p.x, p.y, d.GetText(), 2.4)
            marks.append((p.x, p.y))
    for fp in board.GetFootprints():
        if fp.IsFlipped() == bottom:
            draw_part(page, fp, lines[fp.GetReference()], marks)
        else:   # the mounting holes go through: on both sides' pages
            for pad in fp.Pads():
                if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                    draw_hole(page, pad)
    if bottom:
        label_keepouts(page)
    return page


def page_of(pcb, bottom):
    """The Page of one side, table and notes included (its labels and pads for checks)."""
    board = pcbnew.LoadBoard(pcb)
    data = partdata.load()
    page = draw_board(board, bottom, partdata.by_ref(data))
    y = table(page, data, bottom) + 6
    for k, note in enumerate(NOTES[bottom]):
        page.out.append('<text x="%.1f" y="%.1f" font-size="2.8">%s</text>'
                        % (TABLE_X, y + 5 * k, html.escape(note)))
    title = "%s %s (%s, %s): assembly drawing, %s" % (
        identity.NAME, identity.REVISION, identity.DATE, identity.LICENCE,
        "bottom" if bottom else "top")
    page.text(PAGE_W / 2, 12, title, 5.0, weight="bold", paper=True)
    return page


def page_svg(pcb, bottom):
    page = page_of(pcb, bottom)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" '
            'viewBox="0 0 %g %g" font-family="DejaVu Sans, sans-serif">\n'
            '<rect width="100%%" height="100%%" fill="#fff"/>\n%s\n</svg>\n'
            % (PAGE_W, PAGE_H, PAGE_W, PAGE_H, "\n".join(page.out)))


def write(pcb, outdir, png=True):
    """The two pages as SVG, PDF (A4 landscape) and, if png, PNG; returns the PDF paths."""
    os.makedirs(outdir, exist_ok=True)
    pdfs = []
    for side in ("top", "bottom"):
        svg = os.path.join(outdir, "assembly-%s.svg" % side)
        with open(svg, "w", encoding="utf-8") as f:
            f.write(page_svg(pcb, side == "bottom"))
        html_page = os.path.join(outdir, "assembly-%s.html" % side)
        with open(html_page, "w", encoding="utf-8") as f:
            f.write('<!doctype html><style>@page { size: A4 landscape; margin: 0 } '
                    'body { margin: 0 } img { width: 297mm; height: 210mm; display: block }'
                    '</style><img src="%s">' % os.path.basename(svg))
        pdf = os.path.join(outdir, "assembly-%s.pdf" % side)
        fab.run("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--no-pdf-header-footer", "--print-to-pdf=" + os.path.abspath(pdf),
                "file://" + os.path.abspath(html_page))
        os.remove(html_page)
        pdfs.append(pdf)
        if png:
            fab.screenshot(svg, os.path.join(outdir, "assembly-%s.png" % side), PAGE_W, PAGE_H,
                           1.5)
    return pdfs


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    for path in write(sys.argv[1], sys.argv[2]):
        print("assembly: wrote %s" % path)


if __name__ == "__main__":
    main()
