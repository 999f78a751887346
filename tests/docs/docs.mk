# tests/docs/docs.mk - the documents' figures checked against `make bench` (figures.py):
# every bench figure a README quotes must be what the bench measures now, so the docs
# cannot drift from the code. Runs the whole bench (about 20 s of simulation).
DOCS := $(shell find . -name '*.md' -not -path './build/*' -not -path '*/node_modules/*' \
	-not -path './.git/*' | sort)

.PHONY: test-docs
test-docs:
	python3 tests/docs/figures.py self-test
	@$(MAKE) --no-print-directory bench-figures > /dev/null
	python3 tests/docs/figures.py check $(BENCH_TXT) $(DOCS)
TEST_TARGETS += test-docs
