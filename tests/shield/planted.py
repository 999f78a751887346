"""tests/shield/planted.py - the shield checks' self-test: each planted mistake of
tests/shield/planted.txt (the mutant record format: id, reason, suites, file, find,
replace) is applied to a scratch copy of schematics/, what the check its reason names
("caught by X") reads is made from the copy (the schematic, KiCad's netlist or SPICE
export, the PCB and BOM), and that check must fail; an unmutated copy first passes every
check. Only the named check runs on a planted copy: it is the one the record claims, and
the others cost minutes (the whole set on every copy took 8 of the suite's 8.5 minutes).

  planted.py RECORDS WORKDIR        exit status is the verdict

Checks: roundtrip, shorts, sounder, schtext, schframe, lid (check_intent.py; suite
test-kicad-intent), spice-leds, spice-pins, spice-reset, spice-keys, spice-sound
(spice_proofs.py; test-kicad-spice), and on the PCB, BOM and assembly files made from
the copy silk-outside, silk-thin, silk-letters, silk-owner (silk.py; test-kicad-silk),
bom (bom.py; test-kicad-fab) and service-columns, -qty, -designators, -top, -inside,
-hand-apart (service.py, the files read as an assembly service does; test-kicad-fab).

A run that passes leaves WORKDIR/passed.digest, the digest of its inputs (the records,
schematics/, tests/shield/, case/, the versions of kicad-cli, ngspice and Python); the
next run with the same digest says so and runs nothing (the checks are deterministic).
A fresh clone has no such file, and runs everything; delete it to run again.
Run from the repository's root: python3 -m tests.shield.planted ...
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
# what the outcome depends on besides the records and the tools (inputs_digest)
INPUTS = ("schematics", os.path.join("tests", "shield"), "case",
          os.path.join("tests", "__init__.py"))
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


SERVICE_CHECKS = ("service-columns", "service-qty", "service-designators", "service-top",
                  "service-inside", "service-hand-apart")


def board_checks(project, net):
    """{check: failed?} of the board made from the scratch copy: silk-outside, silk-thin,
    silk-letters, silk-owner (silk.py) on its PCB, bom (bom.py) on its BOM, the service-*
    checks (service.py) on its assembly files (fab.py assembly)."""
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


INTENT = ("roundtrip", "shorts", "sounder", "schtext", "schframe", "lid")
SPICE = ("leds", "pins", "reset", "keys", "sound")
BOARD = ("silk-outside", "silk-thin", "silk-letters", "silk-owner", "bom") + SERVICE_CHECKS
ALL = INTENT + tuple("spice-" + p for p in SPICE) + BOARD


def intent_checks(project, names, net, sch):
    """{check: failed?} of check_intent.py's checks named, and their output."""
    args = {"roundtrip": net, "shorts": net, "sounder": net, "schtext": sch, "schframe": sch,
            "lid": os.path.join(project, "parts.json")}
    result, log = {}, ""
    for name in names:
        r = module(project, "tests.shield.check_intent", name, args[name])
        result[name] = r.returncode != 0
        log += r.stdout
    return result, log


def spice_checks(project, proofs, cir):
    r = module(project, "tests.shield.spice_proofs", cir, "--work",
               os.path.join(project, "spice-work"), "--only", ",".join(proofs))
    result = {"spice-" + p: ("FAIL %s:" % p) in r.stdout for p in proofs}
    if r.returncode and not any(result.values()):
        result["spice-run"] = True
    return result, r.stdout


