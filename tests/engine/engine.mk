# tests/engine/engine.mk - engine tests: exhaustive host proofs, the board notation,
# the engine over a damaged or broken table, the proof that the engine image never
# recurses, and the engine's `make bench` figures. Every suite runs under `timeout`, so
# a hang fails instead of stalling.

# Figures for `make bench`: cycles and stack measured in simavr on the AVR build
# (engine_bench_fw.c run by engine_bench.c), flash by linking the engine into a minimal
# image (engine_size_fw.c) against an empty one (empty_size_fw.c).

ENGINE_BENCH_ELF := $(AVR_DIR)/engine_bench.elf
ENGINE_BENCH := $(HOST_DIR)/engine_bench
ENGINE_SIZE_ELF := $(AVR_DIR)/engine_size.elf
EMPTY_SIZE_ELF := $(AVR_DIR)/empty_size.elf

$(ENGINE_BENCH_ELF): $(call avr_objs,tests/engine/engine_bench_fw.c $(ENGINE_SRC) $(COMMON_AVR_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(ENGINE_SIZE_ELF): $(call avr_objs,tests/engine/engine_size_fw.c $(ENGINE_SRC) $(COMMON_AVR_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(EMPTY_SIZE_ELF): $(call avr_objs,tests/engine/empty_size_fw.c)
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(call avr_objs,tests/engine/engine_bench_fw.c tests/engine/engine_size_fw.c): $(TABLE_HDR)

$(ENGINE_BENCH): $(call host_objs,tests/engine/engine_bench.c)
	$(HOST_CC) $^ $(SIMAVR_LIBS) -o $@
$(call host_objs,tests/engine/engine_bench.c): HOST_CFLAGS += $(SIMAVR_CFLAGS)

# Flash of an image = .text + .data (avr-size's Berkeley columns).
flash_of = $$($(AVR_SIZE) -B $(1) | awk 'NR == 2 { print $$1 + $$2 }')

.PHONY: bench-engine
bench-engine: $(ENGINE_BENCH) $(ENGINE_BENCH_ELF) $(ENGINE_SIZE_ELF) $(EMPTY_SIZE_ELF)
	@echo "table_bytes $$(sed -n 's/^#define TABLE_BYTES \([0-9]*\)u/\1/p' $(TABLE_HDR))"
	@$(ENGINE_BENCH) $(ENGINE_BENCH_ELF)
	@echo "engine_flash_bytes $$(( $(call flash_of,$(ENGINE_SIZE_ELF)) - $(call flash_of,$(EMPTY_SIZE_ELF)) ))"
BENCH_TARGETS += bench-engine
BENCH_QUICK_TARGETS += bench-engine
BENCH_QUICK_FILES += $(ENGINE_BENCH) $(ENGINE_BENCH_ELF) $(ENGINE_SIZE_ELF) $(EMPTY_SIZE_ELF)

ENGINE_TEST_TIMEOUT := timeout 600
REF_SRC := tests/engine/ref.c

TEST_ENGINE := $(HOST_DIR)/test_engine
$(TEST_ENGINE): $(call host_objs,tests/engine/test_engine.c $(REF_SRC) $(ENGINE_SRC) \
		$(COMMON_HOST_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine.c): $(TABLE_HDR)

TEST_NOTATION := $(HOST_DIR)/test_notation
$(TEST_NOTATION): $(call host_objs,tests/engine/test_notation.c firmware/engine/notation.c firmware/engine/position.c)
	$(HOST_CC) $^ -lcmocka -o $@

# The boot path with a damaged table: the program links a table_data written by
# `gen_table --damaged` (a changed move, a stale CRC) instead of the good one.
DAMAGED_TABLE_SRC := $(GEN_DIR)/damaged/table_data.c
$(DAMAGED_TABLE_SRC): $(GEN_TABLE)
	@mkdir -p $(@D)
	$(GEN_TABLE) --damaged $@ $(GEN_DIR)/damaged/table_gen.h
TEST_ENGINE_BOOT := $(HOST_DIR)/test_engine_boot
$(TEST_ENGINE_BOOT): $(call host_objs,tests/engine/test_engine_boot.c $(REF_SRC) \
		$(ENGINE_PURE_SRC) $(COMMON_HOST_SRC) $(DAMAGED_TABLE_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine_boot.c $(DAMAGED_TABLE_SRC)): $(TABLE_HDR)

# The engine over a broken move source: tests/engine/table_fake.c replaces table.c and
# the table data. The same tests built from a mutant engine.c without its move check
# must fail, and must end (the play-out's 9-ply bound), not hang.
FAULTS_SRC := tests/engine/test_engine_faults.c tests/engine/table_fake.c $(REF_SRC) \
	$(filter-out firmware/engine/table.c firmware/engine/engine.c,$(ENGINE_PURE_SRC)) \
	$(COMMON_HOST_SRC)
TEST_ENGINE_FAULTS := $(HOST_DIR)/test_engine_faults
$(TEST_ENGINE_FAULTS): $(call host_objs,$(FAULTS_SRC) firmware/engine/engine.c)
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine_faults.c tests/engine/table_fake.c): $(TABLE_HDR)
ENGINE_MUTANT_SRC := $(GEN_DIR)/mutant/engine_no_move_check.c
ENGINE_MOVE_CHECK := cell < POS_CELLS && !((p.x | p.o) & (1u << cell))
$(ENGINE_MUTANT_SRC): firmware/engine/engine.c
	@mkdir -p $(@D)
	sed 's/if ($(ENGINE_MOVE_CHECK))/if (cell != POS_NO_MOVE)/' $< >$@
	@! cmp -s $< $@ || { echo "$@: the mutation no longer applies to $<"; rm -f $@; exit 1; }
TEST_ENGINE_MUTANT := $(HOST_DIR)/test_engine_faults_mutant
$(TEST_ENGINE_MUTANT): $(call host_objs,$(FAULTS_SRC) $(ENGINE_MUTANT_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,$(ENGINE_MUTANT_SRC)): $(TABLE_HDR)

.PHONY: test-engine test-notation test-engine-faults
test-engine: $(TEST_ENGINE)
	$(ENGINE_TEST_TIMEOUT) $(TEST_ENGINE)
test-notation: $(TEST_NOTATION)
	$(ENGINE_TEST_TIMEOUT) $(TEST_NOTATION)
# The mutant must fail its tests (status 1..123) and not time out (124) or crash.
test-engine-faults: $(TEST_ENGINE_BOOT) $(TEST_ENGINE_FAULTS) $(TEST_ENGINE_MUTANT)
	$(ENGINE_TEST_TIMEOUT) $(TEST_ENGINE_BOOT)
	$(ENGINE_TEST_TIMEOUT) $(TEST_ENGINE_FAULTS)
	@timeout 120 $(TEST_ENGINE_MUTANT) >$(HOST_DIR)/test_engine_faults_mutant.log 2>&1; \
	status=$$?; grep "FAILED  \] test_" $(HOST_DIR)/test_engine_faults_mutant.log | sort -u | sed "s/^/mutant: /"; \
	if [ $$status -ge 1 ] && [ $$status -le 123 ]; then \
		echo "engine mutant without its move check: caught (status $$status), and it ended"; \
	else echo "engine mutant without its move check: status $$status (want a failure that ends)"; \
		exit 1; fi
TEST_TARGETS += test-engine test-notation test-engine-faults

# No recursion on the target: the call graph of the engine image (and of the firmware,
# see tests/app/app.mk) has no cycle and no indirect call; the checker must also catch
# the recursive textbook minimax in the benchmark image, or it proves nothing.
.PHONY: test-no-recursion-engine
test-no-recursion-engine: $(ENGINE_SIZE_ELF) $(ENGINE_BENCH_ELF)
	python3 tests/image/check_no_recursion.py --root main $(ENGINE_SIZE_ELF)
	python3 tests/image/check_no_recursion.py --expect-recursion $(ENGINE_BENCH_ELF)
TEST_TARGETS += test-no-recursion-engine
