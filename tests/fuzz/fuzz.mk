# tests/fuzz/fuzz.mk - libFuzzer harnesses built with Debian's clang, ASan and UBSan (any
# undefined behaviour aborts), each with behaviour checks of its own:
#   fuzz_judge    the judge CLI's readers (firmware/tools/judge.c) against a model
#   fuzz_console  console_feed() over a game_t, the output captured
#   fuzz_eeprom   the EEPROM record loader and saver over the host fake, stats ranges
# Seed corpora are committed in tests/fuzz/<name>/.
#
#   make fuzz [FUZZ_SECONDS=60]   each harness for FUZZ_SECONDS; new inputs are kept in
#                                 build/fuzz/corpus/<name>/ between runs
#   make test                     includes test-fuzz: each for 10 s from its seeds

FUZZ_CC := clang
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS := 10
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := $(COMMON_CPPFLAGS) -Ihal/host -Ifirmware/tools -O1 -g $(CWARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link
FUZZ_LDFLAGS := $(FUZZ_SAN) -fsanitize=fuzzer

fuzz_objs = $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(1))
FUZZ_FLAGS_FILE := $(call flags_file,$(FUZZ_DIR),$(FUZZ_CC) $(FUZZ_CFLAGS))
$(FUZZ_DIR)/obj/%.o: %.c $(FUZZ_FLAGS_FILE)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@
$(call fuzz_objs,$(TABLE_USERS)): $(ENGINE_TABLE_HDRS)

FUZZ_NAMES := judge console eeprom
FUZZ_judge_SRC := tests/fuzz/fuzz_judge.c firmware/tools/judge.c $(ENGINE_SRC) \
	$(COMMON_HOST_SRC)
# The console's `diag` reads HAL counters: the HAL fakes answer.
FUZZ_console_SRC := tests/fuzz/fuzz_console.c $(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC) \
	$(HAL_PURE_SRC) $(HAL_HOST_SRC) $(COMMON_HOST_SRC)
FUZZ_eeprom_SRC := tests/fuzz/fuzz_eeprom.c hal/eeprom_store.c hal/host/eeprom_dev.c \
	hal/host/power.c hal/power_wake.c hal/host/leds.c $(COMMON_HOST_SRC) firmware/game/stats.c
FUZZ_judge_MAX_LEN := 4096
FUZZ_console_MAX_LEN := 4096
FUZZ_eeprom_MAX_LEN := 1200
FUZZ_BINS := $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz_%)

# Objects made through this pattern rule are kept (not intermediate).
.SECONDARY: $(foreach n,$(FUZZ_NAMES),$(call fuzz_objs,$(FUZZ_$(n)_SRC)))
$(foreach n,$(FUZZ_NAMES),$(eval $(FUZZ_DIR)/fuzz_$(n): $(call fuzz_objs,$(FUZZ_$(n)_SRC))))
$(FUZZ_BINS):
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) $^ -o $@

# fuzz_run SECONDS CORPUS-ROOT: every harness in turn; stops at the first failure.
fuzz_run = set -e; $(foreach n,$(FUZZ_NAMES),sh tests/fuzz/run.sh $(FUZZ_DIR)/fuzz_$(n) $(1) \
	$(2)/$(n) tests/fuzz/$(n) $(FUZZ_$(n)_MAX_LEN) $(FUZZ_DIR)/artifacts;)

.PHONY: fuzz fuzz-run test-fuzz
fuzz: deps
	@$(MAKE) --no-print-directory fuzz-run
fuzz-run: $(FUZZ_BINS)
	@$(call fuzz_run,$(FUZZ_SECONDS),$(FUZZ_DIR)/corpus)
# In make test: 10 s each from the committed seeds only (a fresh corpus each time).
test-fuzz: $(FUZZ_BINS)
	@rm -rf $(FUZZ_DIR)/test-corpus
	@$(call fuzz_run,$(FUZZ_TEST_SECONDS),$(FUZZ_DIR)/test-corpus)
TEST_TARGETS += test-fuzz
