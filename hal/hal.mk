# hal/hal.mk - the hardware abstraction layer: pure logic (both sides), the ATmega328P
# drivers and the host fakes; the fakes and drivers implement the same hal/*.h contract
# and are chosen at link time.
#
#   HAL_PURE_SRC   pure C, compiled for AVR and host (multiplexer, key scan, debounce,
#                  key events, EEPROM records)
#   HAL_AVR_SRC    drivers on the chip (timer ISR, LEDs, keys, UART, EEPROM, power)
#   HAL_HOST_SRC   fakes + hal_fake.h controls for host tests
#   HAL_NEEDS_SRC  sources the HAL uses from elsewhere (CRC-16 for the EEPROM records);
#                  link them too unless the program already has them (ENGINE_SRC does)
#   HAL_AVR_LIB / HAL_HOST_LIB  archives of the above (pure + one side), link with
#                  `$(HAL_AVR_LIB)` after the program's objects

HAL_PURE_SRC := hal/ledmux.c hal/keyscan.c hal/debounce.c hal/keys.c hal/eeprom_store.c
HAL_AVR_SRC := hal/avr/tick.c hal/avr/leds.c hal/avr/keys_hw.c hal/avr/uart.c \
	hal/avr/eeprom_dev.c hal/avr/power.c hal/avr/fuses.c
HAL_HOST_SRC := hal/host/hal_fake.c hal/host/tick.c hal/host/leds.c hal/host/keys_hw.c \
	hal/host/uart.c hal/host/eeprom_dev.c hal/host/power.c
HAL_NEEDS_SRC := firmware/crc16.c

HAL_AVR_OBJS := $(call avr_objs,$(HAL_PURE_SRC) $(HAL_AVR_SRC))
HAL_HOST_OBJS := $(call host_objs,$(HAL_PURE_SRC) $(HAL_HOST_SRC))
HAL_AVR_LIB := $(AVR_DIR)/lib/libhal.a
HAL_HOST_LIB := $(HOST_DIR)/lib/libhal_fake.a

$(HAL_AVR_LIB): $(HAL_AVR_OBJS) | $$(@D)/.
	rm -f $@
	avr-ar rcs $@ $^
$(HAL_HOST_LIB): $(HAL_HOST_OBJS) | $$(@D)/.
	rm -f $@
	ar rcs $@ $^

# `make` compiles every HAL object for both sides (warning-free with -Werror), even
# before the game firmware links them.
ALL_TARGETS += $(HAL_AVR_LIB) $(HAL_HOST_LIB)

# power.c has the naked .init3 function that saves MCUSR and stops the watchdog before
# main (avr-libc's recipe); gcc cannot compute stack usage for a naked function and
# -Werror turns that note into an error, so this one object is built without
# -fstack-usage (it has no stack frame at all).
$(AVR_DIR)/obj/hal/avr/power.o: AVR_CFLAGS := $(filter-out -fstack-usage,$(AVR_CFLAGS))
