# tests/docs/docs.mk - the documents: every bench figure a README quotes must be what the
# bench measures now, so the docs cannot drift from the code (figures.py; runs the whole
# bench, about 20 s of simulation), and every relative link must resolve (links.py).
DOCS := $(shell find . -name '*.md' -not -path './build/*' -not -path '*/node_modules/*' \
	-not -path './.git/*' | sort)

.PHONY: test-docs test-doc-links
test-doc-links:
	@[ $$(wc -l < README.md) -le 250 ] || { echo "README.md: $$(wc -l < README.md) lines, the front door keeps to 250"; exit 1; }
	python3 tests/docs/links.py --self-test
	python3 tests/docs/links.py $(DOCS)
test-docs:
	python3 tests/docs/figures.py self-test
	@$(MAKE) --no-print-directory bench-figures > /dev/null
	python3 tests/docs/figures.py check $(BENCH_TXT) $(DOCS)
TEST_TARGETS += test-doc-links test-docs
# the whole bench: nothing beside it (its figures, its build)
TEST_ALONE += test-docs
