"""tests/mutants/run.py - mutation testing: does every realistic bug fail a test?

Each mutant is a record in a mutant file (format: tests/mutants/README.md): an exact
text to find in one file, what to put instead, a one-line reason, and the make targets
(behaviour suites) that should fail on it. For each mutant the runner applies the patch
in a scratch copy of the tree (build/mutants/work-N: the tracked files copied over, the
web model's node_modules linked, its own build/ directory, so nothing is shared with the
tree or with the other worker), builds it, runs the listed suites in order until one
fails, and puts the file back. The tree itself is never written. A record's optional
`prepare: TARGET` is made after the build and before the suites: the shield's records
change a generator, and `kicad-schematic` remakes the schematic the checks read.

Outcomes:
  killed    a listed suite failed (its name is recorded; the first that failed)
  survived  every listed suite passed
  hung      a suite ran past the runner's own limit (--suite-timeout) and was stopped by
            it: `timeout` exits 124 only when it sent the signal itself, while a suite
            whose own timeout fires exits through make with status 2. A hang that only
            the runner ends is not a test catching the bug: it counts as survived.
  broken    the mutant does not build (`make all`, or its prepare target, fails): not a
            realistic bug, fix the record
  stale     its find text is not in the file exactly once (the code moved on: re-anchor
            the record); reported by every mode, before anything runs

A mutant marked `equivalent: why` changes no behaviour any test can see; it is run, must
survive, and stays out of the kill rate.

usage: python3 -m tests.mutants.run check [FILE...]   every record applies (fast; no build)
       python3 -m tests.mutants.run count             the records' figures for `make bench`
       python3 -m tests.mutants.run run [-j N] [--sample] [--summary OUT] [--only ID,...]
                                        [FILE...]
(the parser, the stale check and the report on planted cases: tests/mutants/test_run.py)
FILE defaults to tests/mutants/*.txt and tests/shield/planted.txt (if present).
`run --sample` runs the records marked `sample: yes` and fails unless each non-equivalent
one is killed and each equivalent one survives (the runner checking itself). A sample
that passes leaves the digest of its inputs (every file of the tree, the compilers' and
Node's versions) in SCRATCH/sample-passed.digest, and a sample run on the same inputs
says so and runs nothing: its outcome could not differ. A fresh clone has no digest and
runs it; delete the file to run it again.
"""
import argparse
import glob
import hashlib
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KEYS = ("id", "reason", "suites", "file", "find", "replace", "equivalent", "sample", "prepare")
REQUIRED = ("id", "reason", "suites", "file", "find")
# Suites that exercise the logic on the host (cmocka, the CLI, the fuzzers); the rest
# run the firmware image in a simulator or check generated hardware files. For the web
# page's board model, its own test in node is its host test.
HOST_SUITES = {"test-engine", "test-notation", "test-engine-faults", "test-game",
               "test-console", "test-app", "test-hal", "test-hal-board", "test-cli",
               "test-fuzz"}
ROOM_HOST_SUITES = {"web": {"test-web-model"}, "page": {"test-web-wav"}, "case": {"test-case"},
                    "board": {"test-hal-board"},
                    # the project's own checks are Python and shell run on the host
                    "checks": {"test-make", "test-layers", "test-no-recursion-engine",
                               "test-no-recursion-firmware", "test-code-figures",
                               "test-doc-links", "test-docs-tables", "test-docs",
                               "test-kicad-backports", "test-lint", "test-menu-docs"}}
# Rooms whose logic runs only on the chip or in a simulator (no host build of it), or
# that hold no logic (the KiCad files): the per-room goal "a host test kills one" does
# not apply to them.
SIM_ONLY_ROOMS = {"hal-chip", "uart", "power", "sim", "shield", "harness", "kicad"}
# The meta-suites run other suites (or mutants) on copies of the tree: a kill credited to
# one of them would say nothing about which check caught the bug.
NEVER_SUITES = {"test-mutants-sample", "test-contributing", "test-kicad-planted"}
# Every suite of `make test` is the first suite of some record (so a full run can credit
# it with a kill), or has a record here saying why it exists without one: `suite:` and
# `why:` lines, records separated by blank lines.
NO_MUTANT = os.path.join(ROOT, "tests", "mutants", "no_mutant.txt")
KILL_GOAL_PERCENT = 95.0


