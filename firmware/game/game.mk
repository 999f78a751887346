# firmware/game/game.mk - the game (pure C, host-tested): the state machine with its
# gestures, display and menu, the levels, the settings and statistics records. It prints
# nothing: it reports what happened, and the console says it.
GAME_SRC := $(addprefix firmware/game/,game.c press.c play.c menu.c settings.c frame.c level.c \
	stats.c records.c sounds.c)

# The menu table (menu.h) and the statistics' bars (bars.h) for what shows them outside
# the firmware: build/gen/menu.json (the page's legends, the case's lid card, the docs'
# facts), README.md's menu row (`make readme-menu`), and the terminal legend of
# sim/legend.txt, its facts filled in (LEGEND_TXT, made in app.mk once every fact is
# exported), as build/gen/legend.json (ttt-sim-js) and build/gen/legend.h (ttt-sim).
PRINT_MENU := $(HOST_DIR)/firmware/game/print_menu
MENU_JSON := $(GEN_DIR)/menu.json
LEGEND_SRC := sim/legend.txt
LEGEND_TXT := $(GEN_DIR)/legend.txt
LEGEND_JSON := $(GEN_DIR)/legend.json
LEGEND_H := $(GEN_DIR)/legend.h
$(PRINT_MENU): $(call host_objs,firmware/game/print_menu.c)
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^
$(MENU_JSON): $(PRINT_MENU)
	@mkdir -p $(@D)
	$< > $@.tmp && mv $@.tmp $@
$(LEGEND_JSON): $(PRINT_MENU) $(LEGEND_TXT)
	$< --legend-json $(LEGEND_TXT) > $@.tmp && mv $@.tmp $@
$(LEGEND_H): $(PRINT_MENU) $(LEGEND_TXT)
	$< --legend-c $(LEGEND_TXT) > $@.tmp && mv $@.tmp $@
.PHONY: menu-json readme-menu
menu-json: $(MENU_JSON)
readme-menu: $(PRINT_MENU)
	$< --readme README.md > $(BUILD)/README.md.tmp && mv $(BUILD)/README.md.tmp README.md
ALL_TARGETS += $(MENU_JSON) $(LEGEND_JSON) $(LEGEND_H)
