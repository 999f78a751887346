# hal/hal.mk - the hardware abstraction layer: the hal/*.h contract, pure logic (both
# sides), the ATmega328P drivers (hal/avr/) and the host fakes (hal/host/), chosen at
# link time. It names no firmware room; the rooms above use its CRC-16 and PROGMEM
# access too (crc16.h, pgm.h), so it is included first.
#
#   COMMON_AVR_SRC / COMMON_HOST_SRC  CRC-16 for every room, chip or host side
#   HAL_PURE_SRC   pure C, compiled for AVR and host (debounce, key events, records,
#                  wake rows, the counters for diag)
#   HAL_AVR_SRC    drivers on the chip (timer ISR, LEDs, keys, UART, EEPROM, power, fuses)
#   HAL_HOST_SRC   fakes + hal_fake.h controls for host tests
#   HAL_AVR_LIB / HAL_HOST_LIB  archives: link them after the program's objects

COMMON_AVR_SRC := hal/avr/crc16.c
COMMON_HOST_SRC := hal/host/crc16.c
HAL_PURE_SRC := hal/debounce.c hal/keys.c hal/eeprom_store.c hal/power_wake.c hal/diag.c
HAL_AVR_SRC := $(addprefix hal/avr/,tick.c leds.c keys_hw.c uart.c eeprom_dev.c power.c \
	fuses.c sound.c)
HAL_HOST_SRC := $(addprefix hal/host/,hal_fake.c tick.c leds.c keys_hw.c uart.c \
	eeprom_dev.c power.c sound.c)

HAL_AVR_LIB := $(AVR_DIR)/lib/libhal.a
HAL_HOST_LIB := $(HOST_DIR)/lib/libhal_fake.a
$(HAL_AVR_LIB): $(call avr_objs,$(HAL_PURE_SRC) $(HAL_AVR_SRC) $(COMMON_AVR_SRC))
	@mkdir -p $(@D)
	rm -f $@
	avr-gcc-ar rcs $@ $^
$(HAL_HOST_LIB): $(call host_objs,$(HAL_PURE_SRC) $(HAL_HOST_SRC) $(COMMON_HOST_SRC))
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

# `make` compiles every HAL object for both sides (warning-free with -Werror), even
# before the firmware links them.
ALL_TARGETS += $(HAL_AVR_LIB) $(HAL_HOST_LIB)

# power.c has the naked .init3 function that saves MCUSR and stops the watchdog before
# main (avr-libc's recipe); gcc cannot compute stack usage for a naked function and
# -Werror turns that note into an error, so in the -fstack-usage build this one object
# goes without (it has no stack frame at all).
$(AVR_SU_DIR)/obj/hal/avr/power.o: AVR_SU_CFLAGS := $(filter-out -fstack-usage,$(AVR_SU_CFLAGS))

# The board's pin map printed as the firmware's preprocessor reads it (board/print_pins.c),
# for the tools that must agree with it: "NET PORTBIT" lines for
# tests/shield/check_pinmap.py, --json (build/gen/pins.json) for the avr8js shield model
# (sim/web) and the docs' facts.
PRINT_PINS_SRC := board/print_pins.c
PRINT_PINS := $(HOST_DIR)/board/print_pins
PINS_JSON := $(GEN_DIR)/pins.json
$(PRINT_PINS): $(call host_objs,$(PRINT_PINS_SRC))
	@mkdir -p $(@D)
	$(HOST_CC) -o $@ $^
$(PINS_JSON): $(PRINT_PINS)
	@mkdir -p $(@D)
	$< --json > $@.tmp && mv $@.tmp $@
ALL_TARGETS += $(PINS_JSON)

# The Uno's bootloader's speed (hal/uart.h's UART_BOOT_BAUD, the one home of it), for
# avrdude's -b and the simulated optiboot's build.
BOOT_BAUD := $(shell sed -n 's/^\#define UART_BOOT_BAUD \([0-9]*\)ul$$/\1/p' hal/uart.h)
ifeq ($(BOOT_BAUD),)
$(error hal/uart.h: no line '\#define UART_BOOT_BAUD <digits>ul' (BOOT_BAUD, hal/hal.mk))
endif
