"""tests/suites.py - `make test`'s runner: every suite, JOBS at a time, each in its own
`make SUITE` under a time limit, its output kept in LOGS/SUITE.log and printed whole when
it ends (so two suites' lines never interleave); then `suites: N passed, N failed`.

Before any suite starts, the prerequisites of every suite (read from make's database) are
built in one make (within four suites' time limits): two suites never build the same file
at once. What a suite writes
while it runs is its own, except for the suites named by --alone (they run with nothing
beside them: the bench, the mutation runner; but a suite named by --beside may run beside
one, and they start first, so that they run beside those; an alone suite that writes the
file its SUITE_SHARED names is alone no more) and the members of a --groups
group (never two of one group at a time: one scratch folder, one browser at a time; a
group may be given in pieces, NAME:a,b NAME:c).

Each suite's time limit scales with its work: --work names a table of `SUITE SECONDS`
lines (the larger of the suite's wall-clock and CPU seconds in a run: `make
suite-seconds` writes it from the last run's LOGS/seconds.txt), and a suite gets
LIMIT_BASE + LIMIT_FACTOR times its seconds; a suite the table does not name gets
--timeout. The margin covers a machine with two busy processes beside the run (each
suite then gets half a core or more: twice its quiet wall-clock). Every suite's
wall-clock and CPU seconds (user + sys of its whole process tree) go to its closing
line and to LOGS/seconds.txt, and the run ends with the slowest ten.

usage: python3 -m tests.suites [--jobs N] [--timeout S] [--work FILE] [--logs DIR]
           [--alone "SUITE ..."] [--beside "SUITE ..."] [--groups "NAME:SUITE,SUITE ..."]
           SUITE...
"""
import argparse
import os
import re
import subprocess
import sys
import time

LIMIT_BASE, LIMIT_FACTOR = 60, 5


def child_env():
    """The environment for the suites' makes: without the jobserver of the make that runs
    this (its pipes are not passed on), each suite's make runs its recipes one at a time."""
    env = dict(os.environ)
    flags = env.get("MAKEFLAGS", "")
    head, sep, overrides = flags.partition(" -- ")
    words = [w for w in head.split()
             if not w.startswith("--jobserver") and not re.fullmatch(r"-?j\d*", w)]
    env["MAKEFLAGS"] = " ".join(words) + (sep + overrides if sep else "")
    env.pop("MFLAGS", None)
    return env


def prerequisites(database, suites):
    """The files and targets the suites depend on (make -p's database), suites left out.
    A suite's phony prerequisites that are suites themselves are followed."""
    rules = {}
    for line in database.splitlines():
        m = re.match(r"^([A-Za-z0-9_./+-]+):(?![:=])\s*(.*)$", line)
        if m and m.group(1) not in rules and not re.match(r"^\S+\s*[:+?]?=", m.group(2)):
            rules[m.group(1)] = m.group(2).replace("|", " ").split()
    wanted, todo, seen = [], list(suites), set()
    while todo:
        target = todo.pop(0)
        if target in seen:
            continue
        seen.add(target)
        for dep in rules.get(target, []):
            if dep.startswith("test-"):
                todo.append(dep)
            elif dep not in wanted and dep != "all":
                wanted.append(dep)
    return wanted


def prebuild(suites, jobs, limit, logs, env):
    """Builds every suite's prerequisites in one make within `limit` seconds (-k, and past
    the limit it stops: a suite whose build failed or was left says so itself when it
    runs, under its own time limit). Returns the make status."""
    db = subprocess.run(["make", "-pq", "all"], capture_output=True, text=True, env=env).stdout
    wanted = prerequisites(db, suites)
    log = os.path.join(logs, "prebuild.log")
    t0 = time.monotonic()
    with open(log, "w") as f:
        status = subprocess.call(["timeout", "-k", "10", str(limit), "make",
                                  "--no-print-directory", "-k", "-j%d" % jobs] + wanted,
                                 stdout=f, stderr=subprocess.STDOUT, env=env)
    print("suites: %d prerequisites built in %.0f s (wall-clock)%s" % (
        len(wanted), time.monotonic() - t0,
        "" if status == 0 else " (some failed: %s; their suites will say)" % log), flush=True)
    return status


def parse_groups(text, known):
    """{suite: set of group names}, and the names that are not suites."""
    groups, unknown = {}, []
    for item in text.split():
        name, _, members = item.partition(":")
        for suite in filter(None, members.split(",")):
            if suite not in known:
                unknown.append(suite)
            groups.setdefault(suite, set()).add(name)
    return groups, unknown


def may_start(suite, running, alone, groups, beside=frozenset()):
    for r in running:
        if (r in alone and suite not in beside) or (suite in alone and r not in beside):
            return False
    mine = groups.get(suite, set())
    return not any(mine & groups.get(r, set()) for r in running)


def read_work(path, known):
    """{suite: seconds} of the work table, and the names in it that are not suites."""
    work, unknown = {}, []
    if not path:
        return work, unknown
    with open(path) as f:
        for line in f:
            parts = line.split("#")[0].split()
            if len(parts) != 2:
                continue
            if parts[0] in known:
                work[parts[0]] = float(parts[1])
            else:
                unknown.append(parts[0])
    return work, unknown


