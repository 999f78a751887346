"""schematics/gen/parts.py - the shield's part data, read from schematics/parts.json (the
one place for it: values, references, manufacturer part numbers, footprints, body
heights with their sources). The schematic writer takes footprints and fields from here,
the fab outputs the BOM lines and the assembly order, the case generator the heights.

Invariants checked on load: every reference belongs to exactly one part line; every
line names a Lib:Name footprint and a height with its source. Standard library only;
nothing happens at import time.
"""
import json
import os

PROJECT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS_JSON = os.path.join(PROJECT_DIR, "parts.json")
REQUIRED = ("value", "refs", "manufacturer", "description", "footprint", "symbol",
            "height_mm", "height_source")
# A line names one manufacturer part ("mpn") or, for a reference that is several bought
# parts (J1: four header strips), its pieces: [{"mpn", "refs", "pads", "value",
# "description"}]. A piece's refs are its designators (the line's reference and a letter:
# J1A, J1B, ...), one per strip, and pads the footprint's [first, last] pad of each.
PIECE_KEYS = ("mpn", "refs", "pads", "value", "description")
# "fitting": "hand" marks a part an assembly machine cannot place (fitting_reason says why).
FITTINGS = ("machine", "hand")


def load(path=PARTS_JSON):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    seen = {}
    for line in data["parts"]:
        missing = [k for k in REQUIRED if k not in line]
        if missing:
            raise SystemExit("parts: %s: line %s lacks %s" % (path, line.get("value"), missing))
        check_mpn(path, line)
        if line.get("fitting", "machine") not in FITTINGS:
            raise SystemExit("parts: %s: %s: fitting %r is not one of %s"
                             % (path, line["value"], line["fitting"], FITTINGS))
        if ":" not in line["footprint"]:
            raise SystemExit("parts: %s: footprint %s is not Lib:Name" % (path, line["footprint"]))
        for ref in line["refs"]:
            if ref in seen:
                raise SystemExit("parts: %s: %s is in both %s and %s"
                                 % (path, ref, seen[ref], line["value"]))
            seen[ref] = line["value"]
    return data


def by_ref(data):
    """reference -> its part line."""
    return {ref: line for line in data["parts"] for ref in line["refs"]}


def by_value(data):
    return {line["value"]: line for line in data["parts"]}


def check_mpn(path, line):
    if ("mpn" in line) == ("pieces" in line):
        raise SystemExit("parts: %s: line %s needs either mpn or pieces" % (path, line["value"]))
    for piece in line.get("pieces", []):
        missing = [k for k in PIECE_KEYS if k not in piece]
        if missing:
            raise SystemExit("parts: %s: a piece of %s lacks %s" % (path, line["value"], missing))
        bad = [r for r in piece["refs"] if len(line["refs"]) != 1 or not (
            r[:-1] == line["refs"][0] and r[-1].isalpha() and r[-1].isupper())]
        if bad or len(piece["pads"]) != len(piece["refs"]):
            raise SystemExit("parts: %s: %s's piece %s: designators %s are not its reference and a "
                             "letter, one per pad range %s" % (path, line["value"], piece["mpn"],
                                                               piece["refs"], piece["pads"]))


def pieces(line):
    """The bought parts of a line, one per MPN: [{"mpn", "refs", "qty", "value",
    "description"}], qty the number of its designators."""
    if "pieces" in line:
        return [dict(p, qty=len(p["refs"])) for p in line["pieces"]]
    return [{"mpn": line["mpn"], "refs": list(line["refs"]), "qty": len(line["refs"]),
             "value": line["value"], "description": line["description"]}]


def designators(data):
    """Every designator a BOM names: each line's references, a line with pieces by its
    pieces' designators (J1A-J1D for J1)."""
    return [r for line in data["parts"] for p in pieces(line) for r in p["refs"]]


def mpn_field(line):
    """The schematic's MPN field: the MPN, or the pieces' MPNs with their counts."""
    if "mpn" in line:
        return line["mpn"]
    return "; ".join("%s x%d" % (p["mpn"], p["qty"]) for p in pieces(line))


def fitting(line):
    """'machine', or 'hand' (do not place: a person fits it, fitting_reason says why)."""
    return line.get("fitting", "machine")


def ranges(refs):
    """'D1-D9', 'R1, R3, R5': references with runs of consecutive numbers joined."""
    out, run = [], []
    for ref in refs + [None]:
        if run and ref is not None and ref.rstrip("0123456789") == run[-1].rstrip("0123456789") \
                and int(ref[len(ref.rstrip("0123456789")):]) == \
                int(run[-1][len(run[-1].rstrip("0123456789")):]) + 1:
            run.append(ref)
            continue
        if run:
            out.append(run[0] if len(run) < 3 else "%s-%s" % (run[0], run[-1]))
            out += run[1:] if len(run) == 2 else []
        run = [ref] if ref is not None else []
    return ", ".join(out)
