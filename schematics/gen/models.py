"""schematics/gen/models.py - 3D models the stock library lacks, written as VRML 2.0 meshes
from the maker's dimensions (no hand-made binary), into schematics/3dmodels/.

  python3 -m schematics.gen.models [--out DIR]   writes DIR/3dmodels/ (default: schematics/)

B3F-1070.wrl: Omron B3F-1070, the 6 x 6 mm through-hole tactile switch with the tall
plunger (Omron B3F datasheet, en-b3f.pdf, dimensions of the 6 x 6 mm types): a 6.0 x
6.0 mm housing 3.5 mm high under a metal cover, a 3.5 mm plunger whose top stands 9.5 mm
above the board, four terminals 0.7 x 0.3 mm on the footprint's 6.5 x 4.5 mm pitch,
3.5 mm long below the board. The heights and the plunger's diameter are read from
parts.json (height_mm, actuator_top_mm, actuator_diameter_mm), the one place for them.
Coordinates as KiCad places a model: origin at the footprint's origin (pad 1), x right,
y up (the board's -y), z up from the board's top, in VRML units of 0.1 inch (2.54 mm),
as KiCad reads .wrl files. Standard library only; nothing happens at import time.
"""
import argparse
import math
import os

from schematics.gen import parts as partdata

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # schematics/
UNIT = 2.54                 # mm per VRML unit, as KiCad reads .wrl models
B3F_BODY = 6.0              # mm, the housing's square side (Omron: 6 x 6 mm)
B3F_COVER = 0.2             # mm, the metal cover plate on the housing's top
B3F_PITCH = (6.5, 4.5)      # mm, terminal pitch x, y (the footprint's pads)
B3F_PIN = (0.7, 0.3, 3.5)   # mm, terminal width, thickness, length below the board
SIDES = 32                  # facets of the plunger's cylinder
COLOURS = {"housing": (0.1, 0.1, 0.1), "metal": (0.75, 0.75, 0.78),
           "plunger": (0.2, 0.2, 0.22)}


def box(x0, y0, z0, x1, y1, z1):
    """(points, faces) of an axis-aligned box, mm; faces wound outward."""
    pts = [(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2),
             (1, 3, 7, 5)]
    return pts, faces


def cylinder(cx, cy, r, z0, z1, sides=SIDES):
    """(points, faces) of an upright cylinder, mm, capped at both ends."""
    ring = [(cx + r * math.cos(2 * math.pi * k / sides), cy + r * math.sin(2 * math.pi * k / sides))
            for k in range(sides)]
    pts = [(x, y, z0) for x, y in ring] + [(x, y, z1) for x, y in ring]
    faces = [(k, (k + 1) % sides, sides + (k + 1) % sides, sides + k) for k in range(sides)]
    faces.append(tuple(reversed(range(sides))))
    faces.append(tuple(range(sides, 2 * sides)))
    return pts, faces


def b3f_parts(line):
    """[(colour name, (points, faces))] of the B3F-1070, mm, footprint coordinates (y up)."""
    cx, cy = B3F_PITCH[0] / 2, -B3F_PITCH[1] / 2   # the body's centre: the pads' centre
    h, top = line["height_mm"], line["actuator_top_mm"]
    half = B3F_BODY / 2
    out = [("housing", box(cx - half, cy - half, 0, cx + half, cy + half, h - B3F_COVER)),
           ("metal", box(cx - half, cy - half, h - B3F_COVER, cx + half, cy + half, h)),
           ("plunger", cylinder(cx, cy, line["actuator_diameter_mm"] / 2, h, top))]
    w, t, length = B3F_PIN
    for px in (0.0, B3F_PITCH[0]):
        for py in (0.0, -B3F_PITCH[1]):
            inner = cx - half if px < cx else cx + half
            out.append(("metal", box(min(px, inner) - w / 2, py - t / 2, 0.0,
                                     max(px, inner) + w / 2, py + t / 2, 0.5)))
            out.append(("metal", box(px - w / 2, py - t / 2, -length, px + w / 2, py + t / 2, 0.0)))
    return out


def vrml(parts):
    """VRML 2.0 text of [(colour name, (points, faces))], points converted to 0.1 inch."""
    out = ["#VRML V2.0 utf8", "# written by schematics/gen/models.py; units 0.1 inch"]
    for colour, (pts, faces) in parts:
        r, g, b = COLOURS[colour]
        coords = ", ".join("%.4f %.4f %.4f" % tuple(c / UNIT for c in p) for p in pts)
        index = ", ".join(", ".join(str(i) for i in f) + ", -1" for f in faces)
        out.append("Shape {\n  appearance Appearance { material Material { diffuseColor "
                   "%.2f %.2f %.2f specularColor 0.3 0.3 0.3 shininess 0.3 } }\n"
                   "  geometry IndexedFaceSet {\n    solid FALSE\n    coord Coordinate "
                   "{ point [ %s ] }\n    coordIndex [ %s ]\n  }\n}" % (r, g, b, coords, index))
    return "\n".join(out) + "\n"


# value -> (file name, the parts of the model from its parts.json line)
MODELS = {"B3F-1070": ("B3F-1070.wrl", b3f_parts)}


def write(out_dir=HERE):
    data = partdata.by_value(partdata.load())
    folder = os.path.join(out_dir, "3dmodels")
    os.makedirs(folder, exist_ok=True)
    written = []
    for value, (name, build) in sorted(MODELS.items()):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(vrml(build(data[value])))
        written.append(path)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE)
    for path in write(ap.parse_args().out):
        print("models: wrote %s" % path)


if __name__ == "__main__":
    main()
