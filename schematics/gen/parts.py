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
REQUIRED = ("value", "refs", "manufacturer", "mpn", "description", "footprint", "symbol",
            "height_mm", "height_source")


def load(path=PARTS_JSON):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    seen = {}
    for line in data["parts"]:
        missing = [k for k in REQUIRED if k not in line]
        if missing:
            raise SystemExit("parts: %s: line %s lacks %s" % (path, line.get("value"), missing))
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
