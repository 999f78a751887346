"""tests/contributing/run.py - CONTRIBUTING.md's worked examples, applied and tested.

Each example is a patch, tests/contributing/NAME.patch: the hand edits a contributor
makes, as `git diff` prints them, after a header naming what it shows, the make target
that regenerates what the edits imply (docs-tables: the docs' copies of the tables) and
the suites that guard it:

    example: add a console command
    regenerate: docs-tables
    suites: test-console test-docs-tables
    diff --git a/...

    python3 -m tests.contributing.run count      contrib_files_NAME: files each edits
    python3 -m tests.contributing.run run [NAME...]
        each example in its scratch copy of the tree (build/contrib/NAME, the tree's
        build/ copied too, so only what the edits touch is rebuilt): the patch applied
        exactly (its context unchanged), the regenerate target, then the suites. Fails
        when an example no longer applies or a suite fails (its log: build/contrib/NAME.log).
"""
import glob
import os
import re
import subprocess
import sys

from tests.mutants.run import ROOT, make, same_file, sync_scratch, tree_files

HERE = os.path.join(ROOT, "tests", "contributing")
SCRATCH = os.path.join(ROOT, "build", "contrib")
TIMEOUT = 900  # seconds for one make: a fresh simulator build fits in it


def read_example(path):
    """(name, header fields, the files its diff edits); ValueError on a bad header."""
    name = os.path.splitext(os.path.basename(path))[0]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    head, _, _ = text.partition("diff --git ")
    fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
    missing = [k for k in ("example", "suites") if k not in fields]
    if missing or not fields["suites"].split():
        raise ValueError("%s: the header needs example: and suites:" % path)
    files = re.findall(r"^diff --git a/(\S+) b/", text, re.M)
    if not files:
        raise ValueError("%s: no diff" % path)
    return name, fields, files


def examples(names=None):
    paths = sorted(glob.glob(os.path.join(HERE, "*.patch")))
    found = [read_example(p) + (p,) for p in paths]
    unknown = set(names or []) - {e[0] for e in found}
    if unknown:
        raise ValueError("no example %s in %s" % (", ".join(sorted(unknown)), HERE))
    return [e for e in found if not names or e[0] in names]


def count():
    for name, _, files, _ in examples():
        print("contrib_files_%s %d" % (name, len(files)))
    return 0


def generated(work, files, edited):
    """The tree's files the scratch now holds otherwise, beside the hand-edited ones."""
    return [f for f in files if f not in edited
            and not same_file(os.path.join(ROOT, f), os.path.join(work, f))]


def apply(work, patch):
    """Whether patch applies to work with its context exact (lines may have moved); if
    it does, it is applied, else work is left as it was."""
    cmd = ["patch", "-p1", "-F0", "--batch", "--no-backup-if-mismatch", "-d", work, "-i", patch]
    if subprocess.run(cmd + ["--dry-run"], capture_output=True).returncode:
        return False
    subprocess.run(cmd, capture_output=True, check=True)
    return True


def run_example(name, fields, edited, patch, files):
    """True when the example applies exactly and its suites pass in its scratch copy."""
    work, log = os.path.join(SCRATCH, name), os.path.join(SCRATCH, name + ".log")
    sync_scratch(work, files)
    with open(log, "w") as f:
        f.write("example %s: %s\n" % (name, fields["example"]))
    if not apply(work, patch):
        print("contributing: %s: %s no longer applies to the tree (CONTRIBUTING.md and the "
              "patch need updating)" % (name, os.path.relpath(patch, ROOT)))
        return False
    for target in fields.get("regenerate", "").split() + fields["suites"].split():
        status = make(work, target, TIMEOUT, log)
        if status:
            print("contributing: %s: make %s failed (%d); log: %s" %
                  (name, target, status, os.path.relpath(log, ROOT)))
            return False
    print("contributing: %s: %d hand-edited (%s); regenerated %s; passed %s" %
          (name, len(edited), " ".join(edited),
           " ".join(generated(work, files, edited)) or "nothing", fields["suites"]))
    return True


def run(names):
    os.makedirs(SCRATCH, exist_ok=True)
    files, ok = tree_files(), True
    for name, fields, edited, patch in examples(names):
        ok = run_example(name, fields, edited, patch, files) and ok
    count()
    return 0 if ok else 1


def main(argv):
    try:
        if argv[:1] == ["count"] and len(argv) == 1:
            return count()
        if argv[:1] == ["run"]:
            return run(argv[1:])
    except ValueError as e:
        print("contributing: %s" % e, file=sys.stderr)
        return 1
    print(__doc__.split("\n\n")[2], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
