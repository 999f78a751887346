# sim/engine_bench.mk - engine figures for `make bench`: cycles and stack measured in
# simavr on the AVR build, flash measured by linking the engine into a minimal image.

ENGINE_BENCH_ELF := $(AVR_DIR)/engine_bench.elf
ENGINE_BENCH := $(HOST_DIR)/engine_bench
ENGINE_SIZE_ELF := $(AVR_DIR)/engine_size.elf
EMPTY_SIZE_ELF := $(AVR_DIR)/empty_size.elf

$(ENGINE_BENCH_ELF): $(call avr_objs,sim/engine_bench_fw.c $(ENGINE_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(ENGINE_SIZE_ELF): $(call avr_objs,sim/engine_size_fw.c $(ENGINE_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(EMPTY_SIZE_ELF): $(call avr_objs,sim/empty_size_fw.c)
	$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@
$(call avr_objs,sim/engine_bench_fw.c sim/engine_size_fw.c): $(TABLE_HDR)

$(ENGINE_BENCH): $(call host_objs,sim/engine_bench.c)
	$(HOST_CC) $^ $(SIMAVR_LIBS) -o $@
$(call host_objs,sim/engine_bench.c): HOST_CFLAGS += $(SIMAVR_CFLAGS)

# Flash of an image = .text + .data (avr-size's Berkeley columns).
flash_of = $$($(AVR_SIZE) -B $(1) | awk 'NR == 2 { print $$1 + $$2 }')

.PHONY: bench-engine
bench-engine: $(ENGINE_BENCH) $(ENGINE_BENCH_ELF) $(ENGINE_SIZE_ELF) $(EMPTY_SIZE_ELF)
	@echo "table_bytes $$(sed -n 's/^#define TABLE_BYTES \([0-9]*\)u/\1/p' $(TABLE_HDR))"
	@$(ENGINE_BENCH) $(ENGINE_BENCH_ELF)
	@echo "engine_flash_bytes $$(( $(call flash_of,$(ENGINE_SIZE_ELF)) - $(call flash_of,$(EMPTY_SIZE_ELF)) ))"
BENCH_TARGETS += bench-engine
