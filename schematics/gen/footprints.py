"""schematics/gen/footprints.py - the project's own footprints, each derived from a vendored
stock one (lib/footprints/) by a rule stated here; written to footprints/<Lib>.pretty/.

  python3 -m schematics.gen.footprints [--out DIR]   writes DIR/footprints/ (default:
                                                     schematics/)

Shield:Arduino_UNO_R3_Shield is Module:Arduino_UNO_R3_WithMountingHoles without its
silkscreen lines: they draw the Uno's own board and jacks (the USB-B shell reaches 6.5 mm
past the shield's edge), which on the shield, fitted from below, would print on its
back, partly off the board. Pads, holes, fab drawing and courtyard stay as KiCad has them.
parts.json names the derived footprint as `footprint` and its source as `footprint_from`.
Standard library only; nothing happens at import time.
"""
import argparse
import os
import re

from schematics.gen import libtable, sexpr

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # schematics/
DERIVED = {
    # derived Lib:Name -> (stock Lib:Name, layers whose graphics are dropped)
    "Shield:Arduino_UNO_R3_Shield": ("Module:Arduino_UNO_R3_WithMountingHoles",
                                     ("F.SilkS", "B.SilkS")),
}
GRAPHICS = ("fp_line", "fp_rect", "fp_circle", "fp_arc", "fp_poly", "fp_curve")


def derive(text, name, drop_layers):
    """The stock footprint text renamed to name, its graphics on drop_layers removed."""
    out, pos = [], 0
    for m in re.finditer(r"\n\t\((%s)\b" % "|".join(GRAPHICS), text):
        block = sexpr.raw_block(text, m.start() + 2)
        layer = sexpr.first(sexpr.parse(block), "layer")
        if layer and layer[1] in drop_layers:
            out.append(text[pos:m.start()])
            pos = m.start() + 2 + len(block)
    out.append(text[pos:])
    derived = "".join(out)
    derived = re.sub(r'^\(footprint "[^"]*"', '(footprint "%s"' % name, derived, count=1)
    return re.sub(r'\n\t\(descr "', '\n\t(descr "Derived by schematics/gen/footprints.py: '
                  'no silkscreen. ', derived, count=1)


def write(project_dir=HERE, out_dir=None):
    """Write every derived footprint; returns the paths written."""
    out_dir = out_dir or project_dir
    written = []
    for target, (source, drop) in sorted(DERIVED.items()):
        lib, name = source.split(":")
        src = os.path.join(libtable.resolve("footprint", lib, project_dir), name + ".kicad_mod")
        with open(src, encoding="utf-8") as f:
            text = derive(f.read(), target.split(":")[1], drop)
        tlib, tname = target.split(":")
        folder = os.path.join(out_dir, "footprints", tlib + ".pretty")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, tname + ".kicad_mod")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        written.append(path)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    for path in write(out_dir=args.out):
        print("footprints: wrote %s" % path)


if __name__ == "__main__":
    main()
