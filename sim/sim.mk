# sim/sim.mk - the board simulator (simavr): ttt-sim (play / --stdio / trace) and the
# flash path (real avrdude -> pty -> simulated Uno running the STK500 bootloader).
SIM_DIR := $(BUILD)/sim
SIM_ELF ?= $(AVR_DIR)/ttt.elf
SIM_HEX ?= $(AVR_DIR)/ttt.hex
SIM_CFLAGS = $(filter-out -I/usr/include/simavr,$(HOST_CFLAGS)) -isystem /usr/include/simavr -Isim
SIM_LIBS = $(SIMAVR_LIBS) -lelf
SIM_BOARD_SRC := sim/board.c

$(SIM_DIR)/ttt-sim: sim/ttt_sim.c $(SIM_BOARD_SRC) sim/board.h | $$(@D)/.
	$(HOST_CC) $(SIM_CFLAGS) -o $@ sim/ttt_sim.c $(SIM_BOARD_SRC) $(SIM_LIBS)
$(SIM_DIR)/ttt-flash-sim: sim/flash_sim.c $(SIM_BOARD_SRC) sim/board.h | $$(@D)/.
	$(HOST_CC) $(SIM_CFLAGS) -o $@ sim/flash_sim.c $(SIM_BOARD_SRC) $(SIM_LIBS) -lutil

ALL_TARGETS += $(SIM_DIR)/ttt-sim $(SIM_DIR)/ttt-flash-sim
.PHONY: play-run flash-sim trace

play-run: $(SIM_DIR)/ttt-sim $(SIM_ELF)
	@$(SIM_DIR)/ttt-sim $(SIM_ELF)

# Boot, a few presses and a console line, recorded for GTKWave.
trace: $(SIM_DIR)/ttt-sim $(SIM_ELF)
	@printf 'wait 1200\npress 5\nwait 400\nhold 1 900\nwait 300\nserial help\nwait 300\nquit\n' | \
		$(SIM_DIR)/ttt-sim --stdio --trace $(SIM_DIR)/trace.vcd $(SIM_ELF)
	@echo "trace: $(SIM_DIR)/trace.vcd (gtkwave $(SIM_DIR)/trace.vcd)"

SIM_BOOTLOADER ?= /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
flash-sim: $(SIM_DIR)/ttt-flash-sim $(SIM_HEX)
	@$(SIM_DIR)/ttt-flash-sim $(SIM_BOOTLOADER) $(SIM_HEX) $(SIM_DIR)/avrdude.log
