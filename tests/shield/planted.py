"""tests/shield/planted.py - the shield checks' self-test: each planted mistake of
tests/shield/planted.txt (the mutant record format: id, reason, suites, file, find,
replace) is applied to a scratch copy of schematics/, the copy is regenerated (schematic,
KiCad's netlist and SPICE export) and checked; the check the record's reason names
("caught by X") must fail, on a copy whose unmutated twin passes everything.

  planted.py RECORDS WORKDIR        exit status is the verdict

Checks: roundtrip, shorts, sounder, schtext, schframe, lid (check_intent.py; suite
test-kicad-intent) and spice-leds, spice-pins, spice-reset, spice-keys, spice-sound
(spice_proofs.py; test-kicad-spice); for
records with `prepare: kicad-pcb` the PCB, BOM and assembly files are made from the copy
too and checked by silk-outside, silk-thin, silk-letters, silk-owner (silk.py;
test-kicad-silk), bom
(bom.py; test-kicad-fab) and service-columns, -qty, -designators, -top, -inside,
-hand-apart (service.py, the files read as an assembly service does; test-kicad-fab).
Run from the repository's root: python3 -m tests.shield.planted ...
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SERVICE_CHECKS = ("service-columns", "service-qty", "service-designators", "service-top",
                  "service-inside", "service-hand-apart")
COPY = ("__init__.py", "gen", "lib", "footprints", "spice", "parts.json", "ttt-shield.kicad_pro",
        "sym-lib-table", "fp-lib-table")


def records(path):
    out = []
    for block in re.split(r"\n\s*\n", open(path, encoding="utf-8").read().strip()):
        rec = {}
        for line in block.splitlines():
            key, _sep, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if key in ("find", "replace"):
                rec.setdefault(key, []).append(value)
            else:
                rec[key] = value
        rec["find"] = "\n".join(rec.get("find", []))
        rec["replace"] = "\n".join(rec.get("replace", []))
        out.append(rec)
    return out


def run(*args, **kw):
    return subprocess.run(list(args), capture_output=True, text=True, **kw)


def module(project, name, *args):
    """python -m name in the scratch copy's root: its schematics package comes first on
    the path, the repository's (for tests.shield) second."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    return run(sys.executable, "-m", name, *args, cwd=os.path.dirname(project), env=env)


def board_checks(project, net):
    """{check: failed?} of the board made from the scratch copy: silk-outside, silk-thin,
    silk-letters, silk-owner (silk.py) on its PCB, bom (bom.py) on its BOM, the service-* checks
    (service.py) on its assembly files (fab.py assembly)."""
    pcb = os.path.join(project, "ttt-shield.kicad_pcb")
    csv = os.path.join(project, "bom.csv")
    r = module(project, "schematics.gen.pcb", net, pcb)
    if r.returncode:
        return {"pcb": True}, r.stdout + r.stderr
    r = module(project, "schematics.gen.fab", "bom", os.path.join(project, "ttt-shield.kicad_sch"),
               csv)
    if r.returncode:
        return {"bom-export": True}, r.stdout + r.stderr
    result = {}
    r = module(project, "tests.shield.silk", pcb)
    for name in ("silk-outside", "silk-thin", "silk-letters", "silk-owner"):
        result[name] = ("FAIL %s:" % name) in r.stdout
    log = r.stdout
    r = module(project, "schematics.gen.bom", csv)
    result["bom"] = r.returncode != 0
    log += r.stdout
    fab = os.path.join(project, "fab")
    r = module(project, "schematics.gen.fab", "assembly", pcb,
               os.path.join(project, "ttt-shield.kicad_sch"), fab)
    if r.returncode:
        return dict(result, **{"fab-assembly": True}), log + r.stdout + r.stderr
    r = module(project, "tests.shield.service", os.path.join(fab, "ttt-shield-r3"))
    for name in SERVICE_CHECKS:
        result[name] = ("FAIL %s:" % name) in r.stdout
    return result, log + r.stdout


def checks(project, board=False):
    """{check: failed?} for a scratch project folder (schematics/ copy); with board, the
    PCB and BOM made from it are checked too."""
    sch = os.path.join(project, "ttt-shield.kicad_sch")
    net = os.path.join(project, "ttt-shield.net")
    cir = os.path.join(project, "ttt-shield.cir")
    r = module(project, "schematics.gen.schematic", "--out", project)
    if r.returncode:
        return {"generator": True}, r.stdout + r.stderr
    for fmt, out in (("kicadsexpr", net), ("spice", cir)):
        r = run("kicad-cli", "sch", "export", "netlist", "--format", fmt, "-o", out, sch)
        if r.returncode:
            return {"netlist": True}, r.stdout + r.stderr
    result, log = {}, ""
    for name, args in (("roundtrip", [net]), ("shorts", [net]), ("sounder", [net]),
                       ("schtext", [sch]), ("schframe", [sch]),
                       ("lid", [os.path.join(project, "parts.json")])):
        r = module(project, "tests.shield.check_intent", name, *args)
        result[name] = r.returncode != 0
        log += r.stdout
    r = module(project, "tests.shield.spice_proofs", cir, "--work",
               os.path.join(project, "spice-work"))
    log += r.stdout
    proofs = ("leds", "pins", "reset", "keys", "sound")
    for proof in proofs:
        result["spice-" + proof] = ("FAIL %s:" % proof) in r.stdout
    if r.returncode and not any(result["spice-" + p] for p in proofs):
        result["spice-run"] = True
    if board:
        more, more_log = board_checks(project, net)
        result.update(more)
        log += more_log
    return result, log


def scratch(work, name):
    project = os.path.abspath(os.path.join(work, name, "schematics"))
    shutil.rmtree(os.path.join(work, name), ignore_errors=True)
    os.makedirs(project)
    for item in COPY:
        src = os.path.join(ROOT, "schematics", item)
        (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(project, item))
    return project


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    recs, work = records(sys.argv[1]), sys.argv[2]
    # records prepared by kicad-pcb are checked on the board made from the mutated copy
    boards = {rec["id"]: rec.get("prepare") == "kicad-pcb" for rec in recs}
    base, log = checks(scratch(work, "unmutated"), any(boards.values()))
    if any(base.values()):
        print(log)
        raise SystemExit("planted: the unmutated copy fails %s" % [k for k, v in base.items() if v])
    passed = failed = 0
    for rec in recs:
        m = re.search(r"caught by ([\w-]+)", rec.get("reason", ""))
        want = m.group(1) if m else None
        project = scratch(work, rec["id"])
        path = os.path.join(project, os.path.relpath(rec["file"], "schematics"))
        text = open(path, encoding="utf-8").read()
        if text.count(rec["find"]) != 1:
            print("planted: FAIL %s: stale record (find occurs %d times in %s)"
                  % (rec["id"], text.count(rec["find"]), rec["file"]))
            failed += 1
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(rec["find"], rec["replace"]))
        result, log = checks(project, boards[rec["id"]])
        caught = sorted(k for k, v in result.items() if v)
        if want in caught:
            print("planted: %s caught by %s (failing: %s)" % (rec["id"], want, ", ".join(caught)))
            passed += 1
        else:
            print("planted: FAIL %s: %s passed (failing: %s)\n%s"
                  % (rec["id"], want, ", ".join(caught) or "nothing", log[-2000:]))
            failed += 1
    print("planted: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
