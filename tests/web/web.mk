# tests/web/web.mk - the avr8js side: twin transcripts against simavr, the exhaustive
# proof on avr8js, the model's own checks (with a probe image, probe_fw.c), the page in
# headless Debian Chromium, ttt-sim-js's terminal board.
# the JS tests run under node:test (`node --test`: its spec report and closing lines); a
# test file takes its inputs from the environment (tests/web/inputs.mjs)
NODE_TEST := node --test --test-reporter=spec
PROBE_FW := $(WEB_DIR)/probe_fw.elf
$(PROBE_FW): $(call avr_objs,tests/web/probe_fw.c)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

# known Timer2 tones on the sounder pin (tests/web/sound_fw.c), for the sound tests
SOUND_FW := $(WEB_DIR)/sound_fw.elf
$(SOUND_FW): $(call avr_objs,tests/web/sound_fw.c)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^
$(SOUND_FW:.elf=.hex): $(SOUND_FW)
	$(AVR_OBJCOPY) -O ihex -R .eeprom -R .fuse -R .lock -R .signature -R .mmcu $< $@

.PHONY: test-web-model test-web-twin test-web-exhaustive test-web-exhaustive-misere test-web-browser test-web-play \
	test-web-model-twin test-web-page
# the board model's native build, answering an event table (tests/web/test_model_twin.mjs)
MODEL_EVENTS := $(WEB_DIR)/model_events
$(MODEL_EVENTS): tests/web/model_events.c sim/board_model.c sim/board_model.h $(HOST_FLAGS_FILE)
	@mkdir -p $(@D)
	$(HOST_CC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) -Isim -o $@ tests/web/model_events.c sim/board_model.c
test-web-model-twin: $(WEB_MODEL_WASM) $(MODEL_EVENTS)
	@MODEL_WASM=$(WEB_MODEL_WASM) MODEL_EVENTS=$(MODEL_EVENTS) $(NODE_TEST) tests/web/test_model_twin.mjs
test-web-model: $(WEB_MODEL) $(FW_HEX) $(PROBE_FW)
	@WEB_MODEL=$(WEB_MODEL) FW_HEX=$(FW_HEX) PROBE_FW=$(PROBE_FW) $(NODE_TEST) tests/web/test_model.mjs
test-web-twin: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_FW)
	@sh tests/web/test_twin.sh $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_FW)
test-web-exhaustive: $(WEB_MODEL) $(FW_HEX)
	@WEB_MODEL=$(WEB_MODEL) FW_HEX=$(FW_HEX) $(NODE_TEST) tests/web/test_exhaustive.mjs
# misère (issue 36): the same proof after the console's `game misere` on each fresh board,
# the person as O only (test_exhaustive.mjs says why)
test-web-exhaustive-misere: $(WEB_MODEL) $(FW_HEX)
	@RULE=misere WEB_MODEL=$(WEB_MODEL) FW_HEX=$(FW_HEX) $(NODE_TEST) tests/web/test_exhaustive.mjs
# fading marks (issue 36): every state the person can reach as O, each AI reply against
# the Python reference's answers (test_exhaustive.mjs says why not as X)
.PHONY: test-web-exhaustive-fading
test-web-exhaustive-fading: $(WEB_MODEL) $(FW_HEX) $(VARIANTS_REFERENCE)
	@RULE=fading REF_FADING=$(VARIANTS_DIR)/reference_fading.txt WEB_MODEL=$(WEB_MODEL) FW_HEX=$(FW_HEX) \
		$(NODE_TEST) tests/web/test_exhaustive.mjs
test-web-browser: $(WEB_PAGE)
	@WEB_PAGE=$(WEB_PAGE) SHOT=$(WEB_DIR)/screenshot.png $(NODE_TEST) tests/web/test_browser.mjs
# the page's console, keys, taps, menu legend and LED brightness (tests/web/test_page.mjs);
# the brightness on the HAL's bench image (tests/hal/hal_bench_fw.c: a yellow frame with
# the diagonal dim, cells 7 and 9 blinking; '0'-'2' on the serial port set the level)
DUTY_HEX := $(WEB_DIR)/hal_bench_fw.hex
$(DUTY_HEX): $(HAL_BENCH_FW)
	@mkdir -p $(@D)
	$(AVR_OBJCOPY) -O ihex -R .eeprom -R .fuse -R .lock -R .signature -R .mmcu $< $@
test-web-page: $(WEB_PAGE) $(DUTY_HEX) $(MENU_JSON) $(LEDS_JSON)
	@WEB_PAGE=$(WEB_PAGE) DUTY_HEX=$(DUTY_HEX) MENU_JSON=$(MENU_JSON) LEDS_JSON=$(LEDS_JSON) \
		OUT_DIR=$(WEB_DIR)/page \
		$(NODE_TEST) tests/web/test_page.mjs
