"""tests/mutants/test_run.py - the mutation runner on planted records: the parser reads
every form, and a stale find (twice, a missing file), a duplicate id, a non-behaviour or
unknown suite and a misspelt key are refused; a kill by a suite that fails unmutated is
void; the report counts kills and fails a sample whose equivalent mutant was killed; every
suite is the first suite of a record or says why it has none, and a reason that is stale
(no such suite, or a record names it first now) or says nothing is refused."""
import pytest

from tests.mutants import run

SOURCE = "int x = 1;\nif (a < b)\n    f();\nif (a < b)\n"
RECORDS = ("# a comment\nid: one\nreason: r\nsuites: test-game\nfile: a.c\n"
           "find: int x = 1;\nreplace: int x = 2;\n\n"
           "id: two\nreason: r\nsuites: test-game\nfile: a.c\nfind: if (a < b)\n"
           "replace: if (a <= b)\n\n"
           "id: three\nreason: r\nsuites: test-contributing\nfile: a.c\nfind: int x = 1;\n"
           "find: if (a < b)\nreplace:\n\n"
           "id: four\nreason: r\nsuites: test-game\nfile: gone.c\nfind: x\nreplace: y\n\n"
           "id: one\nreason: r\nsuites: test-game\nfile: a.c\nfind: f();\nreplace: g();\n")


@pytest.fixture
def parsed(tmp_path):
    (tmp_path / "a.c").write_text(SOURCE)
    records, errors = run.parse(str(tmp_path / "m.txt"), RECORDS)
    assert errors == [] and len(records) == 5
    return records, str(tmp_path)


def test_a_multi_line_find_and_an_empty_replace_are_read(parsed):
    records, _ = parsed
    assert records[2].find_text == "int x = 1;\nif (a < b)" and records[2].replace_text == ""


@pytest.mark.parametrize("rid, words", [
    ("two", "2 times"), ("three", "not a behaviour suite"),
    ("four", "does not exist"), ("one", "already used")])
def test_a_planted_bad_record_is_refused(parsed, rid, words):
    records, root = parsed
    problems = run.validate(records, root, {"test-game", "test-contributing"})
    assert any(rid in p and words in p for p in problems)


def test_only_the_planted_records_are_refused(parsed):
    records, root = parsed
    assert len(run.validate(records, root, {"test-game", "test-contributing"})) == 4


def test_a_suite_make_does_not_know_is_refused(parsed):
    records, root = parsed
    records[0].fields["suites"] = "test-gone"
    assert any("no suite test-gone" in p for p in run.validate(records[:1], root, {"test-game"}))


def test_a_misspelt_key_is_refused(tmp_path):
    _, errors = run.parse(str(tmp_path / "m.txt"), "id: x\nfnd: y\n")
    assert errors


def test_a_kill_by_a_suite_that_fails_unmutated_is_void():
    kills = {"a": {"outcome": "killed", "suite": "test-game"},
             "b": {"outcome": "killed", "suite": "test-app"},
             "c": {"outcome": "survived", "suite": None}}
    got = run.void_kills(kills, {"test-game": 0, "test-app": 2})
    assert [got[k]["outcome"] for k in "abc"] == ["killed", "void", "survived"]


def sample(tmp_path, equivalent_outcome):
    text = ("id: real\nreason: r\nsuites: test-game\nfile: a.c\nfind: x\nreplace: y\n"
            "sample: yes\n\nid: same\nreason: r\nsuites: test-game\nfile: a.c\nfind: x\n"
            "replace: z\nequivalent: no test can see it\nsample: yes\n")
    records, _ = run.parse(str(tmp_path / "game.txt"), text)
    results = {"real": {"outcome": "killed", "suite": "test-game"},
               "same": {"outcome": equivalent_outcome,
                        "suite": "test-game" if equivalent_outcome == "killed" else None}}
    return run.summarize(records, results, 1.0, sample=True)


def test_a_sample_passes_when_the_real_one_dies_and_the_equivalent_survives(tmp_path, capsys):
    lines, ok = sample(tmp_path, "survived")
    assert ok and "mutants_killed 1" in lines and "mutants_equivalent 1" in lines
    assert "1 killed as expected" in capsys.readouterr().out


def test_a_sample_fails_when_the_equivalent_one_is_killed(tmp_path, capsys):
    _, ok = sample(tmp_path, "killed")
    assert not ok and "BUT KILLED by test-game" in capsys.readouterr().out


REASONS = ("# a comment block\n\n"
           "suite: test-meta\nwhy: a meta-suite: it runs the others on copies\n\n"
           "suite: test-docs\nwhy: it checks the documents against the figures file\n")


def test_every_suite_is_first_in_a_record_or_has_a_reason(tmp_path):
    reasons, errors = run.read_reasons("no_mutant.txt", REASONS)
    assert errors == [] and set(reasons) == {"test-meta", "test-docs"}
    records, _ = run.parse(str(tmp_path / "game.txt"),
                           "id: a\nreason: r\nsuites: test-game test-app\nfile: a.c\nfind: x\n"
                           "replace: y\n")
    assert run.coverage(records, reasons, {"test-game", "test-meta", "test-docs"}) == []
    problems = run.coverage(records, reasons, {"test-game", "test-app", "test-meta"})
    assert len(problems) == 2
    assert "test-app is the first suite of no mutant record" in problems[0]  # second is not
    assert "test-docs is not a suite of make test" in problems[1]
    records[0].fields["suites"] = "test-meta"
    assert any("test-meta is the first suite of a mutant record now" in p
               for p in run.coverage(records, reasons, {"test-meta", "test-docs"}))


@pytest.mark.parametrize("text", ["suite: test-a\nwhy: short\n",
                                  "suite: test-a\nwhy: a reason long enough to read\nid: x\n",
                                  "why: a reason long enough to read, but no suite\n"])
def test_a_reason_that_says_nothing_is_refused(text):
    _, errors = run.read_reasons("no_mutant.txt", text)
    assert len(errors) == 1
