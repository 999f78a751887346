# firmware/app/app.mk - the main loop and the firmware image: build/avr/ttt.elf / .hex /
# .lss / .map from every room and the HAL's chip side; `make flash`, `make fuses`,
# `make size`. Its checks and figures: tests/image/image.mk.
APP_SRC := firmware/app/app.c firmware/app/tones.c
FW_SRC := firmware/app/main.c $(APP_SRC) $(CONSOLE_SRC) $(GAME_SRC) $(ENGINE_SRC) \
	$(HAL_PURE_SRC) $(HAL_AVR_SRC) $(COMMON_AVR_SRC)
FW_ELF := $(AVR_DIR)/ttt.elf
FW_HEX := $(AVR_DIR)/ttt.hex
FW_LSS := $(AVR_DIR)/ttt.lss
FW_MAP := $(AVR_DIR)/ttt.map

$(FW_ELF): $(call avr_objs,$(FW_SRC))
	$(AVR_CC) $(AVR_LDFLAGS) -Wl,-Map=$(FW_MAP),--cref $^ -o $@
$(FW_MAP): $(FW_ELF)
# Flash only: EEPROM, fuse, lock, signature and the .mmcu note stay out of the HEX.
$(FW_HEX): $(FW_ELF)
	$(AVR_OBJCOPY) -O ihex -R .eeprom -R .fuse -R .lock -R .signature -R .mmcu $< $@
$(FW_LSS): $(FW_ELF)
	$(AVR_OBJDUMP) -h -S $< > $@

ALL_TARGETS += $(FW_ELF) $(FW_HEX) $(FW_LSS)

# The same image without -flto, with -fstack-usage: the stack proof checks the frames it
# reads from machine code against the compiler's own figures on it.
FW_SU_ELF := $(AVR_SU_DIR)/ttt.elf
$(FW_SU_ELF): $(call avr_su_objs,$(FW_SRC))
	$(AVR_CC) $(filter-out -flto,$(AVR_LDFLAGS)) -Wl,-Map=$(@:.elf=.map) $^ -o $@

# The sound table (firmware/game/sounds.h) for the docs, the simulators and the tests:
# build/gen/sounds.json, its notes as the firmware plays them (tones.c).
PRINT_SOUNDS := $(HOST_DIR)/firmware/app/print_sounds
SOUNDS_JSON := $(GEN_DIR)/sounds.json
$(PRINT_SOUNDS): $(call host_objs,firmware/app/print_sounds.c firmware/app/tones.c)
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^
$(SOUNDS_JSON): $(PRINT_SOUNDS)
	@mkdir -p $(@D)
	$< > $@.tmp && mv $@.tmp $@
.PHONY: sounds-json
sounds-json: $(SOUNDS_JSON)
ALL_TARGETS += $(SOUNDS_JSON)

# The design's other constants that the docs, the page, the simulators and the tests
# quote, each from its one C home (print_facts.c): the timings and their rules, the
# game's states, the brightness levels, the serial port.
PRINT_FACTS := $(HOST_DIR)/firmware/app/print_facts
FACTS_KINDS := timings states leds serial
FACTS_JSON := $(FACTS_KINDS:%=$(GEN_DIR)/%.json)
TIMINGS_JSON := $(GEN_DIR)/timings.json
LEDS_JSON := $(GEN_DIR)/leds.json
SERIAL_JSON := $(GEN_DIR)/serial.json
$(PRINT_FACTS): $(call host_objs,firmware/app/print_facts.c)
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^
$(FACTS_JSON): $(GEN_DIR)/%.json: $(PRINT_FACTS)
	@mkdir -p $(@D)
	$< $* > $@.tmp && mv $@.tmp $@
.PHONY: facts-json
facts-json: $(FACTS_JSON)
ALL_TARGETS += $(FACTS_JSON)
# A template's `@KEY FORMAT@` filled from them (tests/docs/facts.py): the terminal legend.
FACTS_FILL := $(PYTHON) -m tests.docs.facts fill $(GEN_DIR)
FACTS_FILL_DEPS := tests/docs/facts.py $(FACTS_JSON) $(MENU_JSON)
$(LEGEND_TXT): $(LEGEND_SRC) $(FACTS_FILL_DEPS)
	@mkdir -p $(@D)
	$(FACTS_FILL) $< $@

.PHONY: flash fuses size-firmware
flash: $(FW_HEX)
	avrdude -c arduino -p m328p -P $(PORT) -b $(BOOT_BAUD) -U flash:w:$(FW_HEX):i

# Fuses need an ISP programmer (the bootloader cannot write them): the bytes in the ELF's
# .fuse section (hal/avr/fuses.c: the Uno's, with brown-out at 4.3 V instead of 2.7 V).
#   make fuses PROGRAMMER=usbasp             (or avrisp, usbtiny, stk500v2, ...)
#   make fuses PROGRAMMER=avrisp ISP_PORT=/dev/ttyACM1 ISP_BAUD=19200   (ArduinoISP)
PROGRAMMER ?= usbasp
FW_FUSES = $(shell $(AVR_OBJCOPY) -j .fuse -O binary $(FW_ELF) /dev/stdout | od -An -tx1)
fuses: $(FW_ELF)
	@set -- $(FW_FUSES); [ $$# -eq 3 ] || { echo "fuses: no .fuse section in $(FW_ELF)"; exit 1; }; \
	echo "fuses: low 0x$$1, high 0x$$2, extended 0x$$3"; \
	avrdude -c $(PROGRAMMER) -p m328p $(if $(ISP_PORT),-P $(ISP_PORT)) $(if $(ISP_BAUD),-b $(ISP_BAUD)) \
		-U lfuse:w:0x$$1:m -U hfuse:w:0x$$2:m -U efuse:w:0x$$3:m

size-firmware: $(FW_ELF)
	$(AVR_SIZE) -C --mcu=$(MCU) $<
SIZE_TARGETS += size-firmware