def limit_of(suite, work, default):
    """A suite's time limit in seconds: scaled with its work, else the default."""
    if suite in work:
        return int(LIMIT_BASE + LIMIT_FACTOR * work[suite])
    return default


class Suite:
    def __init__(self, name, timeout, logs, env):
        self.name, self.timeout = name, timeout
        self.log = os.path.join(logs, name + ".log")
        self.shared_file = os.path.join(logs, name + ".shared")
        if os.path.exists(self.shared_file):
            os.remove(self.shared_file)
        self.start = time.monotonic()
        self.seconds = self.cpu = 0.0
        with open(self.log, "w") as f:
            self.proc = subprocess.Popen(
                ["timeout", "-k", "10", str(timeout), "make", "--no-print-directory", name],
                stdout=f, stderr=subprocess.STDOUT,
                env=dict(env or os.environ, SUITE_SHARED=os.path.abspath(self.shared_file)))

    def shared(self):
        """Whether the suite has said (its SUITE_SHARED file) that what it needed alone is
        done: an alone suite may then have others beside it."""
        return os.path.exists(self.shared_file)

    def ended(self):
        """True once the suite's make has ended; then its CPU seconds are known (the
        rusage of `timeout`, which waits for make, which waits for its recipes)."""
        if self.proc.returncode is not None:
            return True
        pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.proc.returncode = os.waitstatus_to_exitcode(status)
        self.seconds = time.monotonic() - self.start
        self.cpu = usage.ru_utime + usage.ru_stime
        return True

    def report(self):
        """Prints the suite's log whole; returns True if it passed."""
        status = self.proc.returncode
        print("=== %s (%s, %.1f s wall-clock, %.1f s CPU)" % (
            self.name, "passed" if status == 0 else "FAILED", self.seconds, self.cpu))
        with open(self.log, errors="replace") as f:
            sys.stdout.write(f.read())
        if status == 124:
            print("%s: stopped after %d s" % (self.name, self.timeout))
        sys.stdout.flush()
        return status == 0


def run(suites, jobs, timeout, logs, alone, groups, env, beside=frozenset(), work=None):
    """Runs the suites, those alone first; returns those that ended (Suite objects)."""
    # the alone first, then the longest first, so that the last to end are short ones
    pending = [s for s in suites if s in alone] + sorted(
        (s for s in suites if s not in alone), key=lambda s: -(work or {}).get(s, 0))
    running, done = [], []
    while pending or running:
        for s in [s for s in running if s.ended()]:
            running.remove(s)
            s.report()
            done.append(s)
        names = [s.name for s in running]
        # an alone suite that has written its SUITE_SHARED file is alone no more
        still_alone = set(alone) - {s.name for s in running if s.shared()}
        for suite in list(pending):
            if len(running) >= jobs:
                break
            if may_start(suite, names, still_alone, groups, beside):
                pending.remove(suite)
                running.append(Suite(suite, limit_of(suite, work or {}, timeout), logs, env))
                names.append(suite)
        time.sleep(0.2)
    return done


def summary(done, logs):
    """LOGS/seconds.txt (suite, wall-clock and CPU seconds, status) and the slowest ten."""
    with open(os.path.join(logs, "seconds.txt"), "w") as f:
        for s in done:
            f.write("%s %.1f %.1f %s\n" % (s.name, s.seconds, s.cpu,
                                           "passed" if s.proc.returncode == 0 else "failed"))
    print("suites: the slowest ten (wall-clock s, CPU s): " + ", ".join(
        "%s %.0f %.0f" % (s.name, s.seconds, s.cpu)
        for s in sorted(done, key=lambda s: -s.seconds)[:10]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("suites", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--work", default="")
    ap.add_argument("--logs", default="build/suites")
    ap.add_argument("--alone", default="")
    ap.add_argument("--beside", default="")
    ap.add_argument("--groups", default="")
    a = ap.parse_args(argv)
    alone = set(a.alone.split())
    groups, unknown = parse_groups(a.groups, set(a.suites))
    beside = set(a.beside.split())
    work, _others = read_work(a.work, set(a.suites))  # test-make checks the table's names
    unknown += sorted((alone | beside) - set(a.suites))
    if unknown:
        sys.exit("suites: not suites of TEST_TARGETS (renamed?): %s" % " ".join(unknown))
    if a.work and set(a.suites) - set(work):
        print("suites: %s not in %s: %d s each (make suite-seconds after a run)" % (
            " ".join(sorted(set(a.suites) - set(work))), a.work, a.timeout), flush=True)
    os.makedirs(a.logs, exist_ok=True)
    env = child_env()
    t0 = time.monotonic()
    prebuild(a.suites, max(1, a.jobs), 4 * a.timeout, a.logs, env)
    done = run(a.suites, max(1, a.jobs), a.timeout, a.logs, alone, groups, env, beside, work)
    failed = [s.name for s in done if s.proc.returncode != 0]
    summary(done, a.logs)
    if failed:
        print("failed suites: " + " ".join(failed))
    print("suites: %.0f s wall-clock, %d at a time" % (time.monotonic() - t0, max(1, a.jobs)))
    print("suites: %d passed, %d failed" % (len(a.suites) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
