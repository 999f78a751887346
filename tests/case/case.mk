# tests/case/case.mk - the case's meshes and fit, measured (tests/case/check_case.py).
#
#   make test-case   each STL closed and manifold (admesh), on a 180 x 180 bed, walls
#                    >= 1.6 mm, no overhang needing support; the fit against the PCB and
#                    parts.json by ray casting: the LEDs through the lid (rays inside their
#                    outline see the sky, their bodies >= 0.25 mm from the holes' rims), the
#                    keys through it far enough to press, the lid between cells, >= 1 mm
#                    over every other part, the jacks' openings >= 0.5 mm clear. Then planted
#                    mistakes must each fail it: the PCB with LED5 moved 1.5 mm (a scratch
#                    copy, via pcbnew: into its hole's rim); a lid without the USB-B opening
#                    (and without its lettering, which only costs render time); R1 (and the
#                    other 270 R parts) made 12 mm taller in a copy of parts.json (through
#                    the lid); and the mesh checks' own synthetic meshes (check_case.py
#                    --self-test: a thin plate, an overhang, two parts, a hole in the
#                    surface). The generator must still derive the key mode: r2's plungers
#                    come through (plain holes), SW1's part with its actuator 4 mm shorter
#                    gets captive key caps. The committed print sheet and pictures (case/)
#                    must be what `make case` makes (make case-update).

CASE_PLANT := $(CASE_DIR)/planted
CASE_CHECK := $(CASE_PY) tests/case/check_case.py --dir $(CASE_DIR)

$(CASE_PLANT)/moved-led.kicad_pcb: $(CASE_PCB) tests/case/plant.py
	@mkdir -p $(@D)
	$(CASE_PY) tests/case/plant.py pcb $(CASE_PCB) $@ LED5 1.5

$(CASE_PLANT)/tall-r1.json: schematics/parts.json tests/case/plant.py tests/case/case.mk
	@mkdir -p $(@D)
	$(CASE_PY) tests/case/plant.py parts schematics/parts.json $@ R1 12

$(CASE_PLANT)/short-keys.json: schematics/parts.json tests/case/plant.py tests/case/case.mk
	@mkdir -p $(@D)
	$(CASE_PY) tests/case/plant.py parts schematics/parts.json $@ SW1 -4 actuator_top_mm

$(CASE_PLANT)/case-lid-no-usb.stl: case/case.scad $(CASE_PARAMS)
	@mkdir -p $(@D)
	$(OPENSCAD_CASE) -D 'part="lid"' -D 'omit_opening="USB-B"' -D engrave=false -o $@ case/case.scad

.PHONY: test-case
test-case: case $(CASE_PLANT)/moved-led.kicad_pcb $(CASE_PLANT)/tall-r1.json \
		$(CASE_PLANT)/case-lid-no-usb.stl $(CASE_PLANT)/short-keys.json
	@set -e; pass=0; \
	$(CASE_CHECK) --pcb $(CASE_PCB) --figures; pass=$$((pass + 1)); \
	$(CASE_CHECK) --pcb $(CASE_PLANT)/moved-led.kicad_pcb --skip-mesh \
		--expect-fail "LED5 (cell 5): the LED's body"; \
	pass=$$((pass + 1)); \
	$(CASE_CHECK) --pcb $(CASE_PCB) --lid $(CASE_PLANT)/case-lid-no-usb.stl --skip-mesh \
		--expect-fail "USB-B"; pass=$$((pass + 1)); \
	CASE_PARTS_JSON=$(CASE_PLANT)/tall-r1.json $(CASE_CHECK) --pcb $(CASE_PCB) --skip-mesh \
		--expect-fail "under the lid"; pass=$$((pass + 1)); \
	$(CASE_PY) tests/case/check_case.py --self-test; pass=$$((pass + 1)); \
	if $(case_is_capped); then echo "test-case: r2's plungers should come through the lid"; \
		exit 1; fi; pass=$$((pass + 1)); \
	CASE_PARTS_JSON=$(CASE_PLANT)/short-keys.json $(CASE_PY) case/gen_case.py $(CASE_PCB) \
		$(CASE_PLANT)/short-keys; \
	if grep -q '^P_key_mode = "cap";' $(CASE_PLANT)/short-keys/case-params.scad; then \
		pass=$$((pass + 1)); \
	else echo "test-case: actuators under the lid did not get key caps"; exit 1; fi; \
	if cmp -s $(CASE_DIR)/print-sheet.md case/print-sheet.md; then pass=$$((pass + 1)); \
	else echo "test-case: case/print-sheet.md is not what make case writes (make case-update)"; exit 1; fi; \
	for png in case-assembled.png case-exploded.png; do \
		diff=$$(compare -metric AE -fuzz 10% $(CASE_DIR)/$$png case/$$png null: 2>&1 || true); \
		if [ "$$diff" -le 3000 ] 2>/dev/null; then pass=$$((pass + 1)); \
		else echo "test-case: case/$$png differs from make case's ($$diff pixels; make case-update)"; \
			exit 1; fi; \
	done; \
	echo "test-case: $$pass passed, 0 failed"

TEST_TARGETS += test-case
