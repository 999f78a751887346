# tests/game.mk - host cmocka tests of the game: the state machine, the console, the
# records, and the main-loop glue (firmware/app.c) over the HAL fakes.

GAME_TEST_UTIL := tests/game/game_test_util.c
TEST_GAME_BIN := $(HOST_DIR)/test_game
TEST_CONSOLE_BIN := $(HOST_DIR)/test_console

# The console's `diag` reads HAL counters: the game tests link the HAL fakes.
$(TEST_GAME_BIN): $(call host_objs,tests/game/test_game.c $(GAME_TEST_UTIL) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@
$(TEST_CONSOLE_BIN): $(call host_objs,tests/game/test_console.c $(GAME_TEST_UTIL) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-game test-console
test-game: $(TEST_GAME_BIN)
	$(TEST_GAME_BIN)
test-console: $(TEST_CONSOLE_BIN)
	$(TEST_CONSOLE_BIN)

TEST_TARGETS += test-game test-console

# The main-loop glue over the HAL fakes (HAL_* come from hal/hal.mk, read after this
# file: second expansion).
TEST_APP_BIN := $(HOST_DIR)/test_app
TEST_APP_SRC = tests/game/test_app.c $(APP_SRC) $(GAME_SRC) $(ENGINE_SRC) $(HAL_PURE_SRC) \
	$(HAL_HOST_SRC)
$(TEST_APP_BIN): $$(call host_objs,$$(sort $$(TEST_APP_SRC)))
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-app
test-app: $(TEST_APP_BIN)
	$(TEST_APP_BIN)
TEST_TARGETS += test-app

# No recursion anywhere in the firmware image (tests/engine/check_no_recursion.py): no
# call-graph cycle, no indirect call; prints the static stack bound with -fstack-usage.
.PHONY: test-no-recursion-firmware
test-no-recursion-firmware: $(FW_ELF)
	python3 tests/engine/check_no_recursion.py --su-dir $(AVR_DIR)/obj $(FW_ELF)
TEST_TARGETS += test-no-recursion-firmware
