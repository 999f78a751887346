# tests/case/case.mk - the case's fits and meshes (pytest: tests/case/test_*.py).
#
#   make test-case   the fits computed from the layout (case/fit.py) hold and each check
#                    catches its planted mistake (an M3 head at the header hole, a cap
#                    without play, a cap that bottoms before actuation, ...); the inputs
#                    (menu export, Uno drawing, parts.json) are cross-checked and bad ones
#                    refused, a PCB with LED5 moved 1.5 mm is caught (its cap no longer
#                    covers it); the meshes of `make case` are closed, printable and measured
#                    (openings, caps, jacks, a 12 mm DC plug, lid clearance; lids without the
#                    USB-B or the DC opening are caught); the committed print sheet, card
#                    and pictures are current.

CASE_PLANT := $(CASE_DIR)/planted

$(CASE_PLANT)/case-lid-no-usb.stl $(CASE_PLANT)/case-lid-no-dc.stl: \
		$(CASE_PLANT)/case-lid-no-%.stl: $(CASE_SCAD) $(CASE_PARAMS)
	@mkdir -p $(@D)
	$(OPENSCAD_CASE) -D 'part="lid"' -D 'omit_opening="$(if $(filter usb,$*),USB-B,DC)"' \
		-o $@ case/case.scad

.PHONY: test-case
test-case: case $(CASE_PLANT)/case-lid-no-usb.stl $(CASE_PLANT)/case-lid-no-dc.stl
	CASE_BUILD=$(CASE_DIR) CASE_MENU=$(CASE_MENU) $(PYTEST) -q -p no:warnings tests/case

TEST_TARGETS += test-case
