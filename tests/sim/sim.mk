# tests/sim/sim.mk - proofs in simulation against the real firmware image (build/avr/ttt.elf):
# exhaustive play through buttons/LEDs, button fuzz with bounce, table corruption,
# power cuts during EEPROM updates, serial garbage, the stdio protocol, the flash path,
# long presses on every screen that must not change a saved byte (proof_menu.c).
SIM_PROOFS := $(SIM_DIR)/sim_proofs
# Links the host build of the engine: the exhaustive proof predicts every AI reply.
SIM_ENGINE_OBJS := $(call host_objs,$(ENGINE_SRC) $(COMMON_HOST_SRC))
# The fading proof reads the reference's answers (tests/variants/variants_ref.c).
SIM_PROOF_SRC := $(sort $(wildcard tests/sim/proof_*.c)) tests/variants/variants_ref.c
$(SIM_PROOFS): $(SIM_PROOF_SRC) tests/sim/proof.h tests/variants/variants_ref.h $(SIM_BOARD_OBJ) sim/board.h sim/board_model.h $(SIM_ENGINE_OBJS)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -Itests/sim -Itests/variants -o $@ $(SIM_PROOF_SRC) $(SIM_BOARD_OBJ) \
		$(SIM_ENGINE_OBJS) $(SIM_LIBS)

# Small firmware the harness was developed against (LED mux, key scan, UART echo).
$(SIM_DIR)/testfw.elf: $(call avr_objs,tests/sim/testfw.c)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

# The same with a ghost: one source, one more define, so compiled and linked in one step.
$(SIM_DIR)/testfw-ghost.elf: tests/sim/testfw.c board/pins.h board/$(BOARD)/pins.h $(AVR_FLAGS_FILE)
	@mkdir -p $(@D)
	$(AVR_CC) $(filter-out -MMD -MP,$(AVR_CFLAGS)) -DTESTFW_GHOST $(AVR_LDFLAGS) -o $@ $<

# A planted receive latency on the firmware's own serial driver (tests/sim/probe_rx.c):
# the rxlat figure's self-check, and both emulators' receivers in test-serial-twin.
PROBE_RX := $(SIM_DIR)/probe_rx.elf
$(PROBE_RX): $(call avr_objs,tests/sim/probe_rx.c hal/avr/uart.c)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

# A known Timer2 tone sequence (tests/sim/probe_sound.c) for the sounder part and the WAV.
PROBE_SOUND := $(SIM_DIR)/probe_sound.elf
$(PROBE_SOUND): $(call avr_objs,tests/sim/probe_sound.c hal/avr/uart.c)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

# The LEDs' duty model (hal/leds_duty.h) printed for tests/sim/test_duty.py.
SIM_DUTY_MODEL := $(HOST_DIR)/tests/sim/duty_model
$(SIM_DUTY_MODEL): tests/sim/duty_model.c hal/leds_duty.h hal/leds.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<

ALL_TARGETS += $(SIM_PROOFS) $(SIM_DUTY_MODEL)
# `make check`: the proofs build, and the terminal simulator answers its stdio protocol
# and writes a trace (a second of CPU between them).
CHECK_TARGETS += $(SIM_PROOFS) test-sim-stdio test-sim-trace
# The proofs in sim_proofs: `make test-sim-NAME` runs `sim_proofs NAME` with its
# argument, if it has one (SIM_PROOF_ARG_NAME).
SIM_PROOF_NAMES := exhaustive exhaustive-misere fading fuzz table powercut garbage glitch console power menu
SIM_PROOF_ARG_fuzz := 100000
SIM_PROOF_ARG_table := 1
SIM_PROOF_ARG_powercut := 1000
SIM_PROOF_ARG_garbage := 30000
.PHONY: $(SIM_PROOF_NAMES:%=test-sim-%) test-sim-stdio test-sim-cues test-sim-play test-sim-trace \
	test-sim-flash test-sim-duty test-sim-sound bench-sim
$(SIM_PROOF_NAMES:%=test-sim-%): test-sim-%: $(SIM_PROOFS) $(SIM_ELF)
	@SIM_ELF=$(SIM_ELF) VARIANTS_DIR=$(VARIANTS_DIR) $(SIM_PROOFS) $* $(SIM_PROOF_ARG_$*)
# fading's proof checks every AI reply against the reference's answers
test-sim-fading: $(VARIANTS_REFERENCE)
test-sim-stdio: $(SIM_DIR)/ttt-sim $(SIM_DIR)/testfw.elf $(SIM_DIR)/testfw-ghost.elf $(SIM_ELF)
	@sh tests/sim/stdio_test.sh $(SIM_DIR)/ttt-sim $(SIM_DIR)/testfw.elf $(SIM_ELF) \
		$(SIM_DIR)/testfw-ghost.elf
# The real HAL's duty cycle per brightness level, full and dim, steady and blinking,
# through ttt-sim's `duty` (the HAL's bench firmware sets the level from the serial port).
test-sim-duty: $(SIM_DIR)/ttt-sim $(AVR_DIR)/hal_bench_fw.elf $(SIM_DUTY_MODEL) $(SIM_ELF)
	@TTT_SIM=$(SIM_DIR)/ttt-sim TTT_BENCH_FW=$(AVR_DIR)/hal_bench_fw.elf \
		TTT_DUTY_MODEL=$(SIM_DUTY_MODEL) TTT_ELF=$(SIM_ELF) $(PYTEST) -q tests/sim/test_duty.py
