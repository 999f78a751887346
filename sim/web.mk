# sim/web.mk - the board on avr8js (sim/web/, see sim/README.md): `make web` builds
#   build/web/index.html   the page: one self-contained file with the firmware inside
#   build/web/ttt-sim-js   build/sim/ttt-sim's twin (same command line and --stdio)
#   build/web/shield.mjs   the model, for the tests
# and its tests: twin transcripts against simavr, the exhaustive proof on avr8js, the
# model's own checks, the page in headless Chromium, ttt-sim-js's terminal board.
WEB_DIR := $(BUILD)/web
WEB_SRC := $(wildcard sim/web/src/*) sim/web/build.mjs
WEB_NODE_MODULES := sim/web/node_modules/.package-lock.json
WEB_PAGE := $(WEB_DIR)/index.html
WEB_SIM := $(WEB_DIR)/ttt-sim-js
WEB_MODEL := $(WEB_DIR)/shield.mjs
WEB_PINS := $(WEB_DIR)/pins.json
# the page embeds $(FW_HEX) (Intel HEX, as `make flash` writes it)
PROBE_FW := $(WEB_DIR)/probe_fw.elf

.PHONY: web
web: $(WEB_PAGE) $(WEB_SIM)

$(WEB_NODE_MODULES): sim/web/package.json sim/web/package-lock.json
	cd sim/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WEB_DIR)/pins_json: sim/web/pins_json.c board/pins.h board/$(BOARD)/pins.h | $$(@D)/.
	$(HOST_CC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) -o $@ $<
$(WEB_PINS): $(WEB_DIR)/pins_json
	$< > $@

# one esbuild run writes all three
$(WEB_PAGE) $(WEB_SIM) $(WEB_MODEL) &: $(WEB_SRC) $(WEB_PINS) $(FW_HEX) $(WEB_NODE_MODULES)
	node sim/web/build.mjs $(WEB_PINS) $(FW_HEX) $(WEB_DIR)

$(PROBE_FW): tests/web/probe_fw.c | $$(@D)/.
	$(AVR_CC) $(filter-out -fstack-usage -MMD -MP,$(AVR_CFLAGS)) $(AVR_LDFLAGS) -o $@ $<

.PHONY: test-web-model test-web-twin test-web-exhaustive test-web-browser test-web-play
test-web-model: $(WEB_MODEL) $(FW_HEX) $(PROBE_FW)
	@node tests/web/model_test.mjs $(WEB_MODEL) $(FW_HEX) $(PROBE_FW)
test-web-twin: $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_FW)
	@sh tests/web/twin_test.sh $(SIM_DIR)/ttt-sim $(WEB_SIM) $(SIM_ELF) $(PROBE_FW)
test-web-exhaustive: $(WEB_MODEL) $(FW_HEX) $(TTT_CLI)
	@node tests/web/exhaustive.mjs $(WEB_MODEL) $(FW_HEX) $(TTT_CLI)
test-web-browser: $(WEB_PAGE)
	@node tests/web/browser_test.mjs $(WEB_PAGE) $(WEB_DIR)/screenshot.png
# the terminal board of ttt-sim-js, through the same tmux test as ttt-sim's
test-web-play: $(WEB_SIM) $(SIM_ELF)
	@out=$$(sh tests/sim/play_test.sh $(WEB_SIM) $(SIM_ELF)); rc=$$?; \
	echo "$$out" | sed 's/^sim_play:/web_play:/'; exit $$rc
TEST_TARGETS += test-web-model test-web-twin test-web-exhaustive test-web-browser test-web-play
