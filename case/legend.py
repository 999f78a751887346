"""case/legend.py - the menu legend as a card to print on paper at 1:1 (SVG, mm).

The lid has no room for the legend at a legible size (a 1.3 mm web between the caps), and
its top face prints against the bed; so the caps carry the cell numbers and this card the
menu's meaning of each cell, how the menu opens, and how to read the statistics' bars,
all from the menu table's export (build/gen/menu.json: "cells", "open", "stats"). Each
bar is a row: a small board with the bar's column filled in its colour (a dark column
filled black), then its meaning. At the foot a bar CHECK_MM long: printed at 1:1 it
measures that. Text: DejaVu Sans Bold, its capitals CAP_RATIO of the font size, at least
MIN_TEXT_MM high; no text wider than the card less its margins.
"""
import os
from xml.sax.saxutils import escape

FONT_MM = 4.6          # label font size
NUMBER_MM = 6.0        # cell number font size
CAP_RATIO = 0.729      # DejaVu Sans: capital height / font size
MIN_TEXT_MM = 3.0
LINE_MM = 7.5
MARGIN_MM = 5.0
WIDTH_MM = 52.0
LABEL_X_MM = MARGIN_MM + 9.0
ICON_CELL_MM = 1.9     # a bar row's small board: 3 x 3 cells of this size
ICON_GAP_MM = 0.35
FILL = {"red": "#d62728", "green": "#2ca02c", "yellow": "#e6b800", None: "black"}
CHECK_MM = 40          # the 1:1 check bar: measure it on the printed card


def text_height_mm():
    """Height of the card's capitals and digits (the smallest text on it)."""
    return round(FONT_MM * CAP_RATIO, 2)


def title_lines(opening):
    cell, seconds = opening
    return ["Menu: hold %d for" % cell, "%g s, tap a cell," % seconds, "tap it again:"]


def _text(x, y, size, text):
    return '<text x="%g" y="%g" font-size="%g">%s</text>' % (x, y, size, escape(text))


def _icon(x, y, col, colour):
    """The small board of a bar row, its top left at (x, y): column col filled."""
    out = []
    step = ICON_CELL_MM + ICON_GAP_MM
    for r in range(3):
        for c in range(3):
            filled = c == col
            out.append('<rect x="%g" y="%g" width="%g" height="%g" fill="%s" stroke="black"'
                       ' stroke-width="0.25"/>'
                       % (round(x + c * step, 3), round(y + r * step, 3), ICON_CELL_MM,
                          ICON_CELL_MM, FILL[colour] if filled else "white"))
    return out


def _stats_rows(stats, y):
    """The statistics section from y down: its heading (the menu cell, or without one
    "hold": a long press at game over), then each
    picture's three columns as rows (a bar's label, or "dark"); returns (SVG elements,
    y after)."""
    out = ['<g font-family="DejaVu Sans" font-weight="bold" fill="black">',
           _text(MARGIN_MM, y, FONT_MM, "Statistics (%d):" % stats["cell"] if stats["cell"]
                 else "Statistics (hold):")]
    icon_h = 3 * ICON_CELL_MM + 2 * ICON_GAP_MM
    for i, picture in enumerate(stats["pictures"]):
        y += LINE_MM
        out.append(_text(MARGIN_MM, y, FONT_MM,
                         "%s %g s:" % ("first" if i == 0 else "then", picture["seconds"])))
        for col, bar in enumerate(picture["columns"]):
            y += LINE_MM
            out += _icon(MARGIN_MM + 1.0, y - icon_h + 0.4, col, bar and bar["colour"])
            out.append(_text(LABEL_X_MM, y, FONT_MM, bar["label"] if bar else "dark"))
    out.append("</g>")
    return out, y


def _check_bar(y):
    """The 1:1 check: a bar CHECK_MM long with end ticks, and what it measures printed
    right; returns (SVG elements, y after)."""
    x0, x1 = MARGIN_MM, MARGIN_MM + CHECK_MM
    out = ['<g stroke="black" stroke-width="0.4">',
           '<line x1="%g" y1="%g" x2="%g" y2="%g"/>' % (x0, y, x1, y),
           '<line x1="%g" y1="%g" x2="%g" y2="%g"/>' % (x0, y - 1.5, x0, y + 1.5),
           '<line x1="%g" y1="%g" x2="%g" y2="%g"/>' % (x1, y - 1.5, x1, y + 1.5), '</g>',
           '<g font-family="DejaVu Sans" font-weight="bold" fill="black">',
           _text(MARGIN_MM, y + LINE_MM - 1.0, FONT_MM, "%d mm at 1:1" % CHECK_MM), '</g>']
    return out, y + LINE_MM - 1.0


def card_svg(labels, opening, stats):
    if len(labels) != 9:
        raise ValueError("want nine cell labels, got %d" % len(labels))
    title = title_lines(opening)
    menu_top = MARGIN_MM + LINE_MM * (len(title) - 1)
    stats_y = menu_top + 3.0 + LINE_MM * (len(labels) + 1.8)
    stats_svg, last_y = _stats_rows(stats, stats_y)
    check_svg, last_y = _check_bar(last_y + LINE_MM)
    height = last_y + MARGIN_MM
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
           % (WIDTH_MM, height, WIDTH_MM, height),
           '<rect x="0.5" y="0.5" width="%g" height="%g" rx="3" fill="white" stroke="black"'
           ' stroke-width="0.5"/>' % (WIDTH_MM - 1, height - 1),
           '<g font-family="DejaVu Sans" font-weight="bold" fill="black">']
    for k, line in enumerate(title):
        out.append(_text(MARGIN_MM, MARGIN_MM + LINE_MM * (k + 0.8), FONT_MM, line))
    for i, label in enumerate(labels):
        y = menu_top + 2.0 + LINE_MM * (i + 1.8)
        out.append(_text(MARGIN_MM + 1.0, y, NUMBER_MM, str(i + 1)))
        out.append(_text(LABEL_X_MM, y, FONT_MM, label))
    out.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="black" stroke-width="0.3"/>'
               % (MARGIN_MM, stats_y - LINE_MM + 2.2, WIDTH_MM - MARGIN_MM,
                  stats_y - LINE_MM + 2.2))
    out += ["</g>"] + stats_svg + check_svg + ["</svg>", ""]
    return "\n".join(out)


def render_png(svg_path, png_path, scale=4):
    """The card as a picture to look at (Chromium draws it, as the page's tests do):
    `scale` pixels per CSS pixel, 96 CSS pixels to the inch."""
    import re
    import subprocess
    with open(svg_path) as f:
        w, h = (float(v) for v in re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"',
                                            f.read()).groups())
    px = [int(round(v / 25.4 * 96)) + 1 for v in (w, h)]
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=%d" % scale, "--window-size=%d,%d" % tuple(px),
                    "--screenshot=" + os.path.abspath(png_path),
                    "file://" + os.path.abspath(svg_path)],
                   check=True, capture_output=True)


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 4 or sys.argv[1] != "png":
        raise SystemExit("usage: python3 -m case.legend png CARD.svg CARD.png")
    render_png(sys.argv[2], sys.argv[3])
