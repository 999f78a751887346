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

# No recursion on the target: the call graph of the engine image (and of the firmware,
# see tests/game.mk) has no cycle and no indirect call; the checker must also catch the
# recursive textbook minimax in the benchmark image, or it proves nothing.
.PHONY: test-no-recursion-engine
test-no-recursion-engine: $(ENGINE_SIZE_ELF) $(ENGINE_BENCH_ELF)
	python3 tests/engine/check_no_recursion.py --su-dir $(AVR_DIR)/obj --root solver_move \
		--root engine_move $(ENGINE_SIZE_ELF)
	python3 tests/engine/check_no_recursion.py --expect-recursion $(ENGINE_BENCH_ELF)
TEST_TARGETS += test-no-recursion-engine
