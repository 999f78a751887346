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

Besides the suites its header names, an example runs every suite of make test the edit
touches: each whose make prerequisites reach an edited file, directly or through what is
generated from it as data (build/gen: a table's JSON, a legend, a generated header;
build/case: the lid's legend card);
not through a program, an image or a page built from it (those suites run the code,
which make test does); and test-lint (the layout clang-format wants, the X-macros'
aligned backslashes).

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
JOBS = 4  # examples at once: most of their time is waiting (make play in tmux, the page)
# The prerequisites of a suite followed: the tree's own files, and what is generated from
# them as data (build/gen: the tables' JSON, the legends, the generated headers). Not
# followed: objects, programs, images and pages (what runs the code, not what reads it).
FOLLOWED = re.compile(r"^(?!build/)|^build/(gen|case)/")
# The meta-suites (tests/mutants/no_mutant.txt): they touch everything by design.
META = ("test-mutants-sample", "test-contributing", "test-kicad-planted")


def make_rules():
    """({target: [prerequisites]}, make test's suites) from make's database of the tree."""
    db = subprocess.run(["make", "-pq", "all"], cwd=ROOT, capture_output=True, text=True).stdout
    rules, suites = {}, []
    for line in db.splitlines():
        m = re.match(r"^([A-Za-z0-9_./+-]+):(?![:=])\s*(.*)$", line)
        if m and m.group(1) not in rules and not re.match(r"^\S+\s*[:+?]?=", m.group(2)):
            rules[m.group(1)] = m.group(2).replace("|", " ").split()
        m = re.match(r"^TEST_TARGETS :?= (.*)$", line)
        if m:
            suites = m.group(1).split()
    return rules, suites


def touched(edited, rules, suites):
    """The suites whose prerequisites reach an edited file through FOLLOWED ones."""
    reach, hits = {}, []

    def reaches(target, seen, making_data=False):
        """target reaches an edited file; below a build/gen file everything that makes it
        is followed (its program, the program's objects and their sources)."""
        key = (target, making_data)
        if key in reach:
            return reach[key]
        seen.add(target)
        hit = target in edited
        making_data = making_data or target.startswith("build/gen/")
        for dep in rules.get(target, []):
            if not hit and dep not in seen and (making_data or FOLLOWED.match(dep)):
                hit = reaches(dep, seen, making_data)
        reach[key] = hit
        return hit

    for suite in suites:
        if suite not in META and reaches(suite, set()):
            hits.append(suite)
    return hits


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


def example_suites(fields, edited, rules, suites):
    """The header's suites, then every other suite the edit touches, then test-lint."""
    named = fields["suites"].split()
    more = [t for t in touched(set(edited), rules, suites) if t not in named]
    return named + more + ([] if "test-lint" in named + more else ["test-lint"])


def run_example(name, fields, edited, patch, files, suites):
    """(passed, its report lines): the example applies exactly and its suites pass in its
    scratch copy."""
    work, log = os.path.join(SCRATCH, name), os.path.join(SCRATCH, name + ".log")
    with open(log, "w") as f:
        f.write("example %s: %s\n" % (name, fields["example"]))
    if not apply(work, patch):
        return False, "contributing: %s: %s no longer applies to the tree (CONTRIBUTING.md and " \
            "the patch need updating)" % (name, os.path.relpath(patch, ROOT))
    for target in fields.get("regenerate", "").split() + suites:
        status = make(work, target, TIMEOUT, log)
        if status:
            return False, "contributing: %s: make %s failed (%d); log: %s" % (
                name, target, status, os.path.relpath(log, ROOT))
    return True, "contributing: %s: %d hand-edited (%s); regenerated %s; passed %s" % (
        name, len(edited), " ".join(edited),
        " ".join(generated(work, files, edited)) or "nothing", " ".join(suites))


def release_the_tree():
    """Tells make test's runner (tests/suites.py, SUITE_SHARED) that the scratch copies are
    made: what the suites beside it write in build/ no longer reaches an example."""
    shared = os.environ.get("SUITE_SHARED")
    if shared:
        open(shared, "w").close()


def run(names):
    os.makedirs(SCRATCH, exist_ok=True)
    files = tree_files()
    digest = None if names else tree_digest(files)
    if digest and passed_before(STAMP, digest):
        print("contributing: the tree and tools are those of the run that passed (digest %s, "
              "%s): the examples are not run again" % (digest, os.path.relpath(STAMP, ROOT)))
        return count()
    todo, failed, lock = queue.Queue(), [], threading.Lock()
    rules, all_suites = make_rules()
    for example in examples(names):
        sync_scratch(os.path.join(SCRATCH, example[0]), files)
        todo.put(example)
    release_the_tree()

    def worker(_n):
        for name, fields, edited, patch in drain(todo):
            ok, line = run_example(name, fields, edited, patch, files,
                                   example_suites(fields, edited, rules, all_suites))
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
