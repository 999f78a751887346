# tests/app/app.mk - the main loop over the HAL fakes (cmocka). The checks on the whole
# firmware image are in tests/image/.
TEST_APP_BIN := $(HOST_DIR)/test_app
$(TEST_APP_BIN): $(call host_objs,tests/app/test_app.c $(APP_SRC) $(CONSOLE_SRC) $(GAME_SRC) \
		$(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-app
test-app: $(TEST_APP_BIN)
	$(TEST_APP_BIN)
TEST_TARGETS += test-app
