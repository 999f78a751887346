"""tests/test_suites.py - `make test`'s runner (tests/suites.py) on planted cases: the
prerequisites it prebuilds, who may start beside whom, a group naming no suite, the
jobserver left out of the suites' makes, each suite's limit scaled with its work, and a run
of real processes: two at a time, each log printed whole, a failure and a time-out
counted, the CPU seconds of a suite's children measured."""
import os
import re
import subprocess

import pytest

from tests import suites

DATABASE = """# Files
test-game: build/host/test_game build/host/test_game_edges
test-kicad-intent: KICAD9_SYMBOL_DIR := /x/no-stock
test-kicad-intent: build/kicad/ttt-shield.net | kicad-no-stock
test-mutants-sample: test-mutants-apply all
test-mutants-apply:
build/host/test_game: build/host/obj/tests/game/test_game.o
BUILD := build
"""


def test_the_prerequisites_of_the_suites_are_prebuilt():
    got = suites.prerequisites(DATABASE, ["test-game", "test-kicad-intent",
                                          "test-mutants-sample"])
    assert got == ["build/host/test_game", "build/host/test_game_edges",
                   "build/kicad/ttt-shield.net", "kicad-no-stock"]


@pytest.mark.parametrize("suite, running, may", [
    ("test-a", [], True),
    ("test-a", ["test-b"], True),
    ("test-docs", ["test-b"], False),   # alone: waits for the others
    ("test-a", ["test-docs"], False),   # nothing beside an alone one
    ("test-k2", ["test-k1"], False),    # one of a group at a time
    ("test-k2", ["test-a"], True),
    ("test-k1", ["test-docs"], True),   # named by --beside: may run beside an alone one
    ("test-docs", ["test-k1"], True),
    ("test-docs", ["test-k1", "test-a"], False),
    ("test-k2", ["test-docs", "test-k1"], False),  # and still one of its group at a time
])
def test_who_may_start_beside_whom(suite, running, may):
    groups, unknown = suites.parse_groups("kicad:test-k1 kicad:test-k2", {"test-k1", "test-k2"})
    assert unknown == []
    assert suites.may_start(suite, running, {"test-docs"}, groups, {"test-k1", "test-k2"}) == may


def test_a_group_naming_no_suite_is_refused():
    _, unknown = suites.parse_groups("g:test-a,test-gone", {"test-a"})
    assert unknown == ["test-gone"]


@pytest.mark.parametrize("flags, want", [
    (" -j2 --jobserver-auth=3,4", ""),
    ("k -j2 --jobserver-auth=3,4 -- BOARD=x", "k -- BOARD=x"),  # make 4.3's own form
    ("s", "s"),
])
def test_the_jobserver_is_not_passed_on(monkeypatch, flags, want):
    monkeypatch.setenv("MAKEFLAGS", flags)
    assert suites.child_env()["MAKEFLAGS"] == want


MAKEFILE = """all:
test-ok:
\t@echo ok-one; sleep 0.3; echo ok-two
test-bad:
\t@echo bad-one; exit 3
test-slow:
\t@sleep 30
test-busy:
\t@python3 -c 'import time; exec("while time.process_time() < 0.6: pass")'
"""


def test_a_run_prints_each_log_whole_and_counts(tmp_path, monkeypatch, capsys):
    (tmp_path / "Makefile").write_text(MAKEFILE)
    monkeypatch.chdir(tmp_path)
    status = suites.main(["--jobs", "2", "--timeout", "2", "--logs", str(tmp_path / "logs"),
                          "test-ok", "test-bad", "test-slow"])
    out = capsys.readouterr().out
    assert status == 1
    assert "ok-one\nok-two\n" in out
    assert "test-slow: stopped after 2 s" in out
    assert "failed suites: test-bad test-slow" in out or \
        "failed suites: test-slow test-bad" in out
    assert out.rstrip().endswith("suites: 1 passed, 2 failed")


