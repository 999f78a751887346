# tests/game/game.mk - host cmocka tests of the game: the state machine (every human
# strategy, gestures, stuck keys, levels, records) over the HAL fakes, and the edges the
# mutation run found unchecked (test_game_edges.c: the long-press time as a literal,
# `stats clear` on every mode, the display of each winning line), and the statistics
# (test_game_stats.c: the level of the game under way, abandoned games, the display), and
# the colour-blind display (test_game_cues.c: no two states told apart by hue alone), and
# the sounds (test_game_sounds.c: the table, the filter, each event's sound, the record),
# and people who have not read the manual (test_game_people.c: the result that stays,
# toddler mode, where a lost game went wrong, the menu's unhurried presses and preview).
GAME_TEST_UTIL := tests/game/game_test_util.c
# the game's tests link no console: their reports are taken quietly
GAME_SAY_QUIET := tests/game/game_say_quiet.c
TEST_GAME_BIN := $(HOST_DIR)/test_game
TEST_GAME_EDGES_BIN := $(HOST_DIR)/test_game_edges
TEST_GAME_STATS_BIN := $(HOST_DIR)/test_game_stats
TEST_GAME_CUES_BIN := $(HOST_DIR)/test_game_cues
TEST_GAME_SOUNDS_BIN := $(HOST_DIR)/test_game_sounds
TEST_GAME_PEOPLE_BIN := $(HOST_DIR)/test_game_people
TEST_GAME_EAR_BIN := $(HOST_DIR)/test_game_ear
$(TEST_GAME_BIN): $(call host_objs,tests/game/test_game.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
# test_game.c reads fade.h's table size (a generated header).
$(call host_objs,tests/game/test_game.c): $(ENGINE_TABLE_HDRS)
$(TEST_GAME_EDGES_BIN): $(call host_objs,tests/game/test_game_edges.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_CUES_BIN): $(call host_objs,tests/game/test_game_cues.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

$(TEST_GAME_STATS_BIN): $(call host_objs,tests/game/test_game_stats.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_SOUNDS_BIN): $(call host_objs,tests/game/test_game_sounds.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_PEOPLE_BIN): $(call host_objs,tests/game/test_game_people.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_EAR_BIN): $(call host_objs,tests/game/test_game_ear.c $(GAME_TEST_UTIL) \
		$(GAME_SAY_QUIET) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-game
test-game: $(TEST_GAME_BIN) $(TEST_GAME_EDGES_BIN) $(TEST_GAME_STATS_BIN) $(TEST_GAME_CUES_BIN) \
		$(TEST_GAME_SOUNDS_BIN) $(TEST_GAME_PEOPLE_BIN) $(TEST_GAME_EAR_BIN)
	$(TEST_GAME_BIN)
	$(TEST_GAME_EDGES_BIN)
	$(TEST_GAME_STATS_BIN)
	$(TEST_GAME_CUES_BIN)
	$(TEST_GAME_SOUNDS_BIN)
	$(TEST_GAME_PEOPLE_BIN)
	$(TEST_GAME_EAR_BIN)
TEST_TARGETS += test-game

# README.md's menu row is the table's (firmware/game/menu.h): stale, it fails and names
# `make readme-menu`; a planted stale row and a README without the section must fail too.
# build/gen/menu.json parses and holds the nine cells with the keys the case reads.
# make play's legend (sim/legend.txt) is the same in legend.h (C) and legend.json (JS).
MENU_DOCS_DIR := $(BUILD)/menu-docs
.PHONY: test-menu-docs
test-menu-docs: $(PRINT_MENU) $(MENU_JSON) $(LEGEND_JSON) $(LEGEND_H)
	@mkdir -p $(MENU_DOCS_DIR)
	@$(PRINT_MENU) --readme README.md | cmp -s - README.md || { \
		echo "test-menu-docs: README.md's menu row differs from firmware/game/menu.h: run make readme-menu"; exit 1; }
	@sed 's/^| menu | you X |/| menu | you x |/' README.md > $(MENU_DOCS_DIR)/stale.md
	@if $(PRINT_MENU) --readme $(MENU_DOCS_DIR)/stale.md | cmp -s - $(MENU_DOCS_DIR)/stale.md; then \
		echo "test-menu-docs: FAILED: a planted stale row passed"; exit 1; fi
	@grep -v 'menu:end' README.md > $(MENU_DOCS_DIR)/no-end.md
	@if $(PRINT_MENU) --readme $(MENU_DOCS_DIR)/no-end.md > /dev/null 2>&1; then \
		echo "test-menu-docs: FAILED: a README without the section's end passed"; exit 1; fi
	@$(PYTHON) -c 'import json, sys; c = json.load(open(sys.argv[1]))["cells"]; \
		assert [e["cell"] for e in c] == list(range(1, 10)), c; \
		assert all(e["long"] and e["short"] and e["action"] for e in c), c' $(MENU_JSON)
	GEN_DIR=$(GEN_DIR) PRINT_MENU=$(PRINT_MENU) $(PYTEST) -q -p no:warnings tests/game/test_legend.py
	@echo "test-menu-docs: README row and menu.json match the table; stale row and missing end caught; make play's legend one text (tests/game/test_legend.py)"
TEST_TARGETS += test-menu-docs
