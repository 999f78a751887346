# tests/contributing/contributing.mk - CONTRIBUTING.md's worked examples (run.py): each
# patch tests/contributing/NAME.patch applied in a scratch copy (build/contrib/NAME), the
# docs regenerated, its suites run there, two examples at a time. Fails when an example no
# longer applies or its suites fail; not run again while the tree's digest is that of the
# last run that passed. `make bench` reports the files each one edits by hand
# (contrib_files_NAME).
CONTRIB_RUN := $(PYTHON) -m tests.contributing.run

.PHONY: test-contributing bench-contributing
test-contributing:
	@$(PYTEST) -q tests/contributing
	@$(CONTRIB_RUN) run
TEST_TARGETS += test-contributing
# it copies build/ into its scratch copies: nothing may be writing there meanwhile (once
# they are made it says so, and other suites may run beside it: tests/suites.py)
TEST_ALONE += test-contributing
bench-contributing:
	@$(CONTRIB_RUN) count
BENCH_TARGETS += bench-contributing
BENCH_QUICK_TARGETS += bench-contributing