# Tests that listen: ttt-sim --wav sessions, the notes found in the WAVs (tests/sim/listen.py),
# on the probe and on the firmware, against the sound table (or silent: a BOARD without a
# sounder); WAVs and spectrograms in build/sound/.
SIM_BOARD_SOUND := $(shell grep -c '^\#define BOARD_SOUND ' board/$(BOARD)/pins.h)
test-sim-sound: $(SIM_DIR)/ttt-sim $(PROBE_SOUND) $(SIM_ELF) $(SOUNDS_JSON)
	@TTT_SIM=$(SIM_DIR)/ttt-sim TTT_PROBE_SOUND=$(PROBE_SOUND) TTT_ELF=$(SIM_ELF) \
		SOUNDS_JSON=$(SOUNDS_JSON) TTT_BOARD_SOUND=$(SIM_BOARD_SOUND) \
		$(PYTEST) -q tests/sim/test_sound.py
# The sounder's model (tests/sim/piezo.py) on the host: its parts, its calibration to the
# sheet, the table against the goals, planted mistakes; and make bench's figures from it.
.PHONY: test-sim-piezo bench-sound
test-sim-piezo: $(SOUNDS_JSON)
	@SOUNDS_JSON=$(SOUNDS_JSON) $(PYTEST) -q tests/sim/test_piezo.py
bench-sound: $(SOUNDS_JSON)
	@$(PYTHON) -m tests.sim.piezo bench $(SOUNDS_JSON)
BENCH_TARGETS += bench-sound
TEST_TARGETS += test-sim-piezo
CHECK_TARGETS += test-sim-piezo
test-sim-cues: $(SIM_DIR)/ttt-sim $(SIM_ELF) $(MENU_JSON)
	@TTT_SIM=$(SIM_DIR)/ttt-sim TTT_ELF=$(SIM_ELF) MENU_JSON=$(MENU_JSON) $(PYTEST) -q tests/sim/test_cues.py
test-sim-play: $(SIM_DIR)/ttt-sim $(SIM_ELF) $(HAL_BENCH_FW) $(MENU_JSON) $(LEGEND_JSON)
	@MENU_JSON=$(MENU_JSON) LEGEND_JSON=$(LEGEND_JSON) SOUND_MARK=$(SIM_BOARD_SOUND) sh tests/sim/test_play.sh $(SIM_DIR)/ttt-sim \
		$(SIM_ELF) $(HAL_BENCH_FW)
test-sim-trace: $(SIM_DIR)/ttt-sim $(SIM_ELF)
	@$(MAKE) --no-print-directory trace >/dev/null && \
	grep -q 'led_row0' $(SIM_DIR)/trace.vcd && grep -q 'uart_tx_byte' $(SIM_DIR)/trace.vcd && \
	grep -q ' sound ' $(SIM_DIR)/trace.vcd && \
	echo "sim_trace: ok ($$(grep -c '^#' $(SIM_DIR)/trace.vcd) time stamps in $(SIM_DIR)/trace.vcd)" || \
	{ echo "sim_trace: FAILED: no usable $(SIM_DIR)/trace.vcd"; exit 1; }
# The flash path through both Uno bootloaders: optiboot (built in sim/sim.mk) and the
# older ATmegaBOOT, shipped as a hex file.
SIM_BOOTLOADER ?= /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
test-sim-flash: $(SIM_DIR)/ttt-flash-sim $(SIM_HEX) $(OPTIBOOT_HEX)
	@$(SIM_DIR)/ttt-flash-sim -b $(BOOT_BAUD) $(OPTIBOOT_HEX) $(SIM_HEX) $(SIM_DIR)/avrdude-optiboot.log
	@$(SIM_DIR)/ttt-flash-sim -n $(SIM_BOOTLOADER) $(SIM_HEX) $(SIM_DIR)/avrdude.log
# the simulators' key timings against the firmware's: planted changes stop the build
.PHONY: test-sim-timings
test-sim-timings:
	@sh tests/sim/timings_test.sh $(HOST_CC)
TEST_TARGETS += test-sim-timings
TEST_TARGETS += test-sim-stdio test-sim-duty test-sim-play test-sim-trace test-sim-exhaustive \
	test-sim-exhaustive-misere test-sim-fading test-sim-fuzz \
	test-sim-table test-sim-powercut test-sim-garbage test-sim-flash test-sim-glitch \
	test-sim-console test-sim-power test-sim-menu test-sim-cues test-sim-sound

# exhaustive_seconds: from the last test run on this ELF, else measured now.
# The AI's variety and levels: games through the console (proof_levels.c); the greedy
# child at each level of misère and fading too (levels-games).
# A child at the board: 1,000 random sessions of 60 s, each forked from one booted board
# (proof_child.c); the presses an adult needs per setting. A toddler's 1,000 (palms,
# leans, bursts: proof_toddler.c), the games counted, an adult's presses after. A
# stranger's presses to change each setting, 200 strangers per setting
# (proof_stranger.c). The sounder's latency and the timer interrupts' share while a tone
# plays (proof_sound.c).
bench-sim: $(SIM_PROOFS) $(SIM_ELF) $(PROBE_RX)
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) bench
	@SIM_ELF=$(SIM_ELF) SIM_PROBE_RX=$(PROBE_RX) $(SIM_PROOFS) rxlat
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) levels
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) levels-games
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) child 1000
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) toddler 1000
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) stranger 200
	@SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) sound
	@if [ $(SIM_DIR)/exhaustive_seconds.txt -nt $(SIM_ELF) ]; then \
		echo "exhaustive_seconds $$(cat $(SIM_DIR)/exhaustive_seconds.txt)"; \
	else SIM_ELF=$(SIM_ELF) $(SIM_PROOFS) exhaustive | grep '^exhaustive_seconds'; fi
BENCH_TARGETS += bench-sim