def checks(project, only=ALL):
    """{check: failed?} for a scratch project folder (schematics/ copy), of the checks
    named (ALL: every one): only what they read is made from the copy (its schematic, its
    netlist or SPICE export, the PCB and BOM for the board's checks)."""
    sch = os.path.join(project, "ttt-shield.kicad_sch")
    net = os.path.join(project, "ttt-shield.net")
    cir = os.path.join(project, "ttt-shield.cir")
    intent = [c for c in INTENT if c in only]
    proofs = [p for p in SPICE if "spice-" + p in only]
    board = [c for c in BOARD if c in only]
    exports = ([("kicadsexpr", net)] if set(intent) - {"lid", "schtext", "schframe"} or board
               else []) + \
        ([("spice", cir)] if proofs else [])
    if intent != ["lid"]:
        r = module(project, "schematics.gen.schematic", "--out", project)
        if r.returncode:
            return {"generator": True}, r.stdout + r.stderr
    for fmt, out in exports:
        r = run("kicad-cli", "sch", "export", "netlist", "--format", fmt, "-o", out, sch)
        if r.returncode:
            return {"netlist": True}, r.stdout + r.stderr
    result, log = intent_checks(project, intent, net, sch)
    for names, step in ((proofs, lambda: spice_checks(project, proofs, cir)),
                        (board, lambda: board_checks(project, net))):
        if names:
            more, more_log = step()
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


def wanted_check(rec):
    """The check a record's reason names (`caught by CHECK`), or None."""
    m = re.search(r"caught by ([\w-]+)", rec.get("reason", ""))
    return m.group(1) if m and m.group(1) in ALL else None


def inputs_digest(records_path):
    """What the outcome depends on: the records, the files of INPUTS (the copied
    schematics/, the checks, the case rules the lid check reads) and the tools' versions."""
    h = hashlib.sha256()
    paths = [records_path]
    for top in INPUTS:
        if os.path.isfile(os.path.join(ROOT, top)):
            paths.append(os.path.join(ROOT, top))
        for dirpath, dirnames, names in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            paths += [os.path.join(dirpath, n) for n in names]
    for path in sorted(paths):
        with open(path, "rb") as f:
            h.update(os.path.relpath(path, ROOT).encode() + b"\0" + f.read() + b"\0")
    for tool in (["kicad-cli", "--version"], ["ngspice", "--version"]):
        h.update(run(*tool).stdout.encode())
    h.update(sys.version.encode())
    return h.hexdigest()[:16]


def plant(rec, work):
    """Applies one record to its scratch copy; (project, None) or (None, why it is stale)."""
    project = scratch(work, rec["id"])
    path = os.path.join(project, os.path.relpath(rec["file"], "schematics"))
    text = open(path, encoding="utf-8").read()
    if text.count(rec["find"]) != 1:
        return None, "stale record (find occurs %d times in %s)" % (text.count(rec["find"]),
                                                                    rec["file"])
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(rec["find"], rec["replace"]))
    return project, None


def run_records(recs, work):
    """Each record planted and its check run; returns how many failed."""
    failed = 0
    for rec in recs:
        want = wanted_check(rec)
        project, stale = plant(rec, work)
        if stale:
            print("planted: FAIL %s: %s" % (rec["id"], stale))
            failed += 1
            continue
        result, log = checks(project, (want,))
        if result.get(want):
            print("planted: %s caught by %s" % (rec["id"], want))
        else:
            print("planted: FAIL %s: %s passed (failing: %s)\n%s" % (
                rec["id"], want, ", ".join(k for k, v in result.items() if v) or "nothing",
                log[-2000:]))
            failed += 1
    return failed


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    recs, work = records(sys.argv[1]), sys.argv[2]
    unnamed = [rec["id"] for rec in recs if not wanted_check(rec)]
    if unnamed:
        raise SystemExit("planted: %s: the reason names no check (`caught by CHECK`, one of %s)"
                         % (", ".join(unnamed), ", ".join(ALL)))
    digest, done = inputs_digest(sys.argv[1]), os.path.join(work, "passed.digest")
    if os.path.isfile(done) and open(done).read().strip() == digest:
        print("planted: the inputs are those of the run that passed (digest %s, %s): the %d "
              "planted mistakes are not run again" % (digest, done, len(recs)))
        return 0
    base, log = checks(scratch(work, "unmutated"))
    if any(base.values()):
        print(log)
        raise SystemExit("planted: the unmutated copy fails %s" % [k for k, v in base.items() if v])
    failed = run_records(recs, work)
    print("planted: %d passed, %d failed" % (len(recs) - failed, failed))
    if failed:
        return 1
    with open(done, "w") as f:
        f.write(digest + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
