# case/case.mk - a printable case for the Uno with the shield, generated from the PCB.
#
#   make case          build/case/: case-base.stl, case-lid.stl, case-keys.stl (the nine
#                      lit key caps, a plate), case-jig.stl (the frame the lid lies on while
#                      the caps go in), legend-card.svg (the menu card, 1:1), the pictures
#                      (assembled, exploded, cut-away, one per assembly step), the assembly
#                      replayed on the meshes (assembly.json), the light model (light.json),
#                      print-sheet.md
#   make case-update   copy the print sheet, its pictures and the legend card into case/
#                      for the READMEs (maintainers; make test-case checks they are up to date)
#   make bench-case    the case's figures (keys, light, assembly) for make bench
#
# `python3 -m case.gen_case` reads schematics/ttt-shield.kicad_pcb with pcbnew (Debian's
# python3), the heights from schematics/parts.json, the Uno's parts from case/uno-r3.json
# and the menu from the menu table's export (CASE_MENU), and writes the OpenSCAD include
# and every fit figure; case/case-model.scad is the geometry. OpenSCAD 2021 (Debian 12)
# has only CGAL; the pictures use its preview renderer on a virtual display.

CASE_DIR := $(BUILD)/case
CASE_PY := /usr/bin/python3
CASE_PCB := schematics/ttt-shield.kicad_pcb
# The menu table's export (firmware/game/game.mk writes it).
CASE_MENU ?= $(GEN_DIR)/menu.json
CASE_PARAMS := $(CASE_DIR)/case-params.scad
CASE_LIB := case/caselib.py case/cells.py case/fit.py case/keys.py case/shapes.py
CASE_GEN_DEPS := case/gen_case.py $(CASE_LIB) case/legend.py case/uno-r3.json \
	schematics/parts.json schematics/gen/parts.py $(CASE_PCB) $(CASE_MENU)
OPENSCAD_CASE := env OPENSCADPATH=$(abspath $(CASE_DIR)) nice openscad -q
CASE_VIEW := xvfb-run -a $(OPENSCAD_CASE) --preview -D 'dir="$(abspath $(CASE_DIR))"' \
	--colorscheme=Tomorrow
CASE_SCAD := case/case.scad case/case-model.scad

$(CASE_PARAMS) $(CASE_DIR)/case-params.json $(CASE_DIR)/legend-card.svg &: $(CASE_GEN_DEPS)
	@mkdir -p $(CASE_DIR)
	$(CASE_PY) -m case.gen_case $(CASE_PCB) $(CASE_MENU) $(CASE_DIR)

CASE_STLS := $(CASE_DIR)/case-base.stl $(CASE_DIR)/case-lid.stl $(CASE_DIR)/case-keys.stl \
	$(CASE_DIR)/case-jig.stl
$(CASE_STLS): $(CASE_DIR)/case-%.stl: $(CASE_SCAD) $(CASE_PARAMS)
	$(OPENSCAD_CASE) -D 'part="$*"' -o $@ case/case.scad

# The print sheet's assembly replayed on the meshes, and the light of each LED.
$(CASE_DIR)/assembly.json: case/assembly.py case/dexels.py $(CASE_LIB) $(CASE_STLS) \
		$(CASE_DIR)/case-params.json
	$(CASE_PY) -m case.assembly $(CASE_DIR)
$(CASE_DIR)/light.json: case/light.py $(CASE_LIB) $(CASE_DIR)/case-params.json
	$(CASE_PY) -m case.light $(CASE_DIR)

# The pictures: 1600 x 1200 for the README, 800 x 600 for the print sheet's steps.
CASE_BIG := assembled exploded cutaway
CASE_STEPS := step1 step2 step3 step4
CASE_CAMERA_assembled := 0,0,0,50,0,-30,0
CASE_CAMERA_exploded := 0,0,0,72,0,-35,0
# The cut-away close up on cell 5 (the camera at a distance, not --viewall).
CASE_CAMERA_cutaway := 30,27,34,80,0,-75,170
CASE_CAMERA_step1 := 0,0,0,20,0,0,0
CASE_CAMERA_step2 := 0,0,0,55,0,-30,0
CASE_CAMERA_step3 := 34,-27,22,50,0,-25,260
CASE_CAMERA_step4 := 0,0,0,70,0,-30,0
CASE_COMMA := ,
CASE_PNGS := $(CASE_BIG:%=$(CASE_DIR)/case-%.png) $(CASE_STEPS:%=$(CASE_DIR)/case-%.png)
$(CASE_PNGS): $(CASE_DIR)/case-%.png: $(CASE_STLS) case/view.scad case/case.mk
	$(CASE_VIEW) -D 'view="$*"' --camera=$(CASE_CAMERA_$*) \
		$(if $(filter cutaway step3,$*),,--viewall --autocenter) \
		--imgsize=$(if $(filter $*,$(CASE_BIG)),1600$(CASE_COMMA)1200,800$(CASE_COMMA)600) \
		-o $@ case/view.scad
# The legend card as a picture, to look at (1 mm = 10 px).
$(CASE_DIR)/legend-card.png: $(CASE_DIR)/legend-card.svg
	$(CASE_PY) -m case.legend png $< $@

$(CASE_DIR)/print-sheet.md: case/print_sheet.py $(CASE_STLS) $(CASE_DIR)/case-params.json \
		$(CASE_DIR)/assembly.json $(CASE_DIR)/light.json
	$(CASE_PY) -m case.print_sheet $(CASE_DIR) $@

CASE_OUT := $(CASE_STLS) $(CASE_PNGS) $(CASE_DIR)/print-sheet.md $(CASE_DIR)/legend-card.svg \
	$(CASE_DIR)/legend-card.png
# What case-update copies into case/ (the READMEs show them; test-case compares).
CASE_COMMITTED := print-sheet.md legend-card.svg $(CASE_BIG:%=case-%.png) $(CASE_STEPS:%=case-%.png)

.PHONY: case case-update bench-case
case: $(CASE_OUT)
	@echo "case: $(CASE_DIR)/ (print sheet: $(CASE_DIR)/print-sheet.md)"

case-update: case
	for f in $(CASE_COMMITTED); do cp $(CASE_DIR)/$$f case/$$f; done

bench-case: $(CASE_DIR)/case-params.json $(CASE_DIR)/light.json $(CASE_DIR)/assembly.json
	@$(CASE_PY) -m case.bench $(CASE_DIR)
BENCH_TARGETS += bench-case
