# tests/mutants/mutants.mk - mutation testing (tests/mutants/README.md): realistic bugs
# planted one at a time in a scratch copy of the tree (build/mutants/work-N), each of
# which a listed behaviour suite must fail on.
#
#   make mutants               every mutant (tests/mutants/*.txt and the shield's
#                              tests/shield/planted.txt); summary in build/mutants.txt
#   make test-mutants-apply    every record still applies to the code (no build: fast)
#   make test-mutants-sample   in make test: the runner's tests, the records apply,
#                              and the mutants marked `sample: yes` (killed as expected,
#                              the equivalent one surviving); not run again while the
#                              tree's digest is that of the last sample that passed
MUTANTS_RUN := $(PYTHON) -m tests.mutants.run
MUTANTS_JOBS ?= 2
MUTANTS_TXT := $(BUILD)/mutants.txt

.PHONY: mutants mutants-run test-mutants-apply test-mutants-sample mutants-suites
mutants: deps
	@$(MAKE) --no-print-directory mutants-run
# the scratch copies link the tree's node_modules (the web model's mutants need them)
mutants-run: all $(WEB_NODE_MODULES)
	@mkdir -p $(BUILD)
	@$(MUTANTS_RUN) run -j $(MUTANTS_JOBS) --summary $(MUTANTS_TXT)
test-mutants-apply:
	@$(PYTEST) -q tests/mutants
	@$(MUTANTS_RUN) check
test-mutants-sample: test-mutants-apply all
	@$(MUTANTS_RUN) run --sample -j $(MUTANTS_JOBS)
TEST_TARGETS += test-mutants-sample
# the records' counts, for the documents (the kill rate is `make mutants`' own report)
.PHONY: bench-mutants
bench-mutants:
	@$(MUTANTS_RUN) count
BENCH_TARGETS += bench-mutants
BENCH_QUICK_TARGETS += bench-mutants
# the suites a record may name (run.py asks, so a renamed suite is a stale record)
mutants-suites:
	@echo $(TEST_TARGETS)
TEST_ALONE += test-mutants-sample
