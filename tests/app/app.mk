# tests/app/app.mk - the main loop over the HAL fakes (cmocka), and the proofs on the
# whole firmware image: no recursion, no indirect call, a static stack bound
# (check_no_recursion.py), and the rooms' dependencies pointing only down
# (check_layers.py).
TEST_APP_BIN := $(HOST_DIR)/test_app
$(TEST_APP_BIN): $(call host_objs,tests/app/test_app.c $(APP_SRC) $(CONSOLE_SRC) $(GAME_SRC) \
		$(ENGINE_SRC)) $(HAL_HOST_LIB)
	$(HOST_CC) $^ -lcmocka -o $@

.PHONY: test-app test-no-recursion-firmware test-layers
test-app: $(TEST_APP_BIN)
	$(TEST_APP_BIN)
test-no-recursion-firmware: $(FW_ELF) $(FW_SU_ELF)
	python3 tests/app/check_no_recursion.py --su-dir $(AVR_SU_DIR)/obj $(FW_SU_ELF)
	python3 tests/app/check_no_recursion.py $(FW_ELF)
# The objects of the build without -flto: one per source file, so each symbol has a room.
test-layers: $(FW_SU_ELF)
	python3 tests/app/check_layers.py --self-test
	python3 tests/app/check_layers.py $(AVR_SU_DIR)/obj
TEST_TARGETS += test-app test-no-recursion-firmware test-layers
