# sim/hal_bench.mk - `make bench` figures of the HAL on the simulated chip:
# led_frame_hz, isr_cpu_percent, hal_flash_bytes (see sim/hal_bench.c).
#
#   make bench-hal      builds the bench firmware + simavr harness and prints the figures

HAL_BENCH_FW := $(AVR_DIR)/hal_bench_fw.elf
HAL_BENCH := $(HOST_DIR)/sim/hal_bench

$(HAL_BENCH_FW): $(call avr_objs,tests/hal/hal_bench_fw.c $(HAL_NEEDS_SRC)) $(HAL_AVR_LIB) | $$(@D)/.
	$(AVR_CC) $(AVR_LDFLAGS) -Wl,-Map=$(@:.elf=.map) -o $@ $^

$(HAL_BENCH): sim/hal_bench.c | $$(@D)/.
	$(HOST_CC) $(HOST_CFLAGS) $(SIMAVR_CFLAGS) -o $@ $< $(SIMAVR_LIBS) -lelf

.PHONY: bench-hal
bench-hal: $(HAL_BENCH) $(HAL_BENCH_FW)
	@$(HAL_BENCH) $(HAL_BENCH_FW) $(HAL_BENCH_FW:.elf=.map)

ALL_TARGETS += $(HAL_BENCH_FW) $(HAL_BENCH)
BENCH_TARGETS += bench-hal
