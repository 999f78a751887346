# tests/engine.mk - engine tests: exhaustive host proofs, the judge CLI, and the proof
# that nothing on the target recurses.

TEST_ENGINE := $(HOST_DIR)/test_engine
$(TEST_ENGINE): $(call host_objs,tests/engine/test_engine.c $(ENGINE_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine.c): $(TABLE_HDR)

.PHONY: test-engine test-cli
test-engine: $(TEST_ENGINE)
	$(TEST_ENGINE)
test-cli: $(TTT_CLI)
	sh tests/engine/test_cli.sh $(TTT_CLI)
TEST_TARGETS += test-engine test-cli
