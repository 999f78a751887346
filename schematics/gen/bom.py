"""schematics/gen/bom.py - the bills of materials, one row per distinct bought part and one
manufacturer part number (MPN) per row, and the check that they are so.

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
# The board-house layout (JLCPCB's and PCBWay's documented BOM columns); "Part Number" is
# the manufacturer's part number, which both services match against their stock.
ASSEMBLY_COLUMNS = ["Comment", "Designator", "Footprint", "Part Number", "Manufacturer", "Qty",
                    "Fitting"]
# One MPN: letters, digits and . _ / + # -, no spaces, commas or counts.
ONE_MPN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/+#-]*")
FITTING = {"machine": "machine", "hand": "hand-solder (do not place)"}


def expand(kicad_rows, data):
    """KiCad's BOM rows (References, Value, ...) -> rows of COLUMNS, a line's pieces each
    on its own row. kicad_rows: dicts as csv.DictReader gives them."""
    lines = partdata.by_ref(data)
    out = []
    for row in kicad_rows:
        refs = row["References"].split(",")
        line = lines.get(refs[0])
        if line is None:
            raise SystemExit("bom: %s is not in parts.json" % refs[0])
        for piece in partdata.pieces(line):
            qty = piece["qty"] if "pieces" in line else len(refs)
            out.append({"References": ",".join(refs), "Value": piece["value"], "Qty": str(qty),
                        "Manufacturer": line["manufacturer"], "MPN": piece["mpn"],
                        "Description": piece["description"], "Footprint": row["Footprint"],
                        "Fitting": FITTING[partdata.fitting(line)]})
    return out


def findings(rows, data):
    """What is wrong with BOM rows (of COLUMNS): an empty or multiple MPN, an MPN on two
    rows, a quantity that is not the count of references, a reference of parts.json
    missing."""
    found, seen = [], {}
    for row in rows:
        mpn = row["MPN"].strip()
        if not ONE_MPN.fullmatch(mpn):
            found.append("%s: MPN %r is not one manufacturer part number"
                         % (row["References"], row["MPN"]))
        elif mpn in seen:
            found.append("%s: MPN %s also on the row of %s" % (row["References"], mpn, seen[mpn]))
        seen[mpn] = row["References"]
        refs = row["References"].split(",")
        line = partdata.by_ref(data).get(refs[0])
        if line is not None and "pieces" not in line and int(row["Qty"]) != len(refs):
            found.append("%s: Qty %s for %d references"
                         % (row["References"], row["Qty"], len(refs)))
    listed = {ref for row in rows for ref in row["References"].split(",")}
    missing = sorted(set(partdata.by_ref(data)) - listed)
    if missing:
        found.append("references of parts.json not in the BOM: %s" % missing)
    return found


def assembly_rows(rows):
    """The board-house BOM (ASSEMBLY_COLUMNS) from rows of COLUMNS."""
    return [{"Comment": r["Value"], "Designator": r["References"],
             "Footprint": r["Footprint"].split(":")[1], "Part Number": r["MPN"],
             "Manufacturer": r["Manufacturer"], "Qty": r["Qty"], "Fitting": r["Fitting"]}
            for r in rows]


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
