# tests/game/game.mk - host cmocka tests of the game: the state machine (every human
# strategy, gestures, stuck keys, levels, records) over the HAL fakes, and the edges the
# mutation run found unchecked (test_game_edges.c: the long-press time as a literal,
# `stats clear` on every mode, the display of each winning line), and the statistics
# (test_game_stats.c: the level of the game under way, abandoned games, the display), and
# the colour-blind display (test_game_cues.c: no two states told apart by hue alone).
GAME_TEST_UTIL := tests/game/game_test_util.c
TEST_GAME_BIN := $(HOST_DIR)/test_game
TEST_GAME_EDGES_BIN := $(HOST_DIR)/test_game_edges
TEST_GAME_STATS_BIN := $(HOST_DIR)/test_game_stats
TEST_GAME_CUES_BIN := $(HOST_DIR)/test_game_cues
$(TEST_GAME_BIN): $(call host_objs,tests/game/test_game.c $(GAME_TEST_UTIL) $(CONSOLE_SRC) \
		$(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_EDGES_BIN): $(call host_objs,tests/game/test_game_edges.c $(GAME_TEST_UTIL) \
		$(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_GAME_CUES_BIN): $(call host_objs,tests/game/test_game_cues.c $(GAME_TEST_UTIL) \
		$(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

$(TEST_GAME_STATS_BIN): $(call host_objs,tests/game/test_game_stats.c $(GAME_TEST_UTIL) \
		$(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-game
test-game: $(TEST_GAME_BIN) $(TEST_GAME_EDGES_BIN) $(TEST_GAME_STATS_BIN) $(TEST_GAME_CUES_BIN)
	$(TEST_GAME_BIN)
	$(TEST_GAME_EDGES_BIN)
	$(TEST_GAME_STATS_BIN)
	$(TEST_GAME_CUES_BIN)
TEST_TARGETS += test-game
