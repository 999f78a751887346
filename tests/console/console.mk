# tests/console/console.mk - host cmocka tests of the serial console: line assembly,
# every command and its errors, `solve` on all 3^9 boards, answer sizes, overruns, diag;
# and build/gen/commands.json parses, one entry per command.
TEST_CONSOLE_BIN := $(HOST_DIR)/test_console
$(TEST_CONSOLE_BIN): $(call host_objs,tests/console/test_console.c tests/console/console_test_util.c \
		$(GAME_TEST_UTIL) $(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-console
test-console: $(TEST_CONSOLE_BIN) $(COMMANDS_JSON)
	$(TEST_CONSOLE_BIN)
	@$(PYTHON) -c 'import json, sys; c = json.load(open(sys.argv[1]))["commands"]; \
		n = [e["name"] for e in c]; assert len(set(n)) == len(n) and "help" in n, n; \
		assert all(e["help"] and not e["grammar"].startswith(" ") for e in c), c' $(COMMANDS_JSON)
TEST_TARGETS += test-console
# test_console.c reads fade.h's table size (a generated header).
$(call host_objs,tests/console/test_console.c): $(ENGINE_TABLE_HDRS)
$(call host_objs,tests/console/test_console.c tests/console/console_test_util.c): HOST_CFLAGS += \
	-Itests/game
