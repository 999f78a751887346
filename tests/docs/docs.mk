# tests/docs/docs.mk - the documents: every figure a document quotes is what FIGURES.md
# holds, the file `make figures` writes from the whole bench (figures.py); every relative
# link resolves (links.py).
DOCS := $(shell find . -name '*.md' -not -path './build/*' -not -path '*/node_modules/*' \
	-not -path './.git/*' | sort)
FIGURES_MD := FIGURES.md

.PHONY: test-doc-links test-docs figures bench-quick
test-doc-links:
	@[ $$(wc -l < README.md) -le 250 ] || { echo "README.md: $$(wc -l < README.md) lines, the front door keeps to 250"; exit 1; }
	@$(PYTEST) -q tests/docs
	@$(PYTHON) -m tests.docs.links $(DOCS)
# No bench: the documents quote FIGURES.md, FIGURES.md is as `make figures` writes it with
# every goal met, and the quick figures (BENCH_QUICK_TARGETS: read from `make all`'s
# build in seconds) meet their goals now. A moved byte count is a note, not a failure.
BENCH_QUICK_TXT := $(BUILD)/bench-quick.txt
bench-quick:
	@mkdir -p $(BUILD); $(MAKE) --no-print-directory -j1 $(BENCH_QUICK_TARGETS) > $(BENCH_QUICK_TXT)
test-docs: $(BENCH_QUICK_FILES)
	@$(MAKE) --no-print-directory bench-quick
	@$(PYTHON) -m tests.docs.figures check $(FIGURES_MD) $(BENCH_QUICK_TXT) $(DOCS)
TEST_TARGETS += test-doc-links test-docs
# The whole bench into FIGURES.md, the documents' quotes from it, then its goals (a missed
# goal still fails).
figures: deps
	@$(MAKE) --no-print-directory bench-figures
	@$(PYTHON) -m tests.docs.figures write $(BENCH_TXT) $(FIGURES_MD)
	@$(PYTHON) -m tests.docs.figures update $(FIGURES_MD) $(DOCS)
	@$(PYTHON) -m tests.docs.figures goals $(BENCH_TXT)

# The tables' copies in the docs (tables.py): firmware/README.md's commands, `menu:`
# line and sounds, README.md's menu row (print_menu); and every fact span of every
# document (facts.py: `<!-- fact:KEY -->...<!-- /fact -->`, from build/gen/*.json).
# Stale, test-docs-tables fails naming `make docs-tables`, which rewrites them.
TABLE_DOCS := README.md firmware/README.md
.PHONY: docs-tables test-docs-tables
DOCS_TABLES_JSON := $(GEN_DIR)/menu.json $(GEN_DIR)/commands.json $(GEN_DIR)/sounds.json \
	$(GEN_DIR)/states.json
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
