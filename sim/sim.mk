# sim/sim.mk - the board simulator (simavr): ttt-sim (play / --stdio / trace) and the
# flash path (real avrdude -> pty -> simulated Uno running the STK500 bootloader).
SIM_DIR := $(BUILD)/sim
SIM_ELF ?= $(AVR_DIR)/ttt.elf
SIM_HEX ?= $(AVR_DIR)/ttt.hex
SIM_CFLAGS = $(HOST_CFLAGS) -isystem /usr/include/simavr -Isim -Isim/parts
SIM_LIBS = $(SIMAVR_LIBS) -lelf -lm
# The board: the harness, its parts and the pure model, compiled once for every program
# that runs the chip on it.
SIM_BOARD_SRC := sim/board.c sim/board_model.c sim/sound_wav.c $(sort $(wildcard sim/parts/*.c))
SIM_BOARD_OBJ := $(SIM_BOARD_SRC:%.c=$(SIM_DIR)/obj/%.o)
$(SIM_DIR)/obj/%.o: %.c $(HOST_FLAGS_FILE)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -c $< -o $@

$(SIM_DIR)/ttt-sim: sim/ttt_sim.c $(SIM_BOARD_OBJ) sim/board.h sim/board_model.h $(LEGEND_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ sim/ttt_sim.c $(SIM_BOARD_OBJ) $(SIM_LIBS)
$(SIM_DIR)/ttt-flash-sim: sim/flash_sim.c $(SIM_BOARD_OBJ) sim/board.h sim/board_model.h
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ sim/flash_sim.c $(SIM_BOARD_OBJ) $(SIM_LIBS) -lutil

ALL_TARGETS += $(SIM_DIR)/ttt-sim $(SIM_DIR)/ttt-flash-sim
# `make check` builds both: a change that breaks a simulator fails the fast loop.
CHECK_TARGETS += $(SIM_DIR)/ttt-sim $(SIM_DIR)/ttt-flash-sim
.PHONY: play-run flash-sim trace

play-run: $(SIM_DIR)/ttt-sim $(SIM_ELF)
	@$(SIM_DIR)/ttt-sim $(SIM_ELF)

# Boot, a few presses and a console line, recorded for GTKWave.
trace: $(SIM_DIR)/ttt-sim $(SIM_ELF)
	@printf 'wait 1200\npress 5\nwait 400\nhold 1 900\nwait 300\nserial help\nwait 300\nquit\n' | \
		$(SIM_DIR)/ttt-sim --stdio --trace $(SIM_DIR)/trace.vcd $(SIM_ELF)
	@echo "trace: $(SIM_DIR)/trace.vcd (gtkwave $(SIM_DIR)/trace.vcd)"

# optiboot, the Uno's own bootloader, built from the source Debian ships (the shipped
# optiboot_atmega328.hex does not fit: built by today's avr-gcc its code runs into the
# version word at 0x7ffe). Built as the Uno's (atmega328, 16 MHz, BOOT_BAUD, 512-byte
# boot section at 0x7e00) but without the three start-up flashes of the L LED, which is
# what makes it fit: 496 bytes.
OPTIBOOT_SRC_DIR := /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
OPTIBOOT_HEX := $(SIM_DIR)/optiboot_atmega328.hex
$(OPTIBOOT_HEX): $(OPTIBOOT_SRC_DIR)/optiboot.c
	@mkdir -p $(@D)
	$(AVR_CC) -g -Wall -Os -fno-inline-small-functions -fno-split-wide-types -mshort-calls \
		-mmcu=atmega328p -DF_CPU=16000000L -DLED_START_FLASHES=0 -DBAUD_RATE=$(BOOT_BAUD) \
		-Wl,--section-start=.text=0x7e00 -Wl,--section-start=.version=0x7ffe \
		-Wl,--relax -Wl,--gc-sections -nostartfiles -nostdlib -o $(@:.hex=.elf) $<
	@size=$$($(AVR_SIZE) -A $(@:.hex=.elf) | awk '$$1 == ".text" { print $$2 }'); \
		[ $$size -le 510 ] || { echo "optiboot: .text is $$size bytes, the boot section holds 510"; exit 1; }
	$(AVR_OBJCOPY) -j .text -j .data -j .version --set-section-flags .version=alloc,load \
		-O ihex $(@:.hex=.elf) $@

flash-sim: $(SIM_DIR)/ttt-flash-sim $(SIM_HEX) $(OPTIBOOT_HEX)
	@$(SIM_DIR)/ttt-flash-sim -b $(BOOT_BAUD) $(OPTIBOOT_HEX) $(SIM_HEX) $(SIM_DIR)/avrdude.log
