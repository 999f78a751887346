# schematics/schematics.mk - the shield as a KiCad 9 project: checks and fab outputs.
#
#   make test-kicad-erc        KiCad's ERC on the schematic: 0 errors, 0 warnings
#   make test-kicad-drc        KiCad's DRC with schematic parity: 0 violations,
#                              0 unconnected items, 0 parity issues
#   make test-kicad-pinmap     pins.h x symbol x netlist x PCB pads agree for every header
#                              pin; four deliberately broken copies must each be caught
#                              (and the pins.h breaker works on other header layouts)
#   make test-kicad-generated  the committed schematic, pin table, PCB and BOM are exactly what
#                              the generators make from the current sources
#   make test-kicad-fab        the fab outputs build; drill hits = through-hole pads + vias
#   make test-kicad-backports  .ci/enable-backports.sh on deb822, classic and odd sources
#   make gerbers               build/fab/ttt-shield-r1.zip for the board house
#   make kicad-stats           board size, track/via counts, smallest clearance
#   make kicad-generate        regenerate the committed files and pictures (maintainers)
#   make kicad-update-libs     refresh schematics/lib/ (the vendored stock symbols and
#                              footprints) from the installed KiCad 9 libraries, then
#                              kicad-generate (maintainers; review the diff)
#
# The project reads symbols and footprints only from schematics/lib/ (its sym-lib-table
# and fp-lib-table point there), so every check here runs with KiCad's stock library
# locations pointed at an empty folder: if anything still reached for the installed
# libraries, ERC/DRC would report a missing library and fail.

KICAD_DIR := $(BUILD)/kicad
KICAD_PY := /usr/bin/python3
KICAD_SCH := schematics/ttt-shield.kicad_sch
KICAD_PCB := schematics/ttt-shield.kicad_pcb
KICAD_NET := $(KICAD_DIR)/ttt-shield.net
KICAD_PROJECT := schematics/ttt-shield.kicad_pro schematics/sym-lib-table schematics/fp-lib-table
KICAD_LIBS := $(wildcard schematics/lib/symbols/*.kicad_sym schematics/lib/footprints/*/*.kicad_mod)
KICAD_ENV := KICAD_REPORT_DIR=$(KICAD_DIR)
# Where KiCad would find its installed libraries: an empty folder for every check.
KICAD_NO_STOCK := $(abspath $(KICAD_DIR))/no-stock-libs
KICAD_CHECK_TARGETS := test-kicad-erc test-kicad-drc test-kicad-pinmap test-kicad-generated \
	test-kicad-fab kicad-stats gerbers-run
$(KICAD_CHECK_TARGETS): export KICAD9_SYMBOL_DIR := $(KICAD_NO_STOCK)
$(KICAD_CHECK_TARGETS): export KICAD9_FOOTPRINT_DIR := $(KICAD_NO_STOCK)
$(KICAD_CHECK_TARGETS): export KICAD9_3DMODEL_DIR := $(KICAD_NO_STOCK)
$(KICAD_CHECK_TARGETS): | kicad-no-stock
kicad-no-stock:
	@mkdir -p $(KICAD_NO_STOCK) && if [ -n "$$(ls -A $(KICAD_NO_STOCK))" ]; then \
		echo "$(KICAD_NO_STOCK) must be empty"; exit 1; fi

$(KICAD_NET): $(KICAD_SCH) $(KICAD_PROJECT)
	@mkdir -p $(@D)
	@kicad-cli sch export netlist --format kicadsexpr -o $@ $< >/dev/null

.PHONY: test-kicad-erc test-kicad-drc test-kicad-pinmap test-kicad-generated \
	test-kicad-fab test-kicad-backports gerbers gerbers-run kicad-stats kicad-generate \
	kicad-update-libs kicad-no-stock

test-kicad-erc:
	@$(KICAD_ENV) $(KICAD_PY) schematics/check_kicad.py erc $(KICAD_SCH)

test-kicad-drc:
	@$(KICAD_ENV) $(KICAD_PY) schematics/check_kicad.py drc $(KICAD_PCB)

# The mutated board header: a copy of board/ with PD2/PD3 swapped; its own copy of
# print_pins.c is compiled, so every quoted include resolves inside the copy.
$(KICAD_DIR)/print_pins_bad: $(PRINT_PINS_SRC) $(wildcard board/*.h board/*/*.h) schematics/check_pinmap.py
	@mkdir -p $(@D)
	@rm -rf $(KICAD_DIR)/board_bad && cp -r board $(KICAD_DIR)/board_bad
	@$(KICAD_PY) schematics/check_pinmap.py --mutate-header $(KICAD_DIR)/board_bad/$(BOARD)/pins.h >/dev/null
	@$(HOST_CC) -I$(KICAD_DIR)/board_bad $(HOST_CFLAGS) -MMD -MF /dev/null -o $@ \
		$(KICAD_DIR)/board_bad/$(notdir $(PRINT_PINS_SRC))

# The schematic with the D8/D9 labels swapped, through KiCad's own netlister.
$(KICAD_DIR)/bad_sch/ttt-shield.net: $(KICAD_SCH) $(KICAD_PROJECT) $(KICAD_LIBS) schematics/check_pinmap.py
	@rm -rf $(@D) && mkdir -p $(@D) && cp -r $(KICAD_SCH) $(KICAD_PROJECT) schematics/lib $(@D)/
	@$(KICAD_PY) schematics/check_pinmap.py --mutate-schematic $(@D)/ttt-shield.kicad_sch >/dev/null
	@kicad-cli sch export netlist --format kicadsexpr -o $@ $(@D)/ttt-shield.kicad_sch >/dev/null

