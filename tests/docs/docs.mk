# tests/docs/docs.mk - the documents: every bench figure a README quotes must be what the
# bench measures now, so the docs cannot drift from the code (figures.py; runs the whole
# bench, about 20 s of simulation), and every relative link must resolve (links.py).
# `make figures` runs the bench and rewrites the quoted figures in place.
DOCS := $(shell find . -name '*.md' -not -path './build/*' -not -path '*/node_modules/*' \
	-not -path './.git/*' | sort)

.PHONY: test-doc-links test-docs figures
test-doc-links:
	@[ $$(wc -l < README.md) -le 250 ] || { echo "README.md: $$(wc -l < README.md) lines, the front door keeps to 250"; exit 1; }
	@$(PYTEST) -q tests/docs
	@$(PYTHON) -m tests.docs.links $(DOCS)
test-docs:
	@$(MAKE) --no-print-directory bench-figures > /dev/null
	@$(PYTHON) -m tests.docs.figures check $(BENCH_TXT) $(DOCS)
TEST_TARGETS += test-doc-links test-docs
# the whole bench: nothing beside it (its figures, its build)
TEST_ALONE += test-docs
# The bench's figures into the documents, then its goals (a missed goal still fails).
figures: deps
	@$(MAKE) --no-print-directory bench-figures
	@$(PYTHON) -m tests.docs.figures update $(BENCH_TXT) $(DOCS)
	@$(PYTHON) -m tests.docs.figures goals $(BENCH_TXT)

# The tables' copies in the docs (tables.py): firmware/README.md's commands, `menu:`
# line and sounds, README.md's menu row (print_menu); and every fact span of every
# document (facts.py: `<!-- fact:KEY -->...<!-- /fact -->`, from build/gen/*.json).
# Stale, test-docs-tables fails naming `make docs-tables`, which rewrites them.
TABLE_DOCS := README.md firmware/README.md
.PHONY: docs-tables test-docs-tables
DOCS_TABLES_JSON := $(GEN_DIR)/menu.json $(GEN_DIR)/commands.json $(GEN_DIR)/sounds.json
DOCS_FACTS_JSON := $(DOCS_TABLES_JSON) $(FACTS_JSON) $(PINS_JSON)
docs-tables: readme-menu $(DOCS_FACTS_JSON)
	@$(PYTHON) -m tests.docs.tables update $(DOCS_TABLES_JSON) $(TABLE_DOCS)
	@$(PYTHON) -m tests.docs.facts update $(GEN_DIR) $(DOCS)
test-docs-tables: test-menu-docs $(DOCS_FACTS_JSON)
	@$(PYTHON) -m tests.docs.tables check $(DOCS_TABLES_JSON) $(TABLE_DOCS)
	@$(PYTHON) -m tests.docs.facts check $(GEN_DIR) $(DOCS)
	@$(PYTEST) -q tests/docs/test_tables.py tests/docs/test_facts.py
	@echo "test-docs-tables: the docs' menu line, command rows and quoted facts match the tables"
TEST_TARGETS += test-docs-tables
