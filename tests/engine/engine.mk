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
ENGINE_ALL_SIZE_ELF := $(AVR_DIR)/engine_all_size.elf
$(ENGINE_ALL_SIZE_ELF): $(call avr_objs,tests/engine/engine_all_size_fw.c $(ENGINE_SRC) \
		$(COMMON_AVR_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(call avr_objs,$(addprefix tests/engine/,engine_bench_fw.c engine_size_fw.c \
	engine_all_size_fw.c)): $(ENGINE_TABLE_HDRS)

$(ENGINE_BENCH): $(call host_objs,tests/engine/engine_bench.c)
	$(HOST_CC) $^ $(SIMAVR_LIBS) -o $@
$(call host_objs,tests/engine/engine_bench.c): HOST_CFLAGS += $(SIMAVR_CFLAGS)

# Flash of an image = .text + .data (avr-size's Berkeley columns).
flash_of = $$($(AVR_SIZE) -B $(1) | awk 'NR == 2 { print $$1 + $$2 }')

# The generators' solving, timed (wall-clock, *_seconds), into a scratch folder.
BENCH_GEN_DIR := $(BUILD)/bench-gen
table_bytes_of = $$(sed -n 's/^\#define $(1) \([0-9]*\)u/\1/p' $(2))
.PHONY: bench-engine
bench-engine: $(ENGINE_BENCH) $(ENGINE_BENCH_ELF) $(ENGINE_SIZE_ELF) $(EMPTY_SIZE_ELF) \
		$(ENGINE_ALL_SIZE_ELF) $(GEN_TABLE) $(GEN_FADE)
	@echo "table_bytes $(call table_bytes_of,TABLE_BYTES,$(TABLE_HDR))"
	@echo "misere_table_bytes $(call table_bytes_of,MISERE_TABLE_BYTES,$(MISERE_TABLE_HDR))"
	@echo "fading_table_bytes $(call table_bytes_of,FADE_TABLE_BYTES,$(FADE_TABLE_HDR))"
	@$(ENGINE_BENCH) $(ENGINE_BENCH_ELF)
	@echo "engine_flash_bytes $$(( $(call flash_of,$(ENGINE_SIZE_ELF)) - $(call flash_of,$(EMPTY_SIZE_ELF)) ))"
	@echo "engine_all_flash_bytes $$(( $(call flash_of,$(ENGINE_ALL_SIZE_ELF)) - $(call flash_of,$(EMPTY_SIZE_ELF)) ))"
	@mkdir -p $(BENCH_GEN_DIR)
	@$(GEN_TABLE) --time $(BENCH_GEN_DIR)/table.c $(BENCH_GEN_DIR)/table.h
	@$(GEN_TABLE) --misere --time $(BENCH_GEN_DIR)/misere.c $(BENCH_GEN_DIR)/misere.h
	@$(GEN_FADE) --time $(BENCH_GEN_DIR)/fade.c $(BENCH_GEN_DIR)/fade.h
BENCH_TARGETS += bench-engine
BENCH_QUICK_TARGETS += bench-engine
BENCH_QUICK_FILES += $(ENGINE_BENCH) $(ENGINE_BENCH_ELF) $(ENGINE_SIZE_ELF) $(EMPTY_SIZE_ELF)

ENGINE_TEST_TIMEOUT := timeout 600
REF_SRC := tests/engine/ref.c

TEST_ENGINE := $(HOST_DIR)/test_engine
$(TEST_ENGINE): $(call host_objs,tests/engine/test_engine.c $(REF_SRC) $(ENGINE_SRC) \
		$(COMMON_HOST_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine.c): $(ENGINE_TABLE_HDRS)

TEST_MISERE := $(HOST_DIR)/test_misere
$(TEST_MISERE): $(call host_objs,tests/engine/test_misere.c $(REF_SRC) $(ENGINE_SRC) \
		$(COMMON_HOST_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_misere.c): $(ENGINE_TABLE_HDRS)

TEST_FADE := $(HOST_DIR)/test_fade
$(TEST_FADE): $(call host_objs,tests/engine/test_fade.c $(ENGINE_SRC) $(COMMON_HOST_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_fade.c): $(ENGINE_TABLE_HDRS)

TEST_NOTATION := $(HOST_DIR)/test_notation
$(TEST_NOTATION): $(call host_objs,tests/engine/test_notation.c firmware/engine/notation.c firmware/engine/position.c)
	$(HOST_CC) $^ -lcmocka -o $@

# The boot path with damaged tables: the program links a table_data and a fade_table
# written by `gen_table --damaged` and `gen_fade --damaged` (a changed bit, a stale CRC)
# instead of the good ones, and misère's good table.
DAMAGED_TABLE_SRC := $(GEN_DIR)/damaged/table_data.c
$(DAMAGED_TABLE_SRC): $(GEN_TABLE)
	@mkdir -p $(@D)
	$(GEN_TABLE) --damaged $@ $(GEN_DIR)/damaged/table_gen.h
DAMAGED_FADE_SRC := $(GEN_DIR)/damaged/fade_table_data.c
$(DAMAGED_FADE_SRC): $(GEN_FADE)
	@mkdir -p $(@D)
	$(GEN_FADE) --damaged $@ $(GEN_DIR)/damaged/fade_gen.h
TEST_ENGINE_BOOT := $(HOST_DIR)/test_engine_boot
$(TEST_ENGINE_BOOT): $(call host_objs,tests/engine/test_engine_boot.c $(REF_SRC) \
		$(ENGINE_PURE_SRC) $(COMMON_HOST_SRC) $(DAMAGED_TABLE_SRC) $(MISERE_TABLE_SRC) \
		$(DAMAGED_FADE_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine_boot.c $(DAMAGED_TABLE_SRC) $(DAMAGED_FADE_SRC)): \
	$(ENGINE_TABLE_HDRS)

# The engine over a broken move source: tests/engine/table_fake.c replaces table.c and
# the table data. The same tests built from a mutant engine.c without its move check
# must fail, and must end (the play-out's 9-ply bound), not hang.
FAULTS_SRC := tests/engine/test_engine_faults.c tests/engine/table_fake.c $(REF_SRC) \
	$(filter-out $(addprefix firmware/engine/,table.c engine.c fade.c play.c),$(ENGINE_PURE_SRC)) \
	$(COMMON_HOST_SRC)
TEST_ENGINE_FAULTS := $(HOST_DIR)/test_engine_faults
$(TEST_ENGINE_FAULTS): $(call host_objs,$(FAULTS_SRC) firmware/engine/engine.c)
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/engine/test_engine_faults.c tests/engine/table_fake.c): $(ENGINE_TABLE_HDRS)
ENGINE_MUTANT_SRC := $(GEN_DIR)/mutant/engine_no_move_check.c
$(ENGINE_MUTANT_SRC): firmware/engine/engine.c
	@mkdir -p $(@D)
	sed 's/if (cells \(.*\))$$/if (!set || (cells \1))/' $< >$@
	@! cmp -s $< $@ || { echo "$@: the mutation no longer applies to $<"; rm -f $@; exit 1; }
TEST_ENGINE_MUTANT := $(HOST_DIR)/test_engine_faults_mutant
$(TEST_ENGINE_MUTANT): $(call host_objs,$(FAULTS_SRC) $(ENGINE_MUTANT_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,$(ENGINE_MUTANT_SRC)): $(ENGINE_TABLE_HDRS)

.PHONY: test-engine test-notation test-engine-faults test-misere test-fade
test-engine: $(TEST_ENGINE)
	$(ENGINE_TEST_TIMEOUT) $(TEST_ENGINE)
test-misere: $(TEST_MISERE)
	$(ENGINE_TEST_TIMEOUT) $(TEST_MISERE)
test-fade: $(TEST_FADE)
	$(ENGINE_TEST_TIMEOUT) $(TEST_FADE)
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
TEST_TARGETS += test-engine test-notation test-engine-faults test-misere test-fade
CHECK_TARGETS += test-misere test-fade

# No recursion on the target: the call graph of the engine image (and of the firmware,
# see tests/app/app.mk) has no cycle and no indirect call; the checker must also catch
# the recursive textbook minimax in the benchmark image, or it proves nothing.
.PHONY: test-no-recursion-engine
test-no-recursion-engine: $(ENGINE_SIZE_ELF) $(ENGINE_ALL_SIZE_ELF) $(ENGINE_BENCH_ELF)
	python3 tests/image/check_no_recursion.py --root main $(ENGINE_SIZE_ELF)
	python3 tests/image/check_no_recursion.py --root main $(ENGINE_ALL_SIZE_ELF)
	python3 tests/image/check_no_recursion.py --expect-recursion $(ENGINE_BENCH_ELF)
TEST_TARGETS += test-no-recursion-engine
