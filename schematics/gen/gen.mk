# schematics/gen/gen.mk - the shield's generated files and fab outputs (KiCad 9).
#
#   make gerbers               build/fab/ttt-shield-r3.zip for the board house
#   make kicad-generate        regenerate the committed files and pictures (maintainers)
#   make kicad-update-libs     refresh schematics/lib/ (the vendored stock symbols,
#                              footprints and 3D models) from Debian's KiCad library
#                              packages of the installed KiCad's version (apt-get
#                              download, never installed), then kicad-generate
#   make kicad-stats           board size, track/via counts, smallest clearance and text
#
# The checks are in tests/shield/shield.mk. The project reads symbols, footprints and 3D
# models only from schematics/lib/, so every target here runs with KiCad's stock library
# locations pointed at an empty folder (the 3D render at schematics/lib/3dmodels).

KICAD_DIR := $(BUILD)/kicad
KICAD_PY := /usr/bin/python3
KICAD_SCH := schematics/ttt-shield.kicad_sch
KICAD_PCB := schematics/ttt-shield.kicad_pcb
KICAD_NET := $(KICAD_DIR)/ttt-shield.net
KICAD_PROJECT := schematics/ttt-shield.kicad_pro schematics/sym-lib-table schematics/fp-lib-table
KICAD_LIBS := $(wildcard schematics/lib/symbols/*.kicad_sym schematics/lib/footprints/*/*.kicad_mod \
	schematics/footprints/*/*.kicad_mod)
KICAD_GEN := schematics/gen
KICAD_ENV := KICAD_REPORT_DIR=$(KICAD_DIR)
# Where KiCad would find its installed libraries: an empty folder.
KICAD_NO_STOCK := $(abspath $(KICAD_DIR))/no-stock-libs
KICAD_GEN_TARGETS := gerbers-run kicad-stats kicad-generate
$(KICAD_GEN_TARGETS): export KICAD9_SYMBOL_DIR := $(KICAD_NO_STOCK)
$(KICAD_GEN_TARGETS): export KICAD9_FOOTPRINT_DIR := $(KICAD_NO_STOCK)
$(KICAD_GEN_TARGETS): export KICAD9_3DMODEL_DIR := $(KICAD_NO_STOCK)
$(KICAD_GEN_TARGETS): | kicad-no-stock
kicad-no-stock:
	@mkdir -p $(KICAD_NO_STOCK) && if [ -n "$$(ls -A $(KICAD_NO_STOCK))" ]; then \
		echo "$(KICAD_NO_STOCK) must be empty"; exit 1; fi

$(KICAD_NET): $(KICAD_SCH) $(KICAD_PROJECT)
	@mkdir -p $(@D)
	@kicad-cli sch export netlist --format kicadsexpr -o $@ $< >/dev/null

.PHONY: gerbers gerbers-run kicad-stats kicad-generate kicad-update-libs kicad-no-stock

gerbers: deps
	@$(MAKE) --no-print-directory gerbers-run
gerbers-run:
	@$(PYTHON) -m schematics.gen.fab $(KICAD_PCB) $(KICAD_SCH) $(BUILD)/fab

kicad-stats:
	@$(KICAD_ENV) $(PYTHON) -m tests.shield.check_kicad stats $(KICAD_PCB) $(KICAD_DIR)/stats

kicad-update-libs:
	$(PYTHON) -m schematics.gen.update_libs --debs $(KICAD_DIR)/debs
	$(MAKE) --no-print-directory kicad-generate
	@sed -n 4,6p schematics/lib/SOURCE.txt
	@echo "kicad-update-libs: review git diff schematics/, then make test"

kicad-generate:
	$(PYTHON) -m schematics.gen.footprints
	$(PYTHON) -m schematics.gen.models
	$(PYTHON) -m schematics.gen.schematic
	kicad-cli sch export netlist --format kicadsexpr -o $(KICAD_NET) $(KICAD_SCH) >/dev/null
	$(PYTHON) -m schematics.gen.pcb $(KICAD_NET) $(KICAD_PCB)
	$(PYTHON) -m schematics.gen.fab bom $(KICAD_SCH) schematics/bom.csv
	$(PYTHON) -m schematics.gen.fab pictures $(KICAD_PCB) $(KICAD_SCH) $(KICAD_DIR)/pictures schematics