def test_a_suite_limit_scales_with_its_work(tmp_path):
    table = tmp_path / "work.txt"
    table.write_text("# comment\ntest-a 10\ntest-b 200.5  # the slow one\ntest-gone 3\n")
    work, unknown = suites.read_work(str(table), {"test-a", "test-b", "test-c"})
    assert work == {"test-a": 10, "test-b": 200.5} and unknown == ["test-gone"]
    assert suites.limit_of("test-a", work, 900) == suites.LIMIT_BASE + 10 * suites.LIMIT_FACTOR
    assert suites.limit_of("test-b", work, 900) > suites.limit_of("test-a", work, 900)
    assert suites.limit_of("test-c", work, 900) == 900


def test_the_work_table_names_every_suite_of_make_test_and_no_other():
    table = os.path.join(os.path.dirname(__file__), "suite_seconds.txt")
    known = set(subprocess.run(["make", "--no-print-directory", "-s", "mutants-suites"],
                               capture_output=True, text=True, check=True).stdout.split())
    work, unknown = suites.read_work(table, known)
    assert unknown == [], "%s names suites make does not know: %s" % (table, unknown)
    assert set(work) == known, "not in %s: %s (make suite-seconds after a run)" % (
        table, " ".join(sorted(known - set(work))))


def test_the_work_sets_the_limit_and_the_cpu_seconds_are_counted(tmp_path, monkeypatch, capsys):
    (tmp_path / "Makefile").write_text(MAKEFILE)
    (tmp_path / "work.txt").write_text("test-slow 1\ntest-busy 30\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(suites, "LIMIT_BASE", 1)
    monkeypatch.setattr(suites, "LIMIT_FACTOR", 1)
    status = suites.main(["--jobs", "2", "--timeout", "100", "--work", "work.txt",
                          "--logs", str(tmp_path / "logs"), "test-slow", "test-busy", "test-ok"])
    out = capsys.readouterr().out
    assert status == 1
    assert "test-slow: stopped after 2 s" in out
    assert "test-ok not in work.txt: 100 s each" in out
    rows = {r.split()[0]: r.split()[1:] for r in (tmp_path / "logs" / "seconds.txt").read_text()
            .splitlines()}
    assert rows["test-busy"][2] == "passed" and float(rows["test-busy"][1]) >= 0.5
    assert rows["test-slow"][2] == "failed" and float(rows["test-slow"][1]) < 0.5
    slowest = [line for line in out.splitlines() if line.startswith("suites: the slowest ten")]
    assert len(slowest) == 1 and re.search(r"test-slow [23] 0\b", slowest[0])
    assert "test-ok " in slowest[0] and "test-busy " in slowest[0]


SHARING = """all:
test-lone:
\t@touch $$SUITE_SHARED; sleep 1.5; echo lone-done
test-kept:
\t@sleep 1.5; echo kept-done
test-next:
\t@echo next-ran
"""


@pytest.mark.parametrize("alone, beside_it", [("test-lone", True), ("test-kept", False)])
def test_an_alone_suite_that_says_so_may_have_others_beside_it(tmp_path, monkeypatch, capsys,
                                                               alone, beside_it):
    (tmp_path / "Makefile").write_text(SHARING)
    monkeypatch.chdir(tmp_path)
    assert suites.main(["--jobs", "2", "--timeout", "20", "--logs", str(tmp_path / "logs"),
                        "--alone", alone, alone, "test-next"]) == 0
    out = capsys.readouterr().out
    order = [line.split()[1] for line in out.splitlines() if line.startswith("=== ")]
    assert order == (["test-next", alone] if beside_it else [alone, "test-next"])


def test_the_longest_suites_start_first(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(suites, "Suite", lambda name, *a: started.append(name) or FakeEnded(name))
    suites.run(["test-a", "test-b", "test-c"], 1, 10, str(tmp_path), set(), {}, None,
               work={"test-a": 5, "test-b": 50, "test-c": 20})
    assert started == ["test-b", "test-c", "test-a"]


class FakeEnded:
    def __init__(self, name):
        self.name = name

    def ended(self):
        return True

    def shared(self):
        return False

    def report(self):
        return True