# the page's LEDs as the board lights them, measured on its pixels (tests/web/test_page_leds.mjs),
# and their light the shield's part's (tests/web/test_leds_colour.mjs on schematics/parts.json)
LEDS_FW := $(WEB_DIR)/leds_fw.elf
$(LEDS_FW): $(call avr_objs,tests/web/leds_fw.c) $(HAL_AVR_LIB)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^
$(LEDS_FW:.elf=.hex): $(LEDS_FW)
	$(AVR_OBJCOPY) -O ihex -R .eeprom -R .fuse -R .lock -R .signature -R .mmcu $< $@
.PHONY: test-web-leds
test-web-leds: $(WEB_PAGE) $(LEDS_FW:.elf=.hex) $(LEDS_JSON)
	@PARTS_JSON=schematics/parts.json $(NODE_TEST) tests/web/test_leds_colour.mjs
	@WEB_PAGE=$(WEB_PAGE) LEDS_HEX=$(LEDS_FW:.elf=.hex) LEDS_JSON=$(LEDS_JSON) OUT_DIR=$(WEB_DIR)/page \
		$(NODE_TEST) tests/web/test_page_leds.mjs
TEST_TARGETS += test-web-leds
# the page for people (tests/web/test_page_people.mjs): phone layout, touch help, the
# reading help, Erase EEPROM's question, avrdude and console wrapping, bad input
.PHONY: test-web-people
test-web-people: $(WEB_PAGE)
	@WEB_PAGE=$(WEB_PAGE) OUT_DIR=$(WEB_DIR)/page $(NODE_TEST) tests/web/test_page_people.mjs
TEST_TARGETS += test-web-people
# the page's sound (tests/web/test_page_sound.mjs): started by a gesture, the firmware's
# sounds and the probe's tones through the page's sound graph rendered offline, their
# levels through the sounder's filters against the model's, the mute button
# (each note's level as the sounder's model gives it: SOUND_LEVELS, tests/sim/piezo.py)
SOUND_LEVELS := $(WEB_DIR)/sound_levels.json
$(SOUND_LEVELS): $(SOUNDS_JSON) schematics/parts.json tests/sim/piezo.py
	@mkdir -p $(@D)
	$(PYTHON) -m tests.sim.piezo levels $(SOUNDS_JSON) > $@.tmp && mv $@.tmp $@
.PHONY: test-web-sound
test-web-sound: $(WEB_PAGE) $(SOUND_FW:.elf=.hex) $(SOUNDS_JSON) $(SOUND_LEVELS)
	@WEB_PAGE=$(WEB_PAGE) SOUND_HEX=$(SOUND_FW:.elf=.hex) SOUNDS_JSON=$(SOUNDS_JSON) SOUND_LEVELS=$(SOUND_LEVELS) \
		BOARD_SOUND=$(SIM_BOARD_SOUND) OUT_DIR=$(WEB_DIR)/page $(NODE_TEST) tests/web/test_page_sound.mjs
TEST_TARGETS += test-web-sound
# a page a screen reader can play (tests/web/test_page_a11y.mjs): axe-core (pinned in
# sim/web/package-lock.json) finds no violation at 1200 x 900 and 390 x 844, each cell named
# by its state, moves and results announced, every control from the keyboard; the board in
# words (sim/web/src/reader.js) in Node first (tests/web/test_reader.mjs)
.PHONY: test-web-a11y
test-web-a11y: $(WEB_PAGE) $(WEB_NODE_MODULES) $(TIMINGS_JSON)
	@$(NODE_TEST) tests/web/test_reader.mjs
	@WEB_PAGE=$(WEB_PAGE) AXE_JS=sim/web/node_modules/axe-core/axe.min.js OUT_DIR=$(WEB_DIR)/page \
		TIMINGS_JSON=$(TIMINGS_JSON) \
		$(NODE_TEST) tests/web/test_page_a11y.mjs
TEST_TARGETS += test-web-a11y
# the sound's pure parts in Node: the WAV rule, the WAV header, the tones found in edges
.PHONY: test-web-wav
test-web-wav: $(WEB_NODE_MODULES)
	@$(NODE_TEST) tests/web/test_sound.mjs
TEST_TARGETS += test-web-wav
# the sound twin test (tests/web/test_sound_twin.py): the same sessions' WAVs from
# ttt-sim --wav and ttt-sim-js --wav, their tones compared by an FFT
.PHONY: test-web-sound-twin
test-web-sound-twin: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(SOUNDS_JSON) $(SOUND_FW) $(PROBE_SOUND)
	@TTT_SIM=$(SIM_DIR)/ttt-sim TTT_SIM_JS=$(WEB_SIM) TTT_ELF=$(SIM_ELF) SOUNDS_JSON=$(SOUNDS_JSON) \
		TTT_BOARD_SOUND=$(SIM_BOARD_SOUND) SOUND_FW=$(SOUND_FW) PROBE_SOUND=$(PROBE_SOUND) \
		$(PYTEST) -q tests/web/test_sound_twin.py
