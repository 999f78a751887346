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
        build/ copied too, so only what the edits touch is rebuilt), two at a time: the
        patch applied exactly (its context unchanged), the regenerate target, then the
        suites. Fails when an example no longer applies or a suite fails (its log:
        build/contrib/NAME.log).

A run of every example that passes leaves the digest of its inputs (every file of the
tree, the compilers' and Node's versions: tests/mutants/run.py's tree_digest) in
build/contrib/passed.digest; the next run on the same inputs says so and runs nothing.
A fresh clone has no digest and runs them all; delete the file to run them again.
"""
import glob
import os
import queue
import re
import subprocess
import sys
import threading

from tests.mutants.run import (ROOT, drain, in_threads, make, passed_before, remember_pass,
                               same_file, sync_scratch, tree_digest, tree_files)

HERE = os.path.join(ROOT, "tests", "contributing")
SCRATCH = os.path.join(ROOT, "build", "contrib")
TIMEOUT = 900  # seconds for one make: a fresh simulator build fits in it
JOBS = 2
STAMP = os.path.join(SCRATCH, "passed.digest")


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
    """(passed, its report lines): the example applies exactly and its suites pass in its
    scratch copy."""
    work, log = os.path.join(SCRATCH, name), os.path.join(SCRATCH, name + ".log")
    sync_scratch(work, files)
    with open(log, "w") as f:
        f.write("example %s: %s\n" % (name, fields["example"]))
    if not apply(work, patch):
        return False, "contributing: %s: %s no longer applies to the tree (CONTRIBUTING.md and " \
            "the patch need updating)" % (name, os.path.relpath(patch, ROOT))
    for target in fields.get("regenerate", "").split() + fields["suites"].split():
        status = make(work, target, TIMEOUT, log)
        if status:
            return False, "contributing: %s: make %s failed (%d); log: %s" % (
                name, target, status, os.path.relpath(log, ROOT))
    return True, "contributing: %s: %d hand-edited (%s); regenerated %s; passed %s" % (
        name, len(edited), " ".join(edited),
        " ".join(generated(work, files, edited)) or "nothing", fields["suites"])


def run(names):
    os.makedirs(SCRATCH, exist_ok=True)
    files = tree_files()
    digest = None if names else tree_digest(files)
    if digest and passed_before(STAMP, digest):
        print("contributing: the tree and tools are those of the run that passed (digest %s, "
              "%s): the examples are not run again" % (digest, os.path.relpath(STAMP, ROOT)))
        return count()
    todo, failed, lock = queue.Queue(), [], threading.Lock()
    for example in examples(names):
        todo.put(example)

    def worker(_n):
        for name, fields, edited, patch in drain(todo):
            ok, line = run_example(name, fields, edited, patch, files)
            with lock:
                print(line, flush=True)
                if not ok:
                    failed.append(name)

    in_threads(JOBS, worker)
    count()
    if failed:
        return 1
    if digest:
        remember_pass(STAMP, digest)
    return 0


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
