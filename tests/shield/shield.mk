# tests/shield/shield.mk - the shield's checks: KiCad's own, and the design's intent.
#
#   make test-kicad-erc        KiCad's ERC on the schematic: 0 errors, 0 warnings
#   make test-kicad-drc        KiCad's DRC with schematic parity and the fab rules of the
#                              project (silk text >= 1.0 mm / 0.15 mm, silk off pads, no
#                              track/via/pour over the Uno's jacks on the bottom): 0
#                              violations, 0 unconnected items, 0 parity issues
#   make test-kicad-pinmap     pins.h x symbol x netlist x PCB pads agree for every header
#                              pin; four deliberately broken copies must each be caught
#   make test-kicad-generated  the committed schematic, pin table, PCB, BOM, derived
#                              footprint and key model are exactly what the generators
#                              make from the current sources; test_gen.py: the
#                              generators' pure parts, each check failing on planted input
#   make test-kicad-fab        the fab outputs build; drill hits = through-hole pads + vias;
#                              every machine-placed part in the placement file once, at
#                              its body's centre; the BOM one MPN per row, Qty its count
#                              of designators (test_fab.py: planted rows caught); the job
#                              file states the finish; service.py reads the zip as an
#                              assembly service does (Qty, designators, top side only,
#                              inside the board, the hand-solder list apart)
#   make test-kicad-intent     the circuit's intent: KiCad's netlist equals the generator's
#                              connection list (schematics/gen/circuit.py), no two-terminal
#                              part has both pins on one net, the piezo hangs on OC2A (D11)
#                              through one series resistor (either pin of the piezo on
#                              GND) and nothing else shares that pin, no two schematic
#                              texts overlap, every text of KiCad's SVG export inside the
#                              sheet's frame and the title block (schframe),
#                              the case's key caps on the plungers keep its lid over the
#                              tallest part and clear the LEDs (case/caselib.py's rules on
#                              parts.json's heights); test_readme.py:
#                              schematics/README.md's bend distances, trim note, lid and
#                              rule severities as the footprint, PCB, case and project have them
#   make test-kicad-spice      ngspice on KiCad's own SPICE export: the LED model's fit to
#                              parts.json, LED currents (1, 2, 3 lit) at the V_F bins'
#                              middle and low end, pin, port and VCC sums, rows dark in
#                              reset, all 512 key sets;
#                              the sounder's pin current and swing at 250 Hz-4 kHz, ISP's
#                              MOSI edges through it at 1 MHz SCK (spice_sound.py)
#   make test-kicad-silk       the silkscreen (test_silk.py): nothing off the board on
#                              either side, lines >= 0.15 mm, polarity letters upright,
#                              0.5 mm clear of other silk text and nearer their own part
#                              than any other part's text (silk-owner); planted copies fail
#   make test-kicad-planted    the planted mistakes of tests/shield/planted.txt (shorted
#                              resistor, reversed diode, swapped MOSFET D/S, swapped LED
#                              colours, key on the wrong column, silk lines at 0.10 mm,
#                              J1's stock silk, a BOM row with two MPNs, the piezo without
#                              its resistor, the sounder on a used pin, J1 placed on the
#                              bottom, the S/G/D by LED7's R, ...) each fail the check
#                              its record names, run alone on a regenerated copy; not run
#                              again while its inputs' digest is that of the last run that
#                              passed (tests/shield/planted.py)
#   make test-kicad-backports  .ci/enable-backports.sh on deb822, classic and odd sources
#   make bench-shield          each cell's brightness (mcd averaged over time) at full,
#                              medium and night, per colour (brightness.py)
#   make test-board-r1         BOARD=uno_shield_r1 (r1/r2, no sounder) still builds the
#                              firmware, its print_pins has no sound pin, r3's has PB3
#
# Every check runs with KiCad's stock library locations pointed at an empty folder
# (schematics/gen/gen.mk): if anything still reached for the installed libraries,
# ERC/DRC would report a missing library and fail.

SHIELD_CHECK_TARGETS := test-kicad-erc test-kicad-drc test-kicad-pinmap test-kicad-generated \
	test-kicad-fab test-kicad-intent test-kicad-spice test-kicad-planted test-kicad-silk
$(SHIELD_CHECK_TARGETS): export KICAD9_SYMBOL_DIR := $(KICAD_NO_STOCK)
$(SHIELD_CHECK_TARGETS): export KICAD9_FOOTPRINT_DIR := $(KICAD_NO_STOCK)
$(SHIELD_CHECK_TARGETS): export KICAD9_3DMODEL_DIR := $(KICAD_NO_STOCK)
$(SHIELD_CHECK_TARGETS): | kicad-no-stock

.PHONY: $(SHIELD_CHECK_TARGETS) test-kicad-backports

