"""schematics/gen/bom.py - the bills of materials, one row per distinct bought part and one
manufacturer part number (MPN) per row, each row's quantity its count of designators,
and the check that they are so; the machine BOM and the hand-solder list apart.

The schematic says which references there are (KiCad's own BOM export, grouped by value,
footprint and MPN field); parts.json says what is bought for them: a line's MPN, or for
a reference that is several bought parts (J1: four header strips) its pieces, each a row
with its own quantity. Standard library only; nothing happens at import time.
"""
import csv
import re

from schematics.gen import parts as partdata

COLUMNS = ["References", "Value", "Qty", "Manufacturer", "MPN", "Description", "Footprint",
           "Fitting"]
# The board-house layout (JLCPCB's and PCBWay's documented BOM columns), machine-placed
# parts only; "Part Number" is the manufacturer's part number, which both services match
# against their stock.
ASSEMBLY_COLUMNS = ["Comment", "Designator", "Footprint", "Part Number", "Manufacturer", "Qty"]
# The parts a person fits after the machines, in their own list (never uploaded as BOM).
HAND_COLUMNS = ["Designator", "Qty", "Comment", "Manufacturer", "Part Number", "Description",
                "Why by hand"]
# One MPN: letters, digits and . _ / + # -, no spaces, commas or counts.
ONE_MPN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/+#-]*")
FITTING = {"machine": "machine", "hand": "hand-solder (do not place)"}


def expand(kicad_rows, data):
    """KiCad's BOM rows (References, Value, ...) -> rows of COLUMNS, a line's pieces each
    on its own row under its own designators (J1 -> J1A, J1B / J1C / J1D).
    kicad_rows: dicts as csv.DictReader gives them."""
    lines = partdata.by_ref(data)
    out = []
    for row in kicad_rows:
        refs = row["References"].split(",")
        line = lines.get(refs[0])
        if line is None:
            raise SystemExit("bom: %s is not in parts.json" % refs[0])
        for piece in partdata.pieces(line):
            names = piece["refs"] if "pieces" in line else refs
            out.append({"References": ",".join(names), "Value": piece["value"],
                        "Qty": str(len(names)), "Manufacturer": line["manufacturer"],
                        "MPN": piece["mpn"], "Description": piece["description"],
                        "Footprint": row["Footprint"], "Fitting": FITTING[partdata.fitting(line)]})
    return out


def findings(rows, data):
    """What is wrong with BOM rows (of COLUMNS), as an assembly service's upload checks
    them: an empty or multiple MPN, an MPN on two rows, a quantity that is not the count
    of designators, a designator on two rows, a designator of parts.json missing or one
    it does not know."""
    found, seen, where = [], {}, {}
    for row in rows:
        mpn = row["MPN"].strip()
        if not ONE_MPN.fullmatch(mpn):
            found.append("%s: MPN %r is not one manufacturer part number"
                         % (row["References"], row["MPN"]))
        elif mpn in seen:
            found.append("%s: MPN %s also on the row of %s" % (row["References"], mpn, seen[mpn]))
        seen[mpn] = row["References"]
        refs = row["References"].split(",")
        if row["Qty"] != str(len(refs)):
            found.append("%s: Qty %s for %d designators"
                         % (row["References"], row["Qty"], len(refs)))
        for ref in refs:
            if ref in where:
                found.append("%s: designator %s also on the row of %s"
                             % (row["References"], ref, where[ref]))
            where[ref] = row["References"]
    known = set(partdata.designators(data))
    missing, unknown = sorted(known - set(where)), sorted(set(where) - known)
    if missing:
        found.append("designators of parts.json not in the BOM: %s" % missing)
    if unknown:
        found.append("designators in the BOM that parts.json does not know: %s" % unknown)
    return found


def assembly_rows(rows):
    """The board-house BOM (ASSEMBLY_COLUMNS) from rows of COLUMNS: machine parts only."""
    return [{"Comment": r["Value"], "Designator": r["References"],
             "Footprint": r["Footprint"].split(":")[1], "Part Number": r["MPN"],
             "Manufacturer": r["Manufacturer"], "Qty": r["Qty"]}
            for r in rows if r["Fitting"] == FITTING["machine"]]


def hand_rows(rows, data):
    """The hand-solder list (HAND_COLUMNS) from rows of COLUMNS, each with its reason."""
    lines = partdata.by_ref(data)
    out = []
    for r in rows:
        if r["Fitting"] == FITTING["machine"]:
            continue
        first = r["References"].split(",")[0]
        line = lines.get(first) or lines[first.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")]
        out.append({"Designator": r["References"], "Qty": r["Qty"], "Comment": r["Value"],
                    "Manufacturer": r["Manufacturer"], "Part Number": r["MPN"],
                    "Description": r["Description"], "Why by hand": line["fitting_reason"]})
    return out


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def write(path, rows, columns):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, columns, quoting=csv.QUOTE_ALL, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def main(argv):
    """bom.py BOM.csv: findings() against parts.json; exit status the verdict."""
    if len(argv) != 2:
        raise SystemExit("usage: python -m schematics.gen.bom BOM.csv")
    found = findings(read(argv[1]), partdata.load())
    for f in found:
        print("FAIL bom: %s" % f)
    print("bom: %d rows, %d findings" % (len(read(argv[1])), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv))
