# case/case.mk - a printable case for the Uno with the shield, generated from the PCB.
#
#   make case          build/case/: case-base.stl, case-lid.stl, case-keys.stl (captive key
#                      caps, when the switches do not reach through the lid), PNG renders
#                      of each part, of the assembled case and of the case opened up over
#                      the boards (drawn from the same parameters), print-sheet.md
#   make case-update   copy the print sheet and the assembled and exploded pictures into
#                      case/ for the README (maintainers; make test-case checks they are
#                      up to date)
#
# case/gen_case.py reads schematics/ttt-shield.kicad_pcb with pcbnew (Debian's python3),
# the heights from schematics/parts.json and the Uno's jacks from case/uno-r3.json, and
# writes the OpenSCAD include; case/case.scad is the geometry. OpenSCAD 2021 (Debian 12)
# has only CGAL: the lid, with its engraving, is the slow part (about a minute).

CASE_DIR := $(BUILD)/case
CASE_PY := /usr/bin/python3
CASE_PCB := schematics/ttt-shield.kicad_pcb
CASE_PARAMS := $(CASE_DIR)/case-params.scad
CASE_GEN_DEPS := case/gen_case.py case/caselib.py case/uno-r3.json schematics/parts.json \
	schematics/gen/parts.py $(CASE_PCB) README.md
OPENSCAD_CASE := env OPENSCADPATH=$(abspath $(CASE_DIR)) nice openscad -q
# Pictures: openscad's own renderer on a virtual display.
CASE_PNG_OPTS := --imgsize=1000,750 --viewall --autocenter --colorscheme=Tomorrow
CASE_VIEW := $(OPENSCAD_CASE) -D 'dir="$(abspath $(CASE_DIR))"'
case_is_capped = grep -q '^P_key_mode = "cap";' $(CASE_PARAMS)

$(CASE_PARAMS): $(CASE_GEN_DEPS)
	@mkdir -p $(@D)
	$(CASE_PY) case/gen_case.py $(CASE_PCB) $(CASE_DIR)

$(CASE_DIR)/case-base.stl $(CASE_DIR)/case-lid.stl: $(CASE_DIR)/case-%.stl: case/case.scad $(CASE_PARAMS)
	$(OPENSCAD_CASE) -D 'part="$*"' -o $@ case/case.scad

# Key caps only when the actuators stop under the lid (case/caselib.py decides).
$(CASE_DIR)/case-keys.stl: case/case.scad $(CASE_PARAMS)
	@rm -f $@; if $(case_is_capped); then \
		echo "$(OPENSCAD_CASE) -D 'part=\"keys\"' -o $@ case/case.scad"; \
		$(OPENSCAD_CASE) -D 'part="keys"' -o $@ case/case.scad; fi

CASE_STLS := $(CASE_DIR)/case-base.stl $(CASE_DIR)/case-lid.stl $(CASE_DIR)/case-keys.stl

# The parts with openscad --render (CGAL) from the STLs; the assembled stack with the
# preview renderer: CGAL refuses to union the imported lid with the base (an assertion
# in its Nef conversion), and the preview draws the same triangles, each part in its colour.
$(CASE_DIR)/case-base.png $(CASE_DIR)/case-lid.png: $(CASE_DIR)/case-%.png: $(CASE_STLS) case/view.scad
	xvfb-run -a $(CASE_VIEW) --render -D 'view="$*"' $(CASE_PNG_OPTS) \
		--camera=0,0,0,55,0,-35,0 -o $@ case/view.scad
$(CASE_DIR)/case-keys.png: $(CASE_STLS) case/view.scad
	@rm -f $@; if $(case_is_capped); then xvfb-run -a $(CASE_VIEW) --render -D 'view="keys"' \
		$(CASE_PNG_OPTS) --camera=0,0,0,55,0,-35,0 -o $@ case/view.scad; fi
$(CASE_DIR)/case-assembled.png: $(CASE_STLS) case/view.scad
	xvfb-run -a $(CASE_VIEW) --preview -D 'view="assembled"' --imgsize=640,480 --viewall \
		--autocenter --colorscheme=Tomorrow --camera=0,0,0,50,0,-50,0 -o $@ case/view.scad

$(CASE_DIR)/case-exploded.png: $(CASE_STLS) case/view.scad
	xvfb-run -a $(CASE_VIEW) --preview -D 'view="exploded"' --imgsize=560,720 --viewall \
		--autocenter --colorscheme=Tomorrow --camera=0,0,0,62,0,-50,0 -o $@ case/view.scad

$(CASE_DIR)/print-sheet.md: case/print_sheet.py $(CASE_STLS)
	$(CASE_PY) case/print_sheet.py $(CASE_DIR) $@

CASE_OUT := $(CASE_STLS) $(CASE_DIR)/case-base.png $(CASE_DIR)/case-lid.png \
	$(CASE_DIR)/case-keys.png $(CASE_DIR)/case-assembled.png $(CASE_DIR)/case-exploded.png \
	$(CASE_DIR)/print-sheet.md

.PHONY: case case-update
case: $(CASE_OUT)
	@echo "case: $(CASE_DIR)/ (print sheet: $(CASE_DIR)/print-sheet.md)"

case-update: case
	cp $(CASE_DIR)/print-sheet.md case/print-sheet.md
	cp $(CASE_DIR)/case-assembled.png case/case-assembled.png
	cp $(CASE_DIR)/case-exploded.png case/case-exploded.png
