#!/usr/bin/python3
"""tests/case/plant.py - the case check's planted mistakes that need no new mesh.

  plant.py pcb PCB OUT.kicad_pcb REF DX_MM     a scratch copy of the PCB with REF moved
                                               DX_MM along x (pcbnew)
  plant.py parts PARTS.json OUT.json REF DH_MM [FIELD]
                                               a copy of parts.json with REF's part DH_MM
                                               taller (FIELD: another of its heights, such
                                               as actuator_top_mm)
"""
import json
import sys


def main():
    if len(sys.argv) not in (6, 7) or sys.argv[1] not in ("pcb", "parts"):
        raise SystemExit(__doc__)
    mode, src, out, ref, delta = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
    if mode == "parts":
        with open(src) as f:
            data = json.load(f)
        part = [p for p in data["parts"] if ref in p["refs"]]
        if not part:
            raise SystemExit("plant: no %s in %s" % (ref, src))
        part[0][sys.argv[6] if len(sys.argv) == 7 else "height_mm"] += delta
        with open(out, "w") as f:
            json.dump(data, f, indent=1)
        return
    import pcbnew
    board = pcbnew.LoadBoard(src)
    fp = board.FindFootprintByReference(ref)
    if fp is None:
        raise SystemExit("plant: no %s on %s" % (ref, src))
    p = fp.GetPosition()
    fp.SetPosition(pcbnew.VECTOR2I(p.x + pcbnew.FromMM(delta), p.y))
    board.Save(out)


if __name__ == "__main__":
    main()
