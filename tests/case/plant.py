#!/usr/bin/python3
"""tests/case/plant.py - a scratch copy of the PCB with one LED moved (pcbnew), for the
case check's planted mistake.

  plant.py PCB OUT.kicad_pcb REF DX_MM
"""
import sys

import pcbnew


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    src, out, ref, dx = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    board = pcbnew.LoadBoard(src)
    fp = board.FindFootprintByReference(ref)
    if fp is None:
        raise SystemExit("plant: no %s on %s" % (ref, src))
    p = fp.GetPosition()
    fp.SetPosition(pcbnew.VECTOR2I(p.x + pcbnew.FromMM(dx), p.y))
    board.Save(out)


if __name__ == "__main__":
    main()
