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
        px, py = (x, y) if paper else self.pt(x, y)
        self.out.append('<text x="%.3f" y="%.3f" font-size="%.2f" font-weight="%s" '
                        'text-anchor="middle" dominant-baseline="central" '
                        'transform="rotate(%d %.3f %.3f)">%s</text>'
                        % (px, py, size, weight, rotate, px, py, html.escape(s)))


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


def draw_part(page, fp, line):
    layer = pcbnew.B_Fab if fp.IsFlipped() else pcbnew.F_Fab
    for g in fp.GraphicalItems():
        if g.GetLayer() == layer and isinstance(g, pcbnew.PCB_SHAPE):
            draw_shape(page, g)
    for pad in fp.Pads():
        if pad.GetAttribute() != pcbnew.PAD_ATTRIB_NPTH:
            draw_pad(page, pad)
    x0, y0, x1, y1 = fab.body_box(fp, pcbnew, "diameter_mm" in line)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    upright = (y1 - y0) > 1.3 * (x1 - x0)  # a tall body: the text runs along it
    ref, value = fp.GetReference(), fp.GetValue()
    if fp.IsFlipped():
        value = "header pins, from below"
        label_strips(page, fp, cy)
    if not upright and (y1 - y0) < 3.5 * NM:  # a low body (resistor): one line
        page.text(cx, cy, "%s  %s" % (ref, value), 2.6, 0, "bold")
        return
    if upright:  # a narrow standing body (the diodes): the value beside it, on the right
        page.text(cx, cy, ref, 2.6, -90, "bold")
        page.text(x1 + 0.8 * NM, cy, value, 2.4, -90)
        return
    # a round body has its pads across the middle: the text above and below them
    gap = (1.6 if "diameter_mm" in line else 1.0) * NM
    page.text(cx, cy - gap, ref, 2.6, 0, "bold")
    page.text(cx, cy + gap, value, 2.4, 0)


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


def label_strips(page, fp, cy):
    """Each header strip's size (1x8, 1x10, 1x6) beside it, toward the board's middle."""
    for (y, xa), (_y, xb), n in strips(fp):
        inward = 2.6 * NM if y < cy else -2.6 * NM
        page.text((xa + xb) / 2, y + inward, "1x%d strip" % n, 2.4)


def table(page, data, bottom):
    """The parts on this side: references, value, manufacturer part, how it is fitted."""
    y = ORIGIN[1]
    page.text(TABLE_X + 40, y, "Parts on this side", 4.0, weight="bold", paper=True)
    y += 8
    for line in sorted(data["parts"], key=lambda ln: ln["order"]):
        if (line.get("fitted_from") == "bottom") != bottom:
            continue
        refs = partdata.ranges(line["refs"])
        fit = "hand-solder" if partdata.fitting(line) == "hand" else "machine"
        for k, piece in enumerate(partdata.pieces(line)):
            head = "%s  %s" % (refs if k == 0 else "", piece["value"])
            page.out.append('<text x="%.1f" y="%.1f" font-size="3.0" font-weight="bold">%s'
                            '</text>' % (TABLE_X, y, html.escape(head.strip())))
            page.out.append('<text x="%.1f" y="%.1f" font-size="2.6">%d x %s %s, %s</text>'
                            % (TABLE_X + 2, y + 4, piece["qty"], line["manufacturer"],
                               html.escape(piece["mpn"]), fit))
            y += 10
    return y


NOTES = {
    False: ["Top side, 5:2. Filled pad: pad 1.",
            "LED: R at the red anode (square pad),",
            "G at the green one; cathode in the middle.",
            "2N7000: S G D beside the pads,",
            "the body flat on its outline.",
            "1N4148: the band at the square pad."],
    True: ["Seen from below (mirrored), 5:2.",
           "J1: four header strips, fitted last,",
           "from below, plugged into a Uno.",
           "Boxes: the Uno's jacks under the board;",
           "none has a lead over them; trim the",
           "leads near them (BZ1, Q1-Q3) flush."],
}


def page_svg(pcb, bottom):
    board = pcbnew.LoadBoard(pcb)
    data = partdata.load()
    lines = partdata.by_ref(data)
    page = Page(board, bottom)
    for d in board.GetDrawings():
        if d.GetLayer() == pcbnew.Edge_Cuts:
            draw_shape(page, d)
        elif d.GetLayer() == (pcbnew.B_Fab if bottom else pcbnew.F_Fab) and \
                isinstance(d, pcbnew.PCB_TEXT):
            p = d.GetPosition()
            page.text(p.x, p.y, d.GetText(), 2.4)
    for fp in board.GetFootprints():
        if fp.IsFlipped() == bottom:
            draw_part(page, fp, lines[fp.GetReference()])
    if bottom:
        for name, (x0, y0, x1, y1) in placement.KEEPOUTS.items():
            page.text(*page.uno((x0 + x1) / 2, (y0 + y1) / 2), "Uno's %s, under" % name, 2.4)
    y = table(page, data, bottom) + 6
    for k, note in enumerate(NOTES[bottom]):
        page.out.append('<text x="%.1f" y="%.1f" font-size="2.8">%s</text>'
                        % (TABLE_X, y + 5 * k, html.escape(note)))
    title = "Tic-tac-toe shield r3: assembly drawing, %s" % ("bottom" if bottom else "top")
    page.text(PAGE_W / 2, 12, title, 5.0, weight="bold", paper=True)
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
