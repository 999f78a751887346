"""tests/shield/service.py - the fab zip read as an assembly service reads an upload: the
machine BOM (assembly/bom-assembly.csv) and the placement file (assembly/cpl.csv) as
plain CSV, the board's size from the Gerber job file, nothing from the project's own
code. The checks, each a name for planted.txt and test_fab.py:

  service-columns      both files have the columns the services document (BOM: Comment,
                       Designator, Footprint, Part Number, Qty; CPL: Designator, Mid X,
                       Mid Y, Layer, Rotation)
  service-qty          each BOM row's Qty is the number of designators on it
  service-designators  no designator on two BOM rows or two placement rows; every BOM
                       designator in the placement file and every placed one in the BOM
  service-top          every placed part on the top layer (a one-sided assembly quote)
  service-inside       every placement inside the board's outline box (the job file's
                       size), every rotation a number in [0, 360)
  service-hand-apart   the hand-solder list (assembly/hand-solder.csv) shares no designator
                       with the machine files, and the two together are the whole BOM
                       (assembly/bom.csv): every bought part is fitted one way or the other

  service.py ZIP-OR-FOLDER       exit status is the verdict
Standard library only.
"""
import csv
import io
import json
import os
import re
import sys
import zipfile

BOM_COLUMNS = ("Comment", "Designator", "Footprint", "Part Number", "Qty")
CPL_COLUMNS = ("Designator", "Mid X", "Mid Y", "Layer", "Rotation")


def read_upload(path):
    """{name: text} of the files a service reads, from the zip or its unpacked folder."""
    names = ("assembly/bom-assembly.csv", "assembly/cpl.csv", "assembly/hand-solder.csv",
             "assembly/bom.csv")
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            files = {n: z.read(n).decode("utf-8") for n in z.namelist()
                     if n in names or n.endswith(".gbrjob")}
    else:
        files = {}
        for root, _dirs, fns in os.walk(path):
            for fn in fns:
                rel = os.path.relpath(os.path.join(root, fn), path).replace(os.sep, "/")
                if rel in names or fn.endswith(".gbrjob"):
                    files[rel] = open(os.path.join(root, fn), encoding="utf-8").read()
    return files


def table(text):
    return list(csv.DictReader(io.StringIO(text)))


def designators(cell):
    """A Designator cell as services split it: commas and spaces."""
    return [d for d in re.split(r"[,\s]+", cell.strip()) if d]


def columns(bom, cpl):
    found = ["the BOM lacks column %r" % c for c in BOM_COLUMNS if bom and c not in bom[0]]
    found += ["the placement file lacks column %r" % c for c in CPL_COLUMNS
              if cpl and c not in cpl[0]]
    return found + (["an empty BOM or placement file"] if not bom or not cpl else [])


def qty(bom):
    return ["row %s: Qty %s for %d designators" % (r["Designator"], r["Qty"],
                                                   len(designators(r["Designator"])))
            for r in bom if r["Qty"].strip() != str(len(designators(r["Designator"])))]


def unique_and_matched(bom, cpl):
    found, seen = [], {}
    for r in bom:
        for d in designators(r["Designator"]):
            if d in seen:
                found.append("%s on the BOM rows %s and %s" % (d, seen[d], r["Designator"]))
            seen[d] = r["Designator"]
    placed = [r["Designator"].strip() for r in cpl]
    found += ["%s placed twice" % d for d in sorted({d for d in placed if placed.count(d) > 1})]
    found += ["%s is in the BOM, not in the placement file" % d
              for d in sorted(set(seen) - set(placed))]
    found += ["%s is placed but not in the BOM" % d for d in sorted(set(placed) - set(seen))]
    return found


def top(cpl):
    return ["%s is on layer %s: a two-sided assembly" % (r["Designator"], r["Layer"])
            for r in cpl if r["Layer"].strip().lower() not in ("top", "t")]


def inside(cpl, job):
    size = json.loads(job)["GeneralSpecs"]["Size"]
    found = []
    for r in cpl:
        try:
            x, y, rot = float(r["Mid X"]), float(r["Mid Y"]), float(r["Rotation"])
        except ValueError:
            found.append("%s: a position or rotation that is not a number" % r["Designator"])
            continue
        if not (0 <= x <= size["X"] and 0 <= y <= size["Y"]):
            found.append("%s at (%g, %g) mm, off the %g x %g mm board"
                         % (r["Designator"], x, y, size["X"], size["Y"]))
        if not 0 <= rot < 360:
            found.append("%s: rotation %g not in [0, 360)" % (r["Designator"], rot))
    return found


def hand_apart(bom, cpl, hand, whole):
    machine = {d for r in bom for d in designators(r["Designator"])}
    machine |= {r["Designator"].strip() for r in cpl}
    by_hand = {d for r in hand for d in designators(r["Designator"])}
    everything = {d for r in whole for d in designators(r["References"])}
    found = ["%s is both in the machine files and the hand-solder list" % d
             for d in sorted(machine & by_hand)]
    found += ["%s is in the BOM but neither placed nor hand-soldered" % d
              for d in sorted(everything - machine - by_hand)]
    found += ["%s is fitted but not in the BOM" % d
              for d in sorted((machine | by_hand) - everything)]
    return found


def checks(files):
    """{check: [findings]} of an upload's files."""
    need = ("assembly/bom-assembly.csv", "assembly/cpl.csv", "assembly/hand-solder.csv",
            "assembly/bom.csv")
    missing = [n for n in need if n not in files]
    jobs = [t for n, t in files.items() if n.endswith(".gbrjob")]
    if missing or len(jobs) != 1:
        jobs_note = "" if len(jobs) == 1 else " and %d job files" % len(jobs)
        return {"service-columns": ["missing %s%s" % (missing, jobs_note)]}
    bom, cpl = table(files[need[0]]), table(files[need[1]])
    hand, whole = table(files[need[2]]), table(files[need[3]])
    found = {"service-columns": columns(bom, cpl)}
    if found["service-columns"]:
        return found
    found.update({"service-qty": qty(bom), "service-designators": unique_and_matched(bom, cpl),
                  "service-top": top(cpl), "service-inside": inside(cpl, jobs[0]),
                  "service-hand-apart": hand_apart(bom, cpl, hand, whole)})
    return found


def main(argv):
    if len(argv) != 2:
        raise SystemExit(__doc__)
    failed = 0
    for name, found in sorted(checks(read_upload(argv[1])).items()):
        for f in found:
            print("FAIL %s: %s" % (name, f))
        failed += bool(found)
        print("%s: %d findings" % (name, len(found)))
    print("service: %s read as an assembly service does: %d checks failed" % (argv[1], failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