class Record:
    def __init__(self, path, line):
        self.path, self.line = path, line
        self.fields = {}
        self.find_lines, self.replace_lines = [], []

    def __getattr__(self, name):
        if name in KEYS:
            return self.fields.get(name)
        raise AttributeError(name)

    @property
    def where(self):
        return "%s:%d" % (os.path.relpath(self.path, ROOT), self.line)

    @property
    def room(self):
        base = os.path.splitext(os.path.basename(self.path))[0]
        return base if os.path.basename(os.path.dirname(self.path)) == "mutants" else \
            os.path.basename(os.path.dirname(self.path))

    @property
    def suite_list(self):
        return (self.suites or "").split()

    @property
    def find_text(self):
        return "\n".join(self.find_lines)

    @property
    def replace_text(self):
        return "\n".join(self.replace_lines)


def parse(path, text=None):
    """Records of one mutant file, and the format errors found on the way."""
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    records, errors, cur = [], [], None
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        if not line.strip():
            cur = None
            continue
        if line.lstrip().startswith("#") and cur is None:
            continue  # a comment between records
        key, sep, value = line.partition(":")
        if not sep or key not in KEYS:
            errors.append("%s:%d: not a `key: value` line (keys: %s)" %
                          (os.path.relpath(path, ROOT), n, ", ".join(KEYS)))
            continue
        value = value[1:] if value.startswith(" ") else value
        if cur is None:
            cur = Record(path, n)
            records.append(cur)
        if key == "find":
            cur.find_lines.append(value)
            cur.fields["find"] = True
        elif key == "replace":
            if value or cur.replace_lines or "replace" not in cur.fields:
                cur.replace_lines.append(value)
            cur.fields["replace"] = True
        elif key in cur.fields:
            errors.append("%s: %s given twice" % (cur.where, key))
        else:
            cur.fields[key] = value.strip()
    for r in records:
        if r.replace_lines == [""]:
            r.replace_lines = []  # `replace:` alone deletes the find text
    return records, errors


def make_suites():
    """The suites make knows (its TEST_TARGETS), or None if make cannot say."""
    r = subprocess.run(["make", "--no-print-directory", "-s", "-C", ROOT, "mutants-suites"],
                       capture_output=True, text=True)
    return set(r.stdout.split()) if r.returncode == 0 else None