KICAD_CIR := $(KICAD_DIR)/ttt-shield.cir
$(KICAD_CIR): $(KICAD_SCH) $(KICAD_PROJECT) schematics/spice/models.lib
	@mkdir -p $(@D)
	@kicad-cli sch export netlist --format spice -o $@ $< >/dev/null

test-kicad-erc:
	@$(KICAD_ENV) $(PYTEST) -q -p no:warnings -rA tests/shield/test_kicad.py -k erc

test-kicad-drc:
	@$(KICAD_ENV) $(PYTEST) -q -p no:warnings -rA tests/shield/test_kicad.py -k drc

# The mutated board header: a copy of board/ with PD2/PD3 swapped; its own copy of
# print_pins.c is compiled, so every quoted include resolves inside the copy.
$(KICAD_DIR)/print_pins_bad: $(PRINT_PINS_SRC) $(wildcard board/*.h board/*/*.h) tests/shield/check_pinmap.py
	@mkdir -p $(@D)
	@rm -rf $(KICAD_DIR)/board_bad && cp -r board $(KICAD_DIR)/board_bad
	@$(PYTHON) -m tests.shield.check_pinmap --mutate-header $(KICAD_DIR)/board_bad/$(BOARD)/pins.h >/dev/null
	@$(HOST_CC) -I$(KICAD_DIR)/board_bad $(HOST_CFLAGS) -MMD -MF /dev/null -o $@ \
		$(KICAD_DIR)/board_bad/$(notdir $(PRINT_PINS_SRC))

# The schematic with the D8/D9 labels swapped, through KiCad's own netlister.
$(KICAD_DIR)/bad_sch/ttt-shield.net: $(KICAD_SCH) $(KICAD_PROJECT) $(KICAD_LIBS) tests/shield/check_pinmap.py
	@rm -rf $(@D) && mkdir -p $(@D) && cp -r $(KICAD_SCH) $(KICAD_PROJECT) schematics/lib schematics/spice $(@D)/
	@$(PYTHON) -m tests.shield.check_pinmap --mutate-schematic $(@D)/ttt-shield.kicad_sch >/dev/null
	@kicad-cli sch export netlist --format kicadsexpr -o $@ $(@D)/ttt-shield.kicad_sch >/dev/null

PINMAP = $(PYTHON) -m tests.shield.check_pinmap --pcb $(KICAD_PCB)
test-kicad-pinmap: $(PRINT_PINS) $(KICAD_DIR)/print_pins_bad $(KICAD_NET) $(KICAD_DIR)/bad_sch/ttt-shield.net
	@set -e; pass=0; \
	$(PYTEST) -q -p no:warnings tests/shield/test_pinmap.py; pass=$$((pass + 1)); \
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
KICAD_REGEN_FILES := footprints/Shield.pretty/Arduino_UNO_R3_Shield.kicad_mod 3dmodels/B3F-1070.wrl \
	ttt-shield.kicad_sch pins.md ttt-shield.kicad_pcb bom.csv
test-kicad-generated:
	@set -e; rm -rf $(KICAD_REGEN) && mkdir -p $(KICAD_REGEN); \
	$(PYTHON) -m schematics.gen.footprints --out $(KICAD_REGEN) >/dev/null; \
	$(PYTHON) -m schematics.gen.models --out $(KICAD_REGEN) >/dev/null; \
	$(PYTHON) -m schematics.gen.schematic --out $(KICAD_REGEN) >/dev/null; \
	cp -r $(KICAD_PROJECT) schematics/lib schematics/spice $(KICAD_REGEN)/; \
	kicad-cli sch export netlist --format kicadsexpr -o $(KICAD_REGEN)/ttt-shield.net \
		$(KICAD_REGEN)/ttt-shield.kicad_sch >/dev/null; \
	$(PYTHON) -m schematics.gen.pcb $(KICAD_REGEN)/ttt-shield.net $(KICAD_REGEN)/ttt-shield.kicad_pcb >/dev/null; \
	$(PYTHON) -m schematics.gen.fab bom $(KICAD_REGEN)/ttt-shield.kicad_sch $(KICAD_REGEN)/bom.csv; \
	fail=0; for f in $(KICAD_REGEN_FILES); do \
		if cmp -s $(KICAD_REGEN)/$$f schematics/$$f; then echo "test-kicad-generated: $$f up to date"; \
		else echo "test-kicad-generated: schematics/$$f differs from its generator's output (make kicad-generate)"; \
			fail=$$((fail + 1)); fi; \
	done; \
	echo "test-kicad-generated: $$(($(words $(KICAD_REGEN_FILES)) - fail)) passed, $$fail failed"; [ $$fail -eq 0 ]
	@$(PYTEST) -q -p no:warnings tests/shield/test_gen.py

test-kicad-fab:
	@$(PYTHON) -m schematics.gen.fab $(KICAD_PCB) $(KICAD_SCH) $(KICAD_DIR)/fab
	@$(PYTHON) -m tests.shield.service $(KICAD_DIR)/fab/ttt-shield-r3.zip
	@$(PYTEST) -q -p no:warnings tests/shield/test_fab.py tests/shield/test_models.py

