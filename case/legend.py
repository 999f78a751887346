"""case/legend.py - the menu legend as a card to print on paper at 1:1 (SVG, mm).

The lid has no room for the legend at a legible size (a 1.3 mm web between the caps), and
its top face prints against the bed; so the caps carry the cell numbers and this card the
menu's meaning of each cell, from the menu table's export. Text: DejaVu Sans Bold, its
capitals CAP_RATIO of the font size, at least MIN_TEXT_MM high.
"""
from xml.sax.saxutils import escape

FONT_MM = 4.6          # label font size
NUMBER_MM = 6.0        # cell number font size
CAP_RATIO = 0.729      # DejaVu Sans: capital height / font size
MIN_TEXT_MM = 3.0
LINE_MM = 7.5
MARGIN_MM = 5.0
WIDTH_MM = 52.0


def text_height_mm():
    """Height of the card's capitals and digits (the smallest text on it)."""
    return round(FONT_MM * CAP_RATIO, 2)


def card_svg(labels):
    if len(labels) != 9:
        raise ValueError("want nine cell labels, got %d" % len(labels))
    rows = len(labels) + 1
    height = 2 * MARGIN_MM + LINE_MM * rows + 2.0
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
           % (WIDTH_MM, height, WIDTH_MM, height),
           '<rect x="0.5" y="0.5" width="%g" height="%g" rx="3" fill="white" stroke="black"'
           ' stroke-width="0.5"/>' % (WIDTH_MM - 1, height - 1),
           '<g font-family="DejaVu Sans" font-weight="bold" fill="black">',
           '<text x="%g" y="%g" font-size="%g">Menu: hold a cell</text>'
           % (MARGIN_MM, MARGIN_MM + LINE_MM * 0.8, FONT_MM)]
    for i, label in enumerate(labels):
        y = MARGIN_MM + 2.0 + LINE_MM * (i + 1.8)
        out.append('<text x="%g" y="%g" font-size="%g">%d</text>'
                   % (MARGIN_MM + 1.0, y, NUMBER_MM, i + 1))
        out.append('<text x="%g" y="%g" font-size="%g">%s</text>'
                   % (MARGIN_MM + 9.0, y, FONT_MM, escape(label)))
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)