def validate(records, root, suites=None):
    """Format and staleness problems, one message each (empty: all apply). A suite make
    does not know would fail as `no rule`, which must not pass for a kill."""
    problems, seen = [], {}
    for r in records:
        missing = [k for k in REQUIRED if not r.fields.get(k)]
        if missing:
            problems.append("%s: missing %s" % (r.where, ", ".join(missing)))
            continue
        if "replace" not in r.fields:
            problems.append("%s %s: no replace line" % (r.where, r.id))
            continue
        if r.id in seen:
            problems.append("%s: id %s already used at %s" % (r.where, r.id, seen[r.id]))
        seen[r.id] = r.where
        bad = [s for s in r.suite_list if s in NEVER_SUITES or not s.startswith("test-")]
        if bad:
            problems.append("%s %s: %s is not a behaviour suite" % (r.where, r.id, bad[0]))
        unknown = [s for s in r.suite_list if suites is not None and s not in suites]
        if unknown:
            problems.append("stale mutant %s (%s): make has no suite %s" %
                            (r.id, r.where, unknown[0]))
        if r.prepare and suites is not None and subprocess.run(
                ["make", "-n", "-s", "-C", root, r.prepare], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode:
            problems.append("stale mutant %s (%s): make has no target %s to prepare it" %
                            (r.id, r.where, r.prepare))
        if r.sample not in (None, "yes"):
            problems.append("%s %s: sample is `yes` or absent" % (r.where, r.id))
        if r.find_text == r.replace_text:
            problems.append("%s %s: replace equals find" % (r.where, r.id))
        target = os.path.join(root, r.file)
        if not os.path.isfile(target):
            problems.append("stale mutant %s (%s): %s does not exist" % (r.id, r.where, r.file))
            continue
        with open(target, encoding="utf-8") as f:
            count = f.read().count(r.find_text)
        if count != 1:
            first = r.find_text.split("\n")[0]
            problems.append("stale mutant %s (%s): its find text is in %s %d times, not once: "
                            "%r%s" % (r.id, r.where, r.file, count, first,
                                      " (+%d lines)" % (len(r.find_lines) - 1)
                                      if len(r.find_lines) > 1 else ""))
    return problems


def default_files():
    files = sorted(f for f in glob.glob(os.path.join(ROOT, "tests", "mutants", "*.txt"))
                   if f != NO_MUTANT)
    planted = os.path.join(ROOT, "tests", "shield", "planted.txt")
    if os.path.isfile(planted):
        files.append(planted)
    return files


def read_reasons(path, text=None):
    """{suite: why} of the no-mutant records, and the format errors."""
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    reasons, errors = {}, []
    for block in text.split("\n\n"):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#")]
        if not lines:
            continue
        fields = dict(line.partition(": ")[::2] for line in lines)
        suite, why = fields.get("suite", "").strip(), fields.get("why", "").strip()
        if set(fields) != {"suite", "why"} or not suite or len(why) < 20:
            errors.append("%s: a record is `suite: NAME` and `why: the reason` (a sentence), "
                          "not %r" % (os.path.relpath(path, ROOT), block.strip()[:60]))
        elif suite in reasons:
            errors.append("%s: %s given twice" % (os.path.relpath(path, ROOT), suite))
        else:
            reasons[suite] = why
    return reasons, errors


def first_suites(records):
    """The suites some record names first: a full run can credit each with a kill."""
    return {r.suite_list[0] for r in records if r.suite_list and not r.equivalent}


def coverage(records, reasons, suites):
    """Every suite of `make test` is first in a record or has a no-mutant reason; a reason
    names a suite make knows and one no record names first."""
    where = os.path.relpath(NO_MUTANT, ROOT)
    firsts = first_suites(records)
    problems = ["suite %s is the first suite of no mutant record and has no reason in %s: "
                "add a mutant it kills, or say why it exists" % (s, where)
                for s in sorted(suites - firsts - set(reasons))]
    problems += ["%s: %s is not a suite of make test" % (where, s)
                 for s in sorted(set(reasons) - suites)]
    problems += ["%s: %s is the first suite of a mutant record now: drop its reason" % (where, s)
                 for s in sorted(set(reasons) & firsts)]
    return problems


def load(files):
    records, problems = [], []
    for path in files:
        rs, errs = parse(os.path.abspath(path))
        records += rs
        problems += errs
    return records, problems


# ---- scratch copies ------------------------------------------------------------------

def tree_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
                          "--exclude-standard"], check=True, capture_output=True).stdout
    return [p for p in out.decode().split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def same_file(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False


# What a scratch copy leaves out of the tree's build/: the scratch copies themselves, the
# logs of make test, the planted KiCad copies and the regenerated ones (remade if needed).
SCRATCH_SKIP = ("mutants", "mutants.txt", "contrib", "suites", "planted", "regen")


def sync_scratch(work, files):
    """Make `work` hold the tree's files as they are now, plus the web model's
    node_modules linked. On first use everything is copied with its times, the tree's
    build/ too, so the scratch's make starts up to date where the tree is; later, a file
    whose content changed is copied with the time now (its own may be older than an
    object the scratch built since), and an unchanged one is left alone."""
    first = not os.path.isdir(work)
    os.makedirs(work, exist_ok=True)
    wanted = set(files)
    for rel in files:
        src, dst = os.path.join(ROOT, rel), os.path.join(work, rel)
        if not same_file(src, dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            (shutil.copy2 if first else shutil.copyfile)(src, dst)
    for dirpath, dirnames, filenames in os.walk(work):
        rel_dir = os.path.relpath(dirpath, work)
        if rel_dir == ".":
            dirnames[:] = [d for d in dirnames if d not in ("build", ".git")]
        dirnames[:] = [d for d in dirnames if d != "node_modules"]
        for name in filenames:
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if rel not in wanted:
                os.remove(os.path.join(dirpath, name))
    modules = os.path.join(ROOT, "sim", "web", "node_modules")
    link = os.path.join(work, "sim", "web", "node_modules")
    if os.path.isdir(modules) and not os.path.lexists(link):
        os.symlink(modules, link)
    build = os.path.join(ROOT, "build")
    if first and os.path.isdir(build):
        shutil.copytree(build, os.path.join(work, "build"), symlinks=True,
                        ignore=shutil.ignore_patterns(*SCRATCH_SKIP))


TOOLS = (["gcc", "--version"], ["avr-gcc", "--version"], ["node", "--version"])


def tree_digest(files):
    """What a run on the tree depends on: every file's path and bytes, and the versions of
    the compilers, Node and Python (16 hex digits of a sha256)."""
    h = hashlib.sha256()
    for rel in sorted(files):
        with open(os.path.join(ROOT, rel), "rb") as f:
            h.update(rel.encode() + b"\0" + f.read() + b"\0")
    for tool in TOOLS:
        try:
            h.update(subprocess.run(tool, capture_output=True).stdout)
        except OSError:
            h.update(b"no " + tool[0].encode())
    h.update(sys.version.encode())
    return h.hexdigest()[:16]


def passed_before(stamp, digest):
    """Whether the run that left `stamp` (a digest file) passed on these very inputs."""
    try:
        with open(stamp) as f:
            return f.read().strip() == digest
    except OSError:
        return False


def remember_pass(stamp, digest):
    os.makedirs(os.path.dirname(stamp), exist_ok=True)
    with open(stamp, "w") as f:
        f.write(digest + "\n")


def make(work, target, timeout, log):
    """Status of `make target` in work: 0 pass, 124 stopped by our timeout, else failed."""
    cmd = ["timeout", "-k", "10", str(timeout), "nice", "make", "--no-print-directory",
           "-C", work, target]
    with open(log, "ab") as f:
        f.write(("$ make %s\n" % target).encode())
        f.flush()
        return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL).returncode


def run_one(r, work, logdir, timeout):
    target = os.path.join(work, r.file)
    with open(target, encoding="utf-8") as f:
        original = f.read()
    if original.count(r.find_text) != 1:
        return {"outcome": "stale", "suite": None, "seconds": 0.0}
    log = os.path.join(logdir, r.id + ".log")
    if os.path.exists(log):
        os.remove(log)
    t0 = time.time()
    result = {"outcome": "survived", "suite": None}
    try:
        with open(target, "w", encoding="utf-8") as f:
            f.write(original.replace(r.find_text, r.replace_text, 1))
        status = make(work, "all", timeout, log)
        if status == 0 and r.prepare:  # e.g. generated files remade from a mutated generator
            status = make(work, r.prepare, timeout, log)
        if status != 0:
            result = {"outcome": "broken" if status != 124 else "hung",
                      "suite": r.prepare if r.prepare and status else "all"}
        else:
            for suite in r.suite_list:
                status = make(work, suite, timeout, log)
                if status == 124:
                    result = {"outcome": "hung", "suite": suite}
                    break
                if status != 0:
                    result = {"outcome": "killed", "suite": suite}
                    break
    finally:
        with open(target, "w", encoding="utf-8") as f:
            f.write(original)
        if r.prepare:  # what it made from the mutant is made again from the original
            make(work, r.prepare, timeout, log)
    result["seconds"] = time.time() - t0
    return result


def in_threads(jobs, work):
    """Runs work(n) in `jobs` threads, n = 0.., and waits for them all."""
    threads = [threading.Thread(target=work, args=(n,)) for n in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def drain(todo):
    """The items of a queue, one at a time, until it is empty."""
    while True:
        try:
            yield todo.get_nowait()
        except queue.Empty:
            return


MARKS = {"survived": "SURVIVED", "broken": "BROKEN (does not build)", "stale": "STALE"}


def mark_of(r, res):
    if res["outcome"] == "killed":
        mark = "killed by %s" % res["suite"]
    elif res["outcome"] == "hung":
        mark = "HUNG in %s (stopped by the runner, not the suite)" % res["suite"]
    else:
        mark = MARKS[res["outcome"]]
    return mark + (" (equivalent)" if r.equivalent else "")


def run_mutants(records, jobs, timeout, scratch_root, logdir):
    """Each mutant in a worker's scratch copy; {id: result}."""
    files = tree_files()
    todo = queue.Queue()
    for r in records:
        todo.put(r)
    results, lock = {}, threading.Lock()

    def worker(n):
        work = os.path.join(scratch_root, "work-%d" % n)
        sync_scratch(work, files)
        # the unmutated tree must pass `make all` here, or nothing below means anything
        build_log = os.path.join(logdir, "work-%d-build.log" % n)
        if make(work, "all", timeout, build_log) != 0:
            with lock:
                print("mutants: the unmutated tree does not build in %s (see %s)" %
                      (work, build_log), flush=True)
            return
        for r in drain(todo):
            res = run_one(r, work, logdir, timeout)
            with lock:
                results[r.id] = res
                print("mutant %-32s %-40s %5.1f s" % (r.id, mark_of(r, res), res["seconds"]),
                      flush=True)

    in_threads(jobs, worker)
    return results


def run_clean(suites, jobs, timeout, scratch_root, logdir):
    """{suite: status} of each suite on the unmutated scratch copies."""
    todo = queue.Queue()
    for suite in sorted(suites):
        todo.put(suite)
    clean, lock = {}, threading.Lock()

    def clean_worker(n):
        work = os.path.join(scratch_root, "work-%d" % n)
        for suite in drain(todo):
            log = os.path.join(logdir, "clean-%s.log" % suite)
            if os.path.exists(log):
                os.remove(log)
            status = make(work, suite, timeout, log)
            with lock:
                clean[suite] = status
                if status != 0:
                    print("mutants: %s FAILS on the unmutated tree (see %s): its kills do "
                          "not count" % (suite, log), flush=True)

    in_threads(jobs, clean_worker)
    return clean


def run_all(records, jobs, timeout, scratch_root):
    logdir = os.path.join(scratch_root, "logs")
    os.makedirs(logdir, exist_ok=True)
    jobs = max(1, min(jobs, 2, len(records)))
    results = run_mutants(records, jobs, timeout, scratch_root, logdir)
    # A kill counts only if its suite passes on the unmutated tree: a suite that fails
    # anyway (a test that no longer builds, say) would "kill" every mutant it is given.
    killers = {res["suite"] for res in results.values() if res["outcome"] == "killed"}
    return void_kills(results, run_clean(killers, jobs, timeout, scratch_root, logdir))


def void_kills(results, clean):
    """The results with every kill by a suite that did not pass unmutated (status not 0,
    or not run) made `void`."""
    out = {}
    for rid, res in results.items():
        res = dict(res)
        if res["outcome"] == "killed" and clean.get(res["suite"]) != 0:
            res["outcome"] = "void"
        out[rid] = res
    return out


def print_outcomes(real, equiv, results):
    """The survivors, the equivalent mutants and the broken records; True if none is
    broken and no equivalent one was killed."""
    survived = [r for r in real if results[r.id]["outcome"] in ("survived", "hung")]
    broken = [r for r in real + equiv if results[r.id]["outcome"] in ("broken", "stale", "void")]
    print("\nsurvivors (%d):" % len(survived))
    for r in survived:
        print("  %s (%s, ran %s)%s: %s" % (
            r.id, r.where, " ".join(r.suite_list),
            " HUNG" if results[r.id]["outcome"] == "hung" else "", r.reason))
    print("equivalent (%d, left out of the kill rate):" % len(equiv))
    killed_equiv = False
    for r in equiv:
        killed = results[r.id]["outcome"] == "killed"
        killed_equiv |= killed
        print("  %s (%s): %s%s" % (r.id, r.where, r.equivalent,
                                   "  -- BUT KILLED by %s: not equivalent" %
                                   results[r.id]["suite"] if killed else ""))
    if broken:
        print("broken, stale or void (fix these records; void: the suite that failed "
              "fails unmutated too, fix the suite):")
        for r in broken:
            print("  %s (%s): %s" % (r.id, r.where, results[r.id]["outcome"]))
    return not broken and not killed_equiv


def print_rooms(real, results):
    """Mutants and kills per room; returns the rooms no host test kills a mutant of."""
    print("per room: mutants, killed, killed by a host test")
    rooms = {}
    for r in real:
        rooms.setdefault(r.room, []).append(r)
    host_missing = []
    for room in sorted(rooms):
        k = [r for r in rooms[room] if results[r.id]["outcome"] == "killed"]
        host = [r for r in k if results[r.id]["suite"] in
                HOST_SUITES | ROOM_HOST_SUITES.get(room, set())]
        note = "yes" if host else ("n/a (runs on the chip or in a simulator only)"
                                   if room in SIM_ONLY_ROOMS else "NO")
        if not host and room not in SIM_ONLY_ROOMS:
            host_missing.append(room)
        print("  %-10s %3d %3d  host test: %s" % (room, len(rooms[room]), len(k), note))
    return host_missing


def check_sample(real, equiv, results):
    """The runner checking itself: each real mutant killed, each equivalent survived."""
    wrong = [r for r in real + equiv
             if (results[r.id]["outcome"] != "killed") != bool(r.equivalent)]
    if wrong or not real or not equiv:
        print("mutants sample: FAILED: %s" % (
            "; ".join("%s %s" % (r.id, results[r.id]["outcome"]) for r in wrong)
            or "the sample needs a killable and an equivalent mutant"))
        return False
    print("mutants sample: %d killed as expected, %d equivalent survived as expected"
          % (len(real), len(equiv)))
    return True


def summarize(records, results, seconds, sample):
    """Print the report; return (summary lines, ok)."""
    ran = [r for r in records if r.id in results]
    ok = len(ran) == len(records)
    if not ok:
        print("mutants: %d of %d did not run" % (len(records) - len(ran), len(records)))
    real = [r for r in ran if not r.equivalent]
    equiv = [r for r in ran if r.equivalent]
    killed = [r for r in real if results[r.id]["outcome"] == "killed"]
    survived = [r for r in real if results[r.id]["outcome"] in ("survived", "hung")]
    percent = 100.0 * len(killed) / len(real) if real else 0.0
    ok &= print_outcomes(real, equiv, results)
    host_missing = print_rooms(real, results)
    by_suite = {}
    for r in killed:
        by_suite[results[r.id]["suite"]] = by_suite.get(results[r.id]["suite"], 0) + 1
    print("killed by suite: " + ", ".join("%s %d" % kv for kv in sorted(by_suite.items())))
    idle = sorted(first_suites(real) - set(by_suite))
    lines = ["mutants_total %d" % len(ran), "mutants_equivalent %d" % len(equiv),
             "mutants_killed %d" % len(killed), "mutants_survived %d" % len(survived),
             "mutants_killed_percent %.1f" % percent,
             "mutants_host_killed_rooms_missing %d" % len(host_missing),
             "mutants_first_suites_without_kill %d" % len(idle),
             "mutants_seconds %.0f" % seconds]
    print("\n" + "\n".join(lines))
    if sample:
        ok &= check_sample(real, equiv, results)
    else:
        print("goal mutants_killed_percent >= %g: %s" % (
            KILL_GOAL_PERCENT, "met" if percent >= KILL_GOAL_PERCENT else "MISSED"))
        print("goal every host-testable room has a mutant killed by a host test: %s" %
              ("met" if not host_missing else "MISSED (%s)" % ", ".join(host_missing)))
        print("goal every suite named first by a record kills one: %s" %
              ("met" if not idle else "MISSED (%s)" % ", ".join(idle)))
    return lines, ok


def count(records, problems):
    """The records as `make bench` figures (what README.md quotes of them)."""
    if problems:
        print("\n".join(problems))
        return 1
    print("mutant_records %d" % len(records))
    print("mutant_records_sample %d" % sum(r.sample == "yes" for r in records))
    print("mutant_records_equivalent %d" % sum(bool(r.equivalent) for r in records))
    print("mutant_suites_with_a_reason %d" % len(read_reasons(NO_MUTANT)[0]))
    return 0


def problems_of(records, problems, files, suites):
    """Every problem of the records, the reasons and the suites' coverage; the reasons."""
    if suites is None:
        problems.append("mutants: `make mutants-suites` failed: cannot check the suites")
    problems += validate(records, ROOT, suites)
    reasons, errors = read_reasons(NO_MUTANT)
    problems += errors
    if suites is not None and files is None:
        problems += coverage(records, reasons, suites)
    return problems, reasons


def report_check(records, files, suites, reasons):
    print("mutants: all %d records apply (%d files, %d marked sample, %d equivalent)" %
          (len(records), len(files), sum(r.sample == "yes" for r in records),
           sum(bool(r.equivalent) for r in records)))
    if suites is not None:
        print("mutants: each of the %d suites of make test is the first suite of a record "
              "(%d) or says why it has none (%d, %s)" % (
                  len(suites), len(suites & first_suites(records)), len(reasons),
                  os.path.relpath(NO_MUTANT, ROOT)))
    return 0


def run_selected(a, records):
    """`run`: the sample (unless its inputs are those of a sample that passed) or the
    records --only names, or all; the report, and the summary file."""
    stamp = os.path.join(a.scratch, "sample-passed.digest")
    digest = tree_digest(tree_files()) if a.sample and not a.only else None
    if digest and passed_before(stamp, digest):
        print("mutants sample: the tree and tools are those of the sample run that passed "
              "(digest %s, %s): not run again" % (digest, os.path.relpath(stamp, ROOT)))
        return 0
    if a.sample:
        records = [r for r in records if r.sample == "yes"]
    if a.only:
        ids = set(a.only.split(","))
        records = [r for r in records if r.id in ids]
    if not records:
        print("mutants: nothing selected")
        return 1
    t0 = time.time()
    print("mutants: %d to run, %d at a time, scratch copies in %s" %
          (len(records), max(1, min(a.jobs, 2, len(records))), a.scratch), flush=True)
    results = run_all(records, a.jobs, a.suite_timeout, a.scratch)
    lines, ok = summarize(records, results, time.time() - t0, a.sample)
    if digest and ok:
        remember_pass(stamp, digest)
    if a.summary:
        with open(a.summary, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("check", "run", "count"))
    ap.add_argument("files", nargs="*")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--sample", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--summary")
    ap.add_argument("--suite-timeout", type=int, default=1200)
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build", "mutants"))
    a = ap.parse_args()
    files = a.files or default_files()
    records, problems = load(files)
    if a.mode == "count":
        return count(records, problems)
    suites = make_suites()
    problems, reasons = problems_of(records, problems, a.files or None, suites)
    if problems:
        print("\n".join(problems))
        print("mutants: %d problem(s) in %d record(s) of %s: nothing run" %
              (len(problems), len(records), ", ".join(os.path.relpath(f, ROOT) for f in files)))
        return 1
    if a.mode == "check":
        return report_check(records, files, suites if not a.files else None, reasons)
    return run_selected(a, records)


if __name__ == "__main__":
    sys.exit(main())