test-kicad-intent:
	@$(PYTEST) -q -p no:warnings -rA tests/shield/test_intent.py tests/shield/test_readme.py

test-kicad-spice: $(KICAD_CIR)
	@$(PYTEST) -q -p no:warnings tests/shield/test_spice_sound.py tests/shield/test_spice_proofs.py
	@$(PYTHON) -m tests.shield.spice_proofs $(KICAD_CIR) --work $(KICAD_DIR)/spice

test-kicad-silk:
	@$(PYTEST) -q -p no:warnings tests/shield/test_silk.py

test-kicad-planted:
	@$(PYTHON) -m tests.shield.planted tests/shield/planted.txt $(KICAD_DIR)/planted

test-kicad-backports:
	@sh .ci/test_enable_backports.sh

# Each cell's brightness for `make bench` (brightness.py): the LED dies' currents from
# ngspice on KiCad's export, their intensity from parts.json, the duty from the firmware's
# brightness table (led_duty.c on hal/leds_levels.h and hal/leds_duty.h).
SHIELD_LED_DUTY := $(HOST_DIR)/tests/shield/led_duty
$(SHIELD_LED_DUTY): tests/shield/led_duty.c hal/leds_duty.h hal/leds_levels.h hal/leds.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<
.PHONY: bench-shield
bench-shield: export KICAD9_SYMBOL_DIR := $(KICAD_NO_STOCK)
bench-shield: export KICAD9_FOOTPRINT_DIR := $(KICAD_NO_STOCK)
bench-shield: export KICAD9_3DMODEL_DIR := $(KICAD_NO_STOCK)
bench-shield: $(KICAD_CIR) $(SHIELD_LED_DUTY) | kicad-no-stock
	@$(PYTHON) -m tests.shield.brightness $(KICAD_CIR) $(SHIELD_LED_DUTY) --work $(KICAD_DIR)/brightness
BENCH_TARGETS += bench-shield
ALL_TARGETS += $(SHIELD_LED_DUTY)

TEST_TARGETS += test-kicad-erc test-kicad-drc test-kicad-pinmap test-kicad-generated \
	test-kicad-fab test-kicad-intent test-kicad-spice test-kicad-planted test-kicad-silk \
	test-kicad-backports

# The committed schematic remade from its generator alone: the mutation runner's shield
# records (tests/shield/planted.txt, `prepare: kicad-schematic`) change the generator,
# and the checks read the schematic.
.PHONY: kicad-schematic kicad-pcb
kicad-schematic:
	@$(PYTHON) -m schematics.gen.schematic >/dev/null
# The same for the board's records: schematic, netlist, PCB and BOM from the generators.
kicad-pcb: kicad-schematic | kicad-no-stock
	@mkdir -p $(KICAD_DIR)
	@KICAD9_FOOTPRINT_DIR=$(KICAD_NO_STOCK) KICAD9_SYMBOL_DIR=$(KICAD_NO_STOCK) kicad-cli sch \
		export netlist --format kicadsexpr -o $(KICAD_DIR)/prepare.net $(KICAD_SCH) >/dev/null
	@$(PYTHON) -m schematics.gen.pcb $(KICAD_DIR)/prepare.net $(KICAD_PCB) >/dev/null
	@$(PYTHON) -m schematics.gen.fab bom $(KICAD_SCH) schematics/bom.csv

# Revision r1/r2's pin map (board/uno_shield_r1, no sounder) still builds: the whole
# firmware image, in its own build folder, and its print_pins names no sound pin while
# the default board's (r3) does.
R1_BUILD := $(BUILD)/r1
.PHONY: test-board-r1
test-board-r1: $(PRINT_PINS)
	@$(MAKE) --no-print-directory BOARD=uno_shield_r1 BUILD=$(R1_BUILD) \
		$(R1_BUILD)/avr/ttt.elf $(R1_BUILD)/host/board/print_pins >/dev/null
	@set -e; \
	if $(R1_BUILD)/host/board/print_pins --json | grep -q '"sound"'; then \
		echo "test-board-r1: uno_shield_r1's pin map names a sound pin"; exit 1; fi; \
	$(PRINT_PINS) --json | $(PYTHON) -c 'import json, sys; p = json.load(sys.stdin); \
		assert p["sound"] == {"port": 0, "bit": 3}, p.get("sound")' || \
		{ echo "test-board-r1: $(BOARD) must print sound = PB3"; exit 1; }; \
	echo "test-board-r1: uno_shield_r1 builds ($$(avr-size -B $(R1_BUILD)/avr/ttt.elf | \
		awk 'NR == 2 {print $$1 + $$2}') bytes of flash) without a sound pin; 2 passed, 0 failed"
TEST_TARGETS += test-board-r1