TEST_TARGETS += test-web-sound-twin
# The ear player (tests/sim/ear.py): whole games of ttt.elf by its sound alone, on both
# emulators, its board equal to the real one at every step; make bench's figures of it.
EAR_ENV = TTT_SIM=$(SIM_DIR)/ttt-sim TTT_SIM_JS=$(WEB_SIM) TTT_ELF=$(SIM_ELF) SOUNDS_JSON=$(SOUNDS_JSON) \
	TTT_BOARD_SOUND=$(SIM_BOARD_SOUND)
.PHONY: test-web-ear bench-ear
test-web-ear: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(SOUNDS_JSON)
	@$(EAR_ENV) $(PYTEST) -q tests/web/test_ear_player.py
TEST_TARGETS += test-web-ear
bench-ear: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(SOUNDS_JSON)
	@$(PYTHON) -m tests.sim.ear bench $(SOUNDS_JSON) $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF)
BENCH_TARGETS += bench-ear
# the terminal board of ttt-sim-js, through the same tmux test as ttt-sim's (the note
# mark too, on a board with a sounder)
test-web-play: $(WEB_SIM) $(SIM_ELF) $(HAL_BENCH_FW)
	@out=$$(SOUND_MARK=$(SIM_BOARD_SOUND) sh tests/sim/test_play.sh $(WEB_SIM) $(SIM_ELF) $(HAL_BENCH_FW)); rc=$$?; \
	echo "$$out" | sed 's/^sim_play:/web_play:/'; exit $$rc
# the avr8js receiver as the chip's (sim/web/src/usart.js), and avr8js's own still not
.PHONY: test-web-usart
test-web-usart: $(WEB_NODE_MODULES)
	@node --test tests/web/test_usart.mjs
TEST_TARGETS += test-web-usart
# `make check`: the wasm model against its native build, the WAV rule, the receiver
# (node, a few seconds of CPU together)
CHECK_TARGETS += test-web-model-twin test-web-wav test-web-usart
# serial stress, bad input and a planted latency, alike on both emulators
.PHONY: test-web-serial-twin
test-web-serial-twin: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_RX)
	@sh tests/web/test_serial_twin.sh $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_RX)
TEST_TARGETS += test-web-serial-twin
# the same stress through the page's own console input in Chromium
.PHONY: test-web-page-serial
test-web-page-serial: $(WEB_PAGE)
	@PAGE=$(WEB_PAGE) node --test tests/web/test_page_serial.mjs
TEST_TARGETS += test-web-page-serial
TEST_TARGETS += test-web-model test-web-model-twin test-web-twin test-web-exhaustive test-web-exhaustive-misere \
	test-web-exhaustive-fading test-web-browser \
	test-web-page test-web-play

# the page's size and the avr8js board's speed in Chromium (wall-clock; tests/web/web_bench.mjs)
.PHONY: bench-web
bench-web: $(WEB_PAGE) $(WEB_MODEL) $(FW_HEX)
	@node tests/web/web_bench.mjs $(WEB_PAGE) $(WEB_MODEL) $(FW_HEX) 30
BENCH_TARGETS += bench-web

# the page's flasher from Node (ttt-flash-js) in the harness of `make flash-sim`
.PHONY: test-web-flash test-web-flash-browser bench-web-flash
test-web-flash: $(SIM_DIR)/ttt-flash-sim $(WEB_FLASH) $(OPTIBOOT_HEX) $(SIM_HEX)
	@BOOT_BAUD=$(BOOT_BAUD) sh tests/web/test_flash.sh $(SIM_DIR)/ttt-flash-sim $(WEB_FLASH) $(OPTIBOOT_HEX) $(SIM_HEX) $(WEB_DIR)/flash
# the page's own "Flash to my Uno" in Chromium, bridged to the same simulated Uno
test-web-flash-browser: $(WEB_PAGE) $(SIM_DIR)/ttt-flash-sim $(OPTIBOOT_HEX) $(SIM_HEX)
	@WEB_PAGE=$(WEB_PAGE) FLASH_SIM=$(SIM_DIR)/ttt-flash-sim BOOT_HEX=$(OPTIBOOT_HEX) FW_HEX=$(SIM_HEX) \
		BOOT_BAUD=$(BOOT_BAUD) OUT_DIR=$(WEB_DIR)/flash $(NODE_TEST) tests/web/test_flash_browser.mjs
TEST_TARGETS += test-web-flash test-web-flash-browser
bench-web-flash: $(SIM_DIR)/ttt-flash-sim $(WEB_FLASH) $(OPTIBOOT_HEX) $(SIM_HEX)
	@BOOT_BAUD=$(BOOT_BAUD) sh tests/web/flash_bench.sh $(SIM_DIR)/ttt-flash-sim $(WEB_FLASH) $(OPTIBOOT_HEX) $(SIM_HEX) $(WEB_DIR)/flash
BENCH_TARGETS += bench-web-flash
