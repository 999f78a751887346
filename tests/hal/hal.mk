# tests/hal/hal.mk - HAL tests (host, cmocka), the board header checks, the real HAL in
# simavr, the fuse bytes, and the HAL's `make bench` figures.
#
#   make test-hal            cmocka suites: debounce tables, LED multiplex on fake ports,
#                            the sounder's note stepping and arithmetic,
#                            key scan model, ring buffer edges, EEPROM power cuts, fakes
#   make test-hal-board      compile-time pin checks reject bad maps and unknown BOARD
#   make test-hal-avr        the real AVR HAL in simavr (hal_bench.c --check): keys
#                            through a diode-matrix model, bounce, long press, no ghost
#                            keys, never two LED rows on

# The HAL's bench firmware (hal_bench_fw.c) on simavr (hal_bench.c): `make bench`
# figures led_frame_hz, isr_cpu_percent, isr_cycles_mean/max, and test-hal-avr below;
# hal_flash_bytes from the map of the firmware built without -flto ($(FW_SU_ELF)).

HAL_BENCH_FW := $(AVR_DIR)/hal_bench_fw.elf
HAL_BENCH := $(HOST_DIR)/tests/hal/hal_bench

$(HAL_BENCH_FW): $(call avr_objs,tests/hal/hal_bench_fw.c) $(HAL_AVR_LIB)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -Wl,-Map=$(@:.elf=.map) -o $@ $^

$(HAL_BENCH): tests/hal/hal_bench.c hal/leds_duty.h hal/leds.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SIMAVR_CFLAGS) -o $@ $< $(SIMAVR_LIBS) -lelf

.PHONY: bench-hal
bench-hal: $(HAL_BENCH) $(HAL_BENCH_FW) $(FW_SU_ELF)
	@$(HAL_BENCH) $(HAL_BENCH_FW) $(FW_SU_ELF:.elf=.map)

ALL_TARGETS += $(HAL_BENCH_FW) $(HAL_BENCH)
BENCH_TARGETS += bench-hal
BENCH_QUICK_TARGETS += bench-hal
BENCH_QUICK_FILES += $(HAL_BENCH) $(HAL_BENCH_FW) $(FW_SU_ELF)

HAL_TEST_NAMES := matrix debounce ring eeprom_store hal_fakes sound
HAL_TEST_BINS := $(addprefix $(HOST_DIR)/tests/hal/test_,$(HAL_TEST_NAMES))

HAL_TEST_OBJS := $(call host_objs,$(HAL_TEST_NAMES:%=tests/hal/test_%.c))
.SECONDARY: $(HAL_TEST_OBJS)

$(HOST_DIR)/tests/hal/test_%: $(HOST_DIR)/obj/tests/hal/test_%.o $(HAL_HOST_LIB)
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^ -lcmocka

.PHONY: test-hal test-hal-board
test-hal: $(HAL_TEST_BINS)
	@set -e; for t in $(HAL_TEST_BINS); do $$t; done

# Each bad map must fail to compile, the good one must compile.
HAL_BOARD_CC = $(HOST_CC) $(HOST_CFLAGS) -MMD -MF /dev/null -fsyntax-only tests/hal/board_bad.c
test-hal-board:
	@set -e; \
	$(HAL_BOARD_CC) -DBAD_NONE || { echo "test-hal-board: a good pin list was rejected"; exit 1; }; \
	for bad in BAD_DUPLICATE BAD_SERIAL BAD_RESERVED; do \
		if $(HAL_BOARD_CC) -D$$bad 2>/dev/null; then \
			echo "test-hal-board: $$bad compiled but must not"; exit 1; fi; \
	done; \
	if $(HOST_CC) $(HOST_CFLAGS) -UBOARD -DBOARD=BOARD_ID_foo -MMD -MF /dev/null \
		-fsyntax-only tests/hal/board_bad.c 2>/dev/null; then \
		echo "test-hal-board: BOARD=foo compiled but must not"; exit 1; fi; \
	echo "test-hal-board: 5 passed, 0 failed"

.PHONY: test-hal-avr
test-hal-avr: $(HAL_BENCH) $(HAL_BENCH_FW)
	@$(HAL_BENCH) --check $(HAL_BENCH_FW) $(HAL_BENCH_FW:.elf=.map)

# The fuse bytes in the ELF (hal/avr/fuses.c) and what `make fuses` writes.
.PHONY: test-hal-fuses
test-hal-fuses: $(FW_ELF)
	@sh tests/hal/check_fuses.sh $(FW_ELF)

TEST_TARGETS += test-hal test-hal-board test-hal-avr test-hal-fuses