PINMAP = $(KICAD_PY) schematics/check_pinmap.py --pcb $(KICAD_PCB)
test-kicad-pinmap: $(PRINT_PINS) $(KICAD_DIR)/print_pins_bad $(KICAD_NET) $(KICAD_DIR)/bad_sch/ttt-shield.net
	@set -e; pass=0; \
	$(KICAD_PY) schematics/check_pinmap.py --self-test-mutate-header; pass=$$((pass + 1)); \
	$(PINMAP) --pins-cmd $(PRINT_PINS) --netlist $(KICAD_NET); pass=$$((pass + 1)); \
	$(PINMAP) --pins-cmd $(PRINT_PINS) --netlist $(KICAD_NET) --mutate swap-pad --expect-fail; pass=$$((pass + 1)); \
	$(PINMAP) --pins-cmd $(PRINT_PINS) --netlist $(KICAD_NET) --mutate swap-pcb-net --expect-fail; pass=$$((pass + 1)); \
	$(PINMAP) --pins-cmd $(PRINT_PINS) --netlist $(KICAD_DIR)/bad_sch/ttt-shield.net --expect-fail; pass=$$((pass + 1)); \
	$(PRINT_PINS) > $(KICAD_DIR)/pins_good.txt; $(KICAD_DIR)/print_pins_bad > $(KICAD_DIR)/pins_bad.txt; \
	if cmp -s $(KICAD_DIR)/pins_good.txt $(KICAD_DIR)/pins_bad.txt; then \
		echo "test-kicad-pinmap: the PD2/PD3 swap did not change print_pins"; exit 1; fi; \
	$(PINMAP) --pins-cmd $(KICAD_DIR)/print_pins_bad --netlist $(KICAD_NET) --expect-fail; pass=$$((pass + 1)); \
	echo "test-kicad-pinmap: $$pass passed, 0 failed"

# Regenerate everything into a scratch folder and compare byte for byte.
KICAD_REGEN := $(KICAD_DIR)/regen
test-kicad-generated:
	@set -e; rm -rf $(KICAD_REGEN) && mkdir -p $(KICAD_REGEN); \
	python3 schematics/gen_schematic.py --out $(KICAD_REGEN) >/dev/null; \
	cp -r $(KICAD_PROJECT) schematics/lib $(KICAD_REGEN)/; \
	kicad-cli sch export netlist --format kicadsexpr -o $(KICAD_REGEN)/ttt-shield.net \
		$(KICAD_REGEN)/ttt-shield.kicad_sch >/dev/null; \
	$(KICAD_PY) schematics/gen_pcb.py $(KICAD_REGEN)/ttt-shield.net $(KICAD_REGEN)/ttt-shield.kicad_pcb >/dev/null; \
	$(KICAD_PY) schematics/fab.py bom $(KICAD_REGEN)/ttt-shield.kicad_sch $(KICAD_REGEN)/bom.csv; \
	fail=0; for f in ttt-shield.kicad_sch pins.md ttt-shield.kicad_pcb bom.csv; do \
		if cmp -s $(KICAD_REGEN)/$$f schematics/$$f; then echo "test-kicad-generated: $$f up to date"; \
		else echo "test-kicad-generated: schematics/$$f differs from its generator's output (make kicad-generate)"; \
			fail=$$((fail + 1)); fi; \
	done; \
	echo "test-kicad-generated: $$((4 - fail)) passed, $$fail failed"; [ $$fail -eq 0 ]

test-kicad-fab:
	@$(KICAD_PY) schematics/fab.py $(KICAD_PCB) $(KICAD_SCH) $(KICAD_DIR)/fab

test-kicad-backports:
	@sh schematics/test_enable_backports.sh

kicad-stats:
	@$(KICAD_ENV) $(KICAD_PY) schematics/check_kicad.py stats $(KICAD_PCB) $(KICAD_DIR)/stats

gerbers: deps
	@$(MAKE) --no-print-directory gerbers-run
gerbers-run:
	@$(KICAD_PY) schematics/fab.py $(KICAD_PCB) $(KICAD_SCH) $(BUILD)/fab

kicad-update-libs:
	python3 schematics/update_libs.py
	$(MAKE) --no-print-directory kicad-generate
	@sed -n 3,4p schematics/lib/SOURCE.txt
	@echo "kicad-update-libs: review git diff schematics/, then make test"

kicad-generate:
	python3 schematics/gen_schematic.py
	kicad-cli sch export netlist --format kicadsexpr -o $(KICAD_NET) $(KICAD_SCH) >/dev/null
	$(KICAD_PY) schematics/gen_pcb.py $(KICAD_NET) $(KICAD_PCB)
	$(KICAD_PY) schematics/fab.py bom $(KICAD_SCH) schematics/bom.csv
	kicad-cli sch export svg --exclude-drawing-sheet --no-background-color -o $(KICAD_DIR)/svg $(KICAD_SCH) >/dev/null
	sed 's| date [0-9/: ]*</title>|</title>|' $(KICAD_DIR)/svg/ttt-shield.svg > schematics/ttt-shield-schematic.svg
	$(KICAD_PY) schematics/fab.py $(KICAD_PCB) $(KICAD_SCH) $(KICAD_DIR)/fab --pictures schematics

TEST_TARGETS += test-kicad-erc test-kicad-drc test-kicad-pinmap test-kicad-generated \
	test-kicad-fab test-kicad-backports
