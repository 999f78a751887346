# tests/case/case.mk - the case's fits, meshes, keys, light and assembly (pytest:
# tests/case/test_*.py).
#
#   make test-case   the fits computed from the layout (case/fit.py) hold and each check
#                    catches its planted mistake (an M3 head at the header hole, an M3 head
#                    0.2 mm larger at x 66.04 on the old wall, a cap without play or key, a
#                    shield seated 0.5 mm high with the old margin, ...); the keys press
#                    straight at every point (case/keys.py; the r1 key, its actuator 4 mm off
#                    the cap's centre with only the lid's plate to guide it, is caught); the
#                    light fills its cap's top and stays in its cell (case/light.py; a cap
#                    without its diffuser and a wall taken out are caught); the
#                    print sheet replayed on the meshes goes together (case/assembly.py; the
#                    old step 3 and a cap turned 180 degrees are caught); the inputs (menu
#                    export, Uno drawing, parts.json) are cross-checked and bad ones refused;
#                    the meshes of `make case` are closed, printable and measured (openings,
#                    cells, caps, their raised numbers, jacks, a 12 mm DC plug, lid
#                    clearance; lids without the USB-B or the DC opening are caught); the
#                    committed print sheet, card and pictures are current.

CASE_PLANT := $(CASE_DIR)/planted

$(CASE_PLANT)/case-lid-no-usb.stl $(CASE_PLANT)/case-lid-no-dc.stl: \
		$(CASE_PLANT)/case-lid-no-%.stl: $(CASE_SCAD) $(CASE_PARAMS)
	@mkdir -p $(@D)
	$(OPENSCAD_CASE) -D 'part="lid"' -D 'omit_opening="$(if $(filter usb,$*),USB-B,DC)"' \
		-o $@ case/case.scad
$(CASE_PLANT)/case-cap5-turned.stl: $(CASE_SCAD) $(CASE_PARAMS)
	@mkdir -p $(@D)
	$(OPENSCAD_CASE) -D 'part="cap"' -D 'cap_index=4' -D 'cap_turn=180' -o $@ case/case.scad
$(CASE_PLANT)/case-cap5-no-diffuser.stl: $(CASE_SCAD) $(CASE_PARAMS)
	@mkdir -p $(@D)
	$(OPENSCAD_CASE) -D 'part="cap"' -D 'cap_index=4' -D 'cap_diffuser=false' -o $@ case/case.scad

.PHONY: test-case
test-case: case $(CASE_PLANT)/case-lid-no-usb.stl $(CASE_PLANT)/case-lid-no-dc.stl \
		$(CASE_PLANT)/case-cap5-turned.stl $(CASE_PLANT)/case-cap5-no-diffuser.stl
	CASE_BUILD=$(CASE_DIR) CASE_MENU=$(CASE_MENU) $(PYTEST) -q -p no:warnings tests/case

TEST_TARGETS += test-case
